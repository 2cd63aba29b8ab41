// The HTML report's pictures and regions (issue 12) through the public API, as the command line
// and batch make them: drawn at check time, embedded as PNG data URIs.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "gougechek/gougechek.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

const fs::path kSamples = fs::path(GOUGECHEK_SOURCE_DIR) / "samples";

/// A check as `gougechek PART PROGRAM --report r.html` runs it.
Report checkedWithPictures(const std::string& part_file, const std::string& program_file,
                           const std::string& tool) {
  const Part part = readPart(part_file);
  ToolLibrary tools;
  tools.fallback = parseToolSpec(tool, "--tool");
  ProgramOptions options;
  options.path_sample_pieces = kHtmlPathPieces;
  ProgramStream program = ProgramStream::open(program_file, options);
  const VerifySettings settings;
  Report report = reportOfSettings(part_file, program.name(), settings);
  addPart(report, part);
  addResult(report, program, tools, verify(part, program, tools, settings), true);
  addPictures(report, part, program);
  return report;
}

std::string html(const Report& report) {
  std::ostringstream out;
  writeReport(report, ReportFormat::Html, out);
  return out.str();
}

std::string base64Decoded(std::string_view text) {
  std::string out;
  unsigned bits = 0;
  int held = 0;
  for (char c : text) {
    int value;
    if (c >= 'A' && c <= 'Z')
      value = c - 'A';
    else if (c >= 'a' && c <= 'z')
      value = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      value = c - '0' + 52;
    else if (c == '+')
      value = 62;
    else if (c == '/')
      value = 63;
    else if (c == '=')
      break;
    else
      throw std::invalid_argument("not base64");
    bits = (bits << 6) | static_cast<unsigned>(value);
    held += 6;
    if (held >= 8) {
      held -= 8;
      out.push_back(static_cast<char>((bits >> held) & 0xff));
    }
  }
  return out;
}

/// Width and height of each `<img src="data:image/png;base64,...">` of `page`, from the PNG's
/// header; fails the test on one that is not a PNG.
std::vector<std::pair<int, int>> embeddedPngs(const std::string& page) {
  std::vector<std::pair<int, int>> sizes;
  const std::string prefix = "<img src=\"data:image/png;base64,";
  for (std::size_t at = page.find(prefix); at != std::string::npos;
       at = page.find(prefix, at + 1)) {
    const std::size_t begin = at + prefix.size();
    const std::string png =
        base64Decoded(std::string_view(page).substr(begin, page.find('"', begin) - begin));
    EXPECT_TRUE(png.starts_with("\x89PNG\r\n\x1a\n")) << "not a PNG at " << at;
    if (png.size() < 24) continue;
    const auto be32 = [&png](std::size_t i) {
      return (static_cast<unsigned char>(png[i]) << 24) |
             (static_cast<unsigned char>(png[i + 1]) << 16) |
             (static_cast<unsigned char>(png[i + 2]) << 8) | static_cast<unsigned char>(png[i + 3]);
    };
    sizes.emplace_back(be32(16), be32(20));
  }
  return sizes;
}

TEST(HtmlPictures, CleanRunShowsThePartWithThePathChecked) {
  const Report report = checkedWithPictures(
      (kSamples / "mold.stl").string(), (kSamples / "mold_finish.nc").string(), "ball:6,flute=12");
  ASSERT_TRUE(report.violations.empty());
  EXPECT_TRUE(report.regions.empty());
  ASSERT_EQ(report.pictures.size(), 3u);
  const std::string page = html(report);
  const auto pngs = embeddedPngs(page);
  ASSERT_EQ(pngs.size(), 3u);
  for (const auto& [width, height] : pngs) {
    EXPECT_EQ(width, 720);
    EXPECT_EQ(height, 540);
  }
  EXPECT_NE(page.find("top view: the path checked"), std::string::npos);
  EXPECT_EQ(page.find("<h2>Regions</h2>"), std::string::npos);
}

TEST(HtmlPictures, RegionsAreTheSamplesInjectedFaults) {
  const Report report =
      checkedWithPictures((kSamples / "mold.stl").string(),
                          (kSamples / "mold_finish_bad.nc").string(), "ball:6,flute=12");
  // samples/README.md's faults, deepest first: the rapid through the whole block at y = 40,
  // which enters it at (0, 40), and a few lines later the plunge, buried move and rapid out at
  // (22, 58), all 3 mm deep and within 30 mm (5 cutter diameters): one place; then the 0.377
  // and the 0.045 mm gouges.
  ASSERT_EQ(report.regions.size(), 3u);
  const auto lines = [&report](const ReportRegion& region) {
    std::vector<std::uint32_t> out;
    for (std::size_t index : region.violations) out.push_back(report.violations[index].line);
    return out;
  };
  EXPECT_EQ(lines(report.regions[0]), (std::vector<std::uint32_t>{16292, 16295, 16296, 16297}));
  EXPECT_EQ(lines(report.regions[1]), (std::vector<std::uint32_t>{6160, 6161}));
  EXPECT_EQ(lines(report.regions[2]), (std::vector<std::uint32_t>{10138, 10139}));
  for (const ReportRegion& region : report.regions) EXPECT_EQ(region.pictures.size(), 2u);
  const std::string page = html(report);
  // Three of the part, a zoom and a section for each region.
  const auto pngs = embeddedPngs(page);
  EXPECT_EQ(pngs.size(), 9u);
  // The deepest violation of the second region, its line marked among its neighbours.
  EXPECT_NE(page.find("<mark>6160: "), std::string::npos);
  EXPECT_NE(page.find("\n6165: "), std::string::npos);
  EXPECT_EQ(page.find("\n6166: "), std::string::npos);
  EXPECT_NE(page.find("<tr id=\"v-0\" data-marker=\"0\">"), std::string::npos);
}

TEST(HtmlPictures, ErrorPageShowsTheMessageThenThePartWithThePathRead) {
  const Part part = readPart((kSamples / "mold.stl").string());
  ToolLibrary tools;
  tools.fallback = parseToolSpec("ball:6,flute=12", "--tool");
  ProgramOptions options;
  options.path_sample_pieces = kHtmlPathPieces;
  // The moves before the error are in the reader's block that failed: none reached the check.
  ProgramStream program =
      ProgramStream::fromText("G0 X0 Y0 Z40\nG1 X50 Y40 Z30\nG1 X10 Y10 Q!!\n", "bad.nc", options);
  const VerifySettings settings;
  Report report = reportOfSettings("mold.stl", program.name(), settings);
  addPart(report, part);
  try {
    verify(part, program, tools, settings);
    FAIL() << "the program's last line has an error";
  } catch (const InputError& error) {
    addPartPictures(report, part, program);
    addError(report, &program,
             {RunErrorKind::Input, error.message(), error.file(), error.line(), error.column()});
  }
  EXPECT_TRUE(program.pathSample().empty());
  const std::string page = html(report);
  EXPECT_EQ(embeddedPngs(page).size(), 3u);
  const std::size_t message = page.find("<h2>Error</h2>"), read = page.find("<h2>What was read");
  ASSERT_NE(message, std::string::npos);
  ASSERT_NE(read, std::string::npos);
  EXPECT_LT(message, read);
  EXPECT_NE(page.find("<figcaption>top view: the part</figcaption>"), std::string::npos);
}

TEST(HtmlPictures, KnownBadCorpusGougesAreInTheZigzagPocket) {
  const fs::path dir = fs::path(GOUGECHEK_SHARED_DIR) / "corpus/cam/known_bad/pocket_plate_fitarcs";
  const fs::path part = fs::path(GOUGECHEK_SHARED_DIR) / "corpus/cam/pocket_plate/part.stl";
  if (!fs::exists(dir / "linuxcnc.nc") || !fs::exists(part)) GTEST_SKIP() << "corpus absent";
  const Report report =
      checkedWithPictures(part.string(), (dir / "linuxcnc.nc").string(), "flat:6,flute=20");
  ASSERT_FALSE(report.regions.empty());
  for (const ReportRegion& region : report.regions)
    EXPECT_EQ(region.operation, "Pocket_rect_zigzag");
  EXPECT_NE(html(report).find("Pocket_rect_zigzag"), std::string::npos);
}

}  // namespace
}  // namespace gougechek
