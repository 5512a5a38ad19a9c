// The `ismcts` bot on positions of every variant family reached by seeded random play, fed
// to it move by move as its own observations (bots/search_position.h): it always answers one
// of the legal actions, with or without its root prior, and with an iteration budget (one
// thread or two) the same seed gives the same answer and the same search.
#include "bots/ismcts_bot.h"

#include <gtest/gtest.h>

#include <atomic>

#include "bots/search_position.h"
#include "engine/error.h"

namespace stratego::bots {
namespace {

struct Decision {
  std::string action;
  std::int64_t nodes = 0;
  bool legal = false;
};

// The decision after `plies` random decisions (classic) or steps (Waterloo) of the game the
// seed gives, with an iteration budget; options are set on the bots before they see the game.
// The bots run on the parametric set-up prior unless `options` choose another: these tests are
// about the search, and the mixture's belief updates are slow under the sanitizers.
Decision decision(const std::string& spec, std::uint64_t seed, int plies, int threads = 1,
                  const std::vector<std::pair<std::string, std::string>>& options = {}) {
  PrimedSearch primed(SearchPosition{spec, seed, plies}, threads, "ismcts", [&](Bot& b) {
    b.set_option("setup_prior", "parametric");  // a test of the prior says so in `options`
    for (const auto& [name, value] : options) b.set_option(name, value);
  });
  Limits limits;
  limits.iterations = 150;
  const SearchOutcome o = primed.search(limits);
  const auto& legal = primed.legal();
  return Decision{o.action, o.nodes,
                  std::find(legal.begin(), legal.end(), o.action) != legal.end()};
}

TEST(IsmctsBot, AnswersLegallyInEveryClassicFamilyVariant) {
  for (const std::string spec :
       {"classic", "barrage", "duel", "ultimate-lightning", "clone-wars", "clone-wars-powers",
        "classic+silent-defence+rescue", "classic+moving-bombs"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Decision d = decision(spec, seed, int(seed) * 37);
      EXPECT_TRUE(d.legal) << spec << " seed " << seed << ": " << d.action;
      EXPECT_GT(d.nodes, 0) << spec;
    }
  }
}

TEST(IsmctsBot, AnswersLegallyInEveryWaterlooVariant) {
  for (const std::string spec :
       {"waterloo-basic", "waterloo-standard", "waterloo-expert", "waterloo-expert-early-start",
        "waterloo-expert-prussian-roll", "waterloo-expert-mud", "waterloo-own-terrain"}) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const Decision d = decision(spec, seed, int(seed) * 90);
      EXPECT_TRUE(d.legal) << spec << " seed " << seed << ": " << d.action;
    }
  }
}

TEST(IsmctsBot, SameSeedSameDecisionAndSearch) {
  const Decision a = decision("classic", 11, 60), b = decision("classic", 11, 60);
  EXPECT_EQ(a.action, b.action);
  EXPECT_EQ(a.nodes, b.nodes);
  const Decision c = decision("waterloo-standard", 5, 80), d = decision("waterloo-standard", 5, 80);
  EXPECT_EQ(c.action, d.action);
  EXPECT_EQ(c.nodes, d.nodes);
}

TEST(IsmctsBot, TwoThreadsAnswerLegally) {
  const Decision d = decision("barrage", 3, 40, 2);
  EXPECT_TRUE(d.legal) << d.action;
}

// Each thread's belief sampler is built in that thread; its seed, not the timing, decides what
// it draws, so two threads with an iteration budget search the same trees every time.
TEST(IsmctsBot, TwoThreadsWithAnIterationBudgetAreReproducible) {
  const Decision a = decision("classic", 7, 50, 2), b = decision("classic", 7, 50, 2);
  EXPECT_TRUE(a.legal) << a.action;
  EXPECT_EQ(a.action, b.action);
  EXPECT_EQ(a.nodes, b.nodes);
}

TEST(IsmctsBot, AnswersLegallyWithoutTheRootPriorAndWithOnlyIt) {
  for (const std::string spec : {"barrage", "waterloo-standard"})
    for (const char* weight : {"0", "100"}) {
      const Decision d = decision(spec, 4, 50, 1, {{"prior_weight", weight}});
      EXPECT_TRUE(d.legal) << spec << " prior_weight " << weight << ": " << d.action;
    }
}

TEST(IsmctsBot, OpponentStylesAnswerLegallyAndReproducibly) {
  for (const std::string spec : {"classic", "barrage", "classic+moving-bombs"}) {
    const Decision a = decision(spec, 6, 80, 1, {{"opponent_model", "styles"}});
    const Decision b = decision(spec, 6, 80, 1, {{"opponent_model", "styles"}});
    EXPECT_TRUE(a.legal) << spec << ": " << a.action;
    EXPECT_EQ(a.action, b.action) << spec;
    EXPECT_EQ(a.nodes, b.nodes) << spec;
  }
  const Decision w = decision("waterloo-standard", 6, 80, 1, {{"opponent_model", "styles"}});
  EXPECT_TRUE(w.legal) << "Waterloo ignores it: " << w.action;
}

// value=learned searches with the shipped linear value and answers legally.
TEST(IsmctsBot, SearchesWithTheLearnedValue) {
  const Decision hand = decision("classic", 9, 60, 1, {{"value", "hand"}});
  const Decision learned = decision("classic", 9, 60, 1, {{"value", "learned"}});
  EXPECT_TRUE(learned.legal) << learned.action;
  EXPECT_TRUE(hand.legal) << hand.action;
  // Duel has no shipped weights: value=learned keeps the hand-set evaluation there.
  const Decision a = decision("duel", 3, 40, 1, {{"value", "learned"}});
  const Decision b = decision("duel", 3, 40, 1);
  EXPECT_EQ(a.action, b.action);
  EXPECT_EQ(a.nodes, b.nodes);
  IsmctsBot bot;
  EXPECT_THROW(bot.set_option("value", "neural"), InputError);
}

// setup_prior=auto, the default, is the mixture in classic (where it won its SPRT) and the
// parametric table in Barrage. The two priors search these positions differently (checked, so
// that the test can tell which one auto took).
TEST(IsmctsBot, SetupPriorAutoIsTheMixtureInClassicAndBarrageAndTheTableInDuel) {
  for (const std::string spec : {"classic", "barrage", "duel"}) {
    const auto with = [&](const std::string& prior) {
      return decision(spec, 1, 80, 1, {{"setup_prior", prior}});
    };
    const Decision mixture = with("mixture"), table = with("parametric");
    const Decision by_default = with("auto");
    ASSERT_TRUE(mixture.nodes != table.nodes || mixture.action != table.action) << spec;
    const Decision& want = spec == "duel" ? table : mixture;
    EXPECT_EQ(by_default.action, want.action) << spec;
    EXPECT_EQ(by_default.nodes, want.nodes) << spec;
  }
  IsmctsBot bot;
  EXPECT_THROW(bot.set_option("setup_prior", "human"), InputError);
}

TEST(IsmctsBot, RejectsBadOptions) {
  IsmctsBot bot;
  EXPECT_THROW(bot.set_option("opponent_model", "aggressive"), InputError);
  EXPECT_THROW(bot.set_option("threads", "0"), InputError);
  EXPECT_THROW(bot.set_option("exploration", "lots"), InputError);
  EXPECT_THROW(bot.set_option("depth", "3"), InputError);
  EXPECT_THROW(bot.set_option("prior_weight", "-1"), InputError);
  EXPECT_THROW(bot.set_option("prior_temperature", "0"), InputError);
  EXPECT_THROW(bot.set_option("stop_when_settled", "yes"), InputError);
  bot.set_option("exploration", "0.5");
  EXPECT_DOUBLE_EQ(bot.params().exploration, 0.5);
}

}  // namespace
}  // namespace stratego::bots
