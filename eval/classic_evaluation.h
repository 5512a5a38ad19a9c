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
// Red's win probability: 1 / 0 / 0.5 when the game is over, else logistic(scale * 6 * margin).
double classic_value(const State& s, double scale);

}  // namespace stratego::eval
