#include "report/report_pictures.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <string_view>

#include "convex/closest_points.hpp"
#include "render/render.hpp"
#include "report/report_summary.hpp"

namespace gougechek {

namespace {

/// Componentwise least and greatest: box corners.
Vec3 lower(const Vec3& a, const Vec3& b) {
  return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)};
}
Vec3 upper(const Vec3& a, const Vec3& b) {
  return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)};
}

double distanceToBox(const Vec3& p, const Vec3& lo, const Vec3& hi) {
  const Vec3 outside{std::max({lo.x - p.x, 0.0, p.x - hi.x}),
                     std::max({lo.y - p.y, 0.0, p.y - hi.y}),
                     std::max({lo.z - p.z, 0.0, p.z - hi.z})};
  return norm(outside);
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// The text of a comment-only line (`(text)` or `; text`, after an optional N number), trimmed;
/// nullopt for a line with anything else on it.
std::optional<std::string> commentOnly(std::string_view line) {
  line = trimmed(line);
  if (!line.empty() && (line.front() == 'N' || line.front() == 'n')) {
    std::size_t digits = 1;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
    if (digits > 1) line = trimmed(line.substr(digits));
  }
  if (line.size() >= 2 && line.front() == '(' && line.back() == ')' &&
      line.find(')') == line.size() - 1)
    return std::string(trimmed(line.substr(1, line.size() - 2)));
  if (!line.empty() && line.front() == ';') return std::string(trimmed(line.substr(1)));
  return std::nullopt;
}

/// Comments posts write around every operation, which name none: FreeCAD's markers, units and
/// tool changes, the header's exporter and time, Fusion 360's and others' tool descriptions.
bool isBoilerplate(const std::string& comment) {
  const std::string text = lowered(comment);
  if (text.empty()) return true;
  static constexpr std::array<std::string_view, 16> kPrefixes{"tc:",
                                                              "t",
                                                              "machine units",
                                                              "finish operation",
                                                              "begin preamble",
                                                              "begin postamble",
                                                              "exported by",
                                                              "post processor",
                                                              "output time",
                                                              "path:",
                                                              "begin toolchange",
                                                              "end",
                                                              "o0",
                                                              "compensated tool path",
                                                              "tool",
                                                              "units"};
  for (std::string_view prefix : kPrefixes) {
    if (!text.starts_with(prefix)) continue;
    // "t" alone would take any word: only a tool call such as "T1 D=6 CR=0".
    if (prefix == "t" && (text.size() < 2 || !std::isdigit(static_cast<unsigned char>(text[1]))))
      continue;
    return true;
  }
  return false;
}

render::Marker markerOf(const Violation& violation) {
  return {violation.at, std::isfinite(violation.depth) ? violation.depth : 0, violation.severe};
}

std::string caption(std::string text, std::size_t join) {
  if (join > 1)
    text.append(" (a long path: up to ")
        .append(std::to_string(join))
        .append(" consecutive feed moves drawn as one line)");
  return text;
}

/// The point of `mesh` nearest `p` (one pass over the triangles, those whose box is farther
/// than the best so far skipped); `p` itself for a mesh without triangles.
Vec3 nearestOnMesh(const Mesh& mesh, const Vec3& p) {
  Vec3 best = p;
  double best_distance = std::numeric_limits<double>::infinity();
  for (const Triangle& triangle : mesh.triangles) {
    const std::array<Vec3, 3> corners{mesh.vertices[triangle[0]], mesh.vertices[triangle[1]],
                                      mesh.vertices[triangle[2]]};
    const Vec3 lo = lower(lower(corners[0], corners[1]), corners[2]);
    const Vec3 hi = upper(upper(corners[0], corners[1]), corners[2]);
    if (distanceToBox(p, lo, hi) >= best_distance) continue;
    const Vec3 on = closestSegmentTriangle(p, p, corners).on_triangle;
    if (const double distance = norm(on - p); distance < best_distance) {
      best_distance = distance;
      best = on;
    }
  }
  return best;
}

}  // namespace

std::vector<ReportRegion> groupRegions(const Report& report) {
  struct Open {
    ReportRegion region;
    Vec3 lo, hi;
    std::uint32_t last_line = 0;
    int tool = 0;
  };
  std::vector<ReportRegion> regions;
  std::optional<Open> open;
  for (std::size_t i = 0; i < report.violations.size(); ++i) {
    const Violation& violation = report.violations[i];
    const ToolSpec* tool = toolOf(report, violation.tool);
    // Without a known cutter, 1 mm: only violations next to each other join.
    const double reach = 2 * (tool ? tool->diameter : 0.5);
    // A few lines apart is one stretch of the program wherever it goes (a rapid through the
    // part, then a plunge beside it); further apart, only near on the part too. Either way a
    // region stays a place: a program that gouges everywhere is not one region.
    const auto spanWith = [&violation](const Open& region) {
      const Vec3 size = upper(region.hi, violation.at) - lower(region.lo, violation.at);
      return std::max({size.x, size.y, size.z});
    };
    const bool joins = open && open->tool == violation.tool &&
                       spanWith(*open) <= kRegionSpanDiameters * reach / 2 &&
                       (violation.line <= open->last_line + kRegionCloseLines ||
                        (violation.line <= open->last_line + kRegionLineGap &&
                         distanceToBox(violation.at, open->lo, open->hi) <= reach));
    if (!joins) {
      if (open) regions.push_back(std::move(open->region));
      open = Open{{}, violation.at, violation.at, violation.line, violation.tool};
      open->region.deepest = i;
    }
    open->region.violations.push_back(i);
    open->lo = lower(open->lo, violation.at);
    open->hi = upper(open->hi, violation.at);
    open->last_line = std::max(open->last_line, violation.line);
    if (violation.depth > report.violations[open->region.deepest].depth) open->region.deepest = i;
  }
  if (open) regions.push_back(std::move(open->region));
  // Deepest first; among equals, program order (stable).
  std::stable_sort(regions.begin(), regions.end(), [&](const auto& a, const auto& b) {
    return report.violations[a.deepest].depth > report.violations[b.deepest].depth;
  });
  return regions;
}

std::string operationBefore(const std::map<std::uint32_t, std::string>& lines, std::uint32_t line) {
  std::string nearest;
  for (auto it = std::make_reverse_iterator(lines.lower_bound(line)); it != lines.rend(); ++it) {
    const std::optional<std::string> comment = commentOnly(it->second);
    if (!comment) continue;
    const std::string text = lowered(*comment);
    static constexpr std::string_view kBegin = "begin operation:";
    if (text.starts_with(kBegin)) {
      const std::string name(trimmed(std::string_view(*comment).substr(kBegin.size())));
      // FreeCAD's tool change and work offset are "operations" too, but name no cut.
      if (!isBoilerplate(name) && lowered(name) != "g54") return name;
      continue;
    }
    if (nearest.empty() && !isBoilerplate(*comment)) nearest = *comment;
  }
  return nearest;
}

namespace {

/// The box the overviews fit: the part, the feed moves and the violations. Rapids may leave it
/// (a move to a tool change position far above would shrink the part to a dot).
std::array<Vec3, 2> picturedBox(const Mesh& mesh, std::span<const PathChord> path,
                                const std::vector<render::Marker>& markers) {
  std::array<Vec3, 2> box = bounds(mesh);
  const auto include = [&box](const Vec3& p) {
    box[0] = lower(box[0], p);
    box[1] = upper(box[1], p);
  };
  for (const render::PathSegment& segment : path) {
    if (segment.rapid) continue;
    include(segment.from);
    include(segment.to);
  }
  for (const render::Marker& marker : markers) include(marker.at);
  return box;
}

/// The top, front and iso views of the whole part with the path and every violation.
void drawOverviews(Report& report, const Mesh& mesh, std::span<const PathChord> path,
                   const std::vector<render::Marker>& markers,
                   const render::RenderOptions& overview, std::size_t join,
                   const std::string& what) {
  const std::array<Vec3, 2> box = picturedBox(mesh, path, markers);
  for (const auto& [kind, name] : {std::pair{render::ViewKind::Top, "top view"},
                                   std::pair{render::ViewKind::Front, "front view"},
                                   std::pair{render::ViewKind::Iso, "iso view"}}) {
    const render::Camera camera = render::viewOf(kind, box);
    const render::Image image = render::view(mesh, path, markers, camera, overview);
    report.pictures.push_back({caption(std::string(name) + ": " + what, join),
                               render::pngDataUri(image), pictureProjection(camera, overview)});
  }
}

/// The region close up: its violations and the path near them, a few cutter radii around the
/// deepest violation (more for a region that spreads further), the cutter drawn there.
void drawRegionZoom(ReportRegion& region, const Report& report, const Mesh& mesh,
                    std::span<const PathChord> path, double cutter_radius,
                    const render::RenderOptions& zoom) {
  const Violation& deepest = report.violations[region.deepest];
  std::vector<render::Marker> region_markers;
  Vec3 lo = deepest.at, hi = deepest.at;
  for (std::size_t index : region.violations) {
    const Violation& violation = report.violations[index];
    region_markers.push_back(markerOf(violation));
    lo = lower(lo, violation.at);
    hi = upper(hi, violation.at);
  }
  const double radius = std::max(4 * cutter_radius, norm(hi - lo) / 2 + 2 * cutter_radius);
  std::vector<render::PathSegment> near;
  for (const render::PathSegment& segment : path) {
    if (distanceToBox(deepest.at, lower(segment.from, segment.to),
                      upper(segment.from, segment.to)) <= 3 * radius)
      near.push_back(segment);
  }
  const render::Camera zoom_camera = render::zoomOn(mesh, deepest.at, radius, cutter_radius);
  const render::Image zoomed = render::view(mesh, near, region_markers, zoom_camera, zoom);
  std::string zoom_title("the region, the cutter at the deepest violation (line ");
  zoom_title.append(std::to_string(deepest.line)).append(")");
  region.pictures.push_back(
      {std::move(zoom_title), render::pngDataUri(zoomed), pictureProjection(zoom_camera, zoom)});
}

/// The section through the cutter's axis and the part's surface point nearest the cutter's
/// centre, a window of several depths around that contact: the cut shows at a readable size.
/// A contact straight below (or none) takes the plane across the move instead.
void drawRegionSection(ReportRegion& region, const Violation& deepest, const Mesh& mesh,
                       double cutter_radius, const render::RenderOptions& zoom,
                       const PicturedStock* stock) {
  const Vec3 centre = deepest.at + Vec3{0, 0, cutter_radius};
  const Vec3 contact = nearestOnMesh(mesh, centre);
  Vec3 towards = contact - centre;
  towards.z = 0;
  Vec3 along = deepest.path.to - deepest.path.from;
  along.z = 0;
  const Vec3 normal = norm(towards) > 1e-6 ? normalized(cross(towards, Vec3{0, 0, 1}))
                      : norm(along) > 1e-9 ? normalized(along)
                                           : Vec3{0, 1, 0};
  const double depth = std::isfinite(deepest.depth) ? std::max(deepest.depth, 0.0) : 0.0;
  const render::Plane plane{contact - normal * dot(contact - centre, normal), normal};
  const double section_radius = std::max({8 * depth, cutter_radius / 4, 0.05});
  const render::Marker deepest_marker = markerOf(deepest);
  const render::Camera section_camera = render::sectionView(plane, section_radius);
  const render::Image cut =
      render::section(mesh, plane, std::span(&deepest_marker, 1), section_camera, zoom,
                      stock ? &stock->surface : nullptr);
  std::string section_title("section through the cutter's axis at the deepest violation, ");
  section_title.append(fixedDecimal(2 * section_radius, 3)).append(" mm wide");
  if (stock)
    section_title.append(
        ", with the stock after the program (sand; orange where the cutter is in it)");
  region.pictures.push_back(
      {std::move(section_title), render::pngDataUri(cut), pictureProjection(section_camera, zoom)});
}

}  // namespace

PictureProjection pictureProjection(const render::Camera& camera,
                                    const render::RenderOptions& options) {
  const render::Projection p = render::projectionOf(camera, options);
  return {p.centre, p.right, p.up, p.px_per_mm, p.cx, p.cy};
}

void drawPictures(Report& report, const Mesh& mesh, std::span<const PathChord> path,
                  std::size_t join, const std::string& what, const PicturedStock* stock) {
  std::vector<render::Marker> markers;
  markers.reserve(report.violations.size());
  for (const Violation& violation : report.violations) markers.push_back(markerOf(violation));

  render::RenderOptions overview;
  overview.width = 720;
  overview.height = 540;
  overview.depth_scale = render::depthScaleFor(markers);
  overview.marker_radius = 4;
  drawOverviews(report, mesh, path, markers, overview, join, what);

  // The deepest regions close up, on the overviews' depth scale so that colours compare.
  const std::size_t pictured = std::min(report.regions.size(), kPicturedRegions);
  for (std::size_t r = 0; r < pictured; ++r) {
    ReportRegion& region = report.regions[r];
    const Violation& deepest = report.violations[region.deepest];
    const ToolSpec* tool = toolOf(report, deepest.tool);
    const double cutter_radius = tool ? tool->diameter / 2 : 0.5;
    render::RenderOptions zoom;
    zoom.width = 400;
    zoom.height = 300;
    zoom.depth_scale = overview.depth_scale;
    if (tool) zoom.cutter = render::CutterPose{*tool, deepest.at};
    drawRegionZoom(region, report, mesh, path, cutter_radius, zoom);
    drawRegionSection(region, deepest, mesh, cutter_radius, zoom, stock);
  }
}

}  // namespace gougechek
