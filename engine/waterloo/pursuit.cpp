// The Expert pursuit (W-13.5): the commanders-in-chief leave, the winner attacks with
// cavalry only, the loser saves infantry and artillery or counter-attacks pursuing cavalry,
// and the captured pieces decide the kind of victory (I-12).
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {

void Engine::start_pursuit(S& s, Side pursuer) {
  Core& c = s.core_;
  c.pursuit = true;
  c.pursuer = pursuer;
  for (int a = 0; a < 2; ++a) {  // Napoleon and Wellington leave the board at once
    const int id = s.cic_[a];
    if (id >= 0 && c.units[id].where == Where::kBoard) {
      lift_unit(s, id);
      c.units[id].where = Where::kLeft;
    }
  }
  c.resume = Phase::kAction;
  begin_side_turn(s, pursuer);  // the winner moves first
}

void Engine::gen_pursuit(const S& s, ActionList& list) {
  const Core& c = s.core_;
  const Side side = c.to_move;
  const Bitboard enemy = c.side_bb[other(side)];
  const bool allied_ok = can_act(s, false);
  const bool prussian_ok = side == kRed && can_act(s, true);
  Bitboard enemy_cavalry = 0;
  if (side != c.pursuer)
    for (int sq : squares(enemy)) {
      const UnitClass k = s.info_[c.board[sq]].cls;
      if (is_cavalry_like(k)) enemy_cavalry |= square_bb(sq);
    }
  for (int sq : squares(c.side_bb[side])) {
    const int id = c.board[sq];
    if (s.info_[id].army == Army::kPrussian ? !prussian_ok : !allied_ok) continue;
    const UnitClass k = s.info_[id].cls;
    if (side == c.pursuer) {
      if (is_cavalry_like(k)) gen_unit_moves(s, id, false, true, enemy, list);
    } else if (is_cavalry_like(k)) {
      gen_unit_moves(s, id, false, true, enemy_cavalry, list);
    } else {
      list.push(Action::make(ActionType::kSave, sq));
    }
  }
  list.push(Action::make(ActionType::kEndTurn));
}

bool Engine::pursuer_can_attack(const S& s) {
  static thread_local ActionList list;
  list.clear();
  gen_pursuit(s, list);
  return list.size > 1;  // more than ending the turn
}

void Engine::end_pursuit(S& s) {
  Core& c = s.core_;
  const Side loser = other(c.pursuer);
  const int d = c.captured[loser] - c.captured[c.pursuer];
  if (d <= 3)
    finish(s, Winner::kDraw, EndReason::kPursuit, ResultKind::kIndecisive, d);
  else
    finish(s, winner_of(c.pursuer), EndReason::kPursuit,
           d >= 10 ? ResultKind::kMajor : ResultKind::kMinor, d);
}

}  // namespace stratego::waterloo
