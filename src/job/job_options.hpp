#pragma once
// A check's options as text (gougechek/job.hpp): the command line and a batch manifest's jobs
// set them through the same option names and checks (setCheckOption), so a manifest job means
// exactly what its command line would; and the pieces of a job that runJob() reads.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gougechek/job.hpp"
#include "job/output_file.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

/// A setting that cannot be used (on the command line: exit code 2, with a hint to --help).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// --fail-on: which findings make the exit code 1 (docs/cli.md). Any: every finding not
/// waived; New: those a batch's --baseline did not have; Severe: the severe ones.
enum class FailOn { Any, New, Severe };

/// The FailOn of `text` ("any", "new", "severe"); throws UsageError naming `option`.
FailOn failOnNamed(const std::string& text, const std::string& option);

/// A job with the check's tuning (verify/tuning.hpp), which the benchmarks choose through the
/// command line (--kdop, --no-front-tracking) and a manifest (kdop): no part of the public job,
/// whose checks take the default tuning.
struct TunedJob : CheckJob {
  TunedJob() = default;
  explicit TunedJob(const CheckJob& job) : CheckJob(job) {}

  int kdop = 18;               ///< TunedSettings::kdop
  bool front_tracking = true;  ///< TunedSettings::front_tracking
};

/// The long names of the options setCheckOption knows, as the command line spells them
/// without "--" (and a manifest as keys): "tool", "tool-table", "tolerance", ...
const std::vector<std::string_view>& checkOptionNames();

/// Sets the option `name` (one of checkOptionNames) of `job` from its text `value`; the
/// repeatable ones (tool-library, subroutine-path, subprogram-dir) add to their list. Throws
/// UsageError with the library's message for a value out of range (checkSetting), naming the
/// option as `names` spell it ("--tolerance" on the command line).
void setCheckOption(TunedJob& job, std::string_view name, const std::string& value,
                    SettingNames names);

/// The JunitCases of `text` ("region", "finding"); throws UsageError naming `option`.
JunitCases junitCasesNamed(const std::string& text, const std::string& option);

/// Checks what no single option can: a deflection coarser than the tolerance allows
/// (checkDeflection), the raw stock (checkStock). Throws UsageError naming them as `names`
/// spell them.
void checkJobSettings(const CheckJob& job, SettingNames names);

/// What the machine knows before the program starts (work offsets, tool table) and how it
/// reads programs. Throws InputError.
ProgramOptions programOptions(const CheckJob& job, const ToolLibrary& tools);

/// The program options as far as they decide which files the program may read.
ProgramOptions lookupOptions(const CheckJob& job);

/// How to read the part; `check_stop` is called while a STEP/IGES part is read.
PartOptions partOptions(const CheckJob& job, std::function<void()> check_stop);

/// The settings of `job`, its tolerance raised to kFinestTolerance.
VerifySettings verifySettings(const CheckJob& job);

/// The settings of `job` with its tuning.
TunedSettings tunedSettings(const TunedJob& job);

/// `words` as a POSIX shell command line, each quoted where it needs it.
std::string shellCommand(const std::vector<std::string>& words);

/// The inputs a check reads, by role ("the part file", ...), for refusing outputs that would
/// overwrite them; subprogram files are found while the program runs (mayBeSubprogramFile).
std::vector<InputFile> checkInputs(const CheckJob& job);

}  // namespace gougechek
