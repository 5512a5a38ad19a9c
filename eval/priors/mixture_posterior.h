// The mixture set-up prior (eval/priors/setup_mixture.h) conditioned on what a game has revealed of
// one side's set-up: which component this opponent draws from (the posterior weights), and what
// each still-hidden start square holds (the predictive shares), for the belief (eval/belief.h).
//
// Observations are symbols on frame squares: the kinds known of pieces by their start squares,
// and the squares the set-up left empty. Exact for the styles and for the exact component (a
// known set-up that contradicts an observation gets no weight); approximate elsewhere:
//   parametric  likelihood: the product of its per-square shares of the observed symbols (when
//               every empty square is observed, their layout's likelihood by independent squares
//               conditioned on the number of pieces); predictive: its per-square table
//   resample:M  a noisy copy of a known set-up t: every square kept with probability
//               keep = 1 - M/n, else a piece drawn by the army's shares b, the squares
//               independently; an observed o on f has P(o | t) = keep [t_f = o] + (1 - keep) b(o),
//               and a hidden square holds t's symbol with probability keep, else b
//               (Copies::kCertain: the older d-mismatch count C(n-d, M-d)/C(n, M) M^-d, which
//               takes every observed square that agrees with t as certain)
//   block:B     exact (the block's known contents, the rest uniform)
//   swap:K      as resample:2K
//   exchange    a noisy copy of t's pieces: t's empty squares kept (an entry whose empty
//               squares differ from the observed ones gets no weight), each piece square kept
//               with probability keep = 1 - 2/pieces, else a piece drawn by the pieces' shares
//   shift:L     as resample:M, M the squares it moves on average (ShiftKernel::moved)
//   placement   as parametric, with the placement prior's per-square shares
//   pattern:P   as the layout with uniform placement within each class (the +model and ~M
//               variants are scored as their plain pattern)
#pragma once

#include <vector>

#include "eval/priors/setup_mixture.h"

namespace stratego::eval {

struct MixturePosterior {
  std::vector<double> weights;  // per component of the mixture
  // zone x symbols (symbol-index columns): P(symbol on f | observations) under the mixture of
  // every component but the parametric one (whose weight is weights[0]), renormalised.
  std::vector<double> others;
  double parametric = 1;  // the parametric component's posterior weight
};

// How the copying components (resample, swap, shift) take observations: as noisy copies (the
// default), or with every agreeing observed square certain (the older conditioning, for
// comparison: it lets some copy explain almost any few observations).
enum class Copies { kNoisy, kCertain };

// obs: per frame square, the observed symbol index or -1. unlike_people: the prior probability
// that the opponent sets up unlike people, spread evenly over the broad components (uniform and
// the styles) on top of the mixture's fitted weights, the rest scaled by 1 - unlike_people (the
// fitted weights say how people set up; how likely an opponent is not a person is not in the
// data).
MixturePosterior condition(const SetupMixture& m, const std::vector<int>& obs,
                           Copies copies = Copies::kNoisy, double unlike_people = 0);
// The weights condition() starts from.
std::vector<double> with_unlike_people(const SetupMixture& m, double unlike_people);

}  // namespace stratego::eval
