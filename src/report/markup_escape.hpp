#pragma once
// Text placed into XML or HTML, attribute values included.
#include <string>
#include <string_view>

namespace gougechek {

/// Replaces & < > " ' by entities, drops control characters XML 1.0 cannot carry (all below
/// 0x20 except tab, newline, carriage return), and replaces each invalid UTF-8 sequence (and
/// the non-characters U+FFFE, U+FFFF) by U+FFFD: the output is valid UTF-8 whatever the bytes.
std::string escapeMarkup(std::string_view text);

}  // namespace gougechek
