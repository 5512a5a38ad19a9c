// What the whole-game tests (conformance, differential, perft) share: the list of variant
// specs they all run over, deterministic start positions, and seeded random move choice with
// optional biases that steer games into the repetition rules.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/move.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace stratego::seeded {

// Every base variant (clone-wars-powers too), each option alone (V-1..V-6, international,
// no-chase) and mixes of them on every base.
const std::vector<std::string>& all_variant_specs();

std::shared_ptr<const Variant> load(std::string_view spec);

// A stable 64-bit hash of a string (FNV-1a), to derive per-variant seeds that do not depend
// on the standard library's std::hash.
std::uint64_t seed_of(std::string_view text, std::uint64_t salt = 0);

// A start position built from a seed alone. For each side (Red first): its set-up squares
// (Red rows 1..setup_rows, Blue the top setup_rows rows, lakes left out) listed by square
// index, shuffled by Fisher-Yates with one Rng(seed) (for i from the last index down, swap i
// with rng.below(i + 1)); the army, in kind order (flag, spy, scout, ..., marshal, bomb),
// goes onto the first army_size shuffled squares. Red moves first.
// With keep < 1 the position is thinned afterwards: each piece but the flags and the
// marshals (so that both sides can move) stays with probability `keep` (same Rng), and the
// removed ones are booked as captured, so that the piece counts stay whole and V-5 has
// pieces to rescue.
State seeded_start(std::shared_ptr<const Variant> v, std::uint64_t seed, double keep = 1.0);

// How often a game picks, when it can, a move of a kind that provokes the repetition rules;
// otherwise moves are uniform among the legal ones.
struct Bias {
  double back_and_forth = 0;  // reverse our own last move (C-6.1)
  double chase = 0;           // end next to the piece the opponent just moved (C-6.2)
  double evade = 0;           // move a piece the opponent's last move ended next to, to an
                              // empty square
  double advance = 0;         // move a piece towards the enemy's back row (V-4, V-5)
  double threaten = 0;        // end next to any enemy piece without attacking (a chase over
                              // several pieces in turn, C-6.2)
};

// One of the legal moves in list (not empty), chosen with rng and the biases.
Move choose_move(const State& s, const MoveList& list, Rng& rng, const Bias& bias = {});

}  // namespace stratego::seeded
