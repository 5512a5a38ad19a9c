// The `setups` option of the bots that make their own set-ups (bots/setup_style_option.h): each
// style shows in the set-up line, `human` gives a set-up of the compiled-in data, bad values are
// refused, `book` draws from the compiled-in set-up book, and each bot's default is its own:
// rules its set-up plan, the searching bots the book (their own plan where no book is shipped).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bots/bot.h"
#include "engine/error.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_book.h"
#include "eval/priors/setup_mixture.h"
#include "protocol/bot_spec.h"

namespace stratego::bots {
namespace {

std::string setup_of(const std::string& spec, std::uint64_t seed = 3,
                     const std::string& variant = "classic") {
  auto bot = protocol::make_bot_from_spec(spec);
  GameStart g;
  g.variant = std::make_shared<const Variant>(load_variant(variant));
  g.variant_spec = variant;
  g.side = kBlue;
  g.seed = seed;
  bot->new_game(g);
  const View empty = setup_view(g.variant, kBlue);
  const std::string line = bot->setup(SetupRequest{&empty, {}});
  validate_setup(*g.variant, parse_setup(*g.variant, kBlue, line));
  return line;
}

TEST(SetupStyleOption, EveryBotFollowsTheStyle) {
  for (const std::string bot : {"rules", "ismcts", "random"}) {
    const std::string bombs = setup_of(bot + ",setups=forward-bombs");
    EXPECT_EQ(std::count(bombs.begin() + 30, bombs.end(), 'B'), 6) << bot << ": " << bombs;
    const std::string flag = setup_of(bot + ",setups=flag-front");
    EXPECT_NE(flag.find('M', 30), std::string::npos) << bot << ": " << flag;
    const std::string high = setup_of(bot + ",setups=high-front");
    EXPECT_NE(high.find('L', 30), std::string::npos) << bot;
    EXPECT_NE(high.find('K', 30), std::string::npos) << bot;
    setup_of(bot + ",setups=uniform");
  }
}

TEST(SetupStyleOption, HumanSetupsComeFromTheData) {
  const auto mix = eval::SetupMixture::for_variant(load_variant("classic"));
  if (!mix) GTEST_SKIP() << "no built-in classic mixture";
  const std::string line = setup_of("rules,setups=human");
  EXPECT_GT(mix->match(mix->parametric().symbols_of(line)).exact_setups, 0) << line;
}

TEST(SetupStyleOption, BookSetupsAreTheBooksOrTheirMirrors) {
  const Variant v = load_variant("classic");
  const std::vector<std::string> book = eval::setup_book(v);
  ASSERT_FALSE(book.empty()) << "eval/data/classic.book is compiled in";
  std::set<std::string> allowed(book.begin(), book.end());
  for (const std::string& line : book) {
    std::string m = line;
    for (int r = 0; r < v.setup_rows; ++r)
      std::reverse(m.begin() + r * v.width, m.begin() + (r + 1) * v.width);
    allowed.insert(m);
  }
  std::set<std::string> seen;
  for (const std::string bot : {"rules", "ismcts"})
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const std::string line = setup_of(bot + ",setups=book", seed);
      EXPECT_TRUE(allowed.count(line)) << bot << " " << line;
      seen.insert(line);
    }
  EXPECT_GT(seen.size(), 1u);  // mirrored half the time
  // Waterloo (no book) and Barrage's own book.
  EXPECT_FALSE(eval::setup_book(load_variant("barrage")).empty());
  EXPECT_TRUE(eval::setup_book(load_variant("duel")).empty());
}

TEST(SetupStyleOption, EachBotsDefaultAndBadValuesAreRefused) {
  EXPECT_EQ(setup_of("rules"), setup_of("rules,setups=own"));
  EXPECT_EQ(setup_of("random"), setup_of("random,setups=own"));
  for (const std::string bot : {"ismcts", "alphabeta"}) {
    EXPECT_EQ(setup_of(bot), setup_of(bot + ",setups=book")) << bot;
    EXPECT_NE(setup_of(bot), setup_of(bot + ",setups=own")) << bot;
    // Duel ships no book: the default falls back to the bot's own set-up.
    EXPECT_EQ(setup_of(bot, 3, "duel"), setup_of(bot + ",setups=own", 3, "duel")) << bot;
  }
  EXPECT_THROW(setup_of("rules,setups=bombs-everywhere"), InputError);
  EXPECT_THROW(setup_of("ismcts,setup_prior=nonsense"), InputError);
  setup_of("ismcts,setup_prior=mixture");
}

}  // namespace
}  // namespace stratego::bots
