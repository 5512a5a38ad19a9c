// Observations as protocol text (docs/protocol.md, "observe"): one line per step a bot saw, for
// the classic family (ObservedMove) and for Waterloo (ObservedStep). Both forms round-trip
// exactly, so a bot behind `stratego engine` observes the same values a built-in bot does.
//   classic:   red a4-a5 scout              mover, move token, mover's kind or ?
//              blue g7-g6 ?                 (unknown to the viewer)
//              red b4-b7 marshal bomb defender
//                                           an attack: + defender's kind or ?, outcome
//                                           attacker | defender | both
//   waterloo:  12 decision red e5xe6/n shown=i3(srb)@e6 captured=I3(srb)@e5 result=...
//              number, decision|chance|setup, actor, action token as seen (hidden parts '?'),
//              then optional lists of unit-token@square (square '-' when off the board),
//              entries separated by ';', and result=winner/reason/kind/tally
#pragma once

#include <string>
#include <string_view>

#include "engine/game_view.h"
#include "engine/geometry.h"
#include "engine/view.h"
#include "engine/waterloo/observation.h"

namespace stratego::protocol {

std::string format_observed(const ObservedMove& m, const Geometry& g);
// Throws InputError naming the field that is wrong.
ObservedMove parse_observed_move(std::string_view text, const Geometry& g);

std::string format_observed(const waterloo::ObservedStep& s, const Geometry& g);
// Throws InputError naming the field that is wrong.
waterloo::ObservedStep parse_observed_step(std::string_view text, const Geometry& g);

// Either form, as the variant's family writes it. Throws InputError as the two above.
GameObservation parse_observation(std::string_view text, const Variant& v);

}  // namespace stratego::protocol
