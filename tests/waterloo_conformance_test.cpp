// The conformance suite over every Waterloo variant (STYLE.md, OpenSpiel style): random games
// from random legal set-ups to a result, with undo checked exactly at every step, chance
// probabilities summing to 1, board bookkeeping consistent, and illegal input rejected
// without a change.
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

// The mailbox, the side bitboards and the units' own records agree.
void expect_consistent(const WaterlooState& s) {
  Bitboard seen[2] = {0, 0};
  for (int id = 0; id < s.num_units(); ++id) {
    const UnitState& u = s.unit(id);
    if (u.where != Where::kBoard) continue;
    ASSERT_EQ(s.unit_at(u.sq), id);
    seen[army_side(s.unit_info(id).army)] |= square_bb(u.sq);
    ASSERT_GE(u.strength, 1u * (s.unit_info(id).strength > 0));
    ASSERT_LE(u.strength, s.unit_info(id).strength);
    // Terrain (W-10.2, W-14.3): only infantry inside intact buildings; no artillery in mud.
    const UnitClass k = s.unit_info(id).cls;
    const int t = s.tile_at(u.sq);
    const bool infantry = k == UnitClass::kInfantry || k == UnitClass::kLightInfantry;
    if (t >= 0 && s.tile_hp(t) > 0 && s.rules().tiles[t].kind == TileKind::kBuilding) {
      ASSERT_TRUE(infantry) << s.geometry().square_name(u.sq);
    }
    if (k == UnitClass::kArtillery) {
      ASSERT_FALSE(test(s.rules().mud, u.sq));
    }
    if (s.unit_info(id).army == Army::kPrussian) {
      ASSERT_GE(s.turn(), s.rules().prussian_turn);
    }
  }
  ASSERT_TRUE(seen[0] == s.side_bb(kRed));
  ASSERT_TRUE(seen[1] == s.side_bb(kBlue));
  ASSERT_EQ(popcount(s.occupied()), popcount(seen[0]) + popcount(seen[1]));
  for (Side side : {kRed, kBlue}) {
    int cards = 0;
    for (auto c : s.hand(side)) cards += c;
    ASSERT_LE(cards, 8);
  }
}

TEST(WaterlooConformance, RandomGamesUndoExactlyAndEnd) {
  ActionList list;
  for (const char* spec : kVariants) {
    SCOPED_TRACE(spec);
    auto v = load(spec);
    for (int game = 0; game < 6; ++game) {
      Rng rng(100 + game);
      WaterlooState s(v);
      long steps = 0;
      while (!s.over() && steps < 20000) {
        ++steps;
        const Core before = s.core();
        const int history = s.history_size();
        if (s.phase() == Phase::kSetup) {
          const Side side = s.current_player();
          const WaterlooSetup setup = s.random_setup(side, rng);
          s.apply_setup(side, setup);
          s.undo();
          ASSERT_TRUE(s.core() == before);
          s.apply_setup(side, setup);
        } else if (s.is_chance()) {
          double sum = 0;
          for (const auto& [a, p] : s.chance_outcomes()) {
            ASSERT_TRUE(a.is_chance());
            ASSERT_GT(p, 0.0);
            sum += p;
          }
          ASSERT_NEAR(sum, 1.0, 1e-9);
          const Action a = s.apply_random_chance(rng);
          s.undo();
          ASSERT_TRUE(s.core() == before);
          s.apply(a);
        } else {
          s.legal_actions(list);
          ASSERT_GT(list.size, 0) << phase_name(s.phase());
          const Action a = list[int(rng.below(std::uint32_t(list.size)))];
          const Action b = list[int(rng.below(std::uint32_t(list.size)))];
          ASSERT_FALSE(a.is_chance());
          s.apply(b);  // undo of any legal action restores the state exactly
          s.undo();
          ASSERT_TRUE(s.core() == before) << "undo of " << action_text(s, b);
          s.apply(a);
        }
        ASSERT_EQ(s.history_size(), history + 1);
        expect_consistent(s);
        if (HasFatalFailure()) return;
      }
      ASSERT_TRUE(s.over()) << "no result after " << steps << " steps";
      EXPECT_NE(s.result().reason, EndReason::kNone);
      // Undo all the way back to the start.
      while (s.history_size() > 0) s.undo();
      EXPECT_TRUE(s.core() == WaterlooState(v).core());
    }
  }
}

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
