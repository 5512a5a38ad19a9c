#include "engine/view.h"

namespace stratego {

bool View::operator==(const View& o) const {
  return variant->spec == o.variant->spec && viewer == o.viewer && board == o.board &&
         side_to_move == o.side_to_move && moves_played == o.moves_played &&
         quiet_moves == o.quiet_moves && runs == o.runs && captured_known == o.captured_known &&
         captured_unknown == o.captured_unknown && rescues_used == o.rescues_used &&
         pending_rescue == o.pending_rescue &&
         (!pending_rescue || rescuer_square == o.rescuer_square) && anger_wins == o.anger_wins &&
         (anger_wins == 0 || anger_square == o.anger_square) && result == o.result;
}

View setup_view(std::shared_ptr<const Variant> variant, Side viewer) {
  View v;
  v.variant = std::move(variant);
  v.viewer = viewer;
  return v;
}

View make_view(const State& s, Side viewer) {
  View v;
  v.variant = s.variant_ptr();
  v.viewer = viewer;
  const Side enemy = other(viewer);
  for (int sq : squares(s.occupied())) {
    const Piece p = s.at(sq);
    const bool known = piece_side(p) == viewer || test(s.revealed_bb(), sq);
    v.board[sq] = {known ? p : make_piece(enemy, kUnknown), s.flags(sq)};
  }
  v.side_to_move = s.side_to_move();
  v.moves_played = s.moves_played();
  v.quiet_moves = s.quiet_moves();
  v.runs = {s.run(kRed), s.run(kBlue)};
  for (Side side : {kRed, kBlue}) {
    for (Kind k : kAllKinds) {
      const int hidden = side == viewer ? 0 : s.captured_silent(side, k);
      v.captured_known[side][k] = std::uint8_t(s.captured(side, k) - hidden);
      v.captured_unknown[side] = std::uint8_t(v.captured_unknown[side] + hidden);
    }
    v.rescues_used[side] = std::uint8_t(s.rescues_used(side));
  }
  v.pending_rescue = s.pending_rescue();
  v.rescuer_square = s.pending_rescue() ? s.rescuer_square() : 0;
  v.anger_wins = s.anger_wins();
  v.anger_square = s.pending_anger() ? s.anger_square() : 0;
  v.result = s.result();
  return v;
}

ObservedMove observe(const State& after, const PlyRecord& rec, Side viewer) {
  ObservedMove o;
  o.move = rec.move;
  const MoveType type = rec.move.type();
  if (type == MoveType::kRescue || type == MoveType::kDeclineRescue) {
    o.mover = other(after.side_to_move());  // a rescue decision always ends the turn
    if (type == MoveType::kRescue) o.mover_kind = rec.move.rescued_kind();  // V-5: public
    return o;
  }
  o.mover = piece_side(rec.mover);
  const Kind ak = piece_kind(rec.mover);
  o.attack = rec.target != kNoPiece;
  // Combat shows the attacker (C-5.1), a ranged attack shows it anyway (CW-4), and the Anger
  // piece deciding to stop was shown by the attack that began its chain.
  const bool mover_shown =
      o.attack || type == MoveType::kAngerStop ||
      (type == MoveType::kNormal && after.move_reveals(rec.move.from(), rec.move.to()));
  o.mover_kind = (o.mover == viewer || mover_shown) ? ak : kUnknown;
  if (o.attack) {
    const Kind dk = piece_kind(rec.target);
    const bool defender_shown = !after.variant().silent_defence || ak == kScout ||
                                (rec.to_flags & kRevealedFlag);  // V-6, also for CW-3, CW-4
    o.target_kind = (o.mover != viewer || defender_shown) ? dk : kUnknown;
    o.outcome = rec.outcome;
  }
  return o;
}

std::optional<View> view_before_opening(const ObservedMove& m, const View& after) {
  if (after.moves_played != 1 || m.move.type() != MoveType::kNormal || after.pending_rescue ||
      after.anger_wins > 0)
    return std::nullopt;
  const Side viewer = after.viewer;
  const auto piece_of = [&](Side side, Kind seen) {
    return make_piece(side, side == viewer ? seen : kUnknown);
  };
  View before = after;
  const int from = m.move.from(), to = m.move.to();
  // At the start no piece has moved, been shown or been captured. A first move that attacks
  // (a Scout's strike across the open middle) told the viewer the kind of its own piece.
  before.board[from] = {m.attack            ? piece_of(m.mover, m.mover_kind)
                        : m.mover == viewer ? after.board[to].piece
                                            : make_piece(m.mover, kUnknown),
                        0};
  before.board[to] =
      m.attack ? ViewSquare{piece_of(other(m.mover), m.target_kind), 0} : ViewSquare{};
  before.side_to_move = m.mover;
  before.moves_played = 0;
  before.quiet_moves = 0;
  before.runs = {};
  before.captured_known = {};
  before.captured_unknown = {};
  before.result = {};
  return before;
}

}  // namespace stratego
