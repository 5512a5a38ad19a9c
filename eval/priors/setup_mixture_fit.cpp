// Fitting the mixture set-up prior's weights (eval/priors/setup_mixture.h) by EM on held-out
// set-ups, with a floor on the broad components, and the two-fold cross-validated figure.
#include <algorithm>
#include <cmath>

#include "eval/priors/log_math.h"
#include "eval/priors/setup_mixture.h"

namespace stratego::eval {
double SetupMixture::mix(const std::vector<double>& lps, const std::vector<double>& w) {
  double top = kMinusInf;
  for (std::size_t c = 0; c < lps.size(); ++c)
    if (w[c] > 0) top = std::max(top, lps[c]);
  if (top == kMinusInf) return kMinusInf;
  double z = 0;
  for (std::size_t c = 0; c < lps.size(); ++c)
    if (w[c] > 0 && lps[c] > kMinusInf) z += w[c] * std::exp(lps[c] - top);
  return top + std::log(z);
}

std::vector<double> SetupMixture::em(const std::vector<std::vector<double>>& lps,
                                     const std::vector<bool>& broad, double floor, int iterations) {
  const std::size_t n = broad.size();
  std::vector<double> w(n, 1.0 / double(n)), r(n);
  for (int it = 0; it < iterations; ++it) {
    std::vector<double> acc(n, 0.0);
    for (const auto& lp : lps) {
      const double total = mix(lp, w);
      if (total == kMinusInf) continue;
      for (std::size_t c = 0; c < n; ++c)
        acc[c] += lp[c] > kMinusInf ? w[c] * std::exp(lp[c] - total) : 0.0;
    }
    double sum = 0;
    for (double a : acc) sum += a;
    for (std::size_t c = 0; c < n; ++c) w[c] = sum > 0 ? acc[c] / sum : 1.0 / double(n);
    // The floor: broad components keep `floor` each, the rest shares what is left.
    double kept = 0, rest = 0;
    for (std::size_t c = 0; c < n; ++c) {
      if (broad[c])
        w[c] = std::max(w[c], floor), kept += w[c];
      else
        rest += w[c];
    }
    for (std::size_t c = 0; c < n; ++c)
      if (!broad[c]) w[c] = rest > 0 ? w[c] * (1 - kept) / rest : 0.0;
  }
  return w;
}

double SetupMixture::fit_weights(const std::vector<std::vector<int>>& held_out, double floor,
                                 int iterations) {
  std::vector<std::vector<double>> lps;
  lps.reserve(held_out.size());
  for (const auto& s : held_out) lps.push_back(component_log_probs(s));
  std::vector<bool> broad;
  for (const Component& c : components_) broad.push_back(c.broad());
  weights_ = em(lps, broad, floor, iterations);
  double total = 0;
  for (const auto& lp : lps) total += mix(lp, weights_);
  // Two-fold cross-validation of the weights: fitted on odd set-ups, scored on even, and back.
  std::vector<std::vector<double>> half[2];
  for (std::size_t i = 0; i < lps.size(); ++i) half[i % 2].push_back(lps[i]);
  double cv = 0;
  for (int h = 0; h < 2; ++h) {
    const auto w = em(half[h], broad, floor, iterations);
    for (const auto& lp : half[1 - h]) cv += mix(lp, w);
  }
  validation.held_out = int(held_out.size());
  validation.cross_validated = held_out.empty() ? 0 : cv / double(held_out.size());
  return held_out.empty() ? 0 : total / double(held_out.size());
}

}  // namespace stratego::eval
