// Stratego Waterloo rules W-12 .. W-15: manoeuvre cards, the Expert game, the scenarios, and
// what the state records for the views.
#include <gtest/gtest.h>

#include "engine/error.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;

int hand_size(const WaterlooState& s, Side side) {
  int n = 0;
  for (auto c : s.hand(side)) n += c;
  return n;
}

TEST(WaterlooRules, W_12_1_W_12_2_OpenDraftUntilEachHoldsFour) {
  auto v = load("waterloo-standard");
  WaterlooState s(v);
  ASSERT_EQ(s.phase(), Phase::kDraft);
  int pool = 0;
  for (auto c : s.draft_pool()) pool += c;
  EXPECT_EQ(pool, 15);
  ActionList list;
  std::vector<Side> order;
  while (s.phase() == Phase::kDraft) {
    s.legal_actions(list);
    order.push_back(s.current_player());
    s.apply(list[0]);
  }
  ASSERT_GE(order.size(), 4u);
  EXPECT_EQ(order[0], kRed);
  EXPECT_EQ(order[1], kRed);
  EXPECT_EQ(order[2], kBlue);
  EXPECT_EQ(order[3], kBlue);
  EXPECT_EQ(hand_size(s, kRed), 4);
  EXPECT_EQ(hand_size(s, kBlue), 4);
  int discards = 0;
  for (auto c : s.discards()) discards += c;
  EXPECT_EQ(discards, 7);
  EXPECT_EQ(s.phase(), Phase::kSetup);
}

TEST(WaterlooRules, W_12_2_AlliesTakeTwoMoreWhenThePrussiansArrive) {
  Position p;
  p.s.set_prussians_come(1);
  p.allied(UC::kInfantry, 3, "a9");
  p.s.begin_turn(13, kRed);
  EXPECT_EQ(p.s.phase(), Phase::kAction);  // no discards, nothing to take
  Position q;
  q.s.set_prussians_come(1);
  q.allied(UC::kInfantry, 3, "a9");
  Core c = q.s.core();
  (void)c;
  // Discards come from the draft: play a real draft first.
  auto v = load("waterloo-standard");
  WaterlooState s(v);
  ActionList list;
  while (s.phase() == Phase::kDraft) {
    s.legal_actions(list);
    s.apply(list[0]);
  }
  Rng rng(1);
  s.apply_setup(kRed, s.random_setup(kRed, rng));
  s.apply_setup(kBlue, s.random_setup(kBlue, rng));
  while (s.is_chance()) s.apply_random_chance(rng);
  s.begin_turn(13, kRed);
  while (s.is_chance()) s.apply_random_chance(rng);  // Prussian draws
  ASSERT_EQ(s.phase(), Phase::kLateDraft);
  s.legal_actions(list);
  s.apply(list[0]);
  s.legal_actions(list);
  s.apply(list[0]);
  EXPECT_EQ(hand_size(s, kRed), 6);
  EXPECT_EQ(s.phase(), Phase::kAction);
}

TEST(WaterlooRules, W_12_3_OneCardAtTheStartOfTheTurnCostingAnAction) {
  Position p;
  p.s.set_hand(kBlue, CardKind::kInitiative, 2);
  p.french(UC::kInfantry, 3, "e2");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.play(CardKind::kInitiative)));
  p.s.apply(p.move("e2", "e3"));
  EXPECT_FALSE(p.legal(p.play(CardKind::kInitiative)));  // only at the start
  p.s.begin_turn(2, kBlue);
  p.s.apply(p.play(CardKind::kInitiative));
  EXPECT_EQ(p.s.actions_used(), 1);
  p.s.apply(Action::make(ActionType::kCardDone));
  EXPECT_FALSE(p.legal(p.play(CardKind::kInitiative)));  // one per turn
  EXPECT_EQ(p.s.played(kBlue)[int(CardKind::kInitiative)], 1);
}

TEST(WaterlooRules, W_12_4_ReconnaissanceOfConnectedPiecesIsPrivate) {
  Position p;
  p.s.set_hand(kBlue, CardKind::kReconnaissance, 1);
  p.french(UC::kInfantry, 3, "a2");
  const int a = p.allied(UC::kInfantry, 3, "e8");
  p.allied(UC::kInfantry, 4, "e9");
  const int far = p.allied(UC::kInfantry, 5, "k9");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.play(CardKind::kReconnaissance));
  ASSERT_EQ(p.s.phase(), Phase::kRecon);
  p.s.apply(Action::make(ActionType::kReconPick, 0, p.sq("e8")));
  EXPECT_EQ(p.s.unit(a).revealed, 1u << kBlue);  // the French see it, the state says so
  EXPECT_FALSE(p.legal(Action::make(ActionType::kReconPick, 0, p.sq("k9"))));  // not connected
  EXPECT_TRUE(p.legal(Action::make(ActionType::kReconPick, 0, p.sq("e9"))));
  p.s.apply(Action::make(ActionType::kReconPick, 0, p.sq("e9")));
  EXPECT_EQ(p.s.phase(), Phase::kAction);  // nothing left to look at
  EXPECT_EQ(p.s.unit(far).revealed, 0);
}

TEST(WaterlooRules, W_12_5_InitiativeMovesThreeDifferentPieces) {
  Position p;
  p.s.set_hand(kBlue, CardKind::kInitiative, 1);
  p.french(UC::kInfantry, 3, "a2");
  p.french(UC::kInfantry, 3, "c2");
  p.french(UC::kInfantry, 3, "e2");
  p.french(UC::kInfantry, 3, "g2");
  p.allied(UC::kInfantry, 3, "a3");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.play(CardKind::kInitiative));
  EXPECT_FALSE(p.legal(p.attack("a2", "a3", kNorth)));  // moves only
  p.s.apply(p.move("c2", "c3"));
  EXPECT_FALSE(p.legal(p.move("c3", "c4")));  // different pieces
  p.s.apply(p.move("e2", "e3"));
  p.s.apply(p.move("g2", "g3"));
  EXPECT_EQ(p.s.phase(), Phase::kAction);
  EXPECT_EQ(p.s.actions_used(), 1);
}

TEST(WaterlooRules, W_12_6_CombinedAttackInfantryCavalryArtillery) {
  Position p("waterloo-basic+waterloo_cards_per_kind=3");
  p.s.set_hand(kBlue, CardKind::kCombinedAttack, 1);
  p.french(UC::kInfantry, 4, "a4");
  p.french(UC::kInfantry, 4, "c4");
  p.french(UC::kHeavyCavalry, 4, "e2");
  p.french(UC::kArtillery, 0, "h3");
  p.allied(UC::kLightInfantry, 1, "a5");
  p.allied(UC::kLightInfantry, 1, "c5");
  p.allied(UC::kLightCavalry, 2, "e6");
  const int target = p.allied(UC::kInfantry, 3, "h5");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.play(CardKind::kCombinedAttack));
  EXPECT_FALSE(p.legal(p.move("a4", "b4")));  // attacks only
  p.s.apply(p.attack("a4", "a5", kNorth));
  EXPECT_FALSE(p.legal(p.attack("c4", "c5", kNorth)));  // one infantry
  p.s.apply(p.attack("e2", "e6", kNorth));
  p.s.apply(p.fire("h3", "h5"));
  EXPECT_EQ(p.where(target), Where::kCaptured);
  EXPECT_EQ(p.s.phase(), Phase::kAction);
  EXPECT_EQ(p.s.actions_used(), 1);
}

TEST(WaterlooRules, W_12_7_BattleLustAttackerThenDefender) {
  Position p;
  p.s.set_hand(kBlue, CardKind::kBattleLust, 1);
  p.s.set_hand(kRed, CardKind::kBattleLust, 1);
  const int fr = p.french(UC::kInfantry, 3, "e4");
  const int al = p.allied(UC::kInfantry, 3, "e5");
  p.s.begin_turn(1, kBlue);
  EXPECT_FALSE(p.legal(p.play(CardKind::kBattleLust)));  // not a turn card
  p.s.apply(p.attack("e4", "e5", kNorth));
  ASSERT_EQ(p.s.phase(), Phase::kBattleLust);
  EXPECT_EQ(p.s.current_player(), kBlue);
  p.s.apply(p.lust(true));
  EXPECT_EQ(p.s.current_player(), kRed);  // the defender, in the opponent's turn
  p.s.apply(p.lust(false));
  EXPECT_EQ(p.where(al), Where::kCaptured);  // 4 against 3, no die
  EXPECT_EQ(p.at("e5"), fr);
  EXPECT_EQ(p.s.actions_used(), 1);  // Battle Lust cost no action
  EXPECT_EQ(p.s.hand(kBlue)[int(CardKind::kBattleLust)], 0);
  EXPECT_EQ(p.s.hand(kRed)[int(CardKind::kBattleLust)], 1);
}

TEST(WaterlooRules, W_12_8_ArtilleryBarrageOfAConnectedGroup) {
  Position p;
  p.s.set_hand(kBlue, CardKind::kArtilleryBarrage, 1);
  p.french(UC::kArtillery, 0, "d3");
  p.french(UC::kArtillery, 0, "e3");
  p.french(UC::kArtillery, 0, "j3");
  p.allied(UC::kInfantry, 3, "d5");
  p.allied(UC::kInfantry, 3, "e5");
  p.allied(UC::kInfantry, 3, "j5");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.play(CardKind::kArtilleryBarrage));
  p.s.apply(p.fire("d3", "d5"));
  EXPECT_FALSE(p.legal(p.fire("j3", "j5")));  // another group
  EXPECT_FALSE(p.legal(p.fire("d3", "d5")));  // fires once
  p.s.apply(p.fire("e3", "e5"));
  EXPECT_EQ(p.s.phase(), Phase::kAction);
  EXPECT_EQ(p.s.actions_used(), 1);
  EXPECT_EQ(p.at("d5"), -1);
  EXPECT_EQ(p.at("e5"), -1);
}

TEST(WaterlooRules, W_13_1_NapoleonLostIsDecisiveWellingtonLostCostsTwo) {
  Position p("waterloo-expert");
  p.allied(UC::kCommanderInChief, 0, "e6");
  p.french(UC::kLightInfantry, 1, "e4");
  p.french(UC::kCommanderInChief, 0, "h5");
  p.allied(UC::kLightInfantry, 1, "h7");
  p.s.begin_turn(3, kBlue);
  p.s.apply(p.attack("e4", "e6", kNorth));
  EXPECT_FALSE(p.s.over());
  EXPECT_EQ(p.s.actions_per_turn(kRed), 1);
  p.s.begin_turn(4, kRed);
  p.s.apply(p.attack("h7", "h5", kSouth));
  ASSERT_TRUE(p.s.over());
  EXPECT_EQ(p.s.result().winner, Winner::kRed);
  EXPECT_EQ(p.s.result().reason, EndReason::kNapoleonLost);
  EXPECT_EQ(p.s.result().kind, ResultKind::kDecisive);
}

TEST(WaterlooRules, W_13_2_CentreSectorIsDecisiveFlankStartsThePursuit) {
  Position p("waterloo-expert");
  p.french(UC::kInfantry, 3, "e10");
  p.french(UC::kLightCavalry, 2, "h3");
  p.s.begin_turn(5, kBlue);
  p.s.apply(p.move("h3", "h10"));
  ASSERT_TRUE(p.s.over());
  EXPECT_EQ(p.s.result().reason, EndReason::kCentreSector);
  EXPECT_EQ(p.s.result().winner, Winner::kBlue);
  Position q("waterloo-expert");
  q.allied(UC::kInfantry, 3, "a1");
  q.allied(UC::kLightCavalry, 2, "d8");
  q.french(UC::kLightCavalry, 2, "l2");
  q.french(UC::kInfantry, 3, "g1");  // something to pursue
  q.s.begin_turn(5, kRed);
  q.s.apply(q.move("d8", "d1"));
  EXPECT_FALSE(q.s.over());
  EXPECT_TRUE(q.s.in_pursuit());
  EXPECT_EQ(q.s.pursuer(), kRed);  // the French retreat
}

TEST(WaterlooRules, W_13_3_HougoumontStartsWithTwoAlliedInfantry) {
  auto v = load("waterloo-expert");
  WaterlooState s(v);
  ActionList list;
  while (s.phase() == Phase::kDraft) {
    s.legal_actions(list);
    s.apply(list[0]);
  }
  Rng rng(9);
  const WaterlooSetup ok = s.random_setup(kRed, rng);
  int inside = 0;
  for (auto [id, sq] : ok.placements)
    if (s.tile_at(sq) >= 0 && v->waterloo.tiles[s.tile_at(sq)].name == "hougoumont") {
      ++inside;
      const UnitClass k = s.unit_info(id).cls;
      EXPECT_TRUE(k == UC::kInfantry || k == UC::kLightInfantry);
    }
  EXPECT_EQ(inside, 2);
  WaterlooSetup without;
  for (auto pl : ok.placements)
    if (s.tile_at(pl.second) < 0 || v->waterloo.tiles[s.tile_at(pl.second)].name != "hougoumont")
      without.placements.push_back(pl);
  EXPECT_THROW(s.apply_setup(kRed, without), InputError);
  EXPECT_NO_THROW(s.apply_setup(kRed, ok));
}

TEST(WaterlooRules, W_13_5_PursuitRestrictionsAndResultKinds) {
  struct PursuitCase {
    int french_lost, allied_lost;
    Winner winner;
    ResultKind kind;
  };
  for (const PursuitCase& c : {PursuitCase{2, 0, Winner::kDraw, ResultKind::kIndecisive},
                               PursuitCase{6, 1, Winner::kRed, ResultKind::kMinor},
                               PursuitCase{12, 1, Winner::kRed, ResultKind::kMajor},
                               PursuitCase{0, 3, Winner::kDraw, ResultKind::kIndecisive}}) {
    Position p("waterloo-expert");
    p.allied(UC::kInfantry, 3, "a1");
    p.allied(UC::kLightCavalry, 2, "d8");
    p.allied(UC::kInfantry, 3, "e8");
    const int wel = p.allied(UC::kCommanderInChief, 0, "k9");
    p.french(UC::kInfantry, 3, "l2");
    p.french(UC::kInfantry, 4, "g1");  // something to pursue
    p.s.set_captured_count(kBlue, c.french_lost);
    p.s.set_captured_count(kRed, c.allied_lost);
    p.s.begin_turn(5, kRed);
    p.s.apply(p.move("d8", "d1"));
    ASSERT_TRUE(p.s.in_pursuit());
    EXPECT_EQ(p.where(wel), Where::kLeft);               // commanders-in-chief leave
    EXPECT_EQ(p.s.side_to_move(), kRed);                 // the winner moves first
    EXPECT_FALSE(p.legal(p.move("e8", "e7")));           // cavalry attacks only
    EXPECT_FALSE(p.legal(p.attack("d1", "l1", kEast)));  // l2 is not on that line
    p.s.apply(p.end_turn());                             // will not pursue
    ASSERT_TRUE(p.s.over());
    EXPECT_EQ(p.s.result().reason, EndReason::kPursuit);
    EXPECT_EQ(p.s.result().winner, c.winner);
    EXPECT_EQ(p.s.result().kind, c.kind);
  }
}

TEST(WaterlooRules, W_13_5_PursuerWinsEqualCavalryAndLoserSaves) {
  Position p("waterloo-expert");
  p.allied(UC::kInfantry, 3, "a1");
  p.allied(UC::kLightCavalry, 2, "d8");
  p.allied(UC::kLightCavalry, 2, "j8");
  const int flc = p.french(UC::kLightCavalry, 2, "j3");
  const int finf = p.french(UC::kInfantry, 3, "e3");
  p.s.begin_turn(5, kRed);
  p.s.apply(p.move("d8", "d1"));
  ASSERT_TRUE(p.s.in_pursuit());
  p.s.apply(p.attack("j8", "j3", kSouth));
  EXPECT_EQ(p.where(flc), Where::kCaptured);  // 2 against 2: the pursuer wins, no die
  p.s.apply(p.end_turn());
  EXPECT_EQ(p.s.side_to_move(), kBlue);
  const Action save = Action::make(ActionType::kSave, p.sq("e3"));
  ASSERT_TRUE(p.legal(save));
  EXPECT_FALSE(p.legal(p.move("e3", "e4")));
  p.s.apply(save);
  EXPECT_EQ(p.where(finf), Where::kSaved);
}

TEST(WaterlooRules, W_13_5_HeavyCavalryWeakensAndCannotRecoverInThePursuit) {
  Position p("waterloo-expert");
  p.allied(UC::kInfantry, 3, "a1");
  p.allied(UC::kLightCavalry, 2, "d8");
  const int hc = p.allied(UC::kHeavyCavalry, 4, "j8");
  p.french(UC::kInfantry, 3, "j3");
  p.french(UC::kInfantry, 3, "j2");
  p.s.begin_turn(5, kRed);
  p.s.apply(p.move("d8", "d1"));
  ASSERT_TRUE(p.s.in_pursuit());
  p.s.apply(p.attack("j8", "j3", kSouth));
  EXPECT_EQ(p.s.unit(hc).strength, 3);
  p.s.apply(p.end_turn());
  p.s.apply(p.end_turn());  // the French turn
  EXPECT_EQ(p.count_type(ActionType::kTakeOff), 0);
  EXPECT_EQ(p.count_type(ActionType::kPlayCard), 0);
}

TEST(WaterlooRules, W_14_1_EarlyStartFrenchFirstWithFourteenInReserve) {
  auto v = load("waterloo-expert-early-start");
  WaterlooState s(v);
  ASSERT_EQ(s.phase(), Phase::kEarlyStart);
  EXPECT_EQ(s.current_player(), kBlue);
  s.apply(Action::make(ActionType::kEarlyStart, 0, 0, 0, 1));
  ActionList list;
  while (s.phase() == Phase::kDraft) {
    s.legal_actions(list);
    s.apply(list[0]);
  }
  Rng rng(4);
  s.apply_setup(kRed, s.random_setup(kRed, rng));
  s.apply_setup(kBlue, s.random_setup(kBlue, rng));
  int reserve = 0;
  for (int id = s.army_begin(Army::kFrench); id < s.army_end(Army::kFrench); ++id)
    reserve += s.unit(id).where == Where::kReserve;
  EXPECT_EQ(reserve, 14);
  EXPECT_EQ(s.turn(), -2);
  EXPECT_EQ(s.clock_time(), "09:30");
  EXPECT_EQ(s.side_to_move(), kBlue);
}

TEST(WaterlooRules, W_14_2_WhereAreThePrussiansRoll) {
  Position p("waterloo-expert-prussian-roll");
  p.pool_prussians();
  p.allied(UC::kInfantry, 3, "a9");
  p.s.begin_turn(9, kRed);
  ASSERT_TRUE(p.s.is_chance());
  const auto outcomes = p.s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_NEAR(outcomes[0].second + outcomes[1].second, 1.0, 1e-12);
  p.s.apply(Action::make(ActionType::kPrussianRoll, 0, 0, 0, 0));  // a blue face: never
  EXPECT_EQ(p.s.prussians_come(), 0);
  p.s.begin_turn(12, kRed);
  EXPECT_FALSE(p.s.is_chance());
}

TEST(WaterlooRules, W_14_3_MudSlowsInfantryAndCavalryStopsArtillery) {
  Position p("waterloo-expert-mud");  // mud: d5 e5 d6 e6 h5 i5 h6 i6
  p.french(UC::kInfantry, 3, "e4");
  p.french(UC::kLightInfantry, 2, "d4");
  p.french(UC::kLightCavalry, 2, "h2");
  p.french(UC::kArtillery, 0, "i4");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.move("e4", "e5")));
  EXPECT_FALSE(p.legal(p.move("e4", "e6")));
  EXPECT_TRUE(p.legal(p.move("d4", "d6")));  // LI are not affected
  EXPECT_TRUE(p.legal(p.move("h2", "h4")));
  EXPECT_FALSE(p.legal(p.move("h2", "h5")));
  EXPECT_FALSE(p.legal(p.move("i4", "i5")));
  p.s.apply(p.move("e4", "e5"));
  EXPECT_FALSE(p.legal(p.move("e5", "e7")));  // in mud: one square
  EXPECT_TRUE(p.legal(p.move("e5", "f5")));
}

TEST(WaterlooRules, W_14_4_OwnTerrainFromTheScenarioFile) {
  Position p("waterloo-own-terrain");  // Papelotte on i5 i6 j5 j6, the hill on e8
  const int tile = p.s.tile_at(p.sq("j6"));
  ASSERT_GE(tile, 0);
  EXPECT_EQ(p.v->waterloo.tiles[tile].name, "papelotte");
  EXPECT_EQ(p.v->waterloo.tiles[tile].kind, TileKind::kBuilding);
  EXPECT_LT(p.s.tile_at(p.sq("f5")), 0);
  p.french(UC::kLightCavalry, 2, "i2");
  p.s.begin_turn(1, kBlue);
  EXPECT_TRUE(p.legal(p.move("i2", "i4")));
  EXPECT_FALSE(p.legal(p.move("i2", "i5")));
}

TEST(WaterlooRules, W_15_CombatRevealsBothReconOnlyItsPlayer) {
  Position p;
  const int fr = p.french(UC::kInfantry, 4, "e4");
  const int al = p.allied(UC::kInfantry, 3, "e5");
  EXPECT_EQ(p.s.unit(fr).revealed, 0);
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("e4", "e5", kNorth));
  EXPECT_EQ(p.s.unit(fr).revealed, 3);
  EXPECT_EQ(p.s.unit(al).revealed, 3);
}

}  // namespace
}  // namespace stratego::waterloo::testing
