// Stock collisions and the raw stock's summary in every report format (issue 23): each format
// names the collision's cause and piece, and says the stock's resolution, columns, memory,
// volumes and air cuts; a report without a raw stock stays as it was.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gougechek/report.hpp"
#include "markup_checker.hpp"
#include "sample_report.hpp"

namespace gougechek {
namespace {

using Json = nlohmann::ordered_json;
using test::written;

/// The sample report with a raw stock: a rapid into it at line 7 and air cuts of two operations.
Report stockReport() {
  Report report = test::failingReport();
  Violation rapid =
      test::violation(ViolationKind::StockCollision, 7, 6, 1, 2.0000000001, {50, 40, 26}, false);
  rapid.cause = StockCause::Rapid;
  rapid.segment = 0;  // tool 1's flutes
  report.violations.insert(report.violations.begin(), rapid);
  Violation shank =
      test::violation(ViolationKind::StockCollision, 2001, 1901, 2, 0.5, {10, 10, 5}, false);
  shank.cause = StockCause::NonCutting;
  shank.segment = 1;  // tool 2's shank
  report.violations.push_back(shank);
  StockReport stock;
  stock.shape = "box 0,0,0,100,80,28";
  stock.resolution = 0.1;
  stock.columns = 800000;
  stock.bytes = 3200000;
  stock.volume_before = 224000;
  stock.volume_removed = 1234.5678;
  stock.by_tool = {{1, "", 3, 120.5, 3.6}};
  stock.by_operation = {{1, "Pocket", 2, 100, 3}, {1, "", 1, 20.5, 0.6}};
  report.raw_stock = stock;
  return report;
}

TEST(StockReport, TextNamesTheCauseThePieceAndTheStock) {
  const std::string text = written(stockReport(), ReportFormat::Text);
  EXPECT_NE(text.find("path.nc:7: stock collision 2.000 mm at (50.000, 40.000, 26.000) tool 1 "
                      "(rapid into the stock: "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("(non-cutting piece in the stock: shank)"), std::string::npos) << text;
  EXPECT_NE(text.find("1 holder collision, 2 stock collisions, max depth 2.000 mm"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("stock:    box 0,0,0,100,80,28\n"), std::string::npos) << text;
  EXPECT_NE(text.find("columns:  800000 at 0.1 mm, 3.1 MiB\n"), std::string::npos) << text;
  EXPECT_NE(text.find("volume:   224000.0 mm³, removed 1234.6 mm³\n"), std::string::npos) << text;
  EXPECT_NE(text.find("air cuts (feed moves that removed no stock):\n  tool 1: 3 feed moves, "
                      "120.5 mm, 3.6 s\n  Pocket (tool 1): 2 feed moves, 100.0 mm, 3.0 s\n  no "
                      "operation named (tool 1): 1 feed move, 20.5 mm, 0.6 s\n"),
            std::string::npos)
      << text;
}

TEST(StockReport, JsonHasTheKindCauseSummaryAndStock) {
  const Json json = Json::parse(written(stockReport(), ReportFormat::Json));
  EXPECT_EQ(json["summary"]["stock_collisions"], 2);
  const Json& rapid = json["violations"][0];
  EXPECT_EQ(rapid["kind"], "stock_collision");
  EXPECT_EQ(rapid["cause"], "rapid");
  EXPECT_EQ(rapid["line"], 7);
  EXPECT_EQ(rapid["depth"], 2.0);
  EXPECT_EQ(json["violations"].back()["cause"], "non_cutting");
  EXPECT_EQ(json["violations"].back()["segment"], "shank");
  // Only stock collisions have a cause.
  EXPECT_FALSE(json["violations"][1].contains("cause"));
  const Json& stock = json["stock"];
  EXPECT_EQ(stock["shape"], "box 0,0,0,100,80,28");
  EXPECT_EQ(stock["resolution"], 0.1);
  EXPECT_EQ(stock["columns"], 800000);
  EXPECT_EQ(stock["bytes"], 3200000);
  EXPECT_EQ(stock["volume_removed"], 1234.568);
  EXPECT_EQ(stock["air_cuts"]["by_tool"][0],
            Json::parse(R"({"tool": 1, "moves": 3, "length": 120.5, "time_s": 3.6})"));
  EXPECT_EQ(stock["air_cuts"]["by_operation"][0]["operation"], "Pocket");
  EXPECT_EQ(stock["air_cuts"]["by_operation"][1]["operation"], "");
}

TEST(StockReport, CsvAddsTheCauseColumnOnlyWithAStock) {
  const std::string csv = written(stockReport(), ReportFormat::Csv);
  EXPECT_TRUE(csv.starts_with(
      "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,segment,cause\n"))
      << csv;
  EXPECT_NE(csv.find("\nstock_collision,7,6,1,2,50,40,26,false,,,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",rapid\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nstock_collision,2001,1901,2,0.5,10,10,5,false,,,shank,non_cutting\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("\ngouge,1042,1011,1,0.212,41.5,20,3.1,false,,,,\n"), std::string::npos)
      << csv;
  const std::string plain = written(test::failingReport(), ReportFormat::Csv);
  EXPECT_TRUE(plain.starts_with(
      "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,segment\n"));
}

TEST(StockReport, JunitFailsTheToolAndListsTheStock) {
  const std::string xml = written(stockReport(), ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  EXPECT_NE(xml.find("path.nc:7: stock collision 2.000 mm"), std::string::npos) << xml;
  EXPECT_NE(xml.find("<property name=\"stock\" value=\"box 0,0,0,100,80,28\"/>"), std::string::npos)
      << xml;
  EXPECT_NE(
      xml.find("<property name=\"air cuts tool 1\" value=\"3 feed moves, 120.5 mm, 3.6 s\"/>"),
      std::string::npos)
      << xml;
}

TEST(StockReport, HtmlShowsTheCollisionsTheStockAndTheAirCutTable) {
  const std::string html = written(stockReport(), ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, {"meta"}), "") << html;
  EXPECT_NE(html.find("stock collision (rapid into the stock"), std::string::npos) << html;
  EXPECT_NE(html.find("<h2>Stock</h2>"), std::string::npos) << html;
  EXPECT_NE(html.find("<table class=\"air\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>Pocket</td><td>2</td><td>100.0</td><td>3.0</td>"), std::string::npos)
      << html;
  EXPECT_NE(html.find("<th>Columns</th><td>800000 at 0.1 mm, 3.1 MiB</td>"), std::string::npos)
      << html;
}

TEST(StockReport, ReportsWithoutAStockSayNothingOfIt) {
  const Report plain = test::failingReport();
  for (const ReportFormat format : {ReportFormat::Text, ReportFormat::Json, ReportFormat::Csv,
                                    ReportFormat::Junit, ReportFormat::Html}) {
    const std::string text = written(plain, format);
    EXPECT_EQ(text.find("stock_collision"), std::string::npos);
    EXPECT_EQ(text.find("stock collision"), std::string::npos);
    EXPECT_EQ(text.find("air cut"), std::string::npos);
    EXPECT_EQ(text.find("Air cut"), std::string::npos);
  }
  EXPECT_EQ(summaryLine(plain),
            "FAIL: 1 gouge, 1 rapid collision, 1 holder collision, max depth 1.500 mm");
}

}  // namespace
}  // namespace gougechek
