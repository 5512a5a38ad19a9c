// `stratego match` as a user runs it: a line per game, the summary, the JSON object as the
// last line with figures that add up, the records file, and errors that name what was wrong.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "engine/file_io.h"
#include "engine/record_file.h"
#include "support/command_run.h"

namespace stratego {
namespace {

using test_support::CommandRun;
using test_support::last_line;
using test_support::unique_temp_path;
CommandRun run(const std::string& args) { return test_support::run_stratego(args); }

TEST(MatchCommand, PrintsEachGameTheSummaryAndJsonLast) {
  const std::string out = unique_temp_path("match_command_records.txt");
  std::filesystem::remove(out);
  const CommandRun r =
      run("match --variant barrage --bot1 random --bot2 random --games 4 --seed 5 --movetime 500 "
          "--json --out " +
          out);
  ASSERT_EQ(r.status, 0) << r.out;
  for (int i = 1; i <= 4; ++i)
    EXPECT_NE(r.out.find("game " + std::to_string(i) + "/4 (seed " + std::to_string(4 + i) + ")"),
              std::string::npos)
        << r.out;
  EXPECT_NE(r.out.find("Elo difference"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(last_line(r.out));
  EXPECT_EQ(j["games"], 4);
  EXPECT_EQ(j["wins"].get<int>() + j["draws"].get<int>() + j["losses"].get<int>(), 4);
  EXPECT_EQ(j["bot1_red"], 2);
  int reasons = 0;
  for (const auto& [reason, n] : j["reasons"].items()) reasons += n.get<int>();
  EXPECT_EQ(reasons, 4);
  EXPECT_EQ(j["bot1"], "random");
  const std::string text = read_text_file(out);
  EXPECT_EQ(split_records(text, out).size(), 4u);
  EXPECT_NE(text.find("tag time-control movetime 500ms"), std::string::npos);
  const CommandRun check = run("check --record " + out);
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("ok: 4 records"), std::string::npos) << check.out;
  std::filesystem::remove(out);
  // --quiet --json: the JSON object alone.
  const CommandRun quiet =
      run("match --variant barrage --bot1 random --bot2 random --games 2 --quiet --json");
  ASSERT_EQ(quiet.status, 0) << quiet.out;
  EXPECT_EQ(quiet.out.find("game 1/2"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(quiet.out)["games"], 2);
}

TEST(MatchCommand, ErrorsNameWhatWasWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"match --bot1 nobody --bot2 random", "nobody"},
      {"match --variant nowhere --bot1 random --bot2 random", "nowhere"},
      {"match --bot1 random --bot2 random --tc 1:00", "--tc"},
      {"match --bot1 random --bot2 random --games 0", "--games"},
      {"match --variant waterloo-basic --bot1 random --bot2 random --setups x.txt", "--setups"},
  };
  for (const auto& [args, named] : cases) {
    const CommandRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("error: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(named), std::string::npos) << r.out;
  }
}

}  // namespace
}  // namespace stratego
