// The slow obvious way to learn what a Waterloo action does: read its token back (the grammar
// of engine/waterloo/action_token.h). The `rules` policy once read every action this way;
// tests hold heuristic/waterloo_action_info.h's describe() to it.
#pragma once

#include <string_view>

#include "engine/geometry.h"
#include "engine/waterloo/action.h"
#include "engine/waterloo/view.h"
#include "heuristic/waterloo_action_info.h"

namespace stratego::heuristic::wrules::reference {

// A token read back; kOther for anything not understood.
ActionInfo parse_token(std::string_view text, const Geometry& g);

}  // namespace stratego::heuristic::wrules::reference
