#include "engine/game_view.h"

#include "engine/notation.h"
#include "engine/setup.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"

namespace stratego {

GameView parse_game_view(std::string_view text, std::shared_ptr<const Variant> variant) {
  if (variant->family == Family::kWaterloo) return waterloo::parse_view(text, std::move(variant));
  return parse_view(text, std::move(variant));
}

std::string random_setup_for(const View& v, Rng& rng) {
  return format_setup(*v.variant, random_setup(*v.variant, v.viewer, rng));
}

std::string random_setup_for(const waterloo::WaterlooView& v, Rng& rng) {
  const waterloo::WaterlooState s = waterloo::setup_phase_state(v.variant, &v, v.viewer);
  return waterloo::setup_tokens(s, v.viewer, s.random_setup(v.viewer, rng));
}

}  // namespace stratego
