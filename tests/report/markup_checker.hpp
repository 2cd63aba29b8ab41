#pragma once
// A small well-formedness check for the XML and HTML the writers produce: every tag closed in
// order, no bare `<` or `&` in text. Not a full parser: enough to catch broken escaping.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace gougechek::test {

/// An empty string when `markup` is balanced, else what is wrong and where.
inline std::string markupProblem(std::string_view markup,
                                 const std::vector<std::string>& void_elements = {}) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < markup.size()) {
    const char c = markup[i];
    if (c == '&') {
      const std::size_t end = markup.find(';', i);
      const std::string_view entity = markup.substr(i, end - i + 1);
      if (end == std::string_view::npos || end - i > 8 || entity.find(' ') != entity.npos) {
        return "bare & at " + std::to_string(i);
      }
      i = end + 1;
      continue;
    }
    if (c == '>') return "bare > at " + std::to_string(i);
    if (c != '<') {
      ++i;
      continue;
    }
    const std::size_t end = markup.find('>', i);
    if (end == std::string_view::npos) return "unterminated tag at " + std::to_string(i);
    const std::string_view tag = markup.substr(i + 1, end - i - 1);
    if (tag.find('<') != tag.npos) return "< inside a tag at " + std::to_string(i);
    i = end + 1;
    if (tag.starts_with('?') || tag.starts_with('!')) continue;
    if (tag.ends_with('/')) continue;
    const bool closing = tag.starts_with('/');
    const std::string_view body = closing ? tag.substr(1) : tag;
    const std::string name(body.substr(0, body.find_first_of(" \t\n")));
    if (closing) {
      if (open.empty() || open.back() != name) {
        return "</" + name + "> does not close <" + (open.empty() ? "" : open.back()) + ">";
      }
      open.pop_back();
    } else if (std::find(void_elements.begin(), void_elements.end(), name) == void_elements.end()) {
      open.push_back(name);
    }
  }
  return open.empty() ? "" : "<" + open.back() + "> never closed";
}

}  // namespace gougechek::test
