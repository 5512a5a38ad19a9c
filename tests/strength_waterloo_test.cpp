// Set-up strength for Waterloo (`analyze strength -v waterloo-*`): a candidate is one army's
// set-up tokens and plays that army in every game; two candidates give a table that is the
// same on a second run, and bad token lines, a mixed army, --field human and --why are
// refused with an error naming what and where.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/rng.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "engine/waterloo/state.h"
#include "strength/job.h"
#include "strength/report.h"
#include "strength/store.h"
#include "support/command_run.h"

namespace stratego::strength {
namespace {

// A legal set-up of `side` as tokens, from a fresh game (the engine's random set-up).
std::string strength_waterloo_tokens(const std::shared_ptr<const Variant>& v, Side side,
                                     std::uint64_t seed) {
  waterloo::WaterlooState s(v);
  Rng rng(seed);
  waterloo::ActionList list;
  while (!(s.phase() == waterloo::Phase::kSetup && s.current_player() == side)) {
    if (s.is_chance()) {
      s.apply(s.chance_outcomes().front().first);
    } else if (s.phase() == waterloo::Phase::kSetup) {
      s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    } else {
      s.legal_actions(list);
      s.apply(list[0]);
    }
  }
  return waterloo::setup_tokens(s, side, s.random_setup(side, rng));
}

// The table without the timing line.
std::string strength_waterloo_rows(const std::string& out) {
  std::string rows;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);)
    if (line.find("games played") == std::string::npos) rows += line + "\n";
  return rows;
}

TEST(StrengthWaterloo, TheArmyOfTheTokensIsTheSideOfEveryGame) {
  const auto v = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  const std::string allied = strength_waterloo_tokens(v, kRed, 3),
                    french = strength_waterloo_tokens(v, kBlue, 3);
  EXPECT_EQ(waterloo_side_of(v, allied), kRed);
  EXPECT_EQ(waterloo_side_of(v, french), kBlue);
  for (int g = 0; g < 4; ++g) {
    EXPECT_EQ(candidate_side(*v, allied, g), kRed);
    EXPECT_EQ(candidate_side(*v, french, g), kBlue);
  }
  EXPECT_THROW(check_waterloo_setup(v, kBlue, allied), InputError);
}

TEST(StrengthWaterloo, APairIsTwoDifferentGamesOfTheSameArmy) {
  // Both colours share a pair's opponent and seed; one army in both games would repeat the
  // first game, so the second draws its own.
  Settings st;
  st.variant = "waterloo-basic";
  st.field = "file";
  st.field_file = "test";
  const auto v = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  std::vector<std::string> field;
  for (std::uint64_t k = 1; k <= 8; ++k) field.push_back(strength_waterloo_tokens(v, kBlue, k));
  Store store("", st, field);
  const Candidate c = store.add_candidate(strength_waterloo_tokens(v, kRed, 1), "a");
  int same_opponent = 0;
  for (int g = 0; g < 40; g += 2) {
    const StrengthJob a = make_job(store, c, g, Family::kWaterloo);
    const StrengthJob b = make_job(store, c, g + 1, Family::kWaterloo);
    EXPECT_NE(a.seed, b.seed) << g;
    EXPECT_EQ(a.seed, store.seed(g));  // the first game is the classic pair's
    same_opponent += a.opponent == b.opponent;
    EXPECT_EQ(make_job(store, c, g + 1).seed, a.seed);  // classic: the pair's seed
  }
  EXPECT_LT(same_opponent, 10);  // 1 in 8 by chance
}

TEST(StrengthWaterloo, TwoCandidatesGiveTheSameTableTwice) {
  const auto v = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  const std::string args = "analyze strength -v waterloo-basic --field own -q --games 4 -j 2 '" +
                           strength_waterloo_tokens(v, kRed, 1) + "' '" +
                           strength_waterloo_tokens(v, kRed, 2) + "'";
  const auto a = test_support::run_stratego(args), b = test_support::run_stratego(args);
  ASSERT_EQ(a.status, 0) << a.out;
  ASSERT_EQ(b.status, 0) << b.out;
  EXPECT_EQ(strength_waterloo_rows(a.out), strength_waterloo_rows(b.out));
  EXPECT_NE(a.out.find("each set-up plays its own army"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("  1 arg "), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("  2 arg "), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("best"), std::string::npos) << a.out;
}

TEST(StrengthWaterloo, AFieldFileOfTheOtherArmyIsPlayed) {
  const auto v = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  const std::string field = test_support::unique_temp_path("strength_waterloo_field.txt");
  write_text_file_atomically(field, "# French\n" + strength_waterloo_tokens(v, kBlue, 7) + "\n");
  const auto r =
      test_support::run_stratego("analyze strength -v waterloo-basic -q --games 2 '" +
                                 strength_waterloo_tokens(v, kRed, 1) + "' --field " + field);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("(1 set-ups)"), std::string::npos) << r.out;
  // The field must be the other army.
  write_text_file_atomically(field, strength_waterloo_tokens(v, kRed, 7) + "\n");
  const auto bad =
      test_support::run_stratego("analyze strength -v waterloo-basic -q --games 2 '" +
                                 strength_waterloo_tokens(v, kRed, 1) + "' --field " + field);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("_strength_waterloo_field.txt:1: "), std::string::npos) << bad.out;
}

TEST(StrengthWaterloo, BadInputIsNamed) {
  const auto v = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  const std::string good = strength_waterloo_tokens(v, kRed, 1);
  const std::string file = test_support::unique_temp_path("strength_waterloo_bad.txt");
  // A token line one piece short, on line 3 of the file.
  write_text_file_atomically(file,
                             "# two\n" + good + "\n" + good.substr(0, good.rfind(' ')) + "\n");
  auto r = test_support::run_stratego("analyze strength -v waterloo-basic --file " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("_strength_waterloo_bad.txt:3: not an Allied set-up (set-up has"),
            std::string::npos)
      << r.out;
  r = test_support::run_stratego("analyze strength -v waterloo-basic '" + good + "' '" +
                                 strength_waterloo_tokens(v, kBlue, 1) + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: set-up argument 2: a French set-up, but set-up argument 1 is "
                       "Allied"),
            std::string::npos)
      << r.out;
  r = test_support::run_stratego("analyze strength -v waterloo-basic --field human '" + good + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: --field human: there are no human set-ups for waterloo-basic"),
            std::string::npos)
      << r.out;
  r = test_support::run_stratego("analyze strength -v waterloo-basic --field own --why '" + good +
                                 "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: --why: the per-square trace is for the classic family"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace stratego::strength
