#include "batch/output_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "batch/batch_outputs.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace fs = std::filesystem;

bool isReportPath(const std::string& file) {
  const fs::path path(file);
  if (!path.is_relative() || path.lexically_normal() != path) return false;
  std::vector<std::string> parts;
  for (const fs::path& part : path) parts.push_back(part.string());
  if (parts.size() != 3 || parts[0] != "jobs") return false;
  for (const std::string& part : {parts[1], parts[2]})
    if (part.empty() || part == "." || part == "..") return false;
  const std::string extension = path.extension().string();
  return extension == ".json" || extension == ".html" || extension == ".xml" || extension == ".csv";
}

void checkOutputFolder(const std::string& dir) {
  std::error_code error;
  if (fs::exists(dir, error) && !fs::is_directory(dir, error))
    throw InputError(dir, 0, 0, "--out names a file, not a folder");
  if (fs::is_directory(dir, error) && !fs::is_empty(dir, error) &&
      !fs::exists(fs::path(dir) / "summary.json", error))
    throw InputError(dir, 0, 0,
                     "--out is a folder with other files in it (not an earlier batch's output)");
}

void makeReportFolders(const std::string& dir, const std::set<std::string>& reports) {
  std::set<fs::path> folders = {fs::path(dir)};
  for (const std::string& file : reports) folders.insert((fs::path(dir) / file).parent_path());
  for (const fs::path& folder : folders) {
    std::error_code error;
    fs::create_directories(folder, error);
    if (!error && ::access(folder.c_str(), W_OK | X_OK) != 0)
      error = std::error_code(errno, std::generic_category());
    if (error)
      throw InputError(folder.string(), 0, 0,
                       "cannot write the batch outputs in this folder: " + error.message());
  }
}

std::set<std::string> earlierReports(const std::string& dir) {
  const fs::path file = fs::path(dir) / "summary.json";
  std::error_code error;
  if (!fs::exists(file, error)) return {};
  const BatchJson summary = readSummary(file.string());
  std::set<std::string> reports;
  const auto fail = [&file] {
    return InputError(file.string(), 0, 0,
                      "not a batch summary (its jobs' reports cannot be told), so --out is not "
                      "an earlier batch's output");
  };
  if (!summary.contains("jobs") || !summary["jobs"].is_array()) throw fail();
  for (const BatchJson& job : summary["jobs"]) {
    if (!job.is_object() || !job.contains("checks") || !job["checks"].is_array()) throw fail();
    for (const BatchJson& check : job["checks"]) {
      if (!check.is_object() || !check.contains("reports") || !check["reports"].is_object())
        throw fail();
      for (const auto& entry : check["reports"].items()) {
        if (!entry.value().is_string()) throw fail();
        reports.insert(entry.value().get<std::string>());
      }
    }
  }
  return reports;
}

void removeStaleReports(const std::string& dir, const std::set<std::string>& earlier,
                        const std::set<std::string>& current,
                        const std::vector<InputFile>& inputs) {
  std::set<fs::path> folders;
  for (const std::string& file : earlier) {
    if (current.count(file) || !isReportPath(file)) continue;
    const fs::path target = fs::path(dir) / file;
    const fs::path folder = target.parent_path();
    std::error_code error;
    if (fs::symlink_status(folder.parent_path(), error).type() != fs::file_type::directory ||
        fs::symlink_status(folder, error).type() != fs::file_type::directory ||
        fs::symlink_status(target, error).type() != fs::file_type::regular ||
        inputAt(target.string(), inputs))
      continue;
    // Gone already (removed meanwhile) is as good as removed.
    if (!fs::remove(target, error) && error)
      throw InputError(target.string(), 0, 0,
                       "cannot remove this report of an earlier run, whose job this run does "
                       "not have: " +
                           error.message());
    folders.insert(folder);
  }
  for (const fs::path& folder : folders) {
    std::error_code error;
    if (fs::is_empty(folder, error) && !error) fs::remove(folder, error);
  }
}

}  // namespace gougechek
