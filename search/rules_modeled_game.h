// Both families as the `ismcts` bot searches them: the search's traits
// (search/classic_search_game.h, search/waterloo_search_game.h) plus a heuristic policy, the
// `rules` bot's judgement of the decider's actions from the decider's own view of the world (the
// other side's pieces hidden unless shown). The search uses it to model the opponent below the root
// and to play out leaves (search/README.md). In worlds where our pieces are the same every time, a
// searched opponent learns where our Bombs and Marshal stand and plays as if it saw them; the
// policy sees only what the opponent could.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "search/classic_search_game.h"
#include "search/waterloo_search_game.h"

namespace stratego::search {

// The rules bot's move scores as choice probabilities, in place: a softmax with this
// temperature (in score units; a Marshal is 80). Also the root prior of the classic search.
void softmax_scores(std::span<double> scores, double temperature);

// Classic: a softmax over the rules bot's scores, with temperature Params::policy_temperature.
// For the side Params::styled_side, the style Params::opponent_style (search/opponent_styles.h):
// aggressive and passive add heuristic/classic_play_style.h's leanings to the scores before the
// softmax; uniform is 1/n.
struct RulesModeledClassicGame : ClassicSearchGame {
  // The evaluation, or a loss for Params::guarded_side where the enemy forces the capture of its
  // Flag within Params::leaf_flag_race moves (search/flag_race.h).
  static double value(const World& w, const Params& p);
  static void policy(World& w, const std::uint32_t* keys, int n, double* probs, const Params& p);
  // Every style's policy for the decider from one judgement: probs[s][0..n) for each style s
  // whose pointer is not null (policy evidence weighs a move under all of them at once).
  static void style_policies(World& w, const std::uint32_t* keys, int n,
                             const std::array<double*, Params::kMaxStyles>& probs, const Params& p);
};

// Waterloo: the rules bot's choice with probability 1 - kWaterlooPolicyNoise, the rest spread
// evenly (its scoring has phases and rules of its own, with no single score per action).
constexpr double kWaterlooPolicyNoise = 0.1;
struct RulesModeledWaterlooGame : WaterlooSearchGame {
  static void policy(World& w, const std::uint32_t* keys, int n, double* probs, const Params& p);
};

}  // namespace stratego::search
