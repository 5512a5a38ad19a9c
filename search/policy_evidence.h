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
//
// With styles (`opponent_model=styles`, search/opponent_styles.h) beta becomes the weights of
// four styles, rules, aggressive, passive and uniform, learnt the same way in the same pass
// (one judgement per world and kind serves every style), and
//     L(k) = sum over styles s of w_s * ((1 - slip) P_s(m | mover is k) + slip / legal moves),
// (uniform: no slip; the slip as in StylePosterior),
// so an aggressive opponent's attacks and advances are read less as "this piece is strong".
// Styles are learnt from every move of the opponent (attacks, Scout runs and moves of known
// pieces too: those are what tells the styles apart), the kinds only from quiet steps of open
// pieces as before. Without styles everything is as it was, to the bit.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/view.h"
#include "eval/belief.h"
#include "search/opponent_styles.h"
#include "search/params.h"

namespace stratego::search {

struct PolicyEvidenceResult {
  int piece = -1;                                  // tracker piece index of the mover
  std::array<double, kNumKinds> log_likelihood{};  // log L(k); 0 for kinds it cannot be
};

class PolicyEvidence {
 public:
  static constexpr int kWorlds = 6;

  explicit PolicyEvidence(bool styles = false)
      : styles_(styles),
        posterior_(styles ? StylePosterior::styles() : StylePosterior::rules_or_uniform()) {}

  // before: the belief just before m, of the viewer the opponent moved against. nullopt
  // unless m is the opponent's quiet one-square move of a piece whose kind is still open.
  // Updates beta (the style weights) with m.
  std::optional<PolicyEvidenceResult> observe(const eval::Belief& before, const ObservedMove& m,
                                              const Params& p, std::uint64_t seed);
  // The learnt share of the opponent's moves the rules policy explains.
  double beta() const { return weights()[kRulesStyle]; }
  // Every style's learnt share (without styles: rules and uniform only).
  StyleWeights weights() const { return posterior_.weights(); }
  bool styles() const { return styles_; }

 private:
  bool styles_;
  StylePosterior posterior_;
};

}  // namespace stratego::search
