// Manoeuvre cards (W-12): the open draft and the late Allied picks (W-12.2), playing a card
// (W-12.3) and the sub-decisions of Reconnaissance, Initiative, Combined attack and
// Artillery barrage (W-12.4 - W-12.8). Battle Lust lives in melee.cpp.
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {
namespace {

int total(const CardCounts& c) {
  int n = 0;
  for (auto x : c) n += x;
  return n;
}

}  // namespace

void Engine::advance_draft(S& s) {
  Core& c = s.core_;
  const int hand = s.rules().hand_size;
  while (c.draft_step < 4 * hand && total(c.pool) > 0) {
    const int sub = c.draft_step % 4;  // Allied take, Allied discard, French take, French discard
    const Side side = sub < 2 ? kRed : kBlue;
    if (sub % 2 == 0 && total(c.hand[side]) >= hand) {
      ++c.draft_step;
      continue;
    }
    c.phase = Phase::kDraft;
    c.decider = side;
    return;
  }
  for (int k = 0; k < kNumCardKinds; ++k) {  // the cards left are discarded
    c.discards[k] = std::uint8_t(c.discards[k] + c.pool[k]);
    c.pool[k] = 0;
  }
  c.phase = Phase::kSetup;
  c.decider = kRed;
}

void Engine::gen_draft(const S& s, ActionList& list) {
  const Core& c = s.core_;
  if (c.phase == Phase::kLateDraft) {
    for (int k = 0; k < kNumCardKinds; ++k)
      if (c.discards[k] > 0) list.push(Action::make(ActionType::kDraftTake, 0, 0, 0, k));
    return;
  }
  const ActionType t = c.draft_step % 2 == 0 ? ActionType::kDraftTake : ActionType::kDraftDiscard;
  for (int k = 0; k < kNumCardKinds; ++k)
    if (c.pool[k] > 0) list.push(Action::make(t, 0, 0, 0, k));
}

void Engine::draft(S& s, Action a) {
  Core& c = s.core_;
  const int k = a.extra();
  if (c.phase == Phase::kLateDraft) {
    --c.discards[k];
    ++c.hand[kRed][k];
    ++c.late_picks;
    turn_start_events(s);
    return;
  }
  --c.pool[k];
  if (a.type() == ActionType::kDraftTake)
    ++c.hand[c.decider][k];
  else
    ++c.discards[k];
  ++c.draft_step;
  advance_draft(s);
}

void Engine::play_card(S& s, CardKind k) {
  Core& c = s.core_;
  c.card = k;
  c.card_count = 0;
  c.combined_used = 0;
  c.card_squares = 0;
  switch (k) {
    case CardKind::kReconnaissance:
      c.phase = Phase::kRecon;
      break;
    case CardKind::kInitiative:
      c.phase = Phase::kInitiative;
      break;
    case CardKind::kCombinedAttack:
      c.phase = Phase::kCombined;
      break;
    default:
      c.phase = Phase::kBarrage;
  }
  c.resume = c.phase;
  c.decider = c.to_move;
  if (check_positional(s)) return;
  card_step_done(s);
}

void Engine::gen_card_actions(const S& s, ActionList& list) {
  const Core& c = s.core_;
  const Side side = c.to_move;
  const Bitboard enemy = c.side_bb[other(side)];
  // Card moves are part of an Allied action; Prussian pieces join only while the Prussians
  // act at all (from turn 13, von Buelow alive: I-4).
  auto may_use = [&](int id) {
    return s.info_[id].army != Army::kPrussian ||
           (s.prussians_acting() && losses(s, Army::kPrussian) == 0);
  };
  switch (c.phase) {
    case Phase::kRecon: {  // W-12.4: up to four orthogonally connected enemy pieces
      if (c.card_count >= 4) break;
      const Bitboard cand = c.card_count == 0
                                ? enemy
                                : s.geometry().neighbours(c.card_squares) & enemy & ~c.card_squares;
      for (int sq : squares(cand)) list.push(Action::make(ActionType::kReconPick, 0, sq));
      break;
    }
    case Phase::kInitiative:  // W-12.5: up to three different pieces, moves only
      if (c.card_count >= 3) break;
      for (int sq : squares(c.side_bb[side])) {
        const int id = c.board[sq];
        if (!test(c.card_squares, id) && may_use(id)) gen_unit_moves(s, id, true, false, 0, list);
      }
      break;
    case Phase::kCombined:  // W-12.6: one infantry, one cavalry attack, one artillery fire
      for (int sq : squares(c.side_bb[side])) {
        const int id = c.board[sq];
        if (!may_use(id)) continue;
        const UnitClass k = s.info_[id].cls;
        if (k == UnitClass::kArtillery) {
          if (!(c.combined_used & kArtilleryBit)) gen_fire(s, id, list);
        } else if (!(c.combined_used & (is_infantry(k) ? kInfantryBit : kCavalryBit))) {
          gen_unit_moves(s, id, false, true, enemy, list);
        }
      }
      break;
    case Phase::kBarrage:  // W-12.8: each artillery piece of one connected group fires once
      for (int sq : squares(c.side_bb[side])) {
        const int id = c.board[sq];
        if (s.info_[id].cls != UnitClass::kArtillery || !may_use(id)) continue;
        if (c.card_count > 0 && !test(c.card_squares, id)) continue;
        gen_fire(s, id, list);
      }
      break;
    default:
      break;
  }
  if (list.size > 0) list.push(Action::make(ActionType::kCardDone));
}

void Engine::card_step_done(S& s) {
  static thread_local ActionList list;
  list.clear();
  gen_card_actions(s, list);
  if (list.size == 0) end_card(s);
}

void Engine::end_card(S& s) {
  Core& c = s.core_;
  c.phase = Phase::kAction;
  c.resume = Phase::kAction;
  c.decider = c.to_move;
  if (s.actions_left() == 0) end_turn(s);
}

void Engine::recon_pick(S& s, int sq) {
  Core& c = s.core_;
  c.units[c.board[sq]].revealed |= std::uint8_t(1u << c.to_move);  // private (W-15.2)
  c.card_squares |= square_bb(sq);
  ++c.card_count;
  card_step_done(s);
}

}  // namespace stratego::waterloo
