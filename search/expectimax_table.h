// The transposition table of search/expectimax.h: decision nodes' values (Red's win
// probability, with the bound they are) and best actions, by a 64-bit hash of the whole world
// (G::hash). One entry per slot, indexed by the hash's low bits and checked by all of it; a new
// position takes the slot, the same position keeps the deeper result. A Waterloo turn is several
// actions long, and the same actions played in another order reach the same position: the table
// searches it once. Emptied for a new search by a generation stamp (as
// search/transposition_table.h), so that a table is allocated once per bot and thread. Not
// thread-safe: one table per thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "search/transposition_table.h"

namespace stratego::search {

struct ExpectimaxEntry {
  std::uint64_t key;
  double value;
  std::uint32_t action;  // G::key of the best or refuting action, + 1; 0: none
  std::int16_t depth;
  Bound bound;
  std::uint8_t generation;  // 0: never written
};
static_assert(sizeof(ExpectimaxEntry) == 24);

class ExpectimaxTable {
 public:
  explicit ExpectimaxTable(std::size_t bytes)
      : size_(TranspositionTable::entries_for(bytes)),
        entries_(static_cast<ExpectimaxEntry*>(std::calloc(size_, sizeof(ExpectimaxEntry)))) {
    if (!entries_) throw std::bad_alloc();
  }

  const ExpectimaxEntry* probe(std::uint64_t key) const {
    const ExpectimaxEntry& e = entries_[key & (size_ - 1)];
    return e.generation == generation_ && e.key == key ? &e : nullptr;
  }

  void store(std::uint64_t key, int depth, double value, Bound bound, std::uint32_t action) {
    ExpectimaxEntry& e = entries_[key & (size_ - 1)];
    const bool same = e.generation == generation_ && e.key == key;
    if (same && e.depth > depth) return;
    if (same && action == 0) action = e.action;
    e = ExpectimaxEntry{key, value, action, std::int16_t(depth), bound, generation_};
  }

  // Empties the table (every 255 searches for real, so an old entry never passes as new).
  void new_search() {
    if (++generation_ == 0) {
      std::memset(static_cast<void*>(entries_.get()), 0, size_ * sizeof(ExpectimaxEntry));
      generation_ = 1;
    }
  }

 private:
  struct Free {
    void operator()(ExpectimaxEntry* p) const { std::free(p); }
  };
  std::size_t size_;
  std::unique_ptr<ExpectimaxEntry[], Free> entries_;
  std::uint8_t generation_ = 1;
};

}  // namespace stratego::search
