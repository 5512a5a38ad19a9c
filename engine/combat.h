// Who survives an attack (C-5, V-1, V-2, V-3), with the Clone Wars Anger bonus (CW-3).
#pragma once

#include <algorithm>

#include "engine/piece.h"
#include "engine/variant.h"

namespace stratego {

enum class Outcome : std::uint8_t { kAttackerWins, kDefenderWins, kBothRemoved };

// CW-3 and CW-4 as the rulebook gives them: fixed by the powers, not by a board, so not data.
constexpr int kAngerMaxAttacks = 4;  // attacks in one turn, the first one included
constexpr int kAngerRankCap = 9;     // the rank the +1 per won attack never exceeds
constexpr int kRangedReach = 2;      // squares, in a straight orthogonal line

// CW-3: what the Anger piece adds to its rank after `wins` won attacks this turn.
constexpr int anger_bonus(Kind k, int wins) {
  return std::max(std::min(rank_of(k) + wins, kAngerRankCap) - rank_of(k), 0);
}

// attacker_bonus raises the attacker's rank (CW-3); it never changes the Bomb, Flag and Spy
// cases, which do not compare ranks.
constexpr Outcome resolve_combat(Kind attacker, Kind defender, const Variant& v,
                                 int attacker_bonus = 0) {
  if (defender == kFlag) return Outcome::kAttackerWins;  // C-5.5
  if (defender == kBomb) {                               // C-5.4, V-2
    if (attacker == kMiner) return Outcome::kAttackerWins;
    return v.exploding_bombs ? Outcome::kBothRemoved : Outcome::kDefenderWins;
  }
  if (attacker == kSpy && defender == kMarshal) return Outcome::kAttackerWins;  // C-5.3
  const int a = rank_of(attacker) + attacker_bonus, d = rank_of(defender);
  if (a == d)  // C-5.2, V-1
    return v.attacker_advantage ? Outcome::kAttackerWins : Outcome::kBothRemoved;
  return a > d ? Outcome::kAttackerWins : Outcome::kDefenderWins;
}

}  // namespace stratego
