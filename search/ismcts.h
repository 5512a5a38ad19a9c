// Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012) over one tree
// per thread. Each iteration starts from a determinization -- a full world drawn from the
// searching player's belief -- and descends the tree choosing, among the actions legal in
// that world, by ISUCT: mean + c * sqrt(ln(availability) / visits), where availability
// counts the visits of the parent in which the action was legal (actions come and go
// between worlds: hidden pieces, Waterloo cavalry lines, cards). Chance events (the combat
// die, Prussian draws) are explicit nodes: an outcome is drawn with its probability and
// followed, so their statistics average over the die. A new leaf is valued by play-out plies
// (by the game's heuristic policy, if it has one, then random) and then the game's static
// evaluation, a win probability in [0, 1].
//
// Game is a traits class (search/classic_search_game.h, search/waterloo_search_game.h) with:
//   using World;                          the full state the search plays in
//   static bool over(const World&);
//   static bool is_chance(const World&);
//   static int player(const World&);      the side that decides
//   static int legal(World&, std::uint32_t* keys);     fills keys, returns the count
//   static void apply(World&, std::uint32_t key);
//   static std::uint32_t sample_chance(const World&, Rng&);
//   static double value(const World&, const Params&);  Red's win probability in [0, 1]
//   static void no_moves(World&);                      the decider has no action (C-7.2)
//   static constexpr int kMaxActions;
// and optionally a heuristic policy, to model the opponent instead of searching its choices
// and to play out leaves:
//   static void policy(World&, const std::uint32_t* keys, int n, double* probs,
//                      const Params&);   the decider's likely choices among keys (sum 1)
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/rng.h"
#include "search/action_set.h"
#include "search/node_pool.h"
#include "search/params.h"

namespace stratego::search {

// A game whose traits can say how a player is likely to choose from its own view
// (search/README.md, "The heuristic policy").
template <class Game>
concept HasPolicy = requires(typename Game::World& w, const std::uint32_t* keys, double* probs,
                             const Params& p) {
  Game::policy(w, keys, 0, probs, p);
};

// A root action's statistics, what a search reports and root-parallel threads add up.
struct RootStat {
  std::uint32_t key = 0;
  std::uint64_t visits = 0;
  double reward = 0;  // summed value for the searching side
};

template <class Game>
class Tree {
 public:
  using World = typename Game::World;

  Tree(const Params& p, std::uint64_t seed)
      : params_(p), rng_(seed), pool_(p.max_nodes), set_(action_set_size()) {
    keys_.resize(Game::kMaxActions);
    if constexpr (HasPolicy<Game>) probs_.resize(Game::kMaxActions);
  }

  // A fresh tree whose root actions are `root` (the decider's legal actions, as keys), with
  // an optional prior over them (same order, summing to 1; empty: none).
  void reset(std::span<const std::uint32_t> root, std::span<const double> prior = {}) {
    pool_.clear();
    pool_.add(0, 2);
    root_.assign(root.begin(), root.end());
    prior_.assign(prior.begin(), prior.end());
    root_children_.clear();
  }

  // One iteration in `world` (consumed). Returns the nodes it visited, root included.
  int iterate(World& world) {
    draw_style();
    path_.clear();
    std::uint32_t node = 0;
    path_.push_back(node);
    bool expanded = false;
    int depth = 0;
    while (!expanded && !Game::over(world) &&
           (params_.max_depth == 0 || depth < params_.max_depth)) {
      if (Game::is_chance(world)) {
        const std::uint32_t key = Game::sample_chance(world, rng_);
        Game::apply(world, key);
        node = child_or_add(node, key, 2, expanded);
        if (node == kNoNode) break;
        path_.push_back(node);
        continue;
      }
      const int p = Game::player(world);
      std::span<const std::uint32_t> legal;
      if (depth == 0) {
        legal = root_;
      } else {
        const int n = Game::legal(world, keys_.data());
        legal = std::span<const std::uint32_t>(keys_.data(), std::size_t(n));
      }
      if (depth == 0) root_player_ = p;
      ++depth;
      if (legal.empty()) {
        Game::no_moves(world);
        break;
      }
      if constexpr (HasPolicy<Game>) {
        if (p != root_player_ && params_.model_opponent) {
          // The opponent is modelled, not searched: its move is drawn from the model and
          // followed like a chance outcome.
          const std::uint32_t key = sample_policy(world, legal);
          Game::apply(world, key);
          node = child_or_add(node, key, std::uint8_t(p), expanded);
          if (node == kNoNode) break;
          path_.push_back(node);
          continue;
        }
      }
      const std::uint32_t next = depth == 1 && !prior_.empty() ? select_root(p, expanded)
                                                               : select(node, legal, p, expanded);
      const std::uint32_t key =
          next == kNoNode ? legal[rng_.below(std::uint32_t(legal.size()))] : pool_[next].action;
      Game::apply(world, key);
      if (next == kNoNode) break;  // the pool is full: value this world as it stands
      node = next;
      path_.push_back(node);
    }
    playout(world);
    const double red = Game::value(world, params_);
    for (std::size_t i = 1; i < path_.size(); ++i) {
      Node& n = pool_[path_[i]];
      ++n.visits;
      if (n.mover < 2) n.reward += float(n.mover == 0 ? red : 1.0 - red);
    }
    ++pool_[0].visits;
    return int(path_.size());
  }

  std::vector<RootStat> root_stats() const {
    std::vector<RootStat> out;
    for (std::uint32_t c = pool_[0].first_child; c != kNoNode; c = pool_[c].next_sibling)
      out.push_back(RootStat{pool_[c].action, pool_[c].visits, pool_[c].reward});
    return out;
  }
  // Visits of each root action, in the order of the root actions given to reset().
  void root_visits(std::span<std::uint64_t> out) const {
    std::fill(out.begin(), out.end(), 0);
    for (std::uint32_t c = pool_[0].first_child; c != kNoNode; c = pool_[c].next_sibling) {
      const auto i =
          std::size_t(std::find(root_.begin(), root_.end(), pool_[c].action) - root_.begin());
      if (i < out.size()) out[i] = pool_[c].visits;
    }
  }
  std::uint32_t nodes() const { return pool_.size(); }
  // The most visited line from the root, as keys (for `info pv`).
  std::vector<std::uint32_t> principal_line(int max_len) const {
    std::vector<std::uint32_t> line;
    std::uint32_t node = 0;
    while (int(line.size()) < max_len) {
      std::uint32_t best = kNoNode;
      for (std::uint32_t c = pool_[node].first_child; c != kNoNode; c = pool_[c].next_sibling)
        if (best == kNoNode || pool_[c].visits > pool_[best].visits) best = c;
      if (best == kNoNode || pool_[best].visits == 0) break;
      line.push_back(pool_[best].action);
      node = best;
    }
    return line;
  }

 private:
  static std::size_t action_set_size() {
    std::size_t n = 64;
    while (n < 2 * std::size_t(Game::kMaxActions)) n *= 2;
    return n;
  }

  // The child of `node` for key, created if missing (unless the pool is full: kNoNode).
  std::uint32_t child_or_add(std::uint32_t node, std::uint32_t key, std::uint8_t mover,
                             bool& expanded) {
    for (std::uint32_t c = pool_[node].first_child; c != kNoNode; c = pool_[c].next_sibling)
      if (pool_[c].action == key) return c;
    if (pool_.full()) return kNoNode;
    const std::uint32_t c = pool_.add(key, mover);
    pool_[c].next_sibling = pool_[node].first_child;
    pool_[node].first_child = c;
    expanded = true;
    return c;
  }

  // ISUCT over the children legal in this world; an untried legal action is expanded first
  // (chosen at random). kNoNode: nothing in the tree to follow and no room to grow.
  std::uint32_t select(std::uint32_t node, std::span<const std::uint32_t> legal, int player,
                       bool& expanded) {
    set_.clear();
    for (std::uint32_t k : legal) set_.insert(k);
    std::uint32_t best = kNoNode;
    double best_score = -1;
    std::uint32_t in_tree = 0;
    for (std::uint32_t c = pool_[node].first_child; c != kNoNode; c = pool_[c].next_sibling) {
      const std::int64_t slot = set_.find(pool_[c].action);
      if (slot < 0) continue;
      set_.child(std::uint32_t(slot)) = c;
      ++in_tree;
      Node& n = pool_[c];
      ++n.avail;
      const double score =
          n.visits == 0
              ? 1e9
              : double(n.reward) / double(n.visits) +
                    params_.exploration * std::sqrt(std::log(double(n.avail)) / double(n.visits));
      if (score > best_score) best_score = score, best = c;
    }
    if (in_tree < legal.size() && !pool_.full()) {
      // Pick the k-th untried action uniformly.
      std::uint32_t k = rng_.below(std::uint32_t(legal.size()) - in_tree);
      for (std::uint32_t key : legal) {
        const std::int64_t slot = set_.find(key);
        if (set_.child(std::uint32_t(slot)) != kNoNode) continue;
        if (k-- == 0) {
          set_.child(std::uint32_t(slot)) = 0;  // taken (guards against duplicate keys)
          const std::uint32_t c = pool_.add(key, std::uint8_t(player));
          pool_[c].avail = 1;
          pool_[c].next_sibling = pool_[node].first_child;
          pool_[node].first_child = c;
          expanded = true;
          return c;
        }
      }
    }
    return best;
  }

  // The root with a prior: PUCT (the rule of AlphaZero), mean + c * prior * sqrt(N) / (1 + n),
  // over every root action (all are legal in every world: they are the searcher's own). An
  // untried action is valued at the mean of those tried, so the prior decides the order in
  // which they are first tried and keeps steering visits towards the actions it likes
  // until their values prove otherwise.
  std::uint32_t select_root(int player, bool& expanded) {
    if (root_children_.empty()) {
      for (std::size_t i = 0; i < root_.size() && !pool_.full(); ++i) {
        const std::uint32_t c = pool_.add(root_[i], std::uint8_t(player));
        pool_[c].next_sibling = pool_[0].first_child;
        pool_[0].first_child = c;
        root_children_.push_back(c);
      }
    }
    double tried_reward = 0, tried_visits = 0;
    for (std::uint32_t c : root_children_)
      tried_reward += pool_[c].reward, tried_visits += pool_[c].visits;
    const double first_play = tried_visits > 0 ? tried_reward / tried_visits : 0.5;
    const double sqrt_total = std::sqrt(double(pool_[0].visits) + 1);
    std::uint32_t best = kNoNode;
    double best_score = -1e300;
    for (std::size_t i = 0; i < root_children_.size(); ++i) {
      const Node& n = pool_[root_children_[i]];
      const double mean = n.visits ? double(n.reward) / double(n.visits) : first_play;
      const double score =
          mean + params_.prior_weight * prior_[i] * sqrt_total / (1.0 + double(n.visits));
      if (score > best_score) best_score = score, best = root_children_[i];
    }
    ++pool_[best].avail;
    expanded = pool_[best].visits == 0;
    return best;
  }

  // The opponent's style for this iteration, by Params::style_weights (none: the plain
  // policy, and no draw, so the random stream is as without styles).
  void draw_style() {
    double sum = 0;
    for (double w : params_.style_weights) sum += w;
    if (sum <= 0) return;
    double u = rng_.uniform01() * sum;
    int s = 0;
    while (s + 1 < Params::kMaxStyles && u >= params_.style_weights[std::size_t(s)])
      u -= params_.style_weights[std::size_t(s++)];
    params_.opponent_style = s;
  }

  // A draw from the game's policy (uniform for a game without one).
  std::uint32_t sample_policy(World& world, std::span<const std::uint32_t> legal) {
    const int n = int(legal.size());
    if constexpr (HasPolicy<Game>) {
      Game::policy(world, legal.data(), n, probs_.data(), params_);
      double u = rng_.uniform01();
      for (int i = 0; i < n - 1; ++i) {
        if (u < probs_[std::size_t(i)]) return legal[std::size_t(i)];
        u -= probs_[std::size_t(i)];
      }
      return legal[std::size_t(n - 1)];
    }
    return legal[rng_.below(std::uint32_t(n))];
  }

  // From a new leaf: `policy_plies` plies by the game's policy (if it has one), then
  // `playout_plies` uniformly random ones.
  void playout(World& world) {
    int policy_plies = 0;
    if constexpr (HasPolicy<Game>) policy_plies = params_.policy_plies;
    for (int i = 0; i < policy_plies + params_.playout_plies && !Game::over(world); ++i) {
      if (Game::is_chance(world)) {
        Game::apply(world, Game::sample_chance(world, rng_));
        continue;
      }
      const int n = Game::legal(world, keys_.data());
      if (n == 0) {
        Game::no_moves(world);
        break;
      }
      const std::span<const std::uint32_t> legal(keys_.data(), std::size_t(n));
      Game::apply(world, i < policy_plies ? sample_policy(world, legal)
                                          : legal[rng_.below(std::uint32_t(n))]);
    }
  }

  Params params_;
  Rng rng_;
  NodePool pool_;
  ActionSet set_;
  std::vector<std::uint32_t> root_, keys_, path_, root_children_;
  std::vector<double> prior_, probs_;
  int root_player_ = 0;
};

}  // namespace stratego::search
