// A match: N games between two bots, each game with fresh bots from their factories, sides
// alternating (bot1 is Red in even games), game i seeded with seed + i, C games at once. Each
// finished game's record is appended whole to the output file at once, so a match that stops
// for any reason keeps every game it finished. The summary is from bot1's point of view.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/setup.h"
#include "referee/elo.h"
#include "referee/referee.h"

namespace stratego::referee {

using BotFactory = std::function<std::unique_ptr<bots::Bot>()>;

struct GameReport {
  int index = 0;  // 0-based game number
  std::uint64_t seed = 0;
  Side bot1_side = kRed;
  GameOutcome outcome;
  // 1 bot1 won, 0.5 drawn, 0 lost; -1 adjourned (unfinished: in no W/D/L count).
  double bot1_score = 0;
};

struct MatchSettings {
  std::shared_ptr<const Variant> variant;
  std::string variant_spec;
  int games = 2;
  std::uint64_t seed = 1;
  TimeControl time;
  // Set-up lines (classic family): game pair k (games 2k and 2k+1, the same set-ups with
  // sides swapped) draws a Red and a Blue line with Rng(seed of game 2k). Empty: the bots
  // set up themselves.
  std::optional<SetupFile> setups;
  int concurrency = 1;
  std::string out_path;  // records appended here as games finish; empty: not written
  std::string names[2];  // bot1, bot2 for the records' tags (default: the bots' names)
  // Called as each game finishes (in finishing order, one call at a time).
  std::function<void(const GameReport&)> on_game;
  // Keep every GameReport (with its whole record, some KB) in MatchSummary::reports. Off, a
  // match holds only the summary counts, whatever its length (docs/robustness.md).
  bool keep_reports = false;
  // Notes for the user (fewer concurrent games than asked for, and why).
  std::function<void(const std::string&)> on_note;
};

// The most games a match plays at once; more is refused (docs/robustness.md).
inline constexpr int kMaxConcurrency = 256;

struct MatchSummary {
  std::string names[2];                                           // bot1, bot2
  int games = 0, wins = 0, draws = 0, losses = 0, adjourned = 0;  // W/D/L of bot1
  int bot1_red = 0, bot1_blue = 0;                                // games bot1 played per side
  struct Tally {
    int wins = 0, draws = 0, losses = 0;
  } bot1_as[2];                        // bot1's W/D/L as red and as blue
  std::map<std::string, int> reasons;  // result reasons counted ("pursuit (major)" for kinds)
  EloEstimate elo;
  std::vector<GameReport> reports;  // in game order; only with MatchSettings::keep_reports
};

// Counts one game into m (bot1_score: 1, 0.5, 0, or -1 for an unfinished game): what
// `match` does per game and `tally` per record. The caller sets m.elo once all are in.
void count_game(MatchSummary& m, Side bot1_side, double bot1_score, const std::string& reason);

// Throws InputError for bad settings, an unwritable output file, or a factory that throws
// InputError (an unknown bot); any other failure of a bot loses that bot the game.
MatchSummary run_match(const BotFactory& bot1, const BotFactory& bot2,
                       const MatchSettings& settings);

// The key a game's result is counted under in MatchSummary::reasons.
std::string reason_key(const GameOutcome& o);
// True if the referee ended the game for what a bot did (time-forfeit, illegal-action, crash,
// disconnect, protocol-error); GameOutcome::detail then says what.
bool is_forfeit(const GameOutcome& o);

// --tc BASE+INC: seconds, decimals allowed ("60+0.5"), or milliseconds with an "ms" suffix
// ("500+10ms"); "+INC" may be left out. Throws InputError naming the text.
TimeControl parse_time_control(const std::string& text);

}  // namespace stratego::referee
