// Logarithms of counts, shared by the set-up priors and the belief posteriors: a log-probability
// of minus infinity is "impossible", and log n! comes from a table for the small counts of an
// army.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace stratego::eval {

inline constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// log n!, from a table for integers up to 256 (the conditioning of a belief calls it millions of
// times on small counts), lgamma otherwise.
inline double log_factorial(double n) {
  static const std::vector<double> table = [] {
    std::vector<double> t(257);
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = std::lgamma(double(i) + 1);
    return t;
  }();
  return n >= 0 && n <= 256 && n == std::floor(n) ? table[std::size_t(n)] : std::lgamma(n + 1);
}

// log (n choose k); minus infinity when k is outside 0..n.
inline double log_choose(double n, double k) {
  return k < 0 || k > n ? kMinusInf : log_factorial(n) - log_factorial(k) - log_factorial(n - k);
}

}  // namespace stratego::eval
