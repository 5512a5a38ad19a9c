// What a ladder's finished games say: ratings of its participants (optionally of one variant
// only), the pentanomial counts of the complete pairs between two of them, and of the twin
// games of two of them against a field.
#pragma once

#include <string>
#include <vector>

#include "ladder/ratings.h"
#include "ladder/sprt.h"
#include "ladder/store.h"

namespace stratego::ladder {

struct LadderRatings {
  std::vector<std::string> names;  // every participant, in id order
  std::vector<std::int64_t> ids;
  Ratings r;
};

// anchor: a participant's name whose rating is `value`, or empty for a mean of `value`.
// variant: only that variant's games, or empty for all. Throws InputError for an unknown
// anchor name.
LadderRatings ladder_ratings(Store& store, const std::vector<FinishedGame>& games,
                             const std::string& anchor, double value, const std::string& variant);

// Pairs (both games finished) between participants a and b, by a's points in the pair.
Pentanomial pair_counts(const std::vector<FinishedGame>& games, std::int64_t a, std::int64_t b);

// Twin games of a field SPRT (ladder/schedule.h, Mode::kField): a's game against a third
// participant and b's game against the same one on the same seed, set-ups and colours, both
// finished, counted as a pair worth 1 + a's points - b's points (0, 0.5, 1, 1.5 or 2). Its
// expectation is above 1 exactly when a scores more than b against the field, and what the two
// twins share (the opponent, the set-ups, the seed) cancels out of the difference.
Pentanomial twin_counts(const std::vector<FinishedGame>& games, std::int64_t a, std::int64_t b);

}  // namespace stratego::ladder
