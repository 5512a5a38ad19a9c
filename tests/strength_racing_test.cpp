// The statistics of set-up strength (strength/stats.h) against hand-computed values, and the
// race (strength/racing.h) on simulated candidates of known strength: over many seeded races
// the best is kept at least at the stated rate, every candidate it drops is truly worse, and
// it uses far fewer games than playing every candidate the maximum.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "engine/rng.h"
#include "strength/racing.h"
#include "strength/stats.h"

namespace stratego::strength {
namespace {

TEST(StrengthStats, EstimateAndPairedDifferenceByHand) {
  const Estimate e = estimate({0, 0.5, 1, 1});
  EXPECT_DOUBLE_EQ(e.mean, 0.625);
  // sample sd: sqrt(((.625)^2 + (.125)^2 + 2 (.375)^2) / 3) = 0.4787; se = sd / 2
  EXPECT_NEAR(e.se, 0.23936, 1e-4);
  EXPECT_DOUBLE_EQ(e.high, 1.0);  // clamped
  const Estimate d = paired_difference({1, 1, 0.5}, {0.5, 1, 0});
  EXPECT_NEAR(d.mean, 1.0 / 3, 1e-12);
  EXPECT_NEAR(d.se, std::sqrt((2 * std::pow(1.0 / 6, 2) + std::pow(1.0 / 3, 2)) / 2 / 3), 1e-12);
  EXPECT_NEAR(elo_of_score(0.75), 190.85, 0.01);
  EXPECT_DOUBLE_EQ(elo_of_score(0.5), 0);
  EXPECT_NEAR(normal_two_sided_quantile(0.05), 1.95996, 1e-4);
  EXPECT_NEAR(normal_two_sided_quantile(0.01), 2.57583, 1e-4);
  EXPECT_NEAR(correlation({1, 2, 3}, {2, 4, 6}), 1.0, 1e-12);
  EXPECT_NEAR(correlation({1, 2, 3}, {3, 2, 1}), -1.0, 1e-12);
  EXPECT_NEAR(spearman_brown(0.5), 2.0 / 3, 1e-12);
}

// Candidate c wins a game with probability sigmoid(theta_c + u), u the pair's opponent and
// seed (shared by all candidates: common random numbers); a pair is both games.
struct SimulatedField {
  std::vector<double> theta;
  std::uint64_t seed;
  std::vector<std::vector<double>> scores;  // per candidate, per pair
  long long games = 0;
  double pair_score(int c, int pair) const {
    Rng r(seed * 1000003 + std::uint64_t(pair));
    const double u = 1.5 * (r.uniform01() - 0.5);
    double s = 0;
    for (int k = 0; k < 2; ++k) {
      // Most draws are the same for every candidate (common random numbers), the rest its
      // own (set-ups that differ play partly different games); either way x is uniform.
      Rng shared(seed * 31 + std::uint64_t(pair) * 2 + std::uint64_t(k));
      Rng own(seed * 7919 + std::uint64_t(pair) * 262 + std::uint64_t(k) * 131 + std::uint64_t(c));
      const double xs = shared.uniform01(), xo = own.uniform01();
      const double x = own.uniform01() < 0.6 ? xs : xo;
      const double p = 1 / (1 + std::exp(-(theta[std::size_t(c)] + u)));
      s += x < p ? 1.0 : 0.0;
    }
    return s / 2;
  }
  RaceOracle oracle() {
    RaceOracle o;
    scores.assign(theta.size(), {});
    o.play = [this](const std::vector<int>& alive, int g) {
      for (int c : alive) {
        auto& s = scores[std::size_t(c)];
        while (int(s.size()) < g / 2) {
          s.push_back(pair_score(c, int(s.size())));
          games += 2;
        }
      }
    };
    o.pairs = [this](int c, int pairs) {
      auto s = scores[std::size_t(c)];
      s.resize(std::min<std::size_t>(s.size(), std::size_t(pairs)));
      return s;
    };
    return o;
  }
};

TEST(StrengthRacing, KeepsTheBestAtTheStatedRateAndDropsOnlyWorseOnes) {
  // Ten candidates: the best, two close to it, the rest clearly worse.
  const std::vector<double> theta = {0.0, -0.1, -0.15, -0.5, -0.6, -0.7, -0.8, -1.0, -1.2, -1.5};
  RaceOptions o;
  o.batch = 40;
  o.max_games = 800;
  o.delta = 0.05;
  const int runs = 300;
  int best_dropped = 0;
  long long games = 0;
  for (int run = 0; run < runs; ++run) {
    SimulatedField f{theta, std::uint64_t(run + 1), {}};
    const RaceResult r = race(int(theta.size()), f.oracle(), o);
    for (int c : r.eliminated) best_dropped += c == 0;
    games += f.games;
  }
  std::printf("race: best dropped in %d of %d races; %.0f games per race (10 x 800 = 8000)\n",
              best_dropped, runs, double(games) / runs);
  // The guarantee is at most delta; the Bonferroni union makes it far smaller in practice.
  EXPECT_LE(double(best_dropped) / runs, o.delta) << best_dropped;
  // Far fewer games than 10 x 800 per race.
  EXPECT_LT(double(games) / runs, 0.6 * 10 * 800) << double(games) / runs;
}

TEST(StrengthRacing, WithoutCorrectionOrWithEqualCandidatesTheTestCanFail) {
  // The same procedure with a huge delta drops the best often: the check above can fail.
  const std::vector<double> theta = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  RaceOptions o;
  o.batch = 20;
  o.max_games = 400;
  o.delta = 0.9 * 5 * 20;  // delta' = 0.9 per comparison: no protection at all
  int dropped = 0;
  for (int run = 0; run < 100; ++run) {
    SimulatedField f{theta, std::uint64_t(run + 1000), {}};
    dropped += int(race(int(theta.size()), f.oracle(), o).eliminated.size());
  }
  EXPECT_GT(dropped, 50);
  // At delta 0.05 each of the equal candidates is a best, kept with probability 1 - delta
  // (so some one of the six may go out with probability up to 6 delta).
  o.delta = 0.05;
  int wrong = 0;
  for (int run = 0; run < 100; ++run) {
    SimulatedField f{theta, std::uint64_t(run + 2000), {}};
    wrong += int(race(int(theta.size()), f.oracle(), o).eliminated.size());
  }
  EXPECT_LE(double(wrong) / (100 * 6), o.delta) << wrong;
}

TEST(StrengthRacing, BernsteinIsExactButWiderThanPairedT) {
  std::vector<double> d;
  Rng r(3);
  for (int i = 0; i < 200; ++i) d.push_back(double(int(r.below(3)) - 1) / 2);
  const double t = race_half_width(d, 0.001, Bound::kPairedT);
  const double b = race_half_width(d, 0.001, Bound::kBernstein);
  EXPECT_GT(t, 0);
  EXPECT_GT(b, t);
}

}  // namespace
}  // namespace stratego::strength
