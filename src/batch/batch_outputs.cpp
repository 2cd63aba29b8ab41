#include "batch/batch_outputs.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "batch/output_folder.hpp"
#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"
#include "job/output_file.hpp"
#include "job/trace.hpp"
#include "report/markup_escape.hpp"

namespace gougechek {

namespace {

namespace fs = std::filesystem;

constexpr const char* kSchema = "gougechek-batch/1";

const BatchJson& reportOf(const BatchJson& check) {
  return check.at("report");
}

std::string statusOf(const BatchJson& check) {
  return reportOf(check).at("summary").at("status");
}

/// The worst of the statuses: error, then fail, then pass.
std::string worse(const std::string& a, const std::string& b) {
  const auto rank = [](const std::string& status) {
    return status == "error" ? 2 : status == "fail" ? 1 : 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

/// A value as the reports write it: strings bare, and numbers as the shortest text that reads
/// back as them (13, not JSON's 13.0), as the reports' CSV does.
std::string text(const BatchJson& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "";
  if (value.is_number_float()) {
    std::array<char, 32> digits{};
    const auto written =
        std::to_chars(digits.data(), digits.data() + digits.size(), value.get<double>());
    return std::string(digits.data(), written.ptr);
  }
  return value.dump();
}

void replaceFile(const std::string& target, const std::string& content) {
  ReplacedFile file(target, "the batch output");
  std::ofstream stream(file.path(), std::ios::binary);
  stream << content;
  stream.close();
  if (!stream) throw InputError(target, 0, 0, "cannot write the batch output");
  file.commit();
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csvField(const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string quoted = "\"";
  for (const char c : field) {
    if (c == '"') quoted.push_back('"');
    quoted.push_back(c);
  }
  return quoted + "\"";
}

/// `prog.nc:1042: gouge 0.212 mm at (41.5, 20, 3.1) tool 1 [severe]`
std::string describeViolation(const std::string& program, const BatchJson& violation) {
  std::ostringstream line;
  const BatchJson& at = violation.at("at");
  line << program << ":" << text(violation.at("line")) << ": " << text(violation.at("kind")) << " "
       << text(violation.at("depth")) << " mm at (" << text(at.at(0)) << ", " << text(at.at(1))
       << ", " << text(at.at(2)) << ") tool " << text(violation.at("tool"));
  if (violation.at("severe").get<bool>()) line << " [severe]";
  return line.str();
}

/// `file:line:column: message`, the parts it has.
std::string describeError(const BatchJson& error) {
  std::string place = text(error.at("file"));
  for (const char* key : {"line", "column"}) {
    if (error.at(key).is_null()) continue;
    place.push_back(':');
    place.append(text(error.at(key)));
  }
  if (!place.empty()) place.append(": ");
  return place.append(text(error.at("message")));
}

std::string secondsText(double seconds) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(3);
  out << seconds;
  return out.str();
}

/// The change mark of violation `index` of a check: "" when there is no baseline.
std::string changeOf(const BatchJson& check, std::size_t index) {
  if (!check.contains("baseline") || !check.at("baseline").contains("changes")) return "";
  return check.at("baseline").at("changes").at(index).get<std::string>();
}

/// The counts of a report's summary by kind, in the order the reports list kinds: stock and
/// fixture collisions are there only where the check had a stock or fixtures.
constexpr std::array<const char*, 5> kKindCounts = {
    "gouges", "rapid_collisions", "holder_collisions", "stock_collisions", "fixture_collisions"};

/// The violations a report's summary counts, of every kind; waived ones are not among them.
std::size_t violationCount(const BatchJson& summary) {
  std::size_t count = 0;
  for (const char* kind : kKindCounts)
    if (summary.contains(kind)) count += summary.at(kind).get<std::size_t>();
  return count;
}

/// The kinds `totals` count, in the reports' order: stock and fixture collisions only where the
/// run had them (a column each in index.html).
std::vector<const char*> countedKinds(const BatchJson& totals) {
  std::vector<const char*> kinds;
  for (const char* kind : kKindCounts)
    if (totals.contains(kind)) kinds.push_back(kind);
  return kinds;
}

/// "rapid_collisions" as a heading or a count's noun: "rapid collisions".
std::string kindWords(const char* kind) {
  std::string words = kind;
  std::replace(words.begin(), words.end(), '_', ' ');
  return words;
}

std::size_t waivedCount(const BatchJson& report) {
  const BatchJson& counts = report.at("summary");
  return counts.contains("waived") ? counts.at("waived").get<std::size_t>() : 0;
}

/// The waived findings of a check, listed in its case's output: accepted, not failing.
void writeWaived(const std::string& program, const BatchJson& report, std::ostream& out) {
  if (waivedCount(report) == 0) return;
  out << "      <system-out>";
  for (const BatchJson& violation : report.at("violations")) {
    if (!violation.contains("waived")) continue;
    const BatchJson& waiver = violation.at("waived");
    out << escapeMarkup(describeViolation(program, violation) + " [waived by " +
                        text(waiver.at("by")) + ": " + text(waiver.at("reason")) + "]")
        << "\n";
  }
  out << "</system-out>\n";
}

std::string junitXml(const BatchJson& summary) {
  const BatchJson& totals = summary.at("totals");
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"gougechek batch\" tests=\"" << text(totals.at("checks"))
      << "\" failures=\"" << text(totals.at("checks_failed")) << "\" errors=\""
      << text(totals.at("checks_in_error")) << "\">\n";
  for (const BatchJson& job : summary.at("jobs")) {
    std::size_t failures = 0, errors = 0;
    double time = 0;
    for (const BatchJson& check : job.at("checks")) {
      failures += statusOf(check) == "fail" ? 1 : 0;
      errors += statusOf(check) == "error" ? 1 : 0;
      time += reportOf(check).at("summary").at("elapsed_s").get<double>();
    }
    const std::string name = escapeMarkup(text(job.at("name")));
    out << "  <testsuite name=\"" << name << "\" tests=\"" << job.at("checks").size()
        << "\" failures=\"" << failures << "\" errors=\"" << errors << "\" time=\""
        << secondsText(time) << "\">\n";
    for (const BatchJson& check : job.at("checks")) {
      const BatchJson& report = reportOf(check);
      const std::string program = text(report.at("inputs").at("path").at("file"));
      out << "    <testcase classname=\"" << name << "\" name=\"" << escapeMarkup(program)
          << "\" time=\"" << secondsText(report.at("summary").at("elapsed_s").get<double>())
          << "\"";
      const std::string status = statusOf(check);
      if (status == "pass" && waivedCount(report) == 0) {
        out << "/>\n";
        continue;
      }
      out << ">\n";
      if (status == "pass") {
        // Only waived findings: the case passes and lists them.
      } else if (status == "error") {
        const BatchJson& error = report.at("error");
        out << "      <error type=\"" << escapeMarkup(text(error.at("kind"))) << "\" message=\""
            << escapeMarkup(text(error.at("message"))) << "\">"
            << escapeMarkup(describeError(error)) << "</error>\n";
      } else {
        const BatchJson& counts = report.at("summary");
        const std::size_t count = violationCount(counts);
        out << "      <failure type=\"violations\" message=\"" << count
            << (count == 1 ? " violation" : " violations");
        if (check.contains("baseline") && check.at("baseline").contains("new"))
          out << " (" << text(check.at("baseline").at("new")) << " new)";
        out << "\">";
        const BatchJson& violations = report.at("violations");
        for (std::size_t i = 0; i < violations.size(); ++i) {
          if (violations.at(i).contains("waived")) continue;
          out << escapeMarkup(describeViolation(program, violations.at(i)));
          if (changeOf(check, i) == "new") out << " [new]";
          out << "\n";
        }
        out << "</failure>\n";
      }
      writeWaived(program, report, out);
      out << "    </testcase>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
  return out.str();
}

/// A violation's CSV fields after job and program, `change` its mark against a baseline.
std::string csvRow(const BatchJson& violation, const std::string& change) {
  const BatchJson& at = violation.at("at");
  std::string row = text(violation.at("kind"));
  for (const std::string& field :
       {text(violation.at("line")), text(violation.at("move")), text(violation.at("tool")),
        text(violation.at("depth")), text(at.at(0)), text(at.at(1)), text(at.at(2)),
        text(violation.at("severe")),
        violation.contains("confirmed") ? text(violation.at("confirmed")) : std::string(),
        violation.contains("waived") ? csvField(text(violation.at("waived").at("by")))
                                     : std::string(),
        change})
    row.append(",").append(field);
  return row.append("\n");
}

std::string resultsCsv(const BatchJson& summary) {
  std::ostringstream out;
  out << "job,program,kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,"
         "change\n";
  for (const BatchJson& job : summary.at("jobs")) {
    for (const BatchJson& check : job.at("checks")) {
      const BatchJson& report = reportOf(check);
      const std::string prefix =
          csvField(text(job.at("name"))) + "," + csvField(text(check.at("program"))) + ",";
      const BatchJson& violations = report.at("violations");
      for (std::size_t i = 0; i < violations.size(); ++i)
        out << prefix << csvRow(violations.at(i), changeOf(check, i));
      // The baseline's findings that are gone, with the fields they had then.
      if (check.contains("baseline") && check.at("baseline").contains("fixed_violations"))
        for (const BatchJson& violation : check.at("baseline").at("fixed_violations"))
          out << prefix << csvRow(violation, "fixed");
      const BatchJson& counts = report.at("summary");
      if (counts.contains("truncated")) {
        const std::size_t found = violationCount(counts) + waivedCount(report);
        out << prefix << "truncated,," << found << ",,,,,,,,,\n";
      }
      if (report.contains("error"))
        out << prefix << "error," << text(report.at("error").at("line")) << ",,,,,,,,,,\n";
    }
  }
  return out.str();
}

/// A relative file path as a URL path: each byte but the unreserved ones (RFC 3986: letters,
/// digits, - . _ ~) and the separating '/' percent-encoded, so that a program named with a
/// space, '#', '?', '%', a tab or a line break still links to its report.
std::string urlPath(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url;
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved || c == '/') {
      url.push_back(c);
    } else {
      url.push_back('%');
      url.push_back(kHex[byte >> 4]);
      url.push_back(kHex[byte & 0xf]);
    }
  }
  return url;
}

/// The waivers that want a look: outgrown by a deeper finding (which then fails), or stale.
void writeWaiverStates(const BatchJson& summary, std::ostream& out) {
  std::ostringstream items;
  for (const BatchJson& job : summary.at("jobs")) {
    if (!job.contains("waivers")) continue;
    for (const BatchJson& waiver : job.at("waivers")) {
      const std::string state = waiver.value("state", "");
      if (state != "outgrown" && state != "stale") continue;
      items << "<li class=\"" << state << "\">job " << escapeMarkup(text(job.at("name")))
            << ", manifest line " << text(waiver.at("manifest_line")) << " (by "
            << escapeMarkup(text(waiver.at("by"))) << "): <b>" << state << "</b>";
      if (state == "outgrown")
        items << ", a finding " << text(waiver.at("outgrown_depth"))
              << " mm deep is past its max_depth " << text(waiver.at("max_depth")) << " mm";
      else
        items << ", it waived nothing";
      items << "</li>\n";
    }
  }
  if (items.tellp() > 0) out << "<p>Waivers to look at:</p>\n<ul>\n" << items.str() << "</ul>\n";
}

/// One check's row of index.html, and what orders it: its status's rank (fail 0, error 1,
/// pass 2) and its deepest finding.
struct IndexRow {
  int rank = 0;
  double depth = 0;
  std::string html;
};

IndexRow indexRow(const BatchJson& job, const BatchJson& check,
                  const std::vector<const char*>& kinds, bool compared) {
  const BatchJson& report = reportOf(check);
  const BatchJson& counts = report.at("summary");
  const std::string status = statusOf(check);
  const auto count = [&counts](const char* key) {
    return counts.contains(key) ? text(counts.at(key)) : std::string();
  };
  const bool has_new = compared && check.at("baseline").contains("new") &&
                       check.at("baseline").at("new").get<std::size_t>() > 0;
  std::ostringstream out;
  out << (has_new ? "<tr class=\"new\"><td>" : "<tr><td>") << escapeMarkup(text(job.at("name")))
      << "</td><td>" << escapeMarkup(text(check.at("program"))) << "</td><td>"
      << escapeMarkup(text(job.at("part"))) << "</td><td class=\"" << status << "\">" << status;
  if (status == "error") out << ": " << escapeMarkup(describeError(report.at("error")));
  for (const char* kind : kinds) out << "</td><td class=\"n\">" << count(kind);
  out << "</td><td class=\"n\">" << count("max_depth") << "</td><td class=\"n\">"
      << (status == "error" ? "" : std::to_string(waivedCount(report)));
  if (compared) {
    const BatchJson& marks = check.at("baseline");
    for (const char* change : {"new", "fixed"})
      out << "</td><td class=\"n\">" << (marks.contains(change) ? text(marks.at(change)) : "");
  }
  out << "</td><td class=\"n time\">" << secondsText(counts.at("elapsed_s").get<double>())
      << "</td><td>";
  const char* separator = "";
  for (const auto& [format, file] : check.at("reports").items()) {
    out << separator << "<a href=\"" << escapeMarkup(urlPath(text(file))) << "\">" << format
        << "</a>";
    separator = " ";
  }
  out << "</td></tr>\n";
  const double depth = counts.contains("max_depth") ? counts.at("max_depth").get<double>() : 0;
  return {status == "fail" ? 0 : status == "error" ? 1 : 2, depth, out.str()};
}

std::string indexHtml(const BatchJson& summary) {
  const BatchJson& totals = summary.at("totals");
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>gougechek batch: " << escapeMarkup(text(summary.at("status"))) << "</title>\n"
      << "<style>\nbody{font-family:sans-serif;margin:1.5em}\n"
      << "table{border-collapse:collapse;width:100%}"
      << "th,td{border:1px solid #ccc;padding:.25em .6em;overflow-wrap:anywhere}\n"
      << "tr.new td{background:#fff3cd}\n"
      << "th{cursor:pointer;background:#eee}td.n{text-align:right}\n"
      << ".pass{color:#161}.fail,.outgrown{color:#a11;font-weight:bold}"
      << ".error{color:#a60;font-weight:bold}\n"
      << "</style>\n</head>\n<body>\n";
  out << "<h1>gougechek batch: <span class=\"" << text(summary.at("status")) << "\">"
      << escapeMarkup(text(summary.at("status"))) << "</span></h1>\n";
  out << "<p>Manifest " << escapeMarkup(text(summary.at("manifest"))) << ": "
      << text(totals.at("jobs")) << " jobs (" << text(totals.at("jobs_passed")) << " pass, "
      << text(totals.at("jobs_failed")) << " fail, " << text(totals.at("jobs_in_error"))
      << " error), " << text(totals.at("checks")) << " programs checked; " << kindTotals(totals)
      << ", max depth " << text(totals.at("max_depth")) << " mm; " << text(totals.at("waived"))
      << " findings waived.</p>\n";
  const bool compared = summary.contains("baseline");
  if (compared)
    out << "<p>Since the baseline " << escapeMarkup(text(summary.at("baseline").at("file"))) << ": "
        << text(totals.at("new")) << " new, " << text(totals.at("fixed")) << " fixed, "
        << text(totals.at("unchanged")) << " unchanged findings.</p>\n";
  writeWaiverStates(summary, out);
  out << "<p>Worst first" << (compared ? " (rows with new findings marked)" : "")
      << "; click a heading to sort.</p>\n";
  out << "<table id=\"checks\">\n<thead><tr><th>job</th><th>program</th><th>part</th>"
      << "<th>status</th>";
  const std::vector<const char*> kinds = countedKinds(totals);
  for (const char* kind : kinds) out << "<th>" << kindWords(kind) << "</th>";
  out << "<th>max depth (mm)</th><th>waived</th>" << (compared ? "<th>new</th><th>fixed</th>" : "")
      << "<th>time (s)</th><th>reports</th></tr></thead>\n<tbody>\n";
  std::vector<IndexRow> rows;
  for (const BatchJson& job : summary.at("jobs"))
    for (const BatchJson& check : job.at("checks"))
      rows.push_back(indexRow(job, check, kinds, compared));
  // Worst first: failures (the deepest first), then checks in error, then passes; the
  // manifest's order among equals.
  std::stable_sort(rows.begin(), rows.end(), [](const IndexRow& a, const IndexRow& b) {
    return std::tie(a.rank, b.depth) < std::tie(b.rank, a.depth);
  });
  for (const IndexRow& row : rows) out << row.html;
  out << "</tbody>\n</table>\n"
      // Sorting: numbers as numbers, the rest as text; a second click reverses.
      << "<script>\n"
      << "document.querySelectorAll('#checks th').forEach((th, column) => {\n"
      << "  th.addEventListener('click', () => {\n"
      << "    const body = th.closest('table').tBodies[0];\n"
      << "    const down = th.dataset.order !== 'down';\n"
      << "    th.dataset.order = down ? 'down' : 'up';\n"
      << "    const key = row => row.cells[column].textContent;\n"
      << "    const rows = Array.from(body.rows).sort((a, b) => {\n"
      << "      const x = key(a), y = key(b), nx = parseFloat(x), ny = parseFloat(y);\n"
      << "      const order = !isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y);\n"
      << "      return down ? order : -order;\n"
      << "    });\n"
      << "    rows.forEach(row => body.appendChild(row));\n"
      << "  });\n});\n</script>\n</body>\n</html>\n";
  return out.str();
}

}  // namespace

void settleSummary(BatchJson& summary) {
  BatchJson settled;
  for (const char* key :
       {"schema", "version", "manifest", "manifest_sha256", "manifest_jobs", "started_at", "shard"})
    settled[key] = summary.at(key);
  const bool compared = summary.contains("baseline");
  if (compared) settled["baseline"] = summary.at("baseline");
  std::map<std::string, std::size_t> changes;  // "new", "unchanged", "fixed": totals
  std::size_t checks = 0, checks_failed = 0, checks_in_error = 0;
  std::size_t passed = 0, failed = 0, in_error = 0;
  // By kind; stock and fixture collisions only once a check counts them (had a stock, fixtures).
  std::map<std::string, std::size_t> kind_totals = {
      {"gouges", 0}, {"rapid_collisions", 0}, {"holder_collisions", 0}};
  std::size_t waived = 0;
  double max_depth = 0;
  std::string status = "pass";
  BatchJson jobs = BatchJson::array();
  for (const BatchJson& job : summary.at("jobs")) {
    std::string job_status = "pass";
    for (const BatchJson& check : job.at("checks")) {
      const std::string check_status = statusOf(check);
      job_status = worse(job_status, check_status);
      ++checks;
      checks_failed += check_status == "fail" ? 1 : 0;
      checks_in_error += check_status == "error" ? 1 : 0;
      const BatchJson& counts = reportOf(check).at("summary");
      if (check_status == "error") continue;
      if (compared)
        for (const char* change : {"new", "unchanged", "fixed"})
          changes[change] += check.at("baseline").at(change).get<std::size_t>();
      for (const char* kind : kKindCounts)
        if (counts.contains(kind)) kind_totals[kind] += counts.at(kind).get<std::size_t>();
      max_depth = std::max(max_depth, counts.at("max_depth").get<double>());
      waived += waivedCount(reportOf(check));
    }
    passed += job_status == "pass" ? 1 : 0;
    failed += job_status == "fail" ? 1 : 0;
    in_error += job_status == "error" ? 1 : 0;
    status = worse(status, job_status);
    BatchJson entry;
    for (const char* key : {"name", "index", "part"}) entry[key] = job.at(key);
    entry["status"] = job_status;
    if (job.contains("waivers")) entry["waivers"] = job.at("waivers");
    entry["checks"] = job.at("checks");
    jobs.push_back(std::move(entry));
  }
  settled["status"] = status;
  settled["totals"] = {{"jobs", jobs.size()},
                       {"jobs_passed", passed},
                       {"jobs_failed", failed},
                       {"jobs_in_error", in_error},
                       {"checks", checks},
                       {"checks_failed", checks_failed},
                       {"checks_in_error", checks_in_error}};
  for (const char* kind : kKindCounts)
    if (kind_totals.count(kind)) settled.at("totals")[kind] = kind_totals[kind];
  settled.at("totals")["max_depth"] = max_depth;
  settled.at("totals")["waived"] = waived;
  if (compared)
    for (const char* change : {"new", "unchanged", "fixed"})
      settled.at("totals")[change] = changes[change];
  settled["jobs"] = std::move(jobs);
  settled["timings"] = summary.at("timings");
  summary = std::move(settled);
}

CollectedOutputs renderCollectedOutputs(const BatchJson& summary) {
  return {junitXml(summary), resultsCsv(summary), indexHtml(summary),
          summary.dump(2, ' ', false, BatchJson::error_handler_t::replace) + "\n"};
}

void writeCollectedOutputs(const CollectedOutputs& outputs, const std::string& dir) {
  fs::create_directories(dir);
  replaceFile((fs::path(dir) / "junit.xml").string(), outputs.junit);
  replaceFile((fs::path(dir) / "results.csv").string(), outputs.csv);
  replaceFile((fs::path(dir) / "index.html").string(), outputs.html);
  // Last: a folder with a summary.json is a whole batch output.
  replaceFile((fs::path(dir) / "summary.json").string(), outputs.summary);
}

std::string kindTotals(const BatchJson& totals) {
  std::string line;
  for (const char* kind : countedKinds(totals))
    line += (line.empty() ? "" : ", ") + text(totals.at(kind)) + " " + kindWords(kind);
  return line;
}

namespace {

/// Whether a check that did not end in error has a finding `fail_on` fails on.
bool checkFailsOn(const BatchJson& check, FailOn fail_on) {
  const BatchJson& report = reportOf(check);
  const BatchJson& violations = report.at("violations");
  // Findings counted beyond the list: which are severe or new cannot be told, so they fail.
  const bool truncated = report.at("summary").contains("truncated");
  if (fail_on == FailOn::Any) return statusOf(check) == "fail";
  // Excess over --fail-on-excess fails whatever --fail-on says (it was asked for by name).
  if (report.contains("excess") && report.at("excess").at("fails").get<bool>()) return true;
  if (truncated && statusOf(check) == "fail") return true;
  for (std::size_t i = 0; i < violations.size(); ++i) {
    const BatchJson& violation = violations.at(i);
    if (violation.contains("waived")) continue;
    if (fail_on == FailOn::Severe ? violation.at("severe").get<bool>()
                                  : changeOf(check, i) == "new")
      return true;
  }
  return false;
}

}  // namespace

int summaryExitCode(const BatchJson& summary, FailOn fail_on) {
  const std::string status = summary.at("status");
  if (status == "error") return 2;
  if (fail_on == FailOn::New && !summary.contains("baseline"))
    throw UsageError("--fail-on new compares with a baseline: add --baseline OLD/summary.json");
  for (const BatchJson& job : summary.at("jobs"))
    for (const BatchJson& check : job.at("checks"))
      if (statusOf(check) != "error" && checkFailsOn(check, fail_on)) return 1;
  return 0;
}

BatchJson readSummary(const std::string& path) {
  BatchJson summary;
  try {
    summary = BatchJson::parse(readFileBytes(path, kSummaryFile));
  } catch (const BatchJson::exception& error) {
    throw InputError(path, 0, 0, std::string("not a batch summary: ") + error.what());
  }
  if (!summary.is_object() || summary.value("schema", "") != kSchema)
    throw InputError(path, 0, 0, std::string("not a batch summary (schema ") + kSchema + ")");
  return summary;
}

namespace {

/// What makes summaries shards of one run: the manifest, by name and by the SHA-256 of its
/// content (an edit keeps the name), its number of jobs, the shard count and the baseline.
struct RunIdentity {
  std::string file, sha256;
  std::size_t jobs = 0;
  BatchJson baseline;
  std::size_t shard_count = 0;

  explicit RunIdentity(const BatchJson& summary)
      : file(summary.at("manifest")),
        sha256(summary.at("manifest_sha256")),
        jobs(summary.at("manifest_jobs")),
        baseline(summary.value("baseline", BatchJson())),
        shard_count(summary.at("shard").at("count")) {}

  bool operator==(const RunIdentity&) const = default;
};

/// Refuses `--out` naming one of the shard folders (also through a symbolic link or `..`):
/// the merged outputs would replace that shard's own.
void refuseOutputOverAShard(const std::vector<std::string>& shard_dirs, const std::string& dir) {
  std::error_code error;
  for (const std::string& shard_dir : shard_dirs)
    if (fs::equivalent(dir, shard_dir, error))
      throw InputError(dir, 0, 0,
                       "--out is the shard folder " + shard_dir +
                           ": the merged outputs would replace that shard's own");
}

/// Every job index of the manifest in exactly one shard: shards that dealt the jobs
/// differently (their input files differed between shard starts) would merge a job twice and
/// leave another out.
void checkJobIndices(const std::vector<BatchJson>& shards,
                     const std::vector<std::string>& shard_dirs, std::size_t manifest_jobs) {
  std::map<std::size_t, std::size_t> shard_of;  // job index -> position in shards
  for (std::size_t i = 0; i < shards.size(); ++i) {
    for (const BatchJson& job : shards[i].at("jobs")) {
      const std::size_t index = job.at("index");
      const std::string name = job.at("name");
      if (index >= manifest_jobs)
        throw InputError(shard_dirs[i], 0, 0,
                         "job '" + name + "' has index " + std::to_string(index) +
                             ", past the manifest's " + std::to_string(manifest_jobs) + " jobs");
      const auto [found, added] = shard_of.emplace(index, i);
      if (!added)
        throw InputError(shard_dirs[i], 0, 0,
                         "job '" + name + "' (manifest index " + std::to_string(index) +
                             ") is also in " + shard_dirs[found->second] +
                             ": the shards dealt the jobs differently (did an input file change "
                             "between the shards' starts?)");
    }
  }
  for (std::size_t index = 0; index < manifest_jobs; ++index)
    if (!shard_of.count(index))
      throw InputError(shard_dirs.front(), 0, 0,
                       "job " + std::to_string(index) + " of the manifest (0-based) is in no " +
                           "shard: the shards dealt the jobs differently (did an input file "
                           "change between the shards' starts?)");
}

/// The bytes of report `file` (format `format`) of `check` in `shard_dir`, once they are shown
/// to be what the shard's summary says: their SHA-256 as recorded, and the JSON report the
/// report the summary embeds. Throws InputError naming the file.
std::string checkedReport(const std::string& shard_dir, const BatchJson& check,
                          const std::string& format, const std::string& file) {
  const std::string path = (fs::path(shard_dir) / file).string();
  const std::string bytes = readFileBytes(path);
  const auto mismatch = [&path](const std::string& how) {
    return InputError(path, 0, 0,
                      "does not match its shard's summary.json (" + how +
                          "): the shard's folder was changed after its run, and the merged "
                          "summary would disagree with its reports");
  };
  if (sha256OfBytes(bytes) != check.at("report_sha256").at(format).get<std::string>())
    throw mismatch("another SHA-256");
  if (format == "json") {
    BatchJson report;
    try {
      report = BatchJson::parse(bytes);
    } catch (const BatchJson::exception&) {
      throw mismatch("not JSON");
    }
    if (report != check.at("report")) throw mismatch("another report than it embeds");
  }
  return bytes;
}

/// Calls `copy(shard, check, format, file)` for each report of each check of each shard.
template <typename Copy>
void forEachReport(const std::vector<BatchJson>& shards, const std::vector<std::string>& shard_dirs,
                   const Copy& copy) {
  for (std::size_t i = 0; i < shards.size(); ++i)
    for (const BatchJson& job : shards[i].at("jobs"))
      for (const BatchJson& check : job.at("checks"))
        for (const auto& entry : check.at("reports").items())
          copy(shard_dirs[i], check, entry.key(), entry.value().get<std::string>());
}

/// The summaries of `shard_dirs`, shown to be every shard of one run, each once. Each
/// summary names only report files (merge copies them). Returns them in the order given, with
/// the run they share.
std::pair<std::vector<BatchJson>, RunIdentity> readShards(
    const std::vector<std::string>& shard_dirs) {
  std::vector<BatchJson> shards;
  std::set<std::size_t> seen;
  std::optional<RunIdentity> run;
  for (const std::string& shard_dir : shard_dirs) {
    const std::string path = (fs::path(shard_dir) / "summary.json").string();
    BatchJson shard = readSummary(path);
    // The summary names the files merge copies: never one outside the report folders.
    for (const std::string& file : earlierReports(shard_dir))
      if (!isReportPath(file))
        throw InputError(path, 0, 0, "not a batch summary: '" + file + "' is no batch report");
    try {
      const std::size_t index = shard.at("shard").at("index");
      const RunIdentity identity(shard);
      if (!run) run = identity;
      if (!(identity == *run))
        throw InputError(path, 0, 0,
                         "a shard of another run (other manifest, shard count or baseline)");
      if (!seen.insert(index).second)
        throw InputError(path, 0, 0, "shard " + std::to_string(index) + " is given twice");
    } catch (const BatchJson::exception& error) {
      throw InputError(path, 0, 0, std::string("not a batch summary: ") + error.what());
    }
    shards.push_back(std::move(shard));
  }
  if (shards.empty()) throw InputError("", 0, 0, "merge wants one or more shard folders");
  for (std::size_t index = 0; index < run->shard_count; ++index)
    if (!seen.count(index))
      throw InputError(shard_dirs.front(), 0, 0,
                       "shard " + std::to_string(index) + " of " +
                           std::to_string(run->shard_count) + " is missing");
  return {std::move(shards), *run};
}

/// The summary of the whole run the shards make (settled): their jobs in manifest order,
/// started when the first shard started, as long as the longest shard took.
BatchJson mergedSummary(const std::vector<BatchJson>& shards, const RunIdentity& run) {
  BatchJson merged;
  merged["schema"] = kSchema;
  merged["version"] = shards.front().at("version");
  merged["manifest"] = run.file;
  merged["manifest_sha256"] = run.sha256;
  merged["manifest_jobs"] = run.jobs;
  std::string started_at = shards.front().at("started_at");
  for (const BatchJson& shard : shards)
    started_at = std::min(started_at, shard.at("started_at").get<std::string>());
  merged["started_at"] = started_at;
  merged["shard"] = {{"index", 0}, {"count", 1}};
  if (shards.front().contains("baseline")) merged["baseline"] = shards.front().at("baseline");
  std::vector<BatchJson> jobs;
  BatchJson parts = BatchJson::array();
  double elapsed = 0;
  for (const BatchJson& shard : shards) {
    for (const BatchJson& job : shard.at("jobs")) jobs.push_back(job);
    for (const BatchJson& part : shard.at("timings").at("parts")) parts.push_back(part);
    elapsed = std::max(elapsed, shard.at("timings").at("elapsed_s").get<double>());
  }
  std::sort(jobs.begin(), jobs.end(), [](const BatchJson& a, const BatchJson& b) {
    return a.at("index").get<std::size_t>() < b.at("index").get<std::size_t>();
  });
  merged["jobs"] = jobs;
  merged["timings"] = {{"parts", parts}, {"elapsed_s", elapsed}};
  settleSummary(merged);
  return merged;
}

}  // namespace

int mergeShards(const std::vector<std::string>& shard_dirs, const std::string& dir,
                FailOn fail_on) {
  checkOutputFolder(dir);
  refuseOutputOverAShard(shard_dirs, dir);
  const std::set<std::string> earlier = earlierReports(dir);  // before it is replaced
  const auto [shards, run] = readShards(shard_dirs);

  BatchJson merged;
  CollectedOutputs outputs;
  std::set<std::string> current;  // the reports merged
  try {
    checkJobIndices(shards, shard_dirs, run.jobs);
    // Every report checked before anything is written.
    forEachReport(shards, shard_dirs,
                  [&current](const std::string& shard_dir, const BatchJson& check,
                             const std::string& format, const std::string& file) {
                    checkedReport(shard_dir, check, format, file);
                    current.insert(file);
                  });
    merged = mergedSummary(shards, run);
    // The outputs read every field of every check: rendered now, so that a shard whose reports
    // lack one is refused before anything is written.
    outputs = renderCollectedOutputs(merged);
  } catch (const BatchJson::exception& error) {
    // The shards' summaries passed readSummary; one has fields of the wrong kind.
    throw InputError(shard_dirs.front(), 0, 0,
                     std::string("a shard's summary.json is not a batch summary: ") + error.what());
  }
  removeStaleReports(dir, earlier, current, {});
  makeReportFolders(dir, current);
  // The bytes copied are checked again: what is copied is what was checked.
  forEachReport(shards, shard_dirs,
                [&dir](const std::string& shard_dir, const BatchJson& check,
                       const std::string& format, const std::string& file) {
                  replaceFile((fs::path(dir) / file).string(),
                              checkedReport(shard_dir, check, format, file));
                });
  writeCollectedOutputs(outputs, dir);
  return summaryExitCode(merged, fail_on);
}

}  // namespace gougechek
