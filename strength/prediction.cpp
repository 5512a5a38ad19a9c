#include "strength/prediction.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/rng.h"

namespace stratego::strength {

double auc(const std::vector<double>& x, const std::vector<int>& won) {
  const std::size_t n = x.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  double rank_sum = 0;  // the positives' ranks, 1-based, mid-ranks over ties
  std::size_t positives = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && x[order[j]] == x[order[i]]) ++j;
    const double mid = 0.5 * double(i + 1 + j);  // mean of ranks i+1 .. j
    for (std::size_t k = i; k < j; ++k)
      if (won[order[k]]) rank_sum += mid, ++positives;
    i = j;
  }
  const std::size_t negatives = n - positives;
  if (positives == 0 || negatives == 0) return 0.5;
  const double u = rank_sum - 0.5 * double(positives) * double(positives + 1);
  return u / (double(positives) * double(negatives));
}

std::vector<std::vector<double>> bootstrap_aucs(const std::vector<std::vector<double>>& predictors,
                                                const std::vector<int>& won, int resamples,
                                                std::uint64_t seed) {
  const std::size_t n = won.size();
  Rng rng(seed);
  std::vector<std::vector<double>> out;
  std::vector<int> y(n);
  std::vector<double> x(n);
  std::vector<std::uint32_t> pick(n);
  for (int r = 0; r < resamples; ++r) {
    for (std::size_t i = 0; i < n; ++i) pick[i] = rng.below(std::uint32_t(n));
    for (std::size_t i = 0; i < n; ++i) y[i] = won[pick[i]];
    std::vector<double> row;
    for (const auto& p : predictors) {
      for (std::size_t i = 0; i < n; ++i) x[i] = p[pick[i]];
      row.push_back(auc(x, y));
    }
    out.push_back(std::move(row));
  }
  return out;
}

Interval percentile_interval(std::vector<double> v) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  auto at = [&](double q) {
    const double pos = q * double(v.size() - 1);
    const std::size_t i = std::size_t(pos);
    const double f = pos - double(i);
    return i + 1 < v.size() ? v[i] * (1 - f) + v[i + 1] * f : v[i];
  };
  return {at(0.025), at(0.975)};
}

double Logistic::predict(const std::vector<double>& f) const {
  double z = w.empty() ? 0 : w[0];
  for (std::size_t k = 0; k < f.size() && k + 1 < w.size(); ++k) z += w[k + 1] * f[k];
  return 1 / (1 + std::exp(-z));
}

Logistic fit_logistic(const std::vector<std::vector<double>>& features,
                      const std::vector<int>& won) {
  const std::size_t n = won.size();
  const std::size_t d = 1 + (n ? features[0].size() : 0);
  Eigen::MatrixXd X(n, d);
  Eigen::VectorXd y(n);
  for (std::size_t i = 0; i < n; ++i) {
    X(Eigen::Index(i), 0) = 1;
    for (std::size_t k = 1; k < d; ++k) X(Eigen::Index(i), Eigen::Index(k)) = features[i][k - 1];
    y(Eigen::Index(i)) = won[i];
  }
  constexpr double kRidge = 1e-6;  // keeps the Hessian invertible on separable data
  Eigen::VectorXd w = Eigen::VectorXd::Zero(Eigen::Index(d));
  for (int it = 0; it < 100; ++it) {
    const Eigen::VectorXd p = (1.0 + (-(X * w)).array().exp()).inverse().matrix();
    const Eigen::VectorXd grad = X.transpose() * (p - y) + kRidge * w;
    const Eigen::VectorXd s = (p.array() * (1 - p.array())).matrix();
    Eigen::MatrixXd h = X.transpose() * s.asDiagonal() * X;
    h.diagonal().array() += kRidge;
    const Eigen::VectorXd step = h.ldlt().solve(grad);
    w -= step;
    if (step.norm() < 1e-10) break;
  }
  Logistic out;
  out.w.assign(w.data(), w.data() + w.size());
  return out;
}

std::vector<Fifth> by_fifths(const std::vector<double>& x, const std::vector<int>& won,
                             const std::vector<double>& predicted) {
  const std::size_t n = x.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  std::vector<Fifth> out(5);
  for (std::size_t f = 0; f < 5; ++f) {
    const std::size_t from = n * f / 5, to = n * (f + 1) / 5;
    Fifth& g = out[f];
    double p = 0;
    for (std::size_t k = from; k < to; ++k) {
      g.won += won[order[k]];
      p += predicted[order[k]];
    }
    g.games = int(to - from);
    if (g.games == 0) continue;
    g.low = x[order[from]];
    g.high = x[order[to - 1]];
    g.observed = double(g.won) / g.games;
    g.predicted = p / g.games;
  }
  return out;
}

}  // namespace stratego::strength
