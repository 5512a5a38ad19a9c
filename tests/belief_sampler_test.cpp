// The exact machinery under beliefs (eval/assignment.h, eval/ipf.h, eval/assignment_sampler.h)
// against brute force on small problems, and on beliefs from seeded games: Hall's condition and
// mask narrowing agree with enumerating every assignment; the balanced matrix meets its row and
// column sums; the sampler's draws follow the exact distribution; and a belief's marginals agree
// with the frequencies of its samples within the stated tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "eval/assignment.h"
#include "eval/assignment_sampler.h"
#include "eval/exact_marginals.h"
#include "eval/ipf.h"
#include "support/belief_games.h"

namespace stratego {
namespace {

using eval::IdMask;

// Every complete assignment of a small problem, with its weight (product of w[i][a_i]).
void enumerate(const std::vector<IdMask>& masks, const std::vector<int>& counts,
               const std::function<void(const std::vector<int>&)>& visit) {
  std::vector<int> a(masks.size(), -1), left = counts;
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == masks.size()) return visit(a);
    for (int k = 0; k < int(counts.size()); ++k) {
      if (!((masks[i] >> k) & 1) || left[std::size_t(k)] == 0) continue;
      --left[std::size_t(k)];
      a[i] = k;
      rec(i + 1);
      ++left[std::size_t(k)];
    }
  };
  rec(0);
}

struct SmallProblem {
  std::vector<IdMask> masks;
  std::vector<int> counts;
};

SmallProblem random_problem(Rng& rng, int n, int m) {
  SmallProblem p;
  p.counts.assign(std::size_t(m), 0);
  for (int i = 0; i < n; ++i) ++p.counts[rng.below(std::uint32_t(m))];
  for (int i = 0; i < n; ++i) p.masks.push_back(IdMask(rng.below((1u << m) - 1) + 1));
  return p;
}

TEST(BeliefAssignment, HallConditionAndNarrowingMatchBruteForce) {
  Rng rng(11);
  int feasible = 0, narrowed = 0;
  for (int round = 0; round < 3000; ++round) {
    const int n = 2 + int(rng.below(6)), m = 2 + int(rng.below(4));
    SmallProblem p = random_problem(rng, n, m);
    std::vector<IdMask> possible(p.masks.size(), 0);
    long solutions = 0;
    enumerate(p.masks, p.counts, [&](const std::vector<int>& a) {
      ++solutions;
      for (std::size_t i = 0; i < a.size(); ++i) possible[i] |= IdMask{1} << a[i];
    });
    const eval::HallIndex index(p.masks, p.counts);
    ASSERT_EQ(index.feasible(), solutions > 0) << "round " << round;
    std::vector<IdMask> masks = p.masks;
    ASSERT_EQ(eval::narrow_masks(masks, p.counts), solutions > 0);
    if (solutions == 0) {
      EXPECT_GT(index.violation().pieces, index.violation().capacity);
      continue;
    }
    ++feasible;
    EXPECT_EQ(masks, possible) << "round " << round;
    narrowed += masks != p.masks;
  }
  EXPECT_GT(feasible, 500);
  EXPECT_GT(narrowed, 100);
}

TEST(BeliefAssignment, BalancedMatrixMeetsItsRowAndColumnSums) {
  Eigen::MatrixXd w(3, 3);
  w << 1, 2, 0,  //
      1, 1, 1,   //
      0, 3, 1;
  Eigen::VectorXd rows = Eigen::VectorXd::Ones(3), cols(3);
  cols << 1, 1, 1;
  const eval::BalanceResult r = eval::balance(w, rows, cols);
  ASSERT_TRUE(r.converged);
  EXPECT_LT((r.matrix.rowwise().sum() - rows).cwiseAbs().maxCoeff(), eval::kIpfTolerance);
  EXPECT_LT((r.matrix.colwise().sum().transpose() - cols).cwiseAbs().maxCoeff(),
            eval::kIpfTolerance);
  EXPECT_EQ(r.matrix(0, 2), 0.0);  // a zero stays zero
  // A column nothing can fill cannot be balanced, and says so.
  Eigen::MatrixXd bad = w;
  bad.col(2).setZero();
  EXPECT_FALSE(eval::balance(bad, rows, cols).converged);
}

TEST(BeliefAssignment, SamplerFollowsTheExactDistribution) {
  Rng rng(5);
  for (int round = 0; round < 6; ++round) {
    SmallProblem p;
    long solutions = 0;
    while (solutions < 8) {  // a problem with enough assignments to tell distributions apart
      p = random_problem(rng, 6, 3);
      solutions = 0;
      if (!eval::narrow_masks(p.masks, p.counts)) continue;
      enumerate(p.masks, p.counts, [&](const std::vector<int>&) { ++solutions; });
    }
    Eigen::MatrixXd w = Eigen::MatrixXd::Zero(6, 3);
    for (int i = 0; i < 6; ++i)
      for (int k = 0; k < 3; ++k)
        if ((p.masks[std::size_t(i)] >> k) & 1) w(i, k) = 0.2 + rng.uniform01() * 3;
    std::map<std::vector<int>, double> exact;
    double total = 0;
    enumerate(p.masks, p.counts, [&](const std::vector<int>& a) {
      double x = 1;
      for (std::size_t i = 0; i < a.size(); ++i) x *= w(Eigen::Index(i), a[i]);
      exact[a] = x;
      total += x;
    });
    // Counting gives the same marginals as enumerating.
    Eigen::MatrixXd enumerated = Eigen::MatrixXd::Zero(6, 3);
    for (const auto& [a, x] : exact)
      for (std::size_t i = 0; i < a.size(); ++i) enumerated(Eigen::Index(i), a[i]) += x / total;
    const auto counted = eval::exact_marginals(w, p.masks, p.counts);
    ASSERT_TRUE(counted.has_value());
    EXPECT_LT((*counted - enumerated).cwiseAbs().maxCoeff(), 1e-9);
    // The chain is handed the balanced matrix, as beliefs do: the target must not change.
    const eval::BalanceResult b =
        eval::balance(w, Eigen::VectorXd::Ones(6),
                      Eigen::Map<const Eigen::VectorXi>(p.counts.data(), 3).cast<double>());
    eval::AssignmentSampler s(b.matrix, p.masks, p.counts, 99 + std::uint64_t(round));
    constexpr int kDraws = 60000;
    std::map<std::vector<int>, int> seen;
    for (int n = 0; n < kDraws; ++n) ++seen[s.next()];
    double tv = 0;
    for (const auto& [a, x] : exact) tv += std::abs(x / total - double(seen[a]) / kDraws);
    for (const auto& [a, c] : seen)
      ASSERT_TRUE(exact.count(a)) << "an inconsistent assignment was drawn";
    EXPECT_LT(tv / 2, 0.02) << "round " << round << ": total variation to the exact distribution";
  }
}

// At points of seeded games: the sampler's frequencies (20,000 draws) agree with the exact
// marginals of its target (eval/exact_marginals.h, where the count states are few enough)
// within 0.02, and the IPF marginals agree with the frequencies within the stated tolerance
// 0.08: IPF approximates the exact marginals, and is off most where counts are nearly tight
// (the largest difference on these positions is about 0.066).
TEST(BeliefMarginals, AgreeWithSampleFrequencies) {
  constexpr double kIpfTolerance = 0.08, kExactTolerance = 0.02;
  constexpr int kSamples = 20000;
  int exact_checked = 0;
  for (const std::string spec : {"classic", "barrage", "classic+silent-defence"}) {
    const auto g = test_support::play_seeded(spec, seeded::seed_of(spec, 3), 120);
    for (int plies : {0, std::min(60, int(g.moves.size())), int(g.moves.size())}) {
      const eval::Belief b =
          test_support::belief_after(g, kRed, plies, eval::default_options(g.start.variant()));
      eval::BeliefSampler s = b.sampler(1234);
      const eval::Marginals& m = s.marginals();
      ASSERT_TRUE(m.converged) << spec << " at ply " << plies;
      EXPECT_LT((m.p.rowwise().sum().array() - 1).abs().maxCoeff(), 1e-9);
      const auto counts = b.tracker().open_counts();
      for (std::size_t c = 0; c < m.kinds.size(); ++c)
        EXPECT_NEAR(m.p.col(Eigen::Index(c)).sum(), counts[m.kinds[c]], 1e-6);
      Eigen::MatrixXd freq = Eigen::MatrixXd::Zero(m.p.rows(), m.p.cols());
      for (int n = 0; n < kSamples; ++n) {
        const std::vector<Kind>& kinds = s.sample_kinds();
        for (std::size_t r = 0; r < m.pieces.size(); ++r) {
          const auto col =
              std::find(m.kinds.begin(), m.kinds.end(), kinds[std::size_t(m.pieces[r])]);
          freq(Eigen::Index(r), col - m.kinds.begin()) += 1.0 / kSamples;
        }
      }
      EXPECT_LT((freq - m.p).cwiseAbs().maxCoeff(), kIpfTolerance) << spec << " at ply " << plies;
      if (const auto exact = b.exact_marginals()) {
        ++exact_checked;
        EXPECT_LT((freq - exact->p).cwiseAbs().maxCoeff(), kExactTolerance)
            << spec << " at ply " << plies;
      }
    }
  }
  EXPECT_GE(exact_checked, 4);
}

}  // namespace
}  // namespace stratego
