// The bots of a strength game (strength/bot_mixture.h): one spec plays both sides; a `mix:`
// list draws each pair's two bots from the pair's seed alone, every alternative about equally
// often and independently for the two sides, and a bad list is refused before any game.
#include <gtest/gtest.h>

#include <map>

#include "engine/error.h"
#include "strength/bot_mixture.h"
#include "strength/lab.h"

namespace stratego::strength {
namespace {

TEST(StrengthBotMixture, OneSpecPlaysBothSides) {
  const GameBots g = bots_of_game("rules,style=passive", 7);
  EXPECT_EQ(g.candidate, "rules,style=passive");
  EXPECT_EQ(g.opponent, "rules,style=passive");
  EXPECT_EQ(bot_alternatives("cmd:a|b"), std::vector<std::string>{"cmd:a|b"});  // not a mix
}

TEST(StrengthBotMixture, PairsDrawEveryAlternativeForEachSideFromTheSeed) {
  const std::string mix = "mix:rules|rules,style=aggressive|rules,style=passive";
  EXPECT_EQ(bot_alternatives(mix),
            (std::vector<std::string>{"rules", "rules,style=aggressive", "rules,style=passive"}));
  std::map<std::pair<std::string, std::string>, int> count;
  for (std::uint64_t seed = 0; seed < 9000; ++seed) {
    const GameBots g = bots_of_game(mix, seed);
    const GameBots again = bots_of_game(mix, seed);  // the same for every candidate
    EXPECT_EQ(g.candidate, again.candidate);
    EXPECT_EQ(g.opponent, again.opponent);
    ++count[{g.candidate, g.opponent}];
  }
  ASSERT_EQ(count.size(), 9u);  // every pair of alternatives, the two sides independent
  for (const auto& [bots, n] : count) EXPECT_NEAR(n, 1000, 150) << bots.first << " " << bots.second;
}

TEST(StrengthBotMixture, BadMixturesAreRefusedBeforeAnyGame) {
  EXPECT_THROW(bot_alternatives("mix:rules||random"), InputError);
  Settings s;
  s.variant = "barrage";
  s.bot = "mix:rules|no-such-bot";
  Store store("", s, {"AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE"});
  EXPECT_THROW(Lab(store, LabOptions{}), InputError);
}

}  // namespace
}  // namespace stratego::strength
