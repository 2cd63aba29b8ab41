// The raw stock through the command line (issue 23): the issue's sample, a rapid below the top
// of a 28 mm block over the mold, fails on line 7; the same program retracted above the block
// passes; a program that never cuts the stock is an input error; the stock is written, read
// back and chained; outputs never overwrite inputs; the CAM corpus's FreeCAD programs cut
// their blocks (stock_bbox_mm of each tool.json) without a stock collision.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = GOUGECHEK_SOURCE_DIR;
const fs::path kCam = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam";

/// The issue's program: its retract height Z26 is below the top of a 28 mm block, so the rapid
/// of line 7 runs the cutter through it.
constexpr const char* kRapidLow =
    "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y-10\nG0 Z26\nG0 X50 Y40\nG1 Z24 F600\n"
    "G1 X60 F2000\nG0 Z40\nM30\n";
/// The same cut, reached from above the block.
constexpr const char* kRapidHigh =
    "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y-10\nG0 Z30\nG0 X50 Y40\nG1 Z24 F600\n"
    "G1 X60 F2000\nG0 Z40\nM30\n";
constexpr const char* kTool = "-t ball:6,flute=12";
constexpr const char* kBlock = "--stock-box 0,0,0,100,80,28";

class StockCli : public testing::Test {
 protected:
  void SetUp() override {
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_stock_" + std::to_string(random()));
    fs::create_directories(dir_);
    e2e::writeText(dir_ / "rapid_low.nc", kRapidLow);
    e2e::writeText(dir_ / "rapid_high.nc", kRapidHigh);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// gougechek on the sample mold with `program` and `options`.
  e2e::CliRun run(const std::string& program, const std::string& options) {
    return e2e::runCli(dir_, e2e::shellQuoted((kSource / "samples" / "mold.stl").string()) + " " +
                                 program + " " + kTool + " " + options);
  }

  fs::path dir_;
};

TEST_F(StockCli, TheIssuesSampleFailsWithARapidIntoTheStockAtLine7) {
  const e2e::CliRun clean_part = run("rapid_low.nc", "--format json");
  ASSERT_EQ(clean_part.exit_code, 0) << clean_part.err << "without a stock nothing is hit";
  const e2e::CliRun caught = run("rapid_low.nc", std::string(kBlock) + " --format json");
  ASSERT_EQ(caught.exit_code, 1) << caught.out << caught.err;
  const json report = json::parse(caught.out);
  EXPECT_EQ(report["summary"]["status"], "fail");
  EXPECT_EQ(report["summary"]["stock_collisions"], 1);
  ASSERT_EQ(report["violations"].size(), 1u) << report["violations"].dump(1);
  const json& rapid = report["violations"][0];
  EXPECT_EQ(rapid["kind"], "stock_collision");
  EXPECT_EQ(rapid["cause"], "rapid");
  EXPECT_EQ(rapid["line"], 7);
  EXPECT_NEAR(rapid["depth"].get<double>(), 2.0, 0.05);  // the tip at Z26 in a 28 mm block
  EXPECT_EQ(report["stock"]["shape"], "box 0,0,0,100,80,28");
  EXPECT_GT(report["stock"]["volume_removed"].get<double>(), 0);
  EXPECT_GT(report["stock"]["columns"].get<std::size_t>(), 0u);
  const e2e::CliRun text = run("rapid_low.nc", kBlock);
  EXPECT_TRUE(e2e::contains(text.out, "rapid_low.nc:7: stock collision")) << text.out;
  EXPECT_TRUE(e2e::contains(text.out, "(rapid into the stock")) << text.out;
}

TEST_F(StockCli, TheSameCutFromAboveTheBlockPasses) {
  const e2e::CliRun clean = run("rapid_high.nc", std::string(kBlock) + " --format json");
  ASSERT_EQ(clean.exit_code, 0) << clean.out << clean.err;
  const json report = json::parse(clean.out);
  EXPECT_EQ(report["summary"]["stock_collisions"], 0);
  EXPECT_TRUE(report["violations"].empty());
  EXPECT_GT(report["stock"]["volume_removed"].get<double>(), 0);
}

TEST_F(StockCli, AProgramThatNeverCutsTheStockIsMisplaced) {
  // The block stands beside the mold: the program cuts the part's place, not the stock.
  const e2e::CliRun misplaced =
      run("rapid_high.nc", "--stock-box 200,0,0,300,80,28 --report r.json");
  EXPECT_EQ(misplaced.exit_code, 2) << misplaced.out << misplaced.err;
  EXPECT_TRUE(e2e::contains(misplaced.err,
                            "gougechek: error: rapid_high.nc: the program never "
                            "cuts the stock"))
      << misplaced.err;
  const json report = json::parse(e2e::readText(dir_ / "r.json"));
  EXPECT_EQ(report["summary"]["status"], "error");
  EXPECT_EQ(report["error"]["kind"], "input");
  EXPECT_EQ(report["error"]["file"], "rapid_high.nc");
  EXPECT_FALSE(report.contains("stock"));
}

TEST_F(StockCli, EveryFormatSaysTheStock) {
  const e2e::CliRun all = run("rapid_low.nc", std::string(kBlock) +
                                                  " --report r.txt --report r.csv --report r.xml"
                                                  " --report r.html --report r.json");
  ASSERT_EQ(all.exit_code, 1) << all.err;
  EXPECT_TRUE(e2e::contains(all.out, "1 stock collision,")) << all.out;
  EXPECT_TRUE(e2e::contains(e2e::readText(dir_ / "r.txt"), "columns:  ")) << "text";
  EXPECT_TRUE(e2e::contains(e2e::readText(dir_ / "r.csv"), ",rapid\n")) << "csv";
  EXPECT_TRUE(e2e::contains(e2e::readText(dir_ / "r.xml"), "<property name=\"stock\"")) << "junit";
  const std::string html = e2e::readText(dir_ / "r.html");
  EXPECT_TRUE(e2e::contains(html, "<h2>Stock</h2>")) << "html";
  EXPECT_TRUE(e2e::contains(html, "stock collision (rapid into the stock")) << "html";
  // The CI formats: SARIF names the cause and the piece and carries the stock's resolution;
  // Code Quality, a list of findings only, the finding at its line.
  ASSERT_EQ(run("rapid_low.nc", std::string(kBlock) + " --report r.sarif").exit_code, 1);
  const json sarif = json::parse(e2e::readText(dir_ / "r.sarif"));
  const json& result = sarif["runs"][0]["results"][0];
  EXPECT_EQ(result["ruleId"], "stock_collision");
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["region"]["startLine"], 7);
  EXPECT_EQ(result["properties"]["cause"], "rapid");
  EXPECT_EQ(result["properties"]["piece"], "flutes");
  EXPECT_EQ(sarif["runs"][0]["properties"]["stock"]["resolution"], 0.1);
  const e2e::CliRun quality = run("rapid_low.nc", std::string(kBlock) + " --format codequality");
  ASSERT_EQ(quality.exit_code, 1) << quality.err;
  const json issues = json::parse(quality.out);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0]["check_name"], "stock_collision");
  EXPECT_EQ(issues[0]["location"]["lines"]["begin"], 7);
}

/// The 3D view's data of an HTML page (its <script id="gc3d-data">).
json viewData(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"gc3d-data\">";
  const std::size_t begin = html.find(open);
  if (begin == std::string::npos) return nullptr;
  const std::size_t end = html.find("</script>", begin);
  return json::parse(html.substr(begin + open.size(), end - begin - open.size()));
}

// The HTML page of the issue's sample (issue 23, point 8): the stock after the program in the 3D
// view (merged within its budget: at 0.1 mm the diagonal rapid leaves too many short runs, so
// cells of 0.4 mm), the stock collision's region with the stock in its section, and a page that
// stays small; the same run without a stock has none of it.
TEST_F(StockCli, TheHtmlPageShowsTheStockIn3dAndInTheRegionsSection) {
  ASSERT_EQ(run("rapid_low.nc", std::string(kBlock) + " --report r.html").exit_code, 1);
  const std::string html = e2e::readText(dir_ / "r.html");
  const json data = viewData(html);
  ASSERT_TRUE(data.is_object() && data.contains("stock")) << "no stock in the 3D view";
  const json& stock = data["stock"];
  EXPECT_EQ(stock["spacing"].get<double>(), 0.4);
  EXPECT_FALSE(stock["index32"].get<bool>());
  // Base64 of 16-bit indices: 8 characters a triangle.
  const std::size_t triangles = stock["triangles"].get<std::string>().size() / 8;
  EXPECT_GT(triangles, 1000u);
  EXPECT_LE(triangles, 20000u);
  EXPECT_TRUE(e2e::contains(html, "id=\"gc3d-stock\""));
  // The data's box holds the block (the path starts at X-10 Y-10 and rises to Z40).
  EXPECT_LE(data["min"][2].get<double>(), 0);
  EXPECT_GE(data["min"][2].get<double>() + data["size"][2].get<double>(), 28);
  // One region, the rapid's, its section with the stock.
  EXPECT_TRUE(e2e::contains(html, "<section class=\"region\" id=\"region-1\">"));
  EXPECT_FALSE(e2e::contains(html, "id=\"region-2\""));
  EXPECT_TRUE(e2e::contains(html, "mm wide, with the stock after the program (sand; orange where"))
      << "the region's section has no stock";
  // The page: about 0.7 MB of pictures and the part's view, 0.24 MB of the stock's mesh.
  EXPECT_LT(html.size(), 1200000u);

  ASSERT_EQ(run("rapid_low.nc", "--report plain.html").exit_code, 0);
  const std::string plain = e2e::readText(dir_ / "plain.html");
  EXPECT_FALSE(viewData(plain).contains("stock"));
  EXPECT_FALSE(e2e::contains(plain, "gc3d-stock"));
  EXPECT_FALSE(e2e::contains(plain, "stock:begin"));
}

TEST_F(StockCli, TheStockIsWrittenAndReadBack) {
  const e2e::CliRun first =
      run("rapid_high.nc", std::string(kBlock) + " --stock-out after.gcstock --format json");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  ASSERT_TRUE(fs::exists(dir_ / "after.gcstock"));
  const e2e::CliRun mesh = run("rapid_high.nc", std::string(kBlock) + " --stock-out after.stl");
  ASSERT_EQ(mesh.exit_code, 0) << mesh.err;
  // A binary STL: 80 bytes of header, a count, 50 bytes a triangle.
  const auto size = fs::file_size(dir_ / "after.stl");
  EXPECT_GT(size, 84u);
  EXPECT_EQ((size - 84) % 50, 0u);
  // The same program again on what it left: it cuts nothing more, it is misplaced there.
  const e2e::CliRun again = run("rapid_high.nc", "--stock-in after.gcstock --format json");
  EXPECT_EQ(again.exit_code, 2) << again.out << again.err;
  EXPECT_TRUE(e2e::contains(again.err, "the program never cuts the stock")) << again.err;
  // A deeper pass on it cuts what the first one left.
  e2e::writeText(dir_ / "deeper.nc",
                 "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X50 Y40\nG0 Z30\nG1 Z23 F600\n"
                 "G1 X60 F2000\nG0 Z40\nM30\n");
  const e2e::CliRun deeper = run("deeper.nc", "--stock-in after.gcstock --format json");
  ASSERT_EQ(deeper.exit_code, 0) << deeper.out << deeper.err;
  const json report = json::parse(deeper.out);
  EXPECT_EQ(report["stock"]["shape"], "stock-in after.gcstock");
  EXPECT_LT(report["stock"]["volume_before"].get<double>(), 100.0 * 80 * 28);
}

TEST_F(StockCli, StockOutputsNeverOverwriteInputsOrReports) {
  const std::string block = e2e::boxStl(100, 80, 28);
  e2e::writeText(dir_ / "block.stl", block);
  const e2e::CliRun over_model =
      run("rapid_high.nc", "--stock-model block.stl --stock-out block.stl");
  EXPECT_EQ(over_model.exit_code, 2);
  EXPECT_TRUE(e2e::contains(over_model.err, "--stock-out names the stock model")) << over_model.err;
  EXPECT_EQ(e2e::readText(dir_ / "block.stl"), block);
  const e2e::CliRun over_report =
      run("rapid_high.nc", std::string(kBlock) + " --stock-out r.stl --report r.stl --format json");
  EXPECT_EQ(over_report.exit_code, 2);
  EXPECT_TRUE(e2e::contains(over_report.err, "--report and --stock-out name the same file"))
      << over_report.err;
}

TEST_F(StockCli, OptionsAreRefusedWithTheLibrarysMessages) {
  const auto refused = [&](const std::string& options, const std::string& message) {
    const e2e::CliRun run_ = run("rapid_high.nc", options);
    EXPECT_EQ(run_.exit_code, 2) << options;
    EXPECT_TRUE(e2e::contains(run_.err, "gougechek: error: " + message)) << run_.err;
  };
  refused("--stock 0.1 --stock-to-leave 0.2",
          "--stock and --stock-to-leave both give the stock to leave: give one");
  refused("--stock-to-leave -1", "--stock-to-leave must be >= 0, got -1");
  refused("--stock-box 1,2,3",
          "--stock-box wants X0,Y0,Z0,X1,Y1,Z1 or auto[:MARGIN] (mm), got "
          "'1,2,3'");
  refused("--stock-cylinder 1,2", "--stock-cylinder wants X,Y,Z0,DIAMETER,HEIGHT (mm), got '1,2'");
  refused(std::string(kBlock) + " --stock-out s.obj",
          "--stock-out: 's.obj' is neither .stl (a mesh) nor .gcstock (the exact columns)");
  refused("--stock-in s.stl",
          "--stock-in: 's.stl' is no .gcstock file of --stock-out (a mesh is read by "
          "--stock-model)");
  refused("--stock-out s.stl",
          "--stock-out needs a stock: give --stock-box, --stock-cylinder, "
          "--stock-model or --stock-in");
}

TEST_F(StockCli, AToolTableSaysItsEndMillDoesNotCutAtItsCentre) {
  // The plunge of line 8 into the block, by a 10 mm end mill whose middle, 3 mm wide, does not
  // cut: a centre plunge, and the report's tool says so.
  e2e::writeText(dir_ / "tools.tbl", "T1 P1 D10 ;flat flute=20 centre=3\n");
  const e2e::CliRun plunged =
      run("rapid_high.nc", std::string(kBlock) + " --tool-table tools.tbl --format json");
  ASSERT_EQ(plunged.exit_code, 1) << plunged.err;
  const json report = json::parse(plunged.out);
  EXPECT_EQ(report["tools"][0]["centre"], 3);
  bool plunge = false;
  for (const json& v : report["violations"])
    plunge = plunge ||
             (v["kind"] == "stock_collision" && v["cause"] == "centre_plunge" && v["line"] == 8);
  EXPECT_TRUE(plunge) << report["violations"].dump(1);
}

TEST_F(StockCli, TheStockToLeaveHasItsClearerName) {
  const e2e::CliRun named = run("rapid_high.nc", "--stock-to-leave 0.2 --format json");
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(json::parse(named.out)["settings"]["stock"], 0.2);
  EXPECT_FALSE(json::parse(named.out).contains("stock")) << "no raw stock was given";
}

TEST_F(StockCli, AnAutomaticBoxAndAStockModelAreBlocksToo) {
  // The mold's box grown by 3 mm: its top at 28.001, the rapid at Z26 runs through it.
  const e2e::CliRun automatic = run("rapid_low.nc", "--stock-box auto:3 --format json");
  ASSERT_EQ(automatic.exit_code, 1) << automatic.err;
  const json report = json::parse(automatic.out);
  EXPECT_EQ(report["violations"][0]["line"], 7);
  EXPECT_TRUE(report["stock"]["shape"].get<std::string>().starts_with("box auto:3 (-3,-3,-3,"))
      << report["stock"]["shape"];
  // The block as a model: the same finding.
  e2e::writeText(dir_ / "block.stl", e2e::boxStl(100, 80, 28));
  const e2e::CliRun model = run("rapid_low.nc", "--stock-model block.stl --format json");
  ASSERT_EQ(model.exit_code, 1) << model.out << model.err;
  EXPECT_EQ(json::parse(model.out)["violations"][0]["line"], 7);
  EXPECT_EQ(json::parse(model.out)["stock"]["shape"], "model block.stl");
  const e2e::CliRun cylinder = run("rapid_low.nc", "--stock-cylinder 50,40,0,90,28 --format json");
  ASSERT_EQ(cylinder.exit_code, 1) << cylinder.err;
  EXPECT_EQ(json::parse(cylinder.out)["violations"][0]["cause"], "rapid");
}

/// A dog-leg rapid (line 7) from beside the 28 mm block, low, to above it, after a rapid
/// (line 5) that the dogleg cuts into two legs: `from_x` is where line 7 starts.
std::string doglegProgram(int from_x) {
  std::ostringstream program;  // not a chain of string +: GCC 12's -Warray-bounds misreads it
  program << "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X" << from_x
          << " Y40\nG0 Z20\nG0 X50 Z40\nG1 Z24 F600\nG1 X60 F2000\nG0 Z40\nM30\n";
  return program.str();
}

/// The stock collisions of a JSON report.
std::vector<json> stockCollisions(const json& report) {
  std::vector<json> found;
  for (const json& v : report["violations"])
    if (v["kind"] == "stock_collision") found.push_back(v);
  return found;
}

TEST_F(StockCli, ADoglegRapidsLegsMeetTheBlockItsStraightLineMisses) {
  // From (-60, 40, 20) to (50, 40, 40): the straight line passes 5.8 mm above the block's edge
  // (the ball's centre 2.8 mm clear of it). With X 20 times as fast as Z, X stops first, at
  // (50, 40, 25.5): the first leg runs through the block below its top (28).
  e2e::writeText(dir_ / "dogleg.nc", doglegProgram(-60));
  const e2e::CliRun straight = run("dogleg.nc", std::string(kBlock) + " --format json");
  ASSERT_EQ(straight.exit_code, 0) << straight.out << straight.err;
  EXPECT_TRUE(stockCollisions(json::parse(straight.out)).empty());
  const e2e::CliRun legs =
      run("dogleg.nc", std::string(kBlock) +
                           " --rapid-path dogleg --rapid-rates 20000,20000,1000 --format json");
  ASSERT_EQ(legs.exit_code, 1) << legs.out << legs.err;
  const json report = json::parse(legs.out);
  const std::vector<json> found = stockCollisions(report);
  ASSERT_EQ(found.size(), 1u) << report["violations"].dump(1) << "one per move, of its legs";
  EXPECT_EQ(found[0]["line"], 7);
  EXPECT_EQ(found[0]["cause"], "rapid");
  // The program's fourth move, as --moves numbers it, though line 5's rapid was two legs.
  EXPECT_EQ(found[0]["move"], 4);
  // The deepest of the legs: the first leg's tip is at most 28 - 20 = 8 mm into the block.
  EXPECT_GT(found[0]["depth"].get<double>(), 2.0);
  EXPECT_LE(found[0]["depth"].get<double>(), 8.0 + 1e-6);
}

TEST_F(StockCli, ADoglegRapidsLegsClearTheBlockItsStraightLineMeets) {
  // From (-10, 40, 20) to (50, 40, 40): the straight line enters the block at its edge. With Z
  // four times as fast as X, Z is at 40 by x = -5, before the ball reaches the block.
  e2e::writeText(dir_ / "dogleg.nc", doglegProgram(-10));
  const e2e::CliRun straight = run("dogleg.nc", std::string(kBlock) + " --format json");
  ASSERT_EQ(straight.exit_code, 1) << straight.out << straight.err;
  const std::vector<json> met = stockCollisions(json::parse(straight.out));
  ASSERT_EQ(met.size(), 1u);
  EXPECT_EQ(met[0]["line"], 7);
  EXPECT_EQ(met[0]["move"], 4);
  const e2e::CliRun legs =
      run("dogleg.nc",
          std::string(kBlock) + " --rapid-path dogleg --rapid-rates 5000,5000,20000 --format json");
  ASSERT_EQ(legs.exit_code, 0) << legs.out << legs.err;
  const json report = json::parse(legs.out);
  EXPECT_TRUE(stockCollisions(report).empty()) << report["violations"].dump(1);
  EXPECT_GT(report["stock"]["volume_removed"].get<double>(), 0);
}

/// tool.json's stock_bbox_mm as --stock-box's value.
std::string stockBox(const fs::path& tool_json) {
  std::ifstream in(tool_json);
  const json tool = json::parse(in);
  std::string text;
  for (const json& value : tool.at("stock_bbox_mm")) {
    if (!text.empty()) text += ",";
    std::ostringstream number;
    number << value.get<double>();
    text += number.str();
  }
  return text;
}

/// Column spacing of the corpus runs: 0.5 mm keeps each within about a minute on two cores
/// (the default 0.1 mm takes up to 400 s a program there; they pass at it too).
constexpr const char* kCorpusResolution = "0.5";

struct CamBlock {
  const char* part;
  const char* tool;   ///< from tool.json
  const char* stock;  ///< tool.json's stock_to_leave
};

void PrintTo(const CamBlock& block, std::ostream* out) {
  *out << block.part;
}

class CamOnItsBlock : public testing::TestWithParam<CamBlock> {};

TEST_P(CamOnItsBlock, CutsItWithoutAStockCollision) {
  if (!fs::is_directory(kCam)) {
    if (std::getenv("CI")) FAIL() << "CAM corpus " << kCam << " not found";
    GTEST_SKIP() << "CAM corpus " << kCam << " not found";
  }
  const fs::path part_dir = kCam / GetParam().part;
  std::random_device random;
  const fs::path dir = fs::temp_directory_path() / ("gougechek_cam_" + std::to_string(random()));
  fs::create_directories(dir);
  const e2e::CliRun run = e2e::runCli(
      dir, e2e::shellQuoted((part_dir / "part.stl").string()) + " " +
               e2e::shellQuoted((part_dir / "linuxcnc.nc").string()) + " -t " + GetParam().tool +
               " --stock " + GetParam().stock + " --stock-box " + stockBox(part_dir / "tool.json") +
               " --stock-resolution " + kCorpusResolution + " --format json");
  fs::remove_all(dir);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const json report = json::parse(run.out);
  EXPECT_EQ(report["summary"]["stock_collisions"], 0);
  EXPECT_GT(report["stock"]["volume_removed"].get<double>(), 0);
}

INSTANTIATE_TEST_SUITE_P(
    SharedCorpus, CamOnItsBlock,
    testing::Values(CamBlock{"pocket_plate", "flat:6,flute=20,length=50", "0"},
                    CamBlock{"boss_block", "bull:8:1,flute=25,length=60", "0.25"},
                    CamBlock{"chamfer_bracket", "flat:4,flute=25,length=50", "0"},
                    CamBlock{"mold_core", "ball:6,flute=30,length=60", "0"},
                    CamBlock{"mold_cavity", "ball:6,flute=30,length=60", "0"}));

// A stock model read from STEP (a casting's exact solid) is the stock its STL mesh is: the
// boss_block's solid as the stock under a rapid at Z10 across it, through the 12 mm plate and
// the bosses, gives the same collision from either file.
TEST(StockModel, AStepModelIsTheStockItsStlMeshIs) {
  if (!fs::is_directory(kCam)) {
    if (std::getenv("CI")) FAIL() << "CAM corpus " << kCam << " not found";
    GTEST_SKIP() << "CAM corpus " << kCam << " not found";
  }
  std::random_device random;
  const fs::path dir = fs::temp_directory_path() / ("gougechek_model_" + std::to_string(random()));
  fs::create_directories(dir);
  e2e::writeText(dir / "across.nc",
                 "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y35\nG0 Z10\nG0 X100\n"
                 "G1 Z9 F300\nG0 Z40\nM30\n");
  const auto stockCollisionOf = [&](const std::string& model) {
    const e2e::CliRun run = e2e::runCli(
        dir, e2e::shellQuoted((kSource / "samples" / "mold.stl").string()) +
                 " across.nc -t ball:6,flute=30 --stock-resolution 0.5 --stock-model " +
                 e2e::shellQuoted((kCam / "boss_block" / model).string()) + " --format json");
    EXPECT_EQ(run.exit_code, 1) << model << run.out << run.err;
    const json report = json::parse(run.out);
    for (const json& v : report["violations"])
      if (v["kind"] == "stock_collision") return std::make_pair(v, report["stock"]);
    ADD_FAILURE() << model << ": no stock collision";
    return std::make_pair(json(), json());
  };
  const auto [step, step_stock] = stockCollisionOf("part.step");
  const auto [stl, stl_stock] = stockCollisionOf("part.stl");
  fs::remove_all(dir);
  ASSERT_TRUE(step.is_object() && stl.is_object());
  EXPECT_EQ(step["line"], 7);
  EXPECT_EQ(step["cause"], "rapid");
  EXPECT_EQ(stl["line"], 7);
  // The flutes from Z10 up meet the bosses' material up to Z22.
  EXPECT_NEAR(step["depth"].get<double>(), 12, 0.05);
  EXPECT_NEAR(step["depth"].get<double>(), stl["depth"].get<double>(), 0.01);
  EXPECT_NEAR(step_stock["volume_before"].get<double>(), stl_stock["volume_before"].get<double>(),
              1e-3 * stl_stock["volume_before"].get<double>());
}

}  // namespace
}  // namespace gougechek
