#include "search/rules_modeled_game.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/view.h"
#include "engine/waterloo/view.h"
#include "heuristic/classic_play_style.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_knowledge.h"
#include "heuristic/waterloo_action_info.h"
#include "heuristic/waterloo_rules_policy.h"
#include "search/flag_race.h"
#include "search/opponent_styles.h"

namespace stratego::search {

void softmax_scores(std::span<double> scores, double temperature) {
  const double top = *std::max_element(scores.begin(), scores.end());
  double sum = 0;
  for (double& x : scores) sum += (x = std::exp((x - top) / temperature));
  for (double& x : scores) x /= sum;
}

namespace {

// The rules bot's scores of keys[0..n) from the decider's own view, into scores; the view is
// left in `view` (per thread, so the search's threads never share them).
const View& classic_scores(State& w, const std::uint32_t* keys, int n, double* scores,
                           const Params& p) {
  // What the mover knows of the other side's pieces is what its view shows (moved, revealed),
  // as if it joined the game here.
  static thread_local View view;
  static thread_local heuristic::EnemyKnowledge know;
  const Side mover = w.side_to_move();
  const auto risk = heuristic::RulesRisk(
      p.opponent_risk >= 0 && int(mover) == p.opponent_side ? p.opponent_risk : p.rules_risk);
  view = make_view(w, mover);
  know.set_tracking(false);
  know.reset(view.variant, mover, risk);
  know.update(view);
  const heuristic::ClassicRulesEval rules(view, know, heuristic::EvalMode::kFast, risk);
  for (int i = 0; i < n; ++i) scores[i] = rules.score(Move::from_raw(std::uint16_t(keys[i])));
  return view;
}

// The style's leaning (heuristic/classic_play_style.h) added to scores of keys[0..n).
void lean_by_style(int style, const View& view, const std::uint32_t* keys, int n, double* scores) {
  static thread_local std::vector<Move> moves;
  static thread_local Rng unused(0);  // aggressive and passive draw nothing
  moves.resize(std::size_t(n));
  for (int i = 0; i < n; ++i) moves[std::size_t(i)] = Move::from_raw(std::uint16_t(keys[i]));
  heuristic::apply_play_style(style == kAggressiveStyle ? heuristic::PlayStyle::kAggressive
                                                        : heuristic::PlayStyle::kPassive,
                              view, moves, std::span<double>(scores, std::size_t(n)), unused);
}

}  // namespace

double RulesModeledClassicGame::value(const World& w, const Params& p) {
  const double red = ClassicSearchGame::value(w, p);
  if (p.leaf_flag_race <= 0 || p.guarded_side < 0 || w.over()) return red;
  const Side me = Side(p.guarded_side), enemy = other(me);
  const FlagDistances d = flag_distances(w, me);
  if (!flag_in_reach(w, enemy, p.leaf_flag_race, d)) return red;
  // The race makes and unmakes moves on the world and leaves it as it was.
  State& world = const_cast<State&>(w);
  const bool lost = w.side_to_move() == enemy
                        ? flag_falls(world, p.leaf_flag_race, d)
                        : flag_falls_whatever_the_reply(world, p.leaf_flag_race, d);
  return lost ? (me == kRed ? 0.0 : 1.0) : red;
}

void RulesModeledClassicGame::policy(World& w, const std::uint32_t* keys, int n, double* probs,
                                     const Params& p) {
  const int style = p.styled_side == int(w.side_to_move()) ? p.opponent_style : kRulesStyle;
  if (style == kUniformStyle) {
    std::fill(probs, probs + n, 1.0 / n);
    return;
  }
  const View& view = classic_scores(w, keys, n, probs, p);
  if (style != kRulesStyle) lean_by_style(style, view, keys, n, probs);
  softmax_scores(std::span<double>(probs, std::size_t(n)), p.policy_temperature);
}

void RulesModeledClassicGame::style_policies(World& w, const std::uint32_t* keys, int n,
                                             const std::array<double*, Params::kMaxStyles>& probs,
                                             const Params& p) {
  static thread_local std::vector<double> scores;
  scores.resize(std::size_t(n));
  bool judged = false;
  const View* view = nullptr;
  for (int s = 0; s < kStyleCount; ++s) {
    double* out = probs[std::size_t(s)];
    if (!out) continue;
    if (s == kUniformStyle) {
      std::fill(out, out + n, 1.0 / n);
      continue;
    }
    if (!judged) view = &classic_scores(w, keys, n, scores.data(), p), judged = true;
    std::copy(scores.begin(), scores.end(), out);
    if (s != kRulesStyle) lean_by_style(s, *view, keys, n, out);
    softmax_scores(std::span<double>(out, std::size_t(n)), p.policy_temperature);
  }
}

void RulesModeledWaterlooGame::policy(World& w, const std::uint32_t* keys, int n, double* probs,
                                      const Params&) {
  static thread_local waterloo::WaterlooView view;
  static thread_local std::vector<heuristic::wrules::ActionInfo> actions;
  const Side mover = Side(w.current_player());
  view = waterloo::make_view(w, mover);
  actions.resize(std::size_t(n));
  for (int i = 0; i < n; ++i)
    actions[std::size_t(i)] = heuristic::wrules::describe(w, waterloo::Action::from_raw(keys[i]));
  // A fresh policy each time: what a player remembers belongs to one real game, not to a world.
  heuristic::wrules::WaterlooRulesPolicy rules(1, mover);
  const std::size_t choice = rules.choose(view, actions);
  for (int i = 0; i < n; ++i)
    probs[i] = kWaterlooPolicyNoise / n + (std::size_t(i) == choice ? 1 - kWaterlooPolicyNoise : 0);
}

}  // namespace stratego::search
