#include "batch_command.hpp"

#include <unistd.h>

#include <boost/program_options.hpp>
#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "batch/batch_outputs.hpp"
#include "batch/batch_run.hpp"
#include "cli_options.hpp"
#include "gougechek/error.hpp"
#include "interruption.hpp"
#include "progress_bar.hpp"

namespace gougechek {

namespace {

namespace po = boost::program_options;

constexpr std::string_view kBatch = "batch";
constexpr std::string_view kMerge = "merge";

}  // namespace

po::options_description batchOptions() {
  po::options_description options("Batch options");
  options.add_options()("out,o", po::value<std::string>()->value_name("DIR"),
                        "folder for the reports and the collected outputs (required)")(
      "shard", po::value<std::string>()->value_name("I/N"),
      "run share I (0-based) of N of the jobs, dealt by input size (cluster job arrays)")(
      "threads,j", po::value<int>()->value_name("N"),
      "worker threads, at most 1024 (default: all cores)")(
      "baseline", po::value<std::string>()->value_name("SUMMARY"),
      "an earlier run's summary.json: mark each violation new, unchanged or fixed")(
      "fail-on", po::value<std::string>()->value_name("any|new|severe"),
      "findings that make the exit code 1: any (default), new ones (with --baseline) or "
      "severe ones")("quiet,q", "no output but errors")(
      "progress", "show the progress line even when stderr is not a terminal")("help,h",
                                                                               "this text");
  return options;
}

namespace {

constexpr const char* kBatchUsage =
    "Usage: gougechek batch MANIFEST --out DIR [options]\n"
    "Checks every program of every job of the YAML manifest MANIFEST, each part read once, and\n"
    "writes each check's reports and summary.json, index.html, junit.xml and results.csv into\n"
    "DIR (docs/batch.md). Exit codes: 0 all clean, 1 violations (those --fail-on names), 2 a\n"
    "job in error or a usage or input error.\n\n";
constexpr const char* kMergeUsage =
    "Usage: gougechek merge --out DIR SHARD_DIR...\n"
    "Combines the outputs of the shards of one batch (batch --shard I/N) into DIR, as one run\n"
    "of the whole manifest writes them (docs/batch.md). Exit codes as batch.\n\n";

/// Parses `I/N`.
void parseShard(const std::string& text, BatchOptions& options) {
  const std::size_t slash = text.find('/');
  const auto whole = [&text](std::size_t begin, std::size_t end, std::size_t& value) {
    const auto result = std::from_chars(text.data() + begin, text.data() + end, value);
    return begin < end && result.ec == std::errc() && result.ptr == text.data() + end;
  };
  if (slash == std::string::npos || !whole(0, slash, options.shard_index) ||
      !whole(slash + 1, text.size(), options.shard_count) || options.shard_count == 0 ||
      options.shard_index >= options.shard_count)
    throw UsageError("--shard wants I/N with 0 <= I < N, got '" + text + "'");
  if (options.shard_count > kMaxShards)
    throw UsageError("--shard: at most " + std::to_string(kMaxShards) + " shards, got '" + text +
                     "'");
}

po::variables_map parse(int argc, const char* const argv[], const po::options_description& all,
                        const char* positional_name) {
  po::positional_options_description positional;
  positional.add(positional_name, -1);
  po::variables_map values;
  try {
    // argv[1] is the command word.
    po::store(
        po::command_line_parser(argc - 1, argv + 1)
            .options(all)
            .positional(positional)
            .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
            .run(),
        values);
  } catch (const po::error& error) {
    throw UsageError(parseErrorMessage(error, all));
  }
  if (!values.count("out") && !values.count("help")) throw UsageError("--out DIR is required");
  if (values.count("out") && values["out"].as<std::string>().empty())
    throw UsageError("--out names no folder (it is empty)");
  return values;
}

/// `batch: FAIL, 22 jobs (20 pass, 1 fail, 1 error), 40 programs, 3 gouges, ... -> DIR`
void printSummary(const std::string& summary_file, const std::string& dir, std::ostream& out) {
  const BatchJson summary = readSummary(summary_file);
  const BatchJson& totals = summary["totals"];
  std::string status = summary["status"];
  for (char& c : status) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out << "gougechek: batch " << status << ": " << totals["jobs"].get<std::size_t>() << " jobs ("
      << totals["jobs_passed"].get<std::size_t>() << " pass, "
      << totals["jobs_failed"].get<std::size_t>() << " fail, "
      << totals["jobs_in_error"].get<std::size_t>() << " error), "
      << totals["checks"].get<std::size_t>() << " programs, " << kindTotals(totals);
  if (summary.contains("baseline"))
    out << " (" << totals["new"].get<std::size_t>() << " new, "
        << totals["fixed"].get<std::size_t>() << " fixed since the baseline)";
  std::size_t outgrown = 0;
  for (const BatchJson& job : summary["jobs"])
    if (job.contains("waivers"))
      for (const BatchJson& waiver : job["waivers"])
        outgrown += waiver.value("state", "") == "outgrown";
  if (outgrown > 0)
    out << "; " << outgrown << (outgrown == 1 ? " waiver" : " waivers")
        << " outgrown by a deeper finding";
  out << "; see " << dir << "/index.html\n";
}

int runBatch(int argc, const char* const argv[], std::ostream& out) {
  po::options_description all = batchOptions();
  all.add_options()("manifest", po::value<std::vector<std::string>>(), "MANIFEST");
  const po::variables_map values = parse(argc, argv, all, "manifest");
  if (values.count("help")) {
    out << kBatchUsage << batchOptions();
    return 0;
  }
  const auto manifests = values.count("manifest")
                             ? values["manifest"].as<std::vector<std::string>>()
                             : std::vector<std::string>();
  if (manifests.size() != 1) throw UsageError("batch wants one MANIFEST");
  BatchOptions options;
  options.out_dir = values["out"].as<std::string>();
  if (values.count("shard")) parseShard(values["shard"].as<std::string>(), options);
  if (values.count("threads")) {
    options.threads = values["threads"].as<int>();
    try {
      checkSetting("threads", options.threads, SettingNames::CommandLine);
    } catch (const InputError& error) {
      throw UsageError(error.message());
    }
  }
  if (values.count("fail-on"))
    options.fail_on = failOnNamed(values["fail-on"].as<std::string>(), "--fail-on");
  if (options.fail_on == FailOn::New && !values.count("baseline"))
    throw UsageError("--fail-on new compares with a baseline: add --baseline OLD/summary.json");
  if (values.count("baseline")) {
    // Read before the run, which may replace it (the same --out as last night).
    options.baseline_file = values["baseline"].as<std::string>();
    options.baseline = readSummary(options.baseline_file);
  }
  options.check_stop = [] { throwIfInterrupted(); };
  const bool quiet = values.count("quiet") > 0;
  const Manifest manifest = readManifest(manifests.front());
  std::optional<BatchProgressLine> progress;
  if (!quiet && (values.count("progress") || ::isatty(STDERR_FILENO) == 1)) {
    progress.emplace(std::cerr);
    options.progress = [&progress](const BatchProgress& counts) { progress->update(counts); };
  }
  const auto finish = [&] {
    if (progress) progress->finish();
    if (!quiet) printSummary(options.out_dir + "/summary.json", options.out_dir, out);
  };
  int exit_code = 0;
  try {
    exit_code = gougechek::runBatch(manifest, options);
  } catch (const Interrupted&) {
    // The outputs are written, the unfinished checks in them as interrupted: say where.
    finish();
    throw;
  }
  finish();
  return exit_code;
}

int runMerge(int argc, const char* const argv[], std::ostream& out) {
  po::options_description all("Merge options");
  all.add_options()("out,o", po::value<std::string>()->value_name("DIR"), "merged output")(
      "fail-on", po::value<std::string>()->value_name("any|new|severe"),
      "findings that make the exit code 1, as batch --fail-on")("quiet,q", "no output but errors")(
      "help,h", "this text");
  po::options_description hidden;
  hidden.add_options()("shards", po::value<std::vector<std::string>>(), "SHARD_DIR...");
  po::options_description parsed;
  parsed.add(all).add(hidden);
  const po::variables_map values = parse(argc, argv, parsed, "shards");
  if (values.count("help")) {
    out << kMergeUsage << all;
    return 0;
  }
  if (!values.count("shards")) throw UsageError("merge wants the shards' output folders");
  const std::string dir = values["out"].as<std::string>();
  const FailOn fail_on = values.count("fail-on")
                             ? failOnNamed(values["fail-on"].as<std::string>(), "--fail-on")
                             : FailOn::Any;
  const int exit_code = mergeShards(values["shards"].as<std::vector<std::string>>(), dir, fail_on);
  if (!values.count("quiet")) printSummary(dir + "/summary.json", dir, out);
  return exit_code;
}

}  // namespace

bool isBatchCommand(int argc, const char* const argv[]) {
  return argc >= 2 && (argv[1] == kBatch || argv[1] == kMerge);
}

int runBatchCommand(int argc, const char* const argv[], std::ostream& out) {
  return argv[1] == kBatch ? runBatch(argc, argv, out) : runMerge(argc, argv, out);
}

}  // namespace gougechek
