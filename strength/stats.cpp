#include "strength/stats.h"

#include <algorithm>
#include <cmath>

namespace stratego::strength {

Estimate estimate(const std::vector<double>& values, bool clamp) {
  Estimate e;
  e.n = int(values.size());
  if (e.n == 0) return e;
  double sum = 0;
  for (double v : values) sum += v;
  e.mean = sum / e.n;
  double ss = 0;
  for (double v : values) ss += (v - e.mean) * (v - e.mean);
  e.se = e.n > 1 ? std::sqrt(ss / (e.n - 1) / e.n) : 0;
  e.low = e.mean - 1.96 * e.se;
  e.high = e.mean + 1.96 * e.se;
  if (clamp) {
    e.low = std::clamp(e.low, 0.0, 1.0);
    e.high = std::clamp(e.high, 0.0, 1.0);
  }
  return e;
}

double elo_of_score(double p) {
  p = std::clamp(p, 0.001, 0.999);
  return -400.0 * std::log10(1.0 / p - 1.0);
}

Estimate paired_difference(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = a[i] - b[i];
  return estimate(d, false);
}

double correlation(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = std::min(x.size(), y.size());
  if (n < 2) return 0;
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < n; ++i) mx += x[i], my += y[i];
  mx /= double(n), my /= double(n);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

double spearman_brown(double r) { return 2 * r / (1 + r); }

double normal_two_sided_quantile(double alpha) {
  // Bisection on erfc: P(|Z| > z) = erfc(z / sqrt 2), decreasing in z.
  double lo = 0, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (std::erfc(mid / std::sqrt(2.0)) > alpha ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace stratego::strength
