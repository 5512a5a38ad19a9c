// The static evaluation of eval/values/classic_evaluation.h: what one side gains the other loses,
// and the threat to a flag (against a slow breadth-first walk per piece, and a flag shut in by
// bombs, which only a Miner can reach, C-5.4).
#include "eval/values/classic_evaluation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <vector>

#include "engine/classic_family.h"
#include "engine/movegen.h"
#include "engine/rng.h"
#include "support/position_builder.h"

namespace stratego::eval {
namespace {

using test_support::position;

// Flags, threats near them, a Scout lane and revealed pieces: every term has something to count.
State busy_position(std::uint8_t flags) {
  return position("classic", {{"a1", kRed, kFlag},
                              {"b1", kRed, kBomb},
                              {"d1", kRed, kSergeant, flags},
                              {"e5", kRed, kCaptain, kMovedFlag},
                              {"j10", kBlue, kFlag},
                              {"a4", kBlue, kScout, kMovedFlag},
                              {"f10", kBlue, kSergeant, flags},
                              {"e7", kBlue, kMarshal, kMovedFlag},
                              {"c2", kBlue, kMiner, kMovedFlag},
                              {"h1", kRed, kSpy}});
}

TEST(ClassicEvaluation, TheMarginOfOneSideIsMinusTheOther) {
  for (std::uint8_t flags :
       {std::uint8_t(0), std::uint8_t(kMovedFlag), std::uint8_t(kRevealedFlag | kMovedFlag)}) {
    const State s = busy_position(flags);
    EXPECT_NE(classic_margin(s, kRed), 0.0);
    EXPECT_DOUBLE_EQ(classic_margin(s, kRed), -classic_margin(s, kBlue));
  }
}

// The obvious version of classic_flag_threats: for each enemy mover, the length of its
// shortest walk to the flag (round the lakes; through the flag side's bombs only for a Miner),
// counted 0.85^(steps - 1) up to 20 steps.
double slow_flag_threats(const State& s, Side side) {
  const Geometry& g = s.geometry();
  int flag = -1;
  for (int sq = 0; sq < g.num_squares(); ++sq)
    if (s.at(sq) != kNoPiece && piece_side(s.at(sq)) == side && piece_kind(s.at(sq)) == kFlag)
      flag = sq;
  if (flag < 0) return 0;
  double threat = 0;
  for (int from = 0; from < g.num_squares(); ++from) {
    if (!(s.movable_bb(other(side)) & square_bb(from))) continue;
    const bool miner = piece_kind(s.at(from)) == kMiner;
    std::vector<int> dist(std::size_t(g.num_squares()), -1);
    std::deque<int> queue{flag};
    dist[std::size_t(flag)] = 0;
    while (!queue.empty()) {
      const int at = queue.front();
      queue.pop_front();
      for (Direction d : kDirections) {
        const int next = g.step(at, d);
        if (next < 0 || dist[std::size_t(next)] >= 0) continue;
        const Piece p = s.at(next);
        const bool own_bomb = p != kNoPiece && piece_side(p) == side && piece_kind(p) == kBomb;
        if (own_bomb && !miner) continue;
        dist[std::size_t(next)] = dist[std::size_t(at)] + 1;
        queue.push_back(next);
      }
    }
    const int steps = dist[std::size_t(from)];
    if (steps >= 1 && steps <= 20) threat += std::pow(0.85, steps - 1);
  }
  return threat;
}

TEST(ClassicEvaluation, FlagThreatsAgreeWithAWalkPerPieceAlongRandomGames) {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    State s = ClassicFamily::random_start(test_support::variant_of("classic"), rng);
    for (int ply = 0; ply < 400 && !s.result().over(); ++ply) {
      if (ply % 10 == 0) {
        for (Side side : {kRed, kBlue}) {
          EXPECT_NEAR(classic_flag_threats(s, side), slow_flag_threats(s, side), 1e-9)
              << "seed " << seed << " ply " << ply;
          ++compared;
        }
      }
      MoveList moves;
      generate_moves(s, moves);
      if (moves.size == 0) break;
      s.make(moves[int(rng.below(std::uint32_t(moves.size)))]);
    }
  }
  EXPECT_GT(compared, 100);
}

// C-5.4: a flag in the corner behind two bombs. A Captain beside both bombs cannot reach it; a
// Miner there is two steps away.
TEST(ClassicEvaluation, C5_4_AFlagShutInByBombsIsThreatenedByMinersAlone) {
  auto shut_in = [](Kind enemy) {
    return position("classic", {{"a1", kRed, kFlag},
                                {"b1", kRed, kBomb},
                                {"a2", kRed, kBomb},
                                {"j10", kBlue, kFlag},
                                {"b2", kBlue, enemy, kMovedFlag}});
  };
  EXPECT_DOUBLE_EQ(classic_flag_threats(shut_in(kCaptain), kRed), 0.0);
  EXPECT_DOUBLE_EQ(classic_flag_threats(shut_in(kMiner), kRed), 0.85);
  // The Miner is worth less than the Captain, yet Red is worse off facing it.
  EXPECT_LT(classic_margin(shut_in(kMiner), kRed), classic_margin(shut_in(kCaptain), kRed));
  // With one bomb gone the Captain walks in as well: b1, then a1.
  const State open = position("classic", {{"a1", kRed, kFlag},
                                          {"a2", kRed, kBomb},
                                          {"j10", kBlue, kFlag},
                                          {"b2", kBlue, kCaptain, kMovedFlag}});
  EXPECT_DOUBLE_EQ(classic_flag_threats(open, kRed), 0.85);
}

// A walker as far as the Miner's walk reaches and further round the bombs: the flag on b1 shut
// in by bombs on c1 and b2 but for a1, a Captain on j10. Every square is within 17 steps of b1
// as a Miner walks; the Captain needs 19 (a1, then up the a file and across), and counts.
TEST(ClassicEvaluation, C5_4_AWalkRoundTheBombsCountsBeyondTheMinersReach) {
  const State s = position("classic", {{"b1", kRed, kFlag},
                                       {"c1", kRed, kBomb},
                                       {"b2", kRed, kBomb},
                                       {"i10", kBlue, kFlag},
                                       {"j10", kBlue, kCaptain, kMovedFlag}});
  EXPECT_NEAR(classic_flag_threats(s, kRed), std::pow(0.85, 18), 1e-12);
  EXPECT_NEAR(classic_flag_threats(s, kRed), slow_flag_threats(s, kRed), 1e-12);
}

}  // namespace
}  // namespace stratego::eval
