// Which pair of games a ladder plays next. Round-robin: the pairing of active participants
// with the fewest pairs scheduled so far (ties: the earlier-added participants first), so
// the schedule cycles through all pairings; gauntlet: the same over the pairings of one
// participant with each other; ladder: the pairing whose next result tells the most, the
// largest p(1-p)/(pairs+1) with p the expected score from the current ratings (closest
// ratings, fewest games). Round-robin and gauntlet depend only on what is scheduled, not on
// results, so the same ladder gives the same schedule however many workers play it.
#pragma once

#include <string>
#include <vector>

#include "ladder/store.h"

namespace stratego::ladder {

enum class Mode { kRoundRobin, kGauntlet, kLadder, kMatch };

struct ModeChoice {
  Mode mode = Mode::kRoundRobin;
  std::string a, b;  // gauntlet: a is the one against the rest; match (SPRT): a against b
};

// Throws InputError for an unknown mode name.
Mode parse_mode(const std::string& name);
std::string mode_name(Mode m);

// The next pair (two games, not yet in the database) or empty if fewer than two participants
// can play. Throws InputError if a named participant is missing or retired.
std::vector<ScheduledGame> plan_next_pair(Store& store, const ModeChoice& mode);

// The seed of pair k of a ladder seeded with `seed`.
std::uint64_t pair_seed(std::uint64_t seed, std::int64_t pair);

}  // namespace stratego::ladder
