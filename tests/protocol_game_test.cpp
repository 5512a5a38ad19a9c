// Whole games over the protocol through the referee (referee/referee.h): the Python example bot
// (bots/examples/random_bot.py, standard library only) against a built-in bot in both variant
// families, and against `stratego engine --bot random`. Proof that the protocol is language-
// neutral and that both of its sides carry a whole game. Skipped when python3 is missing.
#include <gtest/gtest.h>

#include <cstdlib>

#include "bots/random_bot.h"
#include "engine/record.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "protocol/protocol_bot.h"
#include "referee/referee.h"

namespace stratego::bots {
namespace {

bool have_python() {
  static const bool have = std::system("python3 -c 'pass' >/dev/null 2>&1") == 0;
  return have;
}

std::string python_bot() {
  return "python3 " + std::string(STRATEGO_SOURCE_DIR) + "/bots/examples/random_bot.py";
}

referee::GameSettings settings(const std::string& spec, std::uint64_t seed) {
  referee::GameSettings s;
  s.variant = std::make_shared<const Variant>(load_variant(spec));
  s.variant_spec = spec;
  s.seed = seed;
  s.time.movetime_ms = 2000;
  return s;
}

// The game ended by the rules, not by a fault of either bot, and its record replays.
void expect_clean_game(const referee::GameOutcome& g, bool waterloo) {
  for (const char* fault :
       {"crash", "disconnect", "protocol-error", "illegal-action", "time-forfeit"})
    EXPECT_NE(g.reason, fault) << g.detail;
  EXPECT_NE(g.winner, Winner::kNone) << g.reason << ": " << g.detail;
  EXPECT_GT(g.decisions, 10);
  if (waterloo)
    EXPECT_NO_THROW(waterloo::replay(waterloo::parse_record(g.record)));
  else
    EXPECT_NO_THROW(replay(parse_record(g.record)));
}

TEST(ProtocolGame, PythonExampleBotPlaysAClassicGameThroughTheReferee) {
  if (!have_python()) GTEST_SKIP() << "python3 is not installed";
  protocol::ProtocolBot python(python_bot());
  EXPECT_EQ(python.name(), "python-random");
  RandomBot random;
  expect_clean_game(referee::play_game(python, random, settings("barrage", 3)), false);
}

TEST(ProtocolGame, PythonExampleBotPlaysAWaterlooGameThroughTheReferee) {
  if (!have_python()) GTEST_SKIP() << "python3 is not installed";
  protocol::ProtocolBot python(python_bot());
  RandomBot random;
  // Standard: cards and their draft, so requests outside one's own turn come up too.
  expect_clean_game(
      referee::play_game(random, python, settings("waterloo-standard+waterloo_turn_limit=6", 5)),
      true);
}

TEST(ProtocolGame, EngineCommandPlaysThePythonBotOverTheProtocol) {
  if (!have_python()) GTEST_SKIP() << "python3 is not installed";
  protocol::ProtocolBot engine(std::string(STRATEGO_BINARY) + " engine --bot random");
  EXPECT_EQ(engine.name(), "random");
  protocol::ProtocolBot python(python_bot());
  // An inline variant: a spec that is a file path is sent whole to both programs.
  const std::string spec =
      std::string(STRATEGO_SOURCE_DIR) + "/variants/barrage.variant+silent-defence";
  expect_clean_game(referee::play_game(engine, python, settings(spec, 8)), false);
}

}  // namespace
}  // namespace stratego::bots
