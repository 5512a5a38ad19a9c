// The search's parameters, each with its default and why (search/README.md has the table).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace stratego::eval {
struct ValueWeights;
}

namespace stratego::search {

struct Params {
  // ISUCT exploration constant: values are win probabilities in [0, 1], so the usual
  // sqrt(2) explores too much with many actions; tuned by matches (README).
  double exploration = 0.3;
  // PUCT weight of a root prior (a heuristic's opinion of the root actions), when one is
  // given: how long the prior steers visits before the values take over.
  double prior_weight = 3.0;
  // For games with a heuristic policy (search/ismcts.h, HasPolicy): a softmax over a
  // heuristic's scores of the decider's moves from its own view, with this temperature.
  double policy_temperature = 2;
  // The opponent's choices below the root are drawn from the policy rather than searched, so
  // the opponent does not see through our hidden pieces as a searched opponent would in worlds
  // where they are fixed.
  bool model_opponent = true;
  // Plies played from a new leaf by the policy, for both sides, before any random plies and
  // the static evaluation (games with a policy only).
  int policy_plies = 10;
  // Decisions below the root after which a line is valued as it stands (0: no limit).
  int max_depth = 0;
  // Random plies played from a new leaf before the static evaluation (0: evaluate at once).
  int playout_plies = 0;
  // The classic `rules` judgement's risk pricing (heuristic/classic_rules_eval.h, RulesRisk) in
  // the policy and the root prior: 0 the judgement before it (the rules bot's), 1 on, 2 flag
  // patience, 3 both. The `ismcts` bot plays 2 (it won its SPRT, search/README.md "The root
  // prior"); here 0, so that a search built on Params alone models the plain rules bot.
  int rules_risk = 0;
  // The risk bits with which the policy models the searcher's opponent, side opponent_side:
  // below the root, in play-outs, and in the policy evidence about its pieces' kinds
  // (search/policy_evidence.h); -1: rules_risk, as for the searcher's own moves. The bits that
  // make a better root prior need not be the opponent's: the `rules` bot plays 0.
  int opponent_risk = -1;
  int opponent_side = -1;
  // The opponent's play styles below the root (search/opponent_styles.h; classic family,
  // `opponent_model=styles`): their weights, all zero for the plain policy. Each iteration of a
  // tree draws one style by these weights into `opponent_style`, and the policy plays it for
  // side `styled_side` (the searcher's opponent) below the root and in play-outs alike.
  static constexpr int kMaxStyles = 4;
  std::array<double, kMaxStyles> style_weights{};
  int styled_side = -1;
  int opponent_style = 0;
  // How sharply the static evaluation's material margin maps to a win probability.
  double eval_scale = 1.0;
  // The classic family's static evaluation: the hand-set one (nullptr) or the linear value with
  // these weights (eval/values/value_weights.h, fitted by `stratego train value`); eval_scale is
  // then unused, the weights carry their own scale.
  const eval::ValueWeights* value_weights = nullptr;
  // Classic family: a leaf where the enemy forces the capture of side guarded_side's Flag within
  // this many of its moves (search/flag_race.h) is valued as lost; 0 off.
  int leaf_flag_race = 0;
  int guarded_side = -1;
  // Nodes per tree (per thread): bounds memory at kNodeBytes each (28 MB at the default).
  std::size_t max_nodes = 1'000'000;
  int threads = 1;
  std::uint64_t seed = 1;
};

// When to stop: any limit reached ends the search; all zero means "until stopped".
struct Budget {
  std::int64_t time_ms = 0;
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
  // A timed search may end early once no other action can overtake the leader in the time
  // left (search/settled_stop.h); the move is the one the full time would have chosen.
  bool stop_when_settled = false;
};

}  // namespace stratego::search
