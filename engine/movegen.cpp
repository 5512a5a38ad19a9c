#include "engine/movegen.h"

#include <bit>

namespace stratego {
namespace {

// Writes from->to for every target square, the mover standing `offset` squares back. The two
// 64-bit halves are walked separately: cheaper than 128-bit arithmetic per bit.
inline Move* emit(Move* out, Bitboard targets, int offset) {
  for (std::uint64_t lo = low64(targets); lo; lo &= lo - 1) {
    const int to = std::countr_zero(lo);
    *out++ = Move::normal(to - offset, to);
  }
  for (std::uint64_t hi = high64(targets); hi; hi &= hi - 1) {
    const int to = 64 + std::countr_zero(hi);
    *out++ = Move::normal(to - offset, to);
  }
  return out;
}

// The geometry's shift with the direction fixed at compile time (the hot loop's version).
struct ShiftMasks {
  Bitboard playable, not_first_col, not_last_col;
  int width;
};
template <Direction D>
inline Bitboard shift(Bitboard b, const ShiftMasks& m) {
  if constexpr (D == kNorth) return (b << m.width) & m.playable;
  if constexpr (D == kSouth) return (b >> m.width) & m.playable;
  if constexpr (D == kEast) return ((b & m.not_last_col) << 1) & m.playable;
  return ((b & m.not_first_col) >> 1) & m.playable;
}

// One direction: single steps of steppers (which may attack) and walkers (which may not),
// then C-4.4 scout lanes: slide through empty squares; the first non-empty square ends the
// lane and is attacked if it holds an enemy.
template <Direction D>
inline Move* generate_direction(Move* out, Bitboard steppers, Bitboard walkers, Bitboard scouts,
                                Bitboard own, Bitboard empty, const ShiftMasks& m) {
  const int delta = D == kNorth ? m.width : D == kSouth ? -m.width : D == kEast ? 1 : -1;
  out = emit(out, (shift<D>(steppers, m) & ~own) | (shift<D>(walkers, m) & empty), delta);
  int offset = 0;
  for (Bitboard lane = scouts; lane; lane &= empty) {
    offset += delta;
    lane = shift<D>(lane, m) & ~own;
    out = emit(out, lane, offset);
  }
  return out;
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

// CW-3: the Anger piece attacks an enemy next to it again, or stops.
void generate_anger_moves(const State& s, MoveList& list) {
  const Geometry& g = s.geometry();
  const int from = s.anger_square();
  const Bitboard enemies = g.neighbours(square_bb(from)) & s.side_bb(other(s.side_to_move()));
  for (int to : squares(enemies)) list.push(Move::anger_attack(from, to));
  list.push(Move::anger_stop());
}

// CW-4: the first piece in each straight line, one square away, or two over an empty square
// (shift() never lands on a lake, so a lake between blocks too), if it is an enemy.
void generate_ranged_attacks(const State& s, Bitboard rangers, Bitboard empty, MoveList& list) {
  static_assert(kRangedReach == 2, "the lines below reach two squares");
  const Geometry& g = s.geometry();
  const Bitboard enemies = s.side_bb(other(s.side_to_move()));
  for (int from : squares(rangers)) {
    for (Direction d : kDirections) {
      const Bitboard one = g.shift(square_bb(from), d);
      const Bitboard target = (one | g.shift(one & empty, d)) & enemies;
      if (target) list.push(Move::ranged(from, lsb(target)));
    }
  }
}

}  // namespace

void generate_pseudo_moves(const State& s, MoveList& list) {
  list.size = 0;
  if (s.over()) return;
  if (s.pending_rescue()) return generate_rescues(s, list);
  if (s.pending_anger()) return generate_anger_moves(s, list);
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

  const ShiftMasks m{g.playable(), g.not_first_col(), g.not_last_col(), g.width()};
  Move* out = list.items;
  out = generate_direction<kNorth>(out, steppers, walkers, scouts, own, empty, m);
  out = generate_direction<kEast>(out, steppers, walkers, scouts, own, empty, m);
  out = generate_direction<kSouth>(out, steppers, walkers, scouts, own, empty, m);
  out = generate_direction<kWest>(out, steppers, walkers, scouts, own, empty, m);
  list.size = int(out - list.items);
  if (captains) generate_captain_moves(s, captains, own, empty, list);
  if (const Bitboard rangers = s.kind_bb(us, kRangedMajor))
    generate_ranged_attacks(s, rangers, empty, list);
}

namespace {

// C-6.1: the move that would be number N+1 between the same two squares, if there is one.
Move two_squares_forbidden(const State& s) {
  const int limit = s.variant().two_squares_limit;
  const TwoSquareRun run = s.run(s.side_to_move());
  if (limit == 0 || run.count < limit) return Move();
  return Move::normal(run.to, run.from);
}

// The square of the piece that evaded our last threat, if a chase (C-6.2) may be going on.
int chase_evaded_square(const State& s) {
  return s.evaded_square();  // set only when our threat two plies back was evaded
}

// C-6.2 for a move that ends next to the evaded piece: during a chase a threat on the piece
// that just evaded may not repeat a position of that chase -- unless it moves the chasing
// piece straight back where it came from.
bool violates_chase(const State& s, Move m) {
  const auto& h = s.history();
  const int n = int(h.size());
  const PlyRecord& ours = h[n - 2];
  if (s.at(m.to()) != kNoPiece && s.outcome_of(m) != Outcome::kAttackerWins) return false;
  if (m.from() == ours.move.to() && m.to() == ours.move.from()) return false;
  const std::uint64_t after = s.hash_after(m);
  for (int j = ours.chase_begin >= 0 ? ours.chase_begin : n - 2; j <= n - 2; j += 2)
    if (h[j].hash_after == after) return true;
  return false;
}

}  // namespace

const char* repetition_violation(const State& s, Move m) {
  // Only moves of a piece between two squares repeat anything (C-6.1, C-6.2); rescues and
  // the Clone Wars powers never do.
  if (!m.is_normal() || s.pending_rescue() || s.pending_anger()) return nullptr;
  if (!two_squares_forbidden(s).is_none() && m == two_squares_forbidden(s))
    return "two-squares rule (C-6.1)";
  const int evaded = chase_evaded_square(s);
  if (evaded >= 0 && test(s.geometry().neighbours(square_bb(m.to())), evaded) &&
      violates_chase(s, m))
    return "more-squares rule (C-6.2)";
  return nullptr;
}

void generate_moves(const State& s, MoveList& list) {
  generate_pseudo_moves(s, list);
  if (s.pending_rescue() || s.pending_anger() || list.size == 0) return;
  if (const Move banned = two_squares_forbidden(s); !banned.is_none()) {
    for (int i = 0; i < list.size; ++i) {
      if (list.items[i] != banned) continue;
      list.items[i] = list.items[--list.size];  // order does not matter; at most one match
      break;
    }
  }
  const int evaded = chase_evaded_square(s);
  if (evaded < 0) return;
  // Only a move that ends next to the evaded piece can threaten it.
  const Bitboard near = s.geometry().neighbours(square_bb(evaded));
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.items[i];
    if (!test(near, m.to()) || !m.is_normal() || !violates_chase(s, m)) list.items[kept++] = m;
  }
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
