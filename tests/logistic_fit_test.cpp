// The logistic regression behind `stratego train value` (eval/values/logistic_fit.h): it finds a
// known weight vector again from data made with it, and `train value` runs end to end.
#include "eval/values/logistic_fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "engine/file_io.h"
#include "engine/rng.h"
#include "eval/values/value_weights.h"
#include "support/command_run.h"

namespace stratego::eval {
namespace {

struct Synthetic {
  Eigen::MatrixXd x;
  Eigen::VectorXd p;  // the true probabilities
  Eigen::VectorXd t;  // 0/1 outcomes drawn from them
};

Synthetic synthetic(const Eigen::VectorXd& w, int n, std::uint64_t seed) {
  Rng rng(seed);
  Synthetic s{Eigen::MatrixXd(n, w.size()), Eigen::VectorXd(n), Eigen::VectorXd(n)};
  for (int i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j + 1 < w.size(); ++j) s.x(i, j) = 4 * rng.uniform01() - 2;
    s.x(i, w.size() - 1) = 1;  // bias
    s.p[i] = 1 / (1 + std::exp(-s.x.row(i).dot(w)));
    s.t[i] = rng.uniform01() < s.p[i] ? 1 : 0;
  }
  return s;
}

TEST(LogisticFit, RecoversKnownWeightsFromExactProbabilities) {
  Eigen::VectorXd w(4);
  w << 1.5, -0.7, 0.2, 0.3;
  const Synthetic s = synthetic(w, 500, 1);
  const LogisticFitResult r = fit_logistic(s.x, s.p, 0.0);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(r.iterations, 15);
  for (Eigen::Index j = 0; j < w.size(); ++j) EXPECT_NEAR(r.w[j], w[j], 1e-6) << j;
}

TEST(LogisticFit, RecoversKnownWeightsFromDrawnOutcomes) {
  Eigen::VectorXd w(4);
  w << 1.5, -0.7, 0.2, 0.3;
  const Synthetic s = synthetic(w, 20000, 2);
  const LogisticFitResult r = fit_logistic(s.x, s.t, 1.0);
  EXPECT_TRUE(r.converged);
  for (Eigen::Index j = 0; j < w.size(); ++j) EXPECT_NEAR(r.w[j], w[j], 0.1) << j;
  // Fitted on the data, the fit scores at least as well as the truth there (it is the optimum
  // up to the small penalty), and the truth's accuracy is what its probabilities imply.
  const LogisticScore fitted = score_logistic(s.x, s.t, r.w), truth = score_logistic(s.x, s.t, w);
  EXPECT_LE(fitted.log_loss, truth.log_loss + 1e-4);
  EXPECT_GT(truth.accuracy, 0.7);
  // A penalty shrinks the weights.
  const LogisticFitResult shrunk = fit_logistic(s.x, s.t, 1e5);
  EXPECT_LT(shrunk.w.norm(), 0.5 * r.w.norm());
}

TEST(TrainValueCommand, FitsAndWritesWeightsFromAFewGames) {
  const std::string out = test_support::unique_temp_path("train.weights");
  const std::string args =
      "train value --variant classic --games 6 --bot rules --opponents "
      "rules,style=aggressive,random "
      "--every 8 --seed 4 --out " +
      out;
  const test_support::CommandRun r = test_support::run_stratego(args);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("learned"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hand (eval_scale 1.00)"), std::string::npos) << r.out;
  const ValueWeights w = read_value_weights_file(out);
  EXPECT_EQ(w.variant, "classic");
  const std::string first = read_text_file(out);
  EXPECT_NE(first.find("stratego train value --variant classic --games 6"), std::string::npos);
  // The same seed gives the same file.
  ASSERT_EQ(test_support::run_stratego(args).status, 0);
  EXPECT_EQ(read_text_file(out), first);
  // Games of a record file (as match --out or ladder export writes them) instead of played
  // ones, with another weights file scored beside the fit.
  const std::string recs = test_support::unique_temp_path("train.recs");
  std::filesystem::remove(recs);
  ASSERT_EQ(test_support::run_stratego("match --bot1 rules --bot2 rules,style=aggressive --games 4 "
                                       "--seed 2 --quiet --out " +
                                       recs)
                .status,
            0);
  const test_support::CommandRun from_records =
      test_support::run_stratego("train value --games 0 --records " + recs +
                                 " --holdout 2 --compare " + out + " --out " + out);
  ASSERT_EQ(from_records.status, 0) << from_records.out;
  EXPECT_NE(from_records.out.find("games: 4 "), std::string::npos) << from_records.out;
  EXPECT_NE(from_records.out.find(out, from_records.out.find("(train")), std::string::npos)
      << from_records.out;
  std::filesystem::remove(recs);
  // Bad input: an error naming what, no file written.
  std::filesystem::remove(out);
  const test_support::CommandRun bad =
      test_support::run_stratego("train value --games 1 --out " + out);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("error: --games must be at least 2"), std::string::npos) << bad.out;
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace stratego::eval
