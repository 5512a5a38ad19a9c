// What a ladder's finished games say: ratings of its participants (optionally of one variant
// only) and the pentanomial counts of the complete pairs between two of them.
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

}  // namespace stratego::ladder
