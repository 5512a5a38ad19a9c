#include "engine/movegen.h"

namespace stratego {
namespace {

// Pushes from->to for every target square, the mover standing `offset` squares back.
inline void push_targets(Bitboard targets, int offset, MoveList& list) {
  while (targets) {
    const int to = pop_lsb(targets);
    list.push(Move::normal(to - offset, to));
  }
}

void generate_rescues(const State& s, MoveList& list) {
  const Side us = s.side_to_move();
  const Bitboard empty = s.variant().setup_zone(us) & ~s.occupied();
  for (Kind k : kAllKinds) {
    if (k == kBomb || s.captured(us, k) == 0) continue;  // V-5: bombs are never rescued
    for (int sq : squares(empty)) list.push(Move::rescue(k, sq));
  }
  list.push(Move::decline_rescue());
}

// C-4.5: up to two steps, turning allowed, through an empty first square; either step may
// end in an attack. Destinations reached by two paths are one move.
void generate_captain_moves(const State& s, Bitboard captains, Bitboard own, Bitboard empty,
                            MoveList& list) {
  const Geometry& g = s.geometry();
  for (int from : squares(captains)) {
    const Bitboard first = g.neighbours(square_bb(from)) & ~own;
    const Bitboard second = g.neighbours(first & empty) & ~own;
    for (int to : squares(first | second)) list.push(Move::normal(from, to));
  }
}

}  // namespace

void generate_pseudo_moves(const State& s, MoveList& list) {
  list.size = 0;
  if (s.over()) return;
  if (s.pending_rescue()) return generate_rescues(s, list);
  const Variant& v = s.variant();
  const Geometry& g = s.geometry();
  const Side us = s.side_to_move();
  const Bitboard own = s.side_bb(us);
  const Bitboard empty = g.playable() & ~own & ~s.side_bb(other(us));
  const Bitboard scouts = s.kind_bb(us, kScout);
  const Bitboard captains = v.captain_two_step ? s.kind_bb(us, kCaptain) : 0;
  // V-3 bombs and V-4 flags move but never attack.
  Bitboard walkers = 0;
  if (v.moving_bombs) walkers |= s.kind_bb(us, kBomb);
  if (v.moving_flag) walkers |= s.kind_bb(us, kFlag);
  const Bitboard steppers =
      own & ~scouts & ~captains & ~s.kind_bb(us, kBomb) & ~s.kind_bb(us, kFlag);

  for (Direction d : kDirections) {
    const int delta = g.delta(d);
    push_targets((g.shift(steppers, d) & ~own) | (g.shift(walkers, d) & empty), delta, list);
    // C-4.4: scouts slide through empty squares; the first non-empty square ends the lane
    // and is attacked if it holds an enemy.
    Bitboard lane = scouts;
    for (int k = 1; lane; ++k) {
      lane = g.shift(lane, d) & ~own;
      push_targets(lane, k * delta, list);
      lane &= empty;
    }
  }
  if (captains) generate_captain_moves(s, captains, own, empty, list);
}

const char* repetition_violation(const State& s, Move m) {
  if (m.type() != MoveType::kNormal) return nullptr;
  const Variant& v = s.variant();
  const Side us = s.side_to_move();
  // C-6.1: the move that would be number N+1 between the same two squares.
  const TwoSquareRun run = s.run(us);
  if (v.two_squares_limit > 0 && run.count >= v.two_squares_limit && m.from() == run.to &&
      m.to() == run.from)
    return "two-squares rule (C-6.1)";
  if (!v.chase_rule) return nullptr;
  // C-6.2: during a chase, a threat on the piece that just evaded may not repeat a position
  // of that chase -- unless it moves the chasing piece straight back where it came from.
  const auto& h = s.history();
  const int n = int(h.size());
  if (n < 2 || h[n - 1].evaded_to < 0) return nullptr;
  const PlyRecord& ours = h[n - 2];
  const int evaded = h[n - 1].evaded_to;
  if (!test(s.geometry().neighbours(square_bb(m.to())), evaded)) return nullptr;
  if (s.at(m.to()) != kNoPiece && s.outcome_of(m) != Outcome::kAttackerWins) return nullptr;
  if (m.from() == ours.move.to() && m.to() == ours.move.from()) return nullptr;
  const std::uint64_t after = s.hash_after(m);
  for (int j = ours.chase_begin >= 0 ? ours.chase_begin : n - 2; j <= n - 2; j += 2)
    if (h[j].hash_after == after) return "more-squares rule (C-6.2)";
  return nullptr;
}

void generate_moves(const State& s, MoveList& list) {
  generate_pseudo_moves(s, list);
  const Variant& v = s.variant();
  if (s.pending_rescue() || (v.two_squares_limit == 0 && !v.chase_rule)) return;
  const Side us = s.side_to_move();
  const bool two_squares_active = v.two_squares_limit > 0 && s.run(us).count >= v.two_squares_limit;
  const bool chase_active = v.chase_rule && s.ply() >= 2 && s.history().back().evaded_to >= 0;
  if (!two_squares_active && !chase_active) return;
  int kept = 0;
  for (int i = 0; i < list.size; ++i)
    if (!repetition_violation(s, list.moves[i])) list.moves[kept++] = list.moves[i];
  list.size = kept;
}

bool is_legal(const State& s, Move m) {
  MoveList list;
  generate_moves(s, list);
  for (Move x : list)
    if (x == m) return true;
  return false;
}

}  // namespace stratego
