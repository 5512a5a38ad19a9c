// One player's view of a game of either family, and one step he saw, as values: for code that
// keeps them between calls (a protocol engine between lines, a server between requests)
// without asking which family it holds. Code visits them with one overload per family
// (std::visit), and the per-family parts stay in the engine's overloads of the same name
// (to_notation, make_view, ...).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "engine/rng.h"
#include "engine/variant.h"
#include "engine/view.h"
#include "engine/waterloo/observation.h"
#include "engine/waterloo/view.h"

namespace stratego {

using GameView = std::variant<View, waterloo::WaterlooView>;
using GameObservation = std::variant<ObservedMove, waterloo::ObservedStep>;

// Either family's view notation (engine/notation.h, engine/waterloo/notation.h), read as the
// variant's family writes it. Throws InputError naming the field that is wrong.
GameView parse_game_view(std::string_view text, std::shared_ptr<const Variant> variant);

// A uniformly drawn legal set-up for the viewer of a view taken before his set-up, as his
// family writes it: a set-up line (engine/setup.h), or set-up tokens (engine/waterloo/record.h)
// that respect what the view says of the set-up phase (an early start holds pieces back,
// W-14.1).
std::string random_setup_for(const View& v, Rng& rng);
std::string random_setup_for(const waterloo::WaterlooView& v, Rng& rng);

}  // namespace stratego
