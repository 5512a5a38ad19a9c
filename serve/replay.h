// The end-of-game replay the page shows: every position of a finished game of either family with
// every piece (the game is over, so nothing is hidden any more) and what each side believed
// about the other's hidden pieces at that moment: the marginals of eval/belief_model.h that
// `stratego analyze` prints, replayed from each side's own view.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace stratego::serve {

struct Replay {
  std::string family;
  std::vector<std::string> moves;         // the token of each step, "" for the start
  std::vector<nlohmann::json> positions;  // one per step, the start first
};

// From a finished game's record (either family). Throws InputError if it does not replay.
Replay make_replay(const std::string& record_text);

}  // namespace stratego::serve
