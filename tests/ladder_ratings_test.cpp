// Bradley–Terry ratings of ladder/ratings.h on simulated results: known ratings are recovered,
// and the Hessian's 95% intervals cover the truth about 95% of the time.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "engine/rng.h"
#include "ladder/ratings.h"

namespace stratego::ladder {
namespace {

// A round-robin of `pairs_each` games per pairing, with draws: a game is drawn with
// probability `draw`, else won by the Elo expectation renormalised so the expected score
// is exactly elo_expected(diff).
std::vector<PairedResult> simulate(const std::vector<double>& truth, int games_each, double draw,
                                   Rng& rng) {
  std::vector<PairedResult> out;
  const int n = int(truth.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int g = 0; g < games_each; ++g) {
        const double e = elo_expected(truth[std::size_t(a)] - truth[std::size_t(b)]);
        // With draw probability d, P(win) = e - d/2 keeps the expected score e (valid for
        // the moderate differences used here).
        const double d = std::min(draw, 2 * std::min(e, 1 - e));
        const double u = rng.uniform01();
        const double s = u < e - d / 2 ? 1 : u < e + d / 2 ? 0.5 : 0;
        out.push_back(g % 2 ? PairedResult{b, a, 1 - s} : PairedResult{a, b, s});
      }
  return out;
}

TEST(LadderRatings, RecoversKnownRatingsFromManyGames) {
  const std::vector<double> truth = {0, 100, -150, 250, 40};
  Rng rng(7);
  const auto results = simulate(truth, 2000, 0.2, rng);
  RatingOptions opt;
  opt.anchor = 0;
  const Ratings r = fit_ratings(5, results, opt);
  ASSERT_TRUE(r.converged);
  for (int i = 0; i < 5; ++i) {
    EXPECT_NEAR(r.rating[std::size_t(i)], truth[std::size_t(i)], 15) << "participant " << i;
    EXPECT_LE(std::abs(r.rating[std::size_t(i)] - truth[std::size_t(i)]),
              r.error[std::size_t(i)] * 1.6 + 1);
  }
  EXPECT_EQ(r.rating[0], 0);
  EXPECT_EQ(r.error[0], 0);  // the anchor is exact by definition
  EXPECT_GT(r.los(3, 1), 0.99);
  EXPECT_LT(r.los(2, 0), 0.01);
}

TEST(LadderRatings, MeanAnchorShiftsEveryRatingAndKeepsDifferences) {
  const std::vector<double> truth = {0, 200, -100};
  Rng rng(3);
  const auto results = simulate(truth, 300, 0.1, rng);
  RatingOptions a;
  a.anchor = 1;
  a.value = 1500;
  RatingOptions m;
  m.value = 2000;
  const Ratings ra = fit_ratings(3, results, a), rm = fit_ratings(3, results, m);
  EXPECT_DOUBLE_EQ(ra.rating[1], 1500);
  EXPECT_NEAR(rm.rating[0] + rm.rating[1] + rm.rating[2], 6000, 1e-6);
  EXPECT_NEAR(ra.rating[0] - ra.rating[2], rm.rating[0] - rm.rating[2], 1e-6);
}

TEST(LadderRatings, PerfectScoreStaysFiniteAndUnplayedParticipantIsLeftOut) {
  std::vector<PairedResult> results(10, PairedResult{0, 1, 1});
  const Ratings r = fit_ratings(3, results);
  EXPECT_TRUE(std::isfinite(r.rating[0]));
  EXPECT_GT(r.rating[0] - r.rating[1], 300);  // the one virtual draw keeps it finite
  EXPECT_EQ(r.games[2], 0);
}

// 200 simulated ladders of 4 participants, 60 games per pairing: the intervals of the three
// non-anchor participants (600 in all) cover the true rating about 95% of the time. No draws
// here: with draws scored as half points the Bernoulli variance overstates the spread, so
// the intervals would be a little wide (about 98% at 15% draws), which is the safe side.
TEST(LadderRatings, IntervalsCoverTheTruthAbout95PercentOfTheTime) {
  const std::vector<double> truth = {0, 80, -60, 150};
  Rng rng(2026);
  int covered = 0, total = 0;
  for (int ladder = 0; ladder < 200; ++ladder) {
    RatingOptions opt;
    opt.anchor = 0;
    const Ratings r = fit_ratings(4, simulate(truth, 60, 0.0, rng), opt);
    for (int i = 1; i < 4; ++i) {
      ++total;
      covered +=
          std::abs(r.rating[std::size_t(i)] - truth[std::size_t(i)]) <= r.error[std::size_t(i)];
    }
  }
  const double coverage = double(covered) / total;
  std::cout << "coverage " << covered << "/" << total << "\n";
  EXPECT_GT(coverage, 0.92) << covered << "/" << total;
  EXPECT_LT(coverage, 0.98) << covered << "/" << total;
}

}  // namespace
}  // namespace stratego::ladder
