#include "finish_program.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace gougechek::samplegen {

namespace {

constexpr double kSafeZ = 40;
constexpr int kRasterFeed = 2000, kPlungeFeed = 600;

/// Counts the lines it writes, so faults can name theirs.
class NumberedWriter {
 public:
  explicit NumberedWriter(std::ostream& out) : out_(out) {}
  std::size_t write(const std::string& text) {
    out_ << text << '\n';
    return ++line_;
  }

 private:
  std::ostream& out_;
  std::size_t line_ = 0;
};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", value);
  return text;
}

/// Rounded up to the printed 0.0001 mm, so the printed tip is never below the computed one.
double printedZ(double z) {
  return std::ceil(z * 1e4) / 1e4;
}

std::string feedTo(const Vec3& p, double z) {
  return "G1 X" + number(p.x) + " Y" + number(p.y) + " Z" + number(z);
}

void writeRapidThrough(NumberedWriter& out, std::vector<WrittenFault>& faults) {
  // Along y = 40 the top lies between 15.7 and 23.7 mm: at Z10 the whole ball is in the block.
  out.write("G0 X-10.0000 Y40.0000");
  out.write("G0 Z10.0000");
  faults.push_back({out.write("G0 X110.0000 (fault: rapid straight through the part)"),
                    "rapid through the part at Z10"});
  out.write("G0 Z" + number(kSafeZ));
}

void writeBuriedPlunge(NumberedWriter& out, std::vector<WrittenFault>& faults) {
  // Under the boss the top stays above 21 mm within 3 mm of x 22..27, y 58: a cutter with
  // flutes of at most 12 mm (top of its ball-ended core at Z2 + 12 + 3 = 17) is wholly buried.
  out.write("G0 X22.0000 Y58.0000");
  faults.push_back({out.write("G1 Z2.0000 F300 (fault: plunge into the material)"),
                    "feed plunge from Z40 to Z2 through the top"});
  faults.push_back({out.write("G1 X27.0000 (fault: cut buried in the material)"),
                    "feed move buried inside the material"});
  faults.push_back({out.write("G0 Z" + number(kSafeZ) + " (fault: rapid out of the material)"),
                    "rapid from inside the material up through the top"});
}

}  // namespace

std::vector<WrittenFault> writeFinishProgram(std::ostream& out, const std::vector<Vec3>& tips,
                                             const std::string& description,
                                             const FaultPlan& faults) {
  if (tips.size() < 2) throw std::invalid_argument("a raster needs at least two points");
  std::vector<double> lowered(tips.size(), 0);
  for (const InjectedGouge& gouge : faults.gouges) {
    if (gouge.raster_move < 1 || gouge.raster_move >= tips.size())
      throw std::invalid_argument("gouge at raster move " + std::to_string(gouge.raster_move) +
                                  ": the raster has moves 1 to " + std::to_string(tips.size() - 1));
    lowered[gouge.raster_move] += gouge.depth;
  }

  NumberedWriter writer(out);
  std::vector<WrittenFault> written;
  writer.write("%");
  writer.write("(" + description + ")");
  writer.write("G21 G90 G17");
  writer.write("T1 M6");
  writer.write("S12000 M3");
  writer.write("G0 Z" + number(kSafeZ));
  writer.write("G0 X" + number(tips[0].x) + " Y" + number(tips[0].y));
  writer.write("G1 Z" + number(printedZ(tips[0].z)) + " F" + std::to_string(kPlungeFeed));
  for (std::size_t k = 1; k < tips.size(); ++k) {
    std::string text = feedTo(tips[k], printedZ(tips[k].z) - lowered[k]);
    if (k == 1) text += " F" + std::to_string(kRasterFeed);
    if (lowered[k] > 0) text += " (fault: end lowered " + number(lowered[k]) + " mm)";
    const std::size_t line = writer.write(text);
    if (lowered[k] > 0) {
      written.push_back(
          {line, "raster move " + std::to_string(k) + " ends " + number(lowered[k]) + " mm low"});
      if (k + 1 < tips.size())
        written.push_back(
            {line + 1, "raster move " + std::to_string(k + 1) + " starts from that low point"});
    }
  }
  writer.write("G0 Z" + number(kSafeZ));
  if (faults.rapid_through) writeRapidThrough(writer, written);
  if (faults.buried_plunge) writeBuriedPlunge(writer, written);
  writer.write("M5");
  writer.write("M30");
  writer.write("%");
  return written;
}

}  // namespace gougechek::samplegen
