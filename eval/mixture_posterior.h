// The mixture set-up prior (eval/setup_mixture.h) conditioned on what a game has revealed of one
// side's set-up: which component this opponent draws from (the posterior weights), and what each
// still-hidden start square holds (the predictive shares), for the belief (eval/belief.h).
//
// Observations are symbols on frame squares: the kinds known of pieces by their start squares,
// and the squares the set-up left empty. Exact for the styles and for the exact component (a
// known set-up that contradicts an observation gets no weight); approximate elsewhere:
//   parametric  likelihood: the product of its per-square shares of the observed symbols (when
//               every empty square is observed, their layout's likelihood by independent squares
//               conditioned on the number of pieces); predictive: its per-square table
//   resample:M  a known set-up t with d observations differing gets C(n-d, M-d)/C(n, M) * M^-d
//               (0 when d > M); a hidden square keeps t's symbol with probability 1 - M/n, else
//               the army's share
//   block:B     exact (the block's known contents, the rest uniform)
//   swap:K      as resample:2K
//   shift:L     as resample:M, M the squares it moves on average (ShiftKernel::moved)
//   pattern:P   as the layout with uniform placement within each class (the +model and ~M
//               variants are scored as their plain pattern)
#pragma once

#include <vector>

#include "eval/setup_mixture.h"

namespace stratego::eval {

struct MixturePosterior {
  std::vector<double> weights;  // per component of the mixture
  // zone x symbols (symbol-index columns): P(symbol on f | observations) under the mixture of
  // every component but the parametric one (whose weight is weights[0]), renormalised.
  std::vector<double> others;
  double parametric = 1;  // the parametric component's posterior weight
};

// obs: per frame square, the observed symbol index or -1.
MixturePosterior condition(const SetupMixture& m, const std::vector<int>& obs);

}  // namespace stratego::eval
