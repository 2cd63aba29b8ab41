#pragma once
// The output folder of a batch or a merge: what may be written there, and the reports of an
// earlier run into it that this run does not write again (a job removed or renamed, another
// shard), which must not stay looking current.
#include <set>
#include <string>
#include <vector>

#include "job/output_file.hpp"

namespace gougechek {

/// Whether `file`, as a summary.json lists a report, is one a batch run writes:
/// jobs/JOB/NAME.json .html .xml .csv relative to the output folder, nothing above or beside it.
bool isReportPath(const std::string& file);

/// Refuses (InputError) a folder a batch or merge may not write: a file, or a folder with other
/// files in it than an earlier batch's output (one with a summary.json).
void checkOutputFolder(const std::string& dir);

/// Makes `dir` and the folders of the `reports` (paths relative to it), and checks that files
/// can be made in each: a folder that cannot be used is found before any check runs. Throws
/// InputError naming the folder and why.
void makeReportFolders(const std::string& dir, const std::set<std::string>& reports);

/// The reports an earlier run's summary.json in `dir` lists, relative to `dir`; none without a
/// summary.json. Throws InputError when the file is there but no batch summary: which files of
/// the folder are gougechek's could then not be told.
std::set<std::string> earlierReports(const std::string& dir);

/// Removes the reports of an earlier run (`earlier`) that this one does not write (`current`):
/// only what the earlier summary lists as reports, only regular files at DIR/jobs/JOB/NAME
/// (.json .html .xml .csv; no symbolic link followed, none of `inputs`), then the job folders
/// left empty. Anything else in a job folder (a user's notes) stays, and its folder with it.
/// Throws InputError naming a report that cannot be removed.
void removeStaleReports(const std::string& dir, const std::set<std::string>& earlier,
                        const std::set<std::string>& current, const std::vector<InputFile>& inputs);

}  // namespace gougechek
