// Evidence about an enemy piece's kind from the move the opponent chose with it, under the
// search's own model of the opponent: the `rules` policy of search/rules_modeled_game.h.
//
// Why: below the root the search lets the opponent move by that policy, and in the policy a
// piece that walks at our unmoved back-row pieces is most likely a Miner, and one that runs
// from our Captain is weaker than it. A belief that ignores this disagrees with the search's
// own opponent: it keeps the walker a Miner only as often as the counts say, and the search
// lets it through to a bombed Flag.
//
// The model, per observed quiet move m of a hidden piece: the opponent plays the policy with
// probability beta and any legal move alike otherwise, so kind k of the mover has likelihood
//     L(k) = beta * P_policy(m | mover is k) + (1 - beta) / (legal moves),
// with P_policy averaged over a few worlds drawn from the belief before m (the rest of the
// enemy army as sampled, the mover's kind set to k). beta is learnt in the game: starting at
// 1/2, it moves by each move's posterior odds of "policy" against "uniform", so against the
// `rules` bot it goes to 1 and against a random mover to 0, where the evidence fades out.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/view.h"
#include "eval/belief.h"
#include "search/params.h"

namespace stratego::bots {

struct PolicyEvidenceResult {
  int piece = -1;                                  // tracker piece index of the mover
  std::array<double, kNumKinds> log_likelihood{};  // log L(k); 0 for kinds it cannot be
};

class PolicyEvidence {
 public:
  static constexpr int kWorlds = 6;

  // before: the belief just before m, of the viewer the opponent moved against. nullopt
  // unless m is the opponent's quiet one-square move of a piece whose kind is still open.
  // Updates beta with m.
  std::optional<PolicyEvidenceResult> observe(const eval::Belief& before, const ObservedMove& m,
                                              const search::Params& p, std::uint64_t seed);
  // The learnt share of the opponent's moves the policy explains.
  double beta() const { return (policy_ + 1) / (moves_ + 2); }

 private:
  double policy_ = 0;  // summed posterior probabilities of "policy", one per move seen
  double moves_ = 0;
};

}  // namespace stratego::bots
