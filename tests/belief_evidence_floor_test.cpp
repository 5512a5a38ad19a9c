// eval::BeliefOptions::evidence_floor: evidence from outside the belief (add_evidence)
// can make a kind unlikely but, with a floor, never rule it out; without one it can.
#include <gtest/gtest.h>

#include <limits>

#include "engine/classic_family.h"
#include "engine/rng.h"
#include "eval/belief.h"
#include "support/position_builder.h"

namespace stratego::eval {
namespace {

// P(the Blue piece on b9 is a Miner) at the start, after `nats` of evidence against it.
double miner_share(double floor, double nats) {
  Rng rng(5);
  const State s = ClassicFamily::random_start(test_support::variant_of("classic"), rng);
  BeliefOptions o = default_options(s.variant());
  o.evidence_floor = floor;
  Belief b(make_view(s, kRed), o);
  const int piece = b.tracker().piece_at(test_support::square_of(s, "b9"));
  std::array<double, kNumKinds> against{};
  against[kMiner] = -nats;
  b.add_evidence(piece, against);
  return b.marginals().prob(b.tracker(), piece, kMiner);
}

TEST(BeliefEvidenceFloor, EvidenceCanRuleAKindOutOnlyWithoutAFloor) {
  const double none = std::numeric_limits<double>::infinity();
  const double before = miner_share(none, 0);
  ASSERT_GT(before, 0.02);
  EXPECT_LT(miner_share(none, 30), 1e-6);
  // With a floor of 2 nats, 30 nats against the Miner count as 2: about e^-2 of its odds stay.
  const double floored = miner_share(2, 30);
  EXPECT_GT(floored, 0.05 * before);
  EXPECT_LT(floored, 0.3 * before);
  EXPECT_DOUBLE_EQ(floored, miner_share(2, 2));
  // Evidence weaker than the floor is taken whole.
  EXPECT_DOUBLE_EQ(miner_share(2, 1), miner_share(none, 1));
}

}  // namespace
}  // namespace stratego::eval
