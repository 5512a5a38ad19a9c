// What a bot thought at one decision, for people (`stratego analyze decisions`): a row per
// legal action with the bot's own figures for it -- the search's visits and mean value,
// the root prior, alpha-beta's values and votes over the worlds, the rules bot's scores -- and,
// for each attack, the bot's belief about the target. Bot::analyse (bots/bot.h) fills it with
// the same search its decide() runs, so the choice it reports is the move it would play.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "engine/piece.h"
#include "engine/view.h"
#include "engine/waterloo/view.h"

namespace stratego::eval {
class PieceTracker;
struct Marginals;
struct BeliefTable;
}  // namespace stratego::eval

namespace stratego::bots {

// A figure a bot does not have for an action is kNoFigure (NaN: a score may be any number);
// given() tells them apart. Printed as "-", left out of JSON.
inline constexpr double kNoFigure = std::numeric_limits<double>::quiet_NaN();
inline bool given(double figure) { return !std::isnan(figure); }

struct ActionRow {
  std::string action;  // the token, as Request::legal has it
  std::uint32_t key = 0;
  std::int64_t visits = -1;      // ismcts: root visits over the threads' trees
  double value = kNoFigure;      // win probability for the decider: ismcts mean, alphabeta's
                                 // mean score over the worlds as a win probability
  double prior = kNoFigure;      // ismcts: the root prior (the rules scores, softmaxed and mixed)
  double score = kNoFigure;      // alphabeta: mean score over the worlds; rules: the move's score
  int votes = -1;                // alphabeta: worlds in which it was the best
  double flag_lost = kNoFigure;  // ismcts,flag_race=N: share of worlds with a forced Flag loss
  // An attack on an enemy piece: its square, the attacker's name (a kind name, a Waterloo unit
  // token) and, from the bot's belief (or the caller's, when the bot keeps none), the
  // probability of each identity of the enemy army by name, largest first (identities the
  // target cannot be have 0).
  bool attack = false;
  int target_square = -1;
  std::string attacker;
  std::vector<std::pair<std::string, double>> target;
  // Where chance settles what the action does (Waterloo's combat die, W-5.4): the share of the
  // bot's worlds in which a chance event follows the action at once, and its outcomes (tokens,
  // "die:blue+") with their probability over those worlds. kNoFigure: not looked at.
  double chance = kNoFigure;
  std::vector<std::pair<std::string, double>> outcomes;
};

struct DecisionAnalysis {
  std::string bot;     // the bot's name
  std::string chosen;  // the action decide() would reply with
  // What orders the rows and makes the choice: "visits", "values", "votes", "score" or
  // "forced" (one legal action: no thinking).
  std::string measure;
  std::int64_t total_visits = 0;  // ismcts: iterations (every iteration visits the root)
  std::int64_t nodes = 0;
  int worlds = 0;                    // alphabeta: worlds searched
  int min_depth = 0, max_depth = 0;  // alphabeta
  std::string belief;                // whose belief the attack rows show ("the bot's", ...)
  std::vector<ActionRow> rows;       // every legal action, best first by `measure`
};

// Marks the rows that attack an enemy piece of `view` (the decider's view, of either family).
void mark_attacks(DecisionAnalysis& a, const View& view);
void mark_attacks(DecisionAnalysis& a, const waterloo::WaterlooView& view);

// The analysis of a decision with one legal action (`action`, its key `key`): no thinking.
DecisionAnalysis forced_analysis(std::string bot, std::string action, std::uint32_t key,
                                 const View& view);
DecisionAnalysis forced_analysis(std::string bot, std::string action, std::uint32_t key,
                                 const waterloo::WaterlooView& view);
// Fills the attack rows' target beliefs: from a classic bot's marginals (`tracker` is its
// belief's), or from a belief of either family (eval/belief_model.h).
void fill_target_beliefs(DecisionAnalysis& a, const eval::PieceTracker& tracker,
                         const eval::Marginals& marginals, const std::string& whose);
void fill_target_beliefs(DecisionAnalysis& a, const eval::BeliefTable& table,
                         const std::string& whose);

}  // namespace stratego::bots
