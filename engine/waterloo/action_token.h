// Action tokens: one word per Waterloo decision or chance outcome, for game records, logs and
// the command line (docs/formats.md, "Waterloo"). A token names an action of a given state:
//   e5-e6 / e5xe7/n          move; attack ending with a step north (W-3.1)
//   fire:e5-e8[:building]    artillery fire (W-6), at the building or village itself
//   place:I3@a10             a reserve piece onto a square (unit token, W-7.3)
//   off:e5  save:e5          take weakened HC off (W-8.2); save a piece in the pursuit (W-13.5)
//   card:initiative  done  look:e5  target:e5  lust:yes|no
//   take:<card>  discard:<card>  early:yes|no  end
//   die:blue|red|blue+|red+|blueR|redR      prussian:*I3@l5      retreat:0|1|2
//   prussians:come|never
#pragma once

#include <string>
#include <string_view>

#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"

namespace stratego::waterloo {

// The token of action a in state s (the state it is applied to).
std::string action_token(const WaterlooState& s, Action a);
// The legal decision or chance outcome of s that the token names. Throws InputError saying
// whether the token is malformed or names no legal action now.
Action parse_action_token(const WaterlooState& s, std::string_view token);
// True if the token has the shape of some action token (legal now or not), so a referee can
// tell a malformed reply from an illegal one.
bool is_well_formed_token(const WaterlooState& s, std::string_view token);

// The piece a place token names ("place:I3@a10" -> I3), as action_token writes it; throws
// InputError if `token` is not a place token.
SeenUnit placed_unit(std::string_view token);

}  // namespace stratego::waterloo
