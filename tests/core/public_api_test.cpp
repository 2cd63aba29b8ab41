// The public API as a pipeline uses it, linked against the shared gougechek::core alone (no
// OpenCASCADE, no internal headers): parts, programs, tools, verify(), check() and reports,
// compared with the CLI's own run.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <type_traits>

#include "e2e/cli_runner.hpp"
#include "gougechek/gougechek.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

// The API is what a user should choose and read, no more (issue 22): a Part is made only by
// readPart and fromMesh (Part(nullptr) used to compile, and crash at the first use), and the
// engine's tuning and work counters are internal (verify/tuning.hpp).
template <class Settings>
constexpr bool kHasKdop = requires(Settings settings) {
  settings.kdop;
};
template <class Settings>
constexpr bool kHasFrontTracking = requires(Settings settings) {
  settings.front_tracking;
};
template <class Result>
constexpr bool kHasStats = requires(Result result) {
  result.stats;
};
static_assert(!std::is_constructible_v<Part, std::nullptr_t>);
static_assert(!std::is_default_constructible_v<Part>);
static_assert(!kHasKdop<VerifySettings> && !kHasFrontTracking<VerifySettings>);
static_assert(!kHasStats<VerifyResult>);

const fs::path kSamples = fs::path(GOUGECHEK_SOURCE_DIR) / "samples";

class PublicApiFiles : public testing::Test {
 protected:
  void SetUp() override {
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_api_" + std::to_string(random()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

ToolLibrary ball6() {
  ToolLibrary tools;
  tools.fallback = parseToolSpec("ball:6", "tool");
  return tools;
}

std::string json(const Report& report) {
  std::ostringstream out;
  writeReport(report, ReportFormat::Json, out);
  return out.str();
}

/// A JSON report without what varies between runs: its time, and the trace (when and by which
/// command it ran), which the command line records and check() leaves to its caller.
nlohmann::ordered_json withoutElapsed(const std::string& report) {
  nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(report);
  parsed["summary"].erase("elapsed_s");
  parsed.erase("trace");
  return parsed;
}

TEST(PublicApi, VersionIsTheProjects) {
  EXPECT_STREQ(version(), GOUGECHEK_VERSION);
}

TEST_F(PublicApiFiles, CheckWritesTheClisJsonReport) {
  for (const char* program : {"mold_finish.nc", "mold_finish_bad.nc"}) {
    const std::string part_file = (kSamples / "mold.stl").string();
    const std::string program_file = (kSamples / program).string();
    const e2e::CliRun cli =
        e2e::runCli(dir_, "'" + part_file + "' '" + program_file + "' -t ball:6 --format json");
    ASSERT_LE(cli.exit_code, 1) << cli.err;

    const Part part = readPart(part_file);
    ProgramStream stream = ProgramStream::open(program_file);
    const Report report = check(part, stream, ball6(), VerifySettings{});
    EXPECT_EQ(withoutElapsed(json(report)), withoutElapsed(cli.out)) << program;
    EXPECT_EQ(report.violations.empty(), cli.exit_code == 0);
  }
}

TEST(PublicApi, OnePartServesManyChecksWithTheSameResult) {
  const Part part = readPart((kSamples / "mold.stl").string());
  std::vector<std::size_t> found;
  for (int run = 0; run < 3; ++run) {
    ProgramStream program = ProgramStream::open((kSamples / "mold_finish_bad.nc").string());
    const VerifyResult result = verify(part, program, ball6(), VerifySettings{});
    found.push_back(result.violations.size());
    EXPECT_EQ(program.moves(), 16292u);
  }
  EXPECT_GT(found[0], 0u);
  EXPECT_EQ(found[1], found[0]);
  EXPECT_EQ(found[2], found[0]);
}

TEST(PublicApi, StepPartsNeedTheStepComponent) {
  try {
    readPart("bracket.step");
    FAIL() << "gougechek::core read a STEP file";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "bracket.step");
    EXPECT_NE(error.message().find("gougechek::step"), std::string::npos) << error.message();
  }
}

/// The box [0,10]³ as 12 triangles, counter-clockwise seen from outside.
Mesh box() {
  Mesh mesh;
  for (int i = 0; i < 8; ++i)
    mesh.vertices.push_back({10.0 * (i & 1), 10.0 * ((i >> 1) & 1), 10.0 * (i >> 2)});
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& f : faces) {
    mesh.triangles.push_back({std::uint32_t(f[0]), std::uint32_t(f[1]), std::uint32_t(f[2])});
    mesh.triangles.push_back({std::uint32_t(f[0]), std::uint32_t(f[2]), std::uint32_t(f[3])});
  }
  return mesh;
}

TEST(PublicApi, AMeshAndAProgramGivenAsText) {
  const Part part = Part::fromMesh(box(), "box");
  EXPECT_TRUE(part.diagnostics().warnings.empty());
  // A ball of radius 3 fed 0.5 mm into the top face (z = 10) along y = 5, across the box.
  ProgramStream program =
      ProgramStream::fromText("G21 G90\nG0 X-5 Y5 Z20\nG0 Z9.5\nG1 X15 F500\nM2\n", "job.nc");
  const Report report = check(part, program, ball6(), VerifySettings{});
  ASSERT_EQ(report.violations.size(), 1u);
  EXPECT_EQ(report.violations[0].line, 4u);
  EXPECT_NEAR(report.violations[0].depth, 0.5, 1e-6);
  EXPECT_EQ(report.path_file, "job.nc");
  EXPECT_EQ(report.part_format, "mesh");
  EXPECT_EQ(summaryLine(report).rfind("FAIL: 1 gouge,", 0), 0u) << summaryLine(report);
}

TEST(PublicApi, ProgramErrorsNameTheirLineAndColumn) {
  const Part part = Part::fromMesh(box(), "box");
  ProgramStream program = ProgramStream::fromText("G21\nG0 X0 Y0 Z50\nG1 X1 F100 G7.7\n", "bad.nc");
  try {
    verify(part, program, ball6(), VerifySettings{});
    FAIL() << "G7.7 was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "bad.nc");
    EXPECT_EQ(error.line(), 3u);
    EXPECT_GT(error.column(), 0u);
  }
}

TEST_F(PublicApiFiles, ToolTablesAndWorkOffsetsAreRead) {
  e2e::writeText(dir_ / "tools.tbl", "T1 P1 D6.0 Z+50.0 ;ball flute=24\n");
  const ToolLibrary tools = readToolTable((dir_ / "tools.tbl").string());
  ASSERT_NE(tools.find(1), nullptr);
  EXPECT_EQ(tools.find(1)->type, CutterType::Ball);
  ProgramOptions options;
  addToolOffsets(options, tools);
  EXPECT_EQ(options.tool_lengths_mm.at(1), 50.0);

  e2e::writeText(dir_ / "offsets.var", "5221 10.0\n5222 20.0\n5223 -5.0\n");
  EXPECT_EQ(readWorkOffsets((dir_ / "offsets.var").string()).at(5222), 20.0);
  e2e::writeText(dir_ / "bad.var", "5221 ten\n");
  EXPECT_THROW(readWorkOffsets((dir_ / "bad.var").string()), InputError);
}

}  // namespace
}  // namespace gougechek

namespace gougechek {
namespace {

// A run that ended in an error claims nothing of the check: no raw stock's summary either.
TEST(PublicApi, AnErrorReportClaimsNoRawStock) {
  Report report;
  report.raw_stock = StockReport{};
  report.raw_stock->shape = "box 0,0,0,100,80,28";
  addError(report, nullptr, RunError{RunErrorKind::Input, "misplaced", "p.nc", 0, 0});
  EXPECT_FALSE(report.raw_stock.has_value());
}

}  // namespace
}  // namespace gougechek
