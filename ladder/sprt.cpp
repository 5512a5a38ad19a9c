#include "ladder/sprt.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "engine/error.h"

namespace stratego::ladder {
namespace {

using Dist = std::array<double, 5>;
constexpr Dist kScores = {0.0, 0.25, 0.5, 0.75, 1.0};  // a pair's score as a fraction
const double kNelo = 800.0 / std::log(10.0);           // normalized Elo per unit of t

// The root of a decreasing f on (lo, hi), f running from +inf to -inf; bisection.
double decreasing_root(const std::function<double(double)>& f, double lo, double hi) {
  const double width = hi - lo;
  lo += width * 1e-12;
  hi -= width * 1e-12;
  for (int i = 0; i < 200 && hi - lo > 1e-14; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// The distribution nearest to `emp` (maximum likelihood) among those with expected score s.
Dist mle_with_mean(const Dist& emp, double s) {
  const auto f = [&](double theta) {
    double sum = 0;
    for (int i = 0; i < 5; ++i) sum += emp[i] * (kScores[i] - s) / (1 + theta * (kScores[i] - s));
    return sum;
  };
  const double theta = decreasing_root(f, -1 / (kScores[4] - s), -1 / (kScores[0] - s));
  Dist p;
  for (int i = 0; i < 5; ++i) p[i] = emp[i] / (1 + theta * (kScores[i] - s));
  return p;
}

// The maximum-likelihood distribution with (mu - 1/2) / sigma = t, by fixed-point iteration
// from the uniform distribution.
Dist mle_with_t(const Dist& emp, double t) {
  Dist p;
  p.fill(0.2);
  for (int iter = 0; iter < 20; ++iter) {
    double mu = 0, var = 0;
    for (int i = 0; i < 5; ++i) mu += p[i] * kScores[i];
    for (int i = 0; i < 5; ++i) var += p[i] * (kScores[i] - mu) * (kScores[i] - mu);
    const double sigma = std::sqrt(var);
    Dist phi;
    for (int i = 0; i < 5; ++i) {
      const double z = (kScores[i] - mu) / sigma;
      phi[i] = kScores[i] - 0.5 - 0.5 * t * sigma * (1 + z * z);
    }
    const double u = *std::min_element(phi.begin(), phi.end());
    const double v = *std::max_element(phi.begin(), phi.end());
    const auto f = [&](double theta) {
      double sum = 0;
      for (int i = 0; i < 5; ++i) sum += emp[i] * phi[i] / (1 + theta * phi[i]);
      return sum;
    };
    const double theta = decreasing_root(f, -1 / v, -1 / u);
    double change = 0;
    for (int i = 0; i < 5; ++i) {
      const double next = emp[i] / (1 + theta * phi[i]);
      change = std::max(change, std::abs(next - p[i]));
      p[i] = next;
    }
    if (change < 1e-9) break;
  }
  return p;
}

}  // namespace

double sprt_lower(const SprtSettings& s) { return std::log(s.beta / (1 - s.alpha)); }
double sprt_upper(const SprtSettings& s) { return std::log((1 - s.beta) / s.alpha); }

void check_sprt(const SprtSettings& s) {
  if (!(s.elo0 < s.elo1)) throw InputError("sprt: --elo0 must be below --elo1");
  if (!(s.alpha > 0 && s.alpha < 1 && s.beta > 0 && s.beta < 1 && s.alpha + s.beta < 1))
    throw InputError("sprt: --alpha and --beta must lie between 0 and 1, with a sum below 1");
}

double sprt_llr(const SprtSettings& s, const Pentanomial& counts) {
  Dist emp;
  double total = 0;
  for (int i = 0; i < 5; ++i) total += emp[i] = counts[i] == 0 ? 1e-3 : double(counts[i]);
  if (total < 1) return 0;  // no pairs yet
  for (double& e : emp) e /= total;
  Dist p0, p1;
  if (s.normalized) {
    // A pair's score has twice the games, so its t is sqrt(2) times a game's.
    p0 = mle_with_t(emp, std::sqrt(2.0) * s.elo0 / kNelo);
    p1 = mle_with_t(emp, std::sqrt(2.0) * s.elo1 / kNelo);
  } else {
    const auto score = [](double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); };
    p0 = mle_with_mean(emp, score(s.elo0));
    p1 = mle_with_mean(emp, score(s.elo1));
  }
  double llr = 0;
  for (int i = 0; i < 5; ++i) llr += emp[i] * (std::log(p1[i]) - std::log(p0[i]));
  return total * llr;
}

}  // namespace stratego::ladder
