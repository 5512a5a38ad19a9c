// `alphabeta` for Stratego Waterloo: perfect-information Monte Carlo over the expectimax of
// search/expectimax.h. `worlds` determinizations drawn from the searcher's belief
// (eval/waterloo_posterior.h: hidden strengths, the enemy's retreat sector, the Prussian pool),
// each searched by iterative deepening as if every piece were known, with the game's own chance
// events as chance nodes: the combat die of equal fights (W-5.4, W-5.5: six faces of 1/6), the
// Prussian draws (W-9.2), the W-14.2 roll and the retreat cards (W-11.1). A turn is several
// actions long, so a node maximises or minimises by who decides there (current_player()),
// not by alternation.
//
// The root actions are the request's, matched in each world by what they do
// (heuristic/waterloo_action_info.h): a place action's key names one of several interchangeable
// reserve units, which one depending on the world. World i is drawn with its own seed and
// searched on thread i mod threads with the thread's transposition table emptied for it, a
// node budget shared equally among the worlds, so a decision with a fixed seed and node budget
// is the same for any thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/waterloo/state.h"
#include "heuristic/waterloo_action_info.h"
#include "search/expectimax.h"
#include "search/expectimax_table.h"
#include "search/pimc.h"

namespace stratego::search {

// Waterloo as search/expectimax.h searches it: a world with its undo history.
struct WaterlooExpectimaxGame {
  using World = waterloo::WaterlooState;
  using Action = waterloo::Action;
  using ActionList = waterloo::ActionList;

  static bool over(const World& w) { return w.over(); }
  static bool is_chance(const World& w) { return w.is_chance(); }
  static bool red_decides(const World& w) { return w.current_player() == kRed; }
  static void legal(const World& w, ActionList& list) { w.legal_actions(list); }
  static int chance(const World& w, Action* out, double* prob, int capacity) {
    return w.chance_outcomes(out, prob, capacity);
  }
  static void apply(World& w, Action a) { w.apply_unchecked(a); }
  static void undo(World& w) { w.undo(); }
  static std::uint32_t key(Action a) { return a.raw(); }
  // Every field of the world's Core that play changes (units, board, phase, who decides,
  // actions used, cards, the melee, ...), mixed 64 bits at a time.
  static std::uint64_t hash(const World& w);
  // Red's win probability: eval/waterloo_evaluation's, a finished game's drawn towards 1/2 by
  // 1/10,000 a ply.
  static double value(const World& w, int ply);
  // Fire and attacks the world says win first (the dearer victim first), then even fights (the
  // die), cards, placing; quiet moves by history; ending the turn, taking off and attacks the
  // world says lose last.
  static int order(const World& w, Action a);
};

struct WaterlooPimcParams {
  ExpectimaxParams search;
  int worlds = 8;
  int threads = 1;
  std::size_t tt_bytes = std::size_t(32) << 20;  // per thread; 0: no transposition table
  bool votes = false;  // choose by worlds won (true) or by summed values (false)
  std::uint64_t seed = 1;
};

struct WaterlooRootScore {
  double value_sum = 0;  // the searcher's win probability summed over the worlds searched
  int worlds = 0;        // worlds in which the action was legal and searched
  int votes = 0;         // worlds in which it was the best
  double mean() const { return worlds > 0 ? value_sum / worlds : 0; }
};

struct WaterlooPimcResult {
  int best = 0;                         // index into the root actions
  std::vector<WaterlooRootScore> root;  // in the order of the root actions
  std::uint64_t nodes = 0;
  int worlds = 0;
  int min_depth = 0, max_depth = 0;
  double seconds = 0;
  double win_probability = 0.5;  // the chosen action's mean value
};

// sample(world_index, world): overwrites world with the world_index-th determinization;
// called from the threads concurrently.
using WaterlooWorldSampler = std::function<void(int world_index, waterloo::WaterlooState& world)>;

// The threads' transposition tables, kept by their owner (a bot) from one decision to the next:
// allocated once (zeroed pages come from the system as they are first written), emptied for
// each world.
struct WaterlooTables {
  std::vector<std::unique_ptr<ExpectimaxTable>> tables;
  std::size_t bytes = 0;
};

// root: what each of the searcher's legal actions does (the request's order); prototype: any
// world of the decision (copied once per thread, then overwritten by sample).
WaterlooPimcResult run_waterloo_pimc(const WaterlooPimcParams& p, const PimcBudget& budget,
                                     const std::vector<heuristic::wrules::ActionInfo>& root,
                                     const waterloo::WaterlooState& prototype,
                                     const WaterlooWorldSampler& sample,
                                     const std::atomic<bool>& stop, WaterlooTables& tables);

}  // namespace stratego::search
