#pragma once
// Text placed into XML or HTML, attribute values included.
#include <string>
#include <string_view>

namespace gougechek {

/// Replaces & < > " ' by entities, and drops control characters XML 1.0 cannot carry
/// (all below 0x20 except tab, newline, carriage return).
std::string escapeMarkup(std::string_view text);

}  // namespace gougechek
