#pragma once
// A part checked against a program: verify() for the findings, check() for the whole report
// the command line writes, and the steps of check() for callers that build the report as they
// go (the CLI: an error report still shows what was known).
#include "gougechek/export.hpp"
#include "gougechek/fixture.hpp"
#include "gougechek/part.hpp"
#include "gougechek/program.hpp"
#include "gougechek/report.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/verify.hpp"

namespace gougechek {

/// The finest tolerance, mm: the precision depths are reported to. The CLI raises a smaller
/// --tolerance, 0 included, to it, so that a cutter touching the part (depth 0 up to rounding)
/// is not a gouge and any cut deeper than what a report can show is one.
inline constexpr double kFinestTolerance = 1e-6;

/// Checks every move of `program`, read block by block, against `part`, whose tree is built at
/// its first check (for settings.kdop) and kept for the next. On a STEP/IGES part, findings
/// within the part's deflection of the tolerance are measured again on its exact faces.
/// Throws InputError as ProgramStream::read does, and naming the move's line when it uses a
/// tool with no known cutter.
GOUGECHEK_API VerifyResult verify(const Part& part, ProgramStream& program,
                                  const ToolLibrary& tools, const VerifySettings& settings);

/// The same with the machine's `setup`: every move, rapids as its rapid path takes them (each
/// leg of a dog-leg rapid checked, its violations numbered by the program's move), also
/// checked against each fixture, whose FixtureCollision violations join the part's. Throws
/// InputError (no file) for a setup checkMachineSetup refuses.
GOUGECHEK_API VerifyResult verify(const Part& part, ProgramStream& program,
                                  const ToolLibrary& tools, const VerifySettings& settings,
                                  const MachineSetup& setup);

/// Throws InputError (no file) naming the setting as `names` spell it when `setup`'s fixture
/// clearance is not a length >= 0, or its rapid path is a dog-leg without three rates > 0
/// (mm/min, at most 1e9).
GOUGECHEK_API void checkMachineSetup(const MachineSetup& setup, SettingNames names);

/// What a report shows before anything is read: the inputs' names and the settings.
GOUGECHEK_API Report reportOfSettings(const std::string& part_file, const std::string& program_name,
                                      const VerifySettings& settings);

/// The part's side of a report: format, units, faces, solids, triangles, bounds, warnings.
GOUGECHEK_API void addPart(Report& report, const Part& part);

/// The check's side: the program's length, the tools it used, its warnings and `result`'s
/// violations; with `quote_lines`, the program text of the violations' lines (for HTML).
GOUGECHEK_API void addResult(Report& report, const ProgramStream& program, const ToolLibrary& tools,
                             VerifyResult result, bool quote_lines);

/// The HTML report's pictures and regions, drawn while `part` is in memory: the whole part with
/// program.pathSample() (read with ProgramOptions::path_sample_pieces) and the violations, and
/// for each region its CAM operation, a zoom and a section, and its program lines. Call after
/// addResult.
GOUGECHEK_API void addPictures(Report& report, const Part& part, const ProgramStream& program);

/// For the HTML page of a check that ended in an input error: pictures of `part` with the path
/// read before the error (no regions). Never throws: a picture that cannot be drawn is left
/// out, so that the error it would illustrate is reported.
GOUGECHEK_API void addPartPictures(Report& report, const Part& part,
                                   const ProgramStream& program) noexcept;

/// The program's warnings, for a report of a check that ended in `error`.
GOUGECHEK_API void addError(Report& report, const ProgramStream* program, RunError error);

/// The whole check as `gougechek PART PROGRAM` runs it once the inputs are read: verify() and
/// the report, program lines quoted, elapsed time measured. Throws as verify() does.
GOUGECHEK_API Report check(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                           const VerifySettings& settings);

}  // namespace gougechek
