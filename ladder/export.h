// Exports of a ladder's games: every record, one after another (a file `stratego check
// --record` replays and `stratego tally` counts), and a PGN-style file of tags and results
// (Event, Site, Date, Round, White = Red, Black = Blue, Result, Variant, Termination) that
// Ordo and BayesElo read. Movetext is the result alone: Stratego moves are not chess SAN.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ladder/store.h"

namespace stratego::ladder {

std::string records_text(const std::vector<FinishedGame>& games);
std::string pgn_text(const std::vector<FinishedGame>& games, const std::vector<Participant>& ps,
                     const std::string& event);

// The tag pairs of each game of a PGN file; throws InputError naming the line of a bad tag.
std::vector<std::map<std::string, std::string>> parse_pgn(const std::string& text);

}  // namespace stratego::ladder
