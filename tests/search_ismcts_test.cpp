// ISMCTS on positions where the answer is known, with full information (every piece
// revealed, so the only world is the position itself): the search must find the move,
// be reproducible with a fixed seed, respect its budgets, and add up its threads.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "search/classic_search_game.h"
#include "search/run_search.h"
#include "search/settled_stop.h"
#include "support/position_builder.h"

namespace stratego::search {
namespace {

using test_support::position;
constexpr std::uint8_t kShown = kRevealedFlag | kMovedFlag;

std::vector<std::uint32_t> root_keys(State& s) {
  std::vector<std::uint32_t> keys(ClassicSearchGame::kMaxActions);
  keys.resize(std::size_t(ClassicSearchGame::legal(s, keys.data())));
  return keys;
}

SearchResult search(const State& s, Params p, Budget b, std::span<const double> prior = {}) {
  State copy = s;
  const auto keys = root_keys(copy);
  std::atomic<bool> stop{false};
  return run_search<ClassicSearchGame>(
      p, b, keys, s, [&](int, Rng&, State& w) { w = s; }, stop, {}, prior);
}

// A prior that puts `share` on the root move named `text` and spreads the rest evenly.
std::vector<double> prior_on(const State& s, const std::string& text, double share) {
  State copy = s;
  const auto keys = root_keys(copy);
  std::vector<double> prior(keys.size(), (1 - share) / double(keys.size() - 1));
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (test_support::move_text(s, Move::from_raw(std::uint16_t(keys[i]))) == text)
      prior[i] = share;
  return prior;
}

std::string best_text(const State& s, const SearchResult& r) {
  return test_support::move_text(s, Move::from_raw(std::uint16_t(r.best)));
}

// Red's Lieutenant next to the Blue flag; Blue's Marshal is far away.
State flag_in_one() {
  return position("classic", {{"e5", kRed, kLieutenant, kShown},
                              {"a1", kRed, kFlag},
                              {"b1", kRed, kScout, kShown},
                              {"e6", kBlue, kFlag, kRevealedFlag},
                              {"j10", kBlue, kMarshal, kShown},
                              {"h9", kBlue, kScout, kShown}});
}

TEST(SearchIsmcts, FindsTheFlagCaptureInOne) {
  const State s = flag_in_one();
  const SearchResult r = search(s, Params{}, Budget{0, 3000, 0});
  EXPECT_EQ(best_text(s, r), "e5-e6");
  EXPECT_GT(r.win_probability, 0.9);
}

TEST(SearchIsmcts, ValuesOverruleAPriorOnABadMove) {
  // Nearly all the prior on a Scout move; the flag capture still wins the visits.
  const State s = flag_in_one();
  const auto prior = prior_on(s, "b1-b2", 0.95);
  const SearchResult r = search(s, Params{}, Budget{0, 3000, 0}, prior);
  EXPECT_EQ(best_text(s, r), "e5-e6");
}

TEST(SearchIsmcts, APriorSteersAShortSearchButNotALongOne) {
  // With the prior on the Lieutenant's retreat e5-e4, a search of 20 iterations spends them
  // there; a longer one tries the others and finds the flag capture.
  const State s = flag_in_one();
  Params p;
  p.prior_weight = 1.0;
  const auto prior = prior_on(s, "e5-e4", 0.9);
  const SearchResult few = search(s, p, Budget{0, 20, 0}, prior);
  EXPECT_EQ(best_text(s, few), "e5-e4");  // too few iterations to find out otherwise
  const SearchResult many = search(s, p, Budget{0, 3000, 0}, prior);
  EXPECT_EQ(best_text(s, many), "e5-e6");
}

TEST(SearchIsmcts, SpyTakesTheKnownMarshal) {
  // Red to move: the Spy on e3 can take the Marshal on e4 (C-5.3); anything else lets the
  // Marshal take the Spy or walk on.
  const State s = position("classic", {{"e3", kRed, kSpy, kShown},
                                       {"d3", kRed, kGeneral, kShown},
                                       {"a1", kRed, kFlag},
                                       {"e4", kBlue, kMarshal, kShown},
                                       {"j10", kBlue, kFlag},
                                       {"j9", kBlue, kColonel, kShown}});
  const SearchResult r = search(s, Params{}, Budget{0, 4000, 0});
  EXPECT_EQ(best_text(s, r), "e3-e4");
}

TEST(SearchIsmcts, SameSeedSameSearch) {
  const State s = flag_in_one();
  Params p;
  p.seed = 7;
  p.playout_plies = 4;
  const SearchResult a = search(s, p, Budget{0, 2000, 0});
  const SearchResult b = search(s, p, Budget{0, 2000, 0});
  ASSERT_EQ(a.root.size(), b.root.size());
  for (std::size_t i = 0; i < a.root.size(); ++i) {
    EXPECT_EQ(a.root[i].key, b.root[i].key);
    EXPECT_EQ(a.root[i].visits, b.root[i].visits);
    EXPECT_DOUBLE_EQ(a.root[i].reward, b.root[i].reward);
  }
  EXPECT_EQ(a.nodes, b.nodes);
  p.seed = 8;
  const SearchResult c = search(s, p, Budget{0, 2000, 0});
  EXPECT_NE(a.nodes, c.nodes);  // another seed explores differently
}

TEST(SearchIsmcts, TwoThreadsShareTheIterationBudgetReproducibly) {
  const State s = flag_in_one();
  Params p;
  p.threads = 2;
  const SearchResult a = search(s, p, Budget{0, 1001, 0});
  const SearchResult b = search(s, p, Budget{0, 1001, 0});
  EXPECT_EQ(a.iterations, 1001u);
  EXPECT_EQ(a.nodes, b.nodes);
  std::uint64_t visits = 0;
  for (const RootStat& st : a.root) visits += st.visits;
  EXPECT_EQ(visits, 1001u);
  EXPECT_EQ(best_text(s, a), "e5-e6");
}

TEST(SearchIsmcts, FewerIterationsThanThreadsStillEnds) {
  // Thread 1's share of one iteration is none: it must stop at once, not run unbounded.
  const State s = flag_in_one();
  Params p;
  p.threads = 2;
  const SearchResult r = search(s, p, Budget{0, 1, 0});
  EXPECT_EQ(r.iterations, 1u);
}

TEST(SearchIsmcts, AFullNodePoolStillGivesALegalMove) {
  const State s = flag_in_one();
  Params p;
  p.max_nodes = 8;
  const SearchResult r = search(s, p, Budget{0, 500, 0});
  State copy = s;
  const auto keys = root_keys(copy);
  EXPECT_NE(std::find(keys.begin(), keys.end(), r.best), keys.end());
  EXPECT_EQ(r.iterations, 500u);
}

TEST(SearchIsmcts, StopEndsTheSearchAtOnce) {
  const State s = flag_in_one();
  State copy = s;
  const auto keys = root_keys(copy);
  std::atomic<bool> stop{true};
  const auto start = std::chrono::steady_clock::now();
  const SearchResult r = run_search<ClassicSearchGame>(
      Params{}, Budget{}, keys, s, [&](int, Rng&, State& w) { w = s; }, stop);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
  EXPECT_EQ(r.iterations, 0u);
  EXPECT_EQ(r.best, keys.front());
}

TEST(SearchIsmcts, TimeBudgetIsKept) {
  const State s = flag_in_one();
  const SearchResult r = search(s, Params{}, Budget{100, 0, 0});
  EXPECT_GE(r.seconds, 0.09);
  EXPECT_LT(r.seconds, 0.5);
  EXPECT_GT(r.iterations, 0u);
}

TEST(SearchIsmcts, SettledArithmetic) {
  // One thread, two actions, 1,100 iterations: a lead of 900 is safe only when fewer than
  // 900 more can come (1.25 x the rate so far over the time left, plus one period).
  SettledStop s(1, 2, 64);
  const std::uint64_t visits[] = {1000, 100};
  s.publish(0, visits);
  EXPECT_FALSE(s.settled(1100, 0.05, 1.0));  // before a tenth of the time: never
  EXPECT_FALSE(s.settled(1100, 0.5, 1.0));   // about 1,439 more could come
  EXPECT_TRUE(s.settled(1100, 0.9, 1.0));    // about 217 more
  const std::uint64_t close[] = {560, 540};
  s.publish(0, close);
  EXPECT_FALSE(s.settled(1100, 0.99, 1.0));  // a lead of 20 is inside the unpublished period
}

TEST(SearchIsmcts, SettledArithmeticAddsUpTheThreads) {
  // Each thread alone leads with a different action; together the first leads by 400.
  SettledStop s(2, 2, 64);
  const std::uint64_t a[] = {700, 500}, b[] = {400, 200};
  s.publish(0, a);
  s.publish(1, b);
  EXPECT_TRUE(s.settled(1800, 0.95, 1.0));   // about 118 + 128 more could come
  EXPECT_FALSE(s.settled(1800, 0.75, 1.0));  // about 750 + 128
}

TEST(SearchIsmcts, ASettledTimedSearchEndsEarlyWithTheSameMove) {
  const State s = flag_in_one();
  Budget b{1000, 0, 0};
  b.stop_when_settled = true;
  Params two;
  two.threads = 2;  // the threads' published visits are added up
  const SearchResult r = search(s, two, b);
  EXPECT_TRUE(r.settled);
  EXPECT_LT(r.seconds, 0.8);  // the capture leads so far that it settles at about half time
  EXPECT_EQ(best_text(s, r), "e5-e6");
  const SearchResult full = search(s, Params{}, Budget{300, 0, 0});
  EXPECT_FALSE(full.settled);
  EXPECT_GE(full.seconds, 0.29);
  EXPECT_EQ(best_text(s, full), "e5-e6");
}

TEST(SearchIsmcts, AnIterationBudgetIsKeptEvenWhenSettled) {
  const State s = flag_in_one();
  Budget b{0, 3000, 0};
  b.stop_when_settled = true;  // applies to timed searches only
  const SearchResult r = search(s, Params{}, b);
  EXPECT_FALSE(r.settled);
  EXPECT_EQ(r.iterations, 3000u);
}

}  // namespace
}  // namespace stratego::search
