// The stock out of the stage: the native file (every column's intervals, exactly, to start the
// next program from) and an STL for people (docs/cli.md).
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/part.hpp"
#include "stock/stock_shape.hpp"

namespace gougechek::stock {

namespace {

// The native file, little-endian: this magic, then x0, y0, base, h, quantum (float64), nx, ny
// (uint64), then every column row by row (j, then i): its interval count (uint32), then each
// interval's lo and hi (int32 height units above base), sorted and disjoint.
constexpr std::string_view kMagic = "gougechek-stock1";
constexpr std::uint32_t kMaxIntervals = 1 << 20;

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

File open(const std::string& path, const char* mode) {
  File file(std::fopen(path.c_str(), mode));
  if (!file)
    throw InputError(path, 0, 0,
                     std::string("cannot open the stock file: ") + std::strerror(errno));
  return file;
}

template <typename T>
void put(std::vector<char>& out, T value) {
  static_assert(std::endian::native == std::endian::little, "the native file is little-endian");
  const auto* bytes = reinterpret_cast<const char*>(&value);
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

class Reader {
 public:
  Reader(std::FILE* file, const std::string& path) : file_(file), path_(path) {}
  template <typename T>
  T get() {
    T value;
    if (std::fread(&value, sizeof(T), 1, file_) != 1) fail("ends early");
    return value;
  }
  void atEnd() {
    if (std::fgetc(file_) != EOF) fail("has bytes after its last column");
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(path_, 0, 0, "not a gougechek stock file: it " + what);
  }

 private:
  std::FILE* file_;
  const std::string& path_;
};

}  // namespace

void writeNativeFile(const StockField& field, const std::string& path) {
  std::vector<char> out(kMagic.begin(), kMagic.end());
  for (const double v : {field.x0, field.y0, field.base, field.h, kQuantum}) put(out, v);
  put<std::uint64_t>(out, field.nx);
  put<std::uint64_t>(out, field.ny);
  for (std::size_t j = 0; j < field.ny; ++j)
    for (std::size_t i = 0; i < field.nx; ++i) {
      const ColumnView column = StockField::view(field.tileOf(i, j), field.localOf(i, j));
      put<std::uint32_t>(out, static_cast<std::uint32_t>(column.count));
      for (const Interval& v : column.intervals()) {
        put(out, v.lo);
        put(out, v.hi);
      }
    }
  const File file = open(path, "wb");
  if (std::fwrite(out.data(), 1, out.size(), file.get()) != out.size() ||
      std::fflush(file.get()) != 0)
    throw InputError(path, 0, 0,
                     std::string("cannot write the stock file: ") + std::strerror(errno));
}

StockField readNativeFile(const std::string& path) {
  const File file = open(path, "rb");
  Reader in(file.get(), path);
  char magic[kMagic.size()];
  if (std::fread(magic, 1, sizeof magic, file.get()) != sizeof magic ||
      std::string_view(magic, sizeof magic) != kMagic)
    in.fail("does not start with \"" + std::string(kMagic) + "\"");
  const double x0 = in.get<double>(), y0 = in.get<double>(), base = in.get<double>();
  const double h = in.get<double>(), quantum = in.get<double>();
  const auto nx = in.get<std::uint64_t>(), ny = in.get<std::uint64_t>();
  if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(base) ||
      std::abs(x0) > kMaxLengthMm || std::abs(y0) > kMaxLengthMm || std::abs(base) > kMaxLengthMm)
    in.fail("places its columns outside ±1 km");
  if (!(h > 0 && h < kMaxLengthMm)) in.fail("has no valid column spacing");
  if (quantum != kQuantum) in.fail("uses another height unit");
  if (nx == 0 || ny == 0 || nx > kMaxColumns || ny > kMaxColumns / nx)
    in.fail("has a column count over the memory budget");
  StockField field(x0, y0, base, h, nx, ny);
  std::vector<Interval> list;
  for (std::size_t j = 0; j < ny; ++j)
    for (std::size_t i = 0; i < nx; ++i) {
      const auto count = in.get<std::uint32_t>();
      if (count > kMaxIntervals) in.fail("has a column with too many intervals");
      list.resize(count);
      for (Interval& v : list) {
        v.lo = in.get<std::int32_t>();
        v.hi = in.get<std::int32_t>();
      }
      for (std::size_t k = 0; k < list.size(); ++k)
        if (list[k].lo < 0 || list[k].lo >= list[k].hi || (k > 0 && list[k - 1].hi >= list[k].lo))
          in.fail("has a column whose intervals are not sorted, disjoint and above its floor");
      StockField::set(field.tileOf(i, j), field.localOf(i, j), list);
    }
  in.atEnd();
  return field;
}

namespace {

/// Adds the rectangle with corners p, p + u, p + u + v, p + v, facing along u × v.
void quad(Mesh& mesh, const Vec3& p, const Vec3& u, const Vec3& v) {
  const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
  mesh.vertices.insert(mesh.vertices.end(), {p, p + u, p + u + v, p + v});
  mesh.triangles.push_back({first, first + 1, first + 2});
  mesh.triangles.push_back({first, first + 2, first + 3});
}

}  // namespace

void writeStlFile(const StockField& field, const std::string& path) {
  // Each interval of each column is a prism: its top and bottom squares, and the parts of its
  // four sides no neighbouring column's material covers, so the surface is closed.
  Mesh mesh;
  const double h = field.h;
  const auto columnAt = [&](std::ptrdiff_t i, std::ptrdiff_t j) {
    if (i < 0 || j < 0 || i >= static_cast<std::ptrdiff_t>(field.nx) ||
        j >= static_cast<std::ptrdiff_t>(field.ny))
      return ColumnView{};
    const auto ui = static_cast<std::size_t>(i), uj = static_cast<std::size_t>(j);
    return StockField::view(field.tileOf(ui, uj), field.localOf(ui, uj));
  };
  struct Side {
    int di, dj;
    Vec3 corner, along;  // in units of h, from the column's low corner
  };
  const Side sides[] = {{1, 0, {1, 0, 0}, {0, 1, 0}},
                        {-1, 0, {0, 1, 0}, {0, -1, 0}},
                        {0, 1, {1, 1, 0}, {-1, 0, 0}},
                        {0, -1, {0, 0, 0}, {1, 0, 0}}};
  std::vector<Interval> walls;
  for (std::size_t j = 0; j < field.ny; ++j)
    for (std::size_t i = 0; i < field.nx; ++i) {
      const ColumnView column =
          columnAt(static_cast<std::ptrdiff_t>(i), static_cast<std::ptrdiff_t>(j));
      const Vec3 corner{field.x0 + static_cast<double>(i) * h,
                        field.y0 + static_cast<double>(j) * h, 0};
      for (const Interval& v : column.intervals()) {
        const double lo = field.height(v.lo), hi = field.height(v.hi);
        quad(mesh, corner + Vec3{0, 0, hi}, {h, 0, 0}, {0, h, 0});
        quad(mesh, corner + Vec3{0, 0, lo}, {0, h, 0}, {h, 0, 0});
        for (const Side& s : sides) {
          const ColumnView next = columnAt(static_cast<std::ptrdiff_t>(i) + s.di,
                                           static_cast<std::ptrdiff_t>(j) + s.dj);
          walls.clear();
          appendUncovered(v, next.intervals(), walls);
          for (const Interval& part : walls) {
            const double z0 = field.height(part.lo), z1 = field.height(part.hi);
            quad(mesh, corner + s.corner * h + Vec3{0, 0, z0}, s.along * h, {0, 0, z1 - z0});
          }
        }
      }
    }
  writeStlBinary(mesh, path);
}

}  // namespace gougechek::stock
