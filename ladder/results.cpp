#include "ladder/results.h"

#include <array>
#include <map>
#include <tuple>

#include "engine/error.h"

namespace stratego::ladder {

LadderRatings ladder_ratings(Store& store, const std::vector<FinishedGame>& games,
                             const std::string& anchor, double value, const std::string& variant) {
  LadderRatings out;
  std::map<std::int64_t, int> index;
  for (const auto& p : store.participants()) {
    index[p.id] = int(out.names.size());
    out.names.push_back(p.name);
    out.ids.push_back(p.id);
  }
  RatingOptions opt;
  opt.value = value;
  if (!anchor.empty()) {
    for (std::size_t i = 0; i < out.names.size(); ++i)
      if (out.names[i] == anchor) opt.anchor = int(i);
    if (opt.anchor < 0) throw InputError("--anchor: no participant named '" + anchor + "'");
  }
  std::vector<PairedResult> results;
  for (const auto& g : games) {
    if (!variant.empty() && g.s.variant != variant) continue;
    const double s = g.red_score();
    check_known_players(g.s, index);
    if (s >= 0) results.push_back({index.at(g.s.red), index.at(g.s.blue), s});
  }
  out.r = fit_ratings(int(out.names.size()), results, opt);
  return out;
}

Pentanomial pair_counts(const std::vector<FinishedGame>& games, std::int64_t a, std::int64_t b) {
  std::map<std::int64_t, std::pair<int, double>> pairs;  // pair -> games seen, a's points
  for (const auto& g : games) {
    const bool ab = g.s.red == a && g.s.blue == b, ba = g.s.red == b && g.s.blue == a;
    const double s = g.red_score();
    if ((!ab && !ba) || s < 0) continue;
    auto& [n, points] = pairs[g.s.pair];
    ++n;
    points += ab ? s : 1 - s;
  }
  Pentanomial p{};
  for (const auto& [pair, np] : pairs)
    if (np.first == 2) ++p[std::size_t(np.second * 2 + 0.5)];
  return p;
}

Pentanomial twin_counts(const std::vector<FinishedGame>& games, std::int64_t a, std::int64_t b) {
  // (seed, game of the pair, the third participant) -> a's and b's points there (-1: none yet)
  std::map<std::tuple<std::uint64_t, int, std::int64_t>, std::array<double, 2>> twins;
  constexpr std::array<double, 2> kNone{-1, -1};
  const std::array<std::int64_t, 2> who{a, b};
  for (const auto& g : games) {
    const double s = g.red_score();
    if (s < 0) continue;
    for (std::size_t i = 0; i < 2; ++i) {
      const std::int64_t me = who[i], rival = who[1 - i];
      const bool red = g.s.red == me && g.s.blue != rival,
                 blue = g.s.blue == me && g.s.red != rival;
      if (!red && !blue) continue;
      const std::int64_t opponent = red ? g.s.blue : g.s.red;
      auto& points = twins.try_emplace({g.s.seed, g.s.game, opponent}, kNone).first->second;
      points[i] = red ? s : 1 - s;
    }
  }
  Pentanomial p{};
  for (const auto& [key, points] : twins)
    if (points[0] >= 0 && points[1] >= 0) ++p[std::size_t((1 + points[0] - points[1]) * 2 + 0.5)];
  return p;
}

}  // namespace stratego::ladder
