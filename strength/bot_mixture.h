// The bots of a strength game. `--bot SPEC` plays both sides with one bot; `--bot mix:A|B|...`
// is a mixture of bot specs (e.g. the play styles of `rules`, bots/README.md): each pair of
// games draws the candidate's bot and the opponent's bot from the list, independently and
// uniformly, from the pair's seed alone, so every candidate meets the same bots in the same
// games (common random numbers) and a set-up is judged by how it does across ways of playing,
// not by one bot's fixed habits. docs/setup-strength.md, "Does it predict real games".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stratego::strength {

inline constexpr const char* kMixturePrefix = "mix:";

// The alternatives of a bot setting: the specs after `mix:` split at '|', or the one spec.
// Throws InputError for an empty alternative.
std::vector<std::string> bot_alternatives(const std::string& bot);

struct GameBots {
  std::string candidate, opponent;
};
// The bots of the pair whose seed is `seed` (both games of a pair share it).
GameBots bots_of_game(const std::string& bot, std::uint64_t seed);

}  // namespace stratego::strength
