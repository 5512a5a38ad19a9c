// play_game: which family's Table the referee's loop (referee_loop.h) runs over, by the
// settings' variant or the resumed record's format.
#include "referee/referee.h"

#include "engine/rng.h"
#include "engine/waterloo/record.h"

namespace stratego::referee {

GameOutcome play_classic_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings);
GameOutcome play_waterloo_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings);

GameOutcome play_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings) {
  const bool waterloo = !settings.resume_record.empty()
                            ? waterloo::is_waterloo_record(settings.resume_record)
                            : settings.variant && settings.variant->family == Family::kWaterloo;
  return waterloo ? play_waterloo_game(red, blue, settings)
                  : play_classic_game(red, blue, settings);
}

std::uint64_t bot_seed(std::uint64_t game_seed, Side s) {
  Rng seeder(game_seed ^ 0x6a09e667f3bcc908ull);  // the bots' seeds differ from the dice's
  const std::uint64_t red = seeder.next();
  return s == kRed ? red : seeder.next();
}

}  // namespace stratego::referee
