// Generating set-ups (strength/generate.h): draws from a set-up prior come with the prior's
// own probabilities (checked by enumeration on a tiny board with a randomised structured
// model), swaps keep the army, and `analyze generate` runs end to end and writes a book.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>

#include "engine/file_io.h"
#include "engine/setup.h"
#include "strength/generate.h"
#include "support/command_run.h"
#include "support/tiny_setups.h"

namespace stratego::strength {
namespace {

void randomise_generate_model(eval::SetupModel& m, std::uint64_t seed) {
  Rng rng(seed);
  auto& p = m.params();
  for (auto* v : {&p.phi, &p.theta, &p.rel[0], &p.rel[1], &p.rel[2], &p.pair})
    for (double& x : *v) x = 2 * rng.uniform01() - 1;
  m.set_structure(true);
}

TEST(StrengthGenerate, DrawsHaveThePriorsProbabilities) {
  Variant v = test_support::tiny_variant("MBDD");
  v.setup_fill = false;  // empty squares allowed, as in Barrage
  eval::SetupModel m = eval::SetupModel::uniform(v);
  randomise_generate_model(m, 11);
  const auto all = test_support::every_setup(m);
  std::map<std::string, int> count;
  Rng rng(5);
  const int n = 60000;
  for (int i = 0; i < n; ++i) {
    const std::string line = sample_setup(m, rng);
    parse_setup(v, kRed, line);  // always legal
    ++count[line];
  }
  double worst = 0;
  for (const auto& line : all) {
    const double p = std::exp(prior_log_prob(m, line));
    const double f = double(count[line]) / n;
    // Binomial standard error; 5 of them is far beyond chance for 180 set-ups.
    worst = std::max(worst, std::abs(f - p) / std::sqrt(p * (1 - p) / n + 1e-12));
  }
  EXPECT_LT(worst, 5.0);
  EXPECT_EQ(count.size(), all.size());  // every set-up is drawn
}

TEST(StrengthGenerate, SwapsKeepTheArmyAndChangeTwoSquares) {
  const Variant v = load_variant("classic");
  Rng rng(2);
  std::string line = format_setup(v, random_setup(v, kRed, rng));
  for (int i = 0; i < 200; ++i) {
    const std::string next = swap_two(line, v.width, rng);
    int differ = 0;
    for (std::size_t k = 0; k < line.size(); ++k) differ += line[k] != next[k];
    EXPECT_EQ(differ, 2);
    parse_setup(v, kRed, next);
    line = next;
  }
}

TEST(StrengthGenerate, CommandWritesABook) {
  const std::string out = test_support::unique_temp_path("strength_gen.book");
  std::filesystem::remove(out);
  const auto r = test_support::run_stratego(
      "analyze generate -v barrage --samples 12 --screen 10 --keep 3 --games 20 --swaps 3 "
      "--swap-games 10 --show 2 -q --out " +
      out);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("log P"), std::string::npos) << r.out;
  const SetupFile f = read_setup_file(out, load_variant("barrage"));
  EXPECT_GE(f.lines.size(), 1u);
  EXPECT_LE(f.lines.size(), 2u);
  EXPECT_NE(read_text_file(out).find("# barrage set-ups made by `stratego analyze generate"),
            std::string::npos);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace stratego::strength
