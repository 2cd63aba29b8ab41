// "Did you mean": the names a misspelt option, cutter type or dialect may have meant.
#include "geom/did_you_mean.hpp"

#include <gtest/gtest.h>

namespace gougechek {
namespace {

const std::vector<std::string> kOptions = {"tool", "tool-table", "tolerance", "stock", "format"};

TEST(DidYouMean, AShortenedNameListsEveryCandidate) {
  EXPECT_EQ(likelyMeant("tol", kOptions), (std::vector<std::string>{"tool", "tolerance"}));
  EXPECT_EQ(didYouMean("tol", kOptions, {}, "--", ""), " (did you mean --tool or --tolerance?)");
  EXPECT_EQ(didYouMean("too", kOptions), " (did you mean 'tool' or 'tool-table'?)");
}

TEST(DidYouMean, AMisspeltNameItsNearestNames) {
  EXPECT_EQ(didYouMean("tolerence", kOptions), " (did you mean 'tolerance'?)");
  EXPECT_EQ(didYouMean("fromat", kOptions), " (did you mean 'format'?)");  // a swap
  EXPECT_EQ(didYouMean("stokc", kOptions), " (did you mean 'stock'?)");
}

TEST(DidYouMean, CaseAloneWrongIsThatName) {
  EXPECT_EQ(likelyMeant("Tool", kOptions), std::vector<std::string>{"tool"});
}

TEST(DidYouMean, SynonymsAndNothingLike) {
  const Synonyms synonyms = {{"endmill", {"flat", "ball"}}};
  EXPECT_EQ(didYouMean("EndMill", {"flat", "ball", "bull"}, synonyms),
            " (did you mean 'flat' or 'ball'?)");
  EXPECT_EQ(didYouMean("heidenhain", kOptions), "");
  EXPECT_EQ(didYouMean("x", kOptions), "");
}

}  // namespace
}  // namespace gougechek
