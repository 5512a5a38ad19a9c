#include "referee/elo.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace stratego::referee {
namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% of the normal distribution
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

double elo_of_score(double p) {
  if (std::isnan(p)) return p;
  if (p <= 0) return -kInf;
  if (p >= 1) return kInf;
  return -400.0 * std::log10(1.0 / p - 1.0);
}

EloEstimate estimate_elo(int wins, int draws, int losses) {
  EloEstimate e;
  e.games = wins + draws + losses;
  if (e.games <= 0) {
    e.score = e.score_low = e.score_high = e.elo = e.elo_low = e.elo_high = std::nan("");
    return e;
  }
  const double n = e.games;
  const double p = (wins + 0.5 * draws) / n;
  e.score = p;
  if (p <= 0 || p >= 1) {
    // Every game lost (won): the normal approximation has no variance to work with. The
    // exact binomial bound instead: the score q with q^N = 2.5% (a 95% two-sided interval
    // whose near end is the Clopper-Pearson bound for N out of N).
    const double near = std::pow(0.025, 1.0 / n);
    e.score_low = p >= 1 ? near : 0.0;
    e.score_high = p >= 1 ? 1.0 : 1.0 - near;
  } else {
    // Per-game variance of the score (each game 1, 1/2 or 0), then the standard error of the
    // mean over N games.
    const double var =
        (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
    const double se = std::sqrt(var / n);
    e.score_low = std::max(0.0, p - kZ95 * se);
    e.score_high = std::min(1.0, p + kZ95 * se);
  }
  e.elo = elo_of_score(p);
  e.elo_low = elo_of_score(e.score_low);
  e.elo_high = elo_of_score(e.score_high);
  return e;
}

std::string format_elo(double elo) {
  if (std::isnan(elo)) return "n/a";
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  const long r = std::lround(elo);
  return std::string(r > 0 ? "+" : "") + std::to_string(r);
}

}  // namespace stratego::referee
