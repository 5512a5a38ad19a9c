// Perft: the number of legal paths of a given length from a position, with full information
// (every piece's kind known), written once over a GameFamily (engine/family.h). It pins
// action generation and apply/undo down to exact numbers that a rule change or a bug shows
// at once (tests/perft_test.cpp, tests/waterloo_perft_test.cpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "engine/family.h"
#include "engine/move.h"
#include "engine/state.h"

namespace stratego {

// How perft meets a chance event (Waterloo's die, Prussian draws, retreat cards): every
// outcome a branch of its own, or one outcome drawn with the caller's generator.
enum class ChanceMode : std::uint8_t { kEnumerate, kSample };

struct PerftCount {
  std::uint64_t paths = 0;
  double expected = 0;  // paths weighted by the probabilities of their chance outcomes
};

// Paths of `depth` decisions. Every decision is a ply, so a V-5 rescue (or its decline)
// counts as a ply of its own after the move that earned it, and so does each follow-up
// attack of a CW-3 Anger chain and its stop; chance outcomes are steps between decisions,
// not plies. A path ends early, and is not counted, when the game ends before `depth`
// decisions (flag taken, C-7.2, C-7.3, move limit, W-11). depth 0 gives 1. s is changed
// during the count and restored before returning; the last decision's actions are counted,
// not applied.
template <GameFamily F>
PerftCount perft(typename F::State& s, int depth, ChanceMode mode, Rng& rng) {
  if (depth <= 0) return {1, 1.0};
  if (F::over(s)) return {};
  if (F::setup_due(s))
    throw InputError("perft: a set-up is due (W-4); perft starts after the set-ups");
  if (F::is_chance(s)) {
    if (mode == ChanceMode::kSample) {
      F::apply(s, sample_chance<F>(s, rng));
      const PerftCount c = perft<F>(s, depth, mode, rng);
      F::undo(s);
      return c;
    }
    typename F::Action out[kMaxChanceOutcomes];
    double prob[kMaxChanceOutcomes];
    const int n = F::chance_outcomes(s, out, prob, kMaxChanceOutcomes);
    PerftCount total;
    for (int i = 0; i < n; ++i) {
      F::apply(s, out[i]);
      const PerftCount c = perft<F>(s, depth, mode, rng);
      F::undo(s);
      total.paths += c.paths;
      total.expected += prob[i] * c.expected;
    }
    return total;
  }
  typename F::ActionList list;  // on the stack: no heap in the count, one list per decision
  F::legal_actions(s, list);
  if (depth == 1) return {std::uint64_t(list.size), double(list.size)};
  PerftCount total;
  for (auto a : list) {
    F::apply(s, a);
    const PerftCount c = perft<F>(s, depth - 1, mode, rng);
    F::undo(s);
    total.paths += c.paths;
    total.expected += c.expected;
  }
  return total;
}

// perft split by the first decision, in generation order; the counts sum to perft. Empty
// at depth 0, and at a chance event or an ended game (there is no first decision to split).
template <GameFamily F>
std::vector<std::pair<typename F::Action, PerftCount>> perft_divide(typename F::State& s, int depth,
                                                                    ChanceMode mode, Rng& rng) {
  std::vector<std::pair<typename F::Action, PerftCount>> out;
  if (depth <= 0 || F::over(s) || F::is_chance(s)) return out;
  typename F::ActionList list;
  F::legal_actions(s, list);
  out.reserve(std::size_t(list.size));
  for (auto a : list) {
    F::apply(s, a);
    out.emplace_back(a, perft<F>(s, depth - 1, mode, rng));
    F::undo(s);
  }
  return out;
}

// The classic family's counts (no chance events): the forms the tests and tools call.
std::uint64_t perft(State& s, int depth);
std::vector<std::pair<Move, std::uint64_t>> perft_divide(State& s, int depth);

}  // namespace stratego
