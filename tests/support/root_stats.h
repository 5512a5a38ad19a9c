// What the search's root statistics say of one action, for tests of the search's choices.
#pragma once

#include <cstdint>

#include "search/run_search.h"

namespace stratego::search {

// The mean reward of the root action `key`, or -1 if the root never tried it.
inline double mean_of(const SearchResult& r, std::uint32_t key) {
  for (const RootStat& s : r.root)
    if (s.key == key) return s.reward / double(s.visits);
  return -1;
}

}  // namespace stratego::search
