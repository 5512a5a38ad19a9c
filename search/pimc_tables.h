// The transposition tables of run_pimc's threads (search/pimc.h), one a thread, kept by their
// owner (a bot, for one game) from one decision to the next: a table is allocated once and
// emptied for each search by a new generation (search/transposition_table.h).
//
// Why a process-wide store behind them: a fresh 24 MB table costs a page fault for every 4 KB
// the search writes, far more than a small search (a match at 1,500 nodes a decision ran 40%
// slower), and a process that plays many games (match, ladder, serve) makes a new bot for each.
// So an owner's tables go back to the store when it is destroyed and the next owner takes them.
// Which table a search gets changes nothing: every entry of another search counts as empty.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "search/transposition_table.h"

namespace stratego::search {

class PimcTables {
 public:
  PimcTables() = default;
  ~PimcTables();  // gives the tables back to the store
  PimcTables(const PimcTables&) = delete;
  PimcTables& operator=(const PimcTables&) = delete;

  // `threads` tables of TranspositionTable(bytes)'s size, each emptied for a new search.
  std::span<TranspositionTable> for_search(int threads, std::size_t bytes);

 private:
  std::vector<TranspositionTable> tables_;
};

}  // namespace stratego::search
