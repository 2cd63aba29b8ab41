#include "gcode/oword.hpp"

namespace gougechek {

std::string describe(const OWord& oword) {
  static constexpr const char* kNames[] = {
      "",      "sub",   "endsub",   "call", "return", "if",        "elseif", "else",
      "endif", "while", "endwhile", "do",   "repeat", "endrepeat", "break",  "continue"};
  const bool numbered = !oword.name.empty() && oword.name[0] >= '0' && oword.name[0] <= '9';
  std::string text = numbered ? "o" + oword.name : "o<" + oword.name + ">";
  const char* keyword = kNames[static_cast<int>(oword.keyword)];
  if (*keyword != '\0') {
    text += ' ';
    text += keyword;
  }
  return text;
}

}  // namespace gougechek
