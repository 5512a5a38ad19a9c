// The alpha-beta search's transposition table (search/alphabeta.h): one entry per slot, indexed
// by the low bits of the engine's Zobrist hash (engine/zobrist.h, every piece on its square and
// who moves) and checked by the whole hash. A world is a full state, so an entry is good in any
// world of the same decision that reaches the same position: the table is kept across the
// worlds a thread searches. Replacement: a new position always takes the slot; the same
// position keeps the deeper result. Not thread-safe: one table per thread.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace stratego::search {

enum class Bound : std::uint8_t { kNone, kLower, kUpper, kExact };

struct TtEntry {
  std::uint64_t key = 0;
  std::int32_t score = 0;
  std::int16_t depth = -1;
  Bound bound = Bound::kNone;
  std::uint16_t move = 0;  // Move::raw() of the best or refuting move, 0 if none
};

class TranspositionTable {
 public:
  // At least one entry; the count is the largest power of two that fits in `bytes`.
  explicit TranspositionTable(std::size_t bytes) {
    std::size_t n = 1;
    while (n * 2 * sizeof(TtEntry) <= bytes) n *= 2;
    entries_.resize(n);
    mask_ = n - 1;
  }

  // The entry for key, or nullptr.
  const TtEntry* probe(std::uint64_t key) const {
    const TtEntry& e = entries_[key & mask_];
    return e.bound != Bound::kNone && e.key == key ? &e : nullptr;
  }

  void store(std::uint64_t key, int depth, std::int32_t score, Bound bound, std::uint16_t move) {
    TtEntry& e = entries_[key & mask_];
    if (e.bound != Bound::kNone && e.key == key && e.depth > depth) return;
    if (e.key == key && move == 0) move = e.move;  // keep a known best move
    e = TtEntry{key, score, std::int16_t(depth), bound, move};
  }

  void clear() { std::fill(entries_.begin(), entries_.end(), TtEntry{}); }
  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<TtEntry> entries_;
  std::size_t mask_ = 0;
};

}  // namespace stratego::search
