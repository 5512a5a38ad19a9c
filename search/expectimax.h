// Expectimax with alpha-beta on one world (a determinization, every piece known) of a game with
// explicit chance events, over a traits class G (search/waterloo_expectimax.h is Waterloo's):
// decision nodes are max or min nodes by who decides (a side may decide many times in a row: a
// Waterloo turn is several actions long), chance nodes average their outcomes. The chance nodes
// are pruned by Ballard's *-minimax family (1983): Star1 gives each outcome the window in which
// its value still matters, knowing that every value lies in [0, 1]; Star2 first probes each
// outcome that leads to a decision with its first ordered action only, which bounds that
// outcome's value from one side, and cuts the chance node when those bounds already decide it.
//
// Values are the Red side's win probability in [0, 1] (G::value: the static evaluation, and a
// finished game's 1, 0 or 1/2 drawn a little towards 1/2 by the plies to it, so that a sooner
// win is better and a later loss less bad). A decision costs one ply of depth; a chance event
// none, so a search of depth d always sees d decisions and every die roll between them. Fail-soft
// everywhere: a value at or below the window is an upper bound, at or above it a lower bound.
//
// With a transposition table (search/expectimax_table.h) a decision node's result is kept by
// the world's hash with its bound and best action, which is searched first when the position
// comes again (by another order of the same actions, or in the next iteration).
//
// The traits G give: World, Action, ActionList (with size, operator[], clear), over(w),
// is_chance(w), red_decides(w), legal(w, list), chance(w, outs, probs, capacity) -> count,
// apply(w, a), undo(w), value(w, ply) (Red's, in [0, 1]), order(w, a) (a score: higher first),
// key(a) (an integer for the killer and history tables) and hash(w) (64 bits, the same for the
// same position).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <numeric>
#include <span>
#include <vector>

#include "engine/family.h"
#include "search/alphabeta.h"
#include "search/expectimax_table.h"

namespace stratego::search {

enum class ChancePruning : std::uint8_t {
  kNone,   // every outcome searched with the full window (alpha-beta at decisions only)
  kStar1,  // Star1 windows
  kStar2,  // Star2 probing, then Star1 with the probes' bounds
};

struct ExpectimaxParams {
  int max_depth = 64;
  ChancePruning pruning = ChancePruning::kStar2;
  // Root actions within this of the best (in win probability) get exact values.
  double root_margin = 0.02;
  // false: no cut-offs anywhere, every node searched with the full window (the plain
  // expectimax the tests compare with).
  bool alpha_beta = true;
};

struct ExpectimaxResult {
  std::vector<double> values;  // per root action, the searcher's win probability; actions more
                               // than root_margin below the best hold upper bounds
  int best = 0;                // index of the best root action
  int depth = 0;               // the deepest finished iteration
  std::uint64_t nodes = 0;     // actions applied, chance outcomes included
};

template <class G>
class Expectimax {
 public:
  using World = typename G::World;
  using Action = typename G::Action;
  using ActionList = typename G::ActionList;
  // Window ends outside [0, 1]: no value falls at or beyond them.
  static constexpr double kLow = -1.0, kHigh = 2.0;

  // table: none (nullptr), or one that outlives this; emptied by each search().
  explicit Expectimax(const ExpectimaxParams& p, ExpectimaxTable* table = nullptr)
      : p_(p), table_(p.alpha_beta ? table : nullptr) {}

  // Iterative deepening over the root actions (all legal in world, a decision point) until the
  // limits or max_depth; world is played on and restored. The first iteration always finishes.
  ExpectimaxResult search(World& world, std::span<const Action> root, const WorldLimits& limits) {
    w_ = &world;
    nodes_ = 0;
    limits_ = limits;
    aborted_ = false;
    age_history();
    if (table_) table_->new_search();
    const bool red = G::red_decides(world);
    ExpectimaxResult result;
    result.values.assign(root.size(), 0.5);
    std::vector<int> order(root.size());
    std::iota(order.begin(), order.end(), 0);
    {
      std::vector<int> s(root.size());
      for (std::size_t i = 0; i < root.size(); ++i) s[i] = G::order(world, root[i]);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] > s[b]; });
    }
    std::vector<double> it(root.size());
    for (int depth = 1; depth <= std::max(1, p_.max_depth); ++depth) {
      may_abort_ = depth > 1;
      deeper_ = false;
      double best = kLow;
      int best_index = order.front();
      for (int idx : order) {
        // In Red's terms: a window that keeps the actions near the best exact.
        double alpha = kLow, beta = kHigh;
        if (p_.alpha_beta && best > kLow) {
          if (red)
            alpha = best - p_.root_margin;
          else
            beta = 1 - (best - p_.root_margin);
        }
        G::apply(world, root[std::size_t(idx)]);
        ++nodes_;
        const double v = node(depth - 1, alpha, beta, 1);
        G::undo(world);
        if (aborted_) break;
        const double mine = red ? v : 1 - v;
        it[std::size_t(idx)] = mine;
        if (mine > best) best = mine, best_index = idx;
      }
      if (aborted_) break;
      result.values = it;
      result.best = best_index;
      result.depth = depth;
      std::stable_sort(order.begin(), order.end(),
                       [&](int a, int b) { return it[std::size_t(a)] > it[std::size_t(b)]; });
      if (root.size() == 1 || !deeper_) break;  // nothing to choose, or nothing deeper to see
    }
    result.nodes = nodes_;
    w_ = nullptr;
    return result;
  }

  // Red's value of world by a search of exactly `depth` decisions with the full window (tests).
  double value(World& world, int depth) {
    w_ = &world;
    limits_ = WorldLimits{};
    aborted_ = may_abort_ = false;
    const double v = node(depth, kLow, kHigh, 0);
    w_ = nullptr;
    return v;
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Ply {
    ActionList list;
    std::vector<int> scores;
  };

  Ply& ply_store(int ply) {
    while (int(plies_.size()) <= ply) plies_.push_back(std::make_unique<Ply>());
    return *plies_[std::size_t(ply)];
  }

  bool out_of_budget() {
    if (!may_abort_) return false;
    if (aborted_) return true;
    if (limits_.nodes >= 0 && std::int64_t(nodes_) >= limits_.nodes) return aborted_ = true;
    if (nodes_ % 1024 == 0) {
      if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return aborted_ = true;
      if (limits_.timed && std::chrono::steady_clock::now() >= limits_.deadline)
        return aborted_ = true;
    }
    return false;
  }

  double node(int depth, double alpha, double beta, int ply) {
    if (G::over(*w_)) return G::value(*w_, ply);
    if (out_of_budget()) return 0.5;
    if (G::is_chance(*w_)) return chance(depth, alpha, beta, ply);
    if (depth <= 0) {
      deeper_ = true;  // a leaf that is not the end of the game: deeper would see more
      return G::value(*w_, ply);
    }
    return decision(depth, alpha, beta, ply);
  }

  // The legal actions at ply, best-ordered first (tt_action + 1 first of all, if given).
  ActionList& ordered(int ply, std::uint32_t tt_action = 0) {
    Ply& st = ply_store(ply);
    G::legal(*w_, st.list);
    const int n = int(st.list.size);
    st.scores.resize(std::size_t(n));
    const int side = G::red_decides(*w_) ? 0 : 1;
    for (int i = 0; i < n; ++i) {
      const std::uint32_t k = G::key(st.list[i]);
      if (k + 1 == tt_action) {
        st.scores[std::size_t(i)] = kTableActionScore;
        continue;
      }
      int s = G::order(*w_, st.list[i]);
      if (ply < kMaxKillerPly &&
          (killers_[std::size_t(ply)][0] == k + 1 || killers_[std::size_t(ply)][1] == k + 1))
        s += kKillerBonus;
      s += history_[std::size_t(side)][slot(k)];
      st.scores[std::size_t(i)] = s;
    }
    // Insertion sort, stable: lists are short and mostly in order already.
    for (int i = 1; i < n; ++i) {
      const Action a = st.list[i];
      const int s = st.scores[std::size_t(i)];
      int j = i;
      for (; j > 0 && st.scores[std::size_t(j - 1)] < s; --j) {
        st.list[j] = st.list[j - 1];
        st.scores[std::size_t(j)] = st.scores[std::size_t(j - 1)];
      }
      st.list[j] = a;
      st.scores[std::size_t(j)] = s;
    }
    return st.list;
  }

  double decision(int depth, double alpha, double beta, int ply) {
    const bool red = G::red_decides(*w_);
    const double alpha0 = alpha, beta0 = beta;
    std::uint64_t hash = 0;
    std::uint32_t tt_action = 0;
    if (table_) {
      hash = G::hash(*w_);
      if (const ExpectimaxEntry* e = table_->probe(hash)) {
        tt_action = e->action;
        if (e->depth >= depth &&
            (e->bound == Bound::kExact || (e->bound == Bound::kLower && e->value >= beta) ||
             (e->bound == Bound::kUpper && e->value <= alpha))) {
          deeper_ = true;  // the entry may stand for leaves: deepening is not proved useless
          return e->value;
        }
      }
    }
    ActionList& list = ordered(ply, tt_action);
    const int n = int(list.size);
    if (n == 0) {
      deeper_ = true;
      return G::value(*w_, ply);
    }
    double best = red ? kLow : kHigh;
    std::uint32_t best_action = 0;
    for (int i = 0; i < n; ++i) {
      const Action a = list[i];
      G::apply(*w_, a);
      ++nodes_;
      const double v = p_.alpha_beta ? node(depth - 1, alpha, beta, ply + 1)
                                     : node(depth - 1, kLow, kHigh, ply + 1);
      G::undo(*w_);
      if (aborted_) return 0.5;
      if (red ? v > best : v < best) best = v, best_action = G::key(a) + 1;
      if (!p_.alpha_beta) continue;
      if (red)
        alpha = std::max(alpha, v);
      else
        beta = std::min(beta, v);
      if (alpha >= beta) {
        cut_off(red, G::key(a), ply, depth);
        break;
      }
    }
    if (table_) {
      const Bound bound = best <= alpha0  ? Bound::kUpper
                          : best >= beta0 ? Bound::kLower
                                          : Bound::kExact;
      table_->store(hash, depth, best, bound, best_action);
    }
    return best;
  }

  double chance(int depth, double alpha, double beta, int ply) {
    Action out[kMaxChanceOutcomes];
    double prob[kMaxChanceOutcomes];
    const int n = std::min(G::chance(*w_, out, prob, kMaxChanceOutcomes), kMaxChanceOutcomes);
    const bool star1 = p_.alpha_beta && p_.pruning != ChancePruning::kNone;
    if (!star1) {
      double sum = 0;
      for (int i = 0; i < n; ++i) {
        G::apply(*w_, out[i]);
        ++nodes_;
        const double v =
            p_.alpha_beta ? node(depth, alpha, beta, ply + 1) : node(depth, kLow, kHigh, ply + 1);
        G::undo(*w_);
        if (aborted_) return 0.5;
        sum += prob[i] * v;
      }
      return sum;
    }
    // Bounds of each outcome's value: [0, 1] unless Star2's probe says more.
    std::array<double, kMaxChanceOutcomes> lo, hi;
    std::array<bool, kMaxChanceOutcomes> exact{};
    lo.fill(0.0);
    hi.fill(1.0);
    if (p_.pruning == ChancePruning::kStar2) {
      double sum_lo = 0, sum_hi = 0;
      for (int i = 0; i < n; ++i) sum_lo += prob[i] * lo[i], sum_hi += prob[i] * hi[i];
      for (int i = 0; i < n; ++i) {
        G::apply(*w_, out[i]);
        ++nodes_;
        const Probe pr = probe(depth, alpha, beta, prob[i], sum_lo - prob[i] * lo[i],
                               sum_hi - prob[i] * hi[i], ply + 1);
        G::undo(*w_);
        if (aborted_) return 0.5;
        sum_lo += prob[i] * (pr.lo - lo[i]);
        sum_hi += prob[i] * (pr.hi - hi[i]);
        lo[i] = pr.lo, hi[i] = pr.hi, exact[i] = pr.exact;
        if (sum_lo >= beta) return sum_lo;   // every outcome's lower bound: already enough
        if (sum_hi <= alpha) return sum_hi;  // every outcome's upper bound: already too little
      }
    }
    // Star1 with the bounds: the outcomes still to come at their bounds.
    double rest_lo = 0, rest_hi = 0;
    for (int i = 0; i < n; ++i) rest_lo += prob[i] * lo[i], rest_hi += prob[i] * hi[i];
    double sum = 0;
    for (int i = 0; i < n; ++i) {
      rest_lo -= prob[i] * lo[i];
      rest_hi -= prob[i] * hi[i];
      double v;
      const double a = (alpha - sum - rest_hi) / prob[i], b = (beta - sum - rest_lo) / prob[i];
      if (exact[i]) {
        v = lo[i];
      } else if (hi[i] <= a) {  // the probe's bounds decide it: no window is left in between
        return sum + prob[i] * hi[i] + rest_hi;
      } else if (lo[i] >= b) {
        return sum + prob[i] * lo[i] + rest_lo;
      } else {
        G::apply(*w_, out[i]);
        ++nodes_;
        v = node(depth, std::max(a, lo[i]), std::min(b, hi[i]), ply + 1);
        G::undo(*w_);
        if (aborted_) return 0.5;
      }
      if (v <= a) return sum + prob[i] * v + rest_hi;  // an upper bound at or below alpha
      if (v >= b) return sum + prob[i] * v + rest_lo;  // a lower bound at or above beta
      sum += prob[i] * v;
    }
    return sum;
  }

  struct Probe {
    double lo = 0, hi = 1;
    bool exact = false;
  };

  // Star2's probe of the outcome just applied: a leaf or a finished game is exact; a decision
  // is bounded from its decider's side by its first ordered action alone (searched with no
  // bound on the other side, so that the result is that action's value or a bound beyond it,
  // either way a bound of the decision). The probe is searched with the window that would cut
  // the chance node: others_lo / others_hi are the other outcomes' bounds, weighted.
  Probe probe(int depth, double alpha, double beta, double p, double others_lo, double others_hi,
              int ply) {
    Probe pr;
    if (G::over(*w_) || (!G::is_chance(*w_) && depth <= 0)) {
      pr.lo = pr.hi = node(depth, kLow, kHigh, ply);
      pr.exact = true;
      return pr;
    }
    if (G::is_chance(*w_)) return pr;  // a chance event after a chance event: no probe
    if (out_of_budget()) return pr;
    const bool red = G::red_decides(*w_);
    ActionList& list = ordered(ply);
    if (list.size == 0) return pr;
    G::apply(*w_, list[0]);
    ++nodes_;
    if (red) {
      const double b = (beta - others_lo) / p;
      pr.lo = std::max(0.0, node(depth - 1, kLow, std::min(b, kHigh), ply + 1));
    } else {
      const double a = (alpha - others_hi) / p;
      pr.hi = std::min(1.0, node(depth - 1, std::max(a, kLow), kHigh, ply + 1));
    }
    G::undo(*w_);
    return pr;
  }

  static constexpr int kMaxKillerPly = 128;
  static constexpr int kTableActionScore = 1 << 30;
  static constexpr int kKillerBonus = 1 << 22;
  static constexpr int kHistorySlots = 1 << 14;
  static constexpr int kHistoryCap = 1 << 21;
  static std::size_t slot(std::uint32_t k) {
    return std::size_t((k * 0x9E3779B1u) >> 18) & (kHistorySlots - 1);
  }

  void cut_off(bool red, std::uint32_t k, int ply, int depth) {
    if (ply < kMaxKillerPly) {
      auto& kl = killers_[std::size_t(ply)];
      if (kl[0] != k + 1) kl[1] = kl[0], kl[0] = k + 1;
    }
    int& h = history_[red ? 0 : 1][slot(k)];
    h = std::min(kHistoryCap, h + depth * depth);
  }

  void age_history() {
    for (auto& side : history_)
      for (int& h : side) h /= 8;
    for (auto& kl : killers_) kl = {0, 0};
  }

  ExpectimaxParams p_;
  ExpectimaxTable* table_;
  World* w_ = nullptr;
  std::uint64_t nodes_ = 0;
  WorldLimits limits_;
  bool may_abort_ = false, aborted_ = false;
  bool deeper_ = true;
  std::vector<std::unique_ptr<Ply>> plies_;
  std::array<std::array<std::uint32_t, 2>, kMaxKillerPly> killers_{};  // key + 1, 0: none
  std::array<std::array<int, kHistorySlots>, 2> history_{};
};

}  // namespace stratego::search
