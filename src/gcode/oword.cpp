#include "gcode/oword.hpp"

namespace gougechek {

bool isMacroLoop(const std::string& name) {
  return name.starts_with("DO");  // O-word names are lower case
}

std::string describe(const OWord& oword) {
  if (oword.keyword == OKeyword::Goto) return "GOTO";
  if (isMacroLoop(oword.name))
    return oword.keyword == OKeyword::While ? "WHILE [...] " + oword.name
                                            : "END" + oword.name.substr(2);
  static constexpr const char* kNames[] = {
      "",      "sub",      "endsub", "call",   "return",    "if",    "elseif",   "else", "endif",
      "while", "endwhile", "do",     "repeat", "endrepeat", "break", "continue", "goto"};
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
