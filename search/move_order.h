// Move ordering for the alpha-beta search (search/alphabeta.h): the transposition table's move
// first, then attacks whose outcome the mover knows, most valuable victim first and cheapest
// attacker first among them (MVV-LVA), then attacks on pieces the mover cannot see (chance
// nodes), then the two killer moves of the ply, then quiet moves by their history score, and
// last the attacks the mover knows it loses. Good ordering is what makes alpha-beta cut: with
// the best move first it visits about the square root of the minimax tree.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/move.h"
#include "engine/piece.h"

namespace stratego::search {

// Victim and attacker values for MVV-LVA: the evaluation's base values (eval/classic_evaluation),
// the Flag above everything (taking it ends the game).
constexpr std::array<int, kNumKinds> kOrderValue = {10000, 40,  20,  50,  35, 50, 80,
                                                    130,   200, 300, 420, 45, 80, 150};

// Ordering bands, highest first.
constexpr int kTtMoveScore = 1 << 30;
constexpr int kWinningAttack = 1 << 26;  // + MVV-LVA
constexpr int kEvenAttack = 1 << 25;     // both pieces removed (C-5.2): + MVV-LVA
constexpr int kChanceAttack = 1 << 24;   // + the victim's expected value
constexpr int kKillerScore = 1 << 23;
constexpr int kLosingAttack = -(1 << 24);  // + MVV-LVA

inline int mvv_lva(int victim_value, int attacker_value) {
  return victim_value * 16 - attacker_value;
}

// The two killers of each ply (quiet moves that caused a cut-off at that ply in a sibling) and
// the history table (a quiet move's cut-offs, weighted by depth squared), by side, from, to.
class MoveOrder {
 public:
  static constexpr int kMaxPly = 128;
  static constexpr int kHistoryCap = kKillerScore - 1;

  void clear() {
    for (auto& k : killers_) k = {Move(), Move()};
    for (auto& side : history_)
      for (auto& row : side) row.fill(0);
  }

  // Ages the history between searches, so old cut-offs count less than new ones.
  void age() {
    for (auto& side : history_)
      for (auto& row : side)
        for (int& h : row) h /= 8;
    for (auto& k : killers_) k = {Move(), Move()};
  }

  void cut_off(Side s, Move m, int ply, int depth) {
    if (ply < kMaxPly && !(killers_[std::size_t(ply)][0] == m)) {
      killers_[std::size_t(ply)][1] = killers_[std::size_t(ply)][0];
      killers_[std::size_t(ply)][0] = m;
    }
    int& h = history_[s][std::size_t(m.from())][std::size_t(m.to())];
    h = std::min(kHistoryCap, h + depth * depth);
  }

  // The score of a quiet move (no attack).
  int quiet(Side s, Move m, int ply) const {
    if (ply < kMaxPly) {
      if (killers_[std::size_t(ply)][0] == m) return kKillerScore + 1;
      if (killers_[std::size_t(ply)][1] == m) return kKillerScore;
    }
    return m.is_normal() ? history_[s][std::size_t(m.from())][std::size_t(m.to())] : 0;
  }

 private:
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::array<std::array<std::array<int, 128>, 128>, 2> history_{};
};

}  // namespace stratego::search
