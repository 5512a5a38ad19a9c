// `stratego analyze` as a user runs it: beliefs along a game record with SVG heat maps per
// kind, set-up log-probabilities that are the prior's own numbers, and errors that name the
// file and line.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "engine/file_io.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_model.h"
#include "support/command_run.h"

namespace stratego {
namespace {

using test_support::CommandRun;
using test_support::unique_temp_path;
CommandRun run(const std::string& args) { return test_support::run_stratego(args); }

TEST(AnalyzeCommand, PrintsBeliefsAtTheChosenMovesAndWritesAHeatMapPerKind) {
  const std::string record = unique_temp_path("analyze_game.rec"),
                    svg = unique_temp_path("analyze_svg");
  std::filesystem::remove_all(svg);
  ASSERT_EQ(run("selfplay --variant classic --seed 3 --quiet --record " + record).status, 0);
  const CommandRun r = run("analyze " + record + " --side red --at 0,20 --top 2 --svg " + svg);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("after move 0 (red to move):\n  40 hidden blue pieces, 40 of open kind"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("after move 20"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  a10, unmoved: "), std::string::npos) << r.out;
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(svg)) {
    const std::string text = read_text_file(e.path().string());
    EXPECT_EQ(text.rfind("<svg", 0), 0u);
    EXPECT_NE(text.find("</svg>"), std::string::npos);
    ++files;
  }
  EXPECT_EQ(files, 2 * 12);  // two moves, the twelve kinds of the classic army
  EXPECT_TRUE(std::filesystem::exists(svg + "/move-20-flag.svg"));
  std::filesystem::remove_all(svg);
  std::filesystem::remove(record);
}

TEST(AnalyzeCommand, SetupLogProbabilitiesAreThePriorsOwn) {
  const Variant v = load_variant("classic");
  Rng rng(9);
  const std::string a = format_setup(v, random_setup(v, kRed, rng)),
                    b = format_setup(v, random_setup(v, kRed, rng));
  const std::string file = unique_temp_path("analyze_setups.txt");
  write_text_file_atomically(file, "# two set-ups\n" + a + "\n" + b + "\n");
  const CommandRun r = run("analyze setup " + file + " --variant classic --squares");
  ASSERT_EQ(r.status, 0) << r.out;
  const eval::SetupModel m = eval::SetupModel::for_variant(v);
  char expected[64];
  std::snprintf(expected, sizeof expected, "line 3: %.3f (", m.log_prob(m.symbols_of(b)));
  EXPECT_NE(r.out.find(expected), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("line 2: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  most expected: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  least expected: "), std::string::npos) << r.out;
  // A bad line is named with its file and line number.
  write_text_file_atomically(file, a + "\n" + a.substr(1) + "\n");
  const CommandRun bad = run("analyze setup " + file + " --variant classic");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find(file + ":2:"), std::string::npos) << bad.out;  // file:line
  std::filesystem::remove(file);
}

TEST(AnalyzeCommand, ErrorsNameWhatIsWrong) {
  const CommandRun missing = run("analyze /nonexistent/game.rec --side red");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("/nonexistent/game.rec"), std::string::npos) << missing.out;
  const std::string record = unique_temp_path("analyze_side.rec");
  ASSERT_EQ(run("selfplay --variant barrage --seed 2 --quiet --record " + record).status, 0);
  const CommandRun side = run("analyze " + record + " --side green");
  EXPECT_EQ(side.status, 2);
  EXPECT_NE(side.out.find("--side must be red or blue"), std::string::npos) << side.out;
  const CommandRun at = run("analyze " + record + " --side red --at 100000");
  EXPECT_EQ(at.status, 2);
  EXPECT_NE(at.out.find("--at 100000"), std::string::npos) << at.out;
  std::filesystem::remove(record);
}

TEST(AnalyzeCommand, AccuracyScoresTheSearchBeliefWithAndWithoutAnEvidenceFloor) {
  const CommandRun r =
      run("analyze accuracy --variant barrage --data " + std::string(STRATEGO_DATA_DIR) +
          "/setups/barrage_human.txt --games 2 --players rules,rules --at 20 "
          "--evidence-floors 1 --configs \"search,search floor=1\"");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("search floor=1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("   20  search   "), std::string::npos) << r.out;
  const CommandRun bad =
      run("analyze accuracy --variant barrage --data " + std::string(STRATEGO_DATA_DIR) +
          "/setups/barrage_human.txt --games 1 --configs \"search floor=2\"");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("no configuration named 'search floor=2'"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace stratego
