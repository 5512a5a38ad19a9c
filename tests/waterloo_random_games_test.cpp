// Waterloo's random games beyond the conformance suite (tests/conformance_test.cpp): many fast
// games without undo history reach a result that fits its reason, and illegal input is
// rejected without a change.
#include <gtest/gtest.h>

#include "engine/error.h"
#include "tests/support/waterloo_play.h"

namespace stratego::waterloo::testing {
namespace {

const char* const kVariants[] = {"waterloo-basic",
                                 "waterloo-standard",
                                 "waterloo-expert",
                                 "waterloo-expert-early-start",
                                 "waterloo-expert-prussian-roll",
                                 "waterloo-expert-mud",
                                 "waterloo-own-terrain"};

TEST(WaterlooConformance, ManyFastRandomGamesReachAResult) {
  ActionList list;
  for (const char* spec : kVariants) {
    auto v = load(spec);
    Rng rng(7);
    for (int game = 0; game < 100; ++game) {
      WaterlooState s(v);
      s.set_keep_history(false);
      play_random(s, rng, list);
      ASSERT_TRUE(s.over()) << spec;
      const Result r = s.result();
      EXPECT_NE(r.winner, Winner::kNone);
      if (r.reason == EndReason::kTurnLimit) {
        EXPECT_EQ(r.winner, Winner::kDraw);
      }
      if (r.kind == ResultKind::kIndecisive) {
        EXPECT_EQ(r.winner, Winner::kDraw);
      }
    }
  }
}

TEST(WaterlooConformance, IllegalInputIsRejectedAndChangesNothing) {
  auto v = load("waterloo-standard");
  WaterlooState s(v);
  Rng rng(3);
  const Core start = s.core();
  EXPECT_THROW(s.apply(Action::move(0, 1)), InputError);  // drafting, not moving
  EXPECT_THROW(s.undo(), InputError);
  EXPECT_TRUE(s.core() == start);
  ActionList list;
  while (s.phase() == Phase::kDraft) {
    s.legal_actions(list);
    s.apply(list[0]);
  }
  s.apply_setup(kRed, s.random_setup(kRed, rng));
  s.apply_setup(kBlue, s.random_setup(kBlue, rng));
  const Core chance = s.core();
  EXPECT_THROW(s.apply(Action::make(ActionType::kRetreatCard, 0, 0, 0, 3)), InputError);
  EXPECT_THROW(s.apply(Action::make(ActionType::kEndTurn)), InputError);
  EXPECT_TRUE(s.core() == chance);
  while (s.is_chance()) s.apply_random_chance(rng);
  const Core play = s.core();
  EXPECT_THROW(s.apply(Action::make(ActionType::kDie, 0, 0, 0, 1)), InputError);
  EXPECT_THROW(s.apply(Action::move(0, 119)), InputError);
  EXPECT_TRUE(s.core() == play);
}

}  // namespace
}  // namespace stratego::waterloo::testing
