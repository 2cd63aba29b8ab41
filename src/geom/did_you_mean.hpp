#pragma once
// "Did you mean": the names a misspelt or shortened name may have meant, for the messages that
// refuse it (an option, a cutter type, a dialect).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gougechek {

/// The names of `known` that `given` may have meant, in known's order, case ignored: the one
/// it is but for case, else those
/// `given` begins (given at least two characters long), and those within an edit distance of
/// a third of the longer name's length, at least one (a swap of two neighbours counts one).
std::vector<std::string> likelyMeant(std::string_view given, const std::vector<std::string>& known);

/// Other words for a name, each with the names it stands for: `endmill` for flat, ball and
/// bull; matched whole, case ignored.
using Synonyms = std::vector<std::pair<std::string_view, std::vector<std::string>>>;

/// ` (did you mean 'a'?)`, ` (did you mean 'a', 'b' or 'c'?)`, each name quoted as `quote`
/// wraps it (`--` before an option's); empty when `given` is like none of `known` nor a
/// synonym.
std::string didYouMean(std::string_view given, const std::vector<std::string>& known,
                       const Synonyms& synonyms = {}, std::string_view before = "'",
                       std::string_view after = "'");

}  // namespace gougechek
