// Terrain (W-10, W-14.3): who may stand where, and the melee modifiers of buildings, the
// hill, Plancenoit and Battle Lust, added up and capped at 6 (W-10.8, W-10.9).
#include <algorithm>

#include "engine/waterloo/engine.h"

namespace stratego::waterloo {

Bitboard Engine::intact(const S& s, TileKind kind) {
  Bitboard b = 0;
  const auto& tiles = s.rules().tiles;
  for (std::size_t t = 0; t < tiles.size() && t < 8; ++t)
    if (tiles[t].kind == kind && s.core_.tile_hp[t] > 0) b |= s.tile_sq_[t];
  return b;
}

bool Engine::may_stand(const S& s, int id, int sq, Bitboard intact_buildings) {
  switch (s.info_[id].cls) {
    case UnitClass::kLightInfantry:
    case UnitClass::kInfantry:
      return true;
    case UnitClass::kArtillery:  // W-10.2, W-14.3
      return !test(intact_buildings, sq) && !test(s.mud_sq_, sq);
    default:
      return !test(intact_buildings, sq);  // cavalry and commanders, W-10.2
  }
}

int Engine::melee_strength(const S& s, int id, bool attacking, int other) {
  const Core& c = s.core_;
  const UnitState& u = c.units[id];
  const UnitClass k = s.info_[id].cls;
  int st = u.strength;
  const bool infantry = k == UnitClass::kLightInfantry || k == UnitClass::kInfantry;
  const int tile = s.tile_of_[u.sq];
  if (infantry && tile >= 0 && c.tile_hp[tile] > 0) {
    const TileKind kind = s.rules().tiles[tile].kind;
    if (kind == TileKind::kBuilding && s.building_owner(tile) == side_of(s, id)) ++st;  // W-10.2
    if (kind == TileKind::kVillage) ++st;                                               // W-10.7
  }
  // W-10.5: infantry and cavalry on the hill, attacked from off it.
  const bool hill_class = k != UnitClass::kArtillery && k != UnitClass::kCommanderInChief;
  if (!attacking && hill_class && test(s.hill_sq_, u.sq) && other >= 0 &&
      !test(s.hill_sq_, c.units[other].sq))
    ++st;
  if (c.melee.lust[attacking ? 0 : 1] && (attacking ? c.melee.attacker : c.melee.defender) == id)
    ++st;  // W-12.7
  return std::min(st, 6);
}

}  // namespace stratego::waterloo
