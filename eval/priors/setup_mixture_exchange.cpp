// The exchange components of the mixture set-up prior (eval/priors/setup_mixture.h): a training
// set-up with the contents of two squares holding different pieces exchanged, the exchange drawn by
// the kinds it exchanges.
#include <cmath>

#include "engine/rng.h"
#include "eval/priors/log_math.h"
#include "eval/priors/setup_mixture.h"

namespace stratego::eval {

void SetupMixture::add_exchange_component() {
  const SetupModel& m = *param_;
  const int n = m.num_symbols(), empty = m.symbol_index(kEmptySymbol);
  // Per pair of symbols: the exchanges of them in the entries that give another entry (hits),
  // out of all such exchanges; every entry offers counts[s] * counts[r] of them.
  std::vector<double> hits(std::size_t(n * n), 0.0);
  for (int e = 0; e < entries(); ++e) {
    const std::uint8_t* t = entry(e);
    const std::uint64_t h = hash_of(t);
    for_each_exchange(t, true, [&](int a, int b) {
      const auto it = exact_hash_.find(exchanged(h, t, a, b));
      if (it != exact_hash_.end()) hits[std::size_t(t[a] * n + t[b])] += it->second;
    });
  }
  // rate(s, r) proportional to (hits + 1/2) / exchanges offered, normalised over the exchanges
  // one set-up offers (the same for every set-up of the army).
  exchange_rate_.assign(std::size_t(n * n), 0.0);
  double total = 0;
  for (int s = 0; s < n; ++s)
    for (int r = s + 1; r < n; ++r) {
      const double offered = double(m.counts()[std::size_t(s)]) * m.counts()[std::size_t(r)];
      if (s == empty || r == empty || offered == 0) continue;
      const double rate = (hits[std::size_t(s * n + r)] + hits[std::size_t(r * n + s)] + 0.5) /
                          (offered * entries());
      exchange_rate_[std::size_t(s * n + r)] = exchange_rate_[std::size_t(r * n + s)] = rate;
      total += rate * offered;
    }
  if (!(total > 0)) {
    exchange_rate_.clear();  // an army of one kind: nothing to exchange
    return;
  }
  for (double& rate : exchange_rate_) rate /= total;
  components_.push_back({Type::kExchange, "exchange"});
}

double SetupMixture::log_exchange(const std::vector<std::uint8_t>& x, bool family) const {
  // An exchange is its own inverse: t = x with the same two squares exchanged, at the same rate.
  const auto& table = family ? family_hash_ : exact_hash_;
  const std::uint64_t h = hash_of(x.data());
  double sum = 0;
  for_each_exchange(x.data(), true, [&](int a, int b) {
    const auto it = table.find(exchanged(h, x.data(), a, b));
    if (it != table.end()) sum += it->second * exchange_rate(x[std::size_t(a)], x[std::size_t(b)]);
  });
  return sum > 0 ? std::log(sum / template_total(family)) : kMinusInf;
}

std::vector<std::vector<int>> SetupMixture::exchanged_copies(int per_setup,
                                                             std::uint64_t seed) const {
  std::vector<std::vector<int>> out;
  if (exchange_rate_.empty()) return out;
  const auto& symbols = param_->symbols();
  Rng rng(seed);
  std::vector<std::pair<int, int>> pairs;
  std::vector<double> rates;
  for (int j = 0; j < training_count(); ++j) {
    const std::uint8_t* t = entry(2 * j);
    pairs.clear(), rates.clear();
    for_each_exchange(t, true, [&](int a, int b) {
      pairs.push_back({a, b});
      rates.push_back(exchange_rate(t[a], t[b]));  // they sum to 1 over t's exchanges
    });
    std::vector<int> codes(std::size_t(zone_), -1);
    for (int f : param_->order()) codes[std::size_t(f)] = symbols[t[f]];
    for (int c = 0; c < per_setup; ++c) {
      double u = rng.uniform01();
      std::size_t pick = 0;
      while (pick + 1 < rates.size() && (u -= rates[pick]) >= 0) ++pick;
      out.push_back(codes);
      std::swap(out.back()[std::size_t(pairs[pick].first)],
                out.back()[std::size_t(pairs[pick].second)]);
    }
  }
  return out;
}

}  // namespace stratego::eval
