#include "engine/state.h"

#include <cstdlib>

#include "engine/zobrist.h"

namespace stratego {

State::State(std::shared_ptr<const Variant> variant) : variant_(std::move(variant)) {
  const int limit = variant_->move_limit;
  history_.reserve(std::size_t(limit > 0 ? limit + limit / 4 + 64 : 4096));
  if (variant_->border_runs) border_undo_.reserve(history_.capacity());
}

void State::add_piece(int sq, Piece p, std::uint8_t flags) {
  const Bitboard b = square_bb(sq);
  board_[sq] = p;
  side_bb_[piece_side(p)] |= b;
  kind_bb_[piece_side(p)][piece_kind(p)] |= b;
  hash_ ^= kZobrist.piece[p][sq];
  set_flags(sq, flags);
}

void State::take_piece(int sq) {
  const Piece p = board_[sq];
  const Bitboard b = ~square_bb(sq);
  board_[sq] = kNoPiece;
  side_bb_[piece_side(p)] &= b;
  kind_bb_[piece_side(p)][piece_kind(p)] &= b;
  moved_bb_ &= b;
  revealed_bb_ &= b;
  rescuer_bb_ &= b;
  hash_ ^= kZobrist.piece[p][sq];
}

void State::set_flags(int sq, std::uint8_t flags) {
  const Bitboard b = square_bb(sq);
  moved_bb_ = (flags & kMovedFlag) ? moved_bb_ | b : moved_bb_ & ~b;
  revealed_bb_ = (flags & kRevealedFlag) ? revealed_bb_ | b : revealed_bb_ & ~b;
  rescuer_bb_ = (flags & kRescuerFlag) ? rescuer_bb_ | b : rescuer_bb_ & ~b;
}

std::uint8_t State::flags(int sq) const {
  return std::uint8_t((test(moved_bb_, sq) ? kMovedFlag : 0) |
                      (test(revealed_bb_, sq) ? kRevealedFlag : 0) |
                      (test(rescuer_bb_, sq) ? kRescuerFlag : 0));
}

void State::put(int sq, Side s, Kind k, std::uint8_t flags) {
  if (board_[sq] != kNoPiece) take_piece(sq);
  add_piece(sq, make_piece(s, k), flags);
}

void State::remove(int sq) {
  if (board_[sq] != kNoPiece) take_piece(sq);
}

void State::set_side_to_move(Side s) {
  if (s != stm_) hash_ ^= kZobrist.blue_to_move;
  stm_ = s;
}

void State::set_captured(Side s, Kind k, int total, int silent) {
  captured_[s][k] = std::uint8_t(total);
  captured_silent_[s][k] = std::uint8_t(silent);
}

void State::set_pending_rescue(bool pending, int rescuer_square) {
  pending_rescue_ = pending;
  rescuer_square_ = rescuer_square;
}

Bitboard State::movable_bb(Side s) const {
  Bitboard b = side_bb_[s];
  if (!variant_->moving_bombs) b &= ~kind_bb_[s][kBomb];
  if (!variant_->moving_flag) b &= ~kind_bb_[s][kFlag];
  return b;
}

Outcome State::outcome_of(Move m) const {
  return resolve_combat(piece_kind(board_[m.from()]), piece_kind(board_[m.to()]), *variant_);
}

std::uint64_t State::board_hash() const {
  return stm_ == kBlue ? hash_ ^ kZobrist.blue_to_move : hash_;
}

bool State::move_reveals(int from, int to) const {
  const Geometry& g = geometry();
  const int dc = std::abs(g.col(from) - g.col(to)), dr = std::abs(g.row(from) - g.row(to));
  if (dc + dr <= 1) return false;
  const bool straight = dc == 0 || dr == 0;
  // A Captain (C-4.5) also makes two-square straight moves: then the move shows only
  // "Scout or Captain", which belief tracking works out, not a reveal.
  if (variant_->captain_two_step && dc + dr == 2) return !straight || variant_->army[kScout] == 0;
  return straight;
}

void State::make(Move m) {
  history_.emplace_back();
  PlyRecord& rec = history_.back();
  rec.move = m;
  const TwoSquareRun& run = run_[stm_];
  rec.prev_run = {run.from, run.to, run.count};
  if (variant_->border_runs) border_undo_.push_back({stm_, run.crossed});
  rec.prev_pending_rescue = pending_rescue_;
  rec.prev_anger_square = anger_square_;
  rec.prev_anger_wins = anger_wins_;
  rec.prev_result = result_;
  rec.prev_hash = hash_;
  rec.prev_quiet_moves = quiet_moves_;
  if (m.is_normal()) {
    make_normal(m, rec);
  } else {
    switch (m.type()) {
      case MoveType::kAngerAttack:
        make_anger_attack(m, rec);
        break;
      case MoveType::kAngerStop:
        make_anger_stop(rec);
        break;
      case MoveType::kRanged:
        make_ranged(m, rec);
        break;
      default:
        make_rescue(m, rec);
        break;
    }
  }
  rec.board_after = board_hash();
  chase_evaders_ = rec.chase_evaders;
}

bool State::defender_shown(Kind attacker, std::uint8_t defender_flags) const {
  return !variant_->silent_defence || attacker == kScout || (defender_flags & kRevealedFlag);
}

Outcome State::fight(int to, Kind ak, int bonus, PlyRecord& rec) {
  const Side us = stm_, them = other(us);
  const Kind dk = piece_kind(rec.target);
  const bool shown = defender_shown(ak, rec.to_flags);
  const Outcome o = resolve_combat(ak, dk, *variant_, bonus);
  if (o != Outcome::kDefenderWins) {
    take_piece(to);
    ++captured_[them][dk];
    if (!shown) ++captured_silent_[them][dk];
    if (dk == kFlag) result_ = {winner_of(us), EndReason::kFlagCaptured};
  }
  if (o != Outcome::kAttackerWins) ++captured_[us][ak];
  if (o == Outcome::kDefenderWins && shown) revealed_bb_ |= square_bb(to);
  return o;
}

namespace {

// C-6.3: the borders a straight move from -> to crosses.
BorderSpan span_of(int from, int to) {
  return {std::uint8_t(std::min(from, to)), std::uint8_t(std::max(from, to))};
}

// The borders both spans cross: none unless they lie on one row or one column and overlap.
BorderSpan meet(BorderSpan a, BorderSpan b, const Geometry& g) {
  if (a.empty() || b.empty()) return {};
  const bool a_row = g.row(a.lo) == g.row(a.hi), b_row = g.row(b.lo) == g.row(b.hi);
  if (a_row != b_row || (a_row ? g.row(a.lo) != g.row(b.lo) : g.col(a.lo) != g.col(b.lo)))
    return {};
  const std::uint8_t lo = std::max(a.lo, b.lo), hi = std::min(a.hi, b.hi);
  return lo < hi ? BorderSpan{lo, hi} : BorderSpan{};
}

}  // namespace

bool State::crosses_worn_border(Move m) const {
  const int limit = variant_->two_squares_limit;
  const TwoSquareRun& run = run_[stm_];
  if (limit == 0 || run.count < limit || m.from() != run.to) return false;
  return !meet(run.crossed[std::size_t(limit - 1)], span_of(m.from(), m.to()), geometry()).empty();
}

void State::count_run(Side us, int from, int to, bool survived) {
  TwoSquareRun& run = run_[us];
  if (!survived) {
    run = {};
  } else if (variant_->border_runs) {
    // The run goes on while the same piece moves; crossed[k] keeps the borders each of its
    // last k + 1 moves crossed, so crossed[limit - 1] holds the ones crossed limit times running.
    TwoSquareRun next{std::uint8_t(from), std::uint8_t(to), 1};
    next.crossed[0] = span_of(from, to);
    if (run.count > 0 && from == run.to) {
      next.count = std::uint8_t(std::min(run.count + 1, std::max(variant_->two_squares_limit, 1)));
      for (int k = 1; k < next.count; ++k)
        next.crossed[std::size_t(k)] =
            meet(run.crossed[std::size_t(k - 1)], next.crossed[0], geometry());
    }
    run = next;
  } else if (run.count > 0 && from == run.to && to == run.from) {
    run = {std::uint8_t(from), std::uint8_t(to), std::uint8_t(run.count + 1)};
  } else {
    run = {std::uint8_t(from), std::uint8_t(to), 1};
  }
}

void State::make_normal(Move m, PlyRecord& rec) {
  const int from = m.from(), to = m.to();
  const Side us = stm_;
  note_squares(rec, from, to);
  const Piece mover = rec.mover, target = rec.target;
  std::uint8_t mover_flags = rec.from_flags | kMovedFlag;
  if (move_reveals(from, to)) mover_flags |= kRevealedFlag;
  const Kind ak = piece_kind(mover);
  bool survived = true;

  take_piece(from);
  if (target == kNoPiece) {
    add_piece(to, mover, mover_flags);
  } else {
    rec.outcome = fight(to, ak, 0, rec);
    survived = rec.outcome == Outcome::kAttackerWins;
    if (survived) add_piece(to, mover, mover_flags | kRevealedFlag);
    if (!result_.over()) check_after_combat();
  }
  count_run(us, from, to, survived);  // C-6.1: moves in a row between the same two squares
  count_quiet(target != kNoPiece);
  ++moves_played_;
  if (target != kNoPiece && ak == kAngerCaptain && survived && anger_goes_on(to, 1)) {
    anger_wins_ = 1;  // CW-3: the same player decides next whether to attack again
    anger_square_ = std::uint8_t(to);
  } else {
    end_turn(to, ak, survived);
  }
  record_chase_facts(rec);
}

void State::count_quiet(bool attack) {
  if (variant_->no_attack_limit > 0) quiet_moves_ = attack ? 0 : quiet_moves_ + 1;
}

void State::end_turn(int sq, Kind k, bool arrived) {
  const Side us = stm_;
  const bool at_move_limit = variant_->move_limit > 0 && moves_played_ >= variant_->move_limit;
  const bool at_quiet_limit =
      variant_->no_attack_limit > 0 && quiet_moves_ >= variant_->no_attack_limit;
  const bool at_limit = at_move_limit || at_quiet_limit;
  if (arrived && !result_.over() && geometry().row(sq) == variant_->back_row(other(us))) {
    if (k == kFlag) {
      result_ = {winner_of(us), EndReason::kFlagReachedBack};  // V-4
    } else if (variant_->rescue && rescue_available(sq) && !at_limit) {
      pending_rescue_ = true;  // V-5: the same player decides next
      rescuer_square_ = sq;
    }
  }
  if (!result_.over() && at_move_limit) result_ = {Winner::kDraw, EndReason::kMoveLimit};
  if (!result_.over() && at_quiet_limit) result_ = {Winner::kDraw, EndReason::kNoAttackLimit};
  if (!pending_rescue_) set_side_to_move(other(us));
}

bool State::rescue_available(int sq) const {
  const Side us = piece_side(board_[sq]);
  if (piece_kind(board_[sq]) == kScout || test(rescuer_bb_, sq)) return false;
  if (rescues_used_[us] >= variant_->rescue_limit) return false;
  if ((variant_->setup_zone(us) & ~occupied()) == 0) return false;
  for (Kind k : kAllKinds)
    if (k != kBomb && captured_[us][k] > 0) return true;
  return false;
}

void State::make_rescue(Move m, PlyRecord& rec) {
  const Side us = stm_;
  rec.rescuer_square = std::uint8_t(rescuer_square_);
  if (m.type() == MoveType::kRescue) {
    const Kind k = m.rescued_kind();
    // Take a face-up piece from the pile first; the rescued piece is public either way.
    rec.took_silent_capture = captured_silent_[us][k] == captured_[us][k];
    if (rec.took_silent_capture) --captured_silent_[us][k];
    --captured_[us][k];
    ++rescues_used_[us];
    rescuer_bb_ |= square_bb(rescuer_square_);
    add_piece(m.to(), make_piece(us, k), kRevealedFlag);
  }
  pending_rescue_ = false;
  set_side_to_move(other(us));
  record_chase_facts(rec);
}

void State::record_chase_facts(PlyRecord& rec) {
  if (!variant_->chase_rule) return;
  if (rec.move.type() != MoveType::kNormal) return;  // a rescue breaks any chase
  const std::size_t n = history_.size() - 1;         // index of rec
  if (n == 0 || rec.target != kNoPiece) return;      // an attack evades nothing
  const int from = rec.move.from(), to = rec.move.to();
  const Side us = piece_side(rec.mover);
  // This move evades if prev, the enemy's move just before, left its piece next to ours.
  const PlyRecord& prev = history_[n - 1];
  if (prev.move.type() != MoveType::kNormal || piece_side(prev.mover) == us) return;
  const bool prev_survived = prev.target == kNoPiece || prev.outcome == Outcome::kAttackerWins;
  if (!prev_survived || !test(geometry().neighbours(square_bb(prev.move.to())), from)) return;
  // The chase goes on from our previous evasion if prev, the threat in between, attacked
  // nothing; otherwise prev is the chase's first threat.
  const PlyRecord* ours = n >= 2 ? &history_[n - 2] : nullptr;
  if (ours && ours->chase_evaders != 0 && prev.target == kNoPiece) {
    rec.chase_begin = ours->chase_begin;
    rec.chase_evaders = (ours->chase_evaders & ~square_bb(from)) | square_bb(to);
  } else {
    rec.chase_begin = std::int32_t(n - 1);
    rec.chase_evaders = square_bb(to);
  }
}

void State::check_after_combat() {
  // C-7.3: neither side has a piece that can move.
  if (movable_bb(kRed) == 0 && movable_bb(kBlue) == 0)
    result_ = {Winner::kDraw, EndReason::kNoMovablePieces};
}

void State::unmake() {
  undo(history_.back());  // in place: a copy of the record would cost more than the undo
  history_.pop_back();
  chase_evaders_ = history_.empty() ? 0 : history_.back().chase_evaders;
  if (variant_->border_runs) {
    const BorderUndo& u = border_undo_.back();
    run_[u.side].crossed = u.crossed;
    border_undo_.pop_back();
  }
}

void State::undo(const PlyRecord& rec) {
  quiet_moves_ = rec.prev_quiet_moves;
  const Move m = rec.move;
  result_ = rec.prev_result;
  pending_rescue_ = rec.prev_pending_rescue;
  anger_square_ = rec.prev_anger_square;
  anger_wins_ = rec.prev_anger_wins;
  const MoveType type = m.type();
  if (type == MoveType::kRanged) return unmake_ranged(rec);
  if (type == MoveType::kAngerStop) {
    set_side_to_move(piece_side(rec.mover));
    hash_ = rec.prev_hash;
    return;
  }
  if (type == MoveType::kRescue || type == MoveType::kDeclineRescue) {
    const Side us = other(stm_);
    set_side_to_move(us);
    rescuer_square_ = rec.rescuer_square;
    if (type == MoveType::kRescue) {
      take_piece(m.to());
      const Kind k = m.rescued_kind();
      ++captured_[us][k];
      if (rec.took_silent_capture) ++captured_silent_[us][k];
      --rescues_used_[us];
      rescuer_bb_ &= ~square_bb(rec.rescuer_square);
    }
    hash_ = rec.prev_hash;
    return;
  }
  // A normal move or an Anger follow-up attack (which is no move of its own for C-7.4).
  const Side us = piece_side(rec.mover);
  set_side_to_move(us);
  if (type == MoveType::kNormal) --moves_played_;
  const int from = m.from(), to = m.to();
  if (board_[to] != kNoPiece && (rec.target == kNoPiece || rec.outcome == Outcome::kAttackerWins))
    take_piece(to);
  if (rec.target != kNoPiece) {
    const Kind ak = piece_kind(rec.mover), dk = piece_kind(rec.target);
    const Side them = other(us);
    if (rec.outcome != Outcome::kDefenderWins) {
      --captured_[them][dk];
      if (!defender_shown(ak, rec.to_flags)) --captured_silent_[them][dk];
      if (rec.outcome == Outcome::kBothRemoved) --captured_[us][ak];
      add_piece(to, rec.target, rec.to_flags);
    } else {
      --captured_[us][ak];
      set_flags(to, rec.to_flags);
    }
  }
  add_piece(from, rec.mover, rec.from_flags);
  restore_run(us, rec.prev_run);
  hash_ = rec.prev_hash;
}

void State::replay_tail(const std::vector<Move>& tail) {
  // What making the tail again would change besides the board and the history; no piece is
  // taken (the tail has no attack), so the rest stays.
  const int moves_played = moves_played_, quiet_moves = quiet_moves_;
  const std::array<TwoSquareRun, 2> runs = run_;
  const Result result = result_;
  const bool pending_rescue = pending_rescue_;
  const int rescuer_square = rescuer_square_;
  const Side stm = stm_;
  history_.clear();
  border_undo_.clear();
  for (auto it = tail.rbegin(); it != tail.rend(); ++it) {
    const Piece p = board_[it->to()];
    const std::uint8_t f = flags(it->to());
    take_piece(it->to());
    add_piece(it->from(), p, f);
  }
  if (!tail.empty()) set_side_to_move(piece_side(board_[tail.front().from()]));
  result_ = {};
  pending_rescue_ = false;
  for (Move m : tail) make(m);
  moves_played_ = moves_played;
  quiet_moves_ = quiet_moves;
  run_ = runs;
  result_ = result;
  set_pending_rescue(pending_rescue, rescuer_square);
  set_side_to_move(stm);
}

void State::declare_no_moves() { result_ = {winner_of(other(stm_)), EndReason::kNoMoves}; }
void State::resign(Side s) { result_ = {winner_of(other(s)), EndReason::kResignation}; }
void State::agree_draw() { result_ = {Winner::kDraw, EndReason::kDrawAgreed}; }
void State::forfeit(Side loser, EndReason r) { result_ = {winner_of(other(loser)), r}; }

bool State::operator==(const State& o) const {
  return variant_->spec == o.variant_->spec && side_bb_ == o.side_bb_ && kind_bb_ == o.kind_bb_ &&
         moved_bb_ == o.moved_bb_ && revealed_bb_ == o.revealed_bb_ &&
         rescuer_bb_ == o.rescuer_bb_ && board_ == o.board_ && stm_ == o.stm_ && hash_ == o.hash_ &&
         moves_played_ == o.moves_played_ && quiet_moves_ == o.quiet_moves_ &&
         captured_ == o.captured_ && captured_silent_ == o.captured_silent_ &&
         rescues_used_ == o.rescues_used_ && run_ == o.run_ &&
         pending_rescue_ == o.pending_rescue_ &&
         (!pending_rescue_ || rescuer_square_ == o.rescuer_square_) &&
         anger_wins_ == o.anger_wins_ && (!pending_anger() || anger_square_ == o.anger_square_) &&
         result_ == o.result_;
}

}  // namespace stratego
