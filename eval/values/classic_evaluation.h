// The static evaluation of a classic-family world (every kind known: a determinization), as
// a win probability for Red. Material by kind, with the values that move with the game
// (a Spy is worth much while the enemy Marshal lives, a Miner while bombs stand and miners
// are few); the flag's safety (enemy movers close to it); revealed pieces cost a little,
// since an opponent who knows them plays better against them than the world shows.
#pragma once

#include "engine/state.h"

namespace stratego::eval {

// Material margin of `side` over the other, in units of the initial army's value
// (roughly -1 .. 1).
double classic_margin(const State& s, Side side);
// The terms the margin is made of, shared with the learned evaluation's features
// (eval/values/classic_features.h): a kind's base value; the enemy movers on their way to side's
// flag (each kApproachDecay^(steps - 1)); the sides of side's flag neither board edge nor own
// piece; the enemy Scouts with a clear line onto it.
double classic_base_value(Kind k);
double classic_flag_threats(const State& s, Side side);
int classic_open_sides(const State& s, Side side);
int classic_scout_lanes(const State& s, Side side);
// The terms' weights in the margin, for the features' hand-set weight vector.
inline constexpr double kClassicRevealedCost = 0.1;  // share of a piece's value lost once known
inline constexpr double kClassicSpyBonus = 120;      // a Spy's value while the enemy Marshal lives
inline constexpr double kClassicMinerBonus = 30;     // per Miner fewer than 4, while bombs stand
inline constexpr double kClassicFlagThreat = 0.08;   // per enemy mover next to the flag
inline constexpr double kClassicOpenSide = 0.03;     // per open side of the flag
inline constexpr double kClassicScoutLane = 0.25;    // per enemy Scout with a clear line onto it
// The initial army's value: the margin's unit.
double classic_army_value(const Variant& v);

// Red's win probability: 1 / 0 / 0.5 when the game is over, else logistic(scale * 6 * margin).
double classic_value(const State& s, double scale);

}  // namespace stratego::eval
