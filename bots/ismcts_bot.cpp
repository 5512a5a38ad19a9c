#include "bots/ismcts_bot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <unordered_map>

#include "bots/action_keys.h"
#include "bots/die_outcomes.h"
#include "bots/flag_race_choice.h"
#include "bots/option_values.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/setup.h"
#include "engine/text_util.h"
#include "engine/waterloo/record.h"
#include "eval/belief.h"
#include "eval/belief_model.h"
#include "eval/determinize.h"
#include "eval/priors/setup_mixture.h"
#include "eval/priors/setup_model.h"
#include "eval/values/value_weights.h"
#include "eval/waterloo_belief.h"
#include "eval/waterloo_posterior.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_setup.h"
#include "heuristic/waterloo_action_info.h"
#include "heuristic/waterloo_setup_plan.h"
#include "search/classic_search_game.h"
#include "search/rules_modeled_game.h"
#include "search/run_search.h"
#include "search/time_manager.h"
#include "search/waterloo_search_game.h"

namespace stratego::bots {
namespace {

constexpr int kSetupCandidates = 32;
constexpr int kFlagRaceWorlds = 32;  // worlds a root action's flag race is judged on
constexpr double kRulesChoiceShare = 0.5;

// Normalises a root prior and mixes it half-and-half with an even spread, so that the search
// tries every action in good time (an all-zero prior becomes the even spread).
void mix_with_even_spread(std::vector<double>& prior) {
  const double sum = std::accumulate(prior.begin(), prior.end(), 0.0);
  const double even = 1.0 / double(prior.size());
  for (double& x : prior)
    x = sum > 0 ? kRulesChoiceShare * x / sum + (1 - kRulesChoiceShare) * even : even;
}

SearchInfo to_info(const search::Progress& p) {
  SearchInfo i;
  i.iterations = i.samples = std::int64_t(p.iterations);
  i.nodes = std::int64_t(p.nodes);
  i.nps = p.seconds > 0 ? std::int64_t(double(p.nodes) / p.seconds) : 0;
  return i;
}

SearchInfo final_info(const search::SearchResult& r) {
  SearchInfo i;
  i.iterations = i.samples = std::int64_t(r.iterations);
  i.nodes = std::int64_t(r.nodes);
  i.nps = r.seconds > 0 ? std::int64_t(double(r.nodes) / r.seconds) : 0;
  i.win_probability = r.win_probability;
  if (r.settled) i.text = "settled";
  return i;
}

}  // namespace

IsmctsBot::~IsmctsBot() = default;

// A spin is read as an integer and a string as a real number, both in [lo, hi]; a check as
// true/false (1/0). The announced range of a spin is its [lo, hi]; the real-valued options are
// announced as strings, so their range is only checked here.
static_assert(kIsmctsDefaultOpponentRisk == 0, "opponent_risk's default in option_table() below");

struct IsmctsBot::Option {
  const char* name;
  BotOption::Type type;
  const char* default_value;
  double lo, hi;
  void (*set)(IsmctsBot& b, double v);
};

const std::vector<IsmctsBot::Option>& IsmctsBot::option_table() {
  using T = BotOption::Type;
  static const std::vector<Option> table = {
      {"threads", T::kSpin, "1", 1, 64, [](IsmctsBot& b, double v) { b.params_.threads = int(v); }},
      {"exploration", T::kString, "0.3", 0, 10,
       [](IsmctsBot& b, double v) { b.params_.exploration = v; }},
      {"playout_plies", T::kSpin, "0", 0, 1000,
       [](IsmctsBot& b, double v) { b.params_.playout_plies = int(v); }},
      {"eval_scale", T::kString, "1.0", 0.01, 100,
       [](IsmctsBot& b, double v) { b.params_.eval_scale = v; }},
      {"tree_mb", T::kSpin, "28", 1, 16384,
       [](IsmctsBot& b, double v) {
         b.params_.max_nodes = std::size_t(v) * 1'000'000 / search::kNodeBytes;
       }},
      {"movetime", T::kSpin, "1000", 1, 3'600'000,
       [](IsmctsBot& b, double v) { b.default_movetime_ms_ = std::int64_t(v); }},
      {"prior_weight", T::kString, "3.0", 0, 100,
       [](IsmctsBot& b, double v) { b.params_.prior_weight = v; }},
      {"max_depth", T::kSpin, "0", 0, 1000,
       [](IsmctsBot& b, double v) { b.params_.max_depth = int(v); }},
      {"prior_temperature", T::kString, "10", 0.01, 10000,
       [](IsmctsBot& b, double v) { b.prior_temperature_ = v; }},
      {"policy_temperature", T::kString, "2", 0.01, 10000,
       [](IsmctsBot& b, double v) { b.params_.policy_temperature = v; }},
      {"model_opponent", T::kCheck, "true", 0, 1,
       [](IsmctsBot& b, double v) { b.params_.model_opponent = v != 0; }},
      {"policy_plies", T::kSpin, "10", 0, 1000,
       [](IsmctsBot& b, double v) { b.params_.policy_plies = int(v); }},
      {"policy_evidence", T::kCheck, "true", 0, 1,
       [](IsmctsBot& b, double v) { b.policy_evidence_ = v != 0; }},
      {"stop_when_settled", T::kCheck, "true", 0, 1,
       [](IsmctsBot& b, double v) { b.stop_when_settled_ = v != 0; }},
      {"risk", T::kSpin, "2", 0, heuristic::kMaxRisk,
       [](IsmctsBot& b, double v) { b.params_.rules_risk = int(v); }},
      {"opponent_risk", T::kSpin, "0", -1, heuristic::kMaxRisk,
       [](IsmctsBot& b, double v) { b.params_.opponent_risk = int(v); }},
      {"flag_race", T::kSpin, "4", 0, 4,
       [](IsmctsBot& b, double v) { b.flag_race_moves_ = int(v); }},
      {"evidence_floor", T::kString, "inf", 0, std::numeric_limits<double>::infinity(),
       [](IsmctsBot& b, double v) { b.evidence_floor_ = v; }},
      {"leaf_flag_race", T::kSpin, "0", 0, 3,
       [](IsmctsBot& b, double v) { b.params_.leaf_flag_race = int(v); }},
  };
  return table;
}

// The defaults in effect are the ones option_table() announces (search::Params keeps its own,
// which model the plain `rules` bot).
IsmctsBot::IsmctsBot() {
  for (const Option& o : option_table()) set_option(o.name, o.default_value);
}

std::vector<BotOption> IsmctsBot::options() const {
  std::vector<BotOption> out;
  for (const Option& o : option_table()) {
    const bool spin = o.type == BotOption::Type::kSpin;
    out.push_back({o.name,
                   o.type,
                   o.default_value,
                   spin ? std::int64_t(o.lo) : 0,
                   spin ? std::int64_t(o.hi) : 0,
                   {}});
  }
  // The two options that take words, not numbers.
  out.push_back(setups_.option());
  out.push_back(
      {"setup_prior", BotOption::Type::kCombo, "auto", 0, 0, {"auto", "parametric", "mixture"}});
  out.push_back({"opponent_model", BotOption::Type::kCombo, "rules", 0, 0, {"rules", "styles"}});
  out.push_back({"value", BotOption::Type::kCombo, "hand", 0, 0, {"hand", "learned"}});
  out.push_back({"prior_belief", BotOption::Type::kCombo, "search", 0, 0, {"search", "rules"}});
  return out;
}

void IsmctsBot::set_option(const std::string& name, const std::string& value) {
  if (name == SetupStyleOption::kName) return setups_.set(value);
  if (name == "setup_prior") {
    setup_prior_ = SetupPrior(parse_choice(name, value, {"auto", "parametric", "mixture"}));
    return;
  }
  if (name == "opponent_model") {
    const bool styles = parse_choice(name, value, {"rules", "styles"}) == 1;
    // The evidence learnt so far stays unless the model changes (new_game starts it afresh).
    if (opponent_styles_ != styles) evidence_ = search::PolicyEvidence(styles);
    opponent_styles_ = styles;
    return;
  }
  if (name == "value") {
    learned_value_ = parse_choice(name, value, {"hand", "learned"}) == 1;
    return;
  }
  if (name == "prior_belief") {
    prior_from_search_belief_ = parse_choice(name, value, {"rules", "search"}) == 1;
    return;
  }
  for (const Option& o : option_table()) {
    if (name != o.name) continue;
    switch (o.type) {
      case BotOption::Type::kSpin:
        return o.set(*this, double(parse_int(name, value, std::int64_t(o.lo), std::int64_t(o.hi))));
      case BotOption::Type::kCheck:
        return o.set(*this, parse_bool(name, value) ? 1 : 0);
      default:
        return o.set(*this, parse_real(name, value, o.lo, o.hi));
    }
  }
  Bot::set_option(name, value);
}

std::unique_ptr<eval::Belief> IsmctsBot::make_belief(const View& start) const {
  eval::BeliefOptions o = eval::default_options(*start.variant);
  o.evidence_floor = evidence_floor_;
  // auto: the mixture where it won its SPRT against the parametric table: the classic army of
  // 40 (classic and its Vintage options), and Barrage since its mixture has the placement prior
  // (docs/setup-prior.md); not yet shown in Ultimate Lightning and Duel.
  const auto mixture = eval::SetupMixture::for_variant(*start.variant);
  o.mixture = setup_prior_ == SetupPrior::kMixture ||
              (setup_prior_ == SetupPrior::kAuto && mixture &&
               (start.variant->army_size() == 40 || mixture->placement()));
  return std::make_unique<eval::Belief>(start, o);
}

void IsmctsBot::new_game(const GameStart& g) {
  game_ = g;
  decisions_ = 0;
  belief_.reset();
  evidence_ = search::PolicyEvidence(opponent_styles_);
  waterloo_belief_.reset();
  know_ready_ = g.variant->family != Family::kWaterloo;
  if (know_ready_) know_.reset(g.variant, g.side, heuristic::RulesRisk(params_.rules_risk));
  params_.opponent_side = int(other(g.side));
  waterloo_rules_.reset();
  if (g.variant->family == Family::kWaterloo) {
    waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(g.variant, g.side);
    waterloo_rules_.emplace(g.seed, g.side);
  }
}

std::string IsmctsBot::setup(const SetupRequest& r) {
  Rng rng(game_.seed ^ 0x5e7u);
  const Variant& v = *game_.variant;
  if (const auto* view = r.waterloo())
    return heuristic::wrules::planned_setup_tokens(*view, game_.side, rng);
  if (auto line = setups_.setup(v, rng)) return *line;
  // The best-guarded flag first (sides closed by the edge or own pieces, bombs counting
  // double); among those, the set-up the human prior expects least.
  const eval::SetupModel prior = eval::SetupModel::for_variant(v);
  const Geometry& g = v.geometry;
  std::string best;
  double best_guard = -1, best_surprise = 0;
  for (int i = 0; i < kSetupCandidates; ++i) {
    const Setup setup = heuristic::rules_setup(v, game_.side, rng);
    Bitboard own = 0, bombs = 0, flag = 0;
    for (const auto& [sq, k] : setup.pieces) {
      own |= Bitboard(1) << sq;
      if (k == kBomb) bombs |= Bitboard(1) << sq;
      if (k == kFlag) flag |= Bitboard(1) << sq;
    }
    double guard = 0;
    for (Direction d : kDirections) {
      const Bitboard n = g.shift(flag, d);
      guard += !n ? 1.0 : (n & bombs) ? 2.0 : (n & own) ? 1.0 : 0.0;
    }
    const std::string line = format_setup(v, setup);
    const double surprise = -prior.log_prob(prior.symbols_of(line));
    if (guard > best_guard || (guard == best_guard && surprise > best_surprise))
      best = line, best_guard = guard, best_surprise = surprise;
  }
  return best;
}

void IsmctsBot::observe(const Observation& o) {
  std::visit([this](const auto& seen) { observed(seen); }, o);
}

void IsmctsBot::observed(const ClassicObservation& o) {
  const ObservedMove& m = o.step;
  const View& after = o.after;
  if (!belief_) {
    // Blue first hears of the game after Red's opening move: start from the view before it,
    // so that piece keeps its start square and the empty set-up squares stay evidence.
    const std::optional<View> start = view_before_opening(m, after);
    if (!start) {
      belief_ = make_belief(after);
      return;
    }
    belief_ = make_belief(*start);
  }
  try {
    const auto evidence = policy_evidence_
                              ? evidence_.observe(*belief_, m, params_,
                                                  game_.seed + std::uint64_t(after.moves_played))
                              : std::nullopt;
    belief_->update(m, after);
    if (evidence) belief_->add_evidence(evidence->piece, evidence->log_likelihood);
  } catch (const InputError&) {
    // A history the tracker cannot follow (it should not happen): start again from the view
    // rather than stop playing; beliefs lose only the start squares.
    belief_ = make_belief(after);
  }
}

void IsmctsBot::observed(const WaterlooObservation& o) {
  const waterloo::ObservedStep& s = o.step;
  const waterloo::WaterlooView& after = o.after;
  if (waterloo_rules_) waterloo_rules_->remember(after);
  if (!waterloo_belief_) waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(after);
  try {
    waterloo_belief_->observe(s, after);
  } catch (const InputError&) {
    waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(after);
  }
}

search::Budget IsmctsBot::budget(const Limits& l, int decisions_left) const {
  search::Budget b;
  b.iterations = l.iterations;
  b.nodes = l.nodes;
  if (l.infinite) return b;
  const Side me = game_.side;
  b.time_ms = search::decision_time_ms(
      search::Clock{l.movetime_ms, l.time_left_ms[me], l.increment_ms[me]}, decisions_left);
  if (b.time_ms == 0 && b.iterations == 0 && b.nodes == 0) b.time_ms = default_movetime_ms_;
  b.stop_when_settled = stop_when_settled_;
  return b;
}

Reply IsmctsBot::decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) {
  ++decisions_;
  if (r.legal.size() == 1) return Reply{r.legal.front()};
  return decide_any(r, stop, info, nullptr);
}

std::optional<DecisionAnalysis> IsmctsBot::analyse(const Request& r,
                                                   const std::atomic<bool>& stop) {
  ++decisions_;
  return analysis_of(name(), r, [&](DecisionAnalysis& a) { decide_any(r, stop, {}, &a); });
}

Reply IsmctsBot::decide_classic(const Request& r, const std::atomic<bool>& stop,
                                const InfoSink& info, DecisionAnalysis* out) {
  const View& view = *r.classic();
  if (!belief_ || !(belief_->view() == view)) belief_ = make_belief(view);
  const Geometry& g = view.variant->geometry;
  const std::vector<std::uint32_t> keys = action_keys(r);

  search::Params p = params_;
  p.seed = game_.seed * 0x9e3779b97f4a7c15ull + std::uint64_t(decisions_);
  if (opponent_styles_) {
    // Each iteration's opponent plays a style drawn by what its moves so far say. The uniform
    // style's weight goes to rules here: it explains the moves the policy does not expect (of
    // a strong stranger as much as of a random mover), and a search that lets such an opponent
    // move at random below the root expects him never to punish anything; against a truly
    // random mover the rules model already wins every game (search/README.md).
    p.style_weights = evidence_.weights();
    p.style_weights[search::kRulesStyle] += p.style_weights[search::kUniformStyle];
    p.style_weights[search::kUniformStyle] = 0;
    p.styled_side = int(other(view.viewer));
  }
  p.guarded_side = int(view.viewer);
  // A variant without shipped weights keeps the hand-set evaluation.
  if (learned_value_) p.value_weights = eval::builtin_value_weights(view.variant->name);
  // Built in place: a sampler refers to its own members, so it must never move. Thread 0's
  // is built here (it also draws the base world); the others in their own threads, so that the
  // buffers each thread rewrites at every sample come from its own memory, not from cache lines
  // next to another thread's.
  std::vector<std::unique_ptr<eval::BeliefSampler>> samplers(std::size_t(std::max(1, p.threads)));
  samplers[0] = std::make_unique<eval::BeliefSampler>(*belief_, p.seed);
  const eval::PieceTracker& tracker = belief_->tracker();
  const State base = eval::determinize(view, tracker, samplers[0]->sample_kinds());
  // A world is the base with the sampled kinds put on the enemy's squares: no allocation
  // after a thread's first sample.
  auto sample = [&](int t, Rng&, State& w) {
    std::unique_ptr<eval::BeliefSampler>& sampler = samplers[std::size_t(t)];
    if (!sampler)
      sampler = std::make_unique<eval::BeliefSampler>(*belief_, p.seed + std::uint64_t(t));
    eval::redeterminize(base, tracker, sampler->sample_kinds(), w);
  };
  const std::vector<double> prior =
      p.prior_weight > 0
          ? classic_prior(view, keys,
                          prior_from_search_belief_ ? &samplers[0]->marginals() : nullptr, tracker)
          : std::vector<double>{};
  const int left = std::max(20, 200 - view.moves_played / 2);
  auto progress = [&](const search::Progress& pr) {
    if (info) info(to_info(pr));
  };
  search::Budget b = budget(r.limits, left);
  std::vector<double> flag_shares;
  if (flag_race_moves_ > 0) {
    // Before the search, on worlds of its own, and paid from the search's time.
    const auto race_start = std::chrono::steady_clock::now();
    eval::BeliefSampler race_sampler(*belief_, p.seed ^ 0x666c6167ull);
    flag_shares =
        flag_loss_shares(view, tracker, race_sampler, keys, flag_race_moves_, kFlagRaceWorlds);
    const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - race_start);
    if (b.time_ms > 0) b.time_ms = std::max<std::int64_t>(1, b.time_ms - spent.count());
  }
  const search::SearchResult res = search::run_search<search::RulesModeledClassicGame>(
      p, b, keys, base, sample, stop, progress, prior);
  const std::uint32_t best_key =
      flag_shares.empty() ? res.best : flag_race_choice(res, keys, flag_shares);
  SearchInfo fin = final_info(res);
  for (std::uint32_t k : res.pv)
    fin.pv.push_back(move_to_text(Move::from_raw(std::uint16_t(k)), g));
  fin.depth = int(fin.pv.size());
  if (info) info(fin);
  const std::string& chosen = r.legal[index_of_key(keys, best_key)];
  if (out) {
    out->bot = name();
    out->chosen = chosen;
    out->measure = "visits";
    out->total_visits = std::int64_t(res.iterations);
    out->nodes = std::int64_t(res.nodes);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      ActionRow row;
      row.action = r.legal[i];
      row.key = keys[i];
      row.visits = 0;
      if (!prior.empty()) row.prior = prior[i];
      if (!flag_shares.empty()) row.flag_lost = flag_shares[i];
      for (const search::RootStat& st : res.root) {
        if (st.key != keys[i]) continue;
        row.visits = std::int64_t(st.visits);
        if (st.visits > 0) row.value = st.reward / double(st.visits);
      }
      out->rows.push_back(row);
    }
    // Most visited first, the chosen action at the head of its tie (run_search's order).
    std::stable_sort(out->rows.begin(), out->rows.end(),
                     [&](const ActionRow& x, const ActionRow& y) {
                       if (x.visits != y.visits) return x.visits > y.visits;
                       return x.action == chosen && y.action != chosen;
                     });
    mark_attacks(*out, view);
    fill_target_beliefs(*out, tracker, samplers[0]->marginals(), "the bot's");
  }
  return Reply{chosen};
}

std::vector<double> IsmctsBot::classic_prior(const View& view,
                                             const std::vector<std::uint32_t>& keys,
                                             const eval::Marginals* marginals,
                                             const eval::PieceTracker& tracker) {
  if (!know_ready_) {  // asked without new_game: know from this view on
    know_.reset(view.variant, view.viewer, heuristic::RulesRisk(params_.rules_risk));
    know_ready_ = true;
  }
  know_.update(view, tracker);  // the belief's tracker: one tracker follows the game
  if (marginals) {
    const Side enemy = other(view.viewer);
    for (int sq = 0; sq < view.variant->geometry.num_squares(); ++sq) {
      const Piece pc = view.board[sq].piece;
      const int piece = tracker.piece_at(sq);
      if (pc == kNoPiece || piece_side(pc) != enemy || piece_kind(pc) != kUnknown || piece < 0)
        continue;
      heuristic::KindProbs b{};
      for (Kind k : marginals->kinds) b[k] = marginals->prob(tracker, piece, k);
      know_.set_belief(sq, b);
    }
  }
  const heuristic::ClassicRulesEval rules(view, know_, heuristic::EvalMode::kFast,
                                          heuristic::RulesRisk(params_.rules_risk));
  std::vector<double> prior;
  for (std::uint32_t k : keys) prior.push_back(rules.score(Move::from_raw(std::uint16_t(k))));
  search::softmax_scores(prior, prior_temperature_);
  mix_with_even_spread(prior);
  return prior;
}

// The root's figures of a Waterloo decision, a row per legal action of the request (the base
// world's actions matched to them by what they do), and where the die settles an attack.
void IsmctsBot::waterloo_analysis(DecisionAnalysis& out, const Request& r,
                                  const std::vector<std::uint32_t>& keys,
                                  const std::unordered_map<std::uint32_t, std::size_t>& index_of,
                                  const std::vector<double>& prior, const search::SearchResult& res,
                                  const eval::WaterlooPosterior& posterior, std::uint64_t seed) {
  const std::vector<std::uint32_t> request_keys = action_keys(r);
  const std::string& chosen = r.legal[index_of.at(res.best)];
  out.bot = name();
  out.chosen = chosen;
  out.measure = "visits";
  out.total_visits = std::int64_t(res.iterations);
  out.nodes = std::int64_t(res.nodes);
  for (std::size_t i = 0; i < r.legal.size(); ++i) {
    ActionRow row;
    row.action = r.legal[i];
    row.key = request_keys[i];
    row.visits = 0;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (index_of.at(keys[k]) != i) continue;
      if (!prior.empty()) row.prior = prior[k];
      for (const search::RootStat& st : res.root) {
        if (st.key != keys[k]) continue;
        row.visits = std::int64_t(st.visits);
        if (st.visits > 0) row.value = st.reward / double(st.visits);
      }
    }
    out.rows.push_back(row);
  }
  std::stable_sort(out.rows.begin(), out.rows.end(), [&](const ActionRow& x, const ActionRow& y) {
    if (x.visits != y.visits) return x.visits > y.visits;
    return x.action == chosen && y.action != chosen;
  });
  const waterloo::WaterlooView& view = *r.waterloo();
  mark_attacks(out, view);
  fill_target_beliefs(out, eval::belief_table(posterior), "the bot's");
  fill_die_outcomes(out, posterior, seed ^ 0x646965ull, kDieWorlds);
}

Reply IsmctsBot::decide_waterloo(const Request& r, const std::atomic<bool>& stop,
                                 const InfoSink& info, DecisionAnalysis* out) {
  const waterloo::WaterlooView& view = *r.waterloo();
  if (!waterloo_belief_ || !(waterloo_belief_->view() == view))
    waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(view);
  const eval::WaterlooPosterior posterior = waterloo_belief_->posterior();

  search::Params p = params_;
  p.seed = game_.seed * 0x9e3779b97f4a7c15ull + std::uint64_t(decisions_);
  Rng rng(p.seed);
  const waterloo::WaterlooState base = posterior.determinize(rng);
  // Root actions: the base world's legal actions that the request names, in the base world's
  // order, matched by what they do (a place action's key differs between worlds).
  const std::vector<heuristic::wrules::ActionInfo> named = waterloo_action_infos(r);
  std::vector<std::uint32_t> keys;
  std::unordered_map<std::uint32_t, std::size_t> index_of;  // root key -> index in r.legal
  waterloo::ActionList list;
  base.legal_actions(list);
  for (waterloo::Action a : list) {
    const auto it = std::find(named.begin(), named.end(), heuristic::wrules::describe(base, a));
    if (it == named.end()) continue;
    keys.push_back(a.raw());
    index_of.emplace(a.raw(), std::size_t(it - named.begin()));
  }
  if (keys.empty()) return Reply{r.legal.front()};  // cannot happen when worlds are right

  std::vector<double> prior;
  if (p.prior_weight > 0) {
    // The rules policy's choice, mixed with the even spread.
    if (!waterloo_rules_) waterloo_rules_.emplace(game_.seed, view.viewer);
    const std::size_t choice = waterloo_rules_->choose(view, named);
    for (std::uint32_t k : keys) prior.push_back(index_of.at(k) == choice ? 1.0 : 0.0);
    mix_with_even_spread(prior);
  }
  auto sample = [&](int, Rng& thread_rng, waterloo::WaterlooState& w) {
    posterior.determinize(thread_rng, w);
    w.set_keep_history(false);
  };
  const int left = std::max(8, (view.rules().turn_limit - view.turn + 1) * 4);
  auto progress = [&](const search::Progress& pr) {
    if (info) info(to_info(pr));
  };
  const search::SearchResult res = search::run_search<search::RulesModeledWaterlooGame>(
      p, budget(r.limits, left), keys, base, sample, stop, progress, prior);
  SearchInfo fin = final_info(res);
  const std::string& best = r.legal[index_of.at(res.best)];
  fin.pv.push_back(best);
  fin.depth = 1;
  if (info) info(fin);
  if (out) waterloo_analysis(*out, r, keys, index_of, prior, res, posterior, p.seed);
  return Reply{best};
}

}  // namespace stratego::bots
