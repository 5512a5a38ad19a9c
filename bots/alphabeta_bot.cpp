#include "bots/alphabeta_bot.h"

#include <algorithm>

#include "bots/action_keys.h"
#include "bots/option_values.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/setup.h"
#include "engine/waterloo/record.h"
#include "eval/belief.h"
#include "eval/determinize.h"
#include "eval/values/value_weights.h"
#include "eval/waterloo_belief.h"
#include "eval/waterloo_posterior.h"
#include "heuristic/classic_rules_setup.h"
#include "heuristic/waterloo_setup_plan.h"
#include "search/pimc.h"
#include "search/time_manager.h"

namespace stratego::bots {
namespace {

// What the searches of both families report alike.
struct Searched {
  std::uint64_t nodes = 0;
  int worlds = 0, min_depth = 0, max_depth = 0;
  double seconds = 0, win_probability = 0.5;
};
template <class Result>
Searched searched(const Result& r) {
  return {r.nodes, r.worlds, r.min_depth, r.max_depth, r.seconds, r.win_probability};
}

// The final info line; with `out` (analyse()), the decision's figures and `rows` (holding their
// score, value and votes) best first by the measure the choice used, the other one breaking
// ties (the search's order), the chosen action first among equals.
void report(const std::string& bot, const Searched& s, const std::string& pv,
            const std::string& chosen, bool votes, const InfoSink& info, DecisionAnalysis* out,
            std::vector<ActionRow> rows) {
  SearchInfo fin;
  fin.nodes = std::int64_t(s.nodes);
  fin.samples = s.worlds;
  fin.nps = s.seconds > 0 ? std::int64_t(double(s.nodes) / s.seconds) : 0;
  fin.depth = s.min_depth;
  fin.win_probability = s.win_probability;
  fin.pv.push_back(pv);
  fin.text = "worlds " + std::to_string(s.worlds) + " depth " + std::to_string(s.min_depth) + ".." +
             std::to_string(s.max_depth);
  if (info) info(fin);
  if (!out) return;
  out->bot = bot;
  out->chosen = chosen;
  out->measure = votes ? "votes" : "values";
  out->nodes = std::int64_t(s.nodes);
  out->worlds = s.worlds;
  out->min_depth = s.min_depth;
  out->max_depth = s.max_depth;
  out->rows = std::move(rows);
  auto key = [&](const ActionRow& x) {
    const double score = given(x.score) ? x.score : -1e300;  // not searched: last
    return votes ? std::pair(double(x.votes), score) : std::pair(score, double(x.votes));
  };
  std::stable_sort(out->rows.begin(), out->rows.end(), [&](const ActionRow& x, const ActionRow& y) {
    const auto kx = key(x), ky = key(y);
    if (kx != ky) return kx > ky;
    return x.action == chosen && y.action != chosen;
  });
}

}  // namespace

AlphaBetaBot::AlphaBetaBot() = default;
AlphaBetaBot::~AlphaBetaBot() = default;

std::vector<BotOption> AlphaBetaBot::options() const {
  using T = BotOption::Type;
  return {
      {"threads", T::kSpin, "1", 1, 64, {}},
      {"worlds", T::kSpin, "8", 1, 10000, {}},
      {"depth", T::kSpin, "64", 1, 200, {}},
      {"nodes", T::kSpin, "0", 0, 1'000'000'000'000, {}},
      {"movetime", T::kSpin, "1000", 1, 3'600'000, {}},
      {"tt_mb", T::kSpin, "32", 1, 16384, {}},
      {"quiescence", T::kSpin, "6", 0, 64, {}},
      {"margin", T::kSpin, "300", 0, 30000, {}},
      {"chance", T::kCheck, "true", 0, 0, {}},
      {"flag_guard", T::kCheck, "false", 0, 0, {}},
      {"choice", T::kCombo, "values", 0, 0, {"values", "votes"}},
      {"value", T::kCombo, "hand", 0, 0, {"hand", "learned"}},
      {"star", T::kCombo, "star2", 0, 0, {"none", "star1", "star2"}},
      setups_.option(),
  };
}

void AlphaBetaBot::set_option(const std::string& name, const std::string& value) {
  if (name == SetupStyleOption::kName) return setups_.set(value);
  if (name == "threads") {
    params_.threads = int(parse_int(name, value, 1, 64));
  } else if (name == "worlds") {
    params_.worlds = int(parse_int(name, value, 1, 10000));
  } else if (name == "depth") {
    params_.max_depth = int(parse_int(name, value, 1, 200));
  } else if (name == "nodes") {
    nodes_ = parse_int(name, value, 0, 1'000'000'000'000);
  } else if (name == "movetime") {
    default_movetime_ms_ = parse_int(name, value, 1, 3'600'000);
  } else if (name == "tt_mb") {
    params_.tt_bytes = std::size_t(parse_int(name, value, 1, 16384)) << 20;
  } else if (name == "quiescence") {
    params_.quiescence_plies = int(parse_int(name, value, 0, 64));
  } else if (name == "margin") {
    params_.root_margin = int(parse_int(name, value, 0, 30000));
  } else if (name == "flag_guard") {
    params_.flag_guard = parse_bool(name, value);
  } else if (name == "chance") {
    params_.chance_nodes = parse_bool(name, value);
  } else if (name == "choice") {
    params_.votes = parse_choice(name, value, {"values", "votes"}) == 1;
  } else if (name == "value") {
    learned_value_ = parse_choice(name, value, {"hand", "learned"}) == 1;
  } else if (name == "star") {
    star_ = search::ChancePruning(parse_choice(name, value, {"none", "star1", "star2"}));
  } else {
    Bot::set_option(name, value);
  }
}

void AlphaBetaBot::new_game(const GameStart& g) {
  game_ = g;
  decisions_ = 0;
  belief_.reset();
  waterloo_belief_.reset();
  if (g.variant->family == Family::kWaterloo)
    waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(g.variant, g.side);
}

std::string AlphaBetaBot::setup(const SetupRequest& r) {
  Rng rng(game_.seed ^ 0xab5e7u);
  const Variant& v = *game_.variant;
  if (const auto* view = r.waterloo())
    return heuristic::wrules::planned_setup_tokens(*view, game_.side, rng);
  if (auto line = setups_.setup(v, rng)) return *line;
  return format_setup(v, heuristic::rules_setup(v, game_.side, rng));
}

void AlphaBetaBot::observe(const Observation& o) {
  std::visit([this](const auto& seen) { observed(seen); }, o);
}

void AlphaBetaBot::observed(const ClassicObservation& o) {
  const ObservedMove& m = o.step;
  const View& after = o.after;
  if (!belief_) {
    // Blue first hears of the game after Red's opening move: start from the view before it.
    const std::optional<View> start = view_before_opening(m, after);
    belief_ = std::make_unique<eval::Belief>(start ? *start : after);
    if (!start) return;
  }
  try {
    belief_->update(m, after);
  } catch (const InputError&) {
    belief_ = std::make_unique<eval::Belief>(after);  // start again rather than stop playing
  }
}

void AlphaBetaBot::observed(const WaterlooObservation& o) {
  const waterloo::ObservedStep& s = o.step;
  const waterloo::WaterlooView& after = o.after;
  if (!waterloo_belief_) waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(after);
  try {
    waterloo_belief_->observe(s, after);
  } catch (const InputError&) {
    waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(after);  // as in observe above
  }
}

Reply AlphaBetaBot::decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) {
  ++decisions_;
  if (r.legal.size() == 1) return Reply{r.legal.front()};
  return r.classic() ? search_root(r, stop, info, nullptr)
                     : search_waterloo(r, stop, info, nullptr);
}

std::optional<DecisionAnalysis> AlphaBetaBot::analyse(const Request& r,
                                                      const std::atomic<bool>& stop) {
  ++decisions_;
  if (r.classic())
    return classic_analysis(name(), r, [&](DecisionAnalysis& a) { search_root(r, stop, {}, &a); });
  DecisionAnalysis a;
  if (r.legal.size() == 1) {
    a.bot = name();
    a.chosen = r.legal.front();
    a.measure = "forced";
    ActionRow row;
    row.action = r.legal.front();
    row.key = action_keys(r).front();
    a.rows.push_back(row);
    return a;
  }
  search_waterloo(r, stop, {}, &a);
  return a;
}

search::PimcBudget AlphaBetaBot::budget(const Limits& l, int decisions_left) const {
  search::PimcBudget budget;
  budget.nodes = nodes_ > 0 ? nodes_ : l.nodes;
  if (!l.infinite) {
    const Side me = game_.side;
    budget.time_ms = search::decision_time_ms(
        search::Clock{l.movetime_ms, l.time_left_ms[me], l.increment_ms[me]}, decisions_left);
    if (budget.time_ms == 0 && budget.nodes == 0 && l.iterations == 0)
      budget.time_ms = default_movetime_ms_;
  }
  if (budget.nodes == 0 && l.iterations > 0) budget.nodes = l.iterations;
  return budget;
}

Reply AlphaBetaBot::search_waterloo(const Request& r, const std::atomic<bool>& stop,
                                    const InfoSink& info, DecisionAnalysis* out) {
  const waterloo::WaterlooView& view = *r.waterloo();
  if (!waterloo_belief_ || !(waterloo_belief_->view() == view))
    waterloo_belief_ = std::make_unique<eval::WaterlooBelief>(view);
  const eval::WaterlooPosterior posterior = waterloo_belief_->posterior();
  search::WaterlooPimcParams p;
  p.worlds = params_.worlds;
  p.threads = params_.threads;
  p.votes = params_.votes;
  p.seed = game_.seed * 0x9e3779b97f4a7c15ull + std::uint64_t(decisions_);
  p.search.max_depth = params_.max_depth;
  p.tt_bytes = params_.tt_bytes;
  p.search.pruning = star_;
  // `margin` is in the classic score's units (2 * P(win) - 1, times 10,000).
  p.search.root_margin = params_.root_margin / (2.0 * search::kScoreScale);
  Rng first(p.seed);
  const waterloo::WaterlooState prototype = posterior.determinize(first);
  auto sample = [&](int w, waterloo::WaterlooState& world) {
    Rng rng(p.seed + 0x51ed27u * std::uint64_t(w + 1));
    posterior.determinize(rng, world);
  };
  const std::vector<heuristic::wrules::ActionInfo> named = waterloo_action_infos(r);
  // About four decisions a turn (W-7.1) in the turns left.
  const int left = std::max(8, (view.rules().turn_limit - view.turn + 1) * 4);
  const search::WaterlooPimcResult res = search::run_waterloo_pimc(
      p, budget(r.limits, left), named, prototype, sample, stop, waterloo_tables_);

  const std::string& chosen = r.legal[std::size_t(res.best)];
  std::vector<ActionRow> rows;
  if (out) {
    const std::vector<std::uint32_t> keys = action_keys(r);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      ActionRow row;
      row.action = r.legal[i];
      row.key = keys[i];
      row.votes = res.root[i].votes;
      if (res.root[i].worlds > 0) row.value = row.score = res.root[i].mean();
      rows.push_back(row);
    }
  }
  report(name(), searched(res), chosen, chosen, p.votes, info, out, std::move(rows));
  return Reply{chosen};
}

Reply AlphaBetaBot::search_root(const Request& r, const std::atomic<bool>& stop,
                                const InfoSink& info, DecisionAnalysis* out) {
  const View& view = *r.classic();
  if (!belief_ || !(belief_->view() == view)) belief_ = std::make_unique<eval::Belief>(view);
  const std::vector<std::uint32_t> keys = action_keys(r);

  search::AlphaBetaParams p = params_;
  p.seed = game_.seed * 0x9e3779b97f4a7c15ull + std::uint64_t(decisions_);
  // A variant without shipped weights keeps the hand-set evaluation.
  if (learned_value_) p.value_weights = eval::builtin_value_weights(view.variant->name);
  const int threads = std::clamp(p.threads, 1, std::max(1, p.worlds));
  // One sampler a thread (a sampler is not thread-safe), each built in its own thread; thread
  // 0's here, since it also gives the base world and the marginals of the chance nodes.
  std::vector<std::unique_ptr<eval::BeliefSampler>> samplers(static_cast<std::size_t>(threads));
  samplers[0] = std::make_unique<eval::BeliefSampler>(*belief_, p.seed);
  const eval::PieceTracker& tracker = belief_->tracker();
  const State base = eval::determinize(view, tracker, samplers[0]->sample_kinds());
  const search::CombatBelief combat(tracker, samplers[0]->marginals());
  auto sample = [&](int t, State& w) {
    auto& sampler = samplers[std::size_t(t)];
    if (!sampler)
      sampler = std::make_unique<eval::BeliefSampler>(*belief_, p.seed + std::uint64_t(t));
    eval::redeterminize(base, tracker, sampler->sample_kinds(), w);
  };

  const search::PimcResult res =
      search::run_pimc(p, budget(r.limits, std::max(20, 200 - view.moves_played / 2)), keys, base,
                       combat, sample, stop, tables_);

  const std::string& chosen = r.legal[index_of_key(keys, res.best)];
  std::vector<ActionRow> rows;
  if (out) {
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const search::RootScore& sc = res.root[i];
      ActionRow row;
      row.action = r.legal[i];
      row.key = keys[i];
      row.votes = sc.votes;
      if (res.worlds > 0) {
        row.score = sc.score_sum / res.worlds;
        row.value = std::clamp((row.score / search::kScoreScale + 1) / 2, 0.0, 1.0);
      }
      rows.push_back(row);
    }
  }
  report(name(), searched(res),
         move_to_text(Move::from_raw(std::uint16_t(res.best)), view.variant->geometry), chosen,
         p.votes, info, out, std::move(rows));
  if (out) {
    mark_attacks(*out, view);
    fill_target_beliefs(*out, tracker, samplers[0]->marginals(), "the bot's");
  }
  return Reply{chosen};
}

}  // namespace stratego::bots
