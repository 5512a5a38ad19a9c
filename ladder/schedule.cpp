#include "ladder/schedule.h"

#include <cmath>

#include "engine/error.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "ladder/ratings.h"

namespace stratego::ladder {
namespace {

struct Candidate {
  std::int64_t a = 0, b = 0;
};

const Participant& active_named(const std::vector<Participant>& ps, const std::string& name,
                                const std::string& path) {
  for (const auto& p : ps)
    if (p.name == name) {
      if (!p.retired.empty()) throw InputError(path + ": '" + name + "' is retired");
      return p;
    }
  throw InputError(path + ": no participant named '" + name + "'");
}

// Current ratings by participant id, for ladder mode.
std::vector<double> ratings_by_id(Store& store, std::int64_t max_id) {
  std::vector<PairedResult> results;
  for (const auto& g : store.games()) {
    const double s = g.red_score();
    if (s >= 0) results.push_back({int(g.s.red), int(g.s.blue), s});
  }
  return fit_ratings(int(max_id + 1), results).rating;
}

// Pair number `pair`: two games on the variant, seed and set-ups of pair number `like` (itself,
// or the pair a field SPRT's twin copies), red against blue and then with colours swapped.
std::vector<ScheduledGame> pair_games(Store& store, std::int64_t pair, std::int64_t like,
                                      std::int64_t red, std::int64_t blue) {
  const auto& config = store.config();
  ScheduledGame g0;
  g0.pair = pair;
  g0.game = 0;
  g0.variant = config.variants[std::size_t(like) % config.variants.size()];
  g0.red = red;
  g0.blue = blue;
  g0.seed = pair_seed(config.seed, like);
  Rng rng(g0.seed);
  if (config.setups == "random") {
    const Variant v = load_variant(g0.variant);
    g0.red_setup = format_setup(v, random_setup(v, kRed, rng));
    g0.blue_setup = format_setup(v, random_setup(v, kBlue, rng));
  } else if (config.setups == "file") {
    const auto lines = store.setup_lines();
    if (lines.empty()) throw InputError(store.db().path() + ": the ladder's set-up list is empty");
    g0.red_setup = lines[rng.below(std::uint32_t(lines.size()))];
    g0.blue_setup = lines[rng.below(std::uint32_t(lines.size()))];
  }
  ScheduledGame g1 = g0;
  g1.game = 1;
  std::swap(g1.red, g1.blue);  // same set-ups by colour, participants swapped
  return {g0, g1};
}

}  // namespace

Mode parse_mode(const std::string& name) {
  if (name == "round-robin") return Mode::kRoundRobin;
  if (name == "gauntlet") return Mode::kGauntlet;
  if (name == "ladder") return Mode::kLadder;
  if (name == "match") return Mode::kMatch;
  if (name == "field") return Mode::kField;
  throw InputError("--mode '" + name + "': not one of round-robin, gauntlet, ladder");
}

std::string mode_name(Mode m) {
  switch (m) {
    case Mode::kRoundRobin:
      return "round-robin";
    case Mode::kGauntlet:
      return "gauntlet";
    case Mode::kLadder:
      return "ladder";
    case Mode::kMatch:
      return "match";
    case Mode::kField:
      return "field";
  }
  return "?";
}

std::uint64_t pair_seed(std::uint64_t seed, std::int64_t pair) {
  Rng rng(seed * 0x9e3779b97f4a7c15ull + std::uint64_t(pair));
  return rng.next() >> 1;  // fits SQLite's signed 64-bit integers
}

std::vector<ScheduledGame> plan_next_pair(Store& store, const ModeChoice& mode) {
  const auto ps = store.participants();
  const std::string& path = store.db().path();
  std::vector<Candidate> cands;
  std::int64_t twin = -1;  // field: B, who plays the twin of each of A's pairs
  if (mode.mode == Mode::kMatch) {
    cands.push_back({active_named(ps, mode.a, path).id, active_named(ps, mode.b, path).id});
  } else if (mode.mode == Mode::kField) {
    const std::int64_t a = active_named(ps, mode.a, path).id;
    twin = active_named(ps, mode.b, path).id;
    for (const auto& p : ps)
      if (p.retired.empty() && p.id != a && p.id != twin) cands.push_back({a, p.id});
    if (cands.empty())
      throw InputError(path + ": a field SPRT needs a field: an active participant besides '" +
                       mode.a + "' and '" + mode.b + "' (`ladder add DB NAME SPEC`)");
  } else if (mode.mode == Mode::kGauntlet) {
    const auto& g = active_named(ps, mode.a, path);
    for (const auto& p : ps)
      if (p.retired.empty() && p.id != g.id) cands.push_back({g.id, p.id});
  } else {
    for (std::size_t i = 0; i < ps.size(); ++i)
      for (std::size_t j = i + 1; j < ps.size(); ++j)
        if (ps[i].retired.empty() && ps[j].retired.empty()) cands.push_back({ps[i].id, ps[j].id});
  }
  if (cands.empty()) return {};
  std::vector<double> ratings;
  if (mode.mode == Mode::kLadder) ratings = ratings_by_id(store, ps.back().id);
  std::size_t best = 0;
  double best_value = 0;
  bool found = false;
  std::int64_t best_pairs = 0;
  for (std::size_t k = 0; k < cands.size(); ++k) {
    const std::int64_t n = store.pairs_between(cands[k].a, cands[k].b);
    double value = -double(n);  // fewest pairs first
    if (mode.mode == Mode::kLadder) {
      const double p =
          elo_expected(ratings[std::size_t(cands[k].a)] - ratings[std::size_t(cands[k].b)]);
      value = p * (1 - p) / double(n + 1);
    }
    if (!found || value > best_value) {
      found = true;
      best = k;
      best_value = value;
      best_pairs = n;
    }
  }
  const std::int64_t pair = store.next_pair_number();
  // Who is Red first alternates between a pairing's pairs.
  const bool first_red = best_pairs % 2 == 0;
  const auto games_of = [&](std::int64_t first, std::int64_t second, std::int64_t number) {
    return pair_games(store, number, pair, first_red ? first : second, first_red ? second : first);
  };
  std::vector<ScheduledGame> games = games_of(cands[best].a, cands[best].b, pair);
  if (twin >= 0)  // B where A was
    for (const ScheduledGame& g : games_of(twin, cands[best].b, pair + 1)) games.push_back(g);
  return games;
}

}  // namespace stratego::ladder
