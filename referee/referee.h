// The referee: holds the true state of one game, sends each bot exactly its own view and
// observations, checks every reply against the legal actions, keeps the clocks, rolls the
// chance events with a seeded generator (same seed and same bots: same game), and ends the
// game with a result and a reason. A bot that misbehaves (BotFault, an exception, an illegal
// or malformed reply, a timeout) loses the game with the matching reason; the referee itself
// never throws for anything a bot does.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "bots/bot.h"

namespace stratego::referee {

// Time per decision, or a game clock with increment, or a search budget; combinations allowed.
struct TimeControl {
  std::int64_t movetime_ms = 0;                // per decision
  std::int64_t base_ms = 0, increment_ms = 0;  // game clock (base 0: no clock)
  std::int64_t nodes = 0, iterations = 0;      // passed on to the bots
  // Slack over the allowed time before a reply counts as too late (process start-up, pipes).
  std::int64_t grace_ms = 1000;
  // With no time given at all, a bot that does not answer within this long loses on time.
  std::int64_t default_timeout_ms = 60000;
};

struct GameSettings {
  std::shared_ptr<const Variant> variant;
  std::string variant_spec;
  std::uint64_t seed = 1;  // chance events (and the seeds handed to the bots)
  TimeControl time;
  // Classic family: fixed set-up lines by Side; empty means "ask the bot".
  std::string setup[2];
  std::string names[2];  // for the record's tags (default: the bots' names)
  // More tags for the record, the caller's own (a resumed record's tags are kept, these set
  // over them).
  std::map<std::string, std::string> tags;
  // Resume: a record (either family's format) of an unfinished game; its set-ups and actions
  // are replayed first (the bots observe them as they would have), then play goes on.
  std::string resume_record;
  // If set, the record so far is written here (atomically) after every step, so a game that
  // stops for any reason can be resumed from it.
  std::string autosave_path;
};

// How a game ended. `reason` is a rule's end reason ("flag-captured", "lines-of-retreat",
// "turn-limit", ...) or one of the referee's: "resignation", "draw-agreed", "time-forfeit",
// "illegal-action", "crash", "disconnect", "protocol-error", and "adjourned" (a bot replied
// with Reply::adjourn: the game stops unfinished, winner kNone, to be resumed).
struct GameOutcome {
  Winner winner = Winner::kNone;
  std::string reason;
  std::string detail;  // for a forfeit: who did what ("blue: 'a4-a9' is not legal now")
  int decisions = 0;   // decisions the bots made
  std::string record;  // the whole game record (classic or Waterloo format), ready to write
};

GameOutcome play_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings);

// The seed the referee hands the bot of side s (GameStart::seed) in a game of seed game_seed,
// so that a tool replaying a record can give a bot the seed it had in the game.
std::uint64_t bot_seed(std::uint64_t game_seed, Side s);

}  // namespace stratego::referee
