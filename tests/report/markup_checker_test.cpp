// The checker the XML/HTML tests rely on must itself catch what it is there to catch.
#include "markup_checker.hpp"

#include <gtest/gtest.h>

namespace gougechek::test {
namespace {

TEST(MarkupChecker, AcceptsBalancedMarkup) {
  EXPECT_EQ(markupProblem("<?xml version=\"1.0\"?><a x=\"1\"><b/>t &amp; u<c>v</c></a>"), "");
  EXPECT_EQ(markupProblem("<!DOCTYPE html><p><meta charset=\"utf-8\"></p>", {"meta"}), "");
}

TEST(MarkupChecker, RejectsBrokenMarkup) {
  EXPECT_NE(markupProblem("<a><b></a></b>"), "");
  EXPECT_NE(markupProblem("<a>"), "");
  EXPECT_NE(markupProblem("<a>x < y</a>"), "");
  EXPECT_NE(markupProblem("<a>x & y</a>"), "");
  EXPECT_NE(markupProblem("<a>x > y</a>"), "");
}

}  // namespace
}  // namespace gougechek::test
