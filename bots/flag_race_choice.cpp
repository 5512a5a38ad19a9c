#include "bots/flag_race_choice.h"

#include <algorithm>

#include "eval/determinize.h"
#include "search/flag_race.h"

namespace stratego::bots {
namespace {

// Another action is taken only if it keeps the Flag in this many more worlds in a hundred: below
// it the shares are too close to tell from sampling, and the search's own choice stands.
constexpr double kMinSafer = 0.05;
// ... and only among actions the search looked at this often, relative to its choice: the rest
// have values too noisy to weigh.
constexpr double kMinVisitShare = 0.25;

}  // namespace

std::vector<double> flag_loss_shares(const View& view, const eval::PieceTracker& tracker,
                                     eval::BeliefSampler& sampler,
                                     const std::vector<std::uint32_t>& keys, int moves,
                                     int worlds) {
  std::vector<double> shares(keys.size(), 0.0);
  if (moves <= 0 || worlds <= 0) return shares;
  const Side me = view.viewer, enemy = other(me);
  const State base = eval::determinize(view, tracker, sampler.sample_kinds());
  State world = base;
  const search::FlagDistances d = search::flag_distances(base, me);
  // Actions that start or end this close to the Flag can change the race; every other one
  // leaves it as a move elsewhere does.
  std::vector<bool> near(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Move m = Move::from_raw(std::uint16_t(keys[i]));
    const int from = d.miner[std::size_t(m.from())], to = d.miner[std::size_t(m.to())];
    near[i] = !m.is_normal() || (from >= 0 && from <= moves + 1) || (to >= 0 && to <= moves + 1);
  }
  for (int w = 0; w < worlds; ++w) {
    if (w > 0) eval::redeterminize(base, tracker, sampler.sample_kinds(), world);
    if (!search::flag_in_reach(world, enemy, moves, d)) continue;
    const bool elsewhere = search::flag_falls_after_pass(world, moves, d);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      bool falls = elsewhere;
      if (near[i]) {
        world.make(Move::from_raw(std::uint16_t(keys[i])));
        falls = world.over() ? world.result().winner != winner_of(me)
                             : search::flag_falls(world, moves, d);
        world.unmake();
      }
      if (falls) shares[i] += 1.0 / worlds;
    }
  }
  return shares;
}

std::uint32_t flag_race_choice(const search::SearchResult& res,
                               const std::vector<std::uint32_t>& keys,
                               const std::vector<double>& shares) {
  auto share_of = [&](std::uint32_t key) {
    const auto it = std::find(keys.begin(), keys.end(), key);
    return it == keys.end() ? 0.0 : shares[std::size_t(it - keys.begin())];
  };
  std::uint64_t most = 0;
  for (const search::RootStat& r : res.root) most = std::max(most, r.visits);
  const double chosen_share = share_of(res.best);
  std::uint32_t best = res.best;
  double best_score = -1;
  for (const search::RootStat& r : res.root) {
    if (r.visits == 0 || double(r.visits) < kMinVisitShare * double(most)) continue;
    const double share = share_of(r.key);
    if (share > chosen_share - kMinSafer && r.key != res.best) continue;
    const double score = r.reward / double(r.visits) * (1 - share);
    if (score > best_score) best = r.key, best_score = score;
  }
  return best;
}

}  // namespace stratego::bots
