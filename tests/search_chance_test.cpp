// The search's chance nodes on a tiny game whose best action is known exactly and depends
// only on a die's probabilities: Red either takes a sure 0.6, or rolls a six-sided die and
// wins on the faces listed (loses otherwise). With two winning faces the gamble is worth 1/3
// and the sure thing is best; with five it is worth 5/6 and the gamble is best. The die is
// weighted like the Waterloo combat die (W-5.5): outcomes come with their probabilities.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "search/run_search.h"
#include "support/root_stats.h"

namespace stratego::search {
namespace {

struct DieWorld {
  int stage = 0;         // 0 Red decides, 1 the die, 2 over
  double red_value = 0;  // when over
  int winning_faces = 0;
};

struct DieGame {
  using World = DieWorld;
  static constexpr int kMaxActions = 8;
  static constexpr std::uint32_t kSure = 1, kGamble = 2;
  static bool over(const World& w) { return w.stage == 2; }
  static bool is_chance(const World& w) { return w.stage == 1; }
  static int player(const World&) { return 0; }
  static int legal(World&, std::uint32_t* keys) {
    keys[0] = kSure;
    keys[1] = kGamble;
    return 2;
  }
  static void apply(World& w, std::uint32_t key) {
    if (w.stage == 0 && key == kSure) {
      w.stage = 2;
      w.red_value = 0.6;
    } else if (w.stage == 0) {
      w.stage = 1;
    } else {  // a face 0..5
      w.stage = 2;
      w.red_value = int(key) < w.winning_faces ? 1.0 : 0.0;
    }
  }
  static std::uint32_t sample_chance(const World&, Rng& rng) { return rng.below(6); }
  static void no_moves(World&) {}
  static double value(const World& w, const Params&) { return w.red_value; }
};

SearchResult search_die(int winning_faces) {
  DieWorld start;
  start.winning_faces = winning_faces;
  const std::vector<std::uint32_t> root = {DieGame::kSure, DieGame::kGamble};
  std::atomic<bool> stop{false};
  return run_search<DieGame>(
      Params{}, Budget{0, 4000, 0}, root, start, [&](int, Rng&, DieWorld& w) { w = start; }, stop);
}

TEST(SearchChance, TakesTheSureThingWhenTheDieIsAgainstIt) {
  const SearchResult r = search_die(2);
  EXPECT_EQ(r.best, DieGame::kSure);
  EXPECT_LT(mean_of(r, DieGame::kGamble), 0.6);  // few visits: only its side of 0.6 is sure
}

TEST(SearchChance, GamblesWhenTheDieFavoursIt) {
  const SearchResult r = search_die(5);
  EXPECT_EQ(r.best, DieGame::kGamble);
  EXPECT_NEAR(mean_of(r, DieGame::kGamble), 5.0 / 6, 0.05);
}

}  // namespace
}  // namespace stratego::search
