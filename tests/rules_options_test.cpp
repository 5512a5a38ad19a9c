// Rule tests for the classic-family options (V-1..V-6) and Clone Wars (CW-1, CW-2) of
// docs/rules.md: one test per rule id, each on a small position built for that rule.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "support/position_builder.h"

namespace stratego {
namespace {

using namespace stratego::test_support;

TEST(Rules, V_1_AttackerAdvantageWinsEqualRanks) {
  {
    const State s = after_attack("classic+attacker-advantage", kCaptain, kCaptain);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kCaptain));
    EXPECT_EQ(s.captured(kBlue, kCaptain), 1);
    EXPECT_EQ(s.captured(kRed, kCaptain), 0);
  }
  {
    const State s = after_attack("classic+attacker-advantage", kSpy, kSpy);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kSpy));
  }
  {  // only ties change: a lower attacker still loses
    const State s = after_attack("classic+attacker-advantage", kSergeant, kLieutenant);
    EXPECT_EQ(at(s, "e5"), piece(kBlue, kLieutenant));
    EXPECT_EQ(s.captured(kRed, kSergeant), 1);
  }
}

TEST(Rules, V_2_ExplodingBombsTakeTheAttackerWithThem) {
  {
    const State s = after_attack("classic+exploding-bombs", kMarshal, kBomb);
    EXPECT_EQ(at(s, "e5"), kNoPiece);
    EXPECT_EQ(at(s, "e4"), kNoPiece);
    EXPECT_EQ(s.captured(kRed, kMarshal), 1);
    EXPECT_EQ(s.captured(kBlue, kBomb), 1);
  }
  {
    const State s = after_attack("classic+exploding-bombs", kMiner, kBomb);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kMiner));
    EXPECT_EQ(s.captured(kRed, kMiner), 0);
    EXPECT_EQ(s.captured(kBlue, kBomb), 1);
  }
  // Exploding bombs alone still do not move.
  const State s = position("classic+exploding-bombs",
                           {{"e4", kRed, kBomb}, {"a1", kRed, kScout}, {"j10", kBlue, kFlag}});
  EXPECT_TRUE(destinations(s, "e4").empty());
}

TEST(Rules, V_3_MovingBombsStepButNeverAttack) {
  const std::initializer_list<Placed> pieces = {
      {"e4", kRed, kBomb}, {"e5", kBlue, kSergeant}, {"a1", kRed, kFlag}, {"j10", kBlue, kFlag}};
  EXPECT_TRUE(destinations(position("classic", pieces), "e4").empty());
  State s = position("classic+moving-bombs", pieces);
  EXPECT_EQ(destinations(s, "e4"), (std::set<std::string>{"d4", "f4", "e3"}));  // not e5
  play(s, {"e4-e3", "e5-e4"});
  EXPECT_EQ(at(s, "e3"), piece(kRed, kBomb));
  EXPECT_TRUE(moved(s, "e3"));
  EXPECT_FALSE(revealed(s, "e3"));
  EXPECT_EQ(destinations(s, "e3"), (std::set<std::string>{"d3", "f3", "e2"}));  // not e4
  EXPECT_FALSE(s.over());  // a Bomb is a movable piece (C-7.2, C-7.3)
  // V-3 bombs explode (V-2).
  const State t = after_attack("classic+moving-bombs", kSergeant, kBomb);
  EXPECT_EQ(at(t, "e5"), kNoPiece);
  EXPECT_EQ(t.captured(kBlue, kBomb), 1);
  EXPECT_EQ(t.captured(kRed, kSergeant), 1);
}

TEST(Rules, V_4_MovingFlagWinsOnTheEnemyBackRow) {
  const std::initializer_list<Placed> pieces = {
      {"e9", kRed, kFlag}, {"d9", kBlue, kSergeant}, {"j10", kBlue, kFlag}, {"a1", kRed, kScout}};
  EXPECT_TRUE(destinations(position("classic", pieces), "e9").empty());
  State s = position("classic+moving-flag", pieces);
  EXPECT_EQ(destinations(s, "e9"), (std::set<std::string>{"e10", "f9", "e8"}));  // not d9
  play(s, "e9-e10");
  EXPECT_EQ(s.result(), (Result{Winner::kRed, EndReason::kFlagReachedBack}));
  // Blue's Flag wins on row 1; a Flag moving along its own back row wins nothing.
  State b = position("classic+moving-flag", {{"c2", kBlue, kFlag}, {"a1", kRed, kFlag}}, kBlue);
  play(b, {"c2-d2", "a1-b1"});
  EXPECT_FALSE(b.over());
  play(b, "d2-d1");
  EXPECT_EQ(b.result(), (Result{Winner::kBlue, EndReason::kFlagReachedBack}));
}

TEST(Rules, V_5_RescueFromTheEnemyBackRow) {
  const std::initializer_list<Placed> pieces = {{"a1", kRed, kFlag},       {"e9", kRed, kMajor},
                                                {"b2", kRed, kScout},      {"g9", kRed, kSergeant},
                                                {"c9", kRed, kLieutenant}, {"j10", kBlue, kFlag},
                                                {"j5", kBlue, kSergeant}};
  State s = position("classic+rescue", pieces);
  s.set_captured(kRed, kCaptain, 3, 0);
  s.set_captured(kRed, kBomb, 1, 0);

  play(s, "e9-e10");  // reaching the back row: Red decides again
  EXPECT_TRUE(s.pending_rescue());
  EXPECT_EQ(s.side_to_move(), kRed);
  std::set<std::string> expected{"decline"};
  for (int sq : squares(s.variant().setup_zone(kRed) & ~s.occupied()))
    expected.insert("rescue captain@" + s.geometry().square_name(sq));
  EXPECT_EQ(expected.size(), 39u);  // 40 squares less the Flag and the Scout; no Bomb
  EXPECT_EQ(legal_moves(s), expected);

  play(s, Move::rescue(kCaptain, square_of(s, "c1")));  // ends the turn
  EXPECT_EQ(at(s, "c1"), piece(kRed, kCaptain));
  EXPECT_TRUE(revealed(s, "c1"));  // it comes from the open pile
  EXPECT_EQ(s.captured(kRed, kCaptain), 2);
  EXPECT_EQ(s.captured(kRed, kBomb), 1);
  EXPECT_EQ(s.rescues_used(kRed), 1);
  EXPECT_FALSE(s.pending_rescue());
  EXPECT_EQ(s.side_to_move(), kBlue);

  // The Major has rescued once: reaching the back row again gives nothing.
  play(s, {"j5-j4", "e10-e9", "j4-j3", "e9-e10"});
  EXPECT_FALSE(s.pending_rescue());
  EXPECT_EQ(s.side_to_move(), kBlue);
  // A Scout never rescues.
  play(s, {"j3-j2", "b2-b10"});
  EXPECT_FALSE(s.pending_rescue());
  EXPECT_EQ(s.side_to_move(), kBlue);
  // A second piece rescues a second time.
  play(s, {"j2-j1", "g9-g10"});
  ASSERT_TRUE(s.pending_rescue());
  play(s, Move::rescue(kCaptain, square_of(s, "d1")));
  EXPECT_EQ(s.rescues_used(kRed), 2);
  EXPECT_EQ(s.captured(kRed, kCaptain), 1);
  // No third rescue, though a Captain is still in the pile.
  play(s, {"j1-i1", "c9-c10"});
  EXPECT_FALSE(s.pending_rescue());
  EXPECT_EQ(s.side_to_move(), kBlue);

  // Declining ends the turn and uses nothing up.
  State d = position("classic+rescue", pieces);
  d.set_captured(kRed, kCaptain, 1, 0);
  play(d, "e9-e10");
  play(d, Move::decline_rescue());
  EXPECT_EQ(d.side_to_move(), kBlue);
  EXPECT_EQ(d.rescues_used(kRed), 0);
  EXPECT_EQ(d.captured(kRed, kCaptain), 1);
  EXPECT_TRUE(d.rescuer_bb() == 0);
  // Only Bombs in the pile: nothing to rescue, no decision.
  State only_bombs = position("classic+rescue", pieces);
  only_bombs.set_captured(kRed, kBomb, 2, 0);
  play(only_bombs, "e9-e10");
  EXPECT_FALSE(only_bombs.pending_rescue());
  EXPECT_EQ(only_bombs.side_to_move(), kBlue);
}

TEST(Rules, V_6_SilentDefenceShowsOnlyTheAttacker) {
  constexpr const char* kSilentSpec = "classic+silent-defence";
  {  // the defender wins and stays hidden; the attacker was shown
    const State s = after_attack(kSilentSpec, kCaptain, kMajor);
    EXPECT_EQ(at(s, "e5"), piece(kBlue, kMajor));
    EXPECT_FALSE(revealed(s, "e5"));
    EXPECT_EQ(s.captured(kRed, kCaptain), 1);
    EXPECT_EQ(s.captured_silent(kRed, kCaptain), 0);
  }
  {  // the attacker wins and is shown; the loser goes face down
    const State s = after_attack(kSilentSpec, kCaptain, kSergeant);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kCaptain));
    EXPECT_TRUE(revealed(s, "e5"));
    EXPECT_EQ(s.captured(kBlue, kSergeant), 1);
    EXPECT_EQ(s.captured_silent(kBlue, kSergeant), 1);
  }
  {  // a tie: the defender's rank is not shown
    const State s = after_attack(kSilentSpec, kCaptain, kCaptain);
    EXPECT_EQ(s.captured(kBlue, kCaptain), 1);
    EXPECT_EQ(s.captured_silent(kBlue, kCaptain), 1);
    EXPECT_EQ(s.captured(kRed, kCaptain), 1);
    EXPECT_EQ(s.captured_silent(kRed, kCaptain), 0);
  }
  {  // a Bomb that survives stays hidden too
    const State s = after_attack(kSilentSpec, kMajor, kBomb);
    EXPECT_EQ(at(s, "e5"), piece(kBlue, kBomb));
    EXPECT_FALSE(revealed(s, "e5"));
  }
  {  // a Scout's attack shows the defender
    const State s = after_attack(kSilentSpec, kScout, kMajor);
    EXPECT_TRUE(revealed(s, "e5"));
    const State t = after_attack(kSilentSpec, kScout, kSpy);
    EXPECT_EQ(t.captured(kBlue, kSpy), 1);
    EXPECT_EQ(t.captured_silent(kBlue, kSpy), 0);
  }
}

TEST(Rules, CW_1_CloneWarsArmiesOnTheClassicBoard) {
  const Variant cw = load_variant("clone-wars");
  const Variant classic = load_variant("classic");
  EXPECT_EQ(cw.width, 10);
  EXPECT_EQ(cw.height, 10);
  EXPECT_TRUE(cw.lakes == classic.lakes);
  EXPECT_EQ(cw.army_size(), 30);
  EXPECT_EQ(cw.army[kFlag], 1);  // the Base
  EXPECT_EQ(cw.army[kScout], 4);
  EXPECT_EQ(cw.army[kMiner], 5);
  EXPECT_EQ(cw.army[kSpy], 1);
  EXPECT_FALSE(cw.setup_fill);  // C-3.2: 30 pieces on any of the 40 squares
  EXPECT_EQ(popcount(cw.setup_zone(kRed)), 40);
  // Rank 2 moves as a Scout, rank 3 clears Bombs, rank 1 takes the Marshal.
  const State s = position("clone-wars", {{"a1", kRed, kScout}, {"j10", kBlue, kFlag}});
  EXPECT_EQ(destinations(s, "a1").size(), 18u);  // a2..a10 and b1..j1
  EXPECT_EQ(at(after_attack("clone-wars", kMiner, kBomb), "e5"), piece(kRed, kMiner));
  EXPECT_EQ(at(after_attack("clone-wars", kSpy, kMarshal), "e5"), piece(kRed, kSpy));
}

TEST(Rules, CW_2_PlainCloneWarsPlaysByTheOriginalRules) {
  const Variant cw = load_variant("clone-wars");
  EXPECT_EQ(cw.two_squares_limit, 3);
  EXPECT_TRUE(cw.chase_rule);
  EXPECT_EQ(cw.move_limit, 2000);
  EXPECT_FALSE(cw.attacker_advantage);
  EXPECT_FALSE(cw.exploding_bombs);
  EXPECT_FALSE(cw.moving_bombs);
  EXPECT_FALSE(cw.moving_flag);
  EXPECT_FALSE(cw.rescue);
  EXPECT_FALSE(cw.silent_defence);
  EXPECT_FALSE(cw.captain_two_step);
  // The rank-6 piece steps one square; equal ranks both go; Bombs stay put.
  const State s =
      position("clone-wars", {{"e3", kRed, kCaptain}, {"e4", kRed, kBomb}, {"j10", kBlue, kFlag}});
  EXPECT_EQ(destinations(s, "e3"), (std::set<std::string>{"d3", "f3", "e2"}));
  EXPECT_TRUE(destinations(s, "e4").empty());
  const State tie = after_attack("clone-wars", kCaptain, kCaptain);
  EXPECT_EQ(at(tie, "e5"), kNoPiece);
  EXPECT_EQ(tie.captured(kRed, kCaptain), 1);
  EXPECT_EQ(tie.captured(kBlue, kCaptain), 1);
}

}  // namespace
}  // namespace stratego
