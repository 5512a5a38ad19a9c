#include "engine/game_view.h"

#include "engine/notation.h"
#include "engine/waterloo/notation.h"

namespace stratego {

GameView parse_game_view(std::string_view text, std::shared_ptr<const Variant> variant) {
  if (variant->family == Family::kWaterloo) return waterloo::parse_view(text, std::move(variant));
  return parse_view(text, std::move(variant));
}

}  // namespace stratego
