// The full, true state of a classic-family game: per-side and per-kind bitboards, a mailbox,
// public facts about pieces (moved, revealed, has rescued), the follow-up decision a turn may
// still hold (a V-5 rescue, a CW-3 Anger attack), the history the repetition rules need, and a
// Zobrist hash. make()/unmake() change it in place without heap allocation.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/combat.h"
#include "engine/move.h"
#include "engine/result.h"
#include "engine/variant.h"

namespace stratego {

// C-6.3 (border runs): the borders a move of one square or a Scout's run crosses, as the
// squares at the two ends of a straight stretch (lo < hi); no border when lo == hi.
struct BorderSpan {
  std::uint8_t lo = 0, hi = 0;
  bool empty() const { return lo == hi; }
  bool operator==(const BorderSpan&) const = default;
};

// C-6.1 bookkeeping for one side: its last move and how many moves in a row went back and
// forth between the same two squares. Under C-6.3 (border runs) count is the number of moves
// in a row of the piece now on `to` (at most the limit), and crossed[k] the borders that each
// of its last k + 1 moves crossed.
struct TwoSquareRun {
  std::uint8_t from = 0, to = 0, count = 0;
  std::array<BorderSpan, kMaxBorderRun> crossed{};
  bool operator==(const TwoSquareRun&) const = default;
};

// What a PlyRecord keeps of a TwoSquareRun: its squares and count. The border spans, which
// only C-6.3 variants have, are kept apart so that every ply's record stays one cache line.
struct RunSquares {
  std::uint8_t from = 0, to = 0, count = 0;
};

// What one decision did; make() pushes it, unmake() pops it. Also the per-ply facts the
// chasing rule (C-6.2) reads back.
struct PlyRecord {
  Move move;
  Piece mover = kNoPiece, target = kNoPiece;  // before the move, on from and on to
  Outcome outcome = Outcome::kAttackerWins;   // meaningful when target != kNoPiece
  std::uint8_t from_flags = 0, to_flags = 0;  // flag bits of from and to before the move
  std::uint8_t rescuer_square = 0;            // rescue: the piece that earned it
  bool took_silent_capture = false;           // rescue: came from the face-down pile (V-6)
  RunSquares prev_run;
  bool prev_pending_rescue = false;
  std::uint8_t prev_anger_square = 0, prev_anger_wins = 0;  // CW-3 chain before the ply
  Result prev_result;
  std::uint64_t prev_hash = 0;
  int prev_quiet_moves = 0;  // C-6.3
  // C-6.2: the board after the move (pieces only, not who is to move); for a move that
  // evades, the ply of the chase's first threat and where every piece that evaded in its
  // chase stands now (-1 and 0 otherwise). Whom a move threatened is not kept: the pieces next
  // to where it ended, if its mover survived.
  std::int32_t chase_begin = -1;
  std::uint64_t board_after = 0;
  Bitboard chase_evaders = 0;
};
static_assert(sizeof(PlyRecord) <= 64, "a ply's record fits one cache line");

// Per-square flag bits, kept as bitboards that travel with the piece.
enum PieceFlag : std::uint8_t { kMovedFlag = 1, kRevealedFlag = 2, kRescuerFlag = 4 };

class State {
 public:
  // An empty board of the variant, Red to move; fill it with put() or from set-ups.
  explicit State(std::shared_ptr<const Variant> variant);

  const Variant& variant() const { return *variant_; }
  std::shared_ptr<const Variant> variant_ptr() const { return variant_; }
  const Geometry& geometry() const { return variant_->geometry; }

  // --- building positions (set-up, tests, notation) ---
  void put(int sq, Side s, Kind k, std::uint8_t flags = 0);
  void remove(int sq);
  void set_side_to_move(Side s);
  void set_run(Side s, TwoSquareRun run) { run_[s] = run; }
  void set_captured(Side s, Kind k, int total, int silent);
  void set_rescues_used(Side s, int n) { rescues_used_[s] = std::uint8_t(n); }
  void set_moves_played(int n) { moves_played_ = n; }
  void set_quiet_moves(int n) { quiet_moves_ = n; }
  void set_pending_rescue(bool pending, int rescuer_square);
  // CW-3: the Anger piece on `square` won `wins` attacks this turn and may attack again;
  // wins 0 means no chain is pending.
  void set_pending_anger(int square, int wins);
  void set_result(Result r) { result_ = r; }

  // --- queries ---
  Piece at(int sq) const { return board_[sq]; }
  Bitboard side_bb(Side s) const { return side_bb_[s]; }
  Bitboard kind_bb(Side s, Kind k) const { return kind_bb_[s][k]; }
  Bitboard occupied() const { return side_bb_[kRed] | side_bb_[kBlue]; }
  Bitboard moved_bb() const { return moved_bb_; }
  Bitboard revealed_bb() const { return revealed_bb_; }
  Bitboard rescuer_bb() const { return rescuer_bb_; }
  std::uint8_t flags(int sq) const;
  Side side_to_move() const { return stm_; }
  std::uint64_t hash() const { return hash_; }
  int ply() const { return int(history_.size()); }
  int moves_played() const { return moves_played_; }
  // C-6.3: moves of both players in a row without an attack (counted where the variant has
  // a no-attack limit).
  int quiet_moves() const { return quiet_moves_; }
  int captured(Side s, Kind k) const { return captured_[s][k]; }
  // Captured without their rank being shown (V-6 silent defence); a subset of captured().
  int captured_silent(Side s, Kind k) const { return captured_silent_[s][k]; }
  int rescues_used(Side s) const { return rescues_used_[s]; }
  TwoSquareRun run(Side s) const { return run_[s]; }
  bool pending_rescue() const { return pending_rescue_; }
  int rescuer_square() const { return rescuer_square_; }
  // CW-3: the side to move is in the middle of an Anger chain: its Anger piece on
  // anger_square() won anger_wins() attacks this turn (so fights at rank_of + anger_bonus)
  // and now attacks an adjacent enemy again or stops.
  bool pending_anger() const { return anger_wins_ > 0; }
  int anger_square() const { return anger_square_; }
  int anger_wins() const { return anger_wins_; }
  const std::vector<PlyRecord>& history() const { return history_; }
  // C-6.2: where the pieces stand that evaded in the chase of the side to move, if the last
  // move evaded (0: no chase); kept outside the history so that move generation reads
  // nothing cold when no chase is on.
  Bitboard chase_evaders() const { return chase_evaders_; }
  // The board's hash without the side to move: what C-6.2 compares.
  std::uint64_t board_hash() const;
  Result result() const { return result_; }
  bool over() const { return result_.over(); }
  // Pieces of side s that the rules let move at all (C-4.3, V-3, V-4).
  Bitboard movable_bb(Side s) const;

  // The combat outcome a normal move would have if played now.
  Outcome outcome_of(Move m) const;
  // True if a move that spans from->to can only have been made by a Scout (C-8.3) -- or by
  // a Captain, where only a Captain can make it (C-4.5) -- so making it reveals the piece.
  bool move_reveals(int from, int to) const;
  // C-6.3 (border runs): the normal move m crosses a border that the side to move's piece
  // has crossed two_squares_limit times running.
  bool crosses_worn_border(Move m) const;

  // Gives the state the history of `tail`, the plain moves (no attack) that led to it, oldest
  // first, for the repetition rules to read (C-6.2): the pieces are walked back through them
  // and the moves made again, and every other fact of the state is left as it was. The records
  // serve those rules only: unmaking them does not give the game's earlier positions.
  void replay_tail(const std::vector<Move>& tail);

  // --- playing ---
  void make(Move m);  // m must be legal (see movegen.h)
  void unmake();
  // C-7.2: the side to move has no legal move and loses. Call when generation found none.
  void declare_no_moves();
  void resign(Side s);
  void agree_draw();
  // The referee ends the game: side `loser` forfeits for reason r (an external end reason).
  void forfeit(Side loser, EndReason r);

  bool operator==(const State& o) const;  // every field but the history

 private:
  void add_piece(int sq, Piece p, std::uint8_t flags);
  void take_piece(int sq);
  void set_flags(int sq, std::uint8_t flags);
  // Records what stands on from and to before a move that fights or moves there.
  void note_squares(PlyRecord& rec, int from, int to) const {
    rec.mover = board_[from];
    rec.target = board_[to];
    rec.from_flags = flags(from);
    rec.to_flags = flags(to);
  }
  void make_normal(Move m, PlyRecord& rec);
  void make_rescue(Move m, PlyRecord& rec);
  // The Clone Wars powers (state_powers.cpp).
  void make_anger_attack(Move m, PlyRecord& rec);
  void make_anger_stop(PlyRecord& rec);
  void make_ranged(Move m, PlyRecord& rec);
  void unmake_ranged(const PlyRecord& rec);
  // unmake() but for the history's bookkeeping: everything rec changed, back.
  void undo(const PlyRecord& rec);
  bool anger_goes_on(int sq, int wins) const;
  // The combat of rec.mover (kind ak, rank raised by bonus) against rec.target on `to`:
  // removes the defender if it loses or ties, books the captures and a captured Flag, and
  // reveals a surviving defender where the rules show it. The attacker is the caller's.
  Outcome fight(int to, Kind ak, int bonus, PlyRecord& rec);
  // C-5.1 shows both ranks; V-6 the defender's only when a Scout attacks or it was known.
  bool defender_shown(Kind attacker, std::uint8_t defender_flags) const;
  // C-6.1 (C-6.3 under border runs): the side's run after its piece went from -> to (and
  // survived or not).
  void count_run(Side us, int from, int to, bool survived);
  // C-6.3: the no-attack count after a move that attacked or not; may end the game drawn.
  void count_quiet(bool attack);
  // The side to move's turn ends with its piece of kind k on sq (arrived: it moved there this
  // turn and stands there): V-4 and V-5 for an arrival on the enemy back row, then the move
  // limit (C-7.4); the turn passes unless a rescue is due.
  void end_turn(int sq, Kind k, bool arrived);
  void record_chase_facts(PlyRecord& rec);
  // C-6.1's run of side s goes back to the squares and count a record kept (the border spans
  // of C-6.3 come back from border_undo_).
  void restore_run(Side s, RunSquares r) {
    run_[s].from = r.from;
    run_[s].to = r.to;
    run_[s].count = r.count;
  }
  bool rescue_available(int sq) const;
  void check_after_combat();

  // Members that move generation reads come first, so that a position costs it few cache
  // lines.
  std::shared_ptr<const Variant> variant_;
  Side stm_ = kRed;
  bool pending_rescue_ = false;
  std::uint8_t anger_wins_ = 0, anger_square_ = 0;
  Result result_;
  Bitboard chase_evaders_ = 0;
  std::array<TwoSquareRun, 2> run_{};
  std::array<Bitboard, 2> side_bb_{};
  // 16 slots a side (kNumKinds <= 16), cache-line aligned: a side's kinds then fill whole lines.
  alignas(64) std::array<std::array<Bitboard, 16>, 2> kind_bb_{};
  Bitboard moved_bb_ = 0, revealed_bb_ = 0, rescuer_bb_ = 0;
  std::array<Piece, kMaxSquares> board_{};
  std::uint64_t hash_ = 0;
  int moves_played_ = 0;
  int quiet_moves_ = 0;
  std::array<std::array<std::uint8_t, kNumKinds>, 2> captured_{}, captured_silent_{};
  std::array<std::uint8_t, 2> rescues_used_{};
  int rescuer_square_ = 0;
  std::vector<PlyRecord> history_;
  // C-6.3: the border spans of the run of the side that made each ply, from before it (only
  // where the variant has border runs); make() pushes, unmake() pops, beside history_.
  struct BorderUndo {
    Side side;
    std::array<BorderSpan, kMaxBorderRun> crossed;
  };
  std::vector<BorderUndo> border_undo_;
};

}  // namespace stratego
