// Rule tests for the Clone Wars special-powers game (docs/rules.md CW-2a, CW-3, CW-4, CW-5), each
// on a small position of `clone-wars-powers` built for it. Plain Clone Wars (CW-1, CW-2) is in
// rules_options_test.cpp; the text formats of the powers in formats_powers_test.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/setup.h"
#include "engine/view.h"
#include "support/position_builder.h"

namespace stratego {
namespace {

using namespace stratego::test_support;

constexpr std::string_view kSpec = "clone-wars-powers";

// The pieces given, plus a Flag and a Scout per side in the far corners so that the game goes
// on after any combat and only the rule under test acts.
State powers_position(std::vector<Placed> pieces, std::string_view spec = kSpec) {
  pieces.push_back({"a1", kRed, kFlag});
  pieces.push_back({"a2", kRed, kScout});
  pieces.push_back({"j10", kBlue, kFlag});
  pieces.push_back({"j9", kBlue, kScout});
  State s(variant_of(spec));
  for (const Placed& p : pieces) s.put(square_of(s, p.square), p.side, p.kind, p.flags);
  return s;
}

// The rank the Anger piece on the side to move fights with now (CW-3).
int anger_rank(const State& s) {
  return rank_of(kAngerCaptain) + anger_bonus(kAngerCaptain, s.anger_wins());
}

// make() then unmake() of m gives back the same state (the conformance suite does this for
// random games; here for each step of a chain).
void expect_exact_undo(State s, std::string_view move) {
  const State before = s;
  play(s, move);
  s.unmake();
  EXPECT_TRUE(s == before) << move;
}

TEST(Rules, CW_2a_PoweredPiecesAreDistinctIdentities) {
  const Variant v = load_variant(kSpec);
  const Variant plain = load_variant("clone-wars");
  EXPECT_EQ(v.army_size(), 30);
  EXPECT_EQ(v.army[kAngerCaptain], 1);  // one of the two rank-6 pieces
  EXPECT_EQ(v.army[kCaptain], 1);
  EXPECT_EQ(v.army[kRangedMajor], 1);  // one of the three rank-7 pieces
  EXPECT_EQ(v.army[kMajor], 2);
  EXPECT_EQ(plain.army[kAngerCaptain] + plain.army[kRangedMajor], 0);
  EXPECT_EQ(kind_from_name("anger-captain"), kAngerCaptain);
  EXPECT_EQ(kind_letter(kRangedMajor), 'O');

  // Set-ups name them with letters of their own, N and O, and count them apart.
  std::string line = "MBBBBBBLKJJIIOHNGGFFEEEEEDDDDC" + std::string(10, 'A');
  const stratego::Setup red = parse_setup(v, kRed, line);
  EXPECT_EQ(format_setup(v, red), line);
  int anger = 0, ranged = 0;
  for (const auto& [sq, k] : red.pieces) {
    anger += k == kAngerCaptain;
    ranged += k == kRangedMajor;
  }
  EXPECT_EQ(anger, 1);
  EXPECT_EQ(ranged, 1);
  std::string plain_captain = line;
  plain_captain[line.find('N')] = 'H';  // two ordinary Captains, no Anger Captain
  EXPECT_THROW(parse_setup(v, kRed, plain_captain), InputError);
  EXPECT_THROW(parse_setup(plain, kRed, line), InputError);  // plain Clone Wars has no N or O

  // In combat they are rank 6 and 7.
  EXPECT_EQ(at(after_attack(kSpec, kAngerCaptain, kCaptain), "e5"), kNoPiece);  // a tie
  EXPECT_EQ(at(after_attack(kSpec, kRangedMajor, kMajor), "e5"), kNoPiece);
  EXPECT_EQ(at(after_attack(kSpec, kLieutenant, kAngerCaptain), "e5"), piece(kBlue, kAngerCaptain));
  EXPECT_EQ(at(after_attack(kSpec, kRangedMajor, kCaptain), "e5"), piece(kRed, kRangedMajor));
  // A combat shows the identity, not just the rank: Blue's view names the Anger Captain.
  const State s = after_attack(kSpec, kAngerCaptain, kSergeant);
  EXPECT_EQ(make_view(s, kBlue).board[square_of(s, "e5")].piece, piece(kRed, kAngerCaptain));
}

TEST(Rules, CW_3_AngerChainsFourWonAttacksWithRisingRankCappedAtNine) {
  State s = powers_position({{"e2", kRed, kAngerCaptain},
                             {"e3", kBlue, kLieutenant},
                             {"e4", kBlue, kCaptain},
                             {"f4", kBlue, kMajor},
                             {"f5", kBlue, kColonel},
                             {"f6", kBlue, kSergeant}});
  expect_exact_undo(s, "e2-e3");
  play(s, "e2-e3");  // rank 6 beats 5: the chain begins
  ASSERT_TRUE(s.pending_anger());
  EXPECT_EQ(s.side_to_move(), kRed);  // the same player decides next
  EXPECT_EQ(s.anger_square(), square_of(s, "e3"));
  EXPECT_EQ(anger_rank(s), 7);
  EXPECT_EQ(legal_moves(s), (std::set<std::string>{"A:e3-e4", "A:-"}));
  expect_exact_undo(s, "A:e3-e4");
  play(s, "A:e3-e4");  // rank 7 beats the Captain (6), which rank 6 would only have tied
  EXPECT_EQ(anger_rank(s), 8);
  EXPECT_EQ(legal_moves(s), (std::set<std::string>{"A:e4-f4", "A:-"}));
  play(s, "A:e4-f4");  // rank 8 beats the Major (7)
  EXPECT_EQ(anger_rank(s), 9);
  expect_exact_undo(s, "A:f4-f5");
  play(s, "A:f4-f5");  // rank 9 beats the Colonel (8): the fourth attack
  EXPECT_EQ(at(s, "f5"), piece(kRed, kAngerCaptain));
  // Four attacks are the most: the Sergeant next to it on f6 is safe, Blue moves.
  EXPECT_FALSE(s.pending_anger());
  EXPECT_EQ(s.side_to_move(), kBlue);
  EXPECT_EQ(s.moves_played(), 1);  // one turn, one move (C-7.4), four decisions
  EXPECT_EQ(s.captured(kBlue, kLieutenant) + s.captured(kBlue, kCaptain) +
                s.captured(kBlue, kMajor) + s.captured(kBlue, kColonel),
            4);
  // The +1 per won attack never goes past 9: after four wins it is still 9, not 10.
  EXPECT_EQ(rank_of(kAngerCaptain) + anger_bonus(kAngerCaptain, 4), 9);
  EXPECT_EQ(rank_of(kAngerCaptain) + anger_bonus(kAngerCaptain, 3), 9);
}

TEST(Rules, CW_3_AngerFourthAttackFightsAtNineNotTen) {
  // Three wins make rank 9: the General (9) ties, the Marshal (10) wins.
  for (const Kind fourth : {kGeneral, kMarshal}) {
    State s = powers_position({{"e2", kRed, kAngerCaptain},
                               {"e3", kBlue, kSpy},
                               {"e4", kBlue, kScout},
                               {"e5", kBlue, kMiner},
                               {"e6", kBlue, fourth}});
    play(s, {"e2-e3", "A:e3-e4", "A:e4-e5"});
    EXPECT_EQ(anger_rank(s), 9);
    play(s, "A:e5-e6");
    EXPECT_EQ(at(s, "e5"), kNoPiece);
    EXPECT_EQ(at(s, "e6"), fourth == kGeneral ? kNoPiece : piece(kBlue, kMarshal));
    EXPECT_EQ(s.captured(kRed, kAngerCaptain), 1);
  }
}

TEST(Rules, CW_3_AngerMayStopAndTheBonusEndsWithTheTurn) {
  State s = powers_position({{"e2", kRed, kAngerCaptain},
                             {"e3", kBlue, kSergeant},
                             {"e4", kBlue, kMiner},
                             {"f4", kBlue, kCaptain},
                             {"h2", kRed, kMajor}});
  play(s, {"e2-e3", "A:e3-e4"});  // two wins: rank 8
  EXPECT_EQ(anger_rank(s), 8);
  expect_exact_undo(s, "A:-");
  play(s, "A:-");  // "may (not must)": it stops next to the Captain on f4
  EXPECT_FALSE(s.pending_anger());
  EXPECT_EQ(s.side_to_move(), kBlue);
  EXPECT_EQ(at(s, "e4"), piece(kRed, kAngerCaptain));
  EXPECT_EQ(at(s, "f4"), piece(kBlue, kCaptain));
  play(s, "j9-j8");
  // Next turn it is rank 6 again: against the Captain that is a tie, not a win at rank 8.
  play(s, "e4-f4");
  EXPECT_EQ(at(s, "f4"), kNoPiece);
  EXPECT_EQ(s.captured(kRed, kAngerCaptain), 1);
  EXPECT_EQ(s.captured(kBlue, kCaptain), 1);
  EXPECT_EQ(s.side_to_move(), kBlue);
}

TEST(Rules, CW_3_LosingOrTyingEndsTheChain) {
  // A loss: rank 7 against the Colonel. The Colonel stays, Blue moves.
  State lost = powers_position({{"e2", kRed, kAngerCaptain},
                                {"e3", kBlue, kScout},
                                {"e4", kBlue, kColonel},
                                {"d3", kBlue, kSpy}});
  play(lost, {"e2-e3"});
  EXPECT_EQ(legal_moves(lost), (std::set<std::string>{"A:e3-e4", "A:e3-d3", "A:-"}));
  expect_exact_undo(lost, "A:e3-e4");
  play(lost, "A:e3-e4");
  EXPECT_EQ(at(lost, "e3"), kNoPiece);
  EXPECT_EQ(at(lost, "e4"), piece(kBlue, kColonel));
  EXPECT_TRUE(revealed(lost, "e4"));
  EXPECT_FALSE(lost.pending_anger());
  EXPECT_EQ(lost.side_to_move(), kBlue);
  EXPECT_EQ(at(lost, "d3"), piece(kBlue, kSpy));  // never attacked
  // A tie: rank 7 against a Major: both go, Blue moves.
  State tie = powers_position({{"e2", kRed, kAngerCaptain},
                               {"e3", kBlue, kScout},
                               {"e4", kBlue, kMajor},
                               {"d3", kBlue, kSpy}});
  play(tie, {"e2-e3", "A:e3-e4"});
  EXPECT_EQ(at(tie, "e4"), kNoPiece);
  EXPECT_FALSE(tie.pending_anger());
  EXPECT_EQ(tie.side_to_move(), kBlue);
}

TEST(Rules, CW_3_OnlyTheAngerPieceChainsAndOnlyWithAnEnemyNextToIt) {
  // An ordinary Captain's won attack ends the turn, enemies next to it or not.
  State plain =
      powers_position({{"e2", kRed, kCaptain}, {"e3", kBlue, kScout}, {"e4", kBlue, kSpy}});
  play(plain, "e2-e3");
  EXPECT_FALSE(plain.pending_anger());
  EXPECT_EQ(plain.side_to_move(), kBlue);
  // The Anger piece with nothing left to attack: no decision is offered, the turn ends.
  State alone = powers_position({{"e2", kRed, kAngerCaptain}, {"e3", kBlue, kScout}});
  play(alone, "e2-e3");
  EXPECT_FALSE(alone.pending_anger());
  EXPECT_EQ(alone.side_to_move(), kBlue);
  // A move onto an empty square begins no chain; A: moves exist only during a chain.
  State quiet = powers_position({{"e2", kRed, kAngerCaptain}, {"e4", kBlue, kScout}});
  EXPECT_FALSE(legal(quiet, "A:-"));
  play(quiet, "e2-e3");
  EXPECT_FALSE(quiet.pending_anger());
  EXPECT_EQ(quiet.side_to_move(), kBlue);
}

TEST(Rules, CW_3_ChainCanTakeTheFlagAndRescueWaitsForItsEnd) {
  State flag = powers_position({{"i8", kRed, kAngerCaptain}, {"i9", kBlue, kSergeant}});
  play(flag, {"i8-i9", "A:i9-j9", "A:j9-j10"});  // Sergeant, Scout, then the Flag
  EXPECT_EQ(flag.result(), (Result{Winner::kRed, EndReason::kFlagCaptured}));
  // With V-5 the rescue comes when the chain ends on the enemy back row, not in between.
  State rescue = powers_position({{"e8", kRed, kAngerCaptain},
                                  {"e9", kBlue, kScout},
                                  {"e10", kBlue, kSergeant},
                                  {"d10", kBlue, kMiner}},
                                 "clone-wars-powers+rescue");
  rescue.set_captured(kRed, kMiner, 1, 0);
  play(rescue, {"e8-e9", "A:e9-e10"});  // on the back row, but the Miner on d10 is next to it
  EXPECT_TRUE(rescue.pending_anger());
  EXPECT_FALSE(rescue.pending_rescue());
  expect_exact_undo(rescue, "A:-");
  play(rescue, "A:-");
  EXPECT_TRUE(rescue.pending_rescue());
  EXPECT_EQ(rescue.rescuer_square(), square_of(rescue, "e10"));
  EXPECT_EQ(rescue.side_to_move(), kRed);
}

TEST(Rules, CW_4_RangedAttackTwoSquaresAwayOverAnEmptySquare) {
  State s = powers_position({{"e4", kRed, kRangedMajor},
                             {"e6", kBlue, kLieutenant},
                             {"e1", kBlue, kMiner},       // three squares away: out of reach
                             {"f5", kBlue, kSergeant}});  // diagonal: never
  std::set<std::string> ranged;
  for (const std::string& m : legal_moves(s))
    if (m.starts_with("F:")) ranged.insert(m);
  EXPECT_EQ(ranged, (std::set<std::string>{"F:e4-e6"}));
  // Instead of moving: the Major still steps one square like any Major.
  EXPECT_EQ(destinations(s, "e4"), (std::set<std::string>{"d4", "e3", "e5", "f4"}));
  expect_exact_undo(s, "F:e4-e6");
  play(s, "F:e4-e6");
  EXPECT_EQ(at(s, "e6"), kNoPiece);                   // the lower target is removed
  EXPECT_EQ(at(s, "e4"), piece(kRed, kRangedMajor));  // the attacker never moves
  EXPECT_TRUE(revealed(s, "e4"));                     // it reveals itself
  EXPECT_FALSE(moved(s, "e4"));
  EXPECT_EQ(s.captured(kBlue, kLieutenant), 1);
  EXPECT_EQ(s.side_to_move(), kBlue);
  EXPECT_EQ(s.moves_played(), 1);
  EXPECT_EQ(make_view(s, kBlue).board[square_of(s, "e4")].piece, piece(kRed, kRangedMajor));
}

TEST(Rules, CW_4_RangedAttackIsBlockedByAPieceOrALake) {
  // A piece of either side between blocks the line; the piece next to it can be fired at.
  State s = powers_position({{"e4", kRed, kRangedMajor},
                             {"e5", kRed, kSergeant},
                             {"e6", kBlue, kLieutenant},
                             {"f4", kBlue, kMiner},
                             {"g4", kBlue, kSpy}});
  EXPECT_FALSE(legal(s, "F:e4-e6"));
  EXPECT_FALSE(legal(s, "F:e4-g4"));
  EXPECT_TRUE(legal(s, "F:e4-f4"));
  // A lake between: a board whose only lake is e5 (the classic lakes are 2x2, so a line of
  // two squares never has a lake in the middle and a free square beyond it).
  State lake = powers_position({{"e4", kRed, kRangedMajor}, {"e6", kBlue, kLieutenant}},
                               "clone-wars-powers+lakes=e5");
  EXPECT_FALSE(legal(lake, "F:e4-e6"));
  State open = powers_position({{"e4", kRed, kRangedMajor}, {"e6", kBlue, kLieutenant}},
                               "clone-wars-powers+lakes=d5");
  EXPECT_TRUE(legal(open, "F:e4-e6"));
}

TEST(Rules, CW_4_OneSquareRangedAttackDiffersFromAnAttackByMoving) {
  State s = powers_position({{"e4", kRed, kRangedMajor}, {"e5", kBlue, kScout}});
  EXPECT_TRUE(legal(s, "e4-e5"));
  EXPECT_TRUE(legal(s, "F:e4-e5"));
  State moved_in = s;
  play(moved_in, "e4-e5");
  EXPECT_EQ(at(moved_in, "e5"), piece(kRed, kRangedMajor));
  EXPECT_EQ(at(moved_in, "e4"), kNoPiece);
  play(s, "F:e4-e5");
  EXPECT_EQ(at(s, "e5"), kNoPiece);
  EXPECT_EQ(at(s, "e4"), piece(kRed, kRangedMajor));
}

TEST(Rules, CW_4_RangedAttackResolvesAsC5WithoutMoving) {
  // A tie removes both.
  State tie = powers_position({{"e4", kRed, kRangedMajor}, {"e6", kBlue, kMajor}});
  expect_exact_undo(tie, "F:e4-e6");
  play(tie, "F:e4-e6");
  EXPECT_EQ(at(tie, "e4"), kNoPiece);
  EXPECT_EQ(at(tie, "e6"), kNoPiece);
  EXPECT_EQ(tie.captured(kRed, kRangedMajor), 1);
  EXPECT_EQ(tie.captured(kBlue, kMajor), 1);
  // A higher defender: the attacker is removed, the defender stays and is shown (C-5.1).
  State lost = powers_position({{"e4", kRed, kRangedMajor}, {"g4", kBlue, kColonel}});
  expect_exact_undo(lost, "F:e4-g4");
  play(lost, "F:e4-g4");
  EXPECT_EQ(at(lost, "e4"), kNoPiece);
  EXPECT_EQ(at(lost, "g4"), piece(kBlue, kColonel));
  EXPECT_TRUE(revealed(lost, "g4"));
  EXPECT_EQ(lost.captured(kRed, kRangedMajor), 1);
  // A Bomb is a Bomb (C-5.4): the Major goes; the Flag is captured and the game won (C-5.5).
  State bomb = powers_position({{"e4", kRed, kRangedMajor}, {"e2", kBlue, kBomb}});
  play(bomb, "F:e4-e2");
  EXPECT_EQ(at(bomb, "e4"), kNoPiece);
  EXPECT_EQ(at(bomb, "e2"), piece(kBlue, kBomb));
  State flag = powers_position({{"h10", kRed, kRangedMajor}});
  play(flag, "F:h10-j10");
  EXPECT_EQ(flag.result(), (Result{Winner::kRed, EndReason::kFlagCaptured}));
  EXPECT_EQ(at(flag, "h10"), piece(kRed, kRangedMajor));
}

TEST(Rules, CW_5_OtherPowersAreNotedAsNotImplemented) {
  for (const char* spec : {"clone-wars-powers", "clone-wars"}) {
    const Variant v = load_variant(spec);
    EXPECT_NE(v.notes.find("not in the rulebook text (CW-5)"), std::string::npos) << spec;
    EXPECT_NE(v.notes.find("not implemented"), std::string::npos) << spec;
  }
}

}  // namespace
}  // namespace stratego
