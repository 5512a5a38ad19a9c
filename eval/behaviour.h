// Soft evidence about hidden enemy pieces from how the opponent plays them: likelihoods that
// multiply the set-up prior, each one switchable, none of them a hard constraint (the hard ones
// are eval/piece_tracker.h). Which ones are on by default is decided by measurement
// (`stratego analyze accuracy`, README "Beliefs"):
//   idle     a piece that stands still while it could move: each enemy turn in which an unmoved
//            piece had a free or attackable neighbour square and another piece moved is one
//            exposure; a piece with e exposures gets (1 - h)^e for every kind that can move,
//            where h, the chance per turn that the opponent moves a given unmoved movable
//            piece that can move, is estimated from the game itself: (first moves + 1) /
//            (exposures of movable pieces + m), m the army's movable pieces (so before any
//            evidence h = 1/m, what a uniformly random mover gives), the movable share of
//            exposures estimated from the counts. A player who keeps his pieces still, as the
//            rules bot does, so gives weak evidence, and a random mover strong evidence;
//   approach a piece that steps next to a viewer piece whose rank the opponent knows gets
//            exp(weight) for the kinds that would beat it;
//   flee     a piece that steps away from such a viewer piece gets exp(weight) for the kinds
//            that piece would beat.
#pragma once

#include <array>
#include <vector>

#include "eval/piece_tracker.h"

namespace stratego::eval {

struct BehaviourOptions {
  bool idle = true;
  double idle_scale = 1.0;  // multiplies the estimated h
  bool approach = false;
  double approach_weight = 0.5;
  bool flee = false;
  double flee_weight = 0.5;
};

class BehaviourEvidence {
 public:
  BehaviourEvidence() = default;
  BehaviourEvidence(const BehaviourOptions& o, const Variant& v, int pieces);

  // Call with the tracker and the viewer's view as they were before m, for every decision.
  void observe(const PieceTracker& t, const View& before, const ObservedMove& m);

  // log of the likelihood factor of kind k for tracker piece i (0 = no evidence).
  double log_likelihood(const Variant& v, int i, Kind k) const {
    double x = kinds_[std::size_t(i)][k];
    if (v.can_move(k) && exposures_[std::size_t(i)] > 0)
      x += exposures_[std::size_t(i)] * idle_log_;
    return x;
  }
  // The estimated chance per turn that an unmoved movable piece that can move is moved.
  double idle_hazard() const;
  const BehaviourOptions& options() const { return o_; }

 private:
  BehaviourOptions o_;
  std::vector<int> exposures_;    // per piece: turns it could have moved and stood still
  double movable_exposures_ = 0;  // summed over pieces and turns, times the movable share
  int first_moves_ = 0;           // moves of a piece that had not moved before
  double prior_exposures_ = 20;   // the army's movable pieces: h starts at 1 / this
  double idle_log_ = 0;           // log(1 - idle_hazard())
  std::vector<std::array<float, kNumKinds>> kinds_;  // per piece and kind
};

}  // namespace stratego::eval
