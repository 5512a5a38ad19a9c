// Racing: find the strongest of K candidate set-ups with far fewer games than playing each
// one N times. Every round the candidates still in the race play `batch` more games (the same
// games for all of them: common random numbers); each is compared pair by pair with the
// current leader and eliminated once its paired difference is below 0 with confidence.
//
// The guarantee. Let b be the best candidate (the highest expected pair score against the
// field) and R the number of rounds (max_games / batch). Each bound below holds, for one
// candidate c and one round, with probability at least 1 - delta', delta' = delta / ((K-1) R).
// b can only be eliminated by a leader L whose bound says mu_b - mu_L < 0, which is false, so
// by the union over its K-1 comparisons and R rounds b is eliminated with probability at most
// delta. Bounds:
//   paired-t   one-sided normal bound on the mean pair difference (z for delta'): an
//              approximation by the central limit theorem (tested below on simulations);
//   bernstein  the empirical Bernstein bound of Audibert, Munos and Szepesvari (2009) for pair
//              differences in [-1, 1]: exact in finite samples, and much more conservative.
// With ties at the top, each of the best is kept with probability 1 - delta (some one of m
// tied ones may go out with probability up to m delta). A candidate eliminated was, at that
// moment, worse than the leader at level delta' alone; tests/strength_racing_test.cpp counts
// these rates over seeded simulations.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace stratego::strength {

enum class Bound { kPairedT, kBernstein };
Bound parse_bound(const std::string& name);  // "t" / "paired-t" or "bernstein"

struct RaceOptions {
  int batch = 40;        // games per round per candidate (even)
  int max_games = 1600;  // games per candidate at most
  double delta = 0.05;
  Bound bound = Bound::kPairedT;
};

// What the race needs from the games: play games 0 .. games-1 of these candidates, and the
// pair scores of one candidate's first `pairs` pairs.
struct RaceOracle {
  std::function<void(const std::vector<int>& alive, int games)> play;
  std::function<std::vector<double>(int candidate, int pairs)> pairs;
};

struct RaceResult {
  std::vector<int> alive;         // not separated from the leader at the end
  std::vector<int> eliminated;    // in the order they went out
  std::vector<int> out_at_games;  // games each had played when it went out
  int leader = 0;
  int rounds = 0;
  long long games = 0;  // games played in all
};

struct RaceRound {
  int round = 0, games = 0, leader = 0;
  std::vector<int> alive;
};

// The half-width of the one-sided bound on a mean of m pair differences.
double race_half_width(const std::vector<double>& diffs, double delta_one, Bound bound);

RaceResult race(int candidates, const RaceOracle& oracle, const RaceOptions& options,
                const std::function<void(const RaceRound&)>& on_round = {});

}  // namespace stratego::strength
