#include "strength/racing.h"

#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "strength/stats.h"

namespace stratego::strength {

Bound parse_bound(const std::string& name) {
  if (name == "t" || name == "paired-t") return Bound::kPairedT;
  if (name == "bernstein") return Bound::kBernstein;
  throw InputError("--bound: '" + name + "' is not a bound (paired-t, bernstein)");
}

double race_half_width(const std::vector<double>& d, double delta_one, Bound bound) {
  const double m = double(d.size());
  if (d.size() < 2) return 1e9;
  double mean = 0;
  for (double x : d) mean += x;
  mean /= m;
  double ss = 0;
  for (double x : d) ss += (x - mean) * (x - mean);
  if (bound == Bound::kPairedT) {
    const double z = normal_two_sided_quantile(2 * delta_one);
    return z * std::sqrt(ss / (m - 1) / m);
  }
  // Empirical Bernstein, range b = 2; 3/delta inside the log as in the paper's Theorem 1.
  const double l = std::log(3.0 / delta_one), v = ss / m;
  return std::sqrt(2 * v * l / m) + 3 * 2.0 * l / m;
}

RaceResult race(int k, const RaceOracle& oracle, const RaceOptions& o,
                const std::function<void(const RaceRound&)>& on_round) {
  if (k < 1) throw InputError("race: no candidates");
  const int batch = std::max(2, o.batch + o.batch % 2);
  const int rounds = std::max(1, (o.max_games + batch - 1) / batch);
  const double delta_one = o.delta / (double(std::max(1, k - 1)) * rounds);
  RaceResult r;
  for (int c = 0; c < k; ++c) r.alive.push_back(c);
  for (int round = 1; round <= rounds && r.alive.size() > 1; ++round) {
    const int games = std::min(round * batch, o.max_games + o.max_games % 2);
    oracle.play(r.alive, games);
    r.games += (long long)(games - (round - 1) * batch) * (long long)r.alive.size();
    std::vector<std::vector<double>> p(static_cast<std::size_t>(k));
    for (int c : r.alive) p[std::size_t(c)] = oracle.pairs(c, games / 2);
    auto mean = [&](int c) {
      double s = 0;
      for (double x : p[std::size_t(c)]) s += x;
      return p[std::size_t(c)].empty() ? 0 : s / double(p[std::size_t(c)].size());
    };
    int leader = r.alive[0];
    for (int c : r.alive)
      if (mean(c) > mean(leader)) leader = c;
    std::vector<int> keep;
    for (int c : r.alive) {
      if (c == leader) {
        keep.push_back(c);
        continue;
      }
      const auto& a = p[std::size_t(c)];
      const auto& b = p[std::size_t(leader)];
      const std::size_t m = std::min(a.size(), b.size());
      std::vector<double> d(m);
      double sum = 0;
      for (std::size_t i = 0; i < m; ++i) sum += d[i] = a[i] - b[i];
      const double dm = m ? sum / double(m) : 0;
      if (m >= 2 && dm + race_half_width(d, delta_one, o.bound) < 0) {
        r.eliminated.push_back(c);
        r.out_at_games.push_back(games);
      } else {
        keep.push_back(c);
      }
    }
    r.alive = keep;
    r.leader = leader;
    r.rounds = round;
    if (on_round) on_round({round, games, leader, r.alive});
  }
  if (r.alive.size() == 1) r.leader = r.alive[0];
  return r;
}

}  // namespace stratego::strength
