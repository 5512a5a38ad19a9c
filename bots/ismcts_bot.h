// `ismcts`: the searching bot. Keeps a belief over the opponent's hidden pieces from its own
// observations (eval/belief.h, eval/waterloo_belief.h), and for each decision runs ISMCTS
// (search/) on worlds sampled from it, in parallel over `threads` trees, with the `rules`
// bot's opinion of the legal actions as the root prior and the `rules` bot as the heuristic
// policy that models the opponent and plays out leaves (search/rules_modeled_game.h,
// search/README.md). Options: threads, exploration, prior_weight, prior_temperature,
// model_opponent, policy_plies, policy_temperature, policy_evidence, max_depth, playout_plies,
// eval_scale, tree_mb, movetime (default time per decision when the request gives none),
// opponent_model (rules, or styles: a mixture of play styles, search/opponent_styles.h), value
// (hand: the hand-set static evaluation; learned: the linear value fitted by `stratego train
// value`, eval/data/<variant>_value.weights, where one is shipped for the variant),
// prior_belief (search, the default: the root prior's scores judge unseen pieces by the search's
// belief, from the set-up prior and every observation; rules: by the rules bot's own belief).
// The opponent's moves also weigh the belief under the policy (search/policy_evidence.h).
// Set-ups: the `setups` option, by default the variant's set-up book (eval/priors/setup_book.h);
// `setups=own` and variants without a book: classic family -- 32 structured set-ups of the rules
// generator, keeping the best-guarded flag and, among those, the set-up the human prior expects
// least; Waterloo -- the rules planner's set-up, shuffled by the game's seed.
#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "bots/bot.h"
#include "bots/setup_style_option.h"
#include "heuristic/classic_rules_knowledge.h"
#include "heuristic/waterloo_rules_policy.h"
#include "search/params.h"
#include "search/policy_evidence.h"
#include "search/run_search.h"

namespace stratego::eval {
class Belief;
struct Marginals;
class WaterlooBelief;
class WaterlooPosterior;
}  // namespace stratego::eval

namespace stratego::bots {

// The `opponent_risk` option's default: the bits with which the search models its opponent
// (also the opponent model of `analyze accuracy`'s `search` belief). 0, as the `rules` bot
// plays: it won its field SPRTs in classic and Barrage (search/README.md).
inline constexpr int kIsmctsDefaultOpponentRisk = 0;

class IsmctsBot : public Bot {
 public:
  IsmctsBot();
  ~IsmctsBot() override;
  std::string name() const override { return "ismcts"; }
  std::vector<BotOption> options() const override;
  void set_option(const std::string& name, const std::string& value) override;
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  void observe(const Observation& o) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;
  // Classic family: the root's visits, mean values and prior per action, and the belief about
  // each attack's target (Waterloo: nullopt).
  std::optional<DecisionAnalysis> analyse(const Request& r, const std::atomic<bool>& stop) override;

  const search::Params& params() const { return params_; }

 private:
  // What observe() does for each family's step.
  void observed(const ClassicObservation& o);
  void observed(const WaterlooObservation& o);
  // Every option once (bots/ismcts_bot.cpp): how options() announces it and how set_option()
  // reads and stores a value.
  struct Option;
  static const std::vector<Option>& option_table();
  // The classic belief, on the set-up prior of option setup_prior: the parametric table or the
  // mixture (eval/priors/setup_mixture.h); auto, the default, the mixture in classic only.
  std::unique_ptr<eval::Belief> make_belief(const View& start) const;
  enum class SetupPrior { kAuto, kParametric, kMixture };
  SetupStyleOption setups_{"book"};  // the strongest set-ups where a book is shipped
  SetupPrior setup_prior_ = SetupPrior::kAuto;
  bool learned_value_ = false;            // value=learned
  bool prior_from_search_belief_ = true;  // prior_belief=search (the default)
  // out: where analyse() wants the root's figures (nullptr from decide()).
  Reply decide_classic(const Request& r, const std::atomic<bool>& stop, const InfoSink& info,
                       DecisionAnalysis* out);
  Reply decide_waterloo(const Request& r, const std::atomic<bool>& stop, const InfoSink& info,
                        DecisionAnalysis* out);
  // analyse() of a Waterloo decision: the root's figures per legal action (keys: the base
  // world's root actions, index_of: each one's index in r.legal), attack targets, the die.
  void waterloo_analysis(DecisionAnalysis& out, const Request& r,
                         const std::vector<std::uint32_t>& keys,
                         const std::unordered_map<std::uint32_t, std::size_t>& index_of,
                         const std::vector<double>& prior, const search::SearchResult& res,
                         const eval::WaterlooPosterior& posterior, std::uint64_t seed);
  static constexpr int kDieWorlds = 64;  // worlds in which an attack's die is looked for
  // The decision of the request's family.
  Reply decide_any(const Request& r, const std::atomic<bool>& stop, const InfoSink& info,
                   DecisionAnalysis* out) {
    return r.classic() ? decide_classic(r, stop, info, out) : decide_waterloo(r, stop, info, out);
  }
  search::Budget budget(const Limits& l, int decisions_left) const;
  // The root prior of a classic decision: the `rules` bot's move scores, softmaxed. With
  // marginals (prior_belief=search) the scores judge each unrevealed enemy piece by the
  // search's belief (tracker: its pieces) instead of the rules bot's own.
  std::vector<double> classic_prior(const View& view, const std::vector<std::uint32_t>& keys,
                                    const eval::Marginals* marginals,
                                    const eval::PieceTracker& tracker);

  search::Params params_;
  std::int64_t default_movetime_ms_ = 1000;
  double prior_temperature_ = 10;  // in the rules bot's score units (a Marshal is worth 80)
  GameStart game_;
  int decisions_ = 0;
  std::unique_ptr<eval::Belief> belief_;
  search::PolicyEvidence evidence_;  // what the opponent's moves say under the policy model
  bool policy_evidence_ = true;
  // opponent_model=styles: below the root the opponent plays a mixture of play styles whose
  // weights its moves update (search/opponent_styles.h); rules: the rules policy alone.
  bool opponent_styles_ = false;
  bool stop_when_settled_ = true;  // end a timed decision once the leader cannot be caught
  // flag_race: the enemy moves within which the root checks that no forced capture of our Flag
  // is left (bots/flag_race_choice.h); 0 off. 4 won its SPRT (search/README.md "The flag race").
  int flag_race_moves_ = 4;
  // evidence_floor: eval::BeliefOptions::evidence_floor of the search's belief.
  double evidence_floor_ = std::numeric_limits<double>::infinity();
  std::unique_ptr<eval::WaterlooBelief> waterloo_belief_;
  heuristic::EnemyKnowledge know_;  // the rules judgement on the belief's tracker: the root prior
  bool know_ready_ = false;
  // The rules policy's choice is the root prior of a Waterloo decision.
  std::optional<heuristic::wrules::WaterlooRulesPolicy> waterloo_rules_;
};

}  // namespace stratego::bots
