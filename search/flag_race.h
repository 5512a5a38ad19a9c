// The flag race: whether the side to move in a full-information world can take the other
// side's Flag within a few of its moves whatever the other side replies (classic family).
//
// Why: ISMCTS prices a capture of its Flag six plies ahead only through play-outs whose
// defender does not defend, so a Miner walking to the Bomb beside the Flag looks the same after
// every root move until it is too late (search/README.md, "The flag race"). This small
// AND-OR search asks the question directly, on worlds drawn from the belief, and lets the root
// choose among its well-searched moves the one that leaves the Flag least often lost.
//
// It assumes the attacker knows where the Flag is (the worst case). The attacker's moves are
// pruned to those that bring the moving piece closer to the Flag (so it may miss a capture, never
// invent one); the defender's replies to those that end near the Flag or take the enemy's Flag,
// plus a "pass" (a move elsewhere, which changes nothing near the Flag). Within two attacker
// moves that is every defence; from three on it misses a defence that needs two moves from
// afar (a Scout's long move into line, a counter-attack on the enemy Flag), so there a forced
// capture is the attacker's best case, as the root wants it.
#pragma once

#include <array>

#include "engine/state.h"

namespace stratego::search {

// Steps from every square to `flag_sq`, walking round the lakes: for a Miner, who takes Bombs
// (C-5.4), every square counts one step; for the other kinds the flag side's Bombs are walls.
// Pieces are not walls: they can be attacked or can move away. -1: unreachable.
struct FlagDistances {
  std::array<int, kMaxSquares> miner{}, other{};
};
FlagDistances flag_distances(const State& s, Side defender);

// With the attacker to move in s: true if it takes the defender's Flag within `moves` of its own
// moves against every reply. s is changed during the search and restored.
bool flag_falls(State& s, int moves, const FlagDistances& d);

// With the defender to move in s: true if every reply leaves the attacker a forced capture
// within `moves` of its moves.
bool flag_falls_whatever_the_reply(State& s, int moves, const FlagDistances& d);

// With the defender to move in s (say after one of its moves is to be judged, before it): true
// if the attacker, moving next after that, forces the capture. Convenience for the root: the
// defender passes (its move is already made) and the attacker gets `moves` moves.
bool flag_falls_after_pass(State& s, int moves, const FlagDistances& d);

// Whether any attacker piece stands within reach of the Flag in `moves` of its moves: the
// search can find nothing otherwise (a cheap test before the search).
bool flag_in_reach(const State& s, Side attacker, int moves, const FlagDistances& d);

}  // namespace stratego::search
