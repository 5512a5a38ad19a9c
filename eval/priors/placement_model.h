// The placement prior, a component of the mixture set-up prior (eval/priors/setup_mixture.h) for
// small armies (Barrage, Duel): the set-up as its pieces placed one at a time in a fixed order of
// kinds (the Flag, the Bombs, then from the highest rank down), each on a free square drawn by a
// softmax over the free squares of
//
//   theta[class][piece][square] + sum over the pieces j placed before of
//                                 rel[class][piece][j][columns apart][rows apart]
//
// and a mixture of a few such models (latent classes: people have a few ways of setting up, such
// as "everything forward" or "the Flag in a bombed corner"). The offsets are what the
// square-by-square model misses in a small army: where the Bomb stands from the Flag, the
// General from the Marshal, the Spy from the General, at any distance.
//
// Identical pieces are placed in increasing square order, the domain of each leaving room for
// the identical pieces still to come, so every legal set-up has exactly one placement sequence
// and every sequence ends on a legal set-up: log_prob is an exact log-probability that sums to
// 1 over the legal set-ups for any parameters (tests/placement_model_test.cpp sums it).
//
// Fitted by EM over the classes with Adam steps on each class's conditional log-likelihood, on
// the training set-ups and their mirrors; each class's parameters are parameters every class
// shares plus the class's own deviation, each with a Gaussian prior, and neighbouring squares and
// offsets are pulled together (Options). The fit runs on every core (oneTBB) and gives the same
// model on any number of them.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <utility>
#include <vector>

#include "eval/priors/setup_model.h"

namespace stratego::eval {

class PlacementModel {
 public:
  // Offsets cost (pieces^2 / 2) * (2 width - 1) * (2 rows - 1) parameters a class: for armies
  // of at most this many pieces.
  static constexpr int kMaxPieces = 12;
  static bool fits(const SetupModel& shape) { return shape.pieces() <= kMaxPieces; }
  static constexpr int kMaxClasses = 64;  // in all, over an ensemble's fits

  struct Options {
    // Chosen on Barrage's held-out set-ups (nats per set-up better than uniform, the placement
    // prior alone / the mixture with it before the exchange components, `stratego analyze fit`):
    // classes sharing parameters, l2 1 for the shared ones and class_l2 5 for each class's
    // deviation, 8.84 / 9.79; without sharing (l2 5) 8.80 / 9.72; shared with l2 0.5 and 5: 8.80
    // / 9.78, 1 and 10: 8.78 / 9.79; 12 classes 8.69 / 9.70, 16 (1 and 8) 8.79 / 9.77. Before the
    // sharing: 5 classes 8.71, 8 classes 8.80, 12 classes 8.74 alone; l2 5 beside 10 and 20
    // (8.53, 8.13 with 5 classes).
    int classes = 8;
    double l2 = 1;         // per parameter, against the training set's size
    int iterations = 300;  // Adam steps; the classes' weights are re-estimated every 10
    // Above 0: each class's parameters are shared parameters (weight l2) plus the class's own
    // deviation (weight class_l2), so that a class learns what differs from the others and what
    // every class shares is learned from all the set-ups.
    double class_l2 = 5;
    // Above 0: a Gaussian prior on the difference of neighbouring parameters (a piece's weights
    // on orthogonally adjacent squares, a pair's offsets one row or column apart), so that a
    // square or offset few set-ups use borrows from its neighbours. Barrage, held out, the
    // placement prior alone / the mixture: 0 9.22 / 9.94, 0.5 9.27 / 9.97, 1 9.27 / 9.99, 2 9.24
    // / 9.98, 3 9.20 / 9.98, 10 8.99 / 9.92; with 1, 12 classes 9.20 / 9.94, class_l2 10 9.15 /
    // 9.95.
    double smooth = 1;
    // Above 1: this many fits, with seeds seed, seed + 1, ..., whose classes are mixed with
    // equal weight (a mixture of mixtures is one mixture with every class). Fits from different
    // starts find different classes, and their mixture depends less on either start. Barrage, held
    // out, the placement prior alone / the mixture / 2-fold cv, with 12 exchanged copies: 1 fit
    // 9.31 / 9.994 / 9.896, 2 fits 9.38 / 10.006 / 9.916 (with 8 copies: 9.27 / 9.987 / 9.887
    // and 9.33 / 9.989 / 9.894). Each fit costs its time; scoring costs the classes'.
    int ensemble = 2;
    // The weight of each extra set-up in the fit, against 1 for a training set-up.
    double extra_weight = 0.25;
    std::uint64_t seed = 1;
  };
  // training: set-ups as symbol codes (SetupModel::symbols_of); the mirrors are added here, to
  // extra's too. extra: more set-ups to fit on at o.extra_weight each, such as the training
  // set-ups with two pieces exchanged (SetupMixture::exchanged_copies): people swap two pieces'
  // roles in the set-ups they reuse, and the offsets alone do not learn that from 2,841 set-ups
  // (Barrage's placement prior alone, held out: 8.84 nats better than uniform without, 9.22
  // with 8 exchanged copies of each training set-up at weight 0.25).
  static PlacementModel fit(const SetupModel& shape, const std::vector<std::vector<int>>& training,
                            const Options& o, const std::vector<std::vector<int>>& extra = {});

  // The text written by format(), from a stream positioned after its first line
  // ("placement CLASSES"); ends after the line "end-placement". InputError names origin and line.
  static PlacementModel parse(const SetupModel& shape, int classes, std::istream& in,
                              const std::string& origin, int& line_no);
  std::string format() const;

  double log_prob(const std::vector<int>& codes) const;
  // log P(x | which squares hold which class of symbols): each piece placed only on the free
  // squares of its class in x (class_of: per symbol index); normalised over the set-ups of that
  // layout. The pattern components' "+placement" filling (eval/priors/setup_mixture.h).
  double log_prob_within(const std::vector<int>& codes, const std::vector<int>& class_of) const;
  int classes() const { return int(class_weight_.size()); }
  // P(symbol index s on frame square f): the model's per-square shares, estimated once from
  // kShareSamples sampled set-ups (fixed seed), for conditioning (eval/priors/mixture_posterior.h).
  double share(int f, int s) const { return shares_[std::size_t(f * symbols_ + s)]; }
  static constexpr int kShareSamples = 20000;

 private:
  explicit PlacementModel(const SetupModel& shape);
  int theta_index(int c, int i, int f) const { return (c * pieces_ + i) * zone_ + f; }
  int rel_index(int c, int i, int j, int from, int to) const;
  // Appends the pairs of neighbouring parameters of one block (a class's, or the shared ones,
  // whose theta starts at theta_base and rel at rel_base), for the fit's smoothness prior: a
  // piece's weights on orthogonally adjacent squares, a pair's offsets one column or row apart.
  void add_neighbour_pairs(std::size_t theta_base, std::size_t rel_base,
                           std::vector<std::pair<std::size_t, std::size_t>>& out) const;
  // o.ensemble fits from seeds o.seed, o.seed + 1, ..., their classes mixed with equal weight.
  static PlacementModel fit_ensemble(const SetupModel& shape,
                                     const std::vector<std::vector<int>>& training,
                                     const Options& o, const std::vector<std::vector<int>>& extra);
  // Log-likelihood of one placement sequence (pos: square per piece) under class c; adds
  // scale * d log P / d parameter to grad when grad is not null. With region (per square) and
  // piece_region (per piece), a piece goes only on the squares of its region.
  double sequence_log_prob(int c, const std::vector<int>& pos, std::vector<double>* grad,
                           double scale, const std::vector<int>* region = nullptr,
                           const std::vector<int>* piece_region = nullptr) const;
  // Piece i's step under class c, given pos of the pieces before it: the squares it may go on
  // (free; after an identical piece placed before it, leaving room for those still to come;
  // within its region if given) and the log-probability of each. False if none is left.
  bool step(int c, int i, const std::vector<int>& pos, const std::vector<bool>& occupied,
            const std::vector<int>* region, const std::vector<int>* piece_region,
            std::vector<int>& domain, std::vector<double>& log_p) const;
  double mix_classes(const std::vector<int>& pos, const std::vector<int>* region,
                     const std::vector<int>* piece_region) const;
  std::vector<int> positions(const std::vector<int>& codes) const;  // square per piece, or {}
  // The first square piece i may take: after an identical piece placed just before it.
  int first_square(int i, const std::vector<int>& pos) const {
    return i > 0 && piece_symbol_[std::size_t(i)] == piece_symbol_[std::size_t(i - 1)]
               ? pos[std::size_t(i - 1)] + 1
               : 0;
  }
  void compute_shares();

  int width_ = 0, rows_ = 0, zone_ = 0, pieces_ = 0, symbols_ = 0, offsets_ = 0;
  std::vector<bool> lake_;
  std::vector<int> piece_symbol_;  // symbol index per piece, in placement order
  std::vector<int> piece_code_;    // its code
  std::vector<int> same_after_;    // identical pieces placed after it
  int empty_symbol_ = -1;
  std::vector<double> class_weight_;
  std::vector<double> params_;  // every class's theta, then every class's rel
  std::size_t rel_base_ = 0;
  std::vector<double> shares_;
};

}  // namespace stratego::eval
