// The Waterloo belief tests' names for the belief-tracked random games of
// fixtures/waterloo_tracked_game.h (which the belief benchmark uses too).
#pragma once

#include <algorithm>

#include "engine/waterloo/action_token.h"
#include "fixtures/waterloo_tracked_game.h"
#include "tests/support/waterloo_play.h"

namespace stratego::waterloo::testing {

using fixtures::legal_tokens;
using fixtures::TrackedGame;
using fixtures::true_identities;

}  // namespace stratego::waterloo::testing
