#include "search/unknown_combat.h"

#include <algorithm>

namespace stratego::search {

CombatBelief::CombatBelief(const eval::PieceTracker& t, const eval::Marginals& m) {
  ids_.fill(-1);
  const auto& pieces = t.pieces();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const eval::EnemyPiece& e = pieces[i];
    if (!e.alive() || e.known()) continue;
    std::array<double, kNumKinds> row{};
    for (Kind k : kAllKinds) row[k] = m.prob(t, int(i), k);
    add(e.square, row);
  }
}

void CombatBelief::add(int square, const std::array<double, kNumKinds>& p) {
  ids_[std::size_t(square)] = std::int8_t(rows_.size());
  rows_.push_back(p);
}

namespace {

// May the piece on sq be of kind k, as far as this line of the search showed? (A piece that
// moved is no Bomb or Flag unless the variant lets them move.)
bool can_be(const State& w, int sq, Kind k) {
  return !(w.flags(sq) & kMovedFlag) || w.variant().can_move(k);
}

}  // namespace

int combat_outcomes(const State& w, int target, const IdentityMap& ids, const CombatBelief& b,
                    CombatOutcome* out) {
  const Piece tp = w.at(target);
  const Side enemy = piece_side(tp);
  const Kind own = piece_kind(tp);
  const int id = ids[std::size_t(target)];
  int n = 0;
  double total = 0;
  for (Kind k : kAllKinds) {
    const double p = b.prob(id, k);
    if (p <= 0 || !can_be(w, target, k)) continue;
    int partner = -1;
    if (k != own) {
      // The hidden piece of kind k most likely, by its own belief, to be the target's kind.
      double best = -1;
      for (Bitboard bb = w.kind_bb(enemy, k); bb;) {
        const int sq = pop_lsb(bb);
        if (ids[std::size_t(sq)] < 0 || (w.flags(sq) & kRevealedFlag) || !can_be(w, sq, own))
          continue;
        const double q = b.prob(ids[std::size_t(sq)], own);
        if (q > best) best = q, partner = sq;
      }
      if (partner < 0) continue;
    }
    out[n++] = CombatOutcome{k, p, partner};
    total += p;
  }
  if (n == 0 || total <= 0) {
    out[0] = CombatOutcome{own, 1.0, -1};
    return 1;
  }
  // Renormalise, drop the rare ones, renormalise again (the world's kind always stays).
  int kept = 0;
  double kept_total = 0;
  for (int i = 0; i < n; ++i) {
    if (out[i].p / total < kMinOutcome && out[i].kind != own) continue;
    out[kept++] = out[i];
    kept_total += out[i].p;
  }
  for (int i = 0; i < kept; ++i) out[i].p /= kept_total;
  return kept;
}

void swap_kinds(State& w, int a, int b) {
  const Piece pa = w.at(a), pb = w.at(b);
  const std::uint8_t fa = w.flags(a), fb = w.flags(b);
  w.remove(a);
  w.remove(b);
  w.put(a, piece_side(pa), piece_kind(pb), fa);
  w.put(b, piece_side(pb), piece_kind(pa), fb);
}

}  // namespace stratego::search
