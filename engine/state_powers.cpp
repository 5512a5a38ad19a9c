// The Clone Wars powers in make/unmake: Anger (CW-3) and Ranged attack (CW-4). Both resolve
// their combat as C-5 does (State::fight); what differs is where the attacker ends and whose
// decision comes next.
#include "engine/state.h"

namespace stratego {

void State::set_pending_anger(int square, int wins) {
  anger_square_ = std::uint8_t(wins > 0 ? square : 0);
  anger_wins_ = std::uint8_t(wins);
}

// CW-3: after its wins-th won attack on sq, the Anger piece may attack again if the turn's
// attacks are not used up and an enemy piece stands next to it. With nothing to attack, no
// decision is offered: the turn simply ends. The move limit (C-7.4) ends the game first.
bool State::anger_goes_on(int sq, int wins) const {
  if (result_.over() || wins >= kAngerMaxAttacks) return false;
  if (variant_->move_limit > 0 && moves_played_ >= variant_->move_limit) return false;
  return (geometry().neighbours(square_bb(sq)) & side_bb_[other(stm_)]) != 0;
}

// A follow-up attack of the chain. It is a move of the piece for C-6.1, but not a move of its
// own for C-7.4: the turn's move was the first attack.
void State::make_anger_attack(Move m, PlyRecord& rec) {
  const int from = m.from(), to = m.to();
  const Side us = stm_;
  note_squares(rec, from, to);
  const Kind ak = piece_kind(rec.mover);
  const int wins = anger_wins_;
  anger_wins_ = 0;
  take_piece(from);
  rec.outcome = fight(to, ak, anger_bonus(ak, wins), rec);
  const bool survived = rec.outcome == Outcome::kAttackerWins;
  if (survived) add_piece(to, rec.mover, rec.from_flags | kMovedFlag | kRevealedFlag);
  if (!result_.over()) check_after_combat();
  count_run(us, from, to, survived);
  count_quiet(true);
  if (survived && anger_goes_on(to, wins + 1)) {
    anger_wins_ = std::uint8_t(wins + 1);
    anger_square_ = std::uint8_t(to);
  } else {
    end_turn(to, ak, survived);  // a lost or tied attack, or the fourth, ends the chain
  }
}

void State::make_anger_stop(PlyRecord& rec) {
  const int sq = anger_square_;
  rec.mover = board_[sq];  // whose decision it was, for unmake() and observers
  anger_wins_ = 0;         // Decision (CW-3): the bonus lasts until the end of the turn
  end_turn(sq, piece_kind(rec.mover), true);
}

// CW-4: the attacker stays on its square whatever happens; it reveals itself. A lost attack
// removes it, a tie removes both (C-5 otherwise, docs/rules.md Decision).
void State::make_ranged(Move m, PlyRecord& rec) {
  const int from = m.from(), to = m.to();
  const Side us = stm_;
  note_squares(rec, from, to);
  const Kind ak = piece_kind(rec.mover);
  rec.outcome = fight(to, ak, 0, rec);
  if (rec.outcome == Outcome::kAttackerWins)
    revealed_bb_ |= square_bb(from);
  else
    take_piece(from);
  if (!result_.over()) check_after_combat();
  run_[us] = {};  // no piece went between two squares: a back-and-forth run is broken
  count_quiet(true);
  ++moves_played_;
  end_turn(from, ak, false);  // the piece reached no square, so it earns no rescue (V-5)
}

void State::unmake_ranged(const PlyRecord& rec) {
  const Side us = piece_side(rec.mover), them = other(us);
  set_side_to_move(us);
  --moves_played_;
  const int from = rec.move.from(), to = rec.move.to();
  const Kind ak = piece_kind(rec.mover), dk = piece_kind(rec.target);
  if (rec.outcome != Outcome::kDefenderWins) {
    --captured_[them][dk];
    if (!defender_shown(ak, rec.to_flags)) --captured_silent_[them][dk];
    add_piece(to, rec.target, rec.to_flags);
  } else {
    set_flags(to, rec.to_flags);
  }
  if (rec.outcome != Outcome::kAttackerWins) {
    --captured_[us][ak];
    add_piece(from, rec.mover, rec.from_flags);
  } else {
    set_flags(from, rec.from_flags);
  }
  restore_run(us, rec.prev_run);
  hash_ = rec.prev_hash;
}

}  // namespace stratego
