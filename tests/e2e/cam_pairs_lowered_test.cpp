// The CAM corpus (../shared/corpus/cam) with one feed move of each known-good program lowered by
// 0.1 mm: gougechek must report a gouge on that line (and at most on the next one, which starts
// from the lowered point) with the depth that an independent computation gives. The move and
// its depth come from the part's STL through reference_mesh.hpp, never from gougechek:
//  - flat and bull cutters: a horizontal G1 over a floor, where the part's top height is that
//    floor everywhere within the grown cutter's radius (less a 0.02 mm rim band) along the
//    move; lowered, the grown cutter's bottom is floor + stock − (Z − 0.1) below the floor;
//  - ball cutters: a horizontal G1/G2/G3 (an arc becomes a helix when its end is lowered);
//    depth = R + stock − distance(centre path, part), docs/checking-rules.md's exact value for a
//    ball whose core stays outside, the distance measured to the STL's triangles.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <vector>

#include "cli_runner.hpp"
#include "reference_mesh.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using e2e::Point3;
using e2e::ReferenceMesh;
using nlohmann::json;

const fs::path kCam = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam";
constexpr double kTolerance = 0.01;
constexpr double kLowering = 0.1;

/// The cutter and stock to leave of tool.json.
struct CamTool {
  std::string type;
  double radius = 0, corner = 0, flute = 0, stock = 0;
  double stl_deflection = 0;  ///< how far the corpus STL may lie from the exact part

  std::string spec() const {
    std::ostringstream text;
    text << type << ":" << 2 * radius;
    if (type == "bull") text << ":" << corner;
    text << ",flute=" << flute;
    return text.str();
  }
};

CamTool readTool(const fs::path& file) {
  const json tool = json::parse(e2e::readText(file));
  return {tool["type"],           tool["diameter"].get<double>() / 2,
          tool["corner_radius"],  tool["flute_length"],
          tool["stock_to_leave"], tool["stl_linear_deflection_mm"]};
}

/// A feed move of linuxcnc.nc: FreeCAD's linuxcnc post writes X, Y and Z on every G1/G2/G3
/// line, and I, J (incremental) on arcs, so a feed line after a feed line is a complete move.
struct FeedMove {
  int line = 0;  ///< 1-based
  Point3 from, to;
  bool arc = false;
  Point3 centre;        ///< arcs: centre in the plane of `from`
  double sweep = 0;     ///< arcs: signed angle about +Z, radians
  double lowering = 0;  ///< how much lower `to` is than programmed: 0, or 0.1 once lowered

  /// The tool tip at t ∈ [0, 1], at constant speed (a helix for an arc whose Z changes).
  Point3 at(double t) const {
    const double z = from.z + (to.z - lowering - from.z) * t;
    if (!arc) return Point3{from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, z};
    const double angle = std::atan2(from.y - centre.y, from.x - centre.x) + sweep * t;
    const double radius = std::hypot(from.x - centre.x, from.y - centre.y);
    return {centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle), z};
  }
  double length() const {
    const double dz = to.z - lowering - from.z;
    if (!arc) return std::hypot(to.x - from.x, to.y - from.y, dz);
    return std::hypot(std::hypot(from.x - centre.x, from.y - centre.y) * sweep, dz);
  }
};

/// The move to lower and the depth it must then have.
struct LoweredMove {
  FeedMove move;
  double depth = 0;
  std::string how;  ///< how the depth was found
};

/// The address words of a G1/G2/G3 line.
std::optional<std::map<char, double>> feedWords(const std::string& line) {
  if (line.rfind("G1 ", 0) != 0 && line.rfind("G2 ", 0) != 0 && line.rfind("G3 ", 0) != 0) {
    return std::nullopt;
  }
  std::map<char, double> words;
  std::istringstream text(line.substr(3));
  for (std::string word; text >> word;) words[word[0]] = std::stod(word.substr(1));
  if (!words.count('X') || !words.count('Y') || !words.count('Z')) return std::nullopt;
  return words;
}

/// Horizontal feed moves with a feed move before (their start is known) and after, so that
/// lowering one's end point changes only that move and the start of the next.
std::vector<FeedMove> horizontalFeedMoves(const std::vector<std::string>& lines) {
  std::vector<FeedMove> moves;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    const auto before = feedWords(lines[i - 1]), words = feedWords(lines[i]);
    if (!before || !words || !feedWords(lines[i + 1])) continue;
    FeedMove move;
    move.line = static_cast<int>(i) + 1;
    move.from = {before->at('X'), before->at('Y'), before->at('Z')};
    move.to = {words->at('X'), words->at('Y'), words->at('Z')};
    move.arc = lines[i][1] != '1';
    if (move.arc) {
      move.centre = {move.from.x + words->at('I'), move.from.y + words->at('J'), move.from.z};
      const double start = std::atan2(move.from.y - move.centre.y, move.from.x - move.centre.x);
      const double end = std::atan2(move.to.y - move.centre.y, move.to.x - move.centre.x);
      // G3 turns counter-clockwise about +Z, G2 clockwise; equal ends make a full circle.
      const double turn = lines[i][1] == '3' ? 2 * M_PI : -2 * M_PI;
      move.sweep = std::fmod(end - start + 2 * turn, turn);
      if (move.sweep == 0) move.sweep = turn;
    }
    if (move.from.z == move.to.z && move.length() > 0.5) moves.push_back(move);
  }
  return moves;
}

/// True when the part's top height is `floor` everywhere within `radius` of the move (sampled
/// every 0.25 mm along it, in rings 0.25 mm apart, 0.25 mm around each ring).
bool onlyFloorWithin(const ReferenceMesh& mesh, const FeedMove& move, double floor, double radius) {
  const int steps = static_cast<int>(std::ceil(move.length() / 0.25));
  for (int i = 0; i <= steps; ++i) {
    const Point3 centre = move.at(static_cast<double>(i) / steps);
    const int rings = static_cast<int>(std::ceil(radius / 0.25));
    for (int ring = 0; ring <= rings; ++ring) {
      const double r = radius * ring / rings;
      const int spokes = std::max(1, static_cast<int>(std::ceil(2 * M_PI * r / 0.25)));
      for (int spoke = 0; spoke < spokes; ++spoke) {
        const double angle = 2 * M_PI * spoke / spokes;
        const double top =
            mesh.topHeight(centre.x + r * std::cos(angle), centre.y + r * std::sin(angle));
        if (std::abs(top - floor) > 1e-6) return false;
      }
    }
  }
  return true;
}

constexpr double kLeastDepth = 0.03;  ///< a lowered move cuts at least 3× the tolerance
constexpr double kRimBand = 0.02;     ///< < kLeastDepth, see floorMove

/// First horizontal G1 move (in program order) over a floor at most 0.07 mm above floor +
/// stock: lowered, the grown cutter's bottom is `depth` below the floor. Where the part's top
/// is that floor within radius R + stock − kRimBand of the move, that is the depth: every
/// other surface point inside the cut lies within kRimBand of the cut's side, so no deeper.
std::optional<LoweredMove> floorMove(const ReferenceMesh& mesh,
                                     const std::vector<std::string>& lines, const CamTool& tool) {
  const std::vector<double> floors = mesh.floorHeights();
  for (const FeedMove& move : horizontalFeedMoves(lines)) {
    if (move.arc) continue;
    for (double floor : floors) {
      const double depth = floor + tool.stock - (move.to.z - kLowering);
      if (depth < kLeastDepth || depth > kLowering + 1e-9) continue;
      if (!onlyFloorWithin(mesh, move, floor, tool.radius + tool.stock - kRimBand)) continue;
      std::ostringstream how;
      how << "floor z=" << floor;
      return LoweredMove{move, depth, how.str()};
    }
  }
  return std::nullopt;
}

/// Smallest distance from the ball centre's path to the part, or a value ≥ `enough` when it
/// stays farther than that. Along the path (constant speed) the distance is 1-Lipschitz in
/// arc length, so a piece whose ends are d0, d1 from the part holds nothing closer than
/// (d0 + d1 − length)/2: pieces that could beat the best are split until 1 µm long, where the
/// smooth distance (a ball centre ≈ 3 mm away) errs by < 1e-7.
double minCentreDistance(const ReferenceMesh& mesh, const FeedMove& move, double radius,
                         double enough) {
  const double length = move.length(), reach = enough + 1;
  const auto at = [&](double t) { return mesh.distance(move.at(t) + Point3{0, 0, radius}, reach); };
  struct Piece {
    double t0, d0, t1, d1;
  };
  std::vector<Piece> open;
  const int pieces = std::max(1, static_cast<int>(std::ceil(length / 0.25)));
  double best = at(0), previous = best;
  for (int i = 1; i <= pieces; ++i) {
    const double t = static_cast<double>(i) / pieces, d = at(t);
    open.push_back({static_cast<double>(i - 1) / pieces, previous, t, d});
    best = std::min(best, d);
    previous = d;
  }
  while (!open.empty()) {
    const Piece piece = open.back();
    open.pop_back();
    const double piece_length = (piece.t1 - piece.t0) * length;
    const double bound = (piece.d0 + piece.d1 - piece_length) / 2;
    if (bound >= std::min(best, enough) - 1e-8 || piece_length < 1e-3) continue;
    double t_previous = piece.t0, d_previous = piece.d0;
    for (int i = 1; i <= 10; ++i) {
      const double t = piece.t0 + (piece.t1 - piece.t0) * i / 10;
      const double d = i == 10 ? piece.d1 : at(t);
      open.push_back({t_previous, d_previous, t, d});
      best = std::min(best, d);
      t_previous = t, d_previous = d;
    }
  }
  return best;
}

/// First horizontal feed move (G1, or an arc that lowering turns into a helix) which, lowered,
/// cuts at least kLeastDepth: depth = R + stock − distance(centre path, part).
std::optional<LoweredMove> ballMove(const ReferenceMesh& mesh,
                                    const std::vector<std::string>& lines, const CamTool& tool) {
  const double grown = tool.radius + tool.stock;
  for (FeedMove move : horizontalFeedMoves(lines)) {
    move.lowering = kLowering;
    const double depth = grown - minCentreDistance(mesh, move, tool.radius, grown - kLeastDepth);
    if (depth >= kLeastDepth) return LoweredMove{move, depth, "ball distance to the STL"};
  }
  return std::nullopt;
}

std::vector<std::string> programLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The program with the Z word of line `line` lowered by 0.1 mm.
std::string lowered(const std::vector<std::string>& lines, int line, double z) {
  std::string text;
  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    std::string current = lines[i];
    if (i + 1 == line) {
      const std::size_t start = current.find(" Z") + 1;
      const std::size_t end = current.find(' ', start);
      char word[32];
      std::snprintf(word, sizeof word, "Z%.3f", z - kLowering);
      current.replace(start, end - start, word);
    }
    text += current + "\n";
  }
  return text;
}

struct Selection {
  CamTool tool;
  std::vector<std::string> lines;
  std::optional<LoweredMove> move;
};

/// The move of each part, chosen once from its STL and program for both models.
const Selection& selection(const std::string& part) {
  static std::map<std::string, Selection> chosen;
  auto found = chosen.find(part);
  if (found != chosen.end()) return found->second;
  Selection pick;
  pick.tool = readTool(kCam / part / "tool.json");
  pick.lines = programLines(e2e::readText(kCam / part / "linuxcnc.nc"));
  const ReferenceMesh mesh(kCam / part / "part.stl");
  pick.move = pick.tool.type == "ball" ? ballMove(mesh, pick.lines, pick.tool)
                                       : floorMove(mesh, pick.lines, pick.tool);
  return chosen.emplace(part, std::move(pick)).first->second;
}

/// How far gougechek's depth may be from the reference depth: docs/checking-rules.md's ε for flat
/// cutters, its exactness for ball and bull cutters (1e-5 covers float STL coordinates); where the
/// reference measured a curved surface on the corpus STL, add that STL's deflection, and on a STEP
/// part gougechek's own tessellation error (tolerance/5) unless it re-measured the violation on the
/// exact faces (1e-4).
double allowedError(const Selection& pick, bool step, bool exact) {
  if (pick.tool.type == "flat") return std::max(0.1 * kTolerance, 0.01 * pick.move->depth);
  if (pick.tool.type != "ball") return 1e-5;  // planar floor: both meshes are exact there
  if (!step) return 1e-5;
  return pick.tool.stl_deflection + (exact ? 1e-4 : kTolerance / 5);
}

struct LoweredCase {
  const char* part;
  const char* model;
};

void PrintTo(const LoweredCase& c, std::ostream* out) {
  *out << c.part << "/" << c.model;
}

class CamLoweredMove : public testing::TestWithParam<LoweredCase> {};

TEST_P(CamLoweredMove, IsReportedOnItsLineWithTheIndependentDepth) {
  const LoweredCase& param = GetParam();
  if (!fs::is_directory(kCam)) {
    if (std::getenv("CI")) FAIL() << "CAM corpus " << kCam << " not found";
    GTEST_SKIP() << "CAM corpus " << kCam << " not found";
  }
  const Selection& pick = selection(param.part);
  ASSERT_TRUE(pick.move) << "no move of " << param.part << " fits the selection rules";
  const LoweredMove& lowered_move = *pick.move;
  const FeedMove& move = lowered_move.move;

  std::random_device random;
  const fs::path dir = fs::temp_directory_path() / ("gougechek_low_" + std::to_string(random()));
  fs::create_directories(dir);
  const fs::path program = dir / "linuxcnc.nc";
  e2e::writeText(program, lowered(pick.lines, move.line, move.to.z));
  std::ostringstream arguments;
  arguments << "'" << (kCam / param.part / param.model).string() << "' '" << program.string()
            << "' -t " << pick.tool.spec() << " --stock " << pick.tool.stock << " --tolerance "
            << kTolerance << " --format json";
  const e2e::CliRun run = e2e::runCli(dir, arguments.str());
  fs::remove_all(dir);

  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const json report = json::parse(run.out);
  std::optional<json> on_line;
  for (const json& violation : report["violations"]) {
    const int line = violation["line"];
    EXPECT_TRUE(line == move.line || line == move.line + 1) << violation.dump();
    EXPECT_EQ(violation["kind"], "gouge") << violation.dump();
    if (line == move.line) on_line = violation;
  }
  ASSERT_TRUE(on_line) << "nothing on line " << move.line << ": " << report["violations"].dump();
  const double depth = (*on_line)["depth"];
  const bool exact = on_line->contains("confirmed");
  const double allowed = allowedError(pick, param.model == std::string("part.step"), exact);
  std::printf("%s/%s line %d (%s): reference %.6f, gougechek %.6f%s, diff %.2e (allowed %.1e)\n",
              param.part, param.model, move.line, lowered_move.how.c_str(), lowered_move.depth,
              depth, exact ? " exact" : "", depth - lowered_move.depth, allowed);
  EXPECT_NEAR(depth, lowered_move.depth, allowed) << on_line->dump();
}

INSTANTIATE_TEST_SUITE_P(SharedCorpus, CamLoweredMove,
                         testing::Values(LoweredCase{"pocket_plate", "part.step"},
                                         LoweredCase{"pocket_plate", "part.stl"},
                                         LoweredCase{"boss_block", "part.step"},
                                         LoweredCase{"boss_block", "part.stl"},
                                         LoweredCase{"chamfer_bracket", "part.step"},
                                         LoweredCase{"chamfer_bracket", "part.stl"},
                                         LoweredCase{"mold_core", "part.step"},
                                         LoweredCase{"mold_core", "part.stl"},
                                         LoweredCase{"mold_cavity", "part.step"},
                                         LoweredCase{"mold_cavity", "part.stl"}));

}  // namespace
}  // namespace gougechek
