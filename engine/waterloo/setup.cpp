// Set-up (W-4, W-13.3, W-14.1): validating a side's set-up, applying it, and drawing random
// legal set-ups for self-play and tests.
#include <algorithm>

#include "engine/error.h"
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {
namespace {

Army army_of(Side s) { return s == kRed ? Army::kAllied : Army::kFrench; }

Bitboard garrison_squares(const WaterlooState& s, Side side) {
  const Rules& r = s.rules();
  if (side != kRed || r.garrison <= 0) return 0;
  for (std::size_t t = 0; t < r.tiles.size(); ++t)
    if (r.tiles[t].name == r.garrison_tile) return s.tile_squares(int(t));
  return 0;
}

bool is_early_reserve(const WaterlooState& s, Side side) {
  return side == kBlue && s.early_start() && !s.rules().early_reserve.empty();
}

}  // namespace

void Engine::validate_setup(const S& s, Side side, const WaterlooSetup& setup) {
  const Rules& r = s.rules();
  const Geometry& g = s.geometry();
  const Army army = army_of(side);
  const Bitboard garrison = garrison_squares(s, side);
  const Bitboard buildings = intact(s, TileKind::kBuilding);
  std::array<bool, kMaxUnits> placed{};
  Bitboard used = 0;
  int in_garrison = 0;
  const std::string who = side == kRed ? "Allied set-up: " : "French set-up: ";
  for (const auto& [id, sq] : setup.placements) {
    if (id < s.army_begin(army) || id >= s.army_end(army))
      throw InputError(who + "unit " + std::to_string(id) + " is not a piece of this army");
    if (placed[id]) throw InputError(who + "unit " + std::to_string(id) + " placed twice");
    if (sq < 0 || sq >= g.num_squares()) throw InputError(who + "no such square");
    const std::string name = g.square_name(sq);
    if (test(used, sq)) throw InputError(who + "two pieces on " + name);
    if (!test(s.zone_[side] | garrison, sq))
      throw InputError(who + name + " is not in the set-up zone (W-4.2)");
    if (test(garrison, sq)) {
      if (!is_infantry(s.info_[id].cls))
        throw InputError(who + "only infantry may hold " + r.garrison_tile + " (W-13.3)");
      ++in_garrison;
    }
    if (!may_stand(s, id, sq, buildings))
      throw InputError(who + "this class may not stand on " + name + " (W-10.2, W-14.3)");
    placed[id] = true;
    used |= square_bb(sq);
  }
  if (garrison && in_garrison != r.garrison)
    throw InputError(who + r.garrison_tile + " must hold exactly " + std::to_string(r.garrison) +
                     " infantry (W-13.3)");
  for (int id : {s.cic_[int(army)], s.commander_[int(army)]})
    if (id >= 0 && !placed[id])
      throw InputError(who + "commanders and commanders-in-chief must be placed (W-4.2)");
  const int reserve = s.army_end(army) - s.army_begin(army) - int(setup.placements.size());
  if (is_early_reserve(s, side)) {
    // W-14.1 (I-3): exactly the listed pieces wait in reserve.
    for (const UnitSpec& e : r.early_reserve) {
      int held = 0;
      for (int id = s.army_begin(army); id < s.army_end(army); ++id)
        held += !placed[id] && s.info_[id].cls == e.cls && s.info_[id].strength == e.strength;
      int want = 0;
      for (const UnitSpec& o : r.early_reserve)
        if (o.cls == e.cls && o.strength == e.strength) want += o.count;
      if (held != want)
        throw InputError(who + "the early start holds back exactly its 14 pieces (W-14.1)");
    }
    int want_total = 0;
    for (const UnitSpec& e : r.early_reserve) want_total += e.count;
    if (reserve != want_total)
      throw InputError(who + "the early start holds back exactly its 14 pieces (W-14.1)");
  } else if (reserve > r.reserve_max) {
    throw InputError(who + std::to_string(reserve) + " reserves; at most " +
                     std::to_string(r.reserve_max) + " (W-4.2)");
  }
}

void WaterlooState::apply_setup(Side side, const WaterlooSetup& setup) {
  if (core_.phase != Phase::kSetup || core_.decider != side)
    throw InputError(std::string("it is not the ") + (side == kRed ? "Allied" : "French") +
                     " set-up now");
  Engine::validate_setup(*this, side, setup);
  if (keep_history_) history_.push_back(core_);
  const Army army = army_of(side);
  for (int id = army_begin(army); id < army_end(army); ++id)
    core_.units[id].where = Where::kReserve;
  for (const auto& [id, sq] : setup.placements) Engine::place_unit(*this, id, sq);
  ++core_.setups_done;
  if (side == kRed) {
    core_.decider = kBlue;  // W-4.1: the French set up second, seeing the Allied classes
  } else if (rules().retreat_cards) {
    core_.phase = Phase::kRetreatCard;  // W-4.3
  } else {
    Engine::start_play(*this);
  }
}

WaterlooSetup WaterlooState::random_setup(Side side, Rng& rng) const {
  const Rules& r = rules();
  const Army army = army_of(side);
  std::vector<int> ids;
  for (int id = army_begin(army); id < army_end(army); ++id) ids.push_back(id);
  for (std::size_t i = ids.size(); i > 1; --i)
    std::swap(ids[i - 1], ids[rng.below(std::uint32_t(i))]);
  std::vector<int> place;
  if (is_early_reserve(*this, side)) {
    std::vector<UnitSpec> want = r.early_reserve;
    for (int id : ids) {
      bool reserve = false;
      for (UnitSpec& e : want)
        if (e.count > 0 && e.cls == info_[id].cls && e.strength == info_[id].strength) {
          --e.count;
          reserve = true;
          break;
        }
      if (!reserve) place.push_back(id);
    }
  } else {
    int reserves = int(rng.below(std::uint32_t(r.reserve_max + 1)));
    for (int id : ids) {
      const UnitClass k = info_[id].cls;
      if (reserves > 0 && k != UnitClass::kCommander && k != UnitClass::kCommanderInChief) {
        --reserves;
        continue;
      }
      place.push_back(id);
    }
  }
  WaterlooSetup out;
  Bitboard used = 0;
  // W-13.3: the garrison first, from the infantry being placed.
  const Bitboard garrison = garrison_squares(*this, side);
  int need = garrison ? r.garrison : 0;
  std::vector<int> rest;
  std::vector<int> gsq;
  for (int sq : squares(garrison)) gsq.push_back(sq);
  for (std::size_t i = gsq.size(); i > 1; --i)
    std::swap(gsq[i - 1], gsq[rng.below(std::uint32_t(i))]);
  for (int id : place) {
    if (need > 0 && is_infantry(info_[id].cls)) {
      const int sq = gsq[std::size_t(r.garrison - need)];
      out.placements.emplace_back(id, sq);
      used |= square_bb(sq);
      --need;
    } else {
      rest.push_back(id);
    }
  }
  // Pieces barred from some squares (buildings, mud) choose first.
  std::stable_sort(rest.begin(), rest.end(), [&](int a, int b) {
    return is_infantry(info_[a].cls) < is_infantry(info_[b].cls);
  });
  std::vector<int> zone;
  for (int sq : squares(zone_[side] & geometry().playable())) zone.push_back(sq);
  for (std::size_t i = zone.size(); i > 1; --i)
    std::swap(zone[i - 1], zone[rng.below(std::uint32_t(i))]);
  const Bitboard buildings = Engine::intact(*this, TileKind::kBuilding);
  for (int id : rest) {
    for (int sq : zone) {
      if (test(used, sq) || !Engine::may_stand(*this, id, sq, buildings)) continue;
      out.placements.emplace_back(id, sq);
      used |= square_bb(sq);
      break;
    }
  }
  return out;
}

}  // namespace stratego::waterloo
