// Who survives an attack (C-5, V-1, V-2, V-3).
#pragma once

#include "engine/piece.h"
#include "engine/variant.h"

namespace stratego {

enum class Outcome : std::uint8_t { kAttackerWins, kDefenderWins, kBothRemoved };

constexpr Outcome resolve_combat(Kind attacker, Kind defender, const Variant& v) {
  if (defender == kFlag) return Outcome::kAttackerWins;  // C-5.5
  if (defender == kBomb) {                              // C-5.4, V-2
    if (attacker == kMiner) return Outcome::kAttackerWins;
    return v.exploding_bombs ? Outcome::kBothRemoved : Outcome::kDefenderWins;
  }
  if (attacker == kSpy && defender == kMarshal) return Outcome::kAttackerWins;  // C-5.3
  if (attacker == defender)                                                   // C-5.2, V-1
    return v.attacker_advantage ? Outcome::kAttackerWins : Outcome::kBothRemoved;
  return attacker > defender ? Outcome::kAttackerWins : Outcome::kDefenderWins;
}

}  // namespace stratego
