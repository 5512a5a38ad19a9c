// The static evaluation of eval/classic_evaluation.h: what one side gains the other loses.
#include "eval/classic_evaluation.h"

#include <gtest/gtest.h>

#include "support/position_builder.h"

namespace stratego::eval {
namespace {

using test_support::position;

// Flags, threats near them, a Scout lane and revealed pieces: every term has something to count.
State busy_position(std::uint8_t flags) {
  return position("classic", {{"a1", kRed, kFlag},
                              {"b1", kRed, kBomb},
                              {"d1", kRed, kSergeant, flags},
                              {"e5", kRed, kCaptain, kMovedFlag},
                              {"j10", kBlue, kFlag},
                              {"a4", kBlue, kScout, kMovedFlag},
                              {"f10", kBlue, kSergeant, flags},
                              {"e7", kBlue, kMarshal, kMovedFlag},
                              {"c2", kBlue, kMiner, kMovedFlag},
                              {"h1", kRed, kSpy}});
}

TEST(ClassicEvaluation, TheMarginOfOneSideIsMinusTheOther) {
  for (std::uint8_t flags :
       {std::uint8_t(0), std::uint8_t(kMovedFlag), std::uint8_t(kRevealedFlag | kMovedFlag)}) {
    const State s = busy_position(flags);
    EXPECT_NE(classic_margin(s, kRed), 0.0);
    EXPECT_DOUBLE_EQ(classic_margin(s, kRed), -classic_margin(s, kBlue));
  }
}

}  // namespace
}  // namespace stratego::eval
