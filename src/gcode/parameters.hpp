#pragma once
// LinuxCNC's parameters: numbered #1..#5601, named #<name> (local to the subroutine call that set
// it) and #<_name> (global). Numbered parameters start at 0 unless a parameter (.var) file gives
// them; reading a named parameter that was never set is an error, as in LinuxCNC.
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace gougechek {

class Parameters {
 public:
  /// LinuxCNC's RS274NGC_MAX_PARAMETERS: numbers run from 1 to kCount - 1.
  static constexpr int kCount = 5602;
  /// #1..#30 are the arguments of a subroutine call, saved and restored around it.
  static constexpr int kArguments = 30;

  Parameters();

  /// #5420-#5428: the current position of X, Y, Z, A, B, C, U, V, W, set before each line.
  static constexpr int kCurrentPosition = 5420;
  static constexpr int kCurrentPositionEnd = 5429;

  static bool validNumber(int number) { return number >= 1 && number < kCount; }
  /// Whether reading `number` is refused: the current position while cutter radius
  /// compensation is on (LinuxCNC: "Cannot read current position with cutter radius
  /// compensation on"; the tool is not yet where the program will be).
  bool withheld(int number) const {
    return position_withheld_ && number >= kCurrentPosition && number < kCurrentPositionEnd;
  }
  void withholdPosition(bool withheld) { position_withheld_ = withheld; }
  double get(int number) const { return numbered_[static_cast<std::size_t>(number)]; }
  void set(int number, double value) {
    numbered_[static_cast<std::size_t>(number)] = value;
    unknown_[static_cast<std::size_t>(number)] = false;
  }
  /// Fanuc common variables hold what the operator or an earlier program left: unknown until
  /// the program sets them. A vacant Fanuc variable holds NaN.
  void setUnknown(int number) { unknown_[static_cast<std::size_t>(number)] = true; }
  bool unknown(int number) const { return unknown_[static_cast<std::size_t>(number)]; }

  /// Named parameter `name` (lower case, without '#<' '>'); null when not set.
  const double* find(const std::string& name) const;
  void set(const std::string& name, double value);

  /// Enters a subroutine call: a fresh local scope, #1..#30 saved and set to `arguments`
  /// (missing ones 0).
  void enterCall(const std::vector<double>& arguments);
  /// Leaves it: the caller's local names and #1..#30 come back.
  void leaveCall();

  /// The first parameter whose value differs from `before`'s, as "#100 (1 before, 2 now)", or
  /// "" when none does. The current position (#5420-#5428) is left out: it follows the moves.
  std::string changeFrom(const Parameters& before) const;

 private:
  static bool isGlobal(const std::string& name) { return !name.empty() && name[0] == '_'; }

  struct Frame {
    std::unordered_map<std::string, double> locals;
    std::array<double, kArguments> saved_arguments{};
    bool operator==(const Frame&) const = default;
  };

  std::vector<double> numbered_;
  std::vector<bool> unknown_;
  std::unordered_map<std::string, double> globals_;
  std::vector<Frame> frames_;  ///< frames_[0] is the main program
  bool position_withheld_ = false;
};

}  // namespace gougechek
