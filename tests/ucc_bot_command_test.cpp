// `stratego ucc-bot` inside a fake UCC manager (tests/support/ucc_manager.h), which holds the
// true game and checks every set-up and move the program sends: whole games with both colours,
// and the errors for messages it cannot accept.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "bots/registry.h"
#include "protocol/subprocess.h"
#include "support/ucc_manager.h"

namespace stratego {
namespace {

using namespace std::chrono_literals;

std::string ucc_bot(const std::string& bot, int seed) {
  return std::string(STRATEGO_BINARY) + " ucc-bot --bot " + bot + " --movetime 200 --seed " +
         std::to_string(seed);
}

// Both sides are ucc-bot processes: every move goes through the protocol both ways, and each
// program's tracking is checked against the manager's board lines at every turn (ucc-bot
// stops with an error at the first difference, which fails the game here).
TEST(UccBotCommand, TwoRandomBotsPlayAWholeGameInTheManager) {
  testing::UccManagerGame game;
  game.commands = {ucc_bot("random", 3), ucc_bot("random", 4)};
  game.seed = 7;
  game.max_plies = 3000;
  const auto r = testing::run_ucc_manager(game);
  EXPECT_EQ(r.failure, "");
  EXPECT_GT(r.plies, 100) << "result: " << int(r.result.winner) << " "
                          << end_reason_name(r.result.reason);
  EXPECT_GT(r.attacks, 10);
  EXPECT_GT(r.long_scout_moves, 0);
  EXPECT_EQ(r.exit_status[kRed], 0);
  EXPECT_EQ(r.exit_status[kBlue], 0);
}

// The rule-based bot keeps its own account of what it observed: it must agree with the board.
TEST(UccBotCommand, RulesBotPlaysBlueAgainstTheManagersRandomRed) {
  const auto names = bots::builtin_bot_names();
  if (std::find(names.begin(), names.end(), "rules") == names.end()) GTEST_SKIP() << "no rules bot";
  testing::UccManagerGame game;
  game.commands = {"", ucc_bot("rules", 5)};
  game.seed = 8;
  game.max_plies = 600;
  const auto r = testing::run_ucc_manager(game);
  EXPECT_EQ(r.failure, "");
  EXPECT_GT(r.plies, 20);
  EXPECT_EQ(r.exit_status[kBlue], 0);
}

// Feeds ucc-bot some lines and returns its exit status once it stops.
int exit_status_after(const std::vector<std::string>& lines, bool read_setup = false) {
  protocol::Subprocess p(ucc_bot("random", 1), "/dev/null");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    p.write_line(lines[i]);
    if (read_setup && i == 0) {
      std::string line;
      for (int k = 0; k < 4; ++k)
        EXPECT_EQ(p.read_line(line, 5000ms), protocol::Subprocess::Read::kLine);
    }
  }
  std::string line;
  while (p.read_line(line, 5000ms) == protocol::Subprocess::Read::kLine) {
  }
  p.finish(5000ms);
  return p.exit_status().value_or(-1);
}

TEST(UccBotCommand, UnreadableMessagesEndItWithStatusTwo) {
  EXPECT_EQ(exit_status_after({"PURPLE someone 10 10"}), 2);
  EXPECT_EQ(exit_status_after({"RED someone 8 8"}), 2);
  // Blue: a move from a square where Red has no piece contradicts the game.
  EXPECT_EQ(exit_status_after({"BLUE someone 10 10", "4 4 DOWN OK"}, true), 2);
  EXPECT_EQ(exit_status_after({"BLUE someone 10 10", "0 3 SIDEWAYS OK"}, true), 2);
  // A QUIT right after the set-up is a normal end.
  EXPECT_EQ(exit_status_after({"BLUE someone 10 10", "QUIT someone RED BAD_SETUP 0 0 0"}, true), 0);
}

}  // namespace
}  // namespace stratego
