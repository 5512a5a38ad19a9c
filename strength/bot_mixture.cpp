#include "strength/bot_mixture.h"

#include "engine/error.h"
#include "engine/rng.h"

namespace stratego::strength {

std::vector<std::string> bot_alternatives(const std::string& bot) {
  if (bot.rfind(kMixturePrefix, 0) != 0) return {bot};
  std::vector<std::string> out(1);
  for (char c : bot.substr(std::string(kMixturePrefix).size())) {
    if (c == '|')
      out.emplace_back();
    else
      out.back() += c;
  }
  for (const std::string& s : out)
    if (s.empty())
      throw InputError("--bot " + bot + ": an empty bot in the mixture (mix:A|B|... of specs)");
  return out;
}

GameBots bots_of_game(const std::string& bot, std::uint64_t seed) {
  const std::vector<std::string> alt = bot_alternatives(bot);
  if (alt.size() == 1) return {alt[0], alt[0]};
  // Another stream than the game's own uses of its seed (the opponent set-up, the bots').
  Rng rng(seed ^ 0xb07b07b07ull);
  const std::uint32_t n = std::uint32_t(alt.size());
  GameBots g;
  g.candidate = alt[rng.below(n)];
  g.opponent = alt[rng.below(n)];
  return g;
}

}  // namespace stratego::strength
