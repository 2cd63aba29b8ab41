#include "stock/stock_shape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <vector>

#include "gougechek/error.hpp"

namespace gougechek::stock {

namespace {

/// Heights must fit a column word's 31 bits (214 m at 0.1 µm).
constexpr double kMaxHeight = 2e5;

std::string mm(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

double columns(double width, double depth, double h) {
  return std::max(1.0, std::ceil(width / h)) * std::max(1.0, std::ceil(depth / h));
}

std::size_t count(double extent, double h) {
  return static_cast<std::size_t>(std::max(1.0, std::ceil(extent / h - 1e-9)));
}

std::int32_t units(double height) {
  if (!(height >= 0 && height <= kMaxHeight))
    throw InputError("", 0, 0, "stock height " + mm(height) + " mm is outside 0 to 200 m");
  return static_cast<std::int32_t>(std::llround(height / kQuantum));
}

void fillColumns(StockField& field, double top_height, double radius, double cx, double cy,
                 double x_end, double y_end) {
  const Interval full{0, units(top_height)};
  for (std::size_t j = 0; j < field.ny; ++j)
    for (std::size_t i = 0; i < field.nx; ++i) {
      const double x = field.columnX(i), y = field.columnY(j);
      const bool inside =
          radius > 0 ? std::hypot(x - cx, y - cy) <= radius : x <= x_end && y <= y_end;
      if (inside && full.hi > 0)
        StockField::set(field.tileOf(i, j), field.localOf(i, j), {&full, 1});
    }
}

StockField boxField(const StockShape& shape, double resolution) {
  const Vec3 lo = shape.lo, hi = shape.hi;
  if (!isFinite(lo) || !isFinite(hi) || !(lo.x < hi.x && lo.y < hi.y && lo.z < hi.z))
    throw InputError("", 0, 0,
                     "stock box: each least corner coordinate must be below the greatest");
  const double h = chooseResolution(resolution, hi.x - lo.x, hi.y - lo.y);
  StockField field(lo.x, lo.y, lo.z, h, count(hi.x - lo.x, h), count(hi.y - lo.y, h));
  fillColumns(field, hi.z - lo.z, 0, 0, 0, hi.x, hi.y);
  return field;
}

StockField cylinderField(const StockShape& shape, double resolution) {
  const double r = shape.radius;
  if (!isFinite(shape.base) || !(r > 0 && r < kMaxLengthMm) ||
      !(shape.height > 0 && shape.height < kMaxLengthMm))
    throw InputError("", 0, 0, "stock cylinder: radius and height must be positive");
  const double h = chooseResolution(resolution, 2 * r, 2 * r);
  StockField field(shape.base.x - r, shape.base.y - r, shape.base.z, h, count(2 * r, h),
                   count(2 * r, h));
  fillColumns(field, shape.height, r, shape.base.x, shape.base.y, 0, 0);
  return field;
}

/// Where the vertical line at (x, y) crosses triangle (a, b, c), if it does. A line through an
/// edge or vertex is given to exactly one of the triangles sharing it: each edge's side test is
/// computed in one order of its ends (whichever way a triangle runs it) and a zero counts on
/// one side only, as if the line were moved by an infinitesimal (1, ε) step.
bool crossing(const Vec3& a, const Vec3& b, const Vec3& c, double x, double y, double& z) {
  const auto side = [&](const Vec3& p, const Vec3& q) {
    const bool swap = p.x > q.x || (p.x == q.x && p.y > q.y);
    const Vec3& u = swap ? q : p;
    const Vec3& v = swap ? p : q;
    double s = (v.x - u.x) * (y - u.y) - (v.y - u.y) * (x - u.x);
    if (s == 0) s = v.y != u.y ? u.y - v.y : v.x - u.x;  // the (1, ε) step's sign
    return swap ? -s : s;
  };
  const double s0 = side(a, b), s1 = side(b, c), s2 = side(c, a);
  if (!((s0 > 0 && s1 > 0 && s2 > 0) || (s0 < 0 && s1 < 0 && s2 < 0))) return false;
  const Vec3 n = cross(b - a, c - a);
  if (n.z == 0) return false;
  z = a.z - ((x - a.x) * n.x + (y - a.y) * n.y) / n.z;
  return true;
}

/// A closed surface runs each of its edges once each way (its vertices welded, as the readers
/// give them); a hole or a flipped triangle leaves an edge without its opposite.
void checkClosed(const Mesh& mesh) {
  std::vector<std::uint64_t> edges;
  edges.reserve(mesh.triangles.size() * 3);
  for (const Triangle& t : mesh.triangles)
    for (int k = 0; k < 3; ++k) edges.push_back(std::uint64_t{t[k]} << 32 | t[(k + 1) % 3]);
  std::sort(edges.begin(), edges.end());
  std::size_t open = 0;
  for (const std::uint64_t e : edges) {
    const std::uint64_t opposite = (e << 32) | (e >> 32);
    const auto same = std::equal_range(edges.begin(), edges.end(), e);
    const auto back = std::equal_range(edges.begin(), edges.end(), opposite);
    if (same.second - same.first != back.second - back.first) ++open;
  }
  if (open > 0)
    throw InputError("", 0, 0,
                     "stock model is not closed: " + std::to_string(open) +
                         " of its edges do not join two triangles running opposite ways");
}

StockField modelField(const StockShape& shape, double resolution) {
  const Mesh& mesh = shape.model;
  if (mesh.triangles.empty()) throw InputError("", 0, 0, "stock model: no triangles");
  checkClosed(mesh);
  const auto box = bounds(mesh);
  const Vec3 lo = box[0], hi = box[1];
  if (!(lo.x < hi.x && lo.y < hi.y && lo.z < hi.z))
    throw InputError("", 0, 0, "stock model: the mesh is flat");
  const double h = chooseResolution(resolution, hi.x - lo.x, hi.y - lo.y);
  StockField field(lo.x, lo.y, lo.z, h, count(hi.x - lo.x, h), count(hi.y - lo.y, h));
  std::vector<std::vector<double>> hits(field.nx * field.ny);
  for (const Triangle& t : mesh.triangles) {
    const Vec3 &a = mesh.vertices[t[0]], &b = mesh.vertices[t[1]], &c = mesh.vertices[t[2]];
    const double xmin = std::min({a.x, b.x, c.x}), xmax = std::max({a.x, b.x, c.x});
    const double ymin = std::min({a.y, b.y, c.y}), ymax = std::max({a.y, b.y, c.y});
    const auto first = [&](double v, double o) {
      return static_cast<std::size_t>(std::max(0.0, std::ceil((v - o) / h - 0.5)));
    };
    const auto last = [&](double v, double o, std::size_t n) {
      return std::min(n - 1,
                      static_cast<std::size_t>(std::max(0.0, std::floor((v - o) / h - 0.5))));
    };
    for (std::size_t j = first(ymin, lo.y); j <= last(ymax, lo.y, field.ny); ++j)
      for (std::size_t i = first(xmin, lo.x); i <= last(xmax, lo.x, field.nx); ++i) {
        double z = 0;
        if (crossing(a, b, c, field.columnX(i), field.columnY(j), z))
          hits[j * field.nx + i].push_back(z);
      }
  }
  std::vector<Interval> list;
  for (std::size_t j = 0; j < field.ny; ++j)
    for (std::size_t i = 0; i < field.nx; ++i) {
      std::vector<double>& z = hits[j * field.nx + i];
      if (z.size() % 2 != 0)
        throw InputError("", 0, 0,
                         "stock model is not closed: the vertical line at (" +
                             mm(field.columnX(i)) + ", " + mm(field.columnY(j)) +
                             ") crosses its surface an odd number of times");
      std::sort(z.begin(), z.end());
      list.clear();
      for (std::size_t k = 0; k < z.size(); k += 2) {
        const Interval v{units(z[k] - lo.z), units(z[k + 1] - lo.z)};
        if (v.lo >= v.hi) continue;
        if (!list.empty() && list.back().hi >= v.lo)
          list.back().hi = std::max(list.back().hi, v.hi);
        else
          list.push_back(v);
      }
      StockField::set(field.tileOf(i, j), field.localOf(i, j), list);
    }
  return field;
}

}  // namespace

double chooseResolution(double asked, double width, double depth) {
  if (asked == 0) {
    double h = kDefaultResolution;
    // The default widens in 0.01 mm steps until the field fits the budget.
    while (columns(width, depth, h) > static_cast<double>(kMaxColumns)) h += 0.01;
    return h;
  }
  if (!(asked > 0 && std::isfinite(asked)))
    throw InputError("", 0, 0, "stock resolution must be a positive length in mm");
  if (columns(width, depth, asked) <= static_cast<double>(kMaxColumns)) return asked;
  double fits = std::ceil(std::sqrt(width * depth / static_cast<double>(kMaxColumns)) * 100) / 100;
  while (columns(width, depth, fits) > static_cast<double>(kMaxColumns)) fits += 0.01;
  throw InputError("", 0, 0,
                   "stock resolution " + mm(asked) + " mm needs " +
                       mm(std::round(columns(width, depth, asked) * 4 / (1 << 20))) +
                       " MiB of columns for a " + mm(width) + " x " + mm(depth) +
                       " mm stock, over the budget of " + mm(kColumnBudgetBytes >> 20) +
                       " MiB: use " + mm(fits) + " mm or coarser");
}

StockField makeField(const StockShape& shape, double resolution) {
  switch (shape.kind) {
    case StockShape::Kind::Box:
      return boxField(shape, resolution);
    case StockShape::Kind::Cylinder:
      return cylinderField(shape, resolution);
    case StockShape::Kind::Model:
      return modelField(shape, resolution);
    case StockShape::Kind::Native: {
      StockField field = readNativeFile(shape.native_file);
      if (resolution != 0 && resolution != field.h)
        throw InputError(shape.native_file, 0, 0,
                         "the stock file has columns every " + mm(field.h) + " mm, not the " +
                             mm(resolution) + " mm asked");
      return field;
    }
  }
  throw InputError("", 0, 0, "unknown stock kind");
}

}  // namespace gougechek::stock
