// Legal decisions (W-3 movement, W-6 fire, W-7 actions, W-8.2 taking off). Allocation-free:
// everything is written into the caller's ActionList; reachability is bitboard flood fill.
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {
bool Engine::unit_may_act(const S& s, int id) {
  if (side_of(s, id) != s.core_.to_move) return false;
  return can_act(s, s.info_[id].army == Army::kPrussian);
}

void Engine::gen_unit_moves(const S& s, int id, bool plain, bool attacks, Bitboard targets,
                            ActionList& list) {
  const Core& c = s.core_;
  const Geometry& g = s.geometry();
  const int from = c.units[id].sq;
  const Bitboard origin = square_bb(from);
  const UnitClass k = s.info_[id].cls;
  const Bitboard buildings = intact(s, TileKind::kBuilding);
  const Bitboard mud = k == UnitClass::kLightInfantry ? 0 : s.mud_sq_;  // W-14.3: LI ignore mud
  const Bitboard empty = g.playable() & ~(c.side_bb[0] | c.side_bb[1]);
  const bool in_mud = test(mud, from);
  if (k == UnitClass::kArtillery) {  // W-3.1: one square; never attacks (W-3.3)
    if (!plain) return;
    const Bitboard to = g.neighbours(origin) & empty & ~buildings & ~mud;
    for (int sq : squares(to)) list.push(Action::move(from, sq));
    return;
  }
  if (k == UnitClass::kLightInfantry || k == UnitClass::kInfantry) {
    // W-3.1: up to 3 (LI) or 2 (INF) steps through empty squares, turning allowed. A step
    // into mud ends the move and only a first step may enter it (I-15).
    const int range = in_mud ? 1 : (k == UnitClass::kLightInfantry ? 3 : 2);
    Bitboard reach = origin, frontier = origin, attack_from = 0;
    for (int step = 1; step <= range; ++step) {
      Bitboard next = g.neighbours(frontier) & empty & ~reach;
      if (step > 1) next &= ~mud;
      reach |= next;
      if (step < range) attack_from |= next & ~mud;
      frontier = next & ~mud;
    }
    if (plain)
      for (int sq : squares(reach & ~origin)) list.push(Action::move(from, sq));
    if (attacks) {
      for (Direction d : kDirections) {
        const Bitboard t =
            (g.shift(origin, d) & targets) | (g.shift(attack_from, d) & targets & ~mud);
        for (int sq : squares(t)) list.push(Action::move(from, sq, d));
      }
    }
    return;
  }
  // W-3.2: cavalry, commanders and commanders-in-chief: straight lines. They neither enter
  // nor attack buildings (W-10.2).
  const Bitboard enter = empty & ~buildings;
  const Bitboard hit = targets & ~buildings;
  for (Direction d : kDirections) {
    Bitboard cur = origin;
    for (int steps = 0;; ++steps) {
      const Bitboard nxt = g.shift(cur, d);
      if (!nxt) break;
      if (attacks && (nxt & hit) && (steps == 0 || !(nxt & mud)))
        list.push(Action::move(from, lsb(nxt), d));
      if (!(nxt & enter) || (steps > 0 && (nxt & mud))) break;
      if (plain) list.push(Action::move(from, lsb(nxt)));
      cur = nxt;
      if ((nxt & mud) || in_mud) break;
    }
  }
}

void Engine::gen_fire(const S& s, int id, ActionList& list) {
  const Core& c = s.core_;
  const Geometry& g = s.geometry();
  const int from = c.units[id].sq;
  const Side side = side_of(s, id);
  const Bitboard enemy = c.side_bb[other(side)], own = c.side_bb[side];
  const Bitboard buildings = intact(s, TileKind::kBuilding);
  const Bitboard villages = intact(s, TileKind::kVillage);
  const bool on_hill = test(s.hill_sq_, from);
  unsigned tiles_hit = 0;  // one building/village action per tile
  auto try_tile = [&](int sq) {
    const int t = s.tile_of_[sq];
    if (t < 0 || !test(buildings | villages, sq) || (tiles_hit >> t & 1) || (own & s.tile_sq_[t]))
      return;
    tiles_hit |= 1u << t;
    list.push(Action::make(ActionType::kFire, from, sq, 0, 1));
  };
  auto try_unit = [&](int sq) {
    if (!test(enemy, sq) || test(buildings, sq)) return;  // W-10.3: inside, safe from fire
    const int target = c.board[sq];
    const UnitClass k = s.info_[target].cls;
    if (k == UnitClass::kLightInfantry) return;  // W-6.2 immune (I-9)
    if (k == UnitClass::kArtillery && test(s.hill_sq_, sq) && !on_hill) return;  // W-10.6
    list.push(Action::make(ActionType::kFire, from, sq));
  };
  const int dr = facing(s, id) == kNorth ? 1 : -1;
  if (on_hill) {  // W-10.6: range 4, three columns, over everything
    const int col = g.col(from), row = g.row(from);
    for (int dc = -1; dc <= 1; ++dc) {
      if (col + dc < 0 || col + dc >= g.width()) continue;
      for (int k = 1; k <= s.rules().hill_range; ++k) {
        const int r = row + k * dr;
        if (r < 0 || r >= g.height()) break;
        const int sq = g.square(col + dc, r);
        try_tile(sq);
        try_unit(sq);
      }
    }
    return;
  }
  Bitboard cur = square_bb(from);
  for (int k = 1; k <= s.rules().fire_range; ++k) {  // W-6.1
    cur = g.shift(cur, facing(s, id));
    if (!cur) break;
    const int sq = lsb(cur);
    if (test(buildings, sq)) {  // I-9: an intact building stops ground fire
      try_tile(sq);
      break;
    }
    if (test(villages, sq)) try_tile(sq);
    if (test(c.side_bb[0] | c.side_bb[1], sq)) {
      try_unit(sq);
      break;
    }
  }
}

void Engine::gen_actions(const S& s, ActionList& list) {
  const Core& c = s.core_;
  switch (c.phase) {
    case Phase::kEarlyStart:
      list.push(Action::make(ActionType::kEarlyStart, 0, 0, 0, 1));
      list.push(Action::make(ActionType::kEarlyStart, 0, 0, 0, 0));
      return;
    case Phase::kDraft:
    case Phase::kLateDraft:
      gen_draft(s, list);
      return;
    case Phase::kRecon:
    case Phase::kInitiative:
    case Phase::kCombined:
    case Phase::kBarrage:
      gen_card_actions(s, list);
      return;
    case Phase::kBattleLust:
      list.push(Action::make(ActionType::kBattleLust, 0, 0, 0, 1));
      list.push(Action::make(ActionType::kBattleLust, 0, 0, 0, 0));
      return;
    case Phase::kChooseTarget:
      gen_chain_targets(s, list);
      return;
    case Phase::kAction:
      break;
    default:
      return;
  }
  if (c.pursuit) {
    gen_pursuit(s, list);
    return;
  }
  const Side side = c.to_move;
  const bool allied_ok = can_act(s, false);
  const bool prussian_ok = side == kRed && can_act(s, true);
  const Bitboard enemy = c.side_bb[other(side)];
  if (allied_ok || prussian_ok) {
    for (int sq : squares(c.side_bb[side])) {
      const int id = c.board[sq];
      const bool prussian = s.info_[id].army == Army::kPrussian;
      if (prussian ? !prussian_ok : !allied_ok) continue;
      gen_unit_moves(s, id, true, true, enemy, list);
      if (s.info_[id].cls == UnitClass::kArtillery) gen_fire(s, id, list);
    }
  }
  if (allied_ok) {
    // W-7.3: reserves onto the own back row; pieces alike (class, strength) are one action.
    const Army army = side == kRed ? Army::kAllied : Army::kFrench;
    const Bitboard free_row = s.back_row_[side] & ~(c.side_bb[0] | c.side_bb[1]);
    const Bitboard buildings = intact(s, TileKind::kBuilding);
    std::uint32_t seen[kNumClasses] = {};
    for (int id = s.army_begin(army); id < s.army_end(army); ++id) {
      const UnitState& u = c.units[id];
      if (u.where != Where::kReserve) continue;
      const int k = int(s.info_[id].cls);
      if (seen[k] >> u.strength & 1) continue;
      seen[k] |= 1u << u.strength;
      for (int sq : squares(free_row))
        if (may_stand(s, id, sq, buildings)) list.push(Action::make(ActionType::kPlace, id, sq));
    }
    // W-12.3: a card as the first action of the turn, one per turn.
    if (c.used == 0 && !c.card_played) {
      for (int k = 0; k < kNumCardKinds; ++k)
        if (c.hand[side][k] > 0 && CardKind(k) != CardKind::kBattleLust)
          list.push(Action::make(ActionType::kPlayCard, 0, 0, 0, k));
    }
  }
  // W-8.2: weakened heavy cavalry off the board once the opponent has had a turn.
  for (int sq : squares(c.side_bb[side])) {
    const int id = c.board[sq];
    if (s.info_[id].cls == UnitClass::kHeavyCavalry && s.weakened(id) &&
        c.side_turns >= c.units[id].last_attack + 2)
      list.push(Action::make(ActionType::kTakeOff, sq));
  }
  list.push(Action::make(ActionType::kEndTurn));
}

}  // namespace stratego::waterloo
