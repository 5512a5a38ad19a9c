// The Waterloo tests' names for the random games of fixtures/waterloo_games.h (which the
// benchmarks use too), in the namespace the Waterloo test helpers share.
#pragma once

#include "fixtures/waterloo_games.h"

namespace stratego::waterloo::testing {

using fixtures::GameStats;
using fixtures::load;
using fixtures::play_random;
using fixtures::random_step;

}  // namespace stratego::waterloo::testing
