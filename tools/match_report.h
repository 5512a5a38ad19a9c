// How `match` and `tally` report a pairing: the text summary (W/D/L, score and Elo with 95%
// intervals, by side, result reasons) and the same figures as one JSON object.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "referee/match.h"

namespace stratego {

void print_summary(const referee::MatchSummary& m, const std::string& variant);
nlohmann::json summary_json(const referee::MatchSummary& m, const std::string& variant);

}  // namespace stratego
