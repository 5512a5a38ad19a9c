// The lines of the bot protocol (docs/protocol.md), written and read in one place so that the
// engine side (ProtocolEngine) and the client side (ProtocolBot) cannot drift apart. Every
// parse_* throws InputError saying what in the line is wrong; every format_* output is read
// back to the same value by its parse_*.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.h"

namespace stratego::protocol {

constexpr int kProtocolVersion = 1;

// The first word of a line, and the rest after the blanks that follow it.
std::string_view first_word(std::string_view line);
std::string_view rest_after_word(std::string_view line);

// "option name Threads type spin default 1 min 1 max 64", "... type combo default a var a var b".
std::string format_option(const bots::BotOption& o);
bots::BotOption parse_option(std::string_view line);
// "setoption name NAME value VALUE" (the value may be empty or hold blanks).
std::string format_setoption(const std::string& name, const std::string& value);
std::pair<std::string, std::string> parse_setoption(std::string_view line);
// Checks value against the option's type and range; throws InputError naming both.
void check_option_value(const bots::BotOption& o, const std::string& value);

// "newgame variant SPEC side red seed 42 opponent NAME..." or, for a variant sent whole,
// "newgame variant inline COUNT side ..." followed by COUNT lines of the variant file.
struct NewGameLine {
  std::string variant;   // the spec, or "inline"
  int inline_lines = 0;  // lines that follow (inline only)
  Side side = kRed;
  std::uint64_t seed = 0;
  std::string opponent;
};
std::string format_newgame(const NewGameLine& g);
NewGameLine parse_newgame(std::string_view line);

// The limits on `go` and `setup` lines: "movetime 500 redtime 60000 bluetime 58000 redinc
// 1000 blueinc 1000 nodes 10000 iterations 800 infinite"; absent values are left out.
std::string format_limits(const bots::Limits& l);

// "go [LIMITS] [drawoffered]".
std::string format_go(const bots::Limits& l, bool draw_offered);
void parse_go(std::string_view line, bots::Limits& l, bool& draw_offered);
// "setup [LIMITS] [suggest SETUP...]".
std::string format_setup_request(const bots::Limits& l, const std::string& suggestion);
void parse_setup_request(std::string_view line, bots::Limits& l, std::string& suggestion);

// "bestmove TOKEN [offerdraw] [acceptdraw] [resign] [adjourn]", TOKEN '-' when there is no
// action; "resign" and "adjourn" alone are short for "bestmove - resign" / "bestmove - adjourn".
std::string format_reply(const bots::Reply& r);
bots::Reply parse_reply(std::string_view line);

// "info [depth N] [iterations N] [nodes N] [nps N] [samples N] [winprob P] [pv TOKEN...]
// [string TEXT...]"; pv runs to the next keyword, string to the end of the line.
std::string format_info(const bots::SearchInfo& i);
bots::SearchInfo parse_info(std::string_view line);

}  // namespace stratego::protocol
