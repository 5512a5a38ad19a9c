// The statistics of set-up strength: a candidate's games come in pairs (the same opponent
// set-up and seed, the candidate once Red and once Blue), and a pair's mean score is the unit
// of every estimate here, because the two games of a pair are not independent of each other
// while different pairs are (their opponents and seeds are drawn independently). Candidates
// meet the same pairs (common random numbers), so a difference is estimated pair by pair.
#pragma once

#include <vector>

namespace stratego::strength {

struct Estimate {
  int n = 0;                 // pairs
  double mean = 0;           // mean pair score in [0, 1]
  double se = 0;             // standard error of the mean (sample standard deviation / sqrt n)
  double low = 0, high = 0;  // 95% interval (normal), clamped to [0, 1]
};

// Mean, standard error and 95% interval of a list of values (pair scores or differences;
// differences are not clamped when `clamp` is false).
Estimate estimate(const std::vector<double>& values, bool clamp = true);

// The Elo difference that an expected score p means (logistic: p = 1 / (1 + 10^(-d/400))),
// finite at 0 and 1 (clamped to within 0.001 of them).
double elo_of_score(double p);

// Paired difference a - b over their common pairs (the first min(size) of each).
Estimate paired_difference(const std::vector<double>& a, const std::vector<double>& b);

// Pearson correlation of two equally long lists (0 if either is constant or shorter than 2).
double correlation(const std::vector<double>& x, const std::vector<double>& y);

// The reliability of a test of twice the length from a split-half correlation r
// (Spearman-Brown): 2r / (1 + r).
double spearman_brown(double r);

// The two-sided standard normal quantile z with P(|Z| > z) = alpha (for Bonferroni levels).
double normal_two_sided_quantile(double alpha);

}  // namespace stratego::strength
