#include "bots/classic_rules_bot.h"

#include <limits>

#include "bots/action_keys.h"
#include "bots/option_values.h"
#include "bots/rules_bot.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "heuristic/classic_play_style.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_setup.h"

namespace stratego::bots {
namespace {

// Breaks ties between moves that look alike, so that games from different seeds differ; small
// against every real difference the evaluation makes.
constexpr double kTieNoise = 0.25;

}  // namespace

std::unique_ptr<Bot> make_classic_rules_bot() { return std::make_unique<ClassicRulesBot>(); }

void ClassicRulesBot::new_game(const GameStart& g) {
  game_ = g;
  rng_ = Rng(g.seed * 0x9e3779b97f4a7c15ull ^ (g.side == kRed ? 0x52756c6573ull : 0x52756c6574ull));
  know_.reset(g.variant, g.side, risk_);
  last_enemy_.reset();
  started_ = true;
}

std::vector<BotOption> ClassicRulesBot::options() const {
  return {setups_.option(),
          {"style", BotOption::Type::kCombo, "default", 0, 0, heuristic::play_style_names()},
          {"risk",
           BotOption::Type::kSpin,
           std::to_string(int(heuristic::kDefaultRisk)),
           0,
           heuristic::kMaxRisk,
           {}}};
}

void ClassicRulesBot::set_option(const std::string& name, const std::string& value) {
  if (name == SetupStyleOption::kName) {
    setups_.set(value);
  } else if (name == "style") {
    const auto s = heuristic::parse_play_style(value);
    if (!s) {
      std::string names;
      for (const std::string& n : heuristic::play_style_names())
        names += (names.empty() ? "" : ", ") + n;
      throw InputError("option style: '" + value + "' is not a play style (" + names + ")");
    }
    style_ = *s;
  } else if (name == "risk") {
    risk_ = heuristic::RulesRisk(parse_int(name, value, 0, heuristic::kMaxRisk));
  } else {
    Bot::set_option(name, value);
  }
}

std::string ClassicRulesBot::setup(const SetupRequest& /*r*/) {
  if (!game_.variant) throw InputError("rules bot: asked for a set-up before a game started");
  const Variant& v = *game_.variant;
  if (auto line = setups_.setup(v, rng_)) return *line;
  return format_setup(v, heuristic::rules_setup(v, game_.side, rng_));
}

void ClassicRulesBot::observe(const Observation& o) {
  const auto* seen = std::get_if<ClassicObservation>(&o);
  if (!started_ || !seen) return;
  know_.observe(seen->step, seen->after);
  if (seen->step.mover != game_.side) last_enemy_ = seen->step;
}

Reply ClassicRulesBot::decide(const Request& r, const std::atomic<bool>& /*stop*/,
                              const InfoSink& /*info*/) {
  return choose(r, nullptr);
}

std::optional<DecisionAnalysis> ClassicRulesBot::analyse(const Request& r,
                                                         const std::atomic<bool>& /*stop*/) {
  if (!r.classic()) return std::nullopt;
  DecisionAnalysis a;
  choose(r, &a);
  return a;
}

Reply ClassicRulesBot::choose(const Request& r, DecisionAnalysis* out) {
  Reply reply;
  if (r.legal.empty()) return reply;
  reply.action = r.legal.front();
  if (!r.classic()) return reply;  // not a classic-family decision: any legal action will do
  const View& view = *r.classic();
  if (!started_ || view.viewer != game_.side || view.variant->spec != game_.variant->spec) {
    // Asked to decide without new_game for this view: start tracking from here.
    GameStart g = game_;
    g.variant = view.variant;
    g.side = view.viewer;
    new_game(g);
  }
  know_.update(view);
  const heuristic::ClassicRulesEval eval(view, know_, heuristic::EvalMode::kFast, risk_);
  double best = -std::numeric_limits<double>::infinity();
  const std::vector<std::uint32_t> keys = action_keys(r);
  std::vector<Move> moves;
  std::vector<double> scores;
  for (std::uint32_t k : keys) {
    moves.push_back(Move::from_raw(std::uint16_t(k)));
    scores.push_back(eval.score(moves.back()));
  }
  heuristic::apply_play_style(style_, view, moves, scores, rng_, last_enemy_);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const double s = scores[i] + kTieNoise * rng_.uniform01();
    if (s > best) {
      best = s;
      reply.action = r.legal[i];
    }
  }
  if (out) {
    // The scores as the choice saw them (after the play style), without the tie noise.
    out->bot = name();
    out->chosen = reply.action;
    out->measure = "score";
    for (std::size_t i = 0; i < keys.size(); ++i) {
      ActionRow row;
      row.action = r.legal[i];
      row.key = keys[i];
      row.score = scores[i];
      out->rows.push_back(row);
    }
    // Best first; the chosen action heads its tie.
    std::stable_sort(out->rows.begin(), out->rows.end(),
                     [&](const ActionRow& x, const ActionRow& y) {
                       if (x.score != y.score) return x.score > y.score;
                       return x.action == reply.action && y.action != reply.action;
                     });
    mark_attacks(*out, view);
  }
  return reply;
}

}  // namespace stratego::bots
