// Stratego Waterloo rules whose ids had no test of their own (W-6.3, W-8.3, W-9.4, W-10.1,
// W-11.4, W-13.4, W-13.6), the timing of Battle Lust against the reveal (W-12.7), and a check
// that every W-x.y id of docs/rules.md Part W names at least one test, so a new id cannot go
// untested unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "engine/waterloo/observation.h"
#include "engine/waterloo/view.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;

int seen_strength(const Position& p, Side viewer, const char* sq) {
  const WaterlooView v = make_view(p.s, viewer);
  const auto& u = v.board[p.sq(sq)];
  return u ? u->strength : -99;
}

TEST(WaterlooRules, W_6_3_HillReachesFourGroundThreeAndMudDoesNotStopFire) {
  Position p;                         // Mont Saint Jean: f8 g8 f9 g9
  p.allied(UC::kArtillery, 0, "f8");  // on the hill, facing south
  p.allied(UC::kArtillery, 0, "h8");  // on the ground
  p.french(UC::kInfantry, 3, "f4");   // four ahead of both
  p.french(UC::kInfantry, 3, "h4");
  p.s.begin_turn(1, kRed);
  EXPECT_TRUE(p.legal(p.fire("f8", "f4")));   // W-10.6: range 4
  EXPECT_FALSE(p.legal(p.fire("h8", "h4")));  // W-6.1: range 3
  // W-14.3 says nothing of fire: artillery fires across and into mud, but never enters it.
  Position m("waterloo-expert-mud");  // mud: d5 e5 d6 e6 h5 i5 h6 i6
  m.french(UC::kArtillery, 0, "e4");
  const int target = m.allied(UC::kInfantry, 3, "e6");
  m.s.begin_turn(1, kBlue);
  EXPECT_FALSE(m.legal(m.move("e4", "e5")));
  ASSERT_TRUE(m.legal(m.fire("e4", "e6")));
  m.s.apply(m.fire("e4", "e6"));
  EXPECT_EQ(m.where(target), Where::kCaptured);
}

TEST(WaterlooRules, W_8_3_CommandersAndLightCavalryNeverLoseStrength) {
  Position p;
  const int ney = p.french(UC::kCommander, 5, "d3");  // columns clear of terrain
  const int lc = p.french(UC::kLightCavalry, 2, "i3");
  p.allied(UC::kInfantry, 3, "d6");
  p.allied(UC::kLightInfantry, 1, "i6");
  p.allied(UC::kInfantry, 3, "l10");
  p.s.begin_turn(1, kBlue);
  p.s.apply(p.attack("d3", "d6", kNorth));
  p.s.apply(p.attack("i3", "i6", kNorth));
  ASSERT_EQ(p.at("d6"), ney);
  ASSERT_EQ(p.at("i6"), lc);
  EXPECT_EQ(p.s.unit(ney).strength, 5);
  EXPECT_EQ(p.s.unit(lc).strength, 2);
  EXPECT_FALSE(p.s.weakened(ney));
  EXPECT_FALSE(p.s.weakened(lc));
  p.s.apply(p.end_turn());
  p.s.apply(p.end_turn());                           // the French again, after the Allied turn
  EXPECT_EQ(p.count_type(ActionType::kTakeOff), 0);  // nothing to recover (W-8.2)
}

TEST(WaterlooRules, W_9_4_PrussiansCapturedByTheFrenchNeverReturn) {
  Position p("waterloo-basic");
  const int pr = p.prussian(UC::kInfantry, 3, "k6");
  p.french(UC::kInfantry, 4, "j6");
  p.pool_prussians();  // the other twelve wait in the pool
  p.s.begin_turn(12, kBlue);
  p.s.apply(p.attack("j6", "k6", kEast));
  ASSERT_EQ(p.where(pr), Where::kCaptured);
  // Draw the whole pool over the following Allied turns, clearing the flag squares each time.
  int drawn = 0;
  for (int turn = 13; turn < 30; ++turn) {
    p.s.begin_turn(turn, kRed);
    while (p.s.is_chance()) {
      for (const auto& [a, prob] : p.s.chance_outcomes()) EXPECT_NE(a.from(), pr);
      p.s.apply(p.s.chance_outcomes().front().first);
      ++drawn;
    }
    for (const char* flag : {"l5", "l6"})
      if (p.at(flag) >= 0) p.s.move_unit_to(p.at(flag), Where::kBox);
  }
  EXPECT_EQ(drawn, 12);
  EXPECT_EQ(p.where(pr), Where::kCaptured);
}

TEST(WaterlooRules, W_10_1_TerrainTilesOfEachGame) {
  struct Expect {
    const char* name;
    TileKind kind;
    const char* squares[4];
  };
  const Expect standard[] = {{"hougoumont", TileKind::kBuilding, {"b5", "c5", "b6", "c6"}},
                             {"la-haye-sainte", TileKind::kBuilding, {"f5", "g5", "f6", "g6"}},
                             {"mont-saint-jean", TileKind::kHill, {"f8", "g8", "f9", "g9"}}};
  for (const char* spec : {"waterloo-standard", "waterloo-expert"}) {
    Position p(spec);
    for (const Expect& e : standard) {
      Bitboard want = 0;
      for (const char* sq : e.squares) want |= square_bb(p.sq(sq));
      const int tile = p.s.tile_at(p.sq(e.squares[0]));
      ASSERT_GE(tile, 0) << spec << " " << e.name;
      EXPECT_EQ(p.v->waterloo.tiles[tile].name, e.name);
      EXPECT_EQ(p.v->waterloo.tiles[tile].kind, e.kind);
      EXPECT_EQ(p.s.tile_squares(tile), want) << spec << " " << e.name;  // 2x2
    }
  }
  EXPECT_EQ(Position("waterloo-standard").v->waterloo.tiles.size(), 3u);
  EXPECT_EQ(Position("waterloo-expert").v->waterloo.tiles.size(), 4u);  // and Plancenoit
  EXPECT_TRUE(Position("waterloo-basic").v->waterloo.tiles.empty());    // no terrain
}

TEST(WaterlooRules, W_11_4_ExpertWinsByW13NotByRetreatCardsOrTheCommanderInChief) {
  auto v = load("waterloo-expert");
  WaterlooState s(v);
  ActionList list;
  Rng rng(3);
  while (s.phase() == Phase::kDraft || s.phase() == Phase::kSetup) {
    if (s.phase() == Phase::kSetup) {
      s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    } else {
      s.legal_actions(list);
      s.apply(list[0]);
    }
  }
  EXPECT_EQ(s.phase(), Phase::kAction);  // W-13.2: no line-of-retreat cards are drawn
  EXPECT_EQ(s.retreat_sector(kRed), -1);
  EXPECT_EQ(s.retreat_sector(kBlue), -1);
  // W-11.3 does not apply: Wellington lost costs two actions (W-13.1), the game goes on.
  Position p("waterloo-expert");
  p.allied(UC::kCommanderInChief, 0, "e6");
  p.allied(UC::kInfantry, 3, "l10");
  p.french(UC::kLightInfantry, 1, "e4");
  p.s.begin_turn(3, kBlue);
  p.s.apply(p.attack("e4", "e6", kNorth));
  EXPECT_FALSE(p.s.over());
  EXPECT_EQ(p.s.actions_per_turn(kRed), 1);
}

TEST(WaterlooRules, W_13_4_PlancenoitOnlyOnTheExpertBoard) {
  Position e("waterloo-expert");
  const int tile = e.s.tile_at(e.sq("k2"));
  ASSERT_GE(tile, 0);
  EXPECT_EQ(e.v->waterloo.tiles[tile].name, "plancenoit");
  EXPECT_EQ(e.v->waterloo.tiles[tile].kind, TileKind::kVillage);
  EXPECT_EQ(e.s.tile_at(e.sq("l3")), tile);
  const int inf = e.french(UC::kInfantry, 3, "l3");
  EXPECT_EQ(e.s.melee_strength(inf, false, -1), 4);  // W-10.7
  Position st("waterloo-standard");
  EXPECT_LT(st.s.tile_at(st.sq("k2")), 0);
  const int plain = st.french(UC::kInfantry, 3, "l3");
  EXPECT_EQ(st.s.melee_strength(plain, false, -1), 3);
}

TEST(WaterlooRules, W_13_6_ResultKindsAndScoring) {
  struct KindCase {
    int french_lost;
    ResultKind kind;
    double red_return;
  };
  for (const KindCase& c :
       {KindCase{2, ResultKind::kIndecisive, 0.0}, KindCase{5, ResultKind::kMinor, 1.0},
        KindCase{11, ResultKind::kMajor, 1.0}}) {
    Position p("waterloo-expert");
    p.allied(UC::kInfantry, 3, "a1");
    p.allied(UC::kLightCavalry, 2, "d8");
    p.french(UC::kInfantry, 3, "g1");  // something the cavalry could pursue
    p.s.set_captured_count(kBlue, c.french_lost);
    p.s.begin_turn(5, kRed);
    p.s.apply(p.move("d8", "d1"));  // the French retreat (W-13.2)
    ASSERT_TRUE(p.s.in_pursuit());
    p.s.apply(p.end_turn());  // the Allies will not pursue
    ASSERT_TRUE(p.s.over());
    EXPECT_EQ(p.s.result().kind, c.kind);
    EXPECT_EQ(p.s.returns(kRed), c.red_return);  // every victory is a win ...
    EXPECT_EQ(p.s.returns(kBlue), -c.red_return);
    if (c.kind == ResultKind::kIndecisive) {
      EXPECT_EQ(p.s.result().winner, Winner::kDraw);  // ... indecisive a draw
    }
  }
  Position d("waterloo-expert");
  d.french(UC::kCommanderInChief, 0, "h5");
  d.allied(UC::kLightInfantry, 1, "h7");
  d.s.begin_turn(4, kRed);
  d.s.apply(d.attack("h7", "h5", kSouth));
  ASSERT_TRUE(d.s.over());
  EXPECT_EQ(d.s.result().kind, ResultKind::kDecisive);
  EXPECT_EQ(d.s.returns(kRed), 1.0);
}

// W-12.7: Battle Lust is declared before the strengths are shown, so neither declaration
// may see them; the resolution shows both.
TEST(WaterlooRules, W_12_7_BattleLustDeclaredBeforeStrengthsAreShown) {
  Position p;
  p.s.set_hand(kBlue, CardKind::kBattleLust, 1);
  p.s.set_hand(kRed, CardKind::kBattleLust, 1);
  const int fr = p.french(UC::kInfantry, 3, "e4");
  const int al = p.allied(UC::kInfantry, 4, "e5");
  p.s.begin_turn(1, kBlue);
  WaterlooState before = p.s;
  p.s.apply(p.attack("e4", "e5", kNorth));
  ASSERT_EQ(p.s.phase(), Phase::kBattleLust);
  ASSERT_EQ(p.s.current_player(), kBlue);  // the attacker declares
  EXPECT_EQ(seen_strength(p, kBlue, "e5"), -1);
  EXPECT_EQ(seen_strength(p, kRed, "e4"), -1);
  EXPECT_TRUE(observe(before, p.attack("e4", "e5", kNorth), p.s, kBlue).shown.empty());
  p.s.apply(p.lust(true));
  ASSERT_EQ(p.s.phase(), Phase::kBattleLust);
  ASSERT_EQ(p.s.current_player(), kRed);  // then the defender
  EXPECT_EQ(seen_strength(p, kRed, "e4"), -1);
  EXPECT_EQ(seen_strength(p, kBlue, "e5"), -1);
  EXPECT_EQ(p.s.unit(fr).revealed, 0);
  EXPECT_EQ(p.s.unit(al).revealed, 0);
  before = p.s;
  p.s.apply(p.lust(false));  // 3 + 1 against 4: resolution, and the die
  ASSERT_EQ(p.s.phase(), Phase::kDie);
  EXPECT_EQ(seen_strength(p, kBlue, "e5"), 4);
  EXPECT_EQ(seen_strength(p, kRed, "e4"), 3);
  EXPECT_EQ(observe(before, p.lust(false), p.s, kBlue).shown.size(), 1u);  // the Allied piece
  EXPECT_EQ(observe(before, p.lust(false), p.s, kRed).shown.size(), 1u);   // the French piece
}

// Every rule id W-x.y of Part W of docs/rules.md appears in the name of some test (as W_x_y).
TEST(WaterlooRules, EveryRuleIdOfPartWHasATest) {
  std::ifstream in(std::string(STRATEGO_SOURCE_DIR) + "/docs/rules.md");
  ASSERT_TRUE(in) << STRATEGO_SOURCE_DIR << "/docs/rules.md not found";
  std::stringstream text;
  text << in.rdbuf();
  const std::string rules = text.str();
  const std::size_t part = rules.find("## Part W");
  ASSERT_NE(part, std::string::npos);
  const std::size_t end = rules.find("\n## ", part + 1);
  const std::string part_w =
      rules.substr(part, end == std::string::npos ? std::string::npos : end - part);
  std::set<std::string> names;
  const auto* unit = ::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit->total_test_suite_count(); ++i) {
    const auto* suite = unit->GetTestSuite(i);
    for (int j = 0; j < suite->total_test_count(); ++j) names.insert(suite->GetTestInfo(j)->name());
  }
  // Rule lines look like "- W-5.6 Follow-on attack ..."; a test names W-5.6 as W_5_6,
  // between underscores or at either end of its name.
  auto named = [&](const std::string& token) {
    for (const std::string& n : names) {
      const std::string padded = "_" + n + "_";
      if (padded.find("_" + token + "_") != std::string::npos) return true;
    }
    return false;
  };
  int ids = 0;
  std::istringstream lines(part_w);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("- W-", 0) != 0) continue;
    const std::string id = line.substr(2, line.find(' ', 2) - 2);  // "W-5.6"
    std::string token = id;
    for (char& c : token)
      if (c == '-' || c == '.') c = '_';
    ++ids;
    EXPECT_TRUE(named(token)) << id << " has no test named after it";
  }
  EXPECT_GT(ids, 60);
}

}  // namespace
}  // namespace stratego::waterloo::testing
