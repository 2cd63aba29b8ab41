#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gougechek/report.hpp"
#include "sample_report.hpp"

namespace gougechek {
namespace {

using Json = nlohmann::ordered_json;

std::string jsonText(const Report& report) {
  return test::written(report, ReportFormat::Json);
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (const auto& item : object.items()) names.push_back(item.key());
  return names;
}

using Keys = std::vector<std::string>;

TEST(JsonReport, HasExactlyTheSpecFieldsInSpecOrder) {
  const Json json = Json::parse(jsonText(test::failingReport()));
  EXPECT_EQ(keys(json), (Keys{"schema", "version", "inputs", "settings", "tools", "summary",
                              "warnings", "violations"}));
  EXPECT_EQ(json["schema"], "gougechek-report/1");
  EXPECT_EQ(json["version"], GOUGECHEK_VERSION);
  EXPECT_EQ(keys(json["inputs"]), (Keys{"part", "path"}));
  EXPECT_EQ(keys(json["inputs"]["part"]), (Keys{"file", "format", "triangles", "bounds"}));
  EXPECT_EQ(keys(json["inputs"]["path"]), (Keys{"file", "lines", "moves"}));
  EXPECT_EQ(keys(json["settings"]), (Keys{"tolerance", "stock", "rapid_clearance"}));
  EXPECT_EQ(keys(json["summary"]), (Keys{"status", "gouges", "rapid_collisions",
                                         "holder_collisions", "max_depth", "elapsed_s"}));
  ASSERT_EQ(json["violations"].size(), 3u);
  for (const Json& violation : json["violations"]) {
    // A holder collision names the piece of the assembly that touched.
    if (violation["kind"] == "holder_collision") {
      EXPECT_EQ(keys(violation),
                (Keys{"kind", "line", "move", "tool", "depth", "at", "severe", "segment"}));
    } else {
      EXPECT_EQ(keys(violation), (Keys{"kind", "line", "move", "tool", "depth", "at", "severe"}));
    }
  }
}

TEST(JsonReport, BrepPartsAddUnitsFacesSolidsAndExactConfirmation) {
  Report report = test::failingReport();
  report.part_file = "part.step";
  report.part_format = "step";
  report.part_units = "in";
  report.part_faces = 24;
  report.part_solids = 1;
  report.violations[1].exact = true;
  const Json json = Json::parse(jsonText(report));
  const Json& part = json["inputs"]["part"];
  EXPECT_EQ(keys(part),
            (Keys{"file", "format", "units", "faces", "solids", "triangles", "bounds"}));
  EXPECT_EQ(part["units"], "in");
  EXPECT_EQ(part["faces"], 24);
  EXPECT_EQ(part["solids"], 1);
  EXPECT_FALSE(json["violations"][0].contains("confirmed"));
  EXPECT_EQ(json["violations"][1]["confirmed"], "exact");
}

// --initial-tool is a setting the check used: recorded when given, absent otherwise so that
// reports of runs without it stay as they were.
TEST(JsonReport, RecordsTheInitialToolWhenSet) {
  Report report = test::failingReport();
  EXPECT_FALSE(Json::parse(jsonText(report))["settings"].contains("initial_tool"));
  report.initial_tool = 3;
  const Json json = Json::parse(jsonText(report));
  EXPECT_EQ(keys(json["settings"]),
            (Keys{"tolerance", "stock", "rapid_clearance", "initial_tool"}));
  EXPECT_EQ(json["settings"]["initial_tool"], 3);
}

TEST(JsonReport, CarriesTheValues) {
  const Json json = Json::parse(jsonText(test::failingReport()));
  EXPECT_EQ(json["inputs"]["part"]["file"], "part.stl");
  EXPECT_EQ(json["inputs"]["part"]["triangles"], 120000);
  EXPECT_EQ(json["inputs"]["part"]["bounds"], Json::parse("[[0.0,0.0,0.0],[100.0,80.0,30.0]]"));
  EXPECT_EQ(json["inputs"]["path"]["lines"], 48211);
  EXPECT_EQ(json["inputs"]["path"]["moves"], 47000);
  EXPECT_EQ(json["settings"]["tolerance"], 0.01);
  EXPECT_EQ(json["summary"]["status"], "fail");
  EXPECT_EQ(json["summary"]["gouges"], 1);
  EXPECT_EQ(json["summary"]["rapid_collisions"], 1);
  EXPECT_EQ(json["summary"]["holder_collisions"], 1);
  EXPECT_EQ(json["summary"]["max_depth"], 1.5);
  EXPECT_EQ(json["summary"]["elapsed_s"], 1.235);

  const Json& gouge = json["violations"][0];
  EXPECT_EQ(gouge["kind"], "gouge");
  EXPECT_EQ(gouge["line"], 1042);
  EXPECT_EQ(gouge["move"], 1011);
  EXPECT_EQ(gouge["tool"], 1);
  EXPECT_EQ(gouge["severe"], false);
  EXPECT_EQ(json["violations"][1]["kind"], "rapid_collision");
  EXPECT_EQ(json["violations"][1]["severe"], true);
  EXPECT_EQ(json["violations"][2]["kind"], "holder_collision");
  // Only a holder collision names its piece.
  EXPECT_EQ(json["violations"][2]["segment"], "shank");
  EXPECT_FALSE(json["violations"][0].contains("segment"));
  EXPECT_FALSE(json["violations"][1].contains("segment"));
}

TEST(JsonReport, ToolsListTheirAssemblyAndHolder) {
  Report report = test::failingReport();
  ToolSpec tool = parseToolSpec("bull:8:1,flute=20,length=50", "--tool");
  tool.holder = {{"holder: nut", false, 50, 70, 25, 25, 0}};
  tool.holder_name = "ER32 collet chuck";
  report.tools.emplace_back(3, tool);
  report.violations.push_back(
      test::violation(ViolationKind::HolderCollision, 2100, 2000, 3, 0.5, {1, 2, 3}, false));
  report.violations.back().segment = 2;
  const Json json = Json::parse(jsonText(report));
  EXPECT_EQ(json["tools"][0]["assembly"], Json::parse(R"([{"name": "flutes", "cutting": true,
      "z_bottom": 3.0, "z_top": 24.0, "radius_bottom": 0.0, "radius_top": 0.0,
      "rounding": 3.0}])"));
  EXPECT_FALSE(json["tools"][0].contains("holder"));
  const Json& bull = json["tools"][2];
  EXPECT_EQ(bull["holder"], "ER32 collet chuck");
  EXPECT_EQ(bull["assembly"], Json::parse(R"([
      {"name": "flutes", "cutting": true, "z_bottom": 1.0, "z_top": 20.0, "radius_bottom": 3.0,
       "radius_top": 3.0, "rounding": 1.0},
      {"name": "shank", "cutting": false, "z_bottom": 20.0, "z_top": 50.0, "radius_bottom": 4.0,
       "radius_top": 4.0, "rounding": 0.0},
      {"name": "holder: nut", "cutting": false, "z_bottom": 50.0, "z_top": 70.0,
       "radius_bottom": 25.0, "radius_top": 25.0, "rounding": 0.0}])"));
  EXPECT_EQ(json["violations"][3]["segment"], "holder: nut");
  // The text and HTML reports list the assembly and name the piece too.
  const std::string text = test::written(report, ReportFormat::Text);
  EXPECT_NE(text.find("  holder: nut  non-cutting  z 50-70  radius 25  rounding 0 mm\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("tool 3 (holder: nut)"), std::string::npos) << text;
  const std::string html = test::written(report, ReportFormat::Html);
  EXPECT_NE(html.find("<caption>Tool 3 assembly (ER32 collet chuck)</caption>"), std::string::npos);
  EXPECT_NE(html.find("holder collision (holder: nut)"), std::string::npos);
}

TEST(JsonReport, RoundsLengthsToTheMicron) {
  const std::string text = jsonText(test::failingReport());
  EXPECT_NE(text.find("\"depth\": 0.212,"), std::string::npos) << text;
  const Json json = Json::parse(text);
  EXPECT_EQ(json["violations"][0]["at"], Json::parse("[41.5, 20.0, 3.1]"));
  EXPECT_EQ(json["violations"][1]["at"], Json::parse("[41.5, 20.0, 0.0]"));
  EXPECT_EQ(text.find("-0.0"), std::string::npos) << "negative zero leaked: " << text;
}

TEST(JsonReport, IsByteIdenticalApartFromTimings) {
  Report slower = test::failingReport();
  slower.elapsed_s = 7.5;
  std::string first = jsonText(test::failingReport());
  std::string second = jsonText(slower);
  const auto dropTiming = [](std::string& text) {
    const std::size_t at = text.find("\"elapsed_s\"");
    text.erase(at, text.find('\n', at) - at);
  };
  dropTiming(first);
  dropTiming(second);
  EXPECT_EQ(first, second);
}

TEST(JsonReport, ToolsListTheirRelevantFields) {
  const Json tools = Json::parse(jsonText(test::failingReport()))["tools"];
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(keys(tools[0]),
            (Keys{"number", "type", "diameter", "corner_radius", "flute_length", "assembly"}));
  EXPECT_EQ(tools[0]["type"], "ball");
  EXPECT_EQ(tools[0]["diameter"], 6.0);
  EXPECT_EQ(tools[0]["corner_radius"], 3.0);
  EXPECT_EQ(tools[0]["flute_length"], 24.0);
  EXPECT_EQ(keys(tools[1]), (Keys{"number", "type", "diameter", "corner_radius", "flute_length",
                                  "taper_angle", "shank_diameter", "overall_length", "assembly"}));
  EXPECT_EQ(tools[1]["number"], 2);
  EXPECT_EQ(tools[1]["taper_angle"], 10.0);
  EXPECT_EQ(tools[1]["overall_length"], 40.0);
}

TEST(JsonReport, ProgramWarningsGiveTheLinePartWarningsTheFile) {
  const Json warnings = Json::parse(jsonText(test::failingReport()))["warnings"];
  EXPECT_EQ(warnings, Json::parse(R"([{"line": 12, "message": "M8 coolant: ignored"},
      {"file": "part.stl", "message": "surface is open: 4 boundary edges"}])"));
}

TEST(JsonReport, PassingReportHasEmptyLists) {
  const Json json = Json::parse(jsonText(test::passingReport()));
  EXPECT_EQ(json["summary"]["status"], "pass");
  EXPECT_EQ(json["summary"]["max_depth"], 0.0);
  EXPECT_TRUE(json["violations"].is_array());
  EXPECT_TRUE(json["violations"].empty());
  EXPECT_TRUE(json["warnings"].is_array());
}

TEST(JsonReport, EscapesStringsAndSurvivesInvalidUtf8) {
  Report report = test::passingReport();
  report.path_file = "dir\\\"quoted\"\n.nc";
  report.warnings.push_back({report.path_file, 3, "comment \xff\xfe bytes"});
  const Json json = Json::parse(jsonText(report));
  EXPECT_EQ(json["inputs"]["path"]["file"], report.path_file);
  EXPECT_EQ(json["warnings"][0]["line"], 3);
}

}  // namespace
}  // namespace gougechek
