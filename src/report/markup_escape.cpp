#include "report/markup_escape.hpp"

namespace gougechek {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool continuation(unsigned char byte, unsigned char low = 0x80, unsigned char high = 0xBF) {
  return byte >= low && byte <= high;
}

/// Length of the well-formed UTF-8 sequence at the start of `text` (Unicode table 3-7), or
/// minus the length of its longest invalid start, at least 1, which becomes one U+FFFD.
int sequenceLength(std::string_view text) {
  const auto byte = [&](std::size_t i) {
    return i < text.size() ? static_cast<unsigned char>(text[i]) : 0;
  };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  // The allowed range of the second byte excludes overlong forms, surrogates and code points
  // beyond U+10FFFF.
  unsigned char low = 0x80, high = 0xBF;
  int length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return -1;
  }
  if (!continuation(byte(1), low, high)) return -1;
  for (int i = 2; i < length; ++i) {
    if (!continuation(byte(static_cast<std::size_t>(i)))) return -i;
  }
  return length;
}

/// U+FFFE and U+FFFF are not characters XML 1.0 allows.
bool nonCharacter(std::string_view sequence) {
  return sequence == "\xEF\xBF\xBE" || sequence == "\xEF\xBF\xBF";
}

}  // namespace

std::string escapeMarkup(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const int length = sequenceLength(text.substr(i));
    if (length < 0 || nonCharacter(text.substr(i, static_cast<std::size_t>(length)))) {
      escaped += kReplacement;
      i += static_cast<std::size_t>(length < 0 ? -length : length);
      continue;
    }
    if (length > 1) {
      escaped += text.substr(i, static_cast<std::size_t>(length));
      i += static_cast<std::size_t>(length);
      continue;
    }
    const char c = text[i++];
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&#39;";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
          escaped += c;
        }
    }
  }
  return escaped;
}

}  // namespace gougechek
