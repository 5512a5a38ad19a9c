// Candidates for stronger Waterloo set-ups (`analyze generate -v waterloo-*`): set-up tokens of
// one army, drawn from the `rules` bot's planner (heuristic/waterloo_setup_plan.h) with a seed
// of their own or uniformly at random among legal set-ups (the engine's random_setup), and
// local changes of a set-up: two pieces of different kinds exchanging their squares (or one
// going to the reserve in the other's place), kept only if the set-up stays legal (W-4, W-13.3,
// W-14.1 judged as the referee judges it, strength/job.h).
#pragma once

#include <memory>
#include <string>

#include "engine/rng.h"
#include "engine/variant.h"

namespace stratego::strength {

// A legal set-up of `side` as tokens: planned like the rules bot's, or uniformly random.
std::string waterloo_draw(const std::shared_ptr<const Variant>& v, Side side, bool planned,
                          Rng& rng);

// The tokens with two pieces of different kinds exchanging their places (a square or the
// reserve); a legal set-up of `side`, or the tokens unchanged if no legal swap was found.
std::string waterloo_swap_two(const std::shared_ptr<const Variant>& v, Side side,
                              const std::string& tokens, Rng& rng);

}  // namespace stratego::strength
