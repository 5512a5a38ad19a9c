// Play styles of the classic-family `rules` bot: leanings added to its move scores
// (classic_rules_eval.h), so that one judgement gives a field of opponents unlike each other and
// unlike the default (bots/README.md lists them; the ladder plays ismcts against them).
//   default      the scores as they are
//   aggressive   attacks on unknown pieces get a bonus, steps towards the enemy too
//   passive      attacks on unknown pieces cost, steps towards the enemy too (steps back pay)
//   scout-heavy  Scout moves and Scout probes of unknown pieces get a bonus
//   few-pieces   only kFewPieces of its pieces move: once that many of its living pieces have
//                moved, the others stay (a lost one frees its place; no move of those left
//                allowed: any move)
//   near-random  a uniformly random legal move kNearRandomShare of the time, else the scores
//   turtle       stays home and waits: attacks only the enemy piece that has just attacked it,
//                moves only kShufflers pieces, and none out of its own set-up rows
//   reactive     the same, but also attacks the enemy piece that has just stepped next to it
//   (both: when nothing is left allowed, any move)
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/move.h"
#include "engine/rng.h"
#include "engine/view.h"

namespace stratego::heuristic {

enum class PlayStyle {
  kDefault,
  kAggressive,
  kPassive,
  kScoutHeavy,
  kFewPieces,
  kNearRandom,
  kTurtle,
  kReactive
};

constexpr int kFewPieces = 4;
constexpr int kShufflers = 2;  // turtle, reactive
constexpr double kNearRandomShare = 0.8;

const std::vector<std::string>& play_style_names();  // in enum order
std::optional<PlayStyle> parse_play_style(std::string_view name);
const std::string& play_style_name(PlayStyle s);

// Adds the style's leaning to scores[i], the score of moves[i] (every move legal in view, the
// viewer to move); rng draws near-random's choice; last_enemy is the enemy's latest move, if
// any (turtle and reactive answer it). Scores stay comparable by argmax only.
void apply_play_style(PlayStyle s, const View& view, std::span<const Move> moves,
                      std::span<double> scores, Rng& rng,
                      const std::optional<ObservedMove>& last_enemy = std::nullopt);

}  // namespace stratego::heuristic
