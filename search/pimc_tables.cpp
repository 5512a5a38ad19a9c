#include "search/pimc_tables.h"

#include <mutex>
#include <utility>

namespace stratego::search {
namespace {

// Tables no owner holds. At most kStoreTables are kept (two games of four threads), so an idle
// process holds at most that much memory; any more are freed.
constexpr std::size_t kStoreTables = 8;
std::mutex table_store_mutex;
std::vector<TranspositionTable>& table_store() {
  static std::vector<TranspositionTable> tables;
  return tables;
}

// A table the size of TranspositionTable(bytes) from the store, or a new one.
TranspositionTable take_table(std::size_t bytes) {
  const std::size_t entries = TranspositionTable::entries_for(bytes);
  {
    std::lock_guard lock(table_store_mutex);
    auto& s = table_store();
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i].size() != entries) continue;
      TranspositionTable t = std::move(s[i]);
      s.erase(s.begin() + std::ptrdiff_t(i));
      return t;
    }
  }
  return TranspositionTable(bytes);
}

void give_back_tables(std::vector<TranspositionTable>& tables) {
  std::lock_guard lock(table_store_mutex);
  auto& s = table_store();
  for (TranspositionTable& t : tables) {
    if (s.size() < kStoreTables) s.push_back(std::move(t));
  }
  tables.clear();
}

}  // namespace

PimcTables::~PimcTables() { give_back_tables(tables_); }

std::span<TranspositionTable> PimcTables::for_search(int threads, std::size_t bytes) {
  const std::size_t n = std::size_t(threads);
  if (!tables_.empty() && tables_.front().size() != TranspositionTable::entries_for(bytes))
    give_back_tables(tables_);
  while (tables_.size() < n) tables_.push_back(take_table(bytes));
  for (std::size_t t = 0; t < n; ++t) tables_[t].new_search();
  return std::span(tables_).first(n);
}

}  // namespace stratego::search
