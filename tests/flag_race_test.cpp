// The flag race of search/flag_race.h: built positions where a Miner walks through the Bomb
// beside the Flag (C-5.4) and takes it (C-5.5), with and without a guard who can stop it in time;
// and, along random positions, the pruned search never finds a forced capture that the full
// search over every move of both sides does not.
#include "search/flag_race.h"

#include <gtest/gtest.h>

#include "engine/movegen.h"
#include "engine/rng.h"
#include "support/position_builder.h"

namespace stratego::search {
namespace {

using test_support::position;

// Red's Flag in the corner a1, Bombs on b1 and a2; a Blue Miner walks down the b file.
State corner(std::string_view miner_square, std::string_view guard_square, Kind guard) {
  return position("classic",
                  {{"a1", kRed, kFlag},
                   {"b1", kRed, kBomb},
                   {"a2", kRed, kBomb},
                   {miner_square, kBlue, kMiner, kMovedFlag},
                   {guard_square, kRed, guard},
                   {"j10", kBlue, kFlag},
                   {"j1", kRed, kSergeant}},
                  kBlue);
}

TEST(FlagRace, C5_4_AMinerTakesTheBombBesideTheFlagAndThenTheFlag) {
  State s = corner("b3", "h1", kLieutenant);  // the guard is far away
  const FlagDistances d = flag_distances(s, kRed);
  EXPECT_EQ(d.miner[std::size_t(test_support::square_of(s, "b3"))], 3);
  EXPECT_EQ(d.other[std::size_t(test_support::square_of(s, "b3"))], -1);  // bombed in
  EXPECT_TRUE(flag_falls(s, 3, d));                                       // b3-b2, b2xb1, b1xa1
  EXPECT_FALSE(flag_falls(s, 2, d));                                      // one move short
  EXPECT_TRUE(flag_in_reach(s, kBlue, 3, d));
  EXPECT_FALSE(flag_in_reach(s, kBlue, 2, d));
}

TEST(FlagRace, C5_4_AGuardBesideTheMinersPathStopsIt) {
  // The Lieutenant on c2 takes the Miner when it steps to b2 (a 5 beats a 3, C-5.1).
  State s = corner("b3", "c2", kLieutenant);
  EXPECT_FALSE(flag_falls(s, 3, flag_distances(s, kRed)));
  // A guard the Miner beats does not stop it: the Spy loses to it (C-5.1).
  State weak = corner("b3", "c2", kSpy);
  EXPECT_TRUE(flag_falls(weak, 3, flag_distances(weak, kRed)));
}

TEST(FlagRace, C5_4_OnlyAMinerWalksThroughBombs) {
  State s = position("classic",
                     {{"a1", kRed, kFlag},
                      {"b1", kRed, kBomb},
                      {"a2", kRed, kBomb},
                      {"b3", kBlue, kMarshal, kMovedFlag},
                      {"j10", kBlue, kFlag},
                      {"j1", kRed, kSergeant}},
                     kBlue);
  EXPECT_FALSE(flag_falls(s, 4, flag_distances(s, kRed)));
}

// Red's Flag on e1, open to a Blue Sergeant two steps away; Blue's Flag on j10; Red's only other
// piece on j1; with `shut`, a Blue Bomb on j5 closes the j file.
State open_flag(Kind red_piece, bool shut) {
  State s = position("classic",
                     {{"e1", kRed, kFlag},
                      {"e3", kBlue, kSergeant, kMovedFlag},
                      {"j10", kBlue, kFlag},
                      {"j1", kRed, red_piece}},
                     kBlue);
  if (shut) s.put(test_support::square_of(s, "j5"), kBlue, kBomb);
  return s;
}

TEST(FlagRace, C5_5_AnOpenFlagFallsToAnyMover) {
  State s = open_flag(kSergeant, false);
  const FlagDistances d = flag_distances(s, kRed);
  EXPECT_TRUE(flag_falls(s, 2, d));
  // Red to move first, its Sergeant far away: passing changes nothing.
  s.set_side_to_move(kRed);
  EXPECT_TRUE(flag_falls_after_pass(s, 2, d));
}

TEST(FlagRace, TakingTheEnemyFlagFirstIsADefence) {
  // Blue's Sergeant takes Red's Flag in two moves, but after its first Red's Scout takes Blue's
  // Flag along the open j file (C-4.4, C-5.5).
  State open = open_flag(kScout, false);
  EXPECT_FALSE(flag_falls(open, 2, flag_distances(open, kRed)));
  // With the file shut by a Blue Bomb the Scout has nothing better than a move elsewhere.
  State shut = open_flag(kScout, true);
  EXPECT_TRUE(flag_falls(shut, 2, flag_distances(shut, kRed)));
}

// The full search: every move of both sides, no pass.
bool slow_falls(State& s, int moves) {
  const Side attacker = s.side_to_move();
  MoveList list;
  generate_moves(s, list);
  for (Move m : list) {
    s.make(m);
    bool won = false;
    if (s.over()) {
      won = s.result().winner == winner_of(attacker);
    } else if (moves > 1) {
      MoveList replies;
      generate_moves(s, replies);
      won = replies.size > 0;
      for (Move r : replies) {
        s.make(r);
        const bool falls =
            s.over() ? s.result().winner == winner_of(attacker) : slow_falls(s, moves - 1);
        s.unmake();
        if (!falls) {
          won = false;
          break;
        }
      }
    }
    s.unmake();
    if (won) return true;
  }
  return false;
}

TEST(FlagRace, NeverFindsACaptureTheFullSearchDoesNot) {
  // Small random positions round Red's Flag: it, a few Bombs beside it, a few Red pieces and a
  // few Blue movers (Miners among them) within four steps.
  const Kind kinds[] = {kMiner, kMiner, kScout, kSergeant, kLieutenant, kCaptain, kMajor};
  int found = 0, positions = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    Rng rng(seed);
    State s = position("classic", {{"j10", kBlue, kFlag}}, kBlue);
    const Geometry& g = s.geometry();
    const int flag = g.square(int(rng.below(10)), 0);
    s.put(flag, kRed, kFlag);
    auto free_near = [&](int reach) {
      for (;;) {
        const int col = g.col(flag) + int(rng.below(std::uint32_t(2 * reach + 1))) - reach;
        const int row = int(rng.below(std::uint32_t(reach + 1)));
        if (col < 0 || col >= 10) continue;
        const int sq = g.square(col, row);
        if (s.at(sq) == kNoPiece) return sq;
      }
    };
    for (int i = 0, n = int(rng.below(3)); i < n; ++i) s.put(free_near(1), kRed, kBomb);
    for (int i = 0, n = 1 + int(rng.below(2)); i < n; ++i)
      s.put(free_near(3), kRed, kinds[rng.below(7)], kMovedFlag);
    for (int i = 0, n = 1 + int(rng.below(2)); i < n; ++i)
      s.put(free_near(4), kBlue, kinds[rng.below(7)], kMovedFlag);
    const FlagDistances d = flag_distances(s, kRed);
    for (int moves = 1; moves <= 2; ++moves) {
      const bool fast = flag_falls(s, moves, d), slow = slow_falls(s, moves);
      EXPECT_TRUE(!fast || slow) << "seed " << seed << ", " << moves << " moves";
      found += fast;
      ++positions;
    }
  }
  // The positions are close enough that the race is often won: the test can fail.
  EXPECT_GT(found, positions / 20);
}

}  // namespace
}  // namespace stratego::search
