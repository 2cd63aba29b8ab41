#pragma once
// Everything a report shows, gathered once, and written in each format the CLI has.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gougechek/export.hpp"
#include "gougechek/fixture.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/verify.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

/// Why a run ended without a result.
enum class RunErrorKind { Usage, Input, Internal, Interrupted };

/// The error that ended a run, as the report shows it.
struct RunError {
  RunErrorKind kind = RunErrorKind::Input;  ///< what ended the run
  std::string message;                      ///< what is wrong, without the place
  std::string file;                         ///< the file it is about; empty when none
  std::size_t line = 0;                     ///< 1-based; 0 when not applicable
  std::size_t column = 0;                   ///< 1-based; 0 when not applicable
};

/// A finding a person accepted (a batch manifest's waiver): listed, but not failing.
struct Waiver {
  std::string by;      ///< who accepted it
  std::string reason;  ///< why
};

/// An input of a check and the SHA-256 of its bytes.
struct TracedInput {
  /// "part", "program", "tool_table", "tool_library", "work_offsets", "stock_model",
  /// "stock_in", "subprogram"
  std::string role;
  std::string file;    ///< as given ("<stdin>" for standard input)
  std::string sha256;  ///< lowercase hex; empty for standard input, which has no file to hash
};

/// A batch manifest's job, for a report of one of its checks.
struct ManifestEntry {
  std::string file;      ///< the manifest
  std::size_t line = 0;  ///< where the job starts, 1-based
  std::string job;       ///< its name
};

/// What was checked, by what, when: so that a report proves what it is about. The command
/// line and batch fill it in; a library caller may.
struct Trace {
  std::string command;  ///< the command line (for a batch check, the one that runs it alone)
  std::optional<ManifestEntry> manifest;  ///< the job, for a batch check
  std::string checked_at;  ///< when the check started: UTC, ISO 8601 (2026-11-24T20:51:03Z)
  std::string dialect;     ///< the dialect the program was read in
  std::vector<TracedInput> inputs;  ///< hashed as the check starts; subprograms as read
};

/// A picture for the HTML report, drawn while the part was in memory.
/// How a picture maps the part's coordinates to its pixels: a point p is drawn at
/// x = cx + dot(p − centre, right)·px_per_mm, y = cy − dot(p − centre, up)·px_per_mm, in pixels
/// from the picture's top left corner, y downwards. The HTML report writes it into the image's
/// data-projection attribute, for scripts and tests that place things over the picture.
struct PictureProjection {
  Vec3 centre, right, up;                ///< the view's centre and its unit screen axes
  double px_per_mm = 1, cx = 0, cy = 0;  ///< scale, and where `centre` is drawn, in pixels
};

/// A picture of the HTML report.
struct ReportPicture {
  std::string title;         ///< the caption
  std::string png_data_uri;  ///< data:image/png;base64,...
  std::optional<PictureProjection> projection{};
};

/// Violations close on the part and in the program (within two cutter diameters of each other,
/// a few lines apart, same tool): one fault of the program, usually.
struct ReportRegion {
  std::vector<std::size_t> violations;  ///< indices into Report::violations, in program order
  std::size_t deepest = 0;              ///< index into Report::violations
  std::string operation;                ///< the CAM operation it is in, from the program's comments
  std::vector<ReportPicture> pictures;  ///< a zoom and a section at the deepest violation
};

/// Feed moves that removed no stock (air cuts), summed over a tool or a CAM operation.
struct AirCuts {
  int tool = 0;           ///< the tool (per tool), or the tool of its first air cut
  std::string operation;  ///< per operation: its name from the program's comments ("" if none)
  std::size_t moves = 0;  ///< feed moves that removed no stock
  double length = 0;      ///< mm
  double time = 0;        ///< s at the programmed feed
};

/// The raw stock of a check that had one (docs/checking-rules.md, "Stock").
struct StockReport {
  std::string shape;             ///< as given: "box 0,0,0,100,80,28", "model casting.step", ...
  double resolution = 0;         ///< the columns' spacing, mm
  std::size_t columns = 0;       ///< columns of the field
  std::size_t bytes = 0;         ///< the field's memory at its largest
  double volume_before = 0;      ///< mm³
  double volume_removed = 0;     ///< mm³
  std::vector<AirCuts> by_tool;  ///< air cuts per tool, by tool number
  std::vector<AirCuts> by_operation;  ///< per operation, in program order; "" when none is named
  /// For the HTML report: the stock after the program from the top and in 3D (PNG data URIs).
  std::vector<ReportPicture> pictures;
};

/// A region of the design with material left on it (docs/checking-rules.md "Excess"): facets of
/// the part joined edge to edge (on one face of a STEP/IGES part) whose largest excess exceeds
/// the stock to leave plus the excess tolerance; or, not machined, facets no cutter came near.
struct ExcessRegion {
  bool machined = true;   ///< false: some ray of its cells met no cutter before the cap
  double lo = 0, hi = 0;  ///< the largest excess lies in [lo, hi], mm
  /// Whether [lo, hi] is as narrow as docs/checking-rules.md promises (1e-4 mm); a region
  /// whose refinement ran out of its budget keeps the wider bracket, which still holds.
  bool certified() const { return hi - lo <= 1e-4; }
  double area = 0;         ///< of its facets, mm²
  std::size_t facets = 0;  ///< triangles of the part's mesh
  Vec3 at;                 ///< the design point where the excess lo was measured
  std::optional<std::uint32_t>
      face;  ///< STEP/IGES: the face, 1-based in the order the part's faces are read
  // Machined regions: the move whose cutter's sweep bounds the excess at `at`.
  std::uint32_t move = 0;  ///< 1-based ordinal of the move, as Violation::move
  std::uint32_t line = 0;  ///< its program line
  int tool = 0;
  std::string operation;  ///< the CAM operation, from the program's comments ("" if none)
  /// HTML: a zoom on it in the excess map (the first kPicturedRegions excess regions).
  std::vector<ReportPicture> pictures;
};

/// The design's area whose largest excess, beyond the stock to leave, lies in (from, to], mm.
struct ExcessBand {
  double from = 0, to = 0;  ///< to = ∞ for the last band
  double area = 0;          ///< mm² (of the facets whose largest excess falls in it)
};

/// The excess of a check run with --excess (docs/checking-rules.md "Excess").
struct ExcessReport {
  double spacing = 0;                 ///< sample spacing on the design, mm
  double tolerance = 0;               ///< --excess-tolerance, mm
  double stock_to_leave = 0;          ///< the check's --stock: expected, not a finding
  std::optional<double> fail_above;   ///< --fail-on-excess, mm
  std::string cap;                    ///< what caps a ray: "stock" or "part box grown by 1 mm"
  std::size_t samples = 0;            ///< rays cast, refinement included
  double area = 0;                    ///< the design's area, mm²
  double max_lo = 0, max_hi = 0;      ///< the largest excess of the machined regions (0 if none)
  std::vector<ExcessBand> bands;      ///< in tolerance first, then the bands above it
  double not_machined_area = 0;       ///< mm²
  std::vector<ExcessRegion> regions;  ///< largest excess first
  std::vector<ExcessRegion> not_machined;  ///< largest area first
  /// HTML: the design coloured by band (top and iso views); none unless pictures are drawn.
  std::vector<ReportPicture> pictures;
  /// Whether `region` fails the check: excess proven above fail_above.
  bool fails(const ExcessRegion& region) const {
    return fail_above && region.machined && region.lo > *fail_above;
  }
  /// Whether the excess fails the check: a region proven above fail_above.
  bool fails() const { return fail_above && max_lo > *fail_above; }
};

/// Pieces of the tool path the HTML report's pictures draw at most
/// (ProgramOptions::path_sample_pieces): a long program's feed moves are joined to fit.
inline constexpr std::size_t kHtmlPathPieces = 200'000;

/// Rows of the HTML report's violation table by default: the deepest ones.
inline constexpr std::size_t kDefaultHtmlViolations = 1000;

/// A fixture of the check, as the report names it.
struct ReportFixture {
  std::string file;           ///< as given
  std::string placement;      ///< its --fixture-transform as given ("" for none)
  std::size_t triangles = 0;  ///< of its mesh as checked; 0 until it is read
};

/// How the JUnit report makes its test cases: one per region of violations (ReportRegion), or
/// one per violation.
enum class JunitCases { Region, Finding };

/// Everything a report of one check shows, in every format (writeReport).
struct Report {
  std::optional<Trace> trace;  ///< unset: not recorded (written only when set)
  std::string part_file;
  std::string part_format;                 ///< empty when the part was not read
  std::string part_units;                  ///< the part file's own length unit
  std::optional<std::size_t> part_faces;   ///< STEP/IGES: B-rep faces
  std::optional<std::size_t> part_solids;  ///< STEP/IGES: solids
  std::size_t triangles = 0;
  std::array<Vec3, 2> bounds;  ///< the part's {min, max}, mm
  std::string path_file;       ///< the program, as named (ProgramStream::name)
  std::size_t path_lines = 0;  ///< the program's lines, as read
  std::size_t moves = 0;       ///< its moves, as checked
  double tolerance = 0, stock = 0, rapid_clearance = 0;  ///< the settings, mm
  double holder_clearance = 0;      ///< written only when > 0 (--holder-clearance)
  std::optional<int> initial_tool;  ///< --initial-tool; written only when set
  /// The fixtures (--fixture), by index as Violation::fixture counts; written only when any.
  std::vector<ReportFixture> fixtures;
  double fixture_clearance = 0;                 ///< written only with fixtures
  RapidPath rapid_path = RapidPath::Linear;     ///< written only when Dogleg
  Vec3 rapid_rates{0, 0, 0};                    ///< mm/min per axis, for RapidPath::Dogleg
  std::vector<std::pair<int, ToolSpec>> tools;  ///< tools the program used, by number
  std::vector<InputWarning> warnings;
  std::vector<Violation> violations;  ///< ordered by line, then kind
  /// The waived violations, by index into `violations`: listed, not counted, not failing.
  std::map<std::size_t, Waiver> waivers;
  ViolationTally unlisted;  ///< violations found beyond those listed, counted only
  /// Set when a raw stock was given (stock collisions are then counted in every report).
  std::optional<StockReport> raw_stock;
  /// Set when the check measured the excess (--excess).
  std::optional<ExcessReport> excess;
  /// Set when the run ended in an error: then nothing of the check is claimed (no violations,
  /// no counts), only what was known of the inputs and settings.
  std::optional<RunError> error;
  /// Program text of the violations' lines, by line number; the HTML report shows it. Optional:
  /// a line missing here is shown without its text.
  std::map<std::uint32_t, std::string> source_lines;
  /// For the HTML report (addPictures): the whole part with the path and the violations seen
  /// from the top, front and iso, and the violations' regions, deepest first.
  std::vector<ReportPicture> pictures;
  std::vector<ReportRegion> regions;  ///< deepest first
  /// For the HTML report (addPictures): the interactive 3D view's block (the part decimated, the
  /// path, the markers, its script); empty when it could not be made.
  std::string view3d_html;
  std::size_t html_violations = kDefaultHtmlViolations;  ///< rows of the HTML violation table
  JunitCases junit_cases = JunitCases::Region;           ///< the JUnit report's test cases
  double elapsed_s = 0;  ///< the only field that varies between runs
};

/// The formats a report is written in (docs/report-format.md).
/// Sarif is SARIF 2.1.0 (GitHub code scanning), CodeQuality GitLab's Code Quality JSON.
enum class ReportFormat { Text, Json, Csv, Junit, Html, Sarif, CodeQuality };

/// The format of a --format value ("text", "json", "csv", "junit", "html", "sarif",
/// "codequality"), if it is one.
GOUGECHEK_API std::optional<ReportFormat> reportFormatFromName(std::string_view name);

/// The name of `format`, as reportFormatFromName takes it.
GOUGECHEK_API const char* reportFormatName(ReportFormat format);

/// The format a report file's extension tells (.txt .json .csv .xml .html .htm .sarif, in any
/// case; Code Quality JSON has no extension of its own),
/// if it tells one.
GOUGECHEK_API std::optional<ReportFormat> reportFormatOfFile(std::string_view file);

/// Writes `report` in `format`. JSON follows schema gougechek-report/1
/// (docs/report-format.md, docs/gougechek-report-1.schema.json).
GOUGECHEK_API void writeReport(const Report& report, ReportFormat format, std::ostream& out);

/// The machine name of a stock collision's cause, as the JSON and CSV reports write it:
/// "rapid", "non_cutting", "above_flutes", "centre_plunge".
GOUGECHEK_API const char* stockCauseName(StockCause cause);

/// The machine name of a kind, as the JSON and CSV reports write it: "gouge",
/// "rapid_collision", "holder_collision", "stock_collision", "fixture_collision".
GOUGECHEK_API const char* violationKindName(ViolationKind kind);

/// The name of the assembly piece a holder, stock or fixture collision touched ("shank",
/// "holder: nut", "flutes"), as the reports write it; empty for the other kinds.
GOUGECHEK_API std::string segmentName(const Report& report, const Violation& violation);

/// The file of the fixture a fixture collision came near, as the reports write it; empty for
/// the other kinds.
GOUGECHEK_API std::string fixtureName(const Report& report, const Violation& violation);

/// The waiver of `violation`, an element of report.violations, if it is waived.
GOUGECHEK_API const Waiver* waiverOf(const Report& report, const Violation& violation);

/// `FAIL: 3 gouges, 1 rapid collision, 0 holder collisions, max depth 0.212 mm` (with
/// `, 1 stock collision` and `, 1 fixture collision` after the holder collisions when a raw
/// stock was given or the check had fixtures, and `, 2 waived` when findings were waived).
GOUGECHEK_API std::string summaryLine(const Report& report);

}  // namespace gougechek
