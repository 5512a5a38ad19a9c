// The phase names, for messages and notation.
#include "engine/waterloo/state.h"

namespace stratego::waterloo {

std::string_view phase_name(Phase p) {
  constexpr std::string_view names[] = {
      "early-start", "draft",  "setup",         "retreat-card", "prussian-roll", "prussian-draw",
      "late-draft",  "action", "recon",         "initiative",   "combined",      "barrage",
      "battle-lust", "die",    "choose-target", "over"};
  return names[int(p)];
}

}  // namespace stratego::waterloo
