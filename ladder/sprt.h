// The generalized SPRT over game pairs (pentanomial), as fishtest and fastchess compute it:
// a pair's score for A is 0, 0.5, 1, 1.5 or 2 points; the log-likelihood ratio compares the
// maximum-likelihood pentanomial distributions that have the Elo of H0 and of H1 (Michel Van
// den Bergh, "Comments on Normalized Elo"). The default model is normalized Elo, as in
// fastchess; logistic Elo is the other choice. Empty cells count as 0.001 pairs.
#pragma once

#include <array>
#include <string>

namespace stratego::ladder {

// Pairs by A's points in the pair: [0] 0 (LL), [1] 0.5 (LD), [2] 1 (DD or WL), [3] 1.5 (WD),
// [4] 2 (WW).
using Pentanomial = std::array<int, 5>;

struct SprtSettings {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  bool normalized = true;  // false: logistic Elo
};

double sprt_lower(const SprtSettings& s);  // log(beta / (1 - alpha)): accept H0 at or below
double sprt_upper(const SprtSettings& s);  // log((1 - beta) / alpha): accept H1 at or above
double sprt_llr(const SprtSettings& s, const Pentanomial& p);

// Throws InputError if elo0 >= elo1 or alpha, beta are not in (0, 1) with alpha + beta < 1.
void check_sprt(const SprtSettings& s);

}  // namespace stratego::ladder
