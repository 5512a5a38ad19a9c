// The search's heuristic policy on a tiny game whose answer is known exactly. Red chooses
// between a sure 0.6 and a trap; after the trap Blue chooses between a reply that loses for
// Blue and one that wins. Searched, Blue always finds its win, so the trap is worth 0 and the
// sure thing is best. Modelled by a policy that finds the win only 10% of the time (as a
// player who cannot see what Red hides might), the trap is worth 0.9 and is best. A second
// game checks that policy plies play out a leaf: the value shows only after a move that only
// the policy makes.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "search/run_search.h"
#include "support/root_stats.h"

namespace stratego::search {
namespace {

struct TrapWorld {
  int stage = 0;  // 0 Red decides, 1 Blue decides, 2 over
  double red_value = 0;
};

struct TrapGame {
  using World = TrapWorld;
  static constexpr int kMaxActions = 8;
  static constexpr std::uint32_t kSure = 1, kTrap = 2, kBlueBlunders = 3, kBlueWins = 4;
  static bool over(const World& w) { return w.stage == 2; }
  static bool is_chance(const World&) { return false; }
  static int player(const World& w) { return w.stage == 0 ? 0 : 1; }
  static int legal(World& w, std::uint32_t* keys) {
    keys[0] = w.stage == 0 ? kSure : kBlueBlunders;
    keys[1] = w.stage == 0 ? kTrap : kBlueWins;
    return 2;
  }
  static void apply(World& w, std::uint32_t key) {
    if (key == kTrap) {
      w.stage = 1;
      return;
    }
    w.stage = 2;
    w.red_value = key == kSure ? 0.6 : key == kBlueBlunders ? 1.0 : 0.0;
  }
  static std::uint32_t sample_chance(const World&, Rng&) { return 0; }
  static void no_moves(World&) {}
  static double value(const World& w, const Params&) { return w.red_value; }
  static void policy(World&, const std::uint32_t* keys, int n, double* probs, const Params&) {
    for (int i = 0; i < n; ++i) probs[i] = keys[i] == kBlueWins ? 0.1 : 0.9;
  }
};

SearchResult search_trap(bool model_opponent) {
  Params p;
  p.model_opponent = model_opponent;
  const std::vector<std::uint32_t> root = {TrapGame::kSure, TrapGame::kTrap};
  std::atomic<bool> stop{false};
  return run_search<TrapGame>(
      p, Budget{0, 4000, 0}, root, TrapWorld{}, [](int, Rng&, TrapWorld& w) { w = {}; }, stop);
}

TEST(SearchPolicy, ASearchedOpponentFindsItsWin) {
  const SearchResult r = search_trap(false);
  EXPECT_EQ(r.best, TrapGame::kSure);
  EXPECT_LT(mean_of(r, TrapGame::kTrap), 0.6);
}

TEST(SearchPolicy, AModelledOpponentMovesAsThePolicySays) {
  const SearchResult r = search_trap(true);
  EXPECT_EQ(r.best, TrapGame::kTrap);
  EXPECT_NEAR(mean_of(r, TrapGame::kTrap), 0.9, 0.05);
}

// Red moves once (kGo) and the game is then a race of `length` more plies that only the
// policy's move (kStep) advances; the random alternative (kIdle) stays put. The leaf is worth
// 1 once the race is done, 0 before.
struct RaceWorld {
  int steps = 0, plies = 0;
};

struct RaceGame {
  using World = RaceWorld;
  static constexpr int kMaxActions = 4;
  static constexpr std::uint32_t kStep = 1, kIdle = 2;
  static constexpr int kLength = 6;
  static bool over(const World& w) { return w.steps >= kLength || w.plies >= 100; }
  static bool is_chance(const World&) { return false; }
  static int player(const World& w) { return w.plies % 2; }
  static int legal(World&, std::uint32_t* keys) {
    keys[0] = kStep;
    keys[1] = kIdle;
    return 2;
  }
  static void apply(World& w, std::uint32_t key) {
    ++w.plies;
    w.steps += key == kStep;
  }
  static std::uint32_t sample_chance(const World&, Rng&) { return 0; }
  static void no_moves(World&) {}
  static double value(const World& w, const Params&) { return w.steps >= kLength ? 1.0 : 0.0; }
  static void policy(World&, const std::uint32_t* keys, int n, double* probs, const Params&) {
    for (int i = 0; i < n; ++i) probs[i] = keys[i] == kStep ? 1.0 : 0.0;
  }
};

double race_value(int policy_plies) {
  Params p;
  p.policy_plies = policy_plies;
  p.max_depth = 1;  // the root only: every value comes from the play-out
  const std::vector<std::uint32_t> root = {RaceGame::kStep};
  std::atomic<bool> stop{false};
  const SearchResult r = run_search<RaceGame>(
      p, Budget{0, 200, 0}, root, RaceWorld{}, [](int, Rng&, RaceWorld& w) { w = {}; }, stop);
  return mean_of(r, RaceGame::kStep);
}

TEST(SearchPolicy, PolicyPliesPlayOutTheLeaf) {
  EXPECT_EQ(race_value(0), 0.0);                      // valued as it stands after one step
  EXPECT_EQ(race_value(RaceGame::kLength - 2), 0.0);  // one step short
  EXPECT_EQ(race_value(RaceGame::kLength - 1), 1.0);  // the policy finishes the race
}

}  // namespace
}  // namespace stratego::search
