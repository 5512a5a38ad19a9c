// Helpers for the Waterloo view and format tests: every Waterloo variant, the state compared
// up to interchangeable units (position equality), and changing hidden facts of a state.
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "engine/variant_loader.h"
#include "engine/waterloo/view.h"

namespace stratego::waterloo::testing {

inline std::vector<std::string> waterloo_variants() {
  std::vector<std::string> out;
  for (const auto& f : builtin_variant_files())
    if (!f.is_option && load_variant(f.name).family == Family::kWaterloo) out.emplace_back(f.name);
  return out;
}

// The Core with units of the same army, class and printed strength put in a canonical order
// and fields that no rule reads in the current phase cleared (view.h: melee_live, card_live).
// Two states are the same position exactly when their canonical cores are equal.
inline Core canonical_core(const WaterlooState& s) {
  Core c = s.core();
  const bool card = card_live(c.phase, c.resume);
  if (!melee_live(c.phase)) {
    c.melee = Melee{};
    c.lust_step = 0;
    c.resume = Phase::kAction;
  } else if (c.phase == Phase::kChooseTarget) {
    Melee m;
    m.attacker = c.melee.attacker;
    c.melee = m;
    c.lust_step = 0;
  }
  if (!card) {
    c.card = CardKind::kReconnaissance;
    c.card_count = c.combined_used = 0;
    c.card_squares = 0;
  }
  c.pending_result = {};
  for (auto& u : c.units)
    if (u.where != Where::kBoard) u.sq = 0;  // a square is stale once a unit leaves the board
  const int n = s.num_units();
  auto kind = [&](int id) {
    const UnitInfo& i = s.unit_info(id);
    return std::tuple(int(i.army), int(i.cls), int(i.strength));
  };
  auto key = [&](int id) {
    const UnitState& u = c.units[id];
    return std::tuple(kind(id), int(u.where), int(u.sq), int(u.strength), int(u.revealed),
                      int(u.last_attack));
  };
  // Within each kind, the units sorted by state take that kind's ids in ascending order.
  std::vector<int> perm(static_cast<std::size_t>(n));  // old id -> new id
  std::vector<bool> done(static_cast<std::size_t>(n), false);
  for (int first = 0; first < n; ++first) {
    if (done[std::size_t(first)]) continue;
    std::vector<int> same;
    for (int id = first; id < n; ++id)
      if (kind(id) == kind(first)) same.push_back(id), done[std::size_t(id)] = true;
    std::vector<int> by_state = same;
    std::stable_sort(by_state.begin(), by_state.end(),
                     [&](int a, int b) { return key(a) < key(b); });
    for (std::size_t k = 0; k < same.size(); ++k) perm[std::size_t(by_state[k])] = same[k];
  }
  Core out = c;
  for (int old = 0; old < n; ++old) out.units[perm[std::size_t(old)]] = c.units[old];
  for (auto& b : out.board)
    if (b != kNoUnit) b = std::uint8_t(perm[b]);
  auto map = [&](std::uint8_t& id) {
    if (id != kNoUnit) id = std::uint8_t(perm[id]);
  };
  map(out.melee.attacker);
  map(out.melee.defender);
  if (card && (c.card == CardKind::kInitiative || c.card == CardKind::kArtilleryBarrage)) {
    out.card_squares = 0;
    for (int old = 0; old < n; ++old)
      if (test(c.card_squares, old)) out.card_squares |= square_bb(perm[std::size_t(old)]);
  }
  return out;
}

// Which fields of two cores differ, for failure messages.
inline std::string core_diff(const Core& a, const Core& b) {
  std::string out;
  for (int id = 0; id < kMaxUnits; ++id)
    if (!(a.units[id] == b.units[id]))
      out += " unit" + std::to_string(id) + "(where " + std::to_string(int(a.units[id].where)) +
             "/" + std::to_string(int(b.units[id].where)) + " sq " +
             std::to_string(a.units[id].sq) + "/" + std::to_string(b.units[id].sq) + " str " +
             std::to_string(a.units[id].strength) + "/" + std::to_string(b.units[id].strength) +
             " rev " + std::to_string(a.units[id].revealed) + "/" +
             std::to_string(b.units[id].revealed) + " att " +
             std::to_string(a.units[id].last_attack) + "/" +
             std::to_string(b.units[id].last_attack) + ")";
  auto field = [&](const char* name, bool same) {
    if (!same) out += std::string(" ") + name;
  };
  field("board", a.board == b.board);
  field("side_bb", a.side_bb == b.side_bb);
  field("prussian_bb", a.prussian_bb == b.prussian_bb);
  field("tile_hp", a.tile_hp == b.tile_hp);
  field("phase", a.phase == b.phase);
  field("to_move/decider", a.to_move == b.to_move && a.decider == b.decider);
  field("turn/side_turns", a.turn == b.turn && a.side_turns == b.side_turns);
  field("used", a.used == b.used && a.used_prussian == b.used_prussian);
  field("flags", a.card_played == b.card_played && a.any_action == b.any_action &&
                     a.attacked == b.attacked && a.early_start == b.early_start);
  field("prussians_come", a.prussians_come == b.prussians_come);
  field("retreat_sector", a.retreat_sector == b.retreat_sector);
  field("cards",
        a.hand == b.hand && a.played == b.played && a.pool == b.pool && a.discards == b.discards);
  field("draft", a.draft_step == b.draft_step && a.late_picks == b.late_picks &&
                     a.setups_done == b.setups_done);
  field("card", a.card == b.card && a.card_count == b.card_count &&
                    a.combined_used == b.combined_used && a.card_squares == b.card_squares);
  field("resume", a.resume == b.resume);
  field("melee", a.melee == b.melee && a.lust_step == b.lust_step);
  field("pursuit", a.pursuit == b.pursuit && a.pursuer == b.pursuer);
  field("result", a.result == b.result && a.pending_result == b.pending_result);
  field("captured", a.captured == b.captured);
  return out;
}

// A unit whose identity the viewer does not know and whose block shows no strength anywhere.
inline bool hidden_from(const WaterlooState& s, int id, Side viewer) {
  const Army a = s.unit_info(id).army;
  const Where w = s.unit(id).where;
  if (w == Where::kBox || w == Where::kCaptured || w == Where::kSaved || w == Where::kLeft)
    return false;
  if (a != Army::kPrussian && army_side(a) == viewer) return false;
  // W-15.3, W-9.1: face-down blocks off the board mix; whatever was seen of one on the board
  // does not say which it is, so they are swapped whatever their reveal bits say.
  if (w == Where::kReserve || w == Where::kRecovering || w == Where::kPool) return true;
  return !(s.unit(id).revealed >> viewer & 1);
}

// True if x and y look alike to the viewer (army, class on the back) and each keeps the
// other's weakening at least 1 strong.
inline bool swappable(const WaterlooState& s, int x, int y, Side viewer) {
  const UnitInfo &ix = s.unit_info(x), &iy = s.unit_info(y);
  if (x == y || ix.army != iy.army || apparent_class(ix.cls) != apparent_class(iy.cls))
    return false;
  if (!hidden_from(s, x, viewer) || !hidden_from(s, y, viewer)) return false;
  const int dx = ix.strength - s.unit(x).strength, dy = iy.strength - s.unit(y).strength;
  // After the swap x carries y's weakening and y carries x's.
  return (dy == 0 || ix.strength - dy >= 1) && (dx == 0 || iy.strength - dx >= 1);
}

// x and y exchange places and everything public about them (weakening, reveals, last attack):
// only the hidden identities differ afterwards.
inline void swap_units(WaterlooState& s, int x, int y) {
  Core c = s.core();
  const int dx = s.unit_info(x).strength - c.units[x].strength;
  const int dy = s.unit_info(y).strength - c.units[y].strength;
  std::swap(c.units[x], c.units[y]);
  c.units[x].strength = std::uint8_t(s.unit_info(x).strength - dy);
  c.units[y].strength = std::uint8_t(s.unit_info(y).strength - dx);
  for (int id : {x, y})
    if (c.units[id].where == Where::kBoard) c.board[c.units[id].sq] = std::uint8_t(id);
  for (std::uint8_t* m : {&c.melee.attacker, &c.melee.defender})
    if (*m == x)
      *m = std::uint8_t(y);
    else if (*m == y)
      *m = std::uint8_t(x);
  if (c.card == CardKind::kInitiative || c.card == CardKind::kArtilleryBarrage) {
    const bool bx = test(c.card_squares, x), by = test(c.card_squares, y);
    c.card_squares &= ~(square_bb(x) | square_bb(y));
    if (bx) c.card_squares |= square_bb(y);
    if (by) c.card_squares |= square_bb(x);
  }
  s.set_core(c);
}

}  // namespace stratego::waterloo::testing
