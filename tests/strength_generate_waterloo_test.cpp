// `analyze generate -v waterloo-*` (strength/waterloo_generate.h): draws from the rules planner
// and random draws are legal set-ups of the army asked for, a swap moves exactly two pieces of
// different kinds and stays legal, the command prints and writes token lines of that army that
// `analyze strength` accepts, and a bad --army, --army for a classic variant and --field human
// are refused with an error naming the option.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "strength/job.h"
#include "strength/waterloo_generate.h"
#include "support/command_run.h"

namespace stratego::strength {
namespace {

std::shared_ptr<const Variant> generate_waterloo_variant() {
  return std::make_shared<const Variant>(load_variant("waterloo-basic"));
}

TEST(StrengthGenerateWaterloo, DrawsAreLegalSetUpsOfTheArmy) {
  const auto v = generate_waterloo_variant();
  for (Side side : {kRed, kBlue})
    for (bool planned : {true, false}) {
      Rng rng(5);
      const std::string a = waterloo_draw(v, side, planned, rng),
                        b = waterloo_draw(v, side, planned, rng);
      EXPECT_EQ(waterloo_side_of(v, a), side) << a;
      EXPECT_EQ(waterloo_side_of(v, b), side) << b;
      EXPECT_NE(a, b) << "two draws of one generator should differ (planned " << planned << ")";
    }
}

TEST(StrengthGenerateWaterloo, ASwapMovesTwoPiecesOfDifferentKindsAndStaysLegal) {
  const auto v = generate_waterloo_variant();
  Rng rng(9);
  for (Side side : {kRed, kBlue}) {
    std::string line = waterloo_draw(v, side, true, rng);
    for (int i = 0; i < 20; ++i) {
      const std::string next = waterloo_swap_two(v, side, line, rng);
      ASSERT_NE(next, line) << "no legal swap found in " << line;
      EXPECT_NO_THROW(check_waterloo_setup(v, side, next)) << next;
      const auto x = text::words(line), y = text::words(next);
      ASSERT_EQ(x.size(), y.size());
      std::vector<std::size_t> changed;
      for (std::size_t k = 0; k < x.size(); ++k)
        if (x[k] != y[k]) changed.push_back(k);
      ASSERT_EQ(changed.size(), 2u) << line << "\n" << next;
      const auto unit = [](std::string_view t) { return t.substr(0, t.find('@')); };
      const auto place = [](std::string_view t) { return t.substr(t.find('@')); };
      const std::size_t a = changed[0], b = changed[1];
      EXPECT_NE(unit(x[a]), unit(x[b]));
      EXPECT_EQ(place(x[a]), place(y[b]));
      EXPECT_EQ(place(x[b]), place(y[a]));
      line = next;
    }
  }
}

TEST(StrengthGenerateWaterloo, CommandWritesSetUpsOfTheArmyThatStrengthAccepts) {
  const auto v = generate_waterloo_variant();
  const std::string out = test_support::unique_temp_path("generate_waterloo.txt");
  const auto r = test_support::run_stratego(
      "analyze generate -v waterloo-basic --army french --samples 4 --screen 4 --keep 2 "
      "--games 8 --swaps 2 --swap-games 4 --show 3 -q -j 2 --seed 3 --out " +
      out);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("army French (blue)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("screened 4 draws"), std::string::npos) << r.out;
  // Every row of the final table ends with the set-up tokens of a French set-up.
  std::istringstream table(r.out.substr(r.out.find("# the race's survivors")));
  int rows = 0;
  for (std::string row; std::getline(table, row);) {
    const auto games = row.find(" games  Elo ");
    if (games == std::string::npos) continue;
    const auto tokens = row.find("  ", row.find_first_of("+-", games + 12));
    ASSERT_NE(tokens, std::string::npos) << row;
    EXPECT_EQ(waterloo_side_of(v, row.substr(tokens + 2)), kBlue) << row;
    ++rows;
  }
  EXPECT_GE(rows, 1) << r.out;
  // The file holds # comments and French token lines, and analyze strength plays them.
  std::istringstream file(read_text_file(out));
  int lines = 0;
  for (std::string line; std::getline(file, line);)
    if (!line.empty() && line[0] != '#') {
      EXPECT_EQ(waterloo_side_of(v, line), kBlue) << line;
      ++lines;
    }
  EXPECT_GE(lines, 1);
  EXPECT_LE(lines, 3);
  const auto s = test_support::run_stratego(
      "analyze strength -v waterloo-basic --field own -q --games 2 -f " + out);
  ASSERT_EQ(s.status, 0) << s.out;
  EXPECT_NE(s.out.find("_generate_waterloo.txt:"), std::string::npos) << s.out;
}

TEST(StrengthGenerateWaterloo, BadOptionsAreNamed) {
  auto r = test_support::run_stratego("analyze generate -v waterloo-basic --army prussian -q");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: --army: 'prussian' is not an army of waterloo-basic (allied or "
                       "french)"),
            std::string::npos)
      << r.out;
  r = test_support::run_stratego("analyze generate -v barrage --army french -q");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: --army: only for Waterloo"), std::string::npos) << r.out;
  r = test_support::run_stratego("analyze generate -v waterloo-basic --field human -q");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: --field human: there are no human set-ups for waterloo-basic"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace stratego::strength
