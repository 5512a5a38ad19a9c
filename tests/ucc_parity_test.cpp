// `stratego ucc-bot` gives a bot the same information as the referee does natively: the same
// deterministic bot (one thread, a node budget, the seed the referee would hand it) plays the
// same game against `rules` through the UCC path (the referee playing the 2012 manager's part
// towards `ucc-bot`, which tracks the game from the manager's messages alone) as it plays
// natively. A View or observation that differed would most likely change a decision, and so the
// game.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/record.h"
#include "engine/variant_loader.h"
#include "protocol/bot_spec.h"
#include "protocol/ucc/ucc_bot.h"
#include "protocol/ucc/ucc_protocol.h"
#include "referee/referee.h"

namespace stratego {
namespace {

constexpr std::int64_t kParityNodes = 100;

// The record without its tags (which name the bots): set-ups, moves and result.
std::string without_tags(const std::string& record) {
  GameRecord r = parse_record(record);
  r.tags.clear();
  return format_record(r);
}

referee::GameOutcome parity_game(bots::Bot& red, std::uint64_t seed) {
  referee::GameSettings st;
  st.variant = std::make_shared<const Variant>(load_variant(protocol::kUccVariantSpec));
  st.variant_spec = std::string(protocol::kUccVariantSpec);
  st.seed = seed;
  st.time.nodes = kParityNodes;
  auto blue = protocol::make_bot_from_spec("rules");
  return referee::play_game(red, *blue, st);
}

TEST(UccParity, TheSeedPlaceholderBecomesTheBotsSeed) {
  EXPECT_EQ(protocol::command_for_game("p --seed {seed} --x {seed}", 42), "p --seed 42 --x 42");
  EXPECT_EQ(protocol::command_for_game("p --seed 7", 42), "p --seed 7");
}

TEST(UccParity, TheSearchPlaysTheSameGameThroughUccBotAsNatively) {
  const std::string bot = "ismcts,threads=1";
  const std::uint64_t seed = 34;  // one whole game, about 4 s a path in release
  const referee::GameOutcome native = parity_game(*protocol::make_bot_from_spec(bot), seed);
  // `{seed}`: the seed the referee hands this side's bot (protocol/ucc/ucc_bot.h). The game is
  // bounded by nodes, not time; the reply timeout only catches a hang, so it is loose enough
  // for a sanitizer build on a loaded machine (10 s, the default, was once too short there).
  protocol::UccBotOptions slow;
  slow.default_timeout_ms = 120000;
  protocol::UccBot ucc_bot(std::string(STRATEGO_BINARY) + " ucc-bot --bot " + bot +
                               " --movetime 0 --nodes " + std::to_string(kParityNodes) +
                               " --seed {seed}",
                           slow);
  const referee::GameOutcome ucc = parity_game(ucc_bot, seed);
  // A whole game won on the board, not a fault.
  ASSERT_TRUE(native.reason == "flag-captured" || native.reason == "no-moves") << native.reason;
  EXPECT_GT(native.decisions, 100);
  EXPECT_EQ(without_tags(ucc.record), without_tags(native.record));
  EXPECT_EQ(ucc.winner, native.winner);
}

}  // namespace
}  // namespace stratego
