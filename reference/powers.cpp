// The reference's reading of the Clone Wars powers (docs/rules.md CW-3, CW-4), written from the
// rule text and independent of engine/state_powers.cpp and engine/movegen.cpp: the Anger chain
// is counted from the history, lines are walked square by square, combat uses the reference's
// own ranks.
#include <algorithm>

#include "reference/movegen.h"

namespace stratego::reference {
namespace {

constexpr int kMaxAngerAttacks = 4;  // CW-3: "up to four enemy pieces in a row"
constexpr int kAngerTopRank = 9;     // CW-3: "rank +1 (at most 9)"

// The square `n` steps from sq in direction (dc, dr), or -1 when off the board or a lake.
int walk(const Variant& v, int sq, int dc, int dr, int n = 1) {
  const int c = sq % v.width + n * dc, r = sq / v.width + n * dr;
  if (c < 0 || c >= v.width || r < 0 || r >= v.height) return -1;
  const int to = r * v.width + c;
  return ((v.lakes >> to) & 1) ? -1 : to;
}

constexpr int kDirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

bool enemy_of(Piece p, Side s) { return p != kNoPiece && piece_side(p) != s; }

}  // namespace

AngerChain anger_chain(const State& s) {
  const auto& h = s.history();
  if (s.over() || h.empty()) return {};
  const PlyRecord& last = h.back();
  const MoveType t = last.move.type();
  if (t != MoveType::kNormal && t != MoveType::kAngerAttack) return {};
  // The last ply was an attack by an Anger piece that won: the attacker stands on the target.
  if (last.target == kNoPiece || piece_kind(last.mover) != kAngerCaptain) return {};
  const int sq = last.move.to();
  if (s.at(sq) != last.mover) return {};
  // This turn's attacks: the follow-ups back to the move that began the chain. Every one but
  // the last was won, or no follow-up would have come.
  int wins = 1;
  for (int i = int(h.size()) - 1; i >= 0 && h[std::size_t(i)].move.type() == MoveType::kAngerAttack;
       --i)
    ++wins;
  if (wins >= kMaxAngerAttacks) return {};
  const Side us = piece_side(last.mover);
  for (const auto& d : kDirs) {
    const int to = walk(s.variant(), sq, d[0], d[1]);
    if (to >= 0 && enemy_of(s.at(to), us)) return {sq, wins};
  }
  return {};  // nothing left to attack: the turn is over
}

void add_anger_moves(const State& s, const AngerChain& chain, std::vector<Move>& out) {
  const Side us = piece_side(s.at(chain.square));
  for (const auto& d : kDirs) {
    const int to = walk(s.variant(), chain.square, d[0], d[1]);
    if (to >= 0 && enemy_of(s.at(to), us)) out.push_back(Move::anger_attack(chain.square, to));
  }
  out.push_back(Move::anger_stop());
}

void add_ranged_attacks(const State& s, int from, std::vector<Move>& out) {
  const Variant& v = s.variant();
  const Side us = piece_side(s.at(from));
  for (const auto& d : kDirs) {
    // One square away, or two with the square between empty and not a lake.
    const int near = walk(v, from, d[0], d[1]);
    if (near < 0) continue;
    if (enemy_of(s.at(near), us)) {
      out.push_back(Move::ranged(from, near));
    } else if (s.at(near) == kNoPiece) {
      const int far = walk(v, from, d[0], d[1], 2);
      if (far >= 0 && enemy_of(s.at(far), us)) out.push_back(Move::ranged(from, far));
    }
  }
}

Board board_after(const State& s, Move m) {
  const Variant& v = s.variant();
  Board b = board_of(s);
  switch (m.type()) {
    case MoveType::kNormal:
      return board_after(v, b, m);
    case MoveType::kRescue:
      b[m.to()] = make_piece(s.side_to_move(), m.rescued_kind());
      return b;
    case MoveType::kDeclineRescue:
    case MoveType::kAngerStop:
      return b;
    case MoveType::kAngerAttack: {
      // Each attack won this turn added 1 to the rank, up to 9.
      const Kind k = piece_kind(b[m.from()]);
      const int r = std::min(rank(k) + anger_chain(s).wins, kAngerTopRank);
      const Outcome o = combat(k, r, piece_kind(b[m.to()]), v);
      const Piece a = b[m.from()];
      b[m.from()] = kNoPiece;
      if (o != Outcome::kDefenderWins) b[m.to()] = o == Outcome::kAttackerWins ? a : kNoPiece;
      return b;
    }
    case MoveType::kRanged: {
      // The attacker never moves: whoever loses goes, a tie takes both.
      const Kind k = piece_kind(b[m.from()]);
      const Outcome o = combat(k, rank(k), piece_kind(b[m.to()]), v);
      if (o != Outcome::kDefenderWins) b[m.to()] = kNoPiece;
      if (o != Outcome::kAttackerWins) b[m.from()] = kNoPiece;
      return b;
    }
  }
  return b;
}

}  // namespace stratego::reference
