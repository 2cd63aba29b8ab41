// libFuzzer harness: what `gougechek batch` and `gougechek merge` read besides parts and
// programs. The first byte picks the reader (modulo 4), the rest is the file:
//   0  a batch manifest (readManifest: YAML, known keys, values as the command line checks them);
//   1  a baseline, `--baseline OLD/summary.json` (readSummary, then markChanges of a run's own
//      summary against it);
//   2  a shard's summary.json for `gougechek merge` (mergeShards of that one shard);
//   3  the summary.json an earlier run left in the --out folder (earlierReports: which of the
//      folder's files are its reports).
// Each file is read or refused with an InputError; anything else (a crash, a sanitizer report,
// a JSON or YAML exception that escapes as itself) is a finding.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "batch/baseline.hpp"
#include "batch/batch_outputs.hpp"
#include "batch/manifest.hpp"
#include "batch/output_folder.hpp"
#include "gougechek/error.hpp"

namespace {

namespace fs = std::filesystem;

/// This process's own folder for the files it writes (libFuzzer may run several).
const fs::path& workFolder() {
  static const fs::path folder = [] {
    fs::path path = fs::temp_directory_path() / ("fuzz_batch_" + std::to_string(::getpid()));
    fs::create_directories(path / "shard");
    fs::create_directories(path / "out");
    return path;
  }();
  return folder;
}

void writeFile(const fs::path& path, const std::uint8_t* data, std::size_t size) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

/// A run's own summary, as a batch run makes it, with one violation to compare: what a
/// baseline is marked against. Only the baseline is fuzzed; the run's summary is trusted.
gougechek::BatchJson ownSummary() {
  return gougechek::BatchJson::parse(R"({
    "schema": "gougechek-batch/1", "manifest": "nightly.yaml",
    "jobs": [{"name": "mold", "checks": [{"program": "samples/mold_finish_bad.nc",
      "report": {"summary": {"status": "fail"},
                 "violations": [{"kind": "gouge", "tool": 1, "line": 6160}]}}]}]})");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  if (size == 0) return 0;
  const fs::path& folder = workFolder();
  try {
    switch (data[0] % 4) {
      case 0: {
        const fs::path manifest = folder / "nightly.yaml";
        writeFile(manifest, data + 1, size - 1);
        (void)readManifest(manifest.string());
        break;
      }
      case 1: {
        const fs::path baseline = folder / "summary.json";
        writeFile(baseline, data + 1, size - 1);
        BatchJson summary = ownSummary();
        markChanges(summary, readSummary(baseline.string()), baseline.string());
        break;
      }
      case 2: {
        writeFile(folder / "shard" / "summary.json", data + 1, size - 1);
        (void)mergeShards({(folder / "shard").string()}, (folder / "merged").string());
        break;
      }
      default: {
        writeFile(folder / "out" / "summary.json", data + 1, size - 1);
        (void)earlierReports((folder / "out").string());
        break;
      }
    }
  } catch (const InputError&) {
    // A refused file is a correct outcome.
  }
  return 0;
}
