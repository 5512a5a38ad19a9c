// `alphabeta` in Stratego Waterloo: the expectimax of search/expectimax.h on Waterloo worlds
// (search/waterloo_expectimax.h) held to a slow, obvious expectimax of the same definition (no
// pruning, no ordering: every decision maximised or minimised by who decides, every chance event
// averaged with the engine's probabilities, a decision costing a ply and a chance event none),
// with and without the Star1 and Star2 pruning, on built and random small positions: the same
// value and the same best action. The die's chance node has the rules' six faces of 1/6; the
// bot plays whole Waterloo games legally against `random` through the referee.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>

#include "bots/alphabeta_bot.h"
#include "bots/random_bot.h"
#include "bots/search_position.h"
#include "engine/error.h"
#include "engine/variant_loader.h"
#include "referee/referee.h"
#include "search/expectimax.h"
#include "search/expectimax_table.h"
#include "search/waterloo_expectimax.h"
#include "tests/support/waterloo_play.h"
#include "tests/support/waterloo_position.h"

namespace stratego::search::waterloo_alphabeta_test {

using waterloo::Action;
using waterloo::ActionList;
using waterloo::ActionType;
using waterloo::DieFace;
using waterloo::Phase;
using waterloo::WaterlooState;
using waterloo::testing::Position;
using UC = waterloo::UnitClass;
using G = WaterlooExpectimaxGame;

// --- the slow, obvious expectimax -------------------------------------------------------

struct Slow {
  std::int64_t nodes = 0, chance_nodes = 0;

  double value(WaterlooState& w, int depth, int ply) {
    if (w.over()) return G::value(w, ply);
    if (w.is_chance()) {
      ++chance_nodes;
      double sum = 0;
      for (const auto& [a, p] : w.chance_outcomes()) {
        w.apply(a);
        ++nodes;
        sum += p * value(w, depth, ply + 1);
        w.undo();
      }
      return sum;
    }
    if (depth <= 0) return G::value(w, ply);
    ActionList list;
    w.legal_actions(list);
    const bool red = w.current_player() == kRed;
    double best = red ? -1 : 2;
    for (Action a : list) {
      w.apply(a);
      ++nodes;
      const double v = value(w, depth - 1, ply + 1);
      w.undo();
      best = red ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
};

// A hand-built Standard position with equal fights to hand: the French to act (turn 1).
WaterlooState fights() {
  Position p("waterloo-standard");
  p.french(UC::kCommanderInChief, 0, "a1");
  p.french(UC::kCommander, 5, "c1");
  p.french(UC::kInfantry, 3, "e4");
  p.french(UC::kLightCavalry, 2, "g4");
  p.french(UC::kLightInfantry, 2, "i4");
  p.allied(UC::kCommanderInChief, 0, "l10");
  p.allied(UC::kCommander, 5, "j10");
  p.allied(UC::kInfantry, 3, "e5");
  p.allied(UC::kInfantry, 3, "e6");  // a "+" from e5 goes on into e6
  p.allied(UC::kLightCavalry, 2, "g6");
  p.allied(UC::kLightInfantry, 1, "i5");
  p.s.begin_turn(1, kBlue);
  return p.s;
}

// A random Basic or Standard position: `steps` steps of a seeded random game, on to the next
// decision.
WaterlooState random_position(const std::string& spec, std::uint64_t seed, int steps) {
  WaterlooState s(waterloo::testing::load(spec));
  Rng rng(seed);
  ActionList list;
  for (int i = 0; i < steps && !s.over(); ++i) waterloo::testing::random_step(s, rng, list);
  while (!s.over() && (s.is_chance() || s.phase() == Phase::kSetup))
    waterloo::testing::random_step(s, rng, list);
  return s;
}

struct Searched {
  double value = 0;
  std::uint64_t nodes = 0;
};

Searched fast_value(WaterlooState w, int depth, ChancePruning pruning, bool alpha_beta = true) {
  ExpectimaxParams p;
  p.pruning = pruning;
  p.alpha_beta = alpha_beta;
  Expectimax<G> search(p);
  const double v = search.value(w, depth);
  return {v, search.nodes()};
}

// Every pruning gives the slow search's value, at the root with the full window, on the built
// position (depth 3: the die and a "+" chain inside) and on random Basic and Standard
// positions (depth 2); the pruned searches visit fewer nodes than the unpruned one.
TEST(WaterlooExpectimax, W_5_5_SameValueAsTheSlowExpectimaxWithAndWithoutStarPruning) {
  struct Case {
    WaterlooState s;
    int depth;
  };
  std::vector<Case> cases;
  cases.push_back({fights(), 3});
  for (std::uint64_t seed : {1, 2, 3})
    cases.push_back({random_position("waterloo-basic", seed, 30 + 15 * int(seed)), 2});
  for (std::uint64_t seed : {4, 5})
    cases.push_back({random_position("waterloo-standard", seed, 60 + 40 * int(seed)), 2});
  std::int64_t chance_nodes = 0;
  std::uint64_t plain_nodes = 0, star1_nodes = 0, star2_nodes = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    WaterlooState& s = cases[i].s;
    ASSERT_FALSE(s.over()) << i;
    Slow slow;
    WaterlooState copy = s;
    const double want = slow.value(copy, cases[i].depth, 0);
    chance_nodes += slow.chance_nodes;
    const Searched none = fast_value(s, cases[i].depth, ChancePruning::kNone, false);
    const Searched ab = fast_value(s, cases[i].depth, ChancePruning::kNone);
    const Searched star1 = fast_value(s, cases[i].depth, ChancePruning::kStar1);
    const Searched star2 = fast_value(s, cases[i].depth, ChancePruning::kStar2);
    EXPECT_NEAR(none.value, want, 1e-12) << "case " << i;
    EXPECT_NEAR(ab.value, want, 1e-12) << "case " << i;
    EXPECT_NEAR(star1.value, want, 1e-12) << "case " << i;
    EXPECT_NEAR(star2.value, want, 1e-12) << "case " << i;
    EXPECT_EQ(std::int64_t(none.nodes), slow.nodes) << "no pruning visits every node, case " << i;
    plain_nodes += ab.nodes;
    star1_nodes += star1.nodes;
    star2_nodes += star2.nodes;
  }
  EXPECT_GT(chance_nodes, 10) << "the positions must reach the die";
  std::cout << "nodes: alpha-beta " << plain_nodes << ", Star1 " << star1_nodes << ", Star2 "
            << star2_nodes << "\n";
  EXPECT_LT(star1_nodes, plain_nodes);
  EXPECT_LT(star2_nodes, plain_nodes);
}

// The root's choice: the best action of the pruned search is one whose slow value is the best
// value, and the value it reports for it is that value.
TEST(WaterlooExpectimax, W_5_4_SameBestActionAsTheSlowExpectimax) {
  std::vector<WaterlooState> positions = {fights(), random_position("waterloo-basic", 7, 90),
                                          random_position("waterloo-standard", 8, 150)};
  for (std::size_t i = 0; i < positions.size(); ++i) {
    WaterlooState& s = positions[i];
    const int depth = i == 0 ? 3 : 2;
    ActionList list;
    s.legal_actions(list);
    std::vector<Action> root(list.begin(), list.end());
    const bool red = s.current_player() == kRed;
    std::vector<double> slow_values;
    double best = -1;
    for (Action a : root) {
      WaterlooState c = s;
      c.apply(a);
      Slow slow;
      const double v = slow.value(c, depth - 1, 1);
      slow_values.push_back(red ? v : 1 - v);
      best = std::max(best, slow_values.back());
    }
    for (ChancePruning pr : {ChancePruning::kNone, ChancePruning::kStar1, ChancePruning::kStar2}) {
      ExpectimaxParams p;
      p.pruning = pr;
      p.max_depth = depth;
      p.root_margin = 0;
      Expectimax<G> search(p);
      WaterlooState w = s;
      const ExpectimaxResult r = search.search(w, root, WorldLimits{});
      ASSERT_EQ(r.depth, depth) << i;
      EXPECT_NEAR(slow_values[std::size_t(r.best)], best, 1e-12) << "case " << i;
      EXPECT_NEAR(r.values[std::size_t(r.best)], best, 1e-12) << "case " << i;
      EXPECT_TRUE(w == s) << "the world is given back as it was";
    }
  }
}

// The hash is the position's: the same two moves in either order give the same hash, and it
// changes with the moves, the actions used and who decides.
TEST(WaterlooExpectimax, HashIsThePositionsWhateverTheOrderOfTheActions) {
  WaterlooState s = fights();
  Position p("waterloo-standard");
  const Action a = Action::move(p.sq("c1"), p.sq("c2")), b = Action::move(p.sq("i4"), p.sq("h4"));
  const std::uint64_t h0 = G::hash(s);
  WaterlooState x = s, y = s;
  x.apply(a);
  EXPECT_NE(G::hash(x), h0);
  x.apply(b);
  y.apply(b);
  EXPECT_NE(G::hash(y), G::hash(s));
  y.apply(a);
  EXPECT_TRUE(x == y);
  EXPECT_EQ(G::hash(x), G::hash(y));
  x.undo();
  x.undo();
  EXPECT_EQ(G::hash(x), h0);
  WaterlooState z = s;
  z.apply(Action::make(ActionType::kEndTurn));
  EXPECT_NE(G::hash(z), h0);
}

// With the transposition table, depth 2 changes no value (positions met again are met at the
// same remaining depth), and at depth 3 the table saves nodes and keeps the best value.
TEST(WaterlooExpectimax, TheTableChangesNoValueAndSavesNodes) {
  ExpectimaxTable table(std::size_t(1) << 20);
  std::vector<WaterlooState> positions = {fights(), random_position("waterloo-basic", 7, 90),
                                          random_position("waterloo-standard", 8, 150)};
  for (std::size_t i = 0; i < positions.size(); ++i) {
    WaterlooState& s = positions[i];
    ActionList list;
    s.legal_actions(list);
    std::vector<Action> root(list.begin(), list.end());
    for (int depth : {2, 3}) {
      ExpectimaxParams p;
      p.max_depth = depth;
      p.root_margin = 0;
      Expectimax<G> plain(p), tabled(p, &table);
      WaterlooState w1 = s, w2 = s;
      const ExpectimaxResult a = plain.search(w1, root, WorldLimits{});
      const ExpectimaxResult b = tabled.search(w2, root, WorldLimits{});
      if (depth == 2) {
        EXPECT_NEAR(b.values[std::size_t(b.best)], a.values[std::size_t(a.best)], 1e-12) << i;
      } else if (i == 0) {
        EXPECT_LT(b.nodes, a.nodes) << "transpositions within the turn";
      }
      EXPECT_TRUE(w2 == s);
    }
  }
}

// The die's chance node: six faces, each 1/6, summing to 1 (W-5.5), at an equal fight (W-5.4);
// the search's value there is their probability-weighted mean.
TEST(WaterlooExpectimax, W_5_5_TheDieNodeHasSixFacesOfOneSixth) {
  WaterlooState s = fights();
  Position p("waterloo-standard");
  s.apply(Action::move(p.sq("e4"), p.sq("e5"), kNorth));
  ASSERT_TRUE(s.is_chance());
  ASSERT_EQ(s.phase(), Phase::kDie);
  Action out[kMaxChanceOutcomes];
  double prob[kMaxChanceOutcomes];
  const int n = G::chance(s, out, prob, kMaxChanceOutcomes);
  ASSERT_EQ(n, waterloo::kNumDieFaces);
  double sum = 0, mean = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(out[i].type(), ActionType::kDie);
    EXPECT_EQ(out[i].extra(), i) << "face " << i;
    EXPECT_NEAR(prob[i], 1.0 / 6, 1e-15);
    sum += prob[i];
    WaterlooState c = s;
    c.apply(out[i]);
    mean += prob[i] * Expectimax<G>(ExpectimaxParams{}).value(c, 1);
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  for (ChancePruning pr : {ChancePruning::kNone, ChancePruning::kStar1, ChancePruning::kStar2})
    EXPECT_NEAR(fast_value(s, 1, pr).value, mean, 1e-12);
}

// W-9.2: the Prussian draws' outcomes are weighted by the pool's counts and sum to 1.
TEST(WaterlooExpectimax, W_9_2_PrussianDrawProbabilitiesSumToOne) {
  WaterlooState s = random_position("waterloo-standard", 3, 30);
  Rng rng(3);
  ActionList list;
  bool seen = false;
  for (int i = 0; i < 20000 && !s.over() && !seen; ++i) {
    if (s.phase() == Phase::kPrussianDraw) {
      seen = true;
      Action out[kMaxChanceOutcomes];
      double prob[kMaxChanceOutcomes];
      const int n = G::chance(s, out, prob, kMaxChanceOutcomes);
      ASSERT_GT(n, 1);
      ASSERT_LE(n, kMaxChanceOutcomes);
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += prob[j];
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
    waterloo::testing::random_step(s, rng, list);
  }
  EXPECT_TRUE(seen) << "no Prussian draw in the game";
}

// --- the bot ------------------------------------------------------------------------------

// The same seed and node budget: the same decision and node count, with 1 or 2 threads (each
// world has its own seed and an emptied table).
TEST(WaterlooAlphaBetaBot, SameSeedSameDecisionWithOneOrTwoThreads) {
  auto decide = [](const std::string& star, int threads = 1) {
    bots::PrimedSearch primed({"waterloo-standard", 8, 200}, threads, "alphabeta");
    primed.searcher().set_option("star", star);
    bots::Limits l;
    l.nodes = 20000;
    return primed.search(l);
  };
  const bots::SearchOutcome a = decide("star2"), b = decide("star2"), c = decide("none"),
                            d = decide("star2", 2);
  EXPECT_EQ(a.action, b.action);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.action, d.action);
  EXPECT_EQ(a.nodes, d.nodes);
  EXPECT_GT(a.nodes, 0);
  EXPECT_NE(c.nodes, 0);
}

// Whole games against `random` in Basic and Standard, the bot on each side, on a small node
// budget: the referee never books an illegal action or a crash.
TEST(WaterlooAlphaBetaBot, PlaysWholeBasicAndStandardGamesLegally) {
  for (const std::string spec : {"waterloo-basic", "waterloo-standard"}) {
    for (Side ab_side : {kRed, kBlue}) {
      bots::AlphaBetaBot ab;
      ab.set_option("nodes", "600");
      ab.set_option("worlds", "2");
      bots::RandomBot rnd;
      referee::GameSettings s;
      s.variant = std::make_shared<const Variant>(load_variant(spec));
      s.variant_spec = spec;
      s.seed = 31 + ab_side;
      const referee::GameOutcome o =
          ab_side == kRed ? referee::play_game(ab, rnd, s) : referee::play_game(rnd, ab, s);
      EXPECT_NE(o.reason, "illegal-action") << spec << ": " << o.detail;
      EXPECT_NE(o.reason, "crash") << spec << ": " << o.detail;
      EXPECT_NE(o.reason, "protocol-error") << spec << ": " << o.detail;
      EXPECT_GT(o.decisions, 10) << spec;
    }
  }
}

TEST(WaterlooAlphaBetaBot, RejectsABadStarOption) {
  bots::AlphaBetaBot ab;
  EXPECT_THROW(ab.set_option("star", "star3"), InputError);
  EXPECT_NO_THROW(ab.set_option("star", "star1"));
}

}  // namespace stratego::search::waterloo_alphabeta_test
