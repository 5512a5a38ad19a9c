// What one player of a classic-family game believes about the opponent's hidden pieces: the
// exact constraints of eval/piece_tracker.h, weighted by the set-up prior
// (eval/priors/setup_model.h), by behaviour evidence (eval/behaviour.h) and by evidence from
// outside (add_evidence). The model: a complete assignment a of kinds to the enemy pieces whose
// kind is open has probability
//     pi(a) proportional to  prod_i prior_i(a_i) * lift_i(a_i) * behaviour_i(a_i) * added_i(a_i)
// if a fits every mask and count, and 0 otherwise, where prior_i is the prior's per-square
// share on piece i's start square and lift_i is the prior's "Flag near known pieces" factor
// (kinds known on start squares next to i change the odds that i is the Flag).
//
// marginals() is the pieces x kinds matrix of that model balanced by iterative proportional
// fitting (rows sum to 1, columns to the counts left); it approximates pi's exact marginals
// (exactly pi's marginals need a permanent; the test suite measures the difference).
// sampler() draws assignments exactly consistent and, in the limit, exactly distributed as pi
// (eval/assignment_sampler.h), and builds the determinized State the search plays on.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "eval/assignment_sampler.h"
#include "eval/behaviour.h"
#include "eval/exact_marginals.h"
#include "eval/piece_tracker.h"
#include "eval/priors/mixture_posterior.h"
#include "eval/priors/setup_model.h"

namespace stratego::eval {

struct BeliefOptions {
  bool prior = true;      // the set-up prior's per-square shares (false: counts only)
  bool structure = true;  // the prior's Flag lifts from known pieces nearby
  // The mixture prior (eval/priors/setup_mixture.h) conditioned on every revealed piece
  // (eval/priors/mixture_posterior.h) instead of the parametric table alone; needs prior. Off by
  // default: the search's worlds and `stratego bench` stay as they were.
  bool mixture = false;
  // The mixture's copying components conditioned the older way (eval/priors/mixture_posterior.h
  // Copies::kCertain), for comparison.
  bool certain_copies = false;
  // The prior probability that the opponent sets up unlike people
  // (eval/priors/mixture_posterior.h), for the mixture. 0.9 measured best of 0, 0.3, 0.6, 0.9 by
  // `stratego analyze accuracy` against the set-up styles, at little cost against people
  // (docs/setup-prior.md).
  double unlike_people = 0.9;
  BehaviourOptions behaviour;
  // The evidence from outside the belief about a piece (add_evidence: how a model of the
  // opponent would have moved it) may make a kind at most this many nats less likely than the
  // kind it favours most: a model that is wrong about this opponent must not rule a kind out
  // (`ismcts` option evidence_floor). The belief's own behaviour terms are not floored.
  // Infinite: no floor.
  double evidence_floor = std::numeric_limits<double>::infinity();
};

// What `stratego analyze accuracy` measured to help (README, "Beliefs"): the structure lifts and
// the idle evidence improve beliefs in classic (set-ups that fill the zone) and make them worse
// in Barrage, so they are on exactly when the variant's set-ups fill the zone.
BeliefOptions default_options(const Variant& v);
// Options that switch every soft term off: the counts-only baseline (uniform over the
// assignments that fit the hard constraints).
BeliefOptions counts_only_options();

struct Marginals {
  std::vector<int> pieces;  // tracker piece indices of the rows
  std::vector<Kind> kinds;  // kinds of the columns (the army's)
  Eigen::MatrixXd p;        // rows sum to 1, columns to the counts left
  int sweeps = 0;
  double max_error = 0;
  bool converged = true;
  // P(piece is kind k) for a tracker piece index: from the matrix for open pieces, 1 or 0
  // for pieces whose kind is known.
  double prob(const PieceTracker& t, int piece, Kind k) const;
};

class BeliefSampler;

class Belief {
 public:
  // With default_options() of the view's variant and its compiled-in prior.
  explicit Belief(const View& start);
  // prior: nullptr takes SetupModel::for_variant(view's variant).
  // mixture: used when o.mixture; nullptr takes SetupMixture::for_variant (none for a variant
  // without data: then the parametric table alone).
  Belief(const View& start, BeliefOptions o, std::shared_ptr<const SetupModel> prior = nullptr,
         std::shared_ptr<const SetupMixture> mixture = nullptr);

  // The next decision and the view right after it (InputError if they do not fit).
  void update(const ObservedMove& m, const View& after);
  // Soft evidence from outside the belief (search/policy_evidence.h: how a model of the opponent
  // would have played each kind): log-likelihoods by kind, multiplied into tracker piece i's
  // weights from now on.
  void add_evidence(int piece, const std::array<double, kNumKinds>& log_likelihood);

  const PieceTracker& tracker() const { return tracker_; }
  const SetupModel& prior() const { return *prior_; }
  const BeliefOptions& options() const { return o_; }
  const View& view() const { return view_; }
  // The mixture's posterior given what is revealed so far (nullptr without a mixture).
  const SetupMixture* mixture() const { return mixture_.get(); }
  const MixturePosterior& mixture_posterior() const { return posterior_; }

  // The model's weights of the open pieces (rows as Marginals::pieces, columns the army's
  // kinds), 0 where the masks forbid.
  Eigen::MatrixXd weights() const;
  Marginals marginals() const;
  // The exact marginals of pi (eval/exact_marginals.h), where the count state space is at most
  // max_states; else nullopt.
  std::optional<Marginals> exact_marginals(std::int64_t max_states = kExactMaxStates) const;
  BeliefSampler sampler(std::uint64_t seed) const;

 private:
  friend class BeliefSampler;
  double prior_weight(int piece, Kind k) const;
  int frame(int sq) const;
  void condition_mixture();  // recomputes posterior_ when the revealed symbols changed

  BeliefOptions o_;
  std::shared_ptr<const SetupModel> prior_;
  PieceTracker tracker_;
  BehaviourEvidence behaviour_;
  View view_;
  std::vector<Kind> kinds_;        // the army's kinds (matrix columns)
  std::vector<int> empty_frames_;  // frame squares the enemy left empty at the start
  std::vector<std::array<double, kNumKinds>> evidence_;  // per tracker piece: add_evidence sums
  std::shared_ptr<const SetupMixture> mixture_;
  std::vector<int> observed_;  // what posterior_ was conditioned on (symbol index per frame)
  MixturePosterior posterior_;
};

// Draws from a snapshot of a Belief (taken when sampler() is called). Not thread-safe: one per
// thread.
class BeliefSampler {
 public:
  BeliefSampler(const Belief& b, std::uint64_t seed);

  // A kind for every tracker piece (known ones included): one step of the chain.
  const std::vector<Kind>& sample_kinds();
  // The same, as a full State: the view's public facts plus the sampled kinds. view must be
  // the belief's current view; make_view(result, viewer) == view.
  State sample_state();

  double acceptance_rate() const { return chain_.acceptance_rate(); }
  const Marginals& marginals() const { return marginals_; }

 private:
  std::shared_ptr<const PieceTracker> tracker_;
  View view_;
  Marginals marginals_;
  AssignmentSampler chain_;
  std::vector<Kind> kinds_;
};

}  // namespace stratego::eval
