// --tool-library and --holder on the command line: T words pick the library's cutters, a tool
// the library cannot model stops the check naming file and tool, libraries merge by number.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class ToolLibraryCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_tool_library_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "Bit");
    fs::create_directories(dir_ / "Library");
    writeText(dir_ / "box.stl", boxStl());  // [0,50]×[0,40]×[0,20]
    // T1 plunges 0.5 mm into the top face; T2 and T5 pass 1 mm above it (within reach).
    writeText(dir_ / "t1.nc", "G21 G90\nT1 M6\nG0 X10 Y10 Z30\nG1 Z19.5 F100\nG0 Z30\nM30\n");
    writeText(dir_ / "t2.nc", "G21 G90\nT2 M6\nG0 X-10 Y10 Z21\nG1 X60 F500\nM30\n");
    writeText(dir_ / "t5.nc", "G21 G90\nT5 M6\nG0 X-20 Y10 Z21\nG1 X60 F500\nM30\n");
    writeText(dir_ / "Bit" / "ball.fctb", R"({"version": 2, "name": "8 mm ball",
        "shape": "ballend.fcstd", "parameter": {"CuttingEdgeHeight": "20.0000 mm",
        "Diameter": "8.0000 mm", "Length": "50.0000 mm", "ShankDiameter": "8.0000 mm"}})");
    writeText(dir_ / "Bit" / "thread.fctb", R"({"version": 2, "name": "thread mill",
        "shape": "thread-mill.fcstd", "parameter": {"Crest": "0.10 mm", "Diameter": "5.00 mm",
        "Length": "50.00 mm"}})");
    writeText(dir_ / "Library" / "lib.fctl",
              R"({"version": 1, "tools": [{"nr": 1, "path": "ball.fctb"},
                 {"nr": 2, "path": "thread.fctb"}]})");
    // A Fusion library: T5 a 10 mm flat end mill (inches), 1.5 in out of a two-step holder.
    writeText(dir_ / "fusion.json", R"({"data": [
        {"type": "holder", "description": "stand-alone"},
        {"type": "flat end mill", "unit": "inches", "description": "3/8 flat",
         "geometry": {"DC": 0.375, "LCF": 1, "LB": 1.5, "SFDM": 0.375},
         "post-process": {"number": 5},
         "holder": {"unit": "millimeters", "description": "ER20 test holder",
           "segments": [{"height": 20, "lower-diameter": 35, "upper-diameter": 35},
                        {"height": 30, "lower-diameter": 35, "upper-diameter": 50}]}}],
        "version": 26})");
    writeText(dir_ / "other.tbl", "T1 P1 D6 ;flat\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static CliRun run(const std::string& arguments) { return runCli(dir_, arguments, "/dev/null"); }
  static nlohmann::json report(const std::string& name) {
    return nlohmann::json::parse(readText(dir_ / name));
  }

  static inline fs::path dir_;
};

TEST_F(ToolLibraryCli, TWordsPickTheLibrarysCutter) {
  const CliRun result =
      run("box.stl t1.nc --tool-library Library/lib.fctl --report t1.json --format json");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const nlohmann::json json = report("t1.json");
  ASSERT_EQ(json["tools"].size(), 1u) << json["tools"];
  EXPECT_EQ(json["tools"][0]["number"], 1);
  EXPECT_EQ(json["tools"][0]["type"], "ball");
  EXPECT_EQ(json["tools"][0]["diameter"], 8.0);  // the bit's, not a default
  EXPECT_EQ(json["summary"]["gouges"], 1);
  EXPECT_NEAR(json["violations"][0]["depth"].get<double>(), 0.5, 1e-6);
  // The library is an input the report's trace names and hashes.
  bool traced = false;
  for (const nlohmann::json& input : json["trace"]["inputs"]) {
    traced = traced || (input["role"] == "tool_library" && input["file"] == "Library/lib.fctl" &&
                        input["sha256"].is_string());
  }
  EXPECT_TRUE(traced) << json["trace"];
}

TEST_F(ToolLibraryCli, AToolTheLibraryCannotModelStopsTheCheckNamingIt) {
  const CliRun result = run("box.stl t2.nc --tool-library Library/lib.fctl");
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_TRUE(contains(result.err, "Library/lib.fctl")) << result.err;
  EXPECT_TRUE(contains(result.err, "T2 'thread.fctb': shape 'thread-mill' is not supported"))
      << result.err;
  // The library loads: a program not using T2 is checked with it.
  EXPECT_EQ(run("box.stl t1.nc --tool-library Library/lib.fctl").exit_code, 1);
}

TEST_F(ToolLibraryCli, LibrariesMergeAndANumberTwiceNamesBothFiles) {
  const CliRun both =
      run("box.stl t5.nc --tool-library Library/lib.fctl --tool-library "
          "fusion.json --report t5.json");
  EXPECT_EQ(both.exit_code, 0) << both.err;
  const nlohmann::json json = report("t5.json");
  ASSERT_EQ(json["tools"].size(), 1u);
  EXPECT_EQ(json["tools"][0]["type"], "flat");
  EXPECT_NEAR(json["tools"][0]["diameter"].get<double>(), 9.525, 1e-9);

  const CliRun twice = run("box.stl t1.nc --tool-table other.tbl --tool-library Library/lib.fctl");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_TRUE(contains(twice.err, "Library/lib.fctl: tool T1 is defined here and in other.tbl"))
      << twice.err;
}

TEST_F(ToolLibraryCli, HolderNeedsAStickOutAndAKnownName) {
  const CliRun unknown = run("box.stl t1.nc -t ball:6,length=40 --holder ER99");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_TRUE(contains(unknown.err, "unknown holder 'ER99'")) << unknown.err;
  const CliRun no_length = run("box.stl t1.nc -t ball:6 --holder ER32");
  EXPECT_EQ(no_length.exit_code, 2);
  EXPECT_TRUE(contains(no_length.err, "no stick-out")) << no_length.err;
  // The Fusion tool keeps its own holder. A library tool with no length out of the holder is
  // refused only when used: FreeCAD's T1 stands out by its whole Length, 50 mm.
  EXPECT_EQ(run("box.stl t5.nc --tool-library fusion.json --holder ER32").exit_code, 0);
  EXPECT_EQ(run("box.stl t1.nc --tool-library Library/lib.fctl --holder ER32").exit_code, 1);
  writeText(dir_ / "short.tbl", "T1 D8 ;ball flute=20\n");
  const CliRun table = run("box.stl t1.nc --tool-table short.tbl --holder ER32");
  EXPECT_EQ(table.exit_code, 2);
  EXPECT_TRUE(contains(table.err, "short.tbl: T1 has no stick-out")) << table.err;
  EXPECT_TRUE(contains(run("box.stl t5.nc --tool-table short.tbl --holder ER99").err,
                       "unknown holder 'ER99'"));
}

TEST_F(ToolLibraryCli, MissingOrBadLibrariesAreInputErrors) {
  const CliRun missing = run("box.stl t1.nc --tool-library nowhere.fctl");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(contains(missing.err, "nowhere.fctl: cannot open the tool library")) << missing.err;
  writeText(dir_ / "broken.json", "{\"data\": [\n  {,}\n]}");
  const CliRun broken = run("box.stl t1.nc --tool-library broken.json");
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_TRUE(contains(broken.err, "broken.json:2: not valid JSON")) << broken.err;
}

TEST_F(ToolLibraryCli, ManifestKeysReadLibrariesBesideTheManifest) {
  fs::create_directories(dir_ / "batch");
  writeText(dir_ / "batch" / "manifest.yaml",
            "defaults:\n"
            "  tool-library: [../Library/lib.fctl, ../fusion.json]\n"
            "jobs:\n"
            "  - name: ball\n"
            "    part: ../box.stl\n"
            "    programs: [../t1.nc, ../t5.nc]\n"
            "  - name: fusion_only\n"  // its own list replaces the defaults'
            "    part: ../box.stl\n"
            "    program: ../t5.nc\n"
            "    tool-library: ../fusion.json\n");
  const CliRun result = run("batch batch/manifest.yaml --out out -q");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const nlohmann::json summary = report("out/summary.json");
  EXPECT_EQ(summary["totals"]["gouges"], 1) << summary["totals"];
  // Paths from the manifest's folder, as the run's own command line gives them.
  EXPECT_TRUE(contains(summary["jobs"][0]["checks"][0]["command"].get<std::string>(),
                       " --tool-library Library/lib.fctl --tool-library fusion.json "))
      << summary["jobs"][0]["checks"][0]["command"];
  const std::string fusion_only = summary["jobs"][1]["checks"][0]["command"].get<std::string>();
  EXPECT_TRUE(contains(fusion_only, " --tool-library fusion.json ")) << fusion_only;
  EXPECT_FALSE(contains(fusion_only, "lib.fctl")) << fusion_only;
  EXPECT_EQ(summary["jobs"][1]["checks"][0]["report"]["summary"]["status"], "pass");
}

}  // namespace
}  // namespace gougechek
