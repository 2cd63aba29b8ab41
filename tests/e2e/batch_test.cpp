// The acceptance tests of batch runs (gougechek batch, gougechek merge): the CAM corpus
// (../shared/corpus/cam) as one manifest, every part, post and model (40 known-good checks),
// the known FreeCAD arc-fitting gouges and a broken program; its collected outputs against the
// summary and against the Jenkins JUnit schema; the same manifest in three shards, merged; the
// waivers of a job; and manifest errors.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using e2e::CliRun;
using e2e::contains;
using e2e::readText;
using e2e::runCli;
using e2e::runInShell;
using e2e::shellQuoted;
using e2e::writeText;
using nlohmann::json;

const fs::path kCam = (fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam").lexically_normal();
const fs::path kJunitSchema = fs::path(GOUGECHEK_SOURCE_DIR) / "tests/batch/jenkins-junit.xsd";
const fs::path kSameOutputs = fs::path(GOUGECHEK_SOURCE_DIR) / "tests/batch/same_batch_outputs.py";

const char* const kParts[] = {"pocket_plate", "boss_block", "chamfer_bracket", "mold_core",
                              "mold_cavity"};
/// Each post and the dialect that reads it (the Mach3/Mach4 post writes LinuxCNC's G-code).
const std::pair<const char*, const char*> kPosts[] = {{"linuxcnc.nc", "linuxcnc"},
                                                      {"grbl.nc", "grbl"},
                                                      {"fanuc.nc", "fanuc"},
                                                      {"mach3_mach4.nc", "linuxcnc"}};
const char* const kModels[] = {"part.step", "part.stl"};

/// The corpus README's arc-fitting defect: 0.018 mm into the pocket wall on these lines of
/// known_bad/pocket_plate_fitarcs/linuxcnc.nc.
const std::set<int> kKnownBadLines = {119, 129, 167};
constexpr const char* kKnownBadJob = "pocket_plate-fitarcs-known-bad";
/// chamfer_bracket/linuxcnc.nc with this line (a G1) replaced by an unknown G-code.
constexpr int kBrokenLine = 100;
constexpr const char* kBrokenJob = "chamfer_bracket-broken";

/// Skips a test where the CAM corpus is missing; CI has it, so there its absence fails.
#define REQUIRE_CORPUS()                                                      \
  do {                                                                        \
    if (!fs::is_directory(kCam)) {                                            \
      if (std::getenv("CI")) FAIL() << "CAM corpus " << kCam << " not found"; \
      GTEST_SKIP() << "CAM corpus " << kCam << " not found";                  \
    }                                                                         \
  } while (false)

/// The shortest text that reads back as `value`: 6.0 → "6", 0.25 → "0.25".
std::string number(double value) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

/// A YAML scalar for `text` (a JSON string is a YAML double-quoted scalar).
std::string yamlString(const std::string& text) {
  return json(text).dump();
}

struct CamTool {
  std::string spec;   ///< --tool
  std::string stock;  ///< --stock: the stock to leave to check with
};

/// The cutter and stock a corpus tool.json describes, as --tool and --stock values.
CamTool camTool(const fs::path& tool_json) {
  const json tool = json::parse(std::ifstream(tool_json));
  const std::string type = tool.at("type");
  std::string spec = type + ":" + number(tool.at("diameter"));
  if (type == "bull")
    spec.append(":").append(number(tool.at("corner_radius")));
  else if (type != "ball" && type != "flat")
    throw std::runtime_error(tool_json.string() + ": cutter type '" + type +
                             "' is not ball, flat or bull");
  spec.append(",flute=").append(number(tool.at("flute_length")));
  return {spec, number(tool.at("stock_to_leave"))};
}

/// One job of a manifest: one program against one part.
struct Job {
  std::string name, part, program, tool, stock, dialect;
};

std::string manifestText(const std::vector<Job>& jobs) {
  std::string text = "defaults:\n  tolerance: 0.01\njobs:\n";
  for (const Job& job : jobs) {
    text.append("  - name: ").append(job.name).append("\n");
    text.append("    part: ").append(yamlString(job.part)).append("\n");
    text.append("    program: ").append(yamlString(job.program)).append("\n");
    text.append("    tool: ").append(yamlString(job.tool)).append("\n");
    text.append("    stock: ").append(job.stock).append("\n");
    text.append("    dialect: ").append(job.dialect).append("\n");
  }
  return text;
}

/// The corpus as batch jobs: each part's four posts against its STEP and its STL (40, known
/// good), the known-bad program, and the broken program (broken.nc, beside the manifest).
std::vector<Job> corpusJobs() {
  std::vector<Job> jobs;
  for (const char* part : kParts) {
    const CamTool tool = camTool(kCam / part / "tool.json");
    for (const auto& [post, dialect] : kPosts)
      for (const char* model : kModels) {
        const std::string name = std::string(part) + "-" + fs::path(post).stem().string() + "-" +
                                 fs::path(model).extension().string().substr(1);
        jobs.push_back({name, (kCam / part / model).string(), (kCam / part / post).string(),
                        tool.spec, tool.stock, dialect});
      }
  }
  const fs::path known_bad = kCam / "known_bad" / "pocket_plate_fitarcs";
  const CamTool bad_tool = camTool(known_bad / "tool.json");
  jobs.push_back({kKnownBadJob, (kCam / "pocket_plate" / "part.step").string(),
                  (known_bad / "linuxcnc.nc").string(), bad_tool.spec, bad_tool.stock, "linuxcnc"});
  const CamTool bracket_tool = camTool(kCam / "chamfer_bracket" / "tool.json");
  jobs.push_back({kBrokenJob, (kCam / "chamfer_bracket" / "part.stl").string(), "broken.nc",
                  bracket_tool.spec, bracket_tool.stock, "linuxcnc"});
  return jobs;
}

/// chamfer_bracket/linuxcnc.nc with line kBrokenLine replaced by `G6 X1` (no such G-code).
std::string brokenProgram() {
  std::istringstream in(readText(kCam / "chamfer_bracket" / "linuxcnc.nc"));
  std::string text, line;
  for (int number = 1; std::getline(in, line); ++number)
    text.append(number == kBrokenLine ? "G6 X1" : line).append("\n");
  return text;
}

/// Size and modification time of `file`: they change when it is rebuilt or regenerated.
std::string fileStamp(const fs::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return file.string() + " missing\n";
  std::ostringstream stamp;
  stamp << file.string() << " " << info.st_size << " " << info.st_mtim.tv_sec << "."
        << info.st_mtim.tv_nsec << "\n";
  return stamp.str();
}

/// The built CLI with the libraries and STEP worker beside it that it runs.
std::string buildStamp() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(fs::path(GOUGECHEK_CLI).parent_path())) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() &&
        (name.starts_with("gougechek") || name.starts_with("libgougechek")))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::string stamp;
  for (const fs::path& file : files) stamp.append(fileStamp(file));
  return stamp;
}

/// An exclusive lock on a file, held while the object lives (and released if the process dies).
class FileLock {
 public:
  explicit FileLock(const fs::path& file)
      : fd_(::open(file.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
    if (fd_ < 0 || ::flock(fd_, LOCK_EX) != 0)
      throw std::runtime_error("cannot lock " + file.string());
  }
  ~FileLock() { ::close(fd_); }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

json runJson(const CliRun& run) {
  return {{"exit_code", run.exit_code}, {"out", run.out}, {"err", run.err}};
}

CliRun runOf(const json& saved) {
  return {saved.at("exit_code"), saved.at("out"), saved.at("err")};
}

/// A scratch folder of its own for each test.
class Scratch : public testing::Test {
 protected:
  void SetUp() override {
    static int count = 0;
    work_ = fs::temp_directory_path() /
            ("gougechek_batch_test_" + std::to_string(::getpid()) + "_" + std::to_string(++count));
    fs::remove_all(work_);
    fs::create_directories(work_);
  }
  void TearDown() override { fs::remove_all(work_); }

  fs::path work_;
};

/// The corpus manifest's runs: once whole into single/, once as shards 0/3, 1/3 and 2/3 into
/// shard0/ … shard2/, merged into merged/. They take half a minute on 2 cores, and ctest runs
/// every test in a process of its own: so they run once for the build in a folder beside the
/// test program and are used again while the CLI, its libraries and the inputs are unchanged
/// (runs.json records their stamp, last). A lock makes tests running side by side wait for
/// one run. The tests only read that folder; what they run themselves runs in their scratch
/// folder.
class CorpusBatch : public Scratch {
 protected:
  // Called for each suite of this fixture (JunitSchema, MergeRefusal): the first sets up.
  static void SetUpTestSuite() {
    if (!fs::is_directory(kCam) || !run_.empty()) return;
    jobs_ = corpusJobs();
    run_ = fs::read_symlink("/proc/self/exe").parent_path() / "batch_corpus_run";
    fs::create_directories(run_);
    const FileLock lock(run_ / "lock");
    const std::string manifest = manifestText(jobs_), broken = brokenProgram();
    std::string stamp = buildStamp() + manifest + broken;
    for (const Job& job : jobs_)
      if (job.name != kBrokenJob) stamp.append(fileStamp(job.part)).append(fileStamp(job.program));
    const fs::path record = run_ / "runs.json";
    if (fs::exists(record)) {
      const json runs = json::parse(readText(record));
      if (runs.at("stamp") == stamp) {
        single_ = runOf(runs.at("single"));
        for (const json& shard : runs.at("shards")) shards_.push_back(runOf(shard));
        merge_ = runOf(runs.at("merge"));
        return;
      }
    }
    for (const auto& entry : fs::directory_iterator(run_))
      if (entry.path().filename() != "lock") fs::remove_all(entry.path());
    writeText(run_ / "manifest.yaml", manifest);
    writeText(run_ / "broken.nc", broken);
    single_ = runCli(run_, "batch manifest.yaml --out single");
    for (int shard = 0; shard < 3; ++shard)
      shards_.push_back(runCli(run_, "batch manifest.yaml -q --out shard" + std::to_string(shard) +
                                         " --shard " + std::to_string(shard) + "/3"));
    merge_ = runCli(run_, "merge --out merged shard0 shard1 shard2");
    json shards = json::array();
    for (const CliRun& shard : shards_) shards.push_back(runJson(shard));
    writeText(record, json{{"stamp", stamp},
                           {"single", runJson(single_)},
                           {"shards", shards},
                           {"merge", runJson(merge_)}}
                          .dump(1));
  }

  void SetUp() override {
    REQUIRE_CORPUS();
    Scratch::SetUp();
  }

  /// `name` in the corpus run's folder, as a shell word.
  static std::string ran(const std::string& name) { return shellQuoted((run_ / name).string()); }

  /// tests/batch/same_batch_outputs.py on two folders of the corpus run: 0 when the same.
  CliRun compareOutputs(const std::string& a, const std::string& b) const {
    return runInShell(work_, "/usr/bin/python3 " + shellQuoted(kSameOutputs.string()) + " " +
                                 ran(a) + " " + ran(b));
  }

  /// The summary.json of `folder` of the corpus run, read once.
  static const json& summary(const std::string& folder) {
    static std::map<std::string, json> read;
    auto found = read.find(folder);
    if (found == read.end())
      found = read.emplace(folder, json::parse(readText(run_ / folder / "summary.json"))).first;
    return found->second;
  }

  /// The summary.json entry of job `name` of the single run.
  static json job(const std::string& name) {
    for (const json& entry : summary("single").at("jobs"))
      if (entry.at("name") == name) return entry;
    ADD_FAILURE() << "no job " << name << " in summary.json";
    return json::object();
  }

  static inline std::vector<Job> jobs_;
  static inline fs::path run_;  ///< the corpus run's folder
  static inline CliRun single_, merge_;
  static inline std::vector<CliRun> shards_;
};

TEST_F(CorpusBatch, ExitsWithTwoAndCounts40Pass1Fail1Error) {
  EXPECT_EQ(single_.exit_code, 2) << single_.err;
  EXPECT_EQ(single_.out,
            "gougechek: batch ERROR: 42 jobs (40 pass, 1 fail, 1 error), 42 programs, 3 gouges, "
            "0 rapid collisions, 0 holder collisions; see single/index.html\n");
  const json totals = summary("single").at("totals");
  EXPECT_EQ(totals.at("jobs"), 42);
  EXPECT_EQ(totals.at("jobs_passed"), 40);
  EXPECT_EQ(totals.at("jobs_failed"), 1);
  EXPECT_EQ(totals.at("jobs_in_error"), 1);
  EXPECT_EQ(totals.at("checks"), 42);
}

TEST_F(CorpusBatch, EveryKnownGoodJobPassesWithoutFindings) {
  for (const json& entry : summary("single").at("jobs")) {
    if (entry.at("name") == kKnownBadJob || entry.at("name") == kBrokenJob) continue;
    EXPECT_EQ(entry.at("status"), "pass") << entry.at("name");
    for (const json& check : entry.at("checks"))
      EXPECT_TRUE(check.at("report").at("violations").empty()) << entry.at("name");
  }
}

TEST_F(CorpusBatch, EachPartFileIsImportedOnceForAllItsChecks) {
  std::map<std::string, int> expected;  // part file → checks against it
  for (const Job& job : jobs_) ++expected[job.part];
  std::map<std::string, int> imported;
  for (const json& part : summary("single").at("timings").at("parts")) {
    const std::string file = part.at("file");
    EXPECT_EQ(imported.count(file), 0u) << file << " is imported twice";
    EXPECT_EQ(part.at("imports"), 1) << file;
    imported[file] = part.at("checks");
  }
  EXPECT_EQ(imported, expected);
}

TEST_F(CorpusBatch, KnownBadJobFailsWithItsThreeGouges) {
  const json entry = job(kKnownBadJob);
  EXPECT_EQ(entry.at("status"), "fail");
  ASSERT_EQ(entry.at("checks").size(), 1u);
  const json& violations = entry.at("checks")[0].at("report").at("violations");
  std::set<int> lines;
  for (const json& violation : violations) {
    EXPECT_EQ(violation.at("kind"), "gouge");
    // 0.018 mm, within docs/checking-rules.md's ε = max(0.1·tolerance, 1% of the depth).
    EXPECT_NEAR(violation.at("depth").get<double>(), 0.018, 0.001);
    lines.insert(violation.at("line").get<int>());
  }
  EXPECT_EQ(violations.size(), 3u);
  EXPECT_EQ(lines, kKnownBadLines);
}

TEST_F(CorpusBatch, BrokenProgramIsAnInputErrorAtItsLine) {
  const json entry = job(kBrokenJob);
  EXPECT_EQ(entry.at("status"), "error");
  ASSERT_EQ(entry.at("checks").size(), 1u);
  const json& error = entry.at("checks")[0].at("report").at("error");
  EXPECT_EQ(error.at("kind"), "input");
  EXPECT_EQ(error.at("file"), "broken.nc");
  EXPECT_EQ(error.at("line"), kBrokenLine);
  EXPECT_EQ(error.at("message"), "unknown G code G6");
  // The collected outputs give the place as file:line too.
  const std::string place = "broken.nc:" + std::to_string(kBrokenLine) + ":";
  EXPECT_TRUE(contains(readText(run_ / "single/index.html"), "error: " + place));
  EXPECT_TRUE(contains(readText(run_ / "single/junit.xml"), ">" + place));
}

/// The cells of one row of index.html's table: the class of each (empty when it has none) and
/// its text.
struct Row {
  std::vector<std::string> classes, texts;
};

std::vector<Row> indexRows(const std::string& html) {
  std::vector<Row> rows;
  std::istringstream lines(html);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.starts_with("<tr><td") && !line.starts_with("<tr class=")) continue;
    Row row;
    // Each cell: <td> or <td class="..."> then its text up to </td> (cells hold no <td>).
    for (std::size_t at = line.find("<td"); at != std::string::npos; at = line.find("<td", at)) {
      const std::size_t open_end = line.find('>', at);
      const std::size_t close = line.find("</td>", open_end);
      if (open_end == std::string::npos || close == std::string::npos) break;
      const std::string open = line.substr(at, open_end - at);
      const std::size_t quote = open.find("class=\"");
      row.classes.push_back(
          quote == std::string::npos ? "" : open.substr(quote + 7, open.rfind('"') - quote - 7));
      row.texts.push_back(line.substr(open_end + 1, close - open_end - 1));
      at = close;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

TEST_F(CorpusBatch, IndexHtmlHasARowPerCheckWithItsStatusAndCountsWorstFirst) {
  const std::vector<Row> rows = indexRows(readText(run_ / "single/index.html"));
  ASSERT_EQ(rows.size(), 42u);
  for (const json& entry : summary("single").at("jobs"))
    for (const json& check : entry.at("checks")) {
      const auto row = std::find_if(rows.begin(), rows.end(), [&](const Row& r) {
        return r.texts.size() >= 7 && r.texts[0] == entry.at("name") &&
               r.texts[1] == check.at("program");
      });
      ASSERT_NE(row, rows.end()) << "no row for job " << entry.at("name");
      const json& counts = check.at("report").at("summary");
      EXPECT_EQ(row->classes[3], counts.at("status")) << entry.at("name");
      EXPECT_TRUE(row->texts[3].starts_with(counts.at("status").get<std::string>()));
      const char* keys[] = {"gouges", "rapid_collisions", "holder_collisions"};
      for (int i = 0; i < 3; ++i)
        EXPECT_EQ(row->texts[4 + i], counts.contains(keys[i]) ? counts.at(keys[i]).dump() : "")
            << entry.at("name") << " " << keys[i];
    }
  // Failures first, then checks in error, then passes (one of each here and 40 passes).
  const auto rank = [](const Row& row) {
    return row.classes[3] == "fail" ? 0 : row.classes[3] == "error" ? 1 : 2;
  };
  for (std::size_t i = 1; i < rows.size(); ++i)
    EXPECT_LE(rank(rows[i - 1]), rank(rows[i])) << "row " << i << ": " << rows[i].texts[0];
  EXPECT_EQ(rows.front().classes[3], "fail");
}

/// Occurrences of `part` in `text`.
std::size_t countOf(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

TEST_F(CorpusBatch, JunitXmlCountsAgreeWithTheSummary) {
  const std::string xml = readText(run_ / "single/junit.xml");
  EXPECT_TRUE(contains(xml,
                       "<testsuites name=\"gougechek batch\" tests=\"42\" failures=\"1\" "
                       "errors=\"1\">"))
      << xml.substr(0, 200);
  EXPECT_EQ(countOf(xml, "<testsuite "), 42u);
  EXPECT_EQ(countOf(xml, "<testcase "), 42u);
  EXPECT_EQ(countOf(xml, "<failure "), 1u);
  EXPECT_EQ(countOf(xml, "<error "), 1u);
  // Each in its job's suite.
  const auto suite = [&xml](const std::string& name) {
    const std::size_t begin = xml.find("<testsuite name=\"" + name + "\"");
    return begin == std::string::npos ? ""
                                      : xml.substr(begin, xml.find("</testsuite>", begin) - begin);
  };
  const std::string bad = suite(kKnownBadJob), broken = suite(kBrokenJob);
  EXPECT_TRUE(contains(bad, "failures=\"1\" errors=\"0\"")) << bad;
  EXPECT_TRUE(contains(bad, "<failure type=\"violations\" message=\"3 violations\">")) << bad;
  for (const int line : kKnownBadLines)
    EXPECT_TRUE(contains(bad, "linuxcnc.nc:" + std::to_string(line) + ": gouge 0.01")) << line;
  EXPECT_TRUE(contains(broken, "failures=\"0\" errors=\"1\"")) << broken;
  EXPECT_TRUE(contains(broken, "<error type=\"input\" message=\"unknown G code G6\">")) << broken;
}

/// The fields of a CSV line (RFC 4180 quoting).
std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back().push_back('"');
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back().push_back(c);
    }
  }
  return fields;
}

TEST_F(CorpusBatch, ResultsCsvRowsAreTheViolationsOfTheSummary) {
  // job, program, kind, line, depth: every violation and every error of the summary.
  using Finding = std::vector<std::string>;
  std::vector<Finding> expected;
  for (const json& entry : summary("single").at("jobs"))
    for (const json& check : entry.at("checks")) {
      const json& report = check.at("report");
      for (const json& violation : report.at("violations"))
        expected.push_back({entry.at("name"), check.at("program"), violation.at("kind"),
                            violation.at("line").dump(), violation.at("depth").dump()});
      if (report.contains("error"))
        expected.push_back({entry.at("name"), check.at("program"), "error",
                            report.at("error").at("line").dump(), ""});
    }
  std::istringstream lines(readText(run_ / "single/results.csv"));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(
      line,
      "job,program,kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,change");
  std::vector<Finding> rows;
  while (std::getline(lines, line)) {
    const std::vector<std::string> fields = csvFields(line);
    ASSERT_EQ(fields.size(), 14u) << line;
    rows.push_back({fields[0], fields[1], fields[2], fields[3], fields[6]});
  }
  EXPECT_EQ(rows, expected);
  // Those of the corpus: the three gouges of the known-bad job and the broken program.
  ASSERT_EQ(rows.size(), 4u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(rows[i][0], kKnownBadJob);
    EXPECT_EQ(rows[i][2], "gouge");
  }
  EXPECT_EQ(rows[3], (Finding{kBrokenJob, "broken.nc", "error", std::to_string(kBrokenLine), ""}));
}

/// A manifest of one job, the known-bad program against the STL of its part (quick to read),
/// with `waivers` (YAML list items, indented for the job).
std::string knownBadManifest(const std::string& waivers) {
  const fs::path known_bad = kCam / "known_bad" / "pocket_plate_fitarcs";
  const CamTool tool = camTool(known_bad / "tool.json");
  return manifestText({{"known-bad", (kCam / "pocket_plate" / "part.stl").string(),
                        (known_bad / "linuxcnc.nc").string(), tool.spec, tool.stock, "linuxcnc"}})
      .append("    waivers:\n")
      .append(waivers);
}

/// The JUnit schema tests need xmllint (Debian package libxml2-utils, which
/// scripts/install-deps.sh installs): skipped loudly without it, except under CI.
class JunitSchema : public CorpusBatch {
 protected:
  void SetUp() override {
    CorpusBatch::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    if (std::system("command -v xmllint >/dev/null 2>&1") == 0) return;
    const char* missing =
        "xmllint not found (Debian package libxml2-utils, see scripts/install-deps.sh): "
        "the JUnit outputs are NOT checked against the Jenkins schema";
    if (std::getenv("CI")) FAIL() << missing;
    GTEST_SKIP() << missing;
  }

  /// xmllint's verdict on `files` (shell words).
  CliRun validate(const std::vector<std::string>& files) const {
    std::string command = "xmllint --noout --schema " + shellQuoted(kJunitSchema.string());
    for (const std::string& file : files) command.append(" ").append(file);
    return runInShell(work_, command);
  }
};

TEST_F(JunitSchema, BatchJunitXmlIsValid) {
  const CliRun result = validate({ran("single/junit.xml")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST_F(JunitSchema, PerCheckJunitReportsAreValid) {
  // A failing, an erroneous and a passing check.
  const CliRun result =
      validate({ran("single/jobs/" + std::string(kKnownBadJob) + "/linuxcnc.nc.xml"),
                ran("single/jobs/" + std::string(kBrokenJob) + "/broken.nc.xml"),
                ran("single/jobs/pocket_plate-linuxcnc-step/linuxcnc.nc.xml")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

// A waived finding is listed in its case's system-out, after the failure of the others.
TEST_F(JunitSchema, ReportsWithWaivedFindingsAreValid) {
  writeText(work_ / "manifest.yaml", knownBadManifest("      - lines: 129\n"
                                                      "        max_depth: 0.02\n"
                                                      "        by: A. Machinist\n"
                                                      "        reason: arc-fit bulge\n"));
  ASSERT_EQ(runCli(work_, "batch manifest.yaml -q --out out").exit_code, 1);
  ASSERT_TRUE(contains(readText(work_ / "out/junit.xml"), "[waived by A. Machinist"));
  const CliRun result = validate({"out/junit.xml", "out/jobs/known-bad/linuxcnc.nc.xml"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

// The schema does reject what Jenkins would not read, so the validations above can fail.
TEST_F(JunitSchema, RejectsATestcaseWithoutAName) {
  writeText(work_ / "nameless.xml",
            "<testsuites><testsuite name=\"s\" tests=\"1\"><testcase classname=\"c\"/>"
            "</testsuite></testsuites>\n");
  const CliRun result = validate({"nameless.xml"});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_TRUE(contains(result.err, "'name' is required")) << result.err;
}

/// Names of the jobs of a batch output's summary.
std::vector<std::string> jobNames(const json& summary) {
  std::vector<std::string> names;
  for (const json& entry : summary.at("jobs")) names.push_back(entry.at("name"));
  return names;
}

TEST_F(CorpusBatch, ShardsTogetherHoldEveryJobOnce) {
  std::multiset<std::string> sharded;
  for (int shard = 0; shard < 3; ++shard) {
    EXPECT_NE(shards_[shard].exit_code, -1) << shards_[shard].err;
    const json& part = summary("shard" + std::to_string(shard));
    EXPECT_EQ(part.at("shard"), json({{"index", shard}, {"count", 3}}));
    const std::vector<std::string> names = jobNames(part);
    EXPECT_FALSE(names.empty()) << "shard " << shard << " has no job";
    sharded.insert(names.begin(), names.end());
  }
  const std::vector<std::string> all = jobNames(summary("single"));
  EXPECT_EQ(sharded, std::multiset<std::string>(all.begin(), all.end()));
}

TEST_F(CorpusBatch, MergedShardsEqualTheSingleRun) {
  EXPECT_EQ(merge_.exit_code, 2) << merge_.err;
  EXPECT_EQ(merge_.out,
            "gougechek: batch ERROR: 42 jobs (40 pass, 1 fail, 1 error), 42 programs, "
            "3 gouges, 0 rapid collisions, 0 holder collisions; see merged/index.html\n");
  const CliRun same = compareOutputs("single", "merged");
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  // The comparison tells a shard from the whole.
  EXPECT_EQ(compareOutputs("single", "shard0").exit_code, 1);
}

/// A merge's refusal: exit code 2, the message, and no output folder.
class MergeRefusal : public CorpusBatch {
 protected:
  /// Merges `shards` (shard folders of the corpus run, or others in the scratch folder).
  void expectRefused(const std::vector<std::string>& shards, const std::string& message) {
    std::string words;
    for (const std::string& shard : shards)
      words.append(" ").append(fs::exists(work_ / shard) ? shard : ran(shard));
    const CliRun result = runCli(work_, "merge --out merged" + words);
    EXPECT_EQ(result.exit_code, 2) << words;
    EXPECT_EQ(result.err, "gougechek: error: " + message + "\n") << words;
    EXPECT_FALSE(fs::exists(work_ / "merged")) << words;
  }
};

TEST_F(MergeRefusal, AShardGivenTwice) {
  expectRefused({"shard0", "shard1", "shard1", "shard2"},
                (run_ / "shard1/summary.json").string() + ": shard 1 is given twice");
}

TEST_F(MergeRefusal, AMissingShard) {
  expectRefused({"shard0", "shard2"}, (run_ / "shard0").string() + ": shard 1 of 3 is missing");
}

TEST_F(MergeRefusal, AShardOfAnotherManifest) {
  // Shard 1/3 of a one-job manifest: the job goes to shard 0, so this one runs nothing.
  writeText(work_ / "other.yaml", manifestText({jobs_.front()}));
  const CliRun shard = runCli(work_, "batch other.yaml -q --out other --shard 1/3");
  ASSERT_EQ(shard.exit_code, 0) << shard.err;
  expectRefused(
      {"shard0", "other", "shard2"},
      "other/summary.json: a shard of another run (other manifest, shard count or baseline)");
}

/// The known-bad program's job with waivers (knownBadManifest).
class KnownBadWaivers : public Scratch {
 protected:
  void SetUp() override {
    REQUIRE_CORPUS();
    Scratch::SetUp();
  }

  /// Runs the job with `waivers` into out/.
  CliRun run(const std::string& waivers) {
    writeText(work_ / "manifest.yaml", knownBadManifest(waivers));
    return runCli(work_, "batch manifest.yaml -q --out out");
  }

  json report() const {
    const json summary = json::parse(readText(work_ / "out/summary.json"));
    return summary.at("jobs")[0].at("checks")[0].at("report");
  }

  /// The lines of the findings of the report that a waiver accepted.
  std::set<int> waivedLines() const {
    std::set<int> lines;
    const json check = report();
    for (const json& violation : check.at("violations"))
      if (violation.contains("waived")) lines.insert(violation.at("line").get<int>());
    return lines;
  }
};

TEST_F(KnownBadWaivers, AWaiverOfOneLineWaivesJustThatGouge) {
  // Lines 120-166 hold 129 alone of the three (119 and 167 are just outside).
  const CliRun result =
      run("      - kind: gouge\n"
          "        lines: 120-166\n"
          "        max_depth: 0.02\n"
          "        by: A. Machinist\n"
          "        reason: arc-fit bulge, removed by the finishing pass\n");
  EXPECT_EQ(result.exit_code, 1) << result.err;  // the other two still fail the job
  EXPECT_EQ(waivedLines(), std::set<int>{129});
  const json check = report();
  EXPECT_EQ(check.at("summary").at("status"), "fail");
  EXPECT_EQ(check.at("summary").at("gouges"), 2);
  EXPECT_EQ(check.at("summary").at("waived"), 1);
  for (const json& violation : check.at("violations")) {
    if (violation.at("line") != 129) continue;
    EXPECT_EQ(
        violation.at("waived"),
        json({{"by", "A. Machinist"}, {"reason", "arc-fit bulge, removed by the finishing pass"}}));
  }
  const json summary = json::parse(readText(work_ / "out/summary.json"));
  EXPECT_EQ(summary.at("jobs")[0].at("waivers")[0].at("waived"), 1);
  // results.csv: waived_by on that row alone.
  std::istringstream csv(readText(work_ / "out/results.csv"));
  std::string line;
  std::getline(csv, line);
  std::map<std::string, std::string> waived_by;  // line → waived_by
  while (std::getline(csv, line)) {
    const std::vector<std::string> fields = csvFields(line);
    waived_by[fields.at(3)] = fields.at(12);
  }
  EXPECT_EQ(waived_by, (std::map<std::string, std::string>{
                           {"119", ""}, {"129", "A. Machinist"}, {"167", ""}}));
}

TEST_F(KnownBadWaivers, AWaiverShallowerThanTheGougesWaivesNothing) {
  const CliRun result =
      run("      - lines: 119-167\n"
          "        max_depth: 0.01\n"
          "        by: A. Machinist\n"
          "        reason: only what the tolerance hides\n");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(waivedLines(), std::set<int>{});
  EXPECT_EQ(report().at("summary").at("gouges"), 3);
  const json summary = json::parse(readText(work_ / "out/summary.json"));
  EXPECT_EQ(summary.at("jobs")[0].at("waivers")[0].at("waived"), 0);
}

TEST_F(KnownBadWaivers, ARegionWaiverWaivesJustTheFindingInside) {
  // The corpus README: the bulges reach x = 45.018 between y = 32.6 and 34.13, one per
  // step-down at z = 13, 11 and 9; this box holds the one at z = 9 (line 167).
  const CliRun result =
      run("      - region: {min: [44.9, 32.5, 8.9], max: [45.1, 34.2, 9.1]}\n"
          "        max_depth: 0.02\n"
          "        by: A. Machinist\n"
          "        reason: last step-down, finished by the wall pass\n");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(waivedLines(), std::set<int>{167});
}

TEST_F(KnownBadWaivers, WaiversOfEveryGougeLetTheJobPass) {
  const CliRun result =
      run("      - kind: gouge\n"
          "        program: linuxcnc.nc\n"
          "        lines: 119-167\n"
          "        max_depth: 0.02\n"
          "        by: A. Machinist\n"
          "        reason: arc-fit bulges, removed by the finishing pass\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(waivedLines(), kKnownBadLines);
  EXPECT_EQ(report().at("summary").at("status"), "pass");
}

TEST_F(KnownBadWaivers, AWaiverOfAProgramNotInTheJobIsAManifestError) {
  const CliRun result =
      run("      - program: grbl.nc\n"
          "        lines: 119-167\n"
          "        max_depth: 0.02\n"
          "        by: A. Machinist\n"
          "        reason: arc-fit bulges\n");
  EXPECT_EQ(result.exit_code, 2);
  // The waiver starts on line 11 of the manifest, after the defaults, the job and `waivers:`.
  EXPECT_EQ(result.err,
            "gougechek: error: manifest.yaml:11: the waiver names program 'grbl.nc', which is not "
            "one of job 'known-bad''s programs\n");
  EXPECT_FALSE(fs::exists(work_ / "out"));
}

/// Manifests with one fault each, against a small box part and program: refused before
/// anything runs, with the manifest's line and column.
class ManifestErrors : public Scratch {
 protected:
  void SetUp() override {
    Scratch::SetUp();
    writeText(work_ / "box.stl", e2e::boxStl());
    writeText(work_ / "clean.nc", "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\nM30\n");
  }

  /// Exit code 2 and `message` for the manifest `text`, and no output folder.
  void expectRefused(const std::string& text, const std::string& message) {
    writeText(work_ / "manifest.yaml", text);
    // Killed after a while: the YAML reader once never returned on some manifests.
    const CliRun result = runInShell(work_, "timeout -s KILL 30 " + shellQuoted(GOUGECHEK_CLI) +
                                                " batch manifest.yaml --out out");
    EXPECT_EQ(result.exit_code, 2) << text;
    EXPECT_EQ(result.err, "gougechek: error: manifest.yaml:" + message + "\n") << text;
    EXPECT_EQ(result.out, "");
    EXPECT_FALSE(fs::exists(work_ / "out"));
  }
};

// A valid job to start from: line 2 is its first, the settings are at column 5.
constexpr const char* kJob =
    "jobs:\n"
    "  - name: box\n"
    "    part: box.stl\n"
    "    program: clean.nc\n"
    "    tool: ball:6\n";

TEST_F(ManifestErrors, TheValidJobRuns) {
  writeText(work_ / "manifest.yaml", kJob);
  const CliRun result = runCli(work_, "batch manifest.yaml -q --out out");
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST_F(ManifestErrors, UnknownKey) {
  expectRefused(std::string(kJob) + "    tolerence: 0.01\n",
                "6:5: unknown key 'tolerence' (did you mean 'tolerance'?)");
}

TEST_F(ManifestErrors, UnknownKeyInTheDefaults) {
  expectRefused(std::string("defaults:\n  tolerence: 0.01\n").append(kJob),
                "2:3: unknown key 'tolerence' (did you mean 'tolerance'?)");
}

TEST_F(ManifestErrors, RunOptionInAJob) {
  expectRefused(std::string(kJob) + "    threads: 4\n", "6:5: unknown key 'threads'");
}

TEST_F(ManifestErrors, JobWithoutAPart) {
  expectRefused(
      "jobs:\n"
      "  - name: box\n"
      "    program: clean.nc\n",
      "2:5: job 'box' names no part");
}

TEST_F(ManifestErrors, TwoJobsWithOneName) {
  expectRefused(std::string(kJob) + std::string(kJob).substr(6), "6:5: a second job named 'box'");
}

TEST_F(ManifestErrors, BadToolSpec) {
  expectRefused(
      "jobs:\n"
      "  - name: box\n"
      "    part: box.stl\n"
      "    program: clean.nc\n"
      "    tool: reamer:6\n",
      "5:11: tool: unknown cutter type 'reamer' in 'reamer:6'; expected ball:D, flat:D, "
      "bull:D:r, taper:D:r:A, chamfer:D:d:A, vbit:D:V, spot:D:V, drill:D:P, lollipop:D or "
      "dovetail:D:A:h");
}

TEST_F(ManifestErrors, BadToolSpecInTheDefaults) {
  expectRefused(
      "defaults:\n"
      "  tool: bull:6:4\n"
      "jobs:\n"
      "  - name: box\n"
      "    part: box.stl\n"
      "    program: clean.nc\n",
      "2:9: tool: bull corner radius 4 exceeds half the diameter 3");
}

TEST_F(ManifestErrors, ValueTheCommandLineRefuses) {
  expectRefused(std::string(kJob) + "    tolerance: -0.01\n",
                "6:16: tolerance must be >= 0, got -0.01");
}

TEST_F(ManifestErrors, WaiverWithoutBy) {
  expectRefused(std::string(kJob) +
                    "    waivers:\n"
                    "      - lines: 3\n"
                    "        max_depth: 0.1\n"
                    "        reason: accepted\n",
                "7:9: a waiver says who accepted it and why (by:, reason:)");
}

TEST_F(ManifestErrors, YamlSyntaxError) {
  expectRefused(
      "jobs:\n"
      "  - name: box\n"
      "    programs: [clean.nc\n"
      "    part: box.stl\n",
      "4:9: end of sequence flow not found");
}

// The hostile pass's D1: yaml-cpp keeps both of a key given twice, and a lookup finds one while
// a loop sees both; YAML::Load reads only the first document. Either dropped programs.
TEST_F(ManifestErrors, AKeyGivenTwiceInAJob) {
  expectRefused(std::string(kJob) + "    program: other.nc\n",
                "6:5: duplicate key 'program' (first on line 4)");
}

TEST_F(ManifestErrors, AKeyGivenTwiceAtTheTop) {
  expectRefused(std::string(kJob) + "jobs:\n  - name: other\n    part: box.stl\n",
                "6:1: duplicate key 'jobs' (first on line 1)");
  expectRefused(std::string("defaults:\n  tolerance: 0.01\ndefaults:\n  stock: 0.1\n") + kJob,
                "3:1: duplicate key 'defaults' (first on line 1)");
}

TEST_F(ManifestErrors, AKeyGivenTwiceInAWaiver) {
  expectRefused(std::string(kJob) +
                    "    waivers:\n"
                    "      - lines: 3\n"
                    "        max_depth: 0.1\n"
                    "        by: A. Machinist\n"
                    "        by: B. Machinist\n"
                    "        reason: accepted\n",
                "10:9: duplicate key 'by' (first on line 9)");
}

TEST_F(ManifestErrors, ASecondDocument) {
  expectRefused(std::string(kJob) + "---\n" + kJob,
                "7:1: a second YAML document (after '---'): a manifest is one document");
}

// The fuzz_batch harness's hang: yaml-cpp 0.7's LoadAll never returned on a ',' where a
// document starts (it read null there without consuming the ',', then the next document began
// at the same place), filling the memory with empty documents.
TEST_F(ManifestErrors, ACommaWhereADocumentStarts) {
  const std::string message =
      "unexpected ',' where a YAML value should start (',' separates items only inside [...] "
      "and {...})";
  expectRefused(",a:\n \"b: c\n", "1:1: " + message);
  expectRefused(",", "1:1: " + message);
  expectRefused("&anchor ,\n", "1:9: " + message);
  expectRefused("[a],\n", "1:4: " + message);
  expectRefused("{jobs: []} ,\n", "1:12: " + message);
  expectRefused("a\n...\n,\n", "3:1: " + message);
  expectRefused("%YAML 1.2\n---\n,\n", "3:1: " + message);
  expectRefused(std::string(kJob) + "...\n,\n", "7:1: " + message);
}

TEST_F(ManifestErrors, OneDocumentMarkedWithItsStartAndEnd) {
  writeText(work_ / "manifest.yaml", std::string("---\n") + kJob + "...\n");
  const CliRun result = runCli(work_, "batch manifest.yaml -q --out out");
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST_F(ManifestErrors, NestedTooDeeply) {
  // The hostile pass's D21: yaml-cpp's own message was "bad file".
  writeText(work_ / "manifest.yaml",
            "jobs: " + std::string(100000, '[') + std::string(100000, ']') + "\n");
  const CliRun result = runCli(work_, "batch manifest.yaml --out out");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "lists and maps nested too deeply for the YAML reader"))
      << result.err;
  EXPECT_TRUE(result.err.starts_with("gougechek: error: manifest.yaml:1:")) << result.err;
}

TEST_F(ManifestErrors, AliasesThatExpandWithoutBound) {
  // Each level repeats the one before ten times: 10^30 nodes from a few hundred bytes, which
  // the walk looking for duplicate keys must not try to visit.
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int level = 1; level <= 30; ++level) {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on chained string '+'.
    const std::string before = "*a" + std::to_string(level - 1);
    text.append("a").append(std::to_string(level)).append(": &a");
    text.append(std::to_string(level)).append(" [").append(before);
    for (int i = 1; i < 10; ++i) text.append(", ").append(before);
    text.append("]\n");
  }
  writeText(work_ / "manifest.yaml", text + kJob);
  const CliRun result = runCli(work_, "batch manifest.yaml --out out");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "aliases (*name) repeat the manifest's nodes too often"))
      << result.err;
}

TEST_F(ManifestErrors, AJobNameTooLongForAFolder) {
  // The hostile pass's D12: the run failed once every check had run, with no summary.
  // Appended, not `"…" + std::string(300, 'n') + "…"`, which GCC 12 at -O3 misreads as an
  // out-of-bounds copy (-Warray-bounds) depending on what else the file inlines.
  std::string manifest = "jobs:\n  - name: ";
  manifest.append(300, 'n').append(
      "\n    part: box.stl\n    program: clean.nc\n    tool: ball:6\n");
  expectRefused(manifest, "2:11: job name of 300 characters: at most 128 (it names a folder)");
}

TEST_F(ManifestErrors, AProgramNameTooLongForItsReports) {
  // Its reports, NAME.json and NAME.html, or its stock, NAME.gcstock, could not be written once
  // it was checked: 248 characters leave no room for ".gcstock".
  const std::string name = std::string(245, 'p') + ".nc";
  writeText(work_ / name, readText(work_ / "clean.nc"));
  expectRefused(
      "jobs:\n  - name: box\n    part: box.stl\n    tool: ball:6\n    program: " + name + "\n",
      "5:14: program: a file name of 248 characters: its outputs (NAME.gcstock) would be "
      "longer than a file name may be (255)");
}

TEST_F(ManifestErrors, AWaiverDepthOutOfRange) {
  // The hostile pass's D26: inf was refused, 1e308 accepted.
  expectRefused(std::string(kJob) +
                    "    waivers:\n"
                    "      - lines: 3\n"
                    "        max_depth: 1e308\n"
                    "        by: A. Machinist\n"
                    "        reason: accepted\n",
                "8:20: max_depth: 1e308 mm is outside the supported range (±1e6 mm)");
}

TEST_F(ManifestErrors, AWaiverRegionThatHoldsNothing) {
  // The hostile pass's D26: min above max waived nothing, silently.
  expectRefused(std::string(kJob) +
                    "    waivers:\n"
                    "      - region: {min: [0, 5, 0], max: [1, 4, 1]}\n"
                    "        max_depth: 0.1\n"
                    "        by: A. Machinist\n"
                    "        reason: accepted\n",
                "7:17: region: min Y is above max Y (the box holds nothing)");
}

/// Output folders a run cannot use: refused (exit 2) before any check runs.
class BatchOutputs : public ManifestErrors {
 protected:
  CliRun runInto(const std::string& out) {
    writeText(work_ / "manifest.yaml", kJob);
    return runCli(work_, "batch manifest.yaml -q --out " + out);
  }
};

TEST_F(BatchOutputs, AnEmptyOutName) {
  const CliRun result = runInto("''");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(result.err.starts_with("gougechek: error: --out names no folder (it is empty)\n"))
      << result.err;
}

TEST_F(BatchOutputs, AFolderThatCannotBeWrittenIsFoundBeforeTheChecks) {
  // The hostile pass's D12: an --out that cannot take the job folders failed after every check
  // (exit 3, no summary). Here jobs/ is a file in an earlier run's output.
  ASSERT_EQ(runInto("out").exit_code, 0);
  const std::string summary = readText(work_ / "out/summary.json");
  fs::remove_all(work_ / "out/jobs");
  writeText(work_ / "out/jobs", "not a folder");
  const CliRun result = runInto("out");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, "out/jobs/box: cannot write the batch outputs in this folder"))
      << result.err;
  EXPECT_EQ(readText(work_ / "out/summary.json"), summary) << "no check ran";
}

TEST_F(BatchOutputs, AShardCountIsCapped) {
  // The hostile pass's D9: --shard 0/1000000000 took 7.6 GB.
  const CliRun capped = runInto("out --shard 0/100001");
  EXPECT_EQ(capped.exit_code, 2);
  EXPECT_TRUE(contains(capped.err, "--shard: at most 100000 shards, got '0/100001'")) << capped.err;
  const CliRun last = runInto("out --shard 99999/100000");
  EXPECT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(json::parse(readText(work_ / "out/summary.json")).at("jobs"), json::array());
}

TEST_F(BatchOutputs, AThreadCountIsCapped) {
  // The hostile pass's D9: -j 1000000000 took 7.8 GB and ended in std::bad_alloc.
  const CliRun capped = runInto("out -j 1000000000");
  EXPECT_EQ(capped.exit_code, 2);
  EXPECT_TRUE(contains(capped.err, "--threads must be at most 1024 (0: all cores), got 1000000000"))
      << capped.err;
  EXPECT_FALSE(fs::exists(work_ / "out"));
  EXPECT_EQ(runInto("out -j 1024").exit_code, 0);
}

TEST_F(BatchOutputs, IndexHtmlLinksAreUrlEncoded) {
  // The hostile pass's D25: a program named with '#', '?', a space or a tab gave broken links.
  const std::string program = "odd name #1?%\t.nc";
  writeText(work_ / program, readText(work_ / "clean.nc"));
  writeText(
      work_ / "manifest.yaml",
      "jobs:\n  - {name: box, part: box.stl, tool: ball:6, program: \"odd name #1?%\\t.nc\"}\n");
  const CliRun result = runCli(work_, "batch manifest.yaml -q --out out");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(readText(work_ / "out/index.html"),
                       "<a href=\"jobs/box/odd%20name%20%231%3F%25%09.nc.json\">json</a>"));
}

}  // namespace
}  // namespace gougechek
