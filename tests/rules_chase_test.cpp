// Rule tests for the chasing rule as the international federation defines it (C-6.2) and the
// Strategus option (C-6.3), each on a small position built to exercise one definition. Every
// C-6.2 test here is one the earlier reading (a chase follows only the piece that evaded on the
// turn before; positions compared with the same player to move) would fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "eval/determinize.h"
#include "support/position_builder.h"

namespace stratego {
namespace {

using namespace stratego::test_support;

// The board (pieces only) that the move would leave.
std::uint64_t board_after(const State& s, std::string_view move) {
  State t = s;
  t.make(parse_move(t, move));
  return t.board_hash();
}

// Two pairs chase in turn: Red's Marshal (b1/b2) threatens Blue's Captain (a1/a2) and Red's
// General (i1/i2) threatens Blue's Lieutenant (j1/j2), each evading in turn. After eight plies
// the board is the start's again.
const std::initializer_list<Placed> kTwoPairs = {{"b2", kRed, kMarshal}, {"a1", kBlue, kCaptain},
                                                 {"i2", kRed, kGeneral}, {"j1", kBlue, kLieutenant},
                                                 {"e1", kRed, kFlag},    {"e10", kBlue, kFlag}};
const std::initializer_list<std::string_view> kTwoPairLap = {"b2-b1", "a1-a2", "i2-i1", "j1-j2",
                                                             "b1-b2", "a2-a1", "i1-i2", "j2-j1"};

TEST(Rules, C_6_2_ChaseOverTwoPiecesInTurn) {
  State s = position("classic", kTwoPairs);
  play(s, kTwoPairLap);
  // b2-b1 threatens the Captain, which evaded at ply 6, and gives the board after ply 1.
  EXPECT_EQ(board_after(s, "b2-b1"), s.history()[0].board_after);
  EXPECT_STREQ(repetition_violation(s, parse_move(s, "b2-b1")), "more-squares rule (C-6.2)");
  EXPECT_FALSE(legal(s, "b2-b1"));
  EXPECT_TRUE(legal(s, "b2-c2"));             // threatens nobody
  EXPECT_EQ(popcount(s.chase_evaders()), 2);  // both evaders are followed
  {
    SCOPED_TRACE("chase rule off");
    State off = position("classic+no-chase", kTwoPairs);
    play(off, kTwoPairLap);
    EXPECT_TRUE(legal(off, "b2-b1"));
  }
}

TEST(Rules, C_6_2_ChaseOverThreePiecesInTurn) {
  // A third pair: Red's Colonel (e1/e2) threatens Blue's Major (d1/d2). The Marshal's repeat
  // threatens the Captain, which last evaded five plies before (a chasing move threatens any
  // piece that evaded during the chase).
  State s = position("classic", {{"b2", kRed, kMarshal},
                                 {"a1", kBlue, kCaptain},
                                 {"i2", kRed, kGeneral},
                                 {"j1", kBlue, kLieutenant},
                                 {"e2", kRed, kColonel},
                                 {"d1", kBlue, kMajor},
                                 {"g1", kRed, kFlag},
                                 {"e10", kBlue, kFlag}});
  play(s, {"b2-b1", "a1-a2", "i2-i1", "j1-j2", "e2-e1", "d1-d2", "b1-b2", "a2-a1", "i1-i2", "j2-j1",
           "e1-e2", "d2-d1"});
  EXPECT_EQ(popcount(s.chase_evaders()), 3);
  EXPECT_EQ(board_after(s, "b2-b1"), s.history()[0].board_after);
  EXPECT_FALSE(legal(s, "b2-b1"));
  EXPECT_TRUE(legal(s, "b2-c2"));  // threatens nobody: no chasing move
}

TEST(Rules, C_6_2_RepeatedBoardWithTheOtherPlayerToMove) {
  // Red's Captain threatens Blue's Sergeant (j1 -> i1 evades); then Red's Scout (d2/b2) and
  // Major (b4/c4) chase Blue's Scout round b3-c3-d3, whose long move d3-b3 lets the board
  // after Blue's evasion i1 (Red to move) come back after Red's c4-b4 (Blue to move).
  State s = position("classic", {{"d2", kRed, kScout},
                                 {"b4", kRed, kMajor},
                                 {"j3", kRed, kCaptain},
                                 {"a1", kRed, kFlag},
                                 {"b3", kBlue, kScout},
                                 {"j1", kBlue, kSergeant},
                                 {"e10", kBlue, kFlag}});
  play(s, {"j3-j2", "j1-i1", "d2-b2", "b3-c3", "b4-c4", "c3-d3", "b2-d2", "d3-b3"});
  EXPECT_EQ(s.side_to_move(), kRed);
  EXPECT_EQ(board_after(s, "c4-b4"), s.history()[1].board_after);  // Red was to move there
  EXPECT_STREQ(repetition_violation(s, parse_move(s, "c4-b4")), "more-squares rule (C-6.2)");
  EXPECT_TRUE(legal(s, "c4-d4"));  // threatens nobody
}

TEST(Rules, C_6_2_ExceptionBackToTheSquareJustLeft) {
  State s = position(
      "classic",
      {{"c1", kRed, kMajor}, {"a1", kBlue, kCaptain}, {"j1", kRed, kFlag}, {"j10", kBlue, kFlag}});
  play(s, {"c1-b1", "a1-a2", "b1-b2", "a2-a1"});
  EXPECT_EQ(board_after(s, "b2-b1"), s.history()[0].board_after);  // a repeat of the chase
  EXPECT_EQ(repetition_violation(s, parse_move(s, "b2-b1")), nullptr);
  EXPECT_TRUE(legal(s, "b2-b1"));
  {
    SCOPED_TRACE("not when another piece moved on the chaser's last turn");
    // The two pairs: the Marshal's b2-b1 goes back to where it was two turns before, not on
    // the chaser's previous turn (the General moved then), so it is refused.
    State t = position("classic", kTwoPairs);
    play(t, kTwoPairLap);
    EXPECT_FALSE(legal(t, "b2-b1"));
  }
}

// Red's Major chases Blue's Captain round the 2x2 block a1 b1 b2 a2; after one lap the threat
// b2-a2 would bring back the board after Red's first threat. Each side also has a Sergeant
// far away (i1, i10) for moves that are neither threats nor evasions.
const std::initializer_list<Placed> kBlock = {{"a3", kRed, kMajor},    {"a1", kBlue, kCaptain},
                                              {"i1", kRed, kSergeant}, {"i10", kBlue, kSergeant},
                                              {"j1", kRed, kFlag},     {"j10", kBlue, kFlag}};
const std::initializer_list<std::string_view> kBlockLap = {"a3-a2", "a1-b1", "a2-a1", "b1-b2",
                                                           "a1-b1", "b2-a2", "b1-b2", "a2-a1"};

TEST(Rules, C_6_2_OneLapOfOnePieceRoundABlock) {
  State s = position("classic", kBlock);
  play(s, kBlockLap);
  EXPECT_EQ(board_after(s, "b2-a2"), s.history()[0].board_after);
  EXPECT_STREQ(repetition_violation(s, parse_move(s, "b2-a2")), "more-squares rule (C-6.2)");
  EXPECT_EQ(destinations(s, "b2"), (std::set<std::string>{"b1", "b3", "c2"}));
}

TEST(Rules, C_6_2_ChaseBrokenByANonEvadingReply) {
  // The lap, interrupted after Blue's evasion b1-b2 by the Sergeants stepping out and back.
  // The threat a1-b1 after that begins a new chase, so the board after the first threat of
  // the interrupted chase may come back.
  State s = position("classic", kBlock);
  play(s, {"a3-a2", "a1-b1", "a2-a1", "b1-b2"});
  play(s, {"i1-i2", "i10-i9"});  // neither a threat nor an evasion: the chase is over
  EXPECT_EQ(s.chase_evaders(), Bitboard{0});
  play(s, {"i2-i1", "i9-i10", "a1-b1", "b2-a2", "b1-b2", "a2-a1"});
  EXPECT_EQ(board_after(s, "b2-a2"), s.history()[0].board_after);  // before the break
  EXPECT_TRUE(legal(s, "b2-a2"));
}

TEST(Rules, C_6_2_ChaseBrokenByAnAttack) {
  // Mid-lap of the two pairs, the Lieutenant answers the General's threat by attacking it
  // (and losing): an attack is no evasion, so no chase is on for Red.
  State s = position("classic", kTwoPairs);
  play(s, {"b2-b1", "a1-a2", "i2-i1", "j1-i1"});
  EXPECT_EQ(s.captured(kBlue, kLieutenant), 1);
  EXPECT_EQ(s.chase_evaders(), Bitboard{0});
  // Red's attacking threat begins a chase but continues none: after the Captain evades it,
  // only the Captain is an evader.
  State t = position("classic", {{"b2", kRed, kMarshal},
                                 {"a1", kBlue, kCaptain},
                                 {"b1", kBlue, kScout},
                                 {"j1", kRed, kFlag},
                                 {"j10", kBlue, kFlag}});
  play(t, {"b2-b1", "a1-a2"});  // the Marshal takes the Scout and threatens the Captain
  EXPECT_EQ(t.chase_evaders(), square_bb(square_of(t, "a2")));
  EXPECT_EQ(t.history()[1].chase_begin, 0);
}

TEST(Rules, C_6_2_ExampleRecordEndsInAForbiddenChasingMove) {
  // docs/examples/isf-chase.rec, which `stratego check --record` refuses at its last move.
  const GameRecord r = read_record_file(STRATEGO_SOURCE_DIR "/docs/examples/isf-chase.rec");
  try {
    replay(r);
    ADD_FAILURE() << "the record replayed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("move 9 (b2-b1) is not legal: more-squares rule (C-6.2)"),
              std::string::npos)
        << e.what();
  }
  GameRecord shorter = r;
  shorter.moves.pop_back();
  EXPECT_NO_THROW(replay(shorter));
}

TEST(Rules, C_6_2_DeterminizedWorldsKeepTheChase) {
  // The bots search worlds built from Red's view and belief: after the two pairs' lap, a world
  // must forbid the Marshal's b2-b1 as the game does, and so must a world re-drawn from it.
  State s = position("classic", kTwoPairs);
  for (Side side : {kRed, kBlue})  // the rest of each army was captured, face up
    for (Kind k : kAllKinds)
      s.set_captured(side, k, s.variant().army[k] - popcount(s.kind_bb(side, k)), 0);
  eval::PieceTracker tracker(make_view(s, kRed));
  for (std::string_view m : kTwoPairLap) {
    s.make(parse_move(s, m));
    tracker.update(observe(s, s.history().back(), kRed), make_view(s, kRed));
  }
  std::vector<Kind> kinds;
  for (const eval::EnemyPiece& p : tracker.pieces())  // the captured ones were shown
    kinds.push_back(p.alive() ? piece_kind(s.at(p.square)) : p.kind());
  const State world = eval::determinize(make_view(s, kRed), tracker, kinds);
  EXPECT_FALSE(legal(world, "b2-b1"));
  EXPECT_TRUE(legal(world, "b2-c2"));
  State redrawn = world;
  eval::redeterminize(world, tracker, kinds, redrawn);
  EXPECT_FALSE(legal(redrawn, "b2-b1"));
  // Another assignment of kinds (Captain and Lieutenant swapped) gives other boards, and
  // still the same repeat.
  // The Captain and the Lieutenant on the board (captured ones of those kinds come first).
  auto on_board = [&](Kind k) {
    for (std::size_t i = 0; i < kinds.size(); ++i)
      if (kinds[i] == k && tracker.pieces()[i].alive()) return kinds.begin() + std::ptrdiff_t(i);
    return kinds.end();
  };
  const auto captain = on_board(kCaptain), lieutenant = on_board(kLieutenant);
  ASSERT_TRUE(captain != kinds.end() && lieutenant != kinds.end());
  std::iter_swap(captain, lieutenant);
  eval::redeterminize(world, tracker, kinds, redrawn);
  EXPECT_NE(redrawn.board_hash(), world.board_hash());
  EXPECT_FALSE(legal(redrawn, "b2-b1"));
  EXPECT_TRUE(make_view(redrawn, kRed) == make_view(s, kRed));
}

// --- C-6.3: the Strategus option ---

TEST(Rules, C_6_3_ScoutShuttleCountedOnBorders) {
  const std::initializer_list<Placed> pieces = {
      {"a3", kRed, kScout}, {"j10", kBlue, kSergeant}, {"e1", kRed, kFlag}, {"e10", kBlue, kFlag}};
  State s = position("classic+strategus", pieces);
  play(s, {"a3-a6", "j10-j9", "a6-a4", "j9-j8", "a4-a6", "j8-j7"});
  // a4|a5 and a5|a6 were each crossed three times running.
  for (const char* m : {"a6-a5", "a6-a4", "a6-a3"}) {
    EXPECT_FALSE(legal(s, m)) << m;
    EXPECT_STREQ(repetition_violation(s, parse_move(s, m)), "two-squares rule on borders (C-6.3)")
        << m;
  }
  EXPECT_TRUE(legal(s, "a6-a7"));
  EXPECT_TRUE(legal(s, "a6-b6"));
  {
    SCOPED_TRACE("C-6.1 counts only end squares");
    State c = position("classic", pieces);
    play(c, {"a3-a6", "j10-j9", "a6-a4", "j9-j8", "a4-a6", "j8-j7"});
    EXPECT_TRUE(legal(c, "a6-a5"));
    EXPECT_TRUE(legal(c, "a6-a3"));
  }
}

TEST(Rules, C_6_3_OneSquareMovesAgreeWithTheTwoSquaresRule) {
  const std::initializer_list<Placed> pieces = {
      {"a1", kRed, kMajor}, {"j10", kBlue, kSergeant}, {"e1", kRed, kFlag}, {"e10", kBlue, kFlag}};
  // a1-a2, a2-a3, a3-a2, a2-a1, a1-a2, a2-a1: the border a1|a2 is crossed by moves 1, 4, 5
  // and 6, but only 4-6 run together, so the seventh crossing a1-a2 is the one refused.
  for (const char* spec : {"classic", "classic+strategus"}) {
    SCOPED_TRACE(spec);
    State s = position(spec, pieces);
    play(s, {"a1-a2", "j10-j9", "a2-a3", "j9-j8", "a3-a2", "j8-j7", "a2-a1", "j7-j6", "a1-a2",
             "j6-j5", "a2-a1", "j5-j4"});
    EXPECT_FALSE(legal(s, "a1-a2"));
    EXPECT_TRUE(legal(s, "a1-b1"));
  }
  {
    SCOPED_TRACE("another piece's move ends the run");
    State s = position("classic+strategus", {{"a1", kRed, kMajor},
                                             {"c1", kRed, kSergeant},
                                             {"j10", kBlue, kSergeant},
                                             {"e1", kRed, kFlag},
                                             {"e10", kBlue, kFlag}});
    play(s, {"a1-a2", "j10-j9", "a2-a1", "j9-j8", "c1-c2", "j8-j7", "a1-a2", "j7-j6"});
    EXPECT_TRUE(legal(s, "a2-a1"));
  }
}

TEST(Rules, C_6_3_DrawAfter200MovesWithoutAnAttack) {
  const std::initializer_list<Placed> pieces = {{"a1", kRed, kMajor},      {"c1", kRed, kSergeant},
                                                {"j10", kBlue, kSergeant}, {"h10", kBlue, kCaptain},
                                                {"e1", kRed, kFlag},       {"e10", kBlue, kFlag}};
  // Each side walks two pieces round in turn, never attacking: 4 plies a cycle.
  const std::initializer_list<std::string_view> cycle = {"a1-a2", "j10-j9", "c1-c2", "h10-h9",
                                                         "a2-a1", "j9-j10", "c2-c1", "h9-h10"};
  State s = position("classic+strategus", pieces);
  for (int i = 0; i < 24; ++i) play(s, cycle);  // 192 moves
  EXPECT_EQ(s.quiet_moves(), 192);
  play(s, {"a1-a2", "j10-j9", "c1-c2", "h10-h9", "a2-a1", "j9-j10", "c2-c1"});
  EXPECT_FALSE(s.over());
  play(s, "h9-h10");  // the 200th
  EXPECT_EQ(s.result(), (Result{Winner::kDraw, EndReason::kNoAttackLimit}));
  s.unmake();
  EXPECT_FALSE(s.over());
  EXPECT_EQ(s.quiet_moves(), 199);
  {
    SCOPED_TRACE("an attack starts the count again");
    State t = position("classic+strategus", {{"a1", kRed, kMajor},
                                             {"a3", kBlue, kScout},
                                             {"j10", kBlue, kSergeant},
                                             {"e1", kRed, kFlag},
                                             {"e10", kBlue, kFlag}});
    t.set_quiet_moves(198);
    play(t, {"a1-a2", "a3-a2"});  // the Scout attacks the Major
    EXPECT_FALSE(t.over());
    EXPECT_EQ(t.quiet_moves(), 0);
  }
  {
    SCOPED_TRACE("without the option there is no such draw");
    State c = position("classic", pieces);
    for (int i = 0; i < 26; ++i) play(c, cycle);
    EXPECT_FALSE(c.over());
  }
}

TEST(Rules, C_6_3_NotationKeepsBorderRunsAndTheQuietCount) {
  State s = position("classic+strategus", {{"a3", kRed, kScout},
                                           {"j10", kBlue, kSergeant},
                                           {"e1", kRed, kFlag},
                                           {"e10", kBlue, kFlag}});
  play(s, {"a3-a6", "j10-j9", "a6-a4", "j9-j8", "a4-a6"});
  const std::string text = to_notation(s);
  EXPECT_NE(text.find(" 5/5 "), std::string::npos) << text;
  EXPECT_NE(text.find("a4a6:3/a4a6/a4a6"), std::string::npos) << text;
  State back = parse_state(text);
  EXPECT_TRUE(back == s);
  back.make(parse_move(back, "j8-j7"));
  EXPECT_FALSE(legal(back, "a6-a5"));  // the run survived the round trip
}

}  // namespace
}  // namespace stratego
