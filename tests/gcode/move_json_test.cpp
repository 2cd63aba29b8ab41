#include <gtest/gtest.h>

#include <sstream>

#include "gougechek/program.hpp"

namespace gougechek {
namespace {

TEST(MoveJson, LinearMove) {
  Move move;
  move.kind = MoveKind::Rapid;
  move.from = {0, 0, 50};
  move.to = {10, 5.25, -0.0};
  move.tool = 1;
  move.line = 12;
  std::ostringstream out;
  writeMoveJson(move, 1, out);
  EXPECT_EQ(out.str(),
            "{\"move\": 1, \"line\": 12, \"kind\": \"rapid\", \"tool\": 1, \"from\": [0,0,50], "
            "\"to\": [10,5.25,0]}\n");
}

TEST(MoveJson, ProbeMoveHasItsOwnKind) {
  Move move;
  move.kind = MoveKind::Probe;
  move.from = {1, 2, 5};
  move.to = {1, 2, -3};
  move.line = 7;
  std::ostringstream out;
  writeMoveJson(move, 2, out);
  EXPECT_EQ(out.str(),
            "{\"move\": 2, \"line\": 7, \"kind\": \"probe\", \"tool\": 0, \"from\": [1,2,5], "
            "\"to\": [1,2,-3]}\n");
}

TEST(MoveJson, ArcMoveRoundTripsItsNumbers) {
  Move move;
  move.kind = MoveKind::Arc;
  move.from = {10, 5, 2};
  move.to = {20, 5, 2};
  move.center = {15, 5 + 1.0 / 3.0, 2};
  move.axis = {0, 0, -1};
  move.turns = 2;
  move.line = 14;
  std::ostringstream out;
  writeMoveJson(move, 3, out);
  EXPECT_EQ(out.str(),
            "{\"move\": 3, \"line\": 14, \"kind\": \"arc\", \"tool\": 0, \"from\": [10,5,2], "
            "\"to\": [20,5,2], \"center\": [15,5.333333333333333,2], \"axis\": [0,0,-1], "
            "\"turns\": 2}\n");
}

}  // namespace
}  // namespace gougechek
