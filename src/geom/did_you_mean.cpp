#include "geom/did_you_mean.hpp"

#include <algorithm>
#include <cctype>

namespace gougechek {

namespace {

std::string lowered(std::string_view text) {
  std::string low(text);
  for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return low;
}

/// Edits (insert, delete, replace, swap of neighbours) that turn `a` into `b`.
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t replace = d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, replace});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::vector<std::string> likelyMeant(std::string_view given,
                                     const std::vector<std::string>& known) {
  const std::string low = lowered(given);
  // Only the case wrong: that name alone.
  for (const std::string& name : known)
    if (lowered(name) == low) return {name};
  std::vector<std::string> meant;
  for (const std::string& name : known) {
    const std::string name_low = lowered(name);
    const std::size_t allowed = std::max<std::size_t>(1, std::max(low.size(), name.size()) / 3);
    if ((low.size() >= 2 && name_low.starts_with(low)) || editDistance(low, name_low) <= allowed)
      meant.push_back(name);
  }
  return meant;
}

std::string didYouMean(std::string_view given, const std::vector<std::string>& known,
                       const Synonyms& synonyms, std::string_view before, std::string_view after) {
  std::vector<std::string> meant;
  for (const auto& [word, names] : synonyms)
    if (lowered(word) == lowered(given)) meant = names;
  if (meant.empty()) meant = likelyMeant(given, known);
  if (meant.empty()) return "";
  std::string text = " (did you mean ";
  for (std::size_t i = 0; i < meant.size(); ++i) {
    if (i > 0) text.append(i + 1 == meant.size() ? " or " : ", ");
    text.append(before).append(meant[i]).append(after);
  }
  return text.append("?)");
}

}  // namespace gougechek
