// `stratego tally` as a user runs it: the games of several `match --out` files counted
// together, the same figures `match` gave for each, grouped by variant and pair of bots, and
// errors that name the file and record that is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "engine/file_io.h"
#include "support/command_run.h"

// Inside test_support, whose helpers run the program and read what it printed.
namespace stratego::test_support {
namespace {

CommandRun run(const std::string& args) { return run_stratego(args); }

// Plays a match into `out` and returns its JSON summary.
nlohmann::json play(const std::string& args, const std::string& out) {
  std::filesystem::remove(out);
  const CommandRun r = run("match " + args + " --movetime 500 --quiet --json --out " + out);
  EXPECT_EQ(r.status, 0) << r.out;
  return nlohmann::json::parse(last_line(r.out));
}

TEST(TallyCommand, CountsSeveralFilesAsTheMatchesDid) {
  const std::string a = unique_temp_path("tally_a.txt"), b = unique_temp_path("tally_b.txt"),
                    w = unique_temp_path("tally_w.txt");
  const auto ma = play("--variant barrage --bot1 rules --bot2 random --games 4 --seed 5", a);
  const auto mb = play("--variant barrage --bot1 rules --bot2 random --games 3 --seed 21", b);
  const auto mw = play("--variant waterloo-basic --bot1 random --bot2 rules --games 2 --seed 3", w);
  const CommandRun r = run("tally " + a + " " + w + " " + b + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto groups = nlohmann::json::parse(last_line(r.out));
  ASSERT_EQ(groups.size(), 2u) << r.out;
  const auto& barrage = groups[0];
  EXPECT_EQ(barrage["variant"], "barrage");
  EXPECT_EQ(barrage["bot1"], "rules");
  EXPECT_EQ(barrage["games"], 7);
  for (const char* k : {"wins", "draws", "losses", "bot1_red", "bot1_blue"})
    EXPECT_EQ(barrage[k].get<int>(), ma[k].get<int>() + mb[k].get<int>()) << k;
  EXPECT_EQ(barrage["bot1_as_red"]["wins"].get<int>() + barrage["bot1_as_blue"]["wins"].get<int>(),
            barrage["wins"].get<int>());
  int reasons = 0;
  for (const auto& [reason, n] : barrage["reasons"].items()) reasons += n.get<int>();
  EXPECT_EQ(reasons, 7);
  const auto& waterloo = groups[1];
  EXPECT_EQ(waterloo["variant"], "waterloo-basic");
  EXPECT_EQ(waterloo["bot1"], "random");
  for (const char* k : {"games", "wins", "draws", "losses"}) EXPECT_EQ(waterloo[k], mw[k]) << k;
  // The text report, as `match` prints it.
  const CommandRun text = run("tally " + a + " " + b);
  ASSERT_EQ(text.status, 0) << text.out;
  EXPECT_NE(text.out.find("rules vs random, barrage: 7 games"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Elo difference"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("as red "), std::string::npos) << text.out;
  for (const std::string& f : {a, b, w}) std::filesystem::remove(f);
}

TEST(TallyCommand, ErrorsNameTheFileAndRecord) {
  const std::string good = unique_temp_path("tally_good.txt"),
                    bad = unique_temp_path("tally_bad.txt");
  play("--variant barrage --bot1 rules --bot2 random --games 2 --seed 5", good);
  // The second record loses its `tag red` line.
  std::string text = read_text_file(good);
  const auto second = text.find("stratego-record", 1);
  ASSERT_NE(second, std::string::npos);
  const auto red = text.find("tag red ", second);
  text.erase(red, text.find('\n', red) + 1 - red);
  write_text_file_atomically(bad, text);
  const std::pair<std::string, std::string> cases[] = {
      {"tally " + bad, "record 2"},
      {"tally " + bad, "tag red"},
      {"tally " + good + " /nonexistent/records.txt", "/nonexistent/records.txt"},
  };
  for (const auto& [args, named] : cases) {
    const CommandRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("error: "), std::string::npos) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(named), std::string::npos) << args << "\n" << r.out;
  }
  const CommandRun none = run("tally");  // a usage error, with CLI11's exit code
  EXPECT_NE(none.status, 0);
  EXPECT_NE(none.out.find("files is required"), std::string::npos) << none.out;
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
}

}  // namespace
}  // namespace stratego::test_support
