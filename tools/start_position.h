// The options every command that starts a game shares (--variant, --seed, --setups,
// --position) and the start state they describe.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "engine/error.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace stratego {

struct StartOptions {
  std::string variant = "classic";
  std::uint64_t seed = 1;
  std::string setups;    // file of set-up lines; empty: random set-ups
  std::string position;  // position notation; overrides variant and set-ups
};
void add_start_options(CLI::App* cmd, StartOptions& o, bool with_position);

struct Start {
  State state;
  std::string red_setup, blue_setup;  // the lines used, if the start came from set-ups
};
// Set-ups come from the file (two lines drawn with the seed) or from the seeded random
// generator. Throws InputError for a bad variant, file or position.
Start make_start(const StartOptions& o, Rng& rng);

// parse(position), its InputError naming the --position option (the notation starts with a
// variant, so a bad one would otherwise read like a bad --variant).
template <class Parse>
auto parse_position_option(const std::string& position, Parse parse) {
  try {
    return parse(position);
  } catch (const InputError& e) {
    throw InputError(std::string("--position: ") + e.what());
  }
}

}  // namespace stratego
