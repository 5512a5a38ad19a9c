// Candidate set-ups for the search for stronger ones (`analyze generate`): draws from the
// human prior (eval/priors/setup_model.h, the same chain of conditionals its log-probability is
// made of, so a sample is as likely as the prior says), and local changes of a set-up: two squares
// swapped (a piece with another, or with an empty square where the zone has them), half the
// time one of them next to the Flag, so that the Flag's guard moves.
#pragma once

#include <string>

#include "engine/rng.h"
#include "eval/priors/setup_model.h"

namespace stratego::strength {

// A set-up line drawn from the model.
std::string sample_setup(const eval::SetupModel& m, Rng& rng);

// The line with two squares of different content swapped (lakes never); the result is a legal
// set-up of the same army.
std::string swap_two(const std::string& line, int width, Rng& rng);

// log P(line) under the model in nats.
double prior_log_prob(const eval::SetupModel& m, const std::string& line);

}  // namespace stratego::strength
