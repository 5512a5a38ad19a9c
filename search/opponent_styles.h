// The opponent's play styles as the search models them (classic family, `opponent_model=styles`):
// the `rules` policy, an aggressive one, a passive one (the `rules` scores with the leanings of
// heuristic/classic_play_style.h, softmaxed alike) and a uniform mover, and the weights the
// opponent's real moves give them.
//
// Why a mixture: the `rules` policy alone is a model of our own heuristic. Against a stranger
// who attacks unknown pieces at every turn, that model reads each attack as "this piece must be
// strong" and expects the stranger to hold back below the root; a weight that follows what the
// opponent does lets the search expect the attacks it will see.
//
// Two ways to learn the weights from the opponent's moves:
// - shares: PolicyEvidence's old `beta`, the two-style case {rules, uniform}: every move adds its
//   posterior responsibility under each style (w_s P_s(move) / sum) to that style's count, and
//   a weight is (prior count + count) / (prior total + moves). Kept to the bit for
//   `opponent_model=rules`.
// - bayes (the styles model): which one style the opponent plays, by Bayes' rule in log space,
//   w_s proportional to prior_s * prod over moves of L_s(move), where every style but uniform
//   also slips into a uniform move now and then: L_s = (1 - slip) P_s + slip * P_uniform (the
//   old beta learnt 0.70 to 0.75 even against the `rules` bot itself, so a quarter of its
//   moves are ones the policy does not expect; without the slip one such move would outweigh
//   ten good ones). After every move no weight stays under `floor`: the opponent may change
//   its ways, and a style kept at the floor comes back within a few moves.
#pragma once

#include <array>
#include <string>

#include "search/params.h"

namespace stratego::search {

constexpr int kStyleCount = Params::kMaxStyles;
constexpr int kRulesStyle = 0, kAggressiveStyle = 1, kPassiveStyle = 2, kUniformStyle = 3;
using StyleWeights = std::array<double, kStyleCount>;

const std::string& opponent_style_name(int style);  // rules, aggressive, passive, uniform

class StylePosterior {
 public:
  // The old `beta`: rules and uniform, one count each.
  static StylePosterior rules_or_uniform();
  // The styles model: prior 1/2 on rules (the search's tuned model), 1/6 on each of the
  // others; slip 0.25, floor 1e-4.
  static StylePosterior styles();

  // The weights (sum 1; 0 for a style left out).
  StyleWeights weights() const;
  // One move of the opponent, likelihood[s] = P(move | style s) (any common scale). Moves no
  // style explains (all 0, or not finite) are ignored.
  void update(const StyleWeights& likelihood);
  double moves() const { return moves_; }

  static constexpr double kSlip = 0.25, kFloor = 1e-4;

 private:
  void update_shares(const StyleWeights& likelihood);
  void update_bayes(const StyleWeights& likelihood);
  bool bayes_ = false;
  StyleWeights prior_{}, counts_{};  // shares: prior counts (0: left out) and summed shares
  StyleWeights log_w_{};             // bayes: normalised log weights
  double prior_total_ = 0, moves_ = 0;
};

}  // namespace stratego::search
