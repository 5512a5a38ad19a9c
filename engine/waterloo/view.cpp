// Building views from the state (W-15). Every hidden fact passes through identity_known() or
// the pile rules below; nothing else reads strengths, unit ids or the enemy's retreat card.
#include "engine/waterloo/view.h"

#include <algorithm>

namespace stratego::waterloo {
namespace {

// Each army's own pieces are known to their owner, except the Prussians, whose blocks even
// the Allied player sees only from the back until a combat shows them (W-9.1).
bool owner_knows(const WaterlooState& s, int id, Side viewer) {
  const Army a = s.unit_info(id).army;
  return a != Army::kPrussian && army_side(a) == viewer;
}

int pile_of(Where w) {
  switch (w) {
    case Where::kReserve:
      return int(Pile::kReserve);
    case Where::kRecovering:
      return int(Pile::kRecovering);
    case Where::kPool:
      return int(Pile::kPool);
    case Where::kCaptured:
      return int(Pile::kCaptured);
    case Where::kSaved:
      return int(Pile::kSaved);
    case Where::kLeft:
      return int(Pile::kLeft);
    default:
      return -1;
  }
}

// Card squares hold unit ids under Initiative and Barrage (the engine follows pieces, not
// squares); a view shows where those pieces stand.
Bitboard card_squares_seen(const WaterlooState& s) {
  const Core& c = s.core();
  if (c.card != CardKind::kInitiative && c.card != CardKind::kArtilleryBarrage)
    return c.card_squares;
  Bitboard out = 0;
  for (int id = 0; id < s.num_units(); ++id)
    if (test(c.card_squares, id) && s.unit(id).where == Where::kBoard)
      out |= square_bb(s.unit(id).sq);
  return out;
}

WaterlooView build(const WaterlooState& s, Side viewer, bool full) {
  const Core& c = s.core();
  WaterlooView v;
  v.variant = s.variant_ptr();
  v.full = full;
  v.viewer = viewer;
  for (int id = 0; id < s.num_units(); ++id) {
    const UnitState& u = s.unit(id);
    if (u.where == Where::kBoard) {
      v.board[u.sq] = seen_unit(s, id, viewer, full);
    } else if (const int p = pile_of(u.where); p >= 0) {
      v.piles[p].push_back(seen_unit(s, id, viewer, full));
    }
  }
  for (auto& pile : v.piles) std::sort(pile.begin(), pile.end());
  v.tile_hp = c.tile_hp;
  v.phase = c.phase;
  v.to_move = c.to_move;
  v.decider = c.decider;
  v.turn = c.turn;
  v.side_turns = c.side_turns;
  v.used = c.used;
  v.used_prussian = c.used_prussian;
  v.actions_left = s.actions_left();
  v.card_played = c.card_played;
  v.any_action = c.any_action;
  v.attacked = c.attacked;
  v.early_start = c.early_start;
  v.prussians_come = c.prussians_come;
  v.retreat_sector = c.retreat_sector;
  if (!full) {  // W-4.3: each side knows only its own card
    std::int8_t& enemy = v.retreat_sector[other(viewer)];
    if (enemy >= 0) enemy = kHiddenSector;
  }
  v.hand = c.hand;
  v.played = c.played;
  v.draft_pool = c.pool;
  v.discards = c.discards;
  v.draft_step = c.draft_step;
  v.late_picks = c.late_picks;
  v.setups_done = c.setups_done;
  if (card_live(c.phase, c.resume)) {
    v.card = {true, c.card, c.card_count, c.combined_used, card_squares_seen(s)};
  }
  if (melee_live(c.phase)) {
    v.resume = c.resume;
    const Melee& m = c.melee;
    v.melee.attacker_sq = m.attacker == kNoUnit ? -1 : s.unit(m.attacker).sq;
    if (c.phase != Phase::kChooseTarget) {  // there only the "+" winner matters (W-10.4)
      v.melee.defender_sq = m.defender == kNoUnit ? -1 : s.unit(m.defender).sq;
      v.melee.dir = m.dir;
      v.melee.lust[0] = m.lust[0];
      v.melee.lust[1] = m.lust[1];
      v.melee.chain = m.chain;
      v.melee.lust_step = c.lust_step;
    }
  }
  v.pursuit = c.pursuit;
  v.pursuer = c.pursuit ? c.pursuer : kRed;
  v.captured = {c.captured[0], c.captured[1]};
  v.result = c.result;
  return v;
}

}  // namespace

bool melee_live(Phase p) {
  return p == Phase::kBattleLust || p == Phase::kDie || p == Phase::kChooseTarget;
}

bool card_live(Phase phase, Phase resume) {
  auto card_phase = [](Phase p) {
    return p == Phase::kRecon || p == Phase::kInitiative || p == Phase::kCombined ||
           p == Phase::kBarrage;
  };
  return card_phase(phase) || (melee_live(phase) && card_phase(resume));
}

bool identity_known(const WaterlooState& s, int id, Side viewer) {
  return owner_knows(s, id, viewer) || (s.unit(id).revealed >> viewer & 1);
}

SeenUnit seen_unit(const WaterlooState& s, int id, Side viewer, bool full) {
  const UnitInfo& info = s.unit_info(id);
  const UnitState& u = s.unit(id);
  SeenUnit out;
  out.army = info.army;
  out.damage = std::uint8_t(info.strength > u.strength ? info.strength - u.strength : 0);
  const bool face_down =
      u.where == Where::kReserve || u.where == Where::kRecovering || u.where == Where::kPool;
  if (!full && face_down && !owner_knows(s, id, viewer)) {
    // W-15.3, W-9.1: blocks off the board mix face down; only class and clips show.
    out.cls = apparent_class(info.cls);
    return out;
  }
  const bool known = full || identity_known(s, id, viewer);
  out.cls = known ? info.cls : apparent_class(info.cls);
  out.strength = known ? std::int8_t(info.strength) : std::int8_t(-1);
  out.revealed = u.revealed;
  out.last_attack = u.last_attack;
  return out;
}

WaterlooView make_view(const WaterlooState& s, Side viewer) { return build(s, viewer, false); }
WaterlooView make_full_view(const WaterlooState& s) { return build(s, kRed, true); }

std::optional<Side> view_building_owner(const WaterlooView& v, int tile) {
  const auto& tiles = v.rules().tiles;
  if (tile < 0 || tile >= int(tiles.size()) || tiles[tile].kind != TileKind::kBuilding ||
      v.tile_hp[tile] <= 0)
    return std::nullopt;
  std::optional<Side> owner;
  for (int sq : squares(tiles[tile].squares)) {
    if (!v.board[sq]) return std::nullopt;
    const Side side = v.board[sq]->side();
    if (owner && *owner != side) return std::nullopt;
    owner = side;
  }
  return owner;
}

bool WaterlooView::operator==(const WaterlooView& o) const {
  return (variant ? variant->spec : "") == (o.variant ? o.variant->spec : "") && full == o.full &&
         viewer == o.viewer && board == o.board && piles == o.piles && tile_hp == o.tile_hp &&
         phase == o.phase && resume == o.resume && to_move == o.to_move && decider == o.decider &&
         turn == o.turn && side_turns == o.side_turns && used == o.used &&
         used_prussian == o.used_prussian && actions_left == o.actions_left &&
         card_played == o.card_played && any_action == o.any_action && attacked == o.attacked &&
         early_start == o.early_start && prussians_come == o.prussians_come &&
         retreat_sector == o.retreat_sector && hand == o.hand && played == o.played &&
         draft_pool == o.draft_pool && discards == o.discards && draft_step == o.draft_step &&
         late_picks == o.late_picks && setups_done == o.setups_done && card == o.card &&
         melee == o.melee && pursuit == o.pursuit && pursuer == o.pursuer &&
         captured == o.captured && result == o.result;
}

WaterlooState setup_phase_state(std::shared_ptr<const Variant> variant, const WaterlooView* view,
                                Side side) {
  WaterlooState s(std::move(variant));
  Core c = s.core();
  c.phase = Phase::kSetup;
  c.decider = side;
  if (view) {
    c.early_start = view->early_start;
    c.tile_hp = view->tile_hp;
  }
  s.set_core(c);
  return s;
}

}  // namespace stratego::waterloo
