// Where chance settles what a Waterloo action does (the combat die of equal strengths, W-5.4,
// W-5.5), for `stratego analyze decisions`: each attack row of an analysis is played in worlds
// drawn from the decider's belief, and the row says in what share of them a chance event follows
// at once and, over those, each outcome's probability ("die:blue+" 1/6 each, as the die has
// it). A Battle Lust question asked before the die (W-12.7) is answered no, so that the die
// is still reached; the die's faces are what the rules give, the share is the belief's.
#pragma once

#include <cstdint>

#include "bots/decision_analysis.h"
#include "eval/waterloo_posterior.h"

namespace stratego::bots {

// `worlds` determinizations of `posterior` from `seed`; fills ActionRow::chance and outcomes of
// every attack row (ActionRow::attack, marked by mark_attacks).
void fill_die_outcomes(DecisionAnalysis& a, const eval::WaterlooPosterior& posterior,
                       std::uint64_t seed, int worlds);

}  // namespace stratego::bots
