// Rule tests for Part C of docs/rules.md (the classic family), first half: board, armies, set-up,
// moving and attacking (C-1 to C-5); C-6 to C-8 are in rules_classic_play_test.cpp, the
// options (V-*) in rules_options_test.cpp. One test per rule id, each on a small position
// that exercises exactly that rule.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>

#include "engine/error.h"
#include "engine/setup.h"
#include "support/position_builder.h"

namespace stratego {
namespace {

using namespace stratego::test_support;

// The variant's army in kind order on the lowest squares of `where` (the owner's back rows
// first for Red, front row first for Blue). Qualified: inside a TEST, plain `Setup` names
// GoogleTest's misspelling trap.
stratego::Setup army_on(const Variant& v, Side side, Bitboard where) {
  Setup setup{side, {}};
  for (Kind k : kAllKinds)
    for (int i = 0; i < v.army[k]; ++i) setup.pieces.push_back({pop_lsb(where), k});
  return setup;
}

TEST(Rules, C_1_1_TenByTenBoardWithTwoLakes) {
  const State s =
      position("classic", {{"e5", kRed, kScout}, {"b5", kRed, kSergeant}, {"j10", kBlue, kFlag}});
  const Geometry& g = s.geometry();
  EXPECT_EQ(g.width(), 10);
  EXPECT_EQ(g.height(), 10);
  EXPECT_EQ(popcount(g.playable()), 92);
  EXPECT_TRUE(g.blocked() == squares_named(s, {"c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"}));
  EXPECT_TRUE(g.parse_square("j10").has_value());
  EXPECT_FALSE(g.parse_square("k1").has_value());
  EXPECT_FALSE(g.parse_square("a11").has_value());
  // Next to a lake: no step into it.
  EXPECT_EQ(destinations(s, "b5"), (std::set<std::string>{"a5", "b4", "b6"}));
  // A Scout between the lakes: lanes stop at the lake edge, nothing crosses or jumps one.
  EXPECT_EQ(destinations(s, "e5"),
            (std::set<std::string>{"e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "e10", "f5"}));
}

TEST(Rules, C_1_2_SetUpRowsAndRedMovesFirst) {
  const Variant v = load_variant("classic");
  const Geometry& g = v.geometry;
  Bitboard red = 0, blue = 0;
  for (int r = 0; r < 4; ++r) red |= g.row_bb(r);
  for (int r = 6; r < 10; ++r) blue |= g.row_bb(r);
  EXPECT_TRUE(v.setup_zone(kRed) == red);
  EXPECT_TRUE(v.setup_zone(kBlue) == blue);
  EXPECT_EQ(popcount(v.setup_zone(kRed)), 40);
  EXPECT_EQ(popcount(v.setup_zone(kBlue)), 40);
  EXPECT_TRUE(((v.setup_zone(kRed) | v.setup_zone(kBlue)) & (g.row_bb(4) | g.row_bb(5))) == 0);
  const auto shared = variant_of("classic");
  const State start = initial_state(shared, army_on(*shared, kRed, v.setup_zone(kRed)),
                                    army_on(*shared, kBlue, v.setup_zone(kBlue)));
  EXPECT_EQ(start.side_to_move(), kRed);
  EXPECT_TRUE((start.occupied() & (g.row_bb(4) | g.row_bb(5))) == 0);
}

TEST(Rules, C_2_ArmiesOfEveryVariant) {
  // Order: flag spy scout miner sergeant lieutenant captain major colonel general marshal bomb.
  struct Row {
    const char* spec;
    std::array<int, kNumKinds> army;
    int total;
  };
  const Row table[] = {
      {"classic", {1, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6}, 40},
      {"barrage", {1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1}, 8},
      {"duel", {1, 1, 2, 2, 0, 0, 0, 0, 0, 1, 1, 2}, 10},
      {"ultimate-lightning", {1, 1, 4, 2, 2, 2, 2, 1, 1, 1, 1, 2}, 20},
      {"clone-wars", {1, 1, 4, 5, 2, 2, 2, 3, 2, 1, 1, 6}, 30},
  };
  for (const Row& row : table) {
    SCOPED_TRACE(row.spec);
    const Variant v = load_variant(row.spec);
    for (Kind k : kAllKinds) EXPECT_EQ(v.army[k], row.army[k]) << kind_name(k);
    EXPECT_EQ(v.army_size(), row.total);
  }
}

TEST(Rules, C_3_1_OriginalArmyFillsItsFortySquares) {
  const Variant v = load_variant("classic");
  EXPECT_TRUE(v.setup_fill);
  EXPECT_EQ(v.army_size(), 40);
  const stratego::Setup full = army_on(v, kRed, v.setup_zone(kRed));
  EXPECT_NO_THROW(validate_setup(v, full));
  stratego::Setup short_one = full;  // one square left empty
  short_one.pieces.pop_back();
  EXPECT_THROW(validate_setup(v, short_one), InputError);
  stratego::Setup forward = full;  // a piece in row 5 instead of its own rows
  forward.pieces.back().first = square_of(position("classic", {}), "a5");
  EXPECT_THROW(validate_setup(v, forward), InputError);
  // An Original army that would leave squares empty is refused as data too.
  EXPECT_THROW(load_variant("classic+army=flag:1 marshal:1 scout:8"), InputError);
}

TEST(Rules, C_3_2_FastVariantsUseAnyOfTheFortySquares) {
  for (const char* spec : {"barrage", "duel", "ultimate-lightning", "clone-wars"}) {
    SCOPED_TRACE(spec);
    const Variant v = load_variant(spec);
    EXPECT_FALSE(v.setup_fill);
    EXPECT_LT(v.army_size(), 40);
    // Blue's army packed against its front row leaves its back row empty: allowed.
    const stratego::Setup front = army_on(v, kBlue, v.setup_zone(kBlue));
    EXPECT_NO_THROW(validate_setup(v, front));
    EXPECT_EQ(v.geometry.row(front.pieces.back().first), 6 + (v.army_size() - 1) / 10);
    stratego::Setup outside = front;  // but never outside the four rows
    outside.pieces.back().first = v.geometry.square(0, 5);
    EXPECT_THROW(validate_setup(v, outside), InputError);
  }
}

TEST(Rules, C_3_3_SetUpsAreSecret) {
  const auto v = variant_of("classic");
  State s = initial_state(v, army_on(*v, kRed, v->setup_zone(kRed)),
                          army_on(*v, kBlue, v->setup_zone(kBlue)));
  EXPECT_EQ(popcount(s.occupied()), 80);
  EXPECT_TRUE(s.revealed_bb() == 0);
  EXPECT_TRUE(s.moved_bb() == 0);
  // Front-row pieces step forward: they are now known to have moved, but their ranks and
  // every unmoved piece stay secret.
  const int red_front = lsb(v->setup_zone(kRed) & s.geometry().row_bb(3) & ~s.kind_bb(kRed, kBomb) &
                            ~s.kind_bb(kRed, kFlag));
  const int blue_front = lsb(v->setup_zone(kBlue) & s.geometry().row_bb(6) &
                             ~s.kind_bb(kBlue, kBomb) & ~s.kind_bb(kBlue, kFlag));
  play(s, Move::normal(red_front, red_front + 10));
  play(s, Move::normal(blue_front, blue_front - 10));
  EXPECT_TRUE(s.revealed_bb() == 0);
  EXPECT_TRUE(s.moved_bb() == (square_bb(red_front + 10) | square_bb(blue_front - 10)));
}

TEST(Rules, C_4_1_OneMoveOrAttackPerTurnNoPassing) {
  State s = position("classic", {{"e2", kRed, kSergeant},
                                 {"e3", kBlue, kScout},
                                 {"a1", kRed, kFlag},
                                 {"j10", kBlue, kFlag},
                                 {"j7", kBlue, kSergeant}});
  // Only moves of the one movable piece; no pass, no null move.
  EXPECT_EQ(legal_moves(s), (std::set<std::string>{"e2-e1", "e2-d2", "e2-f2", "e2-e3"}));
  MoveList list;
  generate_moves(s, list);
  for (Move m : list) EXPECT_NE(m.from(), m.to());
  EXPECT_FALSE(is_legal(s, Move()));
  play(s, "e2-e3");  // the attack is the whole turn
  EXPECT_EQ(s.side_to_move(), kBlue);
  EXPECT_EQ(s.moves_played(), 1);
  EXPECT_EQ(legal_moves(s), (std::set<std::string>{"j7-j6", "j7-i7", "j7-j8"}));
}

TEST(Rules, C_4_2_OneSquareOrthogonallyNeverOntoOwnNorOver) {
  const State s = position("classic", {{"e3", kRed, kMajor},
                                       {"e4", kRed, kSergeant},
                                       {"f3", kBlue, kMiner},
                                       {"a1", kRed, kMiner},
                                       {"j10", kBlue, kFlag}});
  // Not e4 (own), not e5 (over e4), not diagonal; f3 is an attack.
  EXPECT_EQ(destinations(s, "e3"), (std::set<std::string>{"d3", "e2", "f3"}));
  EXPECT_EQ(destinations(s, "a1"), (std::set<std::string>{"a2", "b1"}));
}

TEST(Rules, C_4_3_BombsAndFlagNeverMove) {
  const State s = position("classic", {{"e3", kRed, kBomb},
                                       {"e1", kRed, kFlag},
                                       {"a1", kRed, kSergeant},
                                       {"j10", kBlue, kFlag},
                                       {"e4", kBlue, kSergeant}});
  EXPECT_EQ(legal_moves(s), (std::set<std::string>{"a1-a2", "a1-b1"}));
}

TEST(Rules, C_4_4_ScoutSlidesAndAttacksAtLaneEnd) {
  State s = position("classic", {{"b2", kRed, kScout},
                                 {"e2", kRed, kSergeant},
                                 {"b7", kBlue, kSpy},
                                 {"b9", kBlue, kSergeant},
                                 {"j10", kBlue, kFlag}});
  // North through empty squares up to the Spy and no further; east up to the own piece.
  EXPECT_EQ(destinations(s, "b2"),
            (std::set<std::string>{"b3", "b4", "b5", "b6", "b7", "c2", "d2", "b1", "a2"}));
  play(s, "b2-b7");
  EXPECT_EQ(at(s, "b7"), piece(kRed, kScout));
  EXPECT_EQ(at(s, "b2"), kNoPiece);
  EXPECT_EQ(s.captured(kBlue, kSpy), 1);
}

TEST(Rules, C_4_5_UltimateLightningCaptainMovesUpToTwoSquares) {
  const std::initializer_list<Placed> pieces = {
      {"e3", kRed, kCaptain},   {"d3", kRed, kSergeant}, {"f3", kBlue, kLieutenant},
      {"e5", kBlue, kSergeant}, {"a1", kRed, kFlag},     {"j10", kBlue, kFlag}};
  State s = position("ultimate-lightning", pieces);
  // Two steps with a turn, through an empty first square only (not c3 over d3, not g3 over
  // f3), and an attack at either step.
  EXPECT_EQ(destinations(s, "e3"),
            (std::set<std::string>{"e4", "e2", "f3", "e5", "d4", "f4", "e1", "d2", "f2"}));
  // Outside Ultimate Lightning the Captain is an ordinary piece.
  EXPECT_EQ(destinations(position("classic", pieces), "e3"),
            (std::set<std::string>{"e4", "e2", "f3"}));
  {
    State l = s;
    play(l, "e3-d4");  // L-shaped: only a Captain can do it
    EXPECT_TRUE(revealed(l, "d4"));
    State straight = s;
    play(straight, "e3-e1");  // two squares straight: a Scout could do it too
    EXPECT_FALSE(revealed(straight, "e1"));
    EXPECT_TRUE(moved(straight, "e1"));
  }
  play(s, "e3-e5");  // attack at the second step ends the turn
  EXPECT_EQ(at(s, "e5"), piece(kRed, kCaptain));
  EXPECT_EQ(s.captured(kBlue, kSergeant), 1);
  EXPECT_EQ(s.side_to_move(), kBlue);
}

TEST(Rules, C_5_1_AttackIsOptionalAndShowsBothRanks) {
  State s = position("classic", {{"e4", kRed, kMajor},
                                 {"e5", kBlue, kColonel},
                                 {"f5", kRed, kLieutenant},
                                 {"a1", kRed, kFlag},
                                 {"j10", kBlue, kFlag}});
  EXPECT_EQ(destinations(s, "e4"), (std::set<std::string>{"e5", "d4", "f4", "e3"}));
  play(s, "e4-e5");  // the defender wins and is shown; the attacker's rank is in the pile
  EXPECT_EQ(at(s, "e5"), piece(kBlue, kColonel));
  EXPECT_TRUE(revealed(s, "e5"));
  EXPECT_EQ(s.captured(kRed, kMajor), 1);
  play(s, "e5-f5");  // the attacker wins and is still shown
  EXPECT_EQ(at(s, "f5"), piece(kBlue, kColonel));
  EXPECT_TRUE(revealed(s, "f5"));
  EXPECT_EQ(s.captured(kRed, kLieutenant), 1);
  // An attacker that wins on its first combat is shown by it.
  const State t = after_attack("classic", kGeneral, kColonel);
  EXPECT_TRUE(revealed(t, "e5"));
  EXPECT_EQ(t.captured(kBlue, kColonel), 1);
}

TEST(Rules, C_5_2_HigherRankWinsEqualRanksBothGo) {
  {
    const State s = after_attack("classic", kGeneral, kColonel);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kGeneral));
    EXPECT_EQ(at(s, "e4"), kNoPiece);
    EXPECT_EQ(s.captured(kBlue, kColonel), 1);
    EXPECT_EQ(s.captured(kRed, kGeneral), 0);
  }
  {
    const State s = after_attack("classic", kSergeant, kLieutenant);
    EXPECT_EQ(at(s, "e5"), piece(kBlue, kLieutenant));
    EXPECT_EQ(at(s, "e4"), kNoPiece);
    EXPECT_EQ(s.captured(kRed, kSergeant), 1);
    EXPECT_EQ(s.captured(kBlue, kLieutenant), 0);
  }
  {
    const State s = after_attack("classic", kCaptain, kCaptain);
    EXPECT_EQ(at(s, "e5"), kNoPiece);
    EXPECT_EQ(at(s, "e4"), kNoPiece);
    EXPECT_EQ(s.captured(kRed, kCaptain), 1);
    EXPECT_EQ(s.captured(kBlue, kCaptain), 1);
  }
}

TEST(Rules, C_5_3_SpyBeatsMarshalOnlyWhenAttacking) {
  {
    const State s = after_attack("classic", kSpy, kMarshal);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kSpy));
    EXPECT_EQ(s.captured(kBlue, kMarshal), 1);
  }
  {
    const State s = after_attack("classic", kMarshal, kSpy);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kMarshal));
    EXPECT_EQ(s.captured(kBlue, kSpy), 1);
  }
  {
    const State s = after_attack("classic", kScout, kSpy);
    EXPECT_EQ(at(s, "e5"), piece(kRed, kScout));
    EXPECT_EQ(s.captured(kBlue, kSpy), 1);
  }
  {
    const State s = after_attack("classic", kSpy, kGeneral);
    EXPECT_EQ(at(s, "e5"), piece(kBlue, kGeneral));
    EXPECT_EQ(s.captured(kRed, kSpy), 1);
  }
  {  // Spy against Spy is a tie of equal ranks (C-5.2): both go.
    const State s = after_attack("classic", kSpy, kSpy);
    EXPECT_EQ(at(s, "e5"), kNoPiece);
    EXPECT_EQ(s.captured(kRed, kSpy), 1);
    EXPECT_EQ(s.captured(kBlue, kSpy), 1);
  }
}

TEST(Rules, C_5_4_BombKillsEveryAttackerButTheMiner) {
  for (Kind attacker : {kMarshal, kSpy, kScout, kSergeant}) {
    SCOPED_TRACE(std::string(kind_name(attacker)));
    const State s = after_attack("classic", attacker, kBomb);
    EXPECT_EQ(at(s, "e5"), piece(kBlue, kBomb));
    EXPECT_EQ(at(s, "e4"), kNoPiece);
    EXPECT_TRUE(revealed(s, "e5"));
    EXPECT_EQ(s.captured(kRed, attacker), 1);
    EXPECT_EQ(s.captured(kBlue, kBomb), 0);
  }
  const State s = after_attack("classic", kMiner, kBomb);
  EXPECT_EQ(at(s, "e5"), piece(kRed, kMiner));
  EXPECT_EQ(s.captured(kBlue, kBomb), 1);
  EXPECT_EQ(s.captured(kRed, kMiner), 0);
}

TEST(Rules, C_5_5_WhoeverAttacksTheFlagCapturesIt) {
  // Even the weakest piece, the Spy, takes the Flag.
  State s = position(
      "classic",
      {{"e4", kRed, kSpy}, {"e5", kBlue, kFlag}, {"a1", kRed, kFlag}, {"j8", kBlue, kMarshal}});
  play(s, "e4-e5");
  EXPECT_EQ(at(s, "e5"), piece(kRed, kSpy));
  EXPECT_EQ(s.captured(kBlue, kFlag), 1);
  EXPECT_EQ(s.result(), (Result{Winner::kRed, EndReason::kFlagCaptured}));
}

TEST(Rules, C_5_6_CapturedPiecesArePublic) {
  State s = position("classic", {{"e4", kRed, kCaptain},
                                 {"e5", kBlue, kLieutenant},
                                 {"e6", kBlue, kMajor},
                                 {"a2", kRed, kMiner},
                                 {"a3", kBlue, kBomb},
                                 {"a1", kRed, kFlag},
                                 {"j10", kBlue, kFlag}});
  play(s, {"e4-e5", "e6-e5", "a2-a3"});
  for (Side side : {kRed, kBlue})
    for (Kind k : kAllKinds) {
      const int expected =
          (side == kBlue && (k == kLieutenant || k == kBomb)) || (side == kRed && k == kCaptain);
      EXPECT_EQ(s.captured(side, k), expected) << side_name(side) << " " << kind_name(k);
      EXPECT_EQ(s.captured_silent(side, k), 0) << side_name(side) << " " << kind_name(k);
    }
}

}  // namespace
}  // namespace stratego
