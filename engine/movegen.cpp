#include "engine/movegen.h"

#include <bit>

#include "engine/zobrist.h"

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

// C-6.1: the move that would be number N+1 between the same two squares, if there is one
// (none under C-6.3's border runs, which forbid by borders instead).
Move two_squares_forbidden(const State& s) {
  const int limit = s.variant().two_squares_limit;
  const TwoSquareRun run = s.run(s.side_to_move());
  if (limit == 0 || run.count < limit || s.variant().border_runs) return Move();
  return Move::normal(run.to, run.from);
}

// C-6.3: the run's piece has crossed some border limit times running.
bool border_run_full(const State& s) {
  return s.variant().border_runs && s.variant().two_squares_limit > 0 &&
         s.run(s.side_to_move()).count >= s.variant().two_squares_limit;
}

// C-6.2 for a move of the chaser that ends next to a piece that evaded in the chase: it may
// not give a board seen during the chase -- unless it takes the chasing piece straight back
// where it came from. An attack never repeats a board: it removes a piece.
bool violates_chase(const State& s, Move m) {
  if (s.at(m.to()) != kNoPiece) return false;
  const auto& h = s.history();
  const int n = int(h.size());
  const PlyRecord& ours = h[std::size_t(n - 2)];  // the threat the last move evaded
  if (m.from() == ours.move.to() && m.to() == ours.move.from()) return false;
  const Piece p = s.at(m.from());
  const std::uint64_t after =
      s.board_hash() ^ kZobrist.piece[p][m.from()] ^ kZobrist.piece[p][m.to()];
  for (int j = h[std::size_t(n - 1)].chase_begin; j < n; ++j)
    if (h[std::size_t(j)].board_after == after) return true;
  return false;
}

}  // namespace

const char* repetition_violation(const State& s, Move m) {
  // Only moves of a piece between two squares repeat anything (C-6.1, C-6.2); rescues and
  // the Clone Wars powers never do.
  if (!m.is_normal() || s.pending_rescue() || s.pending_anger()) return nullptr;
  if (!two_squares_forbidden(s).is_none() && m == two_squares_forbidden(s))
    return "two-squares rule (C-6.1)";
  if (border_run_full(s) && s.crosses_worn_border(m)) return "two-squares rule on borders (C-6.3)";
  const Bitboard evaders = s.chase_evaders();
  if (evaders != 0 && test(s.geometry().neighbours(evaders), m.to()) && violates_chase(s, m))
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
  if (border_run_full(s)) {
    int kept = 0;
    for (int i = 0; i < list.size; ++i)
      if (!list.items[i].is_normal() || !s.crosses_worn_border(list.items[i]))
        list.items[kept++] = list.items[i];
    list.size = kept;
  }
  const Bitboard evaders = s.chase_evaders();
  if (evaders == 0) return;
  // Only a move that ends next to an evader can be a chasing move.
  const Bitboard near = s.geometry().neighbours(evaders);
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
