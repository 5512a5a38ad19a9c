// How well a number per game predicts who won (docs/setup-strength.md, "Does it predict real
// games"): the AUC (the chance that a game Red won has a higher number than a game Blue won,
// ties counting half), its bootstrap interval over games, a logistic fit of the win on the
// numbers, and the table by fifths of the number with the observed and the fitted win rates.
#pragma once

#include <cstdint>
#include <vector>

namespace stratego::strength {

// AUC of predictor x for the labels won (1: a positive, 0: a negative), by ranks (Mann-Whitney
// U with mid-ranks for ties): O(n log n). 0.5 when either class is empty.
double auc(const std::vector<double>& x, const std::vector<int>& won);

// The bootstrap over games: `resamples` draws of n games with replacement (seeded), the AUC of
// every predictor on each draw (the same draws for all of them, so that their differences are
// paired). Result[r][k]: predictor k on draw r.
std::vector<std::vector<double>> bootstrap_aucs(const std::vector<std::vector<double>>& predictors,
                                                const std::vector<int>& won, int resamples,
                                                std::uint64_t seed);

// The 2.5% and 97.5% points of a sample (linear interpolation between order statistics).
struct Interval {
  double low = 0, high = 0;
};
Interval percentile_interval(std::vector<double> values);

// P(won) = 1 / (1 + exp(-(w[0] + w[1] f1 + ...))) fitted by maximum likelihood (Newton, a tiny
// ridge penalty so that separable data still converge). features[i]: game i's numbers.
struct Logistic {
  std::vector<double> w;  // intercept first
  double predict(const std::vector<double>& features) const;
};
Logistic fit_logistic(const std::vector<std::vector<double>>& features,
                      const std::vector<int>& won);

// The games split into five groups of (nearly) equal size by x, lowest first (ties broken by
// the games' order, so a group's range may touch the next one's): per group the range of x, the
// games, the positives, the observed rate and the mean of `predicted` (a fitted probability).
struct Fifth {
  double low = 0, high = 0;
  int games = 0, won = 0;
  double observed = 0, predicted = 0;
};
std::vector<Fifth> by_fifths(const std::vector<double>& x, const std::vector<int>& won,
                             const std::vector<double>& predicted);

}  // namespace stratego::strength
