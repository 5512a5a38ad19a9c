// The chance nodes of the alpha-beta search (search/alphabeta.h): when the searching side
// attacks an enemy piece whose kind it does not know in the real game, the world's kind for
// that piece is not used (the search would see through the world); the outcome is a chance
// event over the kinds the belief gives that piece (its marginals, eval/belief.h), each
// searched and weighted by its probability. A kind k is put on the target by exchanging kinds
// with another hidden enemy piece that is k in this world (the partner), so the world keeps the
// army's counts; a kind no hidden piece can give (all of them shown or taken in this line), or
// that a piece which has moved cannot be (Bomb, Flag), is left out and the rest renormalised.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/state.h"
#include "eval/belief.h"

namespace stratego::search {

// Per square, the identity (belief row) of the hidden enemy piece on it, or -1.
using IdentityMap = std::array<std::int8_t, kMaxSquares>;

// What the searching side believes of each enemy piece whose kind it does not know, at the
// root: a row of kind probabilities per identity, and where each identity stands.
class CombatBelief {
 public:
  CombatBelief() { ids_.fill(-1); }  // nothing hidden: no chance nodes
  // Every piece of the tracker that is alive and not known, with its marginals.
  CombatBelief(const eval::PieceTracker& t, const eval::Marginals& m);
  // A hidden piece on `square` with these probabilities by kind (tests; built positions).
  void add(int square, const std::array<double, kNumKinds>& p);

  const IdentityMap& root_ids() const { return ids_; }
  double prob(int id, Kind k) const { return rows_[std::size_t(id)][k]; }
  int identities() const { return int(rows_.size()); }

 private:
  IdentityMap ids_{};
  std::vector<std::array<double, kNumKinds>> rows_;
};

struct CombatOutcome {
  Kind kind = kUnknown;
  double p = 0;
  int partner = -1;  // the square whose piece exchanges kinds with the target; -1: none
};

// Outcomes below this probability are dropped (and the rest renormalised): they cost a whole
// subtree each and move the expectation by less than this share.
constexpr double kMinOutcome = 0.005;

// The kinds the enemy piece on `target` (identity ids[target] >= 0, not revealed in w) may be
// as the searcher believes, each with its probability (they sum to 1) and the partner that
// gives it in w. Never empty: the world's own kind is the fallback. Returns the count.
int combat_outcomes(const State& w, int target, const IdentityMap& ids, const CombatBelief& b,
                    CombatOutcome* out);

// Exchanges the kinds of the pieces on a and b (same side; flags stay with the squares). Its
// own inverse.
void swap_kinds(State& w, int a, int b);

}  // namespace stratego::search
