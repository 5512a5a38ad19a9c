#include "eval/determinize.h"

#include "engine/error.h"

namespace stratego::eval {
namespace {
thread_local std::vector<Move> tail_;  // redeterminize's buffer: no allocation per world
}  // namespace

State determinize(const View& view, const PieceTracker& tracker, const std::vector<Kind>& kinds) {
  const Side viewer = view.viewer, enemy = other(viewer);
  State s(view.variant);
  const Geometry& g = view.variant->geometry;
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    const ViewSquare& vs = view.board[std::size_t(sq)];
    if (vs.piece == kNoPiece) continue;
    Kind k = piece_kind(vs.piece);
    if (k == kUnknown) {
      const int i = tracker.piece_at(sq);
      if (i < 0 || std::size_t(i) >= kinds.size())
        throw InputError("determinize: the view has a hidden piece on " + g.square_name(sq) +
                         " that the belief does not follow");
      k = kinds[std::size_t(i)];
    }
    s.put(sq, piece_side(vs.piece), k, vs.flags);
  }
  std::array<int, kNumKinds> silent{};
  int silent_total = 0;
  for (std::size_t i = 0; i < tracker.pieces().size(); ++i) {
    const EnemyPiece& p = tracker.pieces()[i];
    if (!p.alive() && p.silent) {
      ++silent[kinds[i]];
      ++silent_total;
    }
  }
  if (silent_total != view.captured_unknown[enemy])
    throw InputError("determinize: the view has " + std::to_string(view.captured_unknown[enemy]) +
                     " pieces captured face down; the belief follows " +
                     std::to_string(silent_total));
  for (Kind k : kAllKinds) {
    s.set_captured(viewer, k, view.captured_known[viewer][k], 0);
    s.set_captured(enemy, k, view.captured_known[enemy][k] + silent[k], silent[k]);
  }
  s.set_side_to_move(view.side_to_move);
  s.set_moves_played(view.moves_played);
  s.set_quiet_moves(view.quiet_moves);
  s.set_run(kRed, view.runs[kRed]);
  s.set_run(kBlue, view.runs[kBlue]);
  s.set_rescues_used(kRed, view.rescues_used[kRed]);
  s.set_rescues_used(kBlue, view.rescues_used[kBlue]);
  s.set_pending_rescue(view.pending_rescue, view.rescuer_square);
  s.set_pending_anger(view.anger_square, view.anger_wins);
  s.set_result(view.result);
  if (view.variant->chase_rule) s.replay_tail(tracker.quiet_tail());
  return s;
}

void redeterminize(const State& base, const PieceTracker& tracker, const std::vector<Kind>& kinds,
                   State& world) {
  world = base;
  const auto& pieces = tracker.pieces();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const int sq = pieces[i].square;
    if (sq < 0 || piece_kind(world.at(sq)) == kinds[i]) continue;
    const Side side = piece_side(world.at(sq));
    const std::uint8_t flags = world.flags(sq);
    world.remove(sq);
    world.put(sq, side, kinds[i], flags);
  }
  // The chase's boards (C-6.2) hold the base's kinds: make them again with this world's.
  if (!base.history().empty()) {
    tail_.clear();
    for (const PlyRecord& r : base.history()) tail_.push_back(r.move);
    world.replay_tail(tail_);
  }
}

}  // namespace stratego::eval
