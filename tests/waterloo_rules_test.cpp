// Stratego Waterloo rules W-1 .. W-6 (docs/rules.md Part W), each on a position built for it.
// W-7 .. W-11 are in waterloo_rules_turns_test.cpp, W-12 .. W-15 in waterloo_rules_cards_test.cpp.
#include <gtest/gtest.h>

#include "engine/error.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;

int count_units(const WaterlooState& s, Army a, UC c, int strength) {
  int n = 0;
  for (int id = s.army_begin(a); id < s.army_end(a); ++id)
    n += s.unit_info(id).cls == c && (strength < 0 || s.unit_info(id).strength == strength);
  return n;
}

TEST(WaterlooRules, W_1_1_ArmiesAndSides) {
  Position p("waterloo-basic");
  EXPECT_EQ(p.s.army_end(Army::kFrench) - p.s.army_begin(Army::kFrench), 47);
  EXPECT_EQ(p.s.army_end(Army::kAllied) - p.s.army_begin(Army::kAllied), 45);
  EXPECT_EQ(p.s.army_end(Army::kPrussian) - p.s.army_begin(Army::kPrussian), 13);
  EXPECT_EQ(army_side(Army::kFrench), kBlue);
  EXPECT_EQ(army_side(Army::kAllied), kRed);
  EXPECT_EQ(army_side(Army::kPrussian), kRed);
}

TEST(WaterlooRules, W_1_2_BoardAndSetupRows) {
  Position p("waterloo-basic");
  EXPECT_EQ(p.s.geometry().width(), 12);
  EXPECT_EQ(p.s.geometry().height(), 10);
  EXPECT_TRUE(test(p.s.setup_zone(kBlue), p.sq("a1")));
  EXPECT_TRUE(test(p.s.setup_zone(kBlue), p.sq("l4")));
  EXPECT_FALSE(test(p.s.setup_zone(kBlue), p.sq("a5")));
  EXPECT_TRUE(test(p.s.setup_zone(kRed), p.sq("a7")));
  EXPECT_TRUE(test(p.s.setup_zone(kRed), p.sq("l10")));
  EXPECT_EQ(popcount(p.s.setup_zone(kRed)), 48);
}

TEST(WaterlooRules, W_1_3_AlliesBeginAndTurnsAreClockTimes) {
  auto v = load("waterloo-basic");
  WaterlooState s(v);
  Rng rng(3);
  EXPECT_EQ(s.phase(), Phase::kSetup);
  s.apply_setup(kRed, s.random_setup(kRed, rng));
  s.apply_setup(kBlue, s.random_setup(kBlue, rng));
  while (s.is_chance()) s.apply_random_chance(rng);  // line-of-retreat cards
  EXPECT_EQ(s.phase(), Phase::kAction);
  EXPECT_EQ(s.side_to_move(), kRed);
  EXPECT_EQ(s.turn(), 1);
  EXPECT_EQ(s.clock_time(), "11:00");
  Position p;
  p.s.begin_turn(12, kRed);
  EXPECT_EQ(p.s.clock_time(), "16:30");
  // A game turn is an Allied turn, then a French one.
  p.s.begin_turn(3, kRed);
  p.s.apply(p.end_turn());
  EXPECT_EQ(p.s.side_to_move(), kBlue);
  EXPECT_EQ(p.s.turn(), 3);
  p.s.apply(p.end_turn());
  EXPECT_EQ(p.s.side_to_move(), kRed);
  EXPECT_EQ(p.s.turn(), 4);
}

TEST(WaterlooRules, W_1_4_TurnLimitIsADraw) {
  Position p;
  p.french(UC::kInfantry, 3, "e2");
  p.allied(UC::kInfantry, 3, "e9");
  p.s.begin_turn(40, kBlue);
  p.s.apply(p.end_turn());
  ASSERT_TRUE(p.s.over());
  EXPECT_EQ(p.s.result().winner, Winner::kDraw);
  EXPECT_EQ(p.s.result().reason, EndReason::kTurnLimit);
}

TEST(WaterlooRules, W_2_StrengthsPerDecision) {
  Position p("waterloo-basic");
  const WaterlooState& s = p.s;
  EXPECT_EQ(count_units(s, Army::kFrench, UC::kLightInfantry, 1), 2);
  EXPECT_EQ(count_units(s, Army::kFrench, UC::kLightInfantry, 2), 3);
  EXPECT_EQ(count_units(s, Army::kFrench, UC::kInfantry, -1), 20);
  EXPECT_EQ(count_units(s, Army::kFrench, UC::kInfantry, 6), 1);
  EXPECT_EQ(count_units(s, Army::kFrench, UC::kHeavyCavalry, 5), 2);
  EXPECT_EQ(count_units(s, Army::kFrench, UC::kArtillery, -1), 8);
  EXPECT_EQ(count_units(s, Army::kAllied, UC::kInfantry, -1), 21);
  EXPECT_EQ(count_units(s, Army::kAllied, UC::kHeavyCavalry, -1), 5);
  EXPECT_EQ(count_units(s, Army::kAllied, UC::kArtillery, -1), 6);
  EXPECT_EQ(count_units(s, Army::kPrussian, UC::kLightInfantry, 1), 4);
  EXPECT_EQ(count_units(s, Army::kPrussian, UC::kCommander, 5), 1);
  for (int id = 0; id < s.num_units(); ++id) EXPECT_LE(s.unit_info(id).strength, 6);
}

TEST(WaterlooRules, W_3_1_InfantryMultiStepPathsMayTurn) {
  Position p;
  p.french(UC::kInfantry, 3, "e3");
  p.french(UC::kLightInfantry, 1, "e4");  // blocks the straight way north
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.move("e3", "d4")));  // two steps with a turn
  EXPECT_TRUE(p.legal(p.move("e3", "e1")));
  EXPECT_FALSE(p.legal(p.move("e3", "e5")));  // would pass through e4
  EXPECT_FALSE(p.legal(p.move("e3", "d5")));  // three steps: INF moves at most two
  EXPECT_TRUE(p.legal(p.move("e4", "d6")));   // LI: three steps, turning
  EXPECT_FALSE(p.legal(p.move("e4", "e8")));
}

TEST(WaterlooRules, W_3_1_AttackIsNamedByItsLastStep) {
  Position p;
  p.french(UC::kLightInfantry, 2, "e3");
  p.allied(UC::kInfantry, 3, "f5");
  p.s.begin_turn(1, kBlue);
  // f5 can be reached from f4 (going north) and from e5 (going east): two actions.
  EXPECT_TRUE(p.legal(p.attack("e3", "f5", kNorth)));
  EXPECT_TRUE(p.legal(p.attack("e3", "f5", kEast)));
  EXPECT_FALSE(p.legal(p.attack("e3", "f5", kWest)));   // g5 is four steps away
  EXPECT_FALSE(p.legal(p.attack("e3", "f5", kSouth)));  // so is f6
  const int li = p.at("e3");
  p.s.apply(p.attack("e3", "f5", kEast));
  // The attacker stepped to e5, then lost 2 against 3; the defender stays.
  EXPECT_EQ(p.where(li), Where::kCaptured);
  EXPECT_NE(p.at("f5"), -1);
}

TEST(WaterlooRules, W_3_2_CavalryMovesInStraightLines) {
  Position p;
  p.french(UC::kLightCavalry, 2, "a1");
  p.allied(UC::kInfantry, 3, "a8");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.move("a1", "a7")));
  EXPECT_TRUE(p.legal(p.move("a1", "l1")));
  EXPECT_TRUE(p.legal(p.attack("a1", "a8", kNorth)));
  EXPECT_FALSE(p.legal(p.move("a1", "b2")));
  EXPECT_FALSE(p.legal(p.move("a1", "a9")));
}

TEST(WaterlooRules, W_3_3_ArtilleryMovesOneSquareAndNeverAttacks) {
  Position p;
  p.french(UC::kArtillery, 0, "e4");
  p.allied(UC::kInfantry, 3, "e5");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.move("e4", "d4")));
  EXPECT_FALSE(p.legal(p.move("e4", "c4")));
  for (Action a : p.actions()) EXPECT_FALSE(a.type() == ActionType::kMove && a.to() == p.sq("e5"));
}

TEST(WaterlooRules, W_3_4_NothingJumps) {
  Position p;
  p.french(UC::kLightCavalry, 2, "a1");
  p.french(UC::kInfantry, 3, "a3");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.move("a1", "a2")));
  EXPECT_FALSE(p.legal(p.move("a1", "a4")));
}

TEST(WaterlooRules, W_4_1_AlliesSetUpFirst) {
  auto v = load("waterloo-basic");
  WaterlooState s(v);
  Rng rng(5);
  EXPECT_EQ(s.current_player(), kRed);
  const WaterlooSetup french = s.random_setup(kBlue, rng);
  EXPECT_THROW(s.apply_setup(kBlue, french), InputError);
  s.apply_setup(kRed, s.random_setup(kRed, rng));
  EXPECT_EQ(s.current_player(), kBlue);
  // The French see the Allied classes: the class of every placed piece is public data.
  EXPECT_NO_THROW(s.apply_setup(kBlue, french));
}

TEST(WaterlooRules, W_4_2_ReservesAndCommandersChecked) {
  auto v = load("waterloo-basic");
  WaterlooState s(v);
  Rng rng(6);
  WaterlooSetup ok = s.random_setup(kRed, rng);
  WaterlooSetup few = ok;
  while (few.placements.size() > 30) few.placements.pop_back();
  const WaterlooState before = s;
  EXPECT_THROW(s.apply_setup(kRed, few), InputError);  // more than 10 reserves
  WaterlooSetup no_chief;
  for (auto pl : ok.placements)
    if (pl.first != s.commander_in_chief(Army::kAllied)) no_chief.placements.push_back(pl);
  EXPECT_THROW(s.apply_setup(kRed, no_chief), InputError);
  WaterlooSetup outside = ok;
  outside.placements[0].second = *s.geometry().parse_square("e5");
  EXPECT_THROW(s.apply_setup(kRed, outside), InputError);
  EXPECT_TRUE(s == before);  // nothing changed
  s.apply_setup(kRed, ok);
  int reserve = 0;
  for (int id = s.army_begin(Army::kAllied); id < s.army_end(Army::kAllied); ++id)
    reserve += s.unit(id).where == Where::kReserve;
  EXPECT_EQ(reserve, 45 - int(ok.placements.size()));
  EXPECT_LE(reserve, 10);
}

TEST(WaterlooRules, W_4_3_LineOfRetreatCardsAreChanceEvents) {
  auto v = load("waterloo-basic");
  WaterlooState s(v);
  Rng rng(7);
  s.apply_setup(kRed, s.random_setup(kRed, rng));
  s.apply_setup(kBlue, s.random_setup(kBlue, rng));
  ASSERT_TRUE(s.is_chance());
  const auto outcomes = s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 3u);
  double sum = 0;
  for (const auto& [a, pr] : outcomes) sum += pr;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  s.apply(outcomes[2].first);
  s.apply(outcomes[0].first);
  EXPECT_EQ(s.retreat_sector(kRed), 2);
  EXPECT_EQ(s.retreat_sector(kBlue), 0);
}

TEST(WaterlooRules, W_5_1_HigherStrengthWins) {
  Position p;
  const int hc = p.french(UC::kHeavyCavalry, 4, "e3");
  const int inf = p.allied(UC::kInfantry, 3, "e6");
  const int strong = p.allied(UC::kInfantry, 6, "h6");
  const int weak = p.french(UC::kLightCavalry, 2, "h3");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e3", "e6", kNorth));
  EXPECT_EQ(p.where(inf), Where::kCaptured);
  EXPECT_EQ(p.at("e6"), hc);  // the winning attacker takes the square
  p.s.apply(p.attack("h3", "h6", kNorth));
  EXPECT_EQ(p.where(weak), Where::kCaptured);
  EXPECT_EQ(p.at("h6"), strong);            // the winning defender stays
  EXPECT_EQ(p.s.unit(strong).revealed, 3);  // shown to both
}

TEST(WaterlooRules, W_5_2_CommanderInChiefBeatsAnythingAttackingLosesAttacked) {
  Position p("waterloo-basic");
  const int nap = p.french(UC::kCommanderInChief, 0, "e4");
  const int guard = p.allied(UC::kInfantry, 6, "e7");
  const int wel = p.allied(UC::kCommanderInChief, 0, "h7");
  const int li = p.french(UC::kLightInfantry, 1, "h5");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e4", "e7", kNorth));
  EXPECT_EQ(p.where(guard), Where::kCaptured);
  EXPECT_EQ(p.at("e7"), nap);
  p.s.apply(p.attack("h5", "h7", kNorth));
  EXPECT_EQ(p.where(wel), Where::kCaptured);
  EXPECT_EQ(p.at("h7"), li);
}

TEST(WaterlooRules, W_5_3_ArtilleryFrontSideRear) {
  Position p("waterloo-basic");
  const int art = p.french(UC::kArtillery, 0, "e4");  // faces north: its front is e5
  const int uxbridge = p.allied(UC::kCommander, 5, "e8");
  const int li = p.allied(UC::kLightInfantry, 1, "f6");
  p.s.begin_turn(1, kRed);
  p.s.apply(p.attack("e8", "e4", kSouth));  // commander from the front
  EXPECT_EQ(p.where(uxbridge), Where::kCaptured);
  EXPECT_EQ(p.at("e4"), art);
  p.s.apply(p.attack("f6", "e4", kSouth));  // LI via f5-e5, from the front: LI wins
  EXPECT_EQ(p.where(art), Where::kCaptured);
  EXPECT_EQ(p.at("e4"), li);
  // From the side, anything wins.
  Position q("waterloo-basic");
  const int art2 = q.french(UC::kArtillery, 0, "e4");
  q.allied(UC::kLightCavalry, 2, "a4");
  q.s.begin_turn(1, kRed);
  q.s.apply(q.attack("a4", "e4", kEast));
  EXPECT_EQ(q.where(art2), Where::kCaptured);
}

TEST(WaterlooRules, W_5_4_EqualStrengthsRollTheDie) {
  Position p;
  p.french(UC::kInfantry, 3, "e4");
  p.allied(UC::kInfantry, 3, "e5");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e4", "e5", kNorth));
  ASSERT_TRUE(p.s.is_chance());
  EXPECT_EQ(p.s.phase(), Phase::kDie);
  const auto outcomes = p.s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 6u);
  double sum = 0;
  for (const auto& [a, pr] : outcomes) {
    EXPECT_NEAR(pr, 1.0 / 6, 1e-12);
    sum += pr;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

TEST(WaterlooRules, W_5_5_DieFaces) {
  for (int f = 0; f < kNumDieFaces; ++f) {
    Position p;
    const int fr = p.french(UC::kInfantry, 3, "e4");
    const int al = p.allied(UC::kInfantry, 3, "e5");
    p.s.begin_turn(1, kBlue);
    p.s.apply(p.attack("e4", "e5", kNorth));
    p.s.apply(p.die(DieFace(f)));
    const bool blue = f % 2 == 0;
    const int winner = blue ? fr : al, loser = blue ? al : fr;
    EXPECT_EQ(p.s.unit(winner).where, Where::kBoard) << f;
    EXPECT_EQ(p.s.unit(winner).sq, blue ? p.sq("e5") : p.sq("e4")) << f;  // takes the square
    EXPECT_EQ(p.where(loser), f >= 4 ? Where::kReserve : Where::kCaptured) << f;  // R retreats
    EXPECT_EQ(p.s.phase(), Phase::kAction) << f;  // "+" found nothing next: the chain ends
  }
}

TEST(WaterlooRules, W_5_6_PlusChainHitsOwnPiece) {
  Position p;
  const int fr = p.french(UC::kInfantry, 3, "e4");
  const int al = p.allied(UC::kInfantry, 3, "e5");
  const int own = p.french(UC::kLightInfantry, 1, "e6");  // next square north: French
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e4", "e5", kNorth));
  p.s.apply(p.die(DieFace::kBluePlus));
  EXPECT_EQ(p.where(al), Where::kCaptured);
  // The French winner must attack on north, into its own light infantry, and beats it.
  EXPECT_EQ(p.where(own), Where::kCaptured);
  EXPECT_EQ(p.at("e6"), fr);
  EXPECT_EQ(p.s.phase(), Phase::kAction);
  EXPECT_EQ(p.s.captured_count(kBlue), 1);
}

TEST(WaterlooRules, W_5_6_DefenderPlusContinuesInReverse) {
  Position p;
  const int fr = p.french(UC::kInfantry, 3, "e4");
  const int al = p.allied(UC::kInfantry, 3, "e5");
  const int next = p.french(UC::kLightInfantry, 1, "e3");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e4", "e5", kNorth));
  p.s.apply(p.die(DieFace::kRedPlus));
  EXPECT_EQ(p.where(fr), Where::kCaptured);
  EXPECT_EQ(p.where(next), Where::kCaptured);  // the Allied winner went on south
  EXPECT_EQ(p.at("e3"), al);
}

TEST(WaterlooRules, W_5_6_SameSideTieAttackerColourFavoursAttacker) {
  for (DieFace f : {DieFace::kBlue, DieFace::kRed}) {
    Position p;
    const int fr = p.french(UC::kInfantry, 3, "e4");
    p.allied(UC::kInfantry, 3, "e5");
    const int own = p.french(UC::kInfantry, 3, "e6");
    p.s.begin_turn(1, kBlue);
    p.s.apply(p.attack("e4", "e5", kNorth));
    p.s.apply(p.die(DieFace::kBluePlus));
    ASSERT_EQ(p.s.phase(), Phase::kDie);  // French 3 against French 3 (I-6)
    p.s.apply(p.die(f));
    const bool attacker_wins = f == DieFace::kBlue;  // the attacker is French: blue faces
    EXPECT_EQ(p.where(attacker_wins ? own : fr), Where::kCaptured);
    EXPECT_EQ(p.at(attacker_wins ? "e6" : "e5"), attacker_wins ? fr : own);
  }
}

TEST(WaterlooRules, W_5_6_PlusChainRollsAgainOnEqualStrengths) {
  Position p;
  p.french(UC::kInfantry, 3, "e4");
  p.allied(UC::kInfantry, 3, "e5");
  p.allied(UC::kInfantry, 3, "e6");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e4", "e5", kNorth));
  p.s.apply(p.die(DieFace::kBluePlus));
  EXPECT_EQ(p.s.phase(), Phase::kDie);  // the follow-on attack is a melee of its own
}

TEST(WaterlooRules, W_5_7_AnAttackEndsTheAction) {
  Position p;
  p.french(UC::kHeavyCavalry, 4, "e3");
  p.allied(UC::kInfantry, 3, "e6");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e3", "e6", kNorth));
  EXPECT_EQ(p.s.actions_used(), 1);
  EXPECT_EQ(p.s.phase(), Phase::kAction);
}

TEST(WaterlooRules, W_6_1_FireStraightAheadThroughEmptySquares) {
  Position p;
  p.french(UC::kArtillery, 0, "e2");
  p.allied(UC::kInfantry, 3, "e5");
  p.allied(UC::kInfantry, 3, "d6");
  p.french(UC::kArtillery, 0, "d2");
  p.french(UC::kInfantry, 3, "d3");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.fire("e2", "e5")));   // three squares, e3 e4 empty
  EXPECT_FALSE(p.legal(p.fire("d2", "d6")));  // blocked, and out of range
  p.s.apply(p.fire("e2", "e5"));
  EXPECT_EQ(p.at("e5"), -1);
  EXPECT_EQ(p.s.actions_used(), 1);
}

TEST(WaterlooRules, W_6_2_FireRemovesArtilleryButNotLightInfantry) {
  Position p;
  p.french(UC::kArtillery, 0, "e2");
  p.french(UC::kArtillery, 0, "f2");
  p.allied(UC::kArtillery, 0, "e4");
  p.allied(UC::kLightInfantry, 2, "f3");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.fire("e2", "e4")));
  EXPECT_FALSE(p.legal(p.fire("f2", "f3")));  // LI are immune (I-9: not an action)
}

TEST(WaterlooRules, W_6_4_NoFireAtEmptySquaresOrOwnPieces) {
  Position p;
  p.french(UC::kArtillery, 0, "e2");
  p.french(UC::kInfantry, 3, "e3");
  p.french(UC::kArtillery, 0, "h2");
  p.s.begin_turn(1, kBlue);
  EXPECT_EQ(p.count_type(ActionType::kFire), 0);
}

}  // namespace
}  // namespace stratego::waterloo::testing
