// Rule tests for Part C of docs/rules.md, second half: the two-squares rule (C-6.1), the end of
// the game (C-7) and what each player sees (C-8); C-1 to C-5 are in rules_classic_test.cpp, the
// chasing rule and the Strategus option (C-6.2, C-6.3) in rules_chase_test.cpp. One test per
// rule id, each on a small position that exercises exactly that rule.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/error.h"
#include "support/position_builder.h"

namespace stratego {
namespace {

using namespace stratego::test_support;

// Red's Major shuttles a1-a2 while Blue moves a Sergeant down the j file.
void shuttle(State& s, int red_moves) {
  static constexpr const char* kRedMoves[] = {"a1-a2", "a2-a1"};
  static constexpr const char* kBlueMoves[] = {"j10-j9", "j9-j8", "j8-j7",
                                               "j7-j6",  "j6-j5", "j5-j4"};
  for (int i = 0; i < red_moves; ++i) play(s, {kRedMoves[i % 2], kBlueMoves[i]});
}

TEST(Rules, C_6_1_TwoSquaresRule) {
  const std::initializer_list<Placed> pieces = {
      {"a1", kRed, kMajor}, {"j10", kBlue, kSergeant}, {"e1", kRed, kFlag}, {"e10", kBlue, kFlag}};
  {
    SCOPED_TRACE("N = 3");
    State s = position("classic", pieces);
    shuttle(s, 3);  // a1-a2, a2-a1, a1-a2: three moves between the same squares
    EXPECT_EQ(s.run(kRed).count, 3);
    EXPECT_FALSE(legal(s, "a2-a1"));
    EXPECT_STREQ(repetition_violation(s, parse_move(s, "a2-a1")), "two-squares rule (C-6.1)");
    EXPECT_EQ(destinations(s, "a2"), (std::set<std::string>{"a3", "b2"}));
  }
  {
    SCOPED_TRACE("N = 5");
    State s = position("classic+international", pieces);
    shuttle(s, 3);
    EXPECT_TRUE(legal(s, "a2-a1"));
    play(s, {"a2-a1", "j7-j6", "a1-a2", "j6-j5"});
    EXPECT_EQ(s.run(kRed).count, 5);
    EXPECT_FALSE(legal(s, "a2-a1"));
  }
  {
    SCOPED_TRACE("a Scout's long move counts between its start and end");
    State s = position("classic", {{"a1", kRed, kScout},
                                   {"j10", kBlue, kSergeant},
                                   {"e1", kRed, kFlag},
                                   {"e10", kBlue, kFlag}});
    play(s, {"a1-a5", "j10-j9", "a5-a1", "j9-j8", "a1-a5", "j8-j7"});
    EXPECT_FALSE(legal(s, "a5-a1"));
    EXPECT_TRUE(legal(s, "a5-a2"));  // another pair of squares
    EXPECT_TRUE(legal(s, "a5-a3"));
  }
  {
    SCOPED_TRACE("an attack counts");
    State s = position("classic", {{"a1", kRed, kMajor},
                                   {"a9", kBlue, kScout},
                                   {"j10", kBlue, kSergeant},
                                   {"e1", kRed, kFlag},
                                   {"e10", kBlue, kFlag}});
    play(s, {"a1-a2", "j10-j9", "a2-a1", "a9-a2", "a1-a2", "j9-j8"});
    EXPECT_EQ(s.captured(kBlue, kScout), 1);
    EXPECT_EQ(s.run(kRed).count, 3);
    EXPECT_FALSE(legal(s, "a2-a1"));
  }
}

TEST(Rules, C_7_1_CapturingTheFlagWins) {
  State s = position("classic",
                     {{"a1", kRed, kFlag},
                      {"a3", kRed, kMarshal},
                      {"a2", kBlue, kSergeant},
                      {"j10", kBlue, kFlag}},
                     kBlue);
  play(s, "a2-a1");
  EXPECT_EQ(s.result(), (Result{Winner::kBlue, EndReason::kFlagCaptured}));
  EXPECT_TRUE(s.over());
  EXPECT_TRUE(legal_moves(s).empty());
}

TEST(Rules, C_7_2_NoLegalMoveLoses) {
  {
    SCOPED_TRACE("no movable piece");
    State s = position("classic", {{"a1", kRed, kFlag},
                                   {"a2", kRed, kBomb},
                                   {"j10", kBlue, kFlag},
                                   {"j9", kBlue, kSergeant}});
    EXPECT_TRUE(legal_moves(s).empty());
    EXPECT_FALSE(s.over());
    s.declare_no_moves();
    EXPECT_EQ(s.result(), (Result{Winner::kBlue, EndReason::kNoMoves}));
  }
  {
    SCOPED_TRACE("the only move is forbidden by C-6.1");
    State s = position("classic", {{"a1", kRed, kMajor},
                                   {"b1", kRed, kFlag},
                                   {"a3", kRed, kBomb},
                                   {"b2", kRed, kBomb},
                                   {"j10", kBlue, kSergeant},
                                   {"e10", kBlue, kFlag}});
    shuttle(s, 3);
    EXPECT_TRUE(legal_moves(s).empty());
    s.declare_no_moves();
    EXPECT_EQ(s.result(), (Result{Winner::kBlue, EndReason::kNoMoves}));
  }
}

TEST(Rules, C_7_3_CombatLeavingNoMovablePieceIsADraw) {
  const std::initializer_list<Placed> pieces = {{"e4", kRed, kCaptain}, {"e5", kBlue, kCaptain},
                                                {"a1", kRed, kFlag},    {"a2", kRed, kBomb},
                                                {"j10", kBlue, kFlag},  {"j9", kBlue, kBomb}};
  State s = position("classic", pieces);
  play(s, "e4-e5");
  EXPECT_EQ(s.result(), (Result{Winner::kDraw, EndReason::kNoMovablePieces}));
  // With one movable Blue piece left the game goes on, and Red then cannot move (C-7.2).
  State t = position("classic", pieces);
  t.put(square_of(t, "j7"), kBlue, kScout);
  play(t, {"e4-e5", "j7-j6"});
  EXPECT_FALSE(t.over());
  EXPECT_TRUE(legal_moves(t).empty());
}

TEST(Rules, C_7_4_MoveLimitResignationAndDrawOffer) {
  EXPECT_EQ(load_variant("classic").move_limit, 2000);
  State s = position("classic+move_limit=10", {{"a1", kRed, kSergeant},
                                               {"j10", kBlue, kSergeant},
                                               {"e1", kRed, kFlag},
                                               {"e10", kBlue, kFlag}});
  play(s, {"a1-a2", "j10-j9", "a2-a3", "j9-j8", "a3-a4", "j8-j7", "a4-b4", "j7-i7", "b4-b3"});
  EXPECT_EQ(s.moves_played(), 9);
  EXPECT_FALSE(s.over());
  play(s, "i7-i8");
  EXPECT_EQ(s.result(), (Result{Winner::kDraw, EndReason::kMoveLimit}));
  EXPECT_TRUE(legal_moves(s).empty());

  State r = position("classic", {{"a1", kRed, kSergeant}, {"j10", kBlue, kSergeant}});
  r.resign(kRed);
  EXPECT_EQ(r.result(), (Result{Winner::kBlue, EndReason::kResignation}));
  r.agree_draw();
  EXPECT_EQ(r.result(), (Result{Winner::kDraw, EndReason::kDrawAgreed}));
}

TEST(Rules, C_8_1_EnemyPiecesHiddenUntilRevealed) {
  State s = position(
      "classic",
      {{"c2", kRed, kMajor}, {"h9", kBlue, kGeneral}, {"a1", kRed, kFlag}, {"j10", kBlue, kFlag}});
  play(s, {"c2-c3", "h9-h8", "c3-c4", "h8-h7"});
  // Plain one-square moves show only that the pieces moved, never their ranks.
  EXPECT_TRUE(s.revealed_bb() == 0);
  EXPECT_TRUE(s.moved_bb() == squares_named(s, {"c4", "h7"}));
}

TEST(Rules, C_8_2_CombatRevealsForTheRestOfThePiecesLife) {
  State s = position("classic", {{"e4", kRed, kLieutenant},
                                 {"e5", kBlue, kMajor},
                                 {"c2", kRed, kMiner},
                                 {"a1", kRed, kFlag},
                                 {"j10", kBlue, kFlag}});
  play(s, "e4-e5");  // the Major defends and is shown
  EXPECT_TRUE(s.revealed_bb() == squares_named(s, {"e5"}));
  play(s, {"e5-e4", "c2-c3", "e4-e3"});
  EXPECT_TRUE(s.revealed_bb() == squares_named(s, {"e3"}));  // the mark moves with it
  EXPECT_EQ(at(s, "e3"), piece(kBlue, kMajor));
  play(s, "c3-d3");
  play(s, "e3-d3");  // Major takes the Miner: the Miner leaves the board, the Major stays shown
  EXPECT_TRUE(s.revealed_bb() == squares_named(s, {"d3"}));
  s.unmake();
  EXPECT_TRUE(s.revealed_bb() == squares_named(s, {"e3"}));
  EXPECT_FALSE(revealed(s, "d3"));
}

TEST(Rules, C_8_3_LongMoveRevealsAScout) {
  State s = position("classic", {{"b2", kRed, kScout},
                                 {"e2", kRed, kScout},
                                 {"h2", kRed, kSergeant},
                                 {"j9", kBlue, kMiner},
                                 {"a1", kRed, kFlag},
                                 {"j10", kBlue, kFlag}});
  play(s, {"b2-b3", "j9-i9", "e2-e4", "i9-h9", "h2-h3"});
  EXPECT_FALSE(revealed(s, "b3"));  // one square: could be anything that moves
  EXPECT_TRUE(revealed(s, "e4"));   // two squares: only a Scout
  EXPECT_FALSE(revealed(s, "h3"));
  // Every move marks the piece as moved: it is no Bomb and no Flag.
  EXPECT_TRUE(s.moved_bb() == squares_named(s, {"b3", "e4", "h3", "h9"}));
  // Ultimate Lightning: a Captain also moves two squares straight, so only three or more
  // squares show a Scout (C-4.5).
  State ul = position(
      "ultimate-lightning",
      {{"b2", kRed, kScout}, {"e2", kRed, kScout}, {"j9", kBlue, kMiner}, {"j10", kBlue, kFlag}});
  play(ul, {"b2-b4", "j9-i9", "e2-e5"});
  EXPECT_FALSE(revealed(ul, "b4"));
  EXPECT_TRUE(revealed(ul, "e5"));
}

}  // namespace
}  // namespace stratego
