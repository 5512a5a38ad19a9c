// A bot named on the command line: a built-in bot ("random", "rules", "ismcts"), optionally
// with option settings after commas ("ismcts,threads=2,movetime=500"), "cmd:COMMAND" for a
// program that speaks the bot protocol (docs/protocol.md), or "ucc:COMMAND" for a program
// that speaks the 2012 UCC competition protocol (classic only).
#pragma once

#include <memory>
#include <string>

#include "bots/bot.h"

namespace stratego::protocol {

// Throws InputError naming the spec if it is neither a built-in name nor a known prefix.
std::unique_ptr<bots::Bot> make_bot_from_spec(const std::string& spec);

// Applies one "NAME=VALUE" setting to the bot; throws InputError naming `where` if it is not one.
void apply_option_setting(bots::Bot& bot, const std::string& setting, const std::string& where);

}  // namespace stratego::protocol
