// The static evaluation of a Waterloo world (a determinization: every strength known), as a
// win probability for Red (the Allies). Strength still in play (board, reserve, recovering)
// with commanders and the commander-in-chief valued for the actions they give (W-7.1) and the
// game they can end (W-11.3); pressure on the lines of retreat (W-11.1): how close each
// side's nearest piece stands to the enemy's retreat sector.
#pragma once

#include "engine/waterloo/state.h"

namespace stratego::eval {

double waterloo_margin(const waterloo::WaterlooState& s, Side side);
// 1 / 0 / 0.5 when over (W-13.6 result kinds count as wins), else logistic(6 * scale * margin).
double waterloo_value(const waterloo::WaterlooState& s, double scale);

}  // namespace stratego::eval
