// The turn flow and the end of the game: actions per turn and their split (W-7.1, W-9.3),
// captures and what they end (W-11.2, W-11.3, W-13.1), the start of a side's turn with its
// chance events and decisions (W-8.2 recovery, W-9.2, W-12.2, W-14.2), the end of a turn and
// the turn limit (W-1.3, W-1.4), and the positional victories (W-11.1, W-13.2).
#include <algorithm>

#include "engine/waterloo/engine.h"

namespace stratego::waterloo {

int Engine::losses(const S& s, Army a) {
  const auto lost = [&](int id) { return id >= 0 && s.core_.units[id].where == Where::kCaptured; };
  return (lost(s.commander_[int(a)]) ? 1 : 0) + (lost(s.cic_[int(a)]) ? 2 : 0);
}

void Engine::capture(S& s, int id) {
  Core& c = s.core_;
  if (c.units[id].where == Where::kBoard) lift_unit(s, id);
  c.units[id].where = Where::kCaptured;
  const Side side = side_of(s, id);
  ++c.captured[side];
  const UnitClass k = s.info_[id].cls;
  if (c.pursuit || c.phase == Phase::kOver) return;
  if (k != UnitClass::kCommander && k != UnitClass::kCommanderInChief) return;
  const Army a = s.info_[id].army;
  const Level level = s.rules().level;
  if (a == Army::kFrench && k == UnitClass::kCommanderInChief && level == Level::kExpert)
    finish(s, Winner::kRed, EndReason::kNapoleonLost, ResultKind::kDecisive);  // W-13.1
  else if (k == UnitClass::kCommanderInChief && level == Level::kStandard)
    finish(s, winner_of(other(side)), EndReason::kCommanderInChief,
           ResultKind::kDecisive);  // W-11.3
  else if (a != Army::kPrussian && losses(s, a) >= 3)
    finish(s, winner_of(other(side)), EndReason::kActionsLost, ResultKind::kDecisive);  // W-11.2
}

void Engine::finish(S& s, Winner w, EndReason why, ResultKind kind, int diff) {
  s.core_.result = {w, why, kind, diff};
  s.core_.phase = Phase::kOver;
}

bool Engine::can_act(const S& s, bool prussian) {
  const Core& c = s.core_;
  if (!s.prussians_acting() || c.to_move == kBlue)
    return !prussian && c.used < s.actions_per_turn(c.to_move);
  // I-4: some split a + p = N with a, p >= 1 must still hold every action taken; the
  // Allied losses come off a. Without von Buelow the Prussians have no action at all.
  const int n = s.rules().prussian_actions;
  const int la = losses(s, Army::kAllied), lp = losses(s, Army::kPrussian);
  if (prussian && lp > 0) return false;
  const int ua = c.used - c.used_prussian + (prussian ? 0 : 1);
  const int up = c.used_prussian + (prussian ? 1 : 0);
  return std::max(1, ua + la) <= std::min(n - 1, n - up);
}

void Engine::start_play(S& s) {
  Core& c = s.core_;
  c.turn = std::int16_t(c.early_start ? 1 - s.rules().early_turns : 1);
  begin_side_turn(s, c.early_start ? kBlue : kRed);
}

void Engine::begin_side_turn(S& s, Side side) {
  Core& c = s.core_;
  c.to_move = side;
  ++c.side_turns;
  c.used = c.used_prussian = 0;
  c.card_played = c.any_action = c.attacked = false;
  // W-8.2: heavy cavalry taken off comes back to full strength at its owner's next turn.
  for (int id = 0; id < s.num_units(); ++id) {
    UnitState& u = c.units[id];
    if (u.where == Where::kRecovering && side_of(s, id) == side) {
      u.where = Where::kReserve;
      u.strength = s.info_[id].strength;
    }
  }
  turn_start_events(s);
}

void Engine::turn_start_events(S& s) {
  Core& c = s.core_;
  const Rules& r = s.rules();
  if (c.to_move == kRed && !c.pursuit) {
    if (r.prussian_roll && c.prussians_come < 0 && c.turn >= r.prussian_roll_turn) {
      c.phase = Phase::kPrussianRoll;  // W-14.2
      return;
    }
    if (c.prussians_come == 1 && r.prussian_turn > 0 && c.turn >= r.prussian_turn &&
        (r.prussian_squares & ~s.occupied())) {
      for (int id = s.army_begin(Army::kPrussian); id < s.army_end(Army::kPrussian); ++id)
        if (c.units[id].where == Where::kPool) {
          c.phase = Phase::kPrussianDraw;  // W-9.2
          return;
        }
    }
    int discards = 0;
    for (int k = 0; k < kNumCardKinds; ++k) discards += c.discards[k];
    if (r.cards_per_kind > 0 && c.prussians_come == 1 && c.turn == r.prussian_turn + 1 &&
        c.late_picks < r.late_cards && discards > 0) {
      c.phase = Phase::kLateDraft;  // W-12.2
      c.decider = kRed;
      return;
    }
  }
  c.phase = Phase::kAction;
  c.decider = c.to_move;
  if (c.pursuit) {
    if (c.to_move == c.pursuer && !pursuer_can_attack(s)) {
      end_pursuit(s);
      return;
    }
    if (s.actions_per_turn(c.to_move) == 0) end_turn(s);
  }
}

void Engine::end_turn(S& s) {
  Core& c = s.core_;
  if (c.pursuit) {
    if (c.to_move == c.pursuer && !c.attacked) {
      end_pursuit(s);  // W-13.5: the winner will not pursue further
      return;
    }
    begin_side_turn(s, other(c.to_move));
    return;
  }
  const Side first = c.early_start ? kBlue : kRed;
  if (c.to_move != first) {
    if (c.turn >= s.rules().turn_limit) {
      finish(s, Winner::kDraw, EndReason::kTurnLimit, ResultKind::kIndecisive);  // W-1.4
      return;
    }
    ++c.turn;
  }
  begin_side_turn(s, other(c.to_move));
}

void Engine::after_action(S& s) {
  Core& c = s.core_;
  if (c.phase == Phase::kOver) return;
  if (check_positional(s)) return;  // over, or a pursuit began
  switch (c.phase) {
    case Phase::kRecon:
    case Phase::kInitiative:
    case Phase::kCombined:
    case Phase::kBarrage:
      card_step_done(s);
      return;
    default:
      break;
  }
  if (s.actions_left() == 0) end_turn(s);
}

bool Engine::check_positional(S& s) {
  Core& c = s.core_;
  if (c.pursuit || c.phase == Phase::kOver) return c.phase == Phase::kOver;
  const Rules& r = s.rules();
  for (Side side : {c.to_move, other(c.to_move)}) {
    const Side enemy = other(side);
    if (r.level == Level::kExpert) {
      // W-13.2: sector 1 of the Allied back row is the centre.
      for (int i = 0; i < 3; ++i) {
        if (popcount(c.side_bb[side] & s.sector_[enemy][i]) < 2) continue;
        if (side == kBlue && i == 1) {
          finish(s, Winner::kBlue, EndReason::kCentreSector, ResultKind::kDecisive);
        } else {
          start_pursuit(s, side);
        }
        return true;
      }
    } else if (r.retreat_cards && c.retreat_sector[enemy] >= 0) {
      if (popcount(c.side_bb[side] & s.sector_[enemy][c.retreat_sector[enemy]]) >= 2) {
        finish(s, winner_of(side), EndReason::kLinesOfRetreat, ResultKind::kDecisive);  // W-11.1
        return true;
      }
    }
  }
  return false;
}

}  // namespace stratego::waterloo
