// The `rules` bot's judgement with its shortcuts (EvalMode::kFast) against the slow obvious
// version (EvalMode::kReference): the same beliefs and the same score for every legal move, to
// the bit, in positions of every classic-family variant; and the bitboard path costs against the
// general path search, also when it may end once the wanted squares have theirs. The search
// plays out every leaf with these scores, so any difference would change what the `ismcts` bot
// does (and `stratego bench`'s node count).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "engine/move_text.h"
#include "engine/variant_loader.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_knowledge.h"
#include "heuristic/classic_rules_paths.h"
#include "support/random_games.h"

namespace stratego::bots {
namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

struct ModeCounts {
  int positions = 0, moves = 0, shared_classes = 0;
};

// Both sides watch a random game of `spec` (observing every move, as a bot would); every
// `every` decisions, each side's fast and reference judgements of the position are compared.
ModeCounts compare_modes(const std::string& spec, std::uint64_t seed, int every) {
  ModeCounts counts;
  auto v = std::make_shared<const Variant>(load_variant(spec));
  std::array<heuristic::EnemyKnowledge, 2> know;
  for (Side side : {kRed, kBlue}) know[side].reset(v, side);
  int ply = 0;
  std::size_t observed = 0;
  test_support::random_game(spec, seed, 400, [&](const State& s) {
    if (s.history().size() > observed) {  // a move was made (not a declared end, C-7.2)
      observed = s.history().size();
      for (Side side : {kRed, kBlue})
        know[side].observe(observe(s, s.history().back(), side), make_view(s, side));
    }
    if (s.over() || ply++ % every != 0) return;
    const Side mover = s.side_to_move();
    const View view = make_view(s, mover);
    heuristic::EnemyKnowledge fast_know = know[mover], reference_know = know[mover];
    fast_know.update(view, heuristic::EvalMode::kFast);
    reference_know.update(view, heuristic::EvalMode::kReference);
    int rows = 0;
    for (int sq = 0; sq < v->geometry.num_squares(); ++sq) {
      if (reference_know.belief_class(sq) != heuristic::EnemyKnowledge::kNoClass) ++rows;
      for (Kind k : kAllKinds)
        ASSERT_TRUE(same_bits(fast_know.belief(sq)[k], reference_know.belief(sq)[k]))
            << spec << " seed " << seed << " ply " << ply << " square "
            << v->geometry.square_name(sq);
    }
    if (fast_know.classes() < rows) ++counts.shared_classes;
    const heuristic::ClassicRulesEval fast(view, fast_know, heuristic::EvalMode::kFast);
    const heuristic::ClassicRulesEval reference(view, reference_know,
                                                heuristic::EvalMode::kReference);
    MoveList list;
    State copy = s;
    generate_moves(copy, list);
    for (Move m : list) {
      const double a = fast.score(m), b = reference.score(m);
      ASSERT_TRUE(same_bits(a, b)) << spec << " seed " << seed << " ply " << ply << " move "
                                   << move_to_text(m, v->geometry) << ": " << a << " against " << b;
      ++counts.moves;
    }
    ++counts.positions;
  });
  return counts;
}

TEST(ClassicRulesEvalModes, FastScoresEqualTheReferenceToTheBitInEveryVariant) {
  ModeCounts total;
  for (const std::string& spec : test_support::format_specs())
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const ModeCounts c = compare_modes(spec, seed, 7);
      total.positions += c.positions;
      total.moves += c.moves;
      total.shared_classes += c.shared_classes;
    }
  // The comparison covered real work, and the fast beliefs did share classes.
  EXPECT_GT(total.positions, 400);
  EXPECT_GT(total.moves, 5000);
  EXPECT_GT(total.shared_classes, total.positions / 2);
}

TEST(ClassicRulesEvalModes, BitboardPathCostsEqualThePathSearch) {
  int compared = 0;
  for (const char* spec : {"classic", "clone-wars"}) {
    const Variant v = load_variant(spec);
    const Geometry& g = v.geometry;
    Rng rng(17);
    for (int trial = 0; trial < 300; ++trial) {
      // Random blockers and slow squares, from nearly empty boards to crowded ones.
      const double stop_share = rng.uniform01() * 0.4, slow_share = rng.uniform01() * 0.5;
      Bitboard stop = 0, slow = 0;
      for (int sq : squares(g.playable())) {
        const double u = rng.uniform01();
        if (u < stop_share)
          stop |= square_bb(sq);
        else if (u < stop_share + slow_share)
          slow |= square_bb(sq);
      }
      const int source = int(rng.below(std::uint32_t(g.num_squares())));
      if (!test(g.playable(), source)) continue;
      // A search that may end early still gives every wanted square its cost.
      Bitboard wanted = 0;
      for (int sq : squares(g.playable()))
        if (rng.uniform01() < 0.1) wanted |= square_bb(sq);
      std::array<std::uint8_t, 128> fast{}, early{}, reference{};
      heuristic::target_path_costs(g, source, stop, slow, fast);
      heuristic::target_path_costs(g, source, stop, slow, early, wanted);
      heuristic::path_costs_from(g, source, reference, [&](int u) {
        if (u == source) return 1;
        return test(stop, u) ? 0 : test(slow, u) ? 3 : 1;
      });
      for (int sq = 0; sq < g.num_squares(); ++sq)
        ASSERT_EQ(int(fast[std::size_t(sq)]), int(reference[std::size_t(sq)]))
            << spec << " trial " << trial << " from " << g.square_name(source) << " to "
            << g.square_name(sq);
      for (int sq : squares(wanted))
        ASSERT_EQ(int(early[std::size_t(sq)]), int(reference[std::size_t(sq)]))
            << spec << " trial " << trial << " from " << g.square_name(source) << ", wanted "
            << g.square_name(sq);
      ++compared;
    }
  }
  EXPECT_GT(compared, 300);
}

}  // namespace
}  // namespace stratego::bots
