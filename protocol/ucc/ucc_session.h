// `stratego ucc-bot`: one of our bots plays one game inside a 2012 UCC competition manager,
// reading the manager's messages (protocol/ucc/ucc_protocol.h) and answering them, while a
// UccTracker keeps what the bot may know: its View, its legal moves and its observations.
// The game is played by kUccVariantSpec's rules (Classic without repetition rules), as the
// manager plays it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "bots/bot.h"

namespace stratego::protocol {

struct UccSessionOptions {
  // Time per move handed to the bot (the manager allows 2 s by default); 0: the bot's own.
  std::int64_t movetime_ms = 1000;
  std::int64_t nodes = 0;               // search budget per decision handed to the bot; 0: none
  std::uint64_t seed = 1;               // for the bot's randomness and the tracker's placeholders
  std::ostream* diagnostics = nullptr;  // where notes go (a refused move, an early end)
};

// Plays until QUIT (or the end of `in`). Throws InputError quoting the message it cannot read
// or that contradicts the game so far.
void run_ucc_session(bots::Bot& bot, std::istream& in, std::ostream& out,
                     const UccSessionOptions& options);

// Our result word ("red flag-captured", "draw move-limit", "none unknown") for the manager's
// QUIT line, e.g. `QUIT vixen.py RED VICTORY 120 5 65`.
std::string ucc_quit_to_result(std::string_view quit_line);

}  // namespace stratego::protocol
