#include "eval/behaviour.h"

#include <algorithm>
#include <cmath>

#include "engine/combat.h"

namespace stratego::eval {

BehaviourEvidence::BehaviourEvidence(const BehaviourOptions& o, const Variant& v, int pieces)
    : o_(o), exposures_(std::size_t(pieces), 0), kinds_(std::size_t(pieces)) {
  for (auto& k : kinds_) k.fill(0.0f);
  int movable = 0;
  for (Kind k : kAllKinds)
    if (v.can_move(k)) movable += v.army[k];
  prior_exposures_ = std::max(movable, 1);
  idle_log_ = std::log(1.0 - idle_hazard());
}

double BehaviourEvidence::idle_hazard() const {
  const double h = o_.idle_scale * (first_moves_ + 1.0) / (movable_exposures_ + prior_exposures_);
  return std::clamp(h, 1e-4, 0.5);
}

void BehaviourEvidence::observe(const PieceTracker& t, const View& before, const ObservedMove& m) {
  if (m.mover != t.enemy() ||
      !(m.move.type() == MoveType::kNormal || m.move.type() == MoveType::kRanged))
    return;
  const Variant& v = t.variant();
  const Geometry& g = v.geometry;
  const int from = m.move.from(), to = m.move.to();
  const int mover = t.piece_at(from);
  if (mover < 0) return;  // the tracker reports the error
  KindMask movable = 0;
  for (Kind k : kAllKinds)
    if (v.can_move(k)) movable |= kind_bit(k);

  if (o_.idle) {
    // Squares a piece could step to: empty playable squares and the viewer's pieces.
    const Bitboard open = g.playable() & ~t.enemy_squares();
    const EnemyPiece& moving = t.pieces()[std::size_t(mover)];
    if (!moving.moved && (g.neighbours(square_bb(from)) & open)) ++first_moves_;
    // Of the unmoved pieces of open kind, the share that can move, from the counts left.
    int unmoved = 0, exposed = 0;
    for (int i = 0; i < int(t.pieces().size()); ++i) {
      const EnemyPiece& p = t.pieces()[std::size_t(i)];
      if (!p.alive() || p.moved || p.known()) continue;
      ++unmoved;
      if (i == mover || !(p.mask & movable) || !(g.neighbours(square_bb(p.square)) & open))
        continue;
      ++exposures_[std::size_t(i)];
      ++exposed;
    }
    if (unmoved > 0) {
      const auto counts = t.open_counts();
      int immobile = 0;
      for (Kind k : kAllKinds)
        if (!v.can_move(k)) immobile += counts[k];
      movable_exposures_ += exposed * std::max(0.0, double(unmoved - immobile)) / unmoved;
    }
    idle_log_ = std::log(1.0 - idle_hazard());
  }
  if (m.attack || m.move.type() != MoveType::kNormal || t.pieces()[std::size_t(mover)].known())
    return;
  // Viewer pieces whose rank the opponent knows, next to where the mover came from or went.
  const Bitboard near_to = g.neighbours(square_bb(to)), near_from = g.neighbours(square_bb(from));
  for (int sq : squares((near_to | near_from) & ~t.enemy_squares())) {
    const ViewSquare& vs = before.board[std::size_t(sq)];
    if (vs.piece == kNoPiece || !(vs.flags & kRevealedFlag)) continue;
    const Kind known = piece_kind(vs.piece);
    auto& w = kinds_[std::size_t(mover)];
    if (o_.approach && test(near_to, sq) && !test(near_from, sq)) {
      for (Kind k : kAllKinds)
        if (resolve_combat(k, known, v) == Outcome::kAttackerWins)
          w[k] += float(o_.approach_weight);
    }
    if (o_.flee && test(near_from, sq) && !test(near_to, sq)) {
      for (Kind k : kAllKinds)
        if (resolve_combat(known, k, v) == Outcome::kAttackerWins) w[k] += float(o_.flee_weight);
    }
  }
}

}  // namespace stratego::eval
