// Stratego Waterloo rules W-7 .. W-11: actions, heavy cavalry, the Prussians, terrain, winning.
#include <gtest/gtest.h>

#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;

TEST(WaterlooRules, W_7_1_ThreeActionsLessLostCommanders) {
  Position p("waterloo-basic");
  p.french(UC::kInfantry, 3, "e2");
  p.s.begin_turn(1, kBlue);
  EXPECT_EQ(p.s.actions_left(), 3);
  const int ney = p.french(UC::kCommander, 5, "a1");
  p.s.move_unit_to(ney, Where::kCaptured);
  EXPECT_EQ(p.s.actions_per_turn(kBlue), 2);
  const int nap = p.french(UC::kCommanderInChief, 0, "b1");
  p.s.move_unit_to(nap, Where::kCaptured);
  EXPECT_EQ(p.s.actions_per_turn(kBlue), 0);
  p.s.move_unit_to(ney, Where::kBoard, p.sq("a1"));
  EXPECT_EQ(p.s.actions_per_turn(kBlue), 1);
}

TEST(WaterlooRules, W_7_2_ThreeActionsThenTheTurnPasses) {
  Position p;
  p.french(UC::kInfantry, 3, "e2");
  p.allied(UC::kInfantry, 3, "e9");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.move("e2", "e3"));
  p.s.apply(p.move("e3", "e4"));  // W-7.4: the same piece may act again
  EXPECT_EQ(p.s.side_to_move(), kBlue);
  p.s.apply(p.move("e4", "e5"));
  EXPECT_EQ(p.s.side_to_move(), kRed);
  EXPECT_EQ(p.s.actions_left(), 3);
}

TEST(WaterlooRules, W_7_3_PlacingOnTheOwnBackRow) {
  Position p;
  const int res = p.french(UC::kInfantry, 3, "e2");
  p.s.move_unit_to(res, Where::kReserve);
  p.french(UC::kInfantry, 3, "a1");
  p.s.begin_turn(1, kBlue);
  EXPECT_EQ(p.count_type(ActionType::kPlace), 11);  // twelve back-row squares, one taken
  const Action place = Action::make(ActionType::kPlace, res, p.sq("c1"));
  EXPECT_TRUE(p.legal(place));
  EXPECT_FALSE(p.legal(Action::make(ActionType::kPlace, res, p.sq("c2"))));
  p.s.apply(place);
  EXPECT_EQ(p.at("c1"), res);
  EXPECT_EQ(p.s.actions_used(), 1);
}

TEST(WaterlooRules, W_7_4_EndingTheTurnEarly) {
  Position p;
  p.french(UC::kInfantry, 3, "e2");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.end_turn()));
  p.s.apply(p.move("e2", "e3"));
  p.s.apply(p.end_turn());
  EXPECT_EQ(p.s.side_to_move(), kRed);
}

TEST(WaterlooRules, W_8_1_HeavyCavalryWeakensWhenItAttacksAndSurvives) {
  Position p;
  const int hc = p.french(UC::kHeavyCavalry, 4, "j3");
  const int lc = p.french(UC::kLightCavalry, 2, "a3");
  p.allied(UC::kLightInfantry, 1, "j6");
  p.allied(UC::kLightInfantry, 1, "a6");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("j3", "j6", kNorth));
  EXPECT_EQ(p.s.unit(hc).strength, 3);
  EXPECT_TRUE(p.s.weakened(hc));
  p.s.apply(p.attack("a3", "a6", kNorth));
  EXPECT_EQ(p.s.unit(lc).strength, 2);  // W-8.3: LC never weaken
  p.s.set_strength(hc, 1);
  p.allied(UC::kArtillery, 0, "l6");  // attacked from its side: the cavalry wins
  p.s.begin_turn(2, kBlue);
  p.s.apply(p.attack("j6", "l6", kEast));
  EXPECT_EQ(p.s.unit(hc).strength, 1);  // never below 1
}

TEST(WaterlooRules, W_8_2_WeakenedHeavyCavalryTakenOffAndRecovered) {
  Position p;
  const int hc = p.french(UC::kHeavyCavalry, 4, "e3");
  p.allied(UC::kLightInfantry, 1, "e6");
  p.allied(UC::kInfantry, 3, "l10");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e3", "e6", kNorth));
  const Action off = Action::make(ActionType::kTakeOff, p.sq("e6"));
  EXPECT_FALSE(p.legal(off));  // the opponent has not had a turn yet
  p.s.apply(p.end_turn());
  p.s.apply(p.end_turn());  // the Allied turn
  ASSERT_TRUE(p.legal(off));
  p.s.apply(off);
  EXPECT_EQ(p.s.actions_used(), 0);  // not an action
  EXPECT_EQ(p.where(hc), Where::kRecovering);
  EXPECT_EQ(p.count_type(ActionType::kPlace), 0);  // off at least until the next turn
  p.s.apply(p.end_turn());
  p.s.apply(p.end_turn());
  EXPECT_EQ(p.where(hc), Where::kReserve);
  EXPECT_EQ(p.s.unit(hc).strength, 4);  // full strength again
  p.s.apply(Action::make(ActionType::kPlace, hc, p.sq("a1")));
  EXPECT_EQ(p.at("a1"), hc);
}

TEST(WaterlooRules, W_9_1_PrussiansAreHiddenUntilCombat) {
  Position p("waterloo-basic");
  p.pool_prussians();
  p.s.begin_turn(12, kRed);
  ASSERT_TRUE(p.s.is_chance());
  p.s.apply(p.s.chance_outcomes()[0].first);
  const int pr = p.at("l5");
  ASSERT_GE(pr, 0);
  EXPECT_EQ(p.s.unit(pr).revealed, 0);
}

TEST(WaterlooRules, W_9_2_PrussiansPlacedOnlyOnEmptyFlagSquares) {
  Position p("waterloo-basic");
  p.pool_prussians();
  p.allied(UC::kInfantry, 3, "l5");
  p.s.begin_turn(11, kRed);
  EXPECT_FALSE(p.s.is_chance());  // not before turn 12
  p.s.begin_turn(12, kRed);
  ASSERT_TRUE(p.s.is_chance());
  const auto outcomes = p.s.chance_outcomes();
  double sum = 0;
  for (const auto& [a, pr] : outcomes) {
    EXPECT_EQ(a.to(), p.sq("l6"));  // l5 is taken
    EXPECT_EQ(p.s.unit_info(a.from()).army, Army::kPrussian);
    sum += pr;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_EQ(outcomes.size(), 5u);  // LI 1, INF 3, LC 2, ART, commander
  p.s.apply(outcomes[0].first);
  EXPECT_FALSE(p.s.is_chance());  // both flag squares occupied: the turn goes on
  EXPECT_EQ(p.s.phase(), Phase::kAction);
}

TEST(WaterlooRules, W_9_3_FourActionsAtLeastOnePrussianAndOneAllied) {
  Position p("waterloo-basic");
  p.allied(UC::kInfantry, 3, "a9");
  p.prussian(UC::kInfantry, 3, "l5");
  p.french(UC::kInfantry, 3, "a1");
  p.s.set_prussians_come(1);
  p.s.begin_turn(12, kRed);
  EXPECT_EQ(p.s.actions_left(), 3);
  EXPECT_FALSE(p.legal(p.move("l5", "l4")));  // the Prussians act from turn 13
  p.s.begin_turn(13, kRed);
  EXPECT_EQ(p.s.actions_left(), 4);
  p.s.apply(p.move("a9", "a8"));
  p.s.apply(p.move("a8", "a7"));
  p.s.apply(p.move("a7", "a6"));
  EXPECT_FALSE(p.legal(p.move("a6", "a5")));  // the fourth must be Prussian
  EXPECT_TRUE(p.legal(p.move("l5", "l4")));
  p.s.apply(p.move("l5", "l4"));
  EXPECT_EQ(p.s.side_to_move(), kBlue);
}

TEST(WaterlooRules, W_9_3_VonBulowLostCostsThePrussianAction) {
  Position p("waterloo-basic");
  p.allied(UC::kInfantry, 3, "a9");
  p.prussian(UC::kInfantry, 3, "l5");
  const int bulow = p.prussian(UC::kCommander, 5, "l6");
  p.s.move_unit_to(bulow, Where::kCaptured);
  p.s.set_prussians_come(1);
  p.s.begin_turn(13, kRed);
  EXPECT_EQ(p.s.actions_left(), 3);
  EXPECT_FALSE(p.legal(p.move("l5", "l4")));
  EXPECT_TRUE(p.legal(p.move("a9", "a8")));
}

TEST(WaterlooRules, W_9_3_AlliedLossesComeOffTheAlliedShare) {
  Position p("waterloo-basic");
  p.allied(UC::kInfantry, 3, "a9");
  p.prussian(UC::kInfantry, 3, "l5");
  const int wellington = p.allied(UC::kCommanderInChief, 0, "k10");
  p.s.move_unit_to(wellington, Where::kCaptured);
  p.s.set_prussians_come(1);
  p.s.begin_turn(13, kRed);
  EXPECT_EQ(p.s.actions_left(), 2);  // 4 - 2: one Allied, one Prussian
  p.s.apply(p.move("a9", "a8"));
  EXPECT_FALSE(p.legal(p.move("a8", "a7")));
  p.s.apply(p.move("l5", "l4"));
  EXPECT_EQ(p.s.side_to_move(), kBlue);
}

TEST(WaterlooRules, W_10_2_FullyOccupiedBuildingGivesInfantryOnlyPlusOne) {
  Position p;  // Hougoumont: b5 c5 b6 c6
  const int a = p.french(UC::kInfantry, 3, "b5");
  const int b = p.french(UC::kLightInfantry, 2, "c5");
  const int c = p.french(UC::kInfantry, 3, "b6");
  const int out = p.french(UC::kInfantry, 3, "d5");
  const int lc = p.french(UC::kLightCavalry, 2, "d6");
  EXPECT_FALSE(p.s.building_owner(p.s.tile_at(p.sq("b5"))).has_value());
  EXPECT_EQ(p.s.melee_strength(a, false, -1), 3);
  const int d = p.french(UC::kInfantry, 3, "c6");
  EXPECT_EQ(p.s.building_owner(p.s.tile_at(p.sq("b5"))), kBlue);
  EXPECT_EQ(p.s.melee_strength(a, false, -1), 4);
  EXPECT_EQ(p.s.melee_strength(b, true, -1), 3);
  EXPECT_EQ(p.s.melee_strength(c, false, -1), 4);
  EXPECT_EQ(p.s.melee_strength(d, false, -1), 4);
  EXPECT_EQ(p.s.melee_strength(out, false, -1), 3);  // outside: nothing
  EXPECT_EQ(p.s.melee_strength(lc, false, -1), 2);   // cavalry: nothing
}

TEST(WaterlooRules, W_10_2_CavalryNeitherEntersNorAttacksBuildings) {
  Position p;
  p.french(UC::kLightCavalry, 2, "a5");
  p.french(UC::kArtillery, 0, "c4");
  p.french(UC::kInfantry, 3, "d6");
  p.allied(UC::kInfantry, 3, "c6");
  p.s.begin_turn(1, kBlue);
  EXPECT_FALSE(p.legal(p.move("a5", "b5")));  // cavalry stays out
  EXPECT_FALSE(p.legal(p.move("c4", "c5")));  // so does artillery
  EXPECT_TRUE(p.legal(p.move("c4", "d4")));
  EXPECT_TRUE(p.legal(p.move("d6", "c5")));  // infantry may enter
  EXPECT_TRUE(p.legal(p.attack("d6", "c6", kWest)));
  Position q;
  q.french(UC::kLightCavalry, 2, "c3");
  q.allied(UC::kInfantry, 3, "c5");
  q.s.begin_turn(1, kBlue);
  EXPECT_FALSE(q.legal(q.attack("c3", "c5", kNorth)));
}

TEST(WaterlooRules, W_10_2_DieWinningCavalryDoesNotEnterTheBuilding) {
  Position p;
  const int li = p.french(UC::kLightInfantry, 2, "c5");  // in Hougoumont
  const int lc = p.allied(UC::kLightCavalry, 2, "d5");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("c5", "d5", kEast));
  p.s.apply(p.die(DieFace::kRed));
  EXPECT_EQ(p.where(li), Where::kCaptured);
  EXPECT_EQ(p.at("d5"), lc);  // I-7: it stays outside
  EXPECT_EQ(p.at("c5"), -1);
}

TEST(WaterlooRules, W_10_3_FireDamagesTheBuildingNotTheUnitsInside) {
  Position p;
  p.french(UC::kArtillery, 0, "b3");
  const int inside = p.allied(UC::kInfantry, 3, "b5");
  p.s.begin_turn(1, kBlue);
  EXPECT_FALSE(p.legal(p.fire("b3", "b5")));
  const Action hit = p.fire("b3", "b5", true);
  ASSERT_TRUE(p.legal(hit));
  const int tile = p.s.tile_at(p.sq("b5"));
  for (int hp = 4; hp > 0; --hp) {
    EXPECT_EQ(p.s.tile_hp(tile), hp);
    p.s.begin_turn(1, kBlue);
    p.s.apply(hit);
  }
  EXPECT_EQ(p.s.tile_hp(tile), 0);  // destroyed: ordinary ground
  p.s.begin_turn(2, kBlue);
  EXPECT_FALSE(p.legal(hit));
  EXPECT_TRUE(p.legal(p.fire("b3", "b5")));
  p.s.apply(p.fire("b3", "b5"));
  EXPECT_EQ(p.where(inside), Where::kCaptured);
}

TEST(WaterlooRules, W_10_4_PlusInABuildingWinnerChoosesTarget) {
  Position p;
  const int fr = p.french(UC::kInfantry, 3, "b4");
  p.allied(UC::kInfantry, 3, "b5");
  p.allied(UC::kLightInfantry, 1, "c5");
  p.allied(UC::kLightInfantry, 1, "a5");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("b4", "b5", kNorth));
  p.s.apply(p.die(DieFace::kBluePlus));
  ASSERT_EQ(p.s.phase(), Phase::kChooseTarget);
  EXPECT_EQ(p.s.current_player(), kBlue);
  const Action c5 = Action::make(ActionType::kChooseTarget, 0, p.sq("c5"));
  EXPECT_TRUE(p.legal(c5));
  EXPECT_TRUE(p.legal(Action::make(ActionType::kChooseTarget, 0, p.sq("a5"))));
  p.s.apply(c5);
  EXPECT_EQ(p.at("c5"), fr);
}

TEST(WaterlooRules, W_10_5_HillGivesDefendersPlusOneAgainstAttackersFromBelow) {
  Position p;  // Mont Saint Jean: f8 g8 f9 g9
  const int inf = p.allied(UC::kInfantry, 3, "f8");
  const int art = p.allied(UC::kArtillery, 0, "g8");
  const int att = p.french(UC::kInfantry, 3, "f7");
  const int hill_att = p.allied(UC::kInfantry, 3, "f9");
  EXPECT_EQ(p.s.melee_strength(inf, false, att), 4);
  EXPECT_EQ(p.s.melee_strength(inf, false, hill_att), 3);
  EXPECT_EQ(p.s.melee_strength(inf, true, att), 3);
  EXPECT_EQ(p.s.melee_strength(art, false, att), 0);
}

TEST(WaterlooRules, W_10_6_HillArtilleryFiresOverAPieceIntoANeighbouringColumn) {
  Position p;
  p.allied(UC::kArtillery, 0, "f8");  // on the hill, facing south
  p.allied(UC::kInfantry, 3, "e7");   // in the way of a ground gun
  const int target = p.french(UC::kInfantry, 3, "e5");
  p.french(UC::kInfantry, 3, "g4");  // four ahead in the other neighbouring column
  p.french(UC::kInfantry, 3, "f3");  // five ahead: out of range
  p.s.begin_turn(1, kRed);
  EXPECT_TRUE(p.legal(p.fire("f8", "e5")));
  EXPECT_TRUE(p.legal(p.fire("f8", "g4")));
  EXPECT_FALSE(p.legal(p.fire("f8", "f3")));
  p.s.apply(p.fire("f8", "e5"));
  EXPECT_EQ(p.where(target), Where::kCaptured);
  // Artillery on the hill cannot be fired at from the ground.
  Position q;
  q.allied(UC::kArtillery, 0, "f8");
  q.french(UC::kArtillery, 0, "f7");
  q.s.begin_turn(1, kBlue);
  EXPECT_FALSE(q.legal(q.fire("f7", "f8")));
}

TEST(WaterlooRules, W_10_7_PlancenoitInfantryBonusAndFireChoice) {
  Position p("waterloo-expert");  // Plancenoit: k2 l2 k3 l3
  const int inf = p.french(UC::kInfantry, 3, "k3");
  const int lc = p.french(UC::kLightCavalry, 2, "l3");
  EXPECT_EQ(p.s.melee_strength(inf, false, -1), 4);  // occupied or not
  EXPECT_EQ(p.s.melee_strength(lc, false, -1), 2);
  p.allied(UC::kArtillery, 0, "k5");
  p.s.begin_turn(1, kRed);
  EXPECT_TRUE(p.legal(p.fire("k5", "k3")));        // the unit
  EXPECT_TRUE(p.legal(p.fire("k5", "k3", true)));  // or the village (it holds no Allied piece)
  p.allied(UC::kLightInfantry, 1, "l2");
  EXPECT_FALSE(p.legal(p.fire("k5", "k3", true)));  // now it holds an Allied piece (W-6.4)
  Position q("waterloo-expert");
  q.french(UC::kInfantry, 3, "k3");
  q.allied(UC::kArtillery, 0, "k5");
  q.s.begin_turn(1, kRed);
  EXPECT_TRUE(q.legal(q.fire("k5", "k3")));
  EXPECT_TRUE(q.legal(q.fire("k5", "k3", true)));  // or the village
}

TEST(WaterlooRules, W_10_8_ModifiersAddUp_W_10_9_CappedAtSix) {
  Position p;
  const int a = p.french(UC::kInfantry, 6, "b5");
  p.french(UC::kInfantry, 5, "c5");
  p.french(UC::kInfantry, 3, "b6");
  const int d = p.french(UC::kInfantry, 5, "c6");
  EXPECT_EQ(p.s.melee_strength(d, false, -1), 6);
  EXPECT_EQ(p.s.melee_strength(a, false, -1), 6);  // 6 + 1 capped
  // Plancenoit and Battle Lust add: 3 + 1 + 1 = 5 ties an attacking 5, so the die rolls.
  Position q("waterloo-expert");
  q.s.set_hand(kBlue, CardKind::kBattleLust, 1);
  q.french(UC::kInfantry, 3, "k3");
  q.allied(UC::kInfantry, 5, "k5");
  q.s.begin_turn(2, kRed);
  q.s.apply(q.attack("k5", "k3", kSouth));
  ASSERT_EQ(q.s.phase(), Phase::kBattleLust);
  q.s.apply(q.lust(true));
  EXPECT_EQ(q.s.phase(), Phase::kDie);
}

TEST(WaterlooRules, W_11_1_TwoPiecesOnTheEnemySecretSectorWin) {
  Position p("waterloo-basic");
  p.s.set_retreat_sector(kRed, 0);  // Allied line of retreat: a10-d10
  p.s.set_retreat_sector(kBlue, 2);
  p.french(UC::kInfantry, 3, "a10");
  p.french(UC::kLightCavalry, 2, "b3");
  p.french(UC::kLightCavalry, 2, "f3");
  p.s.begin_turn(5, kBlue);
  p.s.apply(p.move("f3", "f10"));  // a pair, but on the wrong sector
  EXPECT_FALSE(p.s.over());
  p.s.apply(p.move("b3", "b10"));
  ASSERT_TRUE(p.s.over());
  EXPECT_EQ(p.s.result().winner, Winner::kBlue);
  EXPECT_EQ(p.s.result().reason, EndReason::kLinesOfRetreat);
  EXPECT_EQ(p.s.returns(kBlue), 1.0);
  EXPECT_EQ(p.s.returns(kRed), -1.0);
}

TEST(WaterlooRules, W_11_2_NoActionsLeftLoses) {
  Position p("waterloo-basic");
  const int ney = p.french(UC::kCommander, 5, "a1");
  p.s.move_unit_to(ney, Where::kCaptured);
  p.french(UC::kCommanderInChief, 0, "e5");
  p.allied(UC::kInfantry, 3, "e6");
  p.s.begin_turn(3, kRed);
  p.s.apply(p.attack("e6", "e5", kSouth));
  ASSERT_TRUE(p.s.over());
  EXPECT_EQ(p.s.result().winner, Winner::kRed);
  EXPECT_EQ(p.s.result().reason, EndReason::kActionsLost);
}

TEST(WaterlooRules, W_11_3_CapturingTheCommanderInChiefWinsInStandard) {
  Position p;
  p.allied(UC::kCommanderInChief, 0, "e6");
  p.french(UC::kLightInfantry, 1, "e4");
  p.s.begin_turn(3, kBlue);
  p.s.apply(p.attack("e4", "e6", kNorth));
  ASSERT_TRUE(p.s.over());
  EXPECT_EQ(p.s.result().winner, Winner::kBlue);
  EXPECT_EQ(p.s.result().reason, EndReason::kCommanderInChief);
  Position basic("waterloo-basic");  // not in the Basic game
  basic.allied(UC::kCommanderInChief, 0, "e6");
  basic.french(UC::kLightInfantry, 1, "e4");
  basic.s.begin_turn(3, kBlue);
  basic.s.apply(basic.attack("e4", "e6", kNorth));
  EXPECT_FALSE(basic.s.over());
  EXPECT_EQ(basic.s.actions_per_turn(kRed), 1);
}

}  // namespace
}  // namespace stratego::waterloo::testing
