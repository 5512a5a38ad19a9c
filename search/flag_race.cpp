#include "search/flag_race.h"

#include "engine/combat.h"
#include "engine/movegen.h"

namespace stratego::search {
namespace {

int flag_square(const State& s, Side defender) {
  const Bitboard f = s.kind_bb(defender, kFlag);
  return f ? lsb(f) : -1;
}

// Breadth first from the Flag; `walls` are never entered.
void walk_from(const Geometry& g, int flag_sq, Bitboard walls, std::array<int, kMaxSquares>& d) {
  d.fill(-1);
  std::array<int, kMaxSquares> queue{};
  int head = 0, tail = 0;
  d[std::size_t(flag_sq)] = 0;
  queue[std::size_t(tail++)] = flag_sq;
  while (head < tail) {
    const int sq = queue[std::size_t(head++)];
    for (Direction dir : kDirections) {
      const int n = g.step(sq, dir);
      if (n < 0 || d[std::size_t(n)] >= 0 || test(walls, n)) continue;
      d[std::size_t(n)] = d[std::size_t(sq)] + 1;
      queue[std::size_t(tail++)] = n;
    }
  }
}

bool takes_bombs(Kind k, const Variant& v) {
  return v.can_move(k) && resolve_combat(k, kBomb, v) == Outcome::kAttackerWins;
}

const std::array<int, kMaxSquares>& distances_for(Kind k, const State& s, const FlagDistances& d) {
  return takes_bombs(k, s.variant()) ? d.miner : d.other;
}

bool plain_turn(const State& s) { return !s.pending_rescue() && !s.pending_anger(); }

bool defence_fails(State& s, int moves, const FlagDistances& d);
bool attack_succeeds(State& s, int moves, const FlagDistances& d);

// The defender, to move, plays elsewhere (a move that changes nothing near the Flag): the
// attacker moves next.
bool attack_succeeds_after_pass(State& s, int moves, const FlagDistances& d) {
  const Side defender = s.side_to_move();
  s.set_side_to_move(other(defender));
  const bool won = attack_succeeds(s, moves, d);
  s.set_side_to_move(defender);
  return won;
}

// Attacker to move, `moves` of its moves left (at least one).
bool attack_succeeds(State& s, int moves, const FlagDistances& d) {
  if (s.over() || !plain_turn(s)) return false;
  const Side attacker = s.side_to_move();
  MoveList list;
  generate_moves(s, list);
  for (Move m : list) {
    if (!m.is_normal()) continue;
    const Piece target = s.at(m.to());
    if (target != kNoPiece && piece_side(target) != attacker && piece_kind(target) == kFlag)
      return true;
    if (moves == 1) continue;
    // Only steps that bring the piece closer: a forced capture in few moves needs no other.
    const auto& dist = distances_for(piece_kind(s.at(m.from())), s, d);
    const int after = dist[std::size_t(m.to())], before = dist[std::size_t(m.from())];
    if (after < 0 || after > moves - 1 || (before >= 0 && after >= before)) continue;
    s.make(m);
    const bool won =
        s.over() ? s.result().winner == winner_of(attacker) : defence_fails(s, moves - 1, d);
    s.unmake();
    if (won) return true;
  }
  return false;
}

// Defender to move after an attacker's move; the attacker has `moves` left (at least one).
bool defence_fails(State& s, int moves, const FlagDistances& d) {
  if (!plain_turn(s)) return false;
  const Side defender = s.side_to_move();
  MoveList list;
  generate_moves(s, list);
  if (list.size == 0) return true;  // no move left: lost anyway (C-7.2)
  for (Move m : list) {
    if (!m.is_normal()) continue;
    // Replies that end near the Flag (a guard stepping in, an attack on an approaching piece)
    // or take the enemy's Flag first.
    const int to = d.miner[std::size_t(m.to())];
    const Piece target = s.at(m.to());
    const bool wins = target != kNoPiece && piece_kind(target) == kFlag;
    if (!wins && (to < 0 || to > moves)) continue;
    s.make(m);
    const bool lost =
        s.over() ? s.result().winner != winner_of(defender) : attack_succeeds(s, moves, d);
    s.unmake();
    if (!lost) return false;
  }
  return attack_succeeds_after_pass(s, moves, d);
}

}  // namespace

FlagDistances flag_distances(const State& s, Side defender) {
  FlagDistances d;
  const int flag_sq = flag_square(s, defender);
  if (flag_sq < 0) {
    d.miner.fill(-1);
    d.other.fill(-1);
    return d;
  }
  walk_from(s.geometry(), flag_sq, 0, d.miner);
  walk_from(s.geometry(), flag_sq, s.kind_bb(defender, kBomb), d.other);
  return d;
}

bool flag_falls(State& s, int moves, const FlagDistances& d) {
  return moves > 0 && attack_succeeds(s, moves, d);
}

bool flag_falls_whatever_the_reply(State& s, int moves, const FlagDistances& d) {
  return moves > 0 && defence_fails(s, moves, d);
}

bool flag_falls_after_pass(State& s, int moves, const FlagDistances& d) {
  return moves > 0 && attack_succeeds_after_pass(s, moves, d);
}

bool flag_in_reach(const State& s, Side attacker, int moves, const FlagDistances& d) {
  for (int sq : squares(s.movable_bb(attacker))) {
    const int steps = distances_for(piece_kind(s.at(sq)), s, d)[std::size_t(sq)];
    if (steps >= 0 && steps <= moves) return true;
  }
  return false;
}

}  // namespace stratego::search
