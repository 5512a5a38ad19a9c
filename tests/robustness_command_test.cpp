// Input that once aborted the `stratego` program or cost it unbounded memory: each is now
// the documented `error: ...` with status 2, or a bounded answer (docs/robustness.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/line_reader.h"
#include "protocol/protocol_engine.h"
#include "tests/support/command_run.h"

namespace stratego {
namespace {

using test_support::run_stratego;
using test_support::unique_temp_path;

void expect_input_error(const std::string& args, const std::string& says) {
  const auto r = run_stratego(args);
  EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
  EXPECT_EQ(r.out.rfind("error: ", 0), 0u) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(says), std::string::npos) << args << "\n" << r.out;
  EXPECT_EQ(r.out.find("terminate"), std::string::npos) << r.out;
}

TEST(Robustness, FileSystemErrorsInAVariantFileAreInputErrors) {
  const std::string dir = unique_temp_path("fs_errors");
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir + "/long.variant") << "inherit = " << std::string(300, 'a') << "\n";
    std::ofstream(dir + "/loop.variant") << "inherit = loop1\n";
  }
  std::filesystem::remove(dir + "/loop1.variant");
  std::filesystem::remove(dir + "/loop2.variant");
  std::filesystem::create_symlink("loop2.variant", dir + "/loop1.variant");
  std::filesystem::create_symlink("loop1.variant", dir + "/loop2.variant");
  expect_input_error("check " + dir + "/long.variant", "File name too long");
  expect_input_error("perft --variant " + dir + "/long.variant --depth 1", "File name too long");
  expect_input_error("check " + dir + "/loop.variant", "symbolic links");
  expect_input_error("check " + dir + "/loop1.variant", "symbolic links");
  expect_input_error("check " + dir, "Is a directory");
  expect_input_error("match --bot1 random --bot2 random --variant " + dir + "/long.variant",
                     "File name too long");
}

TEST(Robustness, EveryOptionErrorIsAnErrorLineWithStatusTwo) {
  expect_input_error("perft --depth 50", "--depth");
  expect_input_error("perft --depth x", "--depth");
  expect_input_error("perft --no-such-option", "--no-such-option");
  expect_input_error("no-such-command", "subcommand");
  expect_input_error("", "stratego play");  // alone: the list of commands and where to start
  expect_input_error("ladder", "create");   // a command group alone: its commands
  expect_input_error("match --bot1 random", "--bot2");
  expect_input_error("perft --depth 1 --position garbage", "--position: unknown variant");
  expect_input_error("selfplay --position waterloo-standard", "--position: waterloo notation");
  EXPECT_EQ(run_stratego("--help").status, 0);
  EXPECT_EQ(run_stratego("perft --help").status, 0);
}

TEST(Robustness, SeedsOutOfRangeAreRefusedNotClamped) {
  expect_input_error("match --bot1 random --bot2 random --seed 18446744073709551616", "--seed");
  expect_input_error("match --bot1 random --bot2 random --seed -1", "--seed");
  expect_input_error("selfplay --seed 99999999999999999999999", "--seed");
  expect_input_error("ucc-bot --seed 0x10", "--seed");
  const auto top = run_stratego(
      "match --bot1 random --bot2 random --variant barrage -n 1 --json --seed "
      "18446744073709551615");
  EXPECT_EQ(top.status, 0) << top.out;
  EXPECT_NE(top.out.find("\"seed\":18446744073709551615"), std::string::npos) << top.out;
}

TEST(Robustness, MatchRefusesAThousandConcurrentGames) {
  expect_input_error("match --bot1 random --bot2 random --concurrency 1000", "--concurrency 1000");
}

TEST(Robustness, ABoundedLineReadDropsWhatIsOverTheBound) {
  std::istringstream in(std::string(50, 'x') + "\nok\r\nlast");
  std::string line;
  EXPECT_EQ(read_bounded_line(in, line, 10), LineRead::kTooLong);
  EXPECT_EQ(line.size(), 10u);
  EXPECT_EQ(read_bounded_line(in, line, 10), LineRead::kLine);
  EXPECT_EQ(line, "ok");
  EXPECT_EQ(read_bounded_line(in, line, 10), LineRead::kLine);
  EXPECT_EQ(line, "last");
  EXPECT_EQ(read_bounded_line(in, line, 10), LineRead::kEnd);
}

// `engine` read a whole line however long (1 GB cost 2.9 GB) and echoed an unknown one whole.
TEST(Robustness, TheEngineBoundsItsInputLinesAndItsEcho) {
  bots::RandomBot bot;
  std::string input = "stratego 1\n" + std::string(kMaxInputLine + 10, 'x') + "\nisready\n" +
                      std::string(100000, 'y') + "\nquit\n";
  std::istringstream in(input);
  std::ostringstream out;
  protocol::serve_protocol(bot, in, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("error an input line longer than 1048576 bytes; ignored\nreadyok\n"),
            std::string::npos);
  EXPECT_NE(text.find("error unknown command 'yyyy"), std::string::npos);
  EXPECT_LT(text.size(), 2000u) << "the unknown command was echoed back whole";
}

TEST(Robustness, UccBotRefusesALineOverTheBound) {
  const std::string path = unique_temp_path("ucc_long_input.txt");
  std::ofstream(path) << "RED opponent 10 10\n" << std::string(kMaxInputLine + 1, 'x') << "\n";
  const auto r = run_stratego("ucc-bot < " + path);
  EXPECT_EQ(r.status, 2) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("error: UCC manager: a line longer than 1048576 bytes"), std::string::npos)
      << r.out.substr(0, 500);
}

}  // namespace
}  // namespace stratego
