// One validation for every front end (issue 21): the settings the command line refuses
// (setting_refusals.txt) are refused by a batch manifest and by the C++ API with the same
// message, the setting named as each spells it. tests/python runs the same cases through the
// Python module.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gougechek/check.hpp"
#include "gougechek/error.hpp"
#include "gougechek/job.hpp"
#include "gougechek/step.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = GOUGECHEK_SOURCE_DIR;
const fs::path kStepPart =
    fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam" / "pocket_plate" / "part.step";
constexpr const char* kProgram = "G21 G90\nG0 X10 Y10 Z50\nM2\n";

struct Refusal {
  std::string message;  ///< with {option} where a setting is named
  std::vector<std::pair<std::string, std::string>> settings;  ///< option, value
};

std::vector<Refusal> refusals() {
  std::ifstream in(kSource / "tests" / "frontends" / "setting_refusals.txt");
  std::vector<Refusal> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t tab = line.find('\t');
    Refusal refusal{line.substr(0, tab), {}};
    std::istringstream settings(line.substr(tab + 1));
    for (std::string setting; settings >> setting;) {
      const std::size_t equals = setting.find('=');
      refusal.settings.emplace_back(setting.substr(0, equals), setting.substr(equals + 1));
    }
    cases.push_back(std::move(refusal));
  }
  return cases;
}

/// The message with each {option} spelt as `names` spell it; "threads" is a setting of the
/// batch run, given on its command line.
std::string expected(const Refusal& refusal, SettingNames names) {
  std::string text = refusal.message;
  for (std::size_t open; (open = text.find('{')) != std::string::npos;) {
    const std::size_t close = text.find('}', open);
    const std::string option = text.substr(open + 1, close - open - 1);
    const SettingNames spelt =
        names == SettingNames::Manifest && option == "threads" ? SettingNames::CommandLine : names;
    text.replace(open, close - open + 1, settingName(option, spelt));
  }
  return text;
}

/// Runs `command` in a shell; its exit code and the first line of its standard error.
std::pair<int, std::string> run(const std::string& command, const fs::path& dir) {
  const fs::path err = dir / "stderr.txt";
  const int status = std::system((command + " >/dev/null 2>'" + err.string() + "'").c_str());
  std::ifstream in(err);
  std::string first;
  std::getline(in, first);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, first};
}

/// The numbers of "a,b,c".
std::vector<double> numbers(const std::string& text) {
  std::vector<double> values;
  std::istringstream list(text);
  for (std::string item; std::getline(list, item, ',');) values.push_back(std::stod(item));
  return values;
}

/// Whether `option` is a setting only a job has (gougechek/job.hpp): the raw stock's and the
/// excess's.
bool jobOnly(const std::string& option) {
  return option.starts_with("stock-") || option.starts_with("excess") || option == "fail-on-excess";
}

/// Sets the CheckJob field of the raw stock's or the excess's `option` as a C++ caller would.
void setJobField(CheckJob& job, const std::string& option, const std::string& value) {
  if (option == "excess") {
    job.excess = value == "true";
  } else if (option == "excess-spacing") {
    job.excess_spacing = std::stod(value);
  } else if (option == "excess-tolerance") {
    job.excess_tolerance = std::stod(value);
  } else if (option == "fail-on-excess") {
    job.fail_on_excess = std::stod(value);
  } else if (option == "stock-box" && value.starts_with("auto:")) {
    job.stock_box_margin = std::stod(value.substr(5));
  } else if (option == "stock-box") {
    const std::vector<double> v = numbers(value);
    job.stock_box = std::array<Vec3, 2>{Vec3{v[0], v[1], v[2]}, Vec3{v[3], v[4], v[5]}};
  } else if (option == "stock-cylinder") {
    const std::vector<double> v = numbers(value);
    job.stock_cylinder = StockCylinder{{v[0], v[1], v[2]}, v[3], v[4]};
  } else if (option == "stock-resolution") {
    job.stock_resolution = std::stod(value);
  } else {
    FAIL() << "no C++ field for " << option;
  }
}

class SettingRefusals : public testing::Test {
 protected:
  void SetUp() override {
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_refusals_" + std::to_string(random()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / "p.nc") << kProgram;
    cases_ = refusals();
    ASSERT_GE(cases_.size(), 10u);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string part() const { return (kSource / "samples" / "mold.stl").string(); }

  fs::path dir_;
  std::vector<Refusal> cases_;
};

TEST_F(SettingRefusals, TheCommandLineRefusesEachWithItsMessage) {
  for (const Refusal& refusal : cases_) {
    std::string command = std::string(GOUGECHEK_CLI) + " '" + part() + "' '" +
                          (dir_ / "p.nc").string() + "' -t ball:6";
    for (const auto& [option, value] : refusal.settings) {
      if (option == "excess")  // a switch: excess=true is --excess
        command += value == "true" ? " --excess" : "";
      else
        command += " --" + option + "=" + value;
    }
    const auto [code, error] = run(command, dir_);
    EXPECT_EQ(code, 2) << command;
    EXPECT_EQ(error, "gougechek: error: " + expected(refusal, SettingNames::CommandLine));
  }
}

TEST_F(SettingRefusals, ABatchManifestRefusesEachWithTheSameMessage) {
  for (const Refusal& refusal : cases_) {
    std::ostringstream manifest;
    manifest << "jobs:\n  - name: refused\n    part: '" << part() << "'\n    program: '"
             << (dir_ / "p.nc").string() << "'\n    tool: ball:6\n";
    std::string run_options;
    for (const auto& [option, value] : refusal.settings) {
      if (option == "threads")
        run_options += " --threads=" + value;
      else
        manifest << "    " << option << ": '" << value << "'\n";
    }
    std::ofstream(dir_ / "m.yaml") << manifest.str();
    const std::string command = std::string(GOUGECHEK_CLI) + " batch '" +
                                (dir_ / "m.yaml").string() + "' --out '" + (dir_ / "out").string() +
                                "'" + run_options;
    const auto [code, error] = run(command, dir_);
    EXPECT_EQ(code, 2) << manifest.str();
    EXPECT_TRUE(error.ends_with(expected(refusal, SettingNames::Manifest))) << error << "\n"
                                                                            << manifest.str();
  }
}

TEST_F(SettingRefusals, TheCppApiRefusesEachWithTheSameMessage) {
  for (const Refusal& refusal : cases_) {
    if (std::all_of(refusal.settings.begin(), refusal.settings.end(),
                    [](const auto& setting) { return jobOnly(setting.first); })) {
      // The raw stock and the excess are a job's (gougechek/job.hpp): checkJob refuses them
      // before anything runs.
      CheckJob job;
      for (const auto& [option, value] : refusal.settings) setJobField(job, option, value);
      try {
        checkJob(job, SettingNames::Identifier);
        ADD_FAILURE() << "accepted: " << refusal.message;
      } catch (const InputError& error) {
        EXPECT_EQ(error.file(), "");
        EXPECT_EQ(error.what(), expected(refusal, SettingNames::Identifier));
      }
      continue;
    }
    VerifySettings settings;
    MachineSetup machine;
    PartOptions part_options;
    ProgramOptions program_options;
    std::string part_file = part();
    bool named_by_text = false;
    for (const auto& [option, value] : refusal.settings) {
      if (option == "dialect") {
        // C++ names a dialect by its enum; text, as a pipeline's configuration gives it, is
        // read with dialectNamed.
        try {
          program_options.dialect = dialectNamed(value, SettingNames::Identifier);
          ADD_FAILURE() << "accepted: " << refusal.message;
        } catch (const InputError& error) {
          EXPECT_EQ(error.what(), expected(refusal, SettingNames::Identifier));
        }
        named_by_text = true;
        continue;
      }
      if (option == "rapid-path") {
        // Named by text as a dialect is: rapidPathNamed.
        try {
          machine.rapid_path = rapidPathNamed(value, SettingNames::Identifier);
        } catch (const InputError& error) {
          EXPECT_EQ(error.what(), expected(refusal, SettingNames::Identifier));
          named_by_text = true;
        }
        continue;
      }
      if (option == "rapid-rates") {
        std::istringstream rates(value);
        std::array<double, 3> axes{};
        for (double& rate : axes) {
          rates >> rate;
          rates.ignore(1);
        }
        machine.rapid_rates = {axes[0], axes[1], axes[2]};
        continue;
      }
      const double number = std::stod(value);
      if (option == "fixture-clearance") machine.fixture_clearance = number;
      if (option == "tolerance") settings.tolerance = number;
      if (option == "stock") settings.stock = number;
      if (option == "rapid-clearance") settings.rapid_clearance = number;
      if (option == "holder-clearance") settings.holder_clearance = number;
      if (option == "start") settings.start = Vec3{number, 10, 5};
      if (option == "threads") settings.threads = static_cast<int>(number);
      if (option == "initial-tool") settings.initial_tool = static_cast<int>(number);
      if (option == "arc-tolerance") program_options.arc_tolerance_mm = number;
      if (option == "deflection") {
        // A deflection is a STEP/IGES part's: the part is read with it.
        part_options.deflection = number;
        part_file = kStepPart.string();
      }
    }
    if (named_by_text) continue;
    if (!fs::exists(part_file)) {
      if (std::getenv("CI")) FAIL() << part_file << " not found";
      continue;
    }
    ToolLibrary tools;
    tools.fallback = parseToolSpec("ball:6", "tool");
    try {
      const Part loaded = step::readPart(part_file, part_options);
      ProgramStream program = ProgramStream::fromText(kProgram, "p.nc", program_options);
      verify(loaded, program, tools, settings, machine);
      ADD_FAILURE() << "accepted: " << refusal.message;
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), "");
      EXPECT_EQ(error.what(), expected(refusal, SettingNames::Identifier));
    }
  }
}

}  // namespace
}  // namespace gougechek
