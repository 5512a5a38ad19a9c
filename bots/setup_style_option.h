// The `setups` option of every bot that makes its own set-up (rules, ismcts, alphabeta, random):
// where its classic-family set-ups come from, so that beliefs and bots can be tested against
// opponents unlike people.
//   own            the bot's own set-up (rules, ismcts, alphabeta: the rules set-up plan;
//                  random: uniform)
//   human          a set-up people used: one of the compiled-in training split of the
//                  variant's human set-ups (eval/data/*.mixture), mirrored half the time
//   book           one of the variant's set-up book (eval/priors/setup_book.h: strong set-ups found
//   by
//                  `stratego analyze generate`), mirrored half the time
//   uniform, forward-bombs, flag-front, high-front   the styles of eval/priors/setup_styles.h
// Where the choice does not fit (no human data or book for the variant, a style the army cannot
// follow, or Waterloo) the bot falls back to its own set-up. Each bot names its default: `own`
// for rules and random, `book` for the searching bots (strongest where a book is shipped).
#pragma once

#include <optional>
#include <string>

#include "bots/bot.h"
#include "engine/rng.h"
#include "engine/variant.h"

namespace stratego::bots {

class SetupStyleOption {
 public:
  static constexpr const char* kName = "setups";
  explicit SetupStyleOption(std::string default_value = "own");
  BotOption option() const;            // announces the bot's default
  void set(const std::string& value);  // InputError naming the choices if unknown
  const std::string& value() const { return value_; }
  // A set-up line of the chosen source, or nullopt for the bot's own.
  std::optional<std::string> setup(const Variant& v, Rng& rng) const;

 private:
  std::string default_;
  std::string value_;
};

}  // namespace stratego::bots
