// Logarithms of counts, shared by the set-up priors and the belief posteriors: a log-probability
// of minus infinity is "impossible", and log n! comes from a table for the small counts of an
// army.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

namespace stratego::eval {

inline constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// log n! of the integers up to 256, made once at start-up: a namespace-scope table, so that a
// call (the conditioning of a belief makes millions, on small counts) is a load, with no
// function-local static's guard in the way of inlining.
inline const std::array<double, 257> kLogFactorials = [] {
  std::array<double, 257> t{};
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = std::lgamma(double(i) + 1);
  return t;
}();

// log n!, from the table for integers up to 256, lgamma otherwise.
inline double log_factorial(double n) {
  return n >= 0 && n <= 256 && n == std::floor(n) ? kLogFactorials[std::size_t(n)]
                                                  : std::lgamma(n + 1);
}

// log (n choose k); minus infinity when k is outside 0..n.
inline double log_choose(double n, double k) {
  return k < 0 || k > n ? kMinusInf : log_factorial(n) - log_factorial(k) - log_factorial(n - k);
}

}  // namespace stratego::eval
