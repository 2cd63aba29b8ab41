// The 3D view's scene (the part decimated with meshoptimizer, the path merged by Douglas–Peucker)
// and its block of HTML: the data as compact base64 arrays and the embedded viewer3d.js.
#include "report/viewer3d.hpp"

#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "render/canvas.hpp"
#include "report/excess_pictures.hpp"

namespace gougechek::report {

namespace {

// --- The part --------------------------------------------------------------------------------

struct Decimated {
  std::vector<std::uint32_t> indices;
  double error = 0;  // mm
};

// The part within `budget` triangles: first only as far as `max_error` mm allows (flat areas
// go for free), then, while still over the budget, on from there down to the budget at the
// least error meshoptimizer finds; meshopt_simplifySloppy only when the surface's topology
// stops that. Each pass starts from the last one's triangles, so that a large part is read once
// in full; the error is the sum of the passes' estimates.
Decimated decimate(const std::vector<float>& positions, std::vector<std::uint32_t> indices,
                   std::size_t budget, double max_error) {
  const std::size_t vertex_count = positions.size() / 3;
  const float scale = meshopt_simplifyScale(positions.data(), vertex_count, 3 * sizeof(float));
  const std::size_t target = std::min(indices.size(), budget * 3);
  Decimated out;
  const auto pass = [&](std::size_t target_indices, float limit, bool sloppy) {
    out.indices.resize(indices.size());
    float relative_error = 0;
    const std::size_t count =
        sloppy ? meshopt_simplifySloppy(out.indices.data(), indices.data(), indices.size(),
                                        positions.data(), vertex_count, 3 * sizeof(float),
                                        target_indices, limit, &relative_error)
               : meshopt_simplify(out.indices.data(), indices.data(), indices.size(),
                                  positions.data(), vertex_count, 3 * sizeof(float), target_indices,
                                  limit, 0, &relative_error);
    out.indices.resize(count);
    out.error += static_cast<double>(relative_error) * scale;
    indices = out.indices;
  };
  pass(indices.size() > target ? target : 0,
       scale > 0 ? static_cast<float>(max_error / scale) : 0.0f, false);
  if (out.indices.size() > target) pass(target, 1.0f, false);
  if (out.indices.size() > target) pass(target, 1.0f, true);
  if (out.indices.size() > target)
    throw std::runtime_error("3D view: the part cannot be decimated to " + std::to_string(budget) +
                             " triangles");
  return out;
}

Mesh decimatedPart(const Mesh& mesh, const Viewer3dBudget& budget, double& error) {
  std::vector<float> positions;
  positions.reserve(mesh.vertices.size() * 3);
  for (const Vec3& v : mesh.vertices)
    for (double c : {v.x, v.y, v.z}) positions.push_back(static_cast<float>(c));
  std::vector<std::uint32_t> indices;
  indices.reserve(mesh.triangles.size() * 3);
  for (const Triangle& t : mesh.triangles)
    for (std::uint32_t i : t) {
      if (i >= mesh.vertices.size())
        throw std::invalid_argument("3D view: a triangle indexes no vertex");
      indices.push_back(i);
    }
  error = 0;
  if (budget.part_error > 0 || mesh.triangles.size() > budget.triangles) {
    Decimated decimated =
        decimate(positions, std::move(indices), budget.triangles, budget.part_error);
    indices = std::move(decimated.indices);
    error = decimated.error;
  }
  // Only the vertices the kept triangles use, in the order of first use.
  constexpr std::uint32_t kUnused = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> remap(mesh.vertices.size(), kUnused);
  Mesh out;
  out.triangles.reserve(indices.size() / 3);
  for (std::size_t i = 0; i < indices.size(); i += 3) {
    Triangle triangle;
    for (std::size_t k = 0; k < 3; ++k) {
      std::uint32_t& slot = remap[indices[i + k]];
      if (slot == kUnused) {
        slot = static_cast<std::uint32_t>(out.vertices.size());
        out.vertices.push_back(mesh.vertices[indices[i + k]]);
      }
      triangle[k] = slot;
    }
    out.triangles.push_back(triangle);
  }
  return out;
}

// --- The path ----------------------------------------------------------------------------------

struct Run {
  std::vector<Vec3> points;  // at least two
  bool rapid = false;
};

// Consecutive segments of the same kind that meet, as polylines.
std::vector<Run> runsOf(std::span<const render::PathSegment> path) {
  std::vector<Run> runs;
  for (const render::PathSegment& segment : path) {
    if (runs.empty() || runs.back().rapid != segment.rapid ||
        !(runs.back().points.back() == segment.from))
      runs.push_back({{segment.from}, segment.rapid});
    runs.back().points.push_back(segment.to);
  }
  return runs;
}

double distanceToSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double length2 = dot(ab, ab);
  const double t = length2 > 0 ? std::clamp(dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
  const Vec3 d = p - (a + ab * t);
  return std::sqrt(dot(d, d));
}

// Douglas–Peucker: the points of `run` kept when no dropped point lies farther than `tolerance`
// from the kept polyline's piece that replaces it.
std::vector<Vec3> simplified(const std::vector<Vec3>& points, double tolerance) {
  std::vector<bool> keep(points.size(), false);
  keep.front() = keep.back() = true;
  std::vector<std::pair<std::size_t, std::size_t>> stack{{0, points.size() - 1}};
  while (!stack.empty()) {
    const auto [first, last] = stack.back();
    stack.pop_back();
    double farthest = -1;
    std::size_t at = first;
    for (std::size_t i = first + 1; i < last; ++i) {
      const double d = distanceToSegment(points[i], points[first], points[last]);
      if (d > farthest) {
        farthest = d;
        at = i;
      }
    }
    if (farthest > tolerance) {
      keep[at] = true;
      stack.push_back({first, at});
      stack.push_back({at, last});
    }
  }
  std::vector<Vec3> out;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (keep[i]) out.push_back(points[i]);
  return out;
}

std::vector<render::PathSegment> decimatedPath(std::span<const render::PathSegment> path,
                                               std::size_t budget, double& error) {
  const std::vector<Run> runs = runsOf(path);
  const auto at = [&](double tolerance) {
    std::vector<render::PathSegment> out;
    for (const Run& run : runs) {
      const std::vector<Vec3> points = simplified(run.points, tolerance);
      for (std::size_t i = 0; i + 1 < points.size(); ++i)
        out.push_back({points[i], points[i + 1], run.rapid});
    }
    return out;
  };
  // Straight lines split into pieces merge at once; beyond that the tolerance doubles, from a
  // micrometre, until the path fits. A run of one segment stays one segment, so a path of
  // more separate pieces than the budget cannot fit.
  if (runs.size() > budget)
    throw std::runtime_error("3D view: the path has more separate pieces than " +
                             std::to_string(budget) + " segments");
  error = 1e-9;
  std::vector<render::PathSegment> out = at(error);
  for (double tolerance = 1e-3; out.size() > budget; tolerance *= 2) {
    error = tolerance;
    out = at(tolerance);
  }
  return out;
}

// --- The block -------------------------------------------------------------------------------

std::string base64(const std::string& bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    unsigned group = 0;
    for (std::size_t k = 0; k < 3; ++k)
      group = group << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(group >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

// Little-endian bytes, as the viewer's typed arrays read them on every browser's hardware.
template <typename T>
void put(std::string& bytes, T value) {
  for (std::size_t k = 0; k < sizeof(T); ++k)
    bytes += static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * k)) & 0xff);
}

void putFloat(std::string& bytes, float value) {
  std::uint32_t word;
  static_assert(sizeof word == sizeof value);
  std::memcpy(&word, &value, sizeof word);
  put(bytes, word);
}

// Positions as 16-bit steps of the scene's box (lo .. lo + size).
struct Quantiser {
  Vec3 lo, size;
  void put(std::string& bytes, const Vec3& p) const {
    const double coordinates[3] = {p.x - lo.x, p.y - lo.y, p.z - lo.z};
    const double sizes[3] = {size.x, size.y, size.z};
    for (int k = 0; k < 3; ++k)
      report::put(bytes, static_cast<std::uint16_t>(
                             std::lround(std::clamp(coordinates[k] / sizes[k], 0.0, 1.0) * 65535)));
  }
};

Quantiser quantiserOf(const Viewer3dScene& scene) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  Vec3 lo{kInfinity, kInfinity, kInfinity}, hi{-kInfinity, -kInfinity, -kInfinity};
  const auto add = [&](const Vec3& p) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  };
  for (const Vec3& v : scene.part.vertices) add(v);
  for (const render::PathSegment& s : scene.path) {
    add(s.from);
    add(s.to);
  }
  for (const Viewer3dMarker& m : scene.markers) add(m.at);
  for (const Vec3& v : scene.stock.vertices) add(v);
  for (const Viewer3dLayer& layer : scene.excess)
    for (const Vec3& v : layer.mesh.vertices) add(v);
  if (!(lo.x <= hi.x)) lo = hi = Vec3{};
  // A flat scene keeps a box of some thickness, so that no coordinate divides by zero.
  const double extent = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z, 1.0});
  const auto side = [extent](double a, double b) { return std::max(b - a, extent * 1e-6); };
  return {lo, {side(lo.x, hi.x), side(lo.y, hi.y), side(lo.z, hi.z)}};
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

std::string triple(const Vec3& v) {
  std::string out = "[";
  out.append(number(v.x)).append(",").append(number(v.y)).append(",").append(number(v.z));
  return out.append("]");
}

std::string colour(render::Rgb rgb) {
  std::string out = "[";
  out.append(std::to_string(rgb.r)).append(",").append(std::to_string(rgb.g)).append(",");
  return out.append(std::to_string(rgb.b)).append("]");
}

// The stock's colour in the view: the sections' sand, darker, apart from the part's grey-blue.
constexpr render::Rgb kStockColour{205, 150, 70};

// The marker palette: 255 steps of the depth scale from 0 to its top, then the severe colour.
constexpr std::size_t kPaletteSteps = 255;

std::uint8_t paletteIndex(const render::DepthScale& scale, const Viewer3dMarker& marker) {
  if (marker.severe) return kPaletteSteps;
  const double t = marker.depth > 0 ? std::min(marker.depth / scale.max_depth, 1.0) : 0.0;
  return static_cast<std::uint8_t>(std::lround(t * (kPaletteSteps - 1)));
}

// Below a micrometre, "0 mm": the path's merge of straight pieces moves points by 1e-9 mm.
std::string millimetres(double value) {
  if (value < 1e-6) return "0 mm";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g mm", value);
  return text;
}

// A mesh's quantised vertices and its triangles' indices (16 bits while they reach), base64.
struct MeshData {
  std::string vertices, triangles;
  bool index32 = false;
};

MeshData meshData(const Mesh& mesh, const Quantiser& quantiser) {
  MeshData data;
  std::string vertices, triangles;
  for (const Vec3& v : mesh.vertices) quantiser.put(vertices, v);
  data.index32 = mesh.vertices.size() > 65536;
  for (const Triangle& t : mesh.triangles)
    for (std::uint32_t i : t) data.index32 ? put(triangles, i) : put(triangles, std::uint16_t(i));
  data.vertices = base64(vertices);
  data.triangles = base64(triangles);
  return data;
}

// The stock's entry of the data, after the palette: nothing without a stock.
std::string stockData(const Viewer3dScene& scene, const Quantiser& quantiser) {
  if (scene.stock.triangles.empty()) return "";
  const MeshData mesh = meshData(scene.stock, quantiser);
  std::string out = ",\"stock\":{\"vertices\":\"";
  out.append(mesh.vertices).append("\",\"triangles\":\"").append(mesh.triangles);
  out.append("\",\"index32\":").append(mesh.index32 ? "true" : "false");
  out.append(",\"colour\":").append(colour(kStockColour));
  return out.append(",\"spacing\":").append(number(scene.stock_spacing)).append("}");
}

// The excess map's entry of the data, after the stock's: nothing without one.
std::string excessData(const Viewer3dScene& scene, const Quantiser& quantiser) {
  if (scene.excess.empty()) return "";
  std::string out = ",\"excess\":{\"base\":";
  out.append(colour(scene.excess_base)).append(",\"layers\":[");
  for (const Viewer3dLayer& layer : scene.excess) {
    const MeshData mesh = meshData(layer.mesh, quantiser);
    if (&layer != &scene.excess.front()) out.append(",");
    out.append("{\"vertices\":\"").append(mesh.vertices);
    out.append("\",\"triangles\":\"").append(mesh.triangles);
    out.append("\",\"index32\":").append(mesh.index32 ? "true" : "false");
    out.append(",\"colour\":").append(colour(layer.colour)).append("}");
  }
  return out.append("]}");
}

// `source` without the lines from one with "NAME:begin" to one with "NAME:end", both included,
// for each NAME of `names`.
std::string without(std::string_view source, std::initializer_list<std::string_view> names) {
  std::string out;
  bool inside = false;
  while (!source.empty()) {
    const std::size_t end = source.find('\n');
    const std::string_view line = source.substr(0, end == std::string_view::npos ? end : end + 1);
    source.remove_prefix(line.size());
    const auto marks = [&line](std::string_view name, std::string_view what) {
      return line.find(std::string(name).append(what)) != std::string_view::npos;
    };
    for (const std::string_view name : names) inside = inside || marks(name, ":begin");
    if (!inside) out.append(line);
    for (const std::string_view name : names)
      if (marks(name, ":end")) inside = false;
  }
  return out;
}

// The note under the view: how to use it, and how far each drawn thing is from the checked one.
std::string noteOf(const Viewer3dScene& scene) {
  std::string note =
      "Drag to turn, shift- or right-drag to move, wheel to zoom, double-click to "
      "reset; click a violation for its row, a row for its violation. Part: ";
  note.append(std::to_string(scene.part.triangles.size()))
      .append(" of ")
      .append(std::to_string(scene.source_triangles))
      .append(" triangles (within about ")
      .append(millimetres(scene.part_error))
      .append("); path: ")
      .append(std::to_string(scene.path.size()))
      .append(" of ")
      .append(std::to_string(scene.source_segments))
      .append(" segments (within ")
      .append(millimetres(scene.path_error))
      .append(").");
  if (!scene.excess.empty()) {
    std::size_t triangles = 0;
    for (const Viewer3dLayer& layer : scene.excess) triangles += layer.mesh.triangles.size();
    note.append(" Excess: the part in the in-tolerance colour, the other bands over it (")
        .append(std::to_string(triangles))
        .append(" triangles).");
  }
  if (!scene.stock.triangles.empty())
    note.append(" Stock after the program: ")
        .append(std::to_string(scene.stock.triangles.size()))
        .append(" triangles, columns of equal material merged (cells of ")
        .append(millimetres(scene.stock_spacing))
        .append(").");
  return note;
}

}  // namespace

std::string_view viewer3dScript(bool stock, bool excess) {
  static const std::string neither = without(viewer3dSource(), {"stock", "excess", "layers"});
  static const std::string stock_only = without(viewer3dSource(), {"excess"});
  static const std::string excess_only = without(viewer3dSource(), {"stock"});
  if (stock && excess) return viewer3dSource();
  return stock ? stock_only : excess ? excess_only : neither;
}

std::vector<Viewer3dLayer> excessLayers(const Mesh& design,
                                        std::span<const std::int8_t> band_of_triangle,
                                        const Viewer3dBudget& budget) {
  // Every band but in tolerance, with the design's vertices it uses (shared, so that it
  // decimates as the part does).
  constexpr std::uint32_t kUnused = std::numeric_limits<std::uint32_t>::max();
  std::map<std::int8_t, std::pair<Mesh, std::vector<std::uint32_t>>> bands;
  std::size_t total = 0;
  for (std::size_t t = 0; t < design.triangles.size(); ++t) {
    if (band_of_triangle[t] == 0) continue;
    auto& [mesh, remap] = bands[band_of_triangle[t]];
    if (remap.empty()) remap.assign(design.vertices.size(), kUnused);
    Triangle triangle;
    for (std::size_t k = 0; k < 3; ++k) {
      std::uint32_t& slot = remap[design.triangles[t][k]];
      if (slot == kUnused) {
        slot = static_cast<std::uint32_t>(mesh.vertices.size());
        mesh.vertices.push_back(design.vertices[design.triangles[t][k]]);
      }
      triangle[k] = slot;
    }
    mesh.triangles.push_back(triangle);
    ++total;
  }
  std::vector<Viewer3dLayer> layers;
  for (const auto& [band, mesh_and_remap] : bands) {
    const Mesh& mesh = mesh_and_remap.first;
    Viewer3dBudget share = budget;
    share.triangles =
        std::max<std::size_t>(64, budget.excess_triangles * mesh.triangles.size() / total);
    double error = 0;
    layers.push_back({decimatedPart(mesh, share, error), excessColour(band)});
  }
  return layers;
}

Viewer3dScene viewerScene(const Mesh& mesh, std::span<const render::PathSegment> path,
                          std::span<const Violation> violations, const Viewer3dBudget& budget) {
  if (budget.triangles == 0 || budget.segments == 0 || !(budget.part_error >= 0))
    throw std::invalid_argument("3D view: budgets must be > 0");
  Viewer3dScene scene;
  scene.source_triangles = mesh.triangles.size();
  scene.part = decimatedPart(mesh, budget, scene.part_error);
  scene.source_segments = path.size();
  scene.path = decimatedPath(path, budget.segments, scene.path_error);
  std::vector<render::Marker> coloured;
  for (std::size_t i = 0; i < violations.size(); ++i) {
    const Violation& v = violations[i];
    scene.markers.push_back({v.at, v.depth, v.severe, i});
    coloured.push_back({v.at, std::isfinite(v.depth) ? v.depth : 0.0, v.severe});
  }
  scene.depth_scale = render::depthScaleFor(coloured);
  return scene;
}

void writeViewer3d(const Viewer3dScene& scene, std::ostream& out) {
  const Quantiser quantiser = quantiserOf(scene);

  const MeshData part = meshData(scene.part, quantiser);
  std::string points, runs, markers, colours, depths, indices, palette;
  for (const Run& run : runsOf(scene.path)) {
    for (const Vec3& p : run.points) quantiser.put(points, p);
    put(runs, static_cast<std::uint32_t>(run.points.size() << 1 | (run.rapid ? 1 : 0)));
  }
  bool in_order = true;
  for (std::size_t i = 0; i < scene.markers.size(); ++i) {
    const Viewer3dMarker& m = scene.markers[i];
    quantiser.put(markers, m.at);
    put(colours, paletteIndex(scene.depth_scale, m));
    putFloat(depths, static_cast<float>(m.depth));
    put(indices, static_cast<std::uint32_t>(m.index));
    in_order = in_order && m.index == i;
  }
  for (std::size_t k = 0; k < kPaletteSteps; ++k) {
    const render::Rgb rgb = scene.depth_scale.colour(scene.depth_scale.max_depth *
                                                     static_cast<double>(k) / (kPaletteSteps - 1));
    for (std::uint8_t c : {rgb.r, rgb.g, rgb.b}) put(palette, c);
  }
  const render::Rgb severe = scene.depth_scale.colour(0, true);
  for (std::uint8_t c : {severe.r, severe.g, severe.b}) put(palette, c);

  const bool stock = !scene.stock.triangles.empty();
  const bool excess = !scene.excess.empty();
  const std::string note = noteOf(scene);

  out << "<div id=\"gc3d\" class=\"gc3d\" style=\"position:relative\">\n"
      << "<canvas id=\"gc3d-canvas\" style=\"display:block;width:100%;height:480px;"
         "border:1px solid #ccc;cursor:grab\"></canvas>\n"
      << "<div id=\"gc3d-tip\" style=\"display:none;position:absolute;pointer-events:none;"
         "background:#fff;border:1px solid #888;padding:2px 4px;font-size:12px\"></div>\n"
      << (stock ? "<label><input type=\"checkbox\" id=\"gc3d-stock\" checked> the stock after the "
                  "program (translucent)</label>\n"
                : "")
      << (excess ? "<label><input type=\"checkbox\" id=\"gc3d-excess\" checked> the design "
                   "coloured by its excess</label>\n"
                 : "")
      << "<p id=\"gc3d-note\" class=\"gc3d-note\">" << note << "</p>\n"
      << "<style>.gc3d-row{animation:gc3d-flash 2.5s}"
         "@keyframes gc3d-flash{from{background:#ffe066}to{background:transparent}}</style>\n"
      << "<script type=\"application/json\" id=\"gc3d-data\">{\"min\":" << triple(quantiser.lo)
      << ",\"size\":" << triple(quantiser.size)
      << ",\"index32\":" << (part.index32 ? "true" : "false") << ",\"vertices\":\"" << part.vertices
      << "\",\"triangles\":\"" << part.triangles << "\",\"path\":\"" << base64(points)
      << "\",\"runs\":\"" << base64(runs) << "\",\"feed_colour\":" << colour(render::kFeedColour)
      << ",\"rapid_colour\":" << colour(render::kRapidColour) << ",\"markers\":\""
      << base64(markers) << "\",\"marker_colours\":\"" << base64(colours)
      << "\",\"marker_depths\":\"" << base64(depths) << "\",\"marker_indices\":";
  if (in_order)
    out << "null";  // marker i is violation i
  else
    out << '"' << base64(indices) << '"';
  out << ",\"palette\":\"" << base64(palette) << '"' << stockData(scene, quantiser)
      << excessData(scene, quantiser) << "}</script>\n<script>" << viewer3dScript(stock, excess)
      << "</script>\n</div>\n";
}

}  // namespace gougechek::report
