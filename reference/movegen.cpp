#include "reference/movegen.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <set>
#include <utility>

namespace stratego::reference {
namespace {

struct Step {
  int dc, dr;
};
constexpr Step kSteps[4] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

bool is_lake(const Variant& v, int sq) { return (v.lakes >> sq) & 1; }

// The square one step from sq, or -1 when that is off the board or a lake (C-1.1).
int step(const Variant& v, int sq, Step d) {
  const int c = sq % v.width + d.dc, r = sq / v.width + d.dr;
  if (c < 0 || c >= v.width || r < 0 || r >= v.height) return -1;
  const int to = r * v.width + c;
  return is_lake(v, to) ? -1 : to;
}

bool adjacent(const Variant& v, int a, int b) {
  const int dc = std::abs(a % v.width - b % v.width), dr = std::abs(a / v.width - b / v.width);
  return dc + dr == 1;
}

bool is_side(Piece p, Side s) { return p != kNoPiece && piece_side(p) == s; }

// --- C-4 and V-3/V-4: piece movement ---

void add_piece_moves(const State& s, int from, std::vector<Move>& out) {
  const Variant& v = s.variant();
  const Side us = s.side_to_move();
  const Kind k = piece_kind(s.at(from));
  auto own = [&](int sq) { return is_side(s.at(sq), us); };
  auto empty = [&](int sq) { return s.at(sq) == kNoPiece; };

  if (k == kBomb || k == kFlag) {
    // C-4.3 they stay; V-3 bombs and V-4 flags step like others but never attack.
    if ((k == kBomb && !v.moving_bombs) || (k == kFlag && !v.moving_flag)) return;
    for (Step d : kSteps) {
      const int to = step(v, from, d);
      if (to >= 0 && empty(to)) out.push_back(Move::normal(from, to));
    }
    return;
  }
  if (k == kScout) {  // C-4.4: any number of empty squares, maybe an attack at the end
    for (Step d : kSteps) {
      for (int to = step(v, from, d); to >= 0; to = step(v, to, d)) {
        if (own(to)) break;
        out.push_back(Move::normal(from, to));
        if (!empty(to)) break;
      }
    }
    return;
  }
  if (k == kCaptain && v.captain_two_step) {
    // C-4.5: one step, or two with a turn allowed, the first square empty; either may attack.
    // A square reached two ways is one move.
    std::vector<int> dests;
    for (Step d1 : kSteps) {
      const int mid = step(v, from, d1);
      if (mid < 0 || own(mid)) continue;
      dests.push_back(mid);
      if (!empty(mid)) continue;
      for (Step d2 : kSteps) {
        const int to = step(v, mid, d2);
        if (to >= 0 && to != from && !own(to)) dests.push_back(to);
      }
    }
    std::sort(dests.begin(), dests.end());
    dests.erase(std::unique(dests.begin(), dests.end()), dests.end());
    for (int to : dests) out.push_back(Move::normal(from, to));
    return;
  }
  for (Step d : kSteps) {  // C-4.2
    const int to = step(v, from, d);
    if (to >= 0 && !own(to)) out.push_back(Move::normal(from, to));
  }
}

// V-5: each captured kind but the bomb onto each empty square of our set-up rows, or decline.
void add_rescues(const State& s, std::vector<Move>& out) {
  const Variant& v = s.variant();
  const Side us = s.side_to_move();
  for (Kind k : kAllKinds) {
    if (k == kBomb || s.captured(us, k) == 0) continue;
    for (int i = 0; i < v.setup_rows; ++i) {
      const int row = us == kRed ? i : v.height - 1 - i;
      for (int c = 0; c < v.width; ++c) {
        const int sq = row * v.width + c;
        if (!is_lake(v, sq) && s.at(sq) == kNoPiece) out.push_back(Move::rescue(k, sq));
      }
    }
  }
  out.push_back(Move::decline_rescue());
}

// --- C-6: the repetition rules, from the history ---

bool is_normal(const PlyRecord& r) { return r.move.type() == MoveType::kNormal; }

// A ply that took a piece from one square to another: a move, or an Anger follow-up attack.
bool moves_a_piece(const PlyRecord& r) {
  return is_normal(r) || r.move.type() == MoveType::kAngerAttack;
}

// The past boards, rebuilt backwards from the present: after(i) is the board right after
// history ply i. Each ply is undone by putting its mover back on `from` and its target (or
// nothing) on `to`, which needs no knowledge of how the combat went.
class PastBoards {
 public:
  explicit PastBoards(const State& s) : h_(s.history()) { boards_.push_back(board_of(s)); }
  const Board& after(int ply) {
    const std::size_t back = h_.size() - 1 - std::size_t(ply);  // plies undone to get there
    while (boards_.size() <= back) {
      Board b = boards_.back();
      const PlyRecord& r = h_[h_.size() - boards_.size()];  // the next ply to undo
      if (moves_a_piece(r) || r.move.type() == MoveType::kRanged) {
        b[r.move.from()] = r.mover;  // a ranged attacker never left; this puts it back anyway
        b[r.move.to()] = r.target;
      } else if (r.move.type() == MoveType::kRescue) {
        b[r.move.to()] = kNoPiece;
      }
      boards_.push_back(b);
    }
    return boards_[back];
  }

 private:
  const std::vector<PlyRecord>& h_;
  std::deque<Board> boards_;  // boards_[k]: the board after ply size-1-k; deque keeps refs
};

// What a chasing move must not repeat, if the opponent's last move evaded our threat.
struct Chase {
  bool active = false;
  std::vector<int> evaders;   // where every enemy piece that evaded in this chase stands now
  Move back_move;             // C-6.2 exception: our last move reversed
  std::vector<Board> boards;  // the board after every ply of the chase, its first threat on
};

// C-6.3: a border between two orthogonally neighbouring squares, as the pair (lower, higher).
using Border = std::pair<int, int>;

struct Context {
  Move two_squares_forbidden;  // none, or the move that would be number N+1
  // C-6.3 border runs: the piece that moved in our latest moves in a row and, for each of
  // those moves (newest first), the borders it crossed.
  int run_square = -1;
  std::vector<std::set<Border>> run_borders;
  Chase chase;
};

// The piece that moved in ply i survived on its target square.
bool survived(PastBoards& past, const std::vector<PlyRecord>& h, int i) {
  return past.after(i)[h[i].move.to()] == h[i].mover;
}

// Ply i evades: a normal move that attacks nothing and moves a piece that ply i-1, the
// opponent's normal move, threatened (its piece survived and stood next to it).
bool evades(PastBoards& past, const std::vector<PlyRecord>& h, const Variant& v, int i) {
  if (i < 1 || !is_normal(h[i]) || !is_normal(h[i - 1])) return false;
  if (h[i].target != kNoPiece) return false;
  if (piece_side(h[i].mover) == piece_side(h[i - 1].mover)) return false;
  return survived(past, h, i - 1) && adjacent(v, h[i - 1].move.to(), h[i].move.from());
}

// The borders the move crosses: one per step along its straight path.
std::set<Border> borders_of(const Variant& v, Move m) {
  std::set<Border> out;
  const int fc = m.from() % v.width, fr = m.from() / v.width;
  const int tc = m.to() % v.width, tr = m.to() / v.width;
  const int dc = (tc > fc) - (tc < fc), dr = (tr > fr) - (tr < fr);
  for (int c = fc, r = fr; c != tc || r != tr; c += dc, r += dr) {
    const int a = r * v.width + c, b = (r + dr) * v.width + (c + dc);
    out.insert({std::min(a, b), std::max(a, b)});
  }
  return out;
}

Context repetition_context(const State& s) {
  const Variant& v = s.variant();
  const Side us = s.side_to_move();
  const auto& h = s.history();
  Context ctx;
  PastBoards past(s);
  if (v.border_runs) {
    // C-6.3: our latest moves (newest first) while each moved the piece the next one moved;
    // a ranged attack moved no piece, and a piece that died has no run.
    int from_of_newer = -1;
    for (int i = int(h.size()) - 1; i >= 0; --i) {
      const bool ranged = h[i].move.type() == MoveType::kRanged;
      if (!(moves_a_piece(h[i]) || ranged) || piece_side(h[i].mover) != us) continue;
      if (ranged) break;
      if (ctx.run_square < 0) {
        if (!survived(past, h, i)) break;
        ctx.run_square = h[i].move.to();
      } else if (h[i].move.to() != from_of_newer) {
        break;  // another piece moved: the run began after this move
      }
      from_of_newer = h[i].move.from();
      ctx.run_borders.push_back(borders_of(v, h[i].move));
    }
  } else {
    // C-6.1: our moves of a piece, newest first (an Anger follow-up attack moves the piece
    // too; rescue decisions and the Anger stop are no moves; a ranged attack is a turn in
    // which no piece went back or forth, so it ends the run).
    std::vector<Move> ours;
    for (int i = int(h.size()) - 1; i >= 0 && int(ours.size()) < v.two_squares_limit; --i) {
      const bool ranged = h[i].move.type() == MoveType::kRanged;
      if (!(moves_a_piece(h[i]) || ranged) || piece_side(h[i].mover) != us) continue;
      if (ranged) break;
      const Move m = h[i].move;
      if (!ours.empty() && !(m.from() == ours.back().to() && m.to() == ours.back().from())) break;
      ours.push_back(m);
    }
    if (v.two_squares_limit > 0 && int(ours.size()) >= v.two_squares_limit)
      ctx.two_squares_forbidden = Move::normal(ours[0].to(), ours[0].from());
  }

  // C-6.2: the opponent's last move evaded our last move's threat.
  const int n = int(h.size());
  if (!v.chase_rule || n < 2 || !evades(past, h, v, n - 1)) return ctx;
  Chase& c = ctx.chase;
  c.active = true;
  c.back_move = Move::normal(h[n - 2].move.to(), h[n - 2].move.from());
  // The chase begins at our threat j: back while our threat j attacked nothing and the
  // opponent's move before it evaded our threat before that.
  int j = n - 2;
  while (j >= 2 && h[j].target == kNoPiece && evades(past, h, v, j - 1)) j -= 2;
  for (int i = j; i < n; ++i) c.boards.push_back(past.after(i));
  // The pieces that evaded, followed to where they stand now.
  for (int i = j + 1; i < n; i += 2) {
    std::erase(c.evaders, h[i].move.from());
    c.evaders.push_back(h[i].move.to());
  }
  return ctx;
}

Rule check(const State& s, const Context& ctx, const Board& now, Move m) {
  if (m.type() != MoveType::kNormal) return Rule::kNone;
  const Variant& v = s.variant();
  if (!ctx.two_squares_forbidden.is_none() && m == ctx.two_squares_forbidden)
    return Rule::kTwoSquares;
  if (v.border_runs && v.two_squares_limit > 0 && m.from() == ctx.run_square) {
    for (const Border& b : borders_of(v, m)) {
      int running = 0;  // how many of the run's latest moves crossed b, one after another
      while (running < int(ctx.run_borders.size()) && ctx.run_borders[running].count(b)) ++running;
      if (running >= v.two_squares_limit) return Rule::kTwoSquares;
    }
  }
  const Chase& c = ctx.chase;
  if (!c.active || now[m.to()] != kNoPiece) return Rule::kNone;  // an attack repeats nothing
  bool chasing = false;  // the move threatens a piece that evaded in this chase
  for (int e : c.evaders) chasing |= adjacent(v, m.to(), e);
  if (!chasing || m == c.back_move) return Rule::kNone;
  const Board after = board_after(v, now, m);
  for (const Board& b : c.boards)
    if (b == after) return Rule::kChase;
  return Rule::kNone;
}

}  // namespace

Board board_of(const State& s) {
  Board b{};
  const Variant& v = s.variant();
  for (int sq = 0; sq < v.width * v.height; ++sq) b[sq] = s.at(sq);
  return b;
}

int rank(Kind k) {
  switch (k) {
    case kAngerCaptain:
      return 6;  // CW-2a: a rank-6 piece with a power
    case kRangedMajor:
      return 7;  // CW-2a: a rank-7 piece with a power
    default:
      return int(k);  // Spy..Marshal carry their rank as their value (piece.h)
  }
}

Outcome combat(Kind attacker, Kind defender, const Variant& v) {
  return combat(attacker, rank(attacker), defender, v);
}

Outcome combat(Kind attacker, int attacker_rank, Kind defender, const Variant& v) {
  if (defender == kFlag) return Outcome::kAttackerWins;  // C-5.5
  if (defender == kBomb) {                               // C-5.4, V-2
    if (attacker == kMiner) return Outcome::kAttackerWins;
    return v.exploding_bombs ? Outcome::kBothRemoved : Outcome::kDefenderWins;
  }
  if (attacker == kSpy && defender == kMarshal) return Outcome::kAttackerWins;  // C-5.3
  // Flag and Bomb were handled above; everything else compares ranks.
  const int a = attacker_rank, d = rank(defender);
  if (a > d) return Outcome::kAttackerWins;
  if (a < d) return Outcome::kDefenderWins;
  return v.attacker_advantage ? Outcome::kAttackerWins : Outcome::kBothRemoved;  // C-5.2, V-1
}

Board board_after(const Variant& v, const Board& b, Move m) {
  Board out = b;
  const Piece a = b[m.from()], d = b[m.to()];
  out[m.from()] = kNoPiece;
  if (d == kNoPiece) {
    out[m.to()] = a;
    return out;
  }
  switch (combat(piece_kind(a), piece_kind(d), v)) {
    case Outcome::kAttackerWins:
      out[m.to()] = a;
      break;
    case Outcome::kDefenderWins:
      break;
    case Outcome::kBothRemoved:
      out[m.to()] = kNoPiece;
      break;
  }
  return out;
}

std::vector<Move> pseudo_moves(const State& s) {
  std::vector<Move> out;
  if (s.over()) return out;
  if (s.pending_rescue()) {
    add_rescues(s, out);
  } else if (const AngerChain chain = anger_chain(s); chain.square >= 0) {
    add_anger_moves(s, chain, out);  // CW-3
  } else {
    const Variant& v = s.variant();
    for (int sq = 0; sq < v.width * v.height; ++sq) {
      if (!is_side(s.at(sq), s.side_to_move())) continue;
      add_piece_moves(s, sq, out);
      if (piece_kind(s.at(sq)) == kRangedMajor) add_ranged_attacks(s, sq, out);  // CW-4
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

Rule forbidding_rule(const State& s, Move m) {
  return check(s, repetition_context(s), board_of(s), m);
}

std::vector<Move> legal_moves(const State& s) {
  std::vector<Move> moves = pseudo_moves(s);
  if (moves.empty() || s.pending_rescue()) return moves;
  const Context ctx = repetition_context(s);
  const Board now = board_of(s);
  std::vector<Move> out;
  for (Move m : moves)
    if (check(s, ctx, now, m) == Rule::kNone) out.push_back(m);
  return out;
}

bool rescue_due(const State& s) {
  const Variant& v = s.variant();
  const auto& h = s.history();
  if (!v.rescue || h.empty()) return false;
  // The piece that ended the turn, where it went: the last move, or for an Anger piece that
  // stopped, its last attack. While an Anger chain goes on the turn has not ended.
  const std::size_t n = h.size();
  const PlyRecord* r = &h[n - 1];
  if (r->move.type() == MoveType::kAngerStop && n >= 2) r = &h[n - 2];
  if (!moves_a_piece(*r) || anger_chain(s).square >= 0) return false;
  const Side us = piece_side(r->mover);
  const int to = r->move.to();
  const int enemy_back_row = us == kRed ? v.height - 1 : 0;
  // The piece reached the enemy back row and stands there; no Scout, no earlier rescuer.
  if (s.at(to) != r->mover || to / v.width != enemy_back_row) return false;
  if (piece_kind(r->mover) == kScout || (s.flags(to) & kRescuerFlag)) return false;
  if (s.rescues_used(us) >= v.rescue_limit) return false;
  bool something_to_rescue = false;
  for (Kind k : kAllKinds) something_to_rescue |= k != kBomb && s.captured(us, k) > 0;
  if (!something_to_rescue) return false;
  for (int i = 0; i < v.setup_rows; ++i) {
    const int row = us == kRed ? i : v.height - 1 - i;
    for (int c = 0; c < v.width; ++c)
      if (!is_lake(v, row * v.width + c) && s.at(row * v.width + c) == kNoPiece) return true;
  }
  return false;
}

std::uint64_t perft(State& s, int depth) {
  if (depth <= 0) return 1;
  const std::vector<Move> moves = legal_moves(s);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (Move m : moves) {
    s.make(m);
    n += perft(s, depth - 1);
    s.unmake();
  }
  return n;
}

}  // namespace stratego::reference
