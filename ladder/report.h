// `ladder report --html`: one self-contained HTML page (inline SVG and CSS, no scripts or
// external assets) with the rating table and its 95% interval bars, the pairwise score
// matrix as a heat map, the ratings after each tenth of the games, the result reasons and a
// histogram of game lengths.
#pragma once

#include <string>

#include "ladder/store.h"

namespace stratego::ladder {

std::string report_html(Store& store, const std::string& title);

}  // namespace stratego::ladder
