// Heat maps of a belief as SVG pictures for people: one picture per kind of the enemy army, the
// board with every enemy piece of open kind shaded by the probability that it is that kind
// (and the number in per cent), known pieces labelled, lakes drawn.
#pragma once

#include <string>
#include <vector>

#include "eval/belief.h"

namespace stratego {

// The SVG text for one kind.
std::string belief_svg(const eval::Belief& b, const eval::Marginals& m, Kind k,
                       const std::string& title);
// Writes DIR/STEM-<kind>.svg for every kind of the army (atomically); returns the paths.
std::vector<std::string> write_belief_svgs(const std::string& dir, const std::string& stem,
                                           const eval::Belief& b, const eval::Marginals& m,
                                           const std::string& title);

}  // namespace stratego
