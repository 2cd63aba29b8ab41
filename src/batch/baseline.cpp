#include "batch/baseline.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>
#include <vector>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

namespace fs = std::filesystem;

/// What makes two violations of one program the same finding from night to night.
using FindingKey = std::tuple<std::string, int, std::uint64_t>;  // kind, tool, line

FindingKey keyOf(const BatchJson& violation) {
  return {violation.at("kind").get<std::string>(), violation.at("tool").get<int>(),
          violation.at("line").get<std::uint64_t>()};
}

/// A check's place in a summary: its job's name and its program's file name.
using CheckKey = std::pair<std::string, std::string>;

CheckKey keyOf(const BatchJson& job, const BatchJson& check) {
  return {job.at("name").get<std::string>(),
          fs::path(check.at("program").get<std::string>()).filename().string()};
}

const BatchJson* findCheck(const std::map<CheckKey, const BatchJson*>& checks,
                           const CheckKey& key) {
  const auto found = checks.find(key);
  return found == checks.end() ? nullptr : found->second;
}

/// Compares one check's listed violations with those of its baseline check (none when it was
/// absent or in error there).
BatchJson compare(const BatchJson& check, const BatchJson* previous) {
  BatchJson marks;
  marks["previous"] =
      previous ? previous->at("report").at("summary").at("status").get<std::string>() : "absent";
  const BatchJson& report = check.at("report");
  if (report.at("summary").at("status") == "error") return marks;

  // The baseline's findings, each with how many times it is still to be matched.
  std::map<FindingKey, std::vector<const BatchJson*>> before;
  if (previous && marks.at("previous") != "error")
    for (const BatchJson& violation : previous->at("report").at("violations"))
      before[keyOf(violation)].push_back(&violation);

  std::size_t added = 0, kept = 0;
  BatchJson changes = BatchJson::array();
  for (const BatchJson& violation : report.at("violations")) {
    auto found = before.find(keyOf(violation));
    const bool unchanged = found != before.end() && !found->second.empty();
    if (unchanged) found->second.erase(found->second.begin());
    changes.push_back(unchanged ? "unchanged" : "new");
    ++(unchanged ? kept : added);
  }
  BatchJson fixed = BatchJson::array();
  if (previous && marks.at("previous") != "error")
    for (const BatchJson& violation : previous->at("report").at("violations")) {
      const std::vector<const BatchJson*>& left = before[keyOf(violation)];
      if (std::find(left.begin(), left.end(), &violation) != left.end()) fixed.push_back(violation);
    }
  marks["new"] = added;
  marks["unchanged"] = kept;
  marks["fixed"] = fixed.size();
  marks["changes"] = std::move(changes);
  marks["fixed_violations"] = std::move(fixed);
  return marks;
}

}  // namespace

void markChanges(BatchJson& summary, const BatchJson& baseline, const std::string& baseline_file) {
  try {
    std::map<CheckKey, const BatchJson*> previous;
    for (const BatchJson& job : baseline.at("jobs"))
      for (const BatchJson& check : job.at("checks")) previous[keyOf(job, check)] = &check;
    for (BatchJson& job : summary.at("jobs"))
      for (BatchJson& check : job.at("checks"))
        check["baseline"] = compare(check, findCheck(previous, keyOf(job, check)));
    summary["baseline"] = {{"file", baseline_file}, {"manifest", baseline.at("manifest")}};
  } catch (const BatchJson::exception& error) {
    // The summary being marked is this run's own; only the baseline can be malformed.
    throw InputError(baseline_file, 0, 0, std::string("not a batch summary: ") + error.what());
  }
}

}  // namespace gougechek
