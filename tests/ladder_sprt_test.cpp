// The pentanomial SPRT of ladder/sprt.h: bounds, the LLR's sign, and error rates near alpha
// and beta on simulated game pairs played at elo0 and at elo1, for both Elo models.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "engine/rng.h"
#include "ladder/sprt.h"

namespace stratego::ladder {
namespace {

const double kNelo = 800.0 / std::log(10.0);

// A pair of two independent games, each won with w, drawn with d, lost otherwise.
std::array<double, 5> pair_distribution(double w, double d) {
  const double g[3] = {1 - w - d, d, w};  // by points: 0, 0.5, 1
  std::array<double, 5> p{};
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) p[std::size_t(a + b)] += g[a] * g[b];
  return p;
}

double pair_nelo(double w, double d) {
  const auto p = pair_distribution(w, d);
  double mu = 0, var = 0;
  for (int i = 0; i < 5; ++i) mu += p[std::size_t(i)] * i / 4.0;
  for (int i = 0; i < 5; ++i) var += p[std::size_t(i)] * (i / 4.0 - mu) * (i / 4.0 - mu);
  return (mu - 0.5) / std::sqrt(var) * kNelo / std::sqrt(2.0);
}

// The game win rate, at draw rate d, whose pairs have this Elo (logistic: expected score).
double win_rate_for(double elo, double d, bool normalized) {
  if (!normalized) return 1 / (1 + std::pow(10.0, -elo / 400)) - d / 2;
  double lo = (1 - d) / 2 - 0.3, hi = (1 - d) / 2 + 0.3;
  for (int i = 0; i < 100; ++i) {
    const double mid = (lo + hi) / 2;
    (pair_nelo(mid, d) < elo ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// Fraction of SPRTs that accept H1 when the truth is `elo`.
double accept_h1_rate(const SprtSettings& s, double elo, int runs, Rng& rng) {
  const double d = 0.3, w = win_rate_for(elo, d, s.normalized);
  int h1 = 0;
  for (int run = 0; run < runs; ++run) {
    Pentanomial p{};
    for (int pairs = 0; pairs < 20000; ++pairs) {
      int points = 0;  // half points in the pair
      for (int g = 0; g < 2; ++g) {
        const double u = rng.uniform01();
        points += u < w ? 2 : u < w + d ? 1 : 0;
      }
      ++p[std::size_t(points)];
      const double llr = sprt_llr(s, p);
      if (llr >= sprt_upper(s)) {
        ++h1;
        break;
      }
      if (llr <= sprt_lower(s)) break;
    }
  }
  return double(h1) / runs;
}

TEST(LadderSprt, BoundsAndSignOfTheLlr) {
  SprtSettings s{0, 10, 0.05, 0.05, true};
  EXPECT_NEAR(sprt_lower(s), -2.944, 1e-3);
  EXPECT_NEAR(sprt_upper(s), 2.944, 1e-3);
  EXPECT_GT(sprt_llr(s, {5, 20, 50, 30, 10}), 0);  // more wins than losses
  EXPECT_LT(sprt_llr(s, {10, 30, 50, 20, 5}), 0);
  EXPECT_EQ(sprt_llr(s, {0, 0, 0, 0, 0}), 0);
  s.normalized = false;
  EXPECT_GT(sprt_llr(s, {5, 20, 50, 30, 10}), 0);
}

class LadderSprtErrors : public ::testing::TestWithParam<bool> {};

TEST_P(LadderSprtErrors, ErrorRatesNearAlphaAndBeta) {
  const SprtSettings s{0, 60, 0.05, 0.10, GetParam()};
  Rng rng(GetParam() ? 11 : 12);
  const int runs = 400;
  const double false_positive = accept_h1_rate(s, s.elo0, runs, rng);
  const double false_negative = 1 - accept_h1_rate(s, s.elo1, runs, rng);
  std::cout << "false positive " << false_positive << ", false negative " << false_negative << "\n";
  // Standard errors are 0.011 and 0.015; the SPRT's overshoot makes both a little smaller
  // than nominal.
  EXPECT_GT(false_positive, 0.01);
  EXPECT_LT(false_positive, 0.085);
  EXPECT_GT(false_negative, 0.04);
  EXPECT_LT(false_negative, 0.15);
}

INSTANTIATE_TEST_SUITE_P(Models, LadderSprtErrors, ::testing::Values(true, false),
                         [](const auto& p) { return p.param ? "normalized" : "logistic"; });

}  // namespace
}  // namespace stratego::ladder
