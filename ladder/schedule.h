// Which pair of games a ladder plays next. Round-robin: the pairing of active participants
// with the fewest pairs scheduled so far (ties: the earlier-added participants first), so
// the schedule cycles through all pairings; gauntlet: the same over the pairings of one
// participant with each other; ladder: the pairing whose next result tells the most, the
// largest p(1-p)/(pairs+1) with p the expected score from the current ratings (closest
// ratings, fewest games); match (the SPRT of A against B): only that pairing; field (the SPRT
// of A against B through a field): a pair of A against the field member it has met least, and
// its twin, the same pair with B in A's place (the same seed, set-ups and colours), so that A's
// and B's results against the same opponent in the same game can be compared. Round-robin,
// gauntlet, match and field depend only on what is scheduled, not on results, so the same
// ladder gives the same schedule however many workers play it.
#pragma once

#include <string>
#include <vector>

#include "ladder/store.h"

namespace stratego::ladder {

enum class Mode { kRoundRobin, kGauntlet, kLadder, kMatch, kField };

// Match and field are the SPRT's: they end when it decides, and plan no fixed number of games.
inline bool is_sprt_mode(Mode m) { return m == Mode::kMatch || m == Mode::kField; }

struct ModeChoice {
  Mode mode = Mode::kRoundRobin;
  std::string a, b;  // gauntlet: a is the one against the rest; match, field (SPRT): a and b
};

// Throws InputError for an unknown mode name.
Mode parse_mode(const std::string& name);
std::string mode_name(Mode m);

// The next pair (two games, not yet in the database; field: a pair and its twin, four games) or
// empty if fewer than two participants can play. Throws InputError if a named participant is
// missing or retired, or if a field SPRT has no field (no active participant but A and B).
std::vector<ScheduledGame> plan_next_pair(Store& store, const ModeChoice& mode);

// The seed of pair k of a ladder seeded with `seed`.
std::uint64_t pair_seed(std::uint64_t seed, std::int64_t pair);

}  // namespace stratego::ladder
