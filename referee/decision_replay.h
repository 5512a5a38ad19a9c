// A game record of either family replayed to one side's bot, which thinks again at each of that
// side's decisions with a fixed budget and says why (Bot::analyse): `stratego analyze
// decisions`. The bot gets what the referee gave it in the game -- GameStart with the side and
// the bot's seed of the game, the set-up requests, every step as that side observed it, each
// decision's view and legal actions -- so a deterministic bot with the game's budget and seed
// makes the game's choices again. Decisions outside the range asked for
// are still decided (with a budget of one node), so that the bot's own state (its decision count,
// its random stream) is the game's at the decisions explained.
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "bots/bot.h"
#include "referee/record_replay.h"

namespace stratego::referee {

struct ExplainSettings {
  Side side = kRed;
  std::int64_t nodes = 0;      // the budget of each explained decision (bots::Limits::nodes)
  int from = 1, to = INT_MAX;  // move numbers of the record (1-based) to explain
  // The game's seed, from which the bot's seed comes as the referee made it (referee.h,
  // bot_seed); nullopt: the record's `seed` tag, else 1.
  std::optional<std::uint64_t> seed;
};

struct ExplainedDecision {
  int move = 0;        // the record's step number this decision made (1-based)
  std::string played;  // that step, as the record has it
  bots::DecisionAnalysis analysis;
};

// Calls `each` for every decision of settings.side whose move number is in [from, to], in
// order. Attack rows of a bot that keeps no belief (rules) get the targets' beliefs of the
// side's belief followed along the game (RecordReplay::start_belief, as `stratego analyze`
// shows it). InputError: a bad record (naming the step), a range with no decision of that
// side, a bot that does not explain its decisions.
void explain_decisions(RecordReplay& replay, bots::Bot& bot, const ExplainSettings& settings,
                       const std::function<void(const ExplainedDecision&)>& each);

// The game seed explain_decisions uses: settings.seed, else the record's seed tag, else 1.
std::uint64_t explained_game_seed(const RecordReplay& r, const ExplainSettings& settings);

}  // namespace stratego::referee
