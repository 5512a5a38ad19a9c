// Heat maps of a belief as SVG pictures for people, for either family: one picture per identity
// of the enemy army (a kind; a Waterloo army, class and strength), the board with every enemy
// piece of open identity shaded by the probability that it is that one (and the number in per
// cent), own and known pieces labelled, lakes drawn.
#pragma once

#include <string>
#include <vector>

#include "eval/belief_model.h"

namespace stratego {

// The SVG text for column `column` of the table (b.marginals()).
std::string belief_svg(const eval::BeliefModel& b, const eval::BeliefTable& t, int column,
                       const std::string& title);
// Writes DIR/STEM-<identity>.svg for every identity some piece on the board may have
// (atomically); returns the paths.
std::vector<std::string> write_belief_svgs(const std::string& dir, const std::string& stem,
                                           const eval::BeliefModel& b, const eval::BeliefTable& t,
                                           const std::string& title);

}  // namespace stratego
