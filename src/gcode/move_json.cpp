#include <charconv>
#include <string>

#include "gougechek/program.hpp"

namespace gougechek {

namespace {

void appendNumber(std::string& text, double value) {
  if (value == 0) value = 0;  // no "-0"
  char digits[32];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  text.append(digits, result.ptr);
}

void appendInteger(std::string& text, long long value) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  text.append(digits, result.ptr);
}

void appendPoint(std::string& text, const char* key, const Vec3& p) {
  text += ", \"";
  text += key;
  text += "\": [";
  appendNumber(text, p.x);
  text += ',';
  appendNumber(text, p.y);
  text += ',';
  appendNumber(text, p.z);
  text += ']';
}

const char* kindName(MoveKind kind) {
  switch (kind) {
    case MoveKind::Rapid:
      return "rapid";
    case MoveKind::Feed:
      return "feed";
    case MoveKind::Arc:
      return "arc";
    case MoveKind::Probe:
      return "probe";
  }
  return "feed";
}

}  // namespace

void writeMoveJson(const Move& move, std::size_t ordinal, std::ostream& out) {
  std::string text = "{\"move\": ";
  appendInteger(text, static_cast<long long>(ordinal));
  text += ", \"line\": ";
  appendInteger(text, move.line);
  text += ", \"kind\": \"";
  text += kindName(move.kind);
  text += "\", \"tool\": ";
  appendInteger(text, move.tool);
  appendPoint(text, "from", move.from);
  appendPoint(text, "to", move.to);
  if (move.kind == MoveKind::Arc) {
    appendPoint(text, "center", move.center);
    appendPoint(text, "axis", move.axis);
    text += ", \"turns\": ";
    appendInteger(text, move.turns);
  }
  text += "}\n";
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace gougechek
