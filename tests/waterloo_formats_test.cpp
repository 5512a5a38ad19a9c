// Waterloo position notation, action tokens and game records (docs/formats.md, "Waterloo"):
// exact round trips over random games of every Waterloo variant, replays to the same final
// state, and clear errors for bad input.
#include <gtest/gtest.h>

#include <set>

#include "engine/error.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/board_text.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"
#include "tests/support/waterloo_hidden.h"
#include "tests/support/waterloo_play.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

std::set<std::string> decision_tokens(const WaterlooState& s) {
  std::set<std::string> out;
  if (s.is_chance()) {
    for (const auto& [a, p] : s.chance_outcomes())
      out.insert(action_token(s, a) + "@" + std::to_string(p));
    return out;
  }
  ActionList list;
  s.legal_actions(list);
  for (Action a : list) out.insert(action_token(s, a));
  return out;
}

// The notation of s reads back to the same position, with the same choices, and so do the
// two views.
void check_round_trip(const WaterlooState& s, const std::string& where) {
  const std::string n = to_notation(s);
  WaterlooState back = parse_state(n);
  ASSERT_EQ(to_notation(back), n) << where;
  ASSERT_TRUE(canonical_core(back) == canonical_core(s))
      << where << "\n"
      << n << "\ndiffers in" << core_diff(canonical_core(back), canonical_core(s));
  ASSERT_EQ(back.is_chance(), s.is_chance()) << where;
  if (s.phase() != Phase::kSetup) {
    ASSERT_EQ(decision_tokens(back), decision_tokens(s)) << where << "\n" << n;
  }
  for (Side viewer : {kRed, kBlue}) {
    const WaterlooView v = make_view(s, viewer);
    const std::string vn = to_notation(v);
    const WaterlooView vb = parse_view(vn);
    ASSERT_EQ(to_notation(vb), vn) << where;
    ASSERT_TRUE(vb == v) << where << "\n" << vn;
  }
}

TEST(WaterlooFormats, NotationRoundTripsThroughRandomGamesOfEveryVariant) {
  const auto variants = waterloo_variants();
  ASSERT_GE(variants.size(), 3u);
  ActionList list;
  std::set<Phase> phases;  // the phases whose extra fields (melee, card) were round-tripped
  for (const std::string& spec : variants) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      WaterlooState s(load(spec));
      s.set_keep_history(false);
      Rng rng(seed * 7919 + spec.size());
      int step = 0;
      while (!s.over() && step < 5000) {
        if (step % 3 == 0 || melee_live(s.phase()) || card_live(s.phase(), s.core().resume)) {
          check_round_trip(
              s, spec + " seed " + std::to_string(seed) + " step " + std::to_string(step));
          phases.insert(s.phase());
        }
        random_step(s, rng, list);
        ++step;
      }
      check_round_trip(s, spec + " final");
      if (HasFatalFailure()) return;
    }
  }
  std::string seen;
  for (Phase p : phases) seen += " " + std::string(phase_name(p));
  for (Phase p : {Phase::kDraft, Phase::kRetreatCard, Phase::kPrussianDraw, Phase::kAction,
                  Phase::kDie, Phase::kBattleLust})
    EXPECT_TRUE(phases.count(p)) << "random games never reached phase " << phase_name(p)
                                 << "; seen:" << seen;
}

TEST(WaterlooFormats, NotationOfAHandBuiltPositionReadsAsDocumented) {
  // The example of docs/formats.md, "Waterloo position notation".
  const std::string n =
      "waterloo-standard 12/12/12/4I3(srb,a14)7/5i?6/12/12/12/12/12 turn=3/12:00 move=r "
      "phase=action "
      "decider=r actions=1/0/2 flags=ax side-turns=5 prussians=come retreat=2/? hands=RL/IC "
      "played=-/B draft=-/RRIICCLLBB/16/0 setups=2 tiles=4,3,4 reserve=i?i?h?I3 captured=c2(srb) "
      "tally=0/1";
  const std::string view = "red-view " + n;
  const WaterlooView v = parse_view(view);
  EXPECT_EQ(to_notation(v), view);
  const int e7 = *v.geometry().parse_square("e7"), f6 = *v.geometry().parse_square("f6");
  ASSERT_TRUE(v.board[e7] && v.board[f6]);
  EXPECT_EQ(v.board[e7]->strength, 3);
  EXPECT_EQ(v.board[e7]->last_attack, 14);
  EXPECT_EQ(v.board[f6]->army, Army::kFrench);
  EXPECT_EQ(v.board[f6]->strength, -1);
  EXPECT_EQ(v.retreat_sector[kBlue], kHiddenSector);
  EXPECT_EQ(v.tile_hp[1], 3);
  EXPECT_EQ(v.hand[kBlue][int(CardKind::kInitiative)], 1);
  EXPECT_EQ(v.piles[int(Pile::kReserve)].size(), 4u);
  EXPECT_THROW(parse_state(n), InputError);  // a full state shows every strength
}

TEST(WaterlooFormats, RecordReplaysToTheSameFinalState) {
  for (const std::string& spec : waterloo_variants()) {
    WaterlooGame game{WaterlooState(load(spec))};
    Rng rng(99 + spec.size());
    ActionList list;
    for (int step = 0; !game.over() && step < 20000; ++step) {
      const WaterlooState& s = game.state();
      if (s.phase() == Phase::kSetup) {
        game.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
      } else if (s.is_chance()) {
        game.apply_random_chance(rng);
      } else {
        s.legal_actions(list);
        game.apply(list[int(rng.below(std::uint32_t(list.size)))]);
      }
    }
    WaterlooRecord r = game.record();
    r.tags["seed"] = "99";
    const std::string text = format_record(r);
    const WaterlooRecord back = parse_record(text);
    EXPECT_EQ(format_record(back), text) << spec;
    const WaterlooState end = replay(back);
    EXPECT_TRUE(canonical_core(end) == canonical_core(game.state())) << spec;
    EXPECT_EQ(to_notation(end), to_notation(game.state())) << spec;
    EXPECT_TRUE(end.result() == game.state().result()) << spec;
    EXPECT_TRUE(game.state().over()) << spec << ": random game did not finish";
    // The observation histories cover every step for both players.
    EXPECT_EQ(game.log().of(kRed).size(), game.log().of(kBlue).size());
    EXPECT_EQ(int(game.log().of(kRed).size()), game.log().count);
  }
}

TEST(WaterlooFormats, BadNotationNamesTheField) {
  auto message = [](const std::string& n) {
    try {
      parse_state(n);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string ok_tail =
      " turn=1/11:00 move=r phase=action decider=r actions=0/0/3 flags=- side-turns=1";
  EXPECT_NE(message("waterloo-basic 12/12/12/12/12/12/12/12/12/12" + ok_tail).find("no error"),
            std::string::npos);
  EXPECT_NE(message("classic 10/10" + ok_tail).find("variant"), std::string::npos);
  EXPECT_NE(message("waterloo-basic 12/12/12" + ok_tail).find("rows"), std::string::npos);
  EXPECT_NE(message("waterloo-basic Z312/12/12/12/12/12/12/12/12/12" + ok_tail).find("square a10"),
            std::string::npos);
  EXPECT_NE(message("waterloo-basic 12/12/12/12/12/12/12/12/12/12 turn=1/12:00").find("turn"),
            std::string::npos);
  EXPECT_NE(message("waterloo-basic 12/12/12/12/12/12/12/12/12/12" + ok_tail + " bogus=1")
                .find("unknown key"),
            std::string::npos);
  EXPECT_NE(message("waterloo-basic 12/12/12/12/12/12/12/12/12/12" + ok_tail + " reserve=K9")
                .find("no K9"),
            std::string::npos);
  EXPECT_NE(
      message(
          "waterloo-basic 12/12/12/12/12/12/12/12/12/12 turn=1/11:00 move=r phase=action decider=r "
          "actions=0/0/2 flags=- side-turns=1")
          .find("actions"),
      std::string::npos);
}

TEST(WaterlooFormats, BadActionTokensAreRejectedAndChangeNothing) {
  Position p("waterloo-basic");
  p.allied(UnitClass::kInfantry, 3, "e7");
  p.french(UnitClass::kInfantry, 3, "e5");
  p.s.begin_turn(1, kRed);
  const std::string before = to_notation(p.s);
  EXPECT_EQ(action_token(p.s, parse_action_token(p.s, "e7-e6")), "e7-e6");
  EXPECT_THROW(parse_action_token(p.s, "e7-e4"), InputError);                   // not legal
  EXPECT_THROW(parse_action_token(p.s, "walk:e7"), InputError);                 // malformed
  EXPECT_EQ(action_token(p.s, parse_action_token(p.s, "e7xe5/s")), "e7xe5/s");  // via e6
  EXPECT_THROW(parse_action_token(p.s, "e7xe5/n"), InputError);                 // no such last step
  try {
    parse_action_token(p.s, "zz");
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("malformed"), std::string::npos);
  }
  EXPECT_EQ(to_notation(p.s), before);
}

TEST(WaterlooFormats, RecordWithAnIllegalActionNamesIt) {
  const std::string text =
      "stratego-waterloo-record 1\nvariant waterloo-basic\nactions end end\nresult none none none "
      "0\n";
  const WaterlooRecord r = parse_record(text);
  try {
    replay(r);
    FAIL() << "replay accepted a record without set-ups";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("set-up"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_record("stratego-record 1\nvariant classic\n"), InputError);
  EXPECT_THROW(
      parse_record("stratego-waterloo-record 1\nvariant waterloo-basic\nsetup red I3@a7\n"),
      InputError);
  EXPECT_THROW(
      parse_record(
          "stratego-waterloo-record 1\nvariant waterloo-basic\nresult red nowhere decisive 0\n"),
      InputError);
}

TEST(WaterlooFormats, BoardTextShowsTerrainReservesAndTime) {
  Position p("waterloo-standard");
  p.allied(UnitClass::kHeavyCavalry, 5, "f8");
  p.s.set_strength(p.at("f8"), 4);
  p.french(UnitClass::kInfantry, 3, "b5");
  p.s.begin_turn(13, kRed);
  const std::string board = render_board(p.s);
  EXPECT_NE(board.find("turn 13 (17:00)"), std::string::npos) << board;
  EXPECT_NE(board.find("^H5-1"), std::string::npos) << board;  // on the hill, weakened by 1
  EXPECT_NE(board.find("#i3"), std::string::npos) << board;    // in Hougoumont
  EXPECT_NE(board.find("hougoumont: 4 hit points"), std::string::npos) << board;
  const std::string view = render_board(make_view(p.s, kRed));
  EXPECT_NE(view.find("#i?"), std::string::npos) << view;  // strength hidden from the Allies
}

}  // namespace
}  // namespace stratego::waterloo::testing
