// Reading a built-in bot's option values (bots/bot.h, set_option): an integer or a real number
// in a range, true/false, one of a few words. Each throws InputError naming the option and the
// value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace stratego::bots {

std::int64_t parse_int(const std::string& name, const std::string& value, std::int64_t lo,
                       std::int64_t hi);
double parse_real(const std::string& name, const std::string& value, double lo, double hi);
bool parse_bool(const std::string& name, const std::string& value);
// The index of value among choices (a combo option's words).
std::size_t parse_choice(const std::string& name, const std::string& value,
                         const std::vector<std::string>& choices);

}  // namespace stratego::bots
