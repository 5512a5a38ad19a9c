// Built-in bots by name: `random`, `rules`, `ismcts`, `alphabeta`. Every command that accepts a bot
// name (match, play, engine, ucc-bot) goes through make_bot.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bots/bot.h"

namespace stratego::bots {

// The built-in bot of that name; throws InputError listing the names if there is none.
std::unique_ptr<Bot> make_bot(const std::string& name);
std::vector<std::string> builtin_bot_names();

// The opponent a person meets when they name none (`play`, `serve`): ismcts, the strongest bot
// in every variant (alphabeta is level with it in classic and scored 44% against it in Waterloo
// Standard: search/README.md), on one thread per core of this machine up to four.
std::string default_opponent();

}  // namespace stratego::bots
