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
    EXPECT_EQ(keys(violation), (Keys{"kind", "line", "move", "tool", "depth", "at", "severe"}));
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
  EXPECT_EQ(keys(tools[0]), (Keys{"number", "type", "diameter", "corner_radius", "flute_length"}));
  EXPECT_EQ(tools[0]["type"], "ball");
  EXPECT_EQ(tools[0]["diameter"], 6.0);
  EXPECT_EQ(tools[0]["corner_radius"], 3.0);
  EXPECT_EQ(tools[0]["flute_length"], 24.0);
  EXPECT_EQ(keys(tools[1]), (Keys{"number", "type", "diameter", "corner_radius", "flute_length",
                                  "taper_angle", "shank_diameter", "overall_length"}));
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
