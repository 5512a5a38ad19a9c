// The alpha-beta search's transposition table (search/alphabeta.h): one entry per slot, indexed
// by the low bits of the engine's Zobrist hash (engine/zobrist.h, every piece on its square and
// who moves) and checked by the whole hash. A world is a full state, so an entry is good in any
// world of the same decision that reaches the same position: the table is kept across the
// worlds a thread searches. Replacement: a new position always takes the slot; the same
// position keeps the deeper result. Not thread-safe: one table per thread.
//
// A table is allocated once and kept from one decision to the next (clearing 24 MB costs more
// than a small search): new_search() empties it by starting a new generation, and an entry of
// another generation counts as no entry, exactly as if the table were cleared. The memory comes
// zeroed from calloc (generation 0: never written), so the system hands out a page only when a
// search first writes to it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace stratego::search {

enum class Bound : std::uint8_t { kNone, kLower, kUpper, kExact };

// All zero bytes: an entry never written.
struct TtEntry {
  std::uint64_t key;
  std::int32_t score;
  std::int16_t depth;
  Bound bound;
  std::uint16_t move;       // Move::raw() of the best or refuting move, 0 if none
  std::uint8_t generation;  // the search that wrote it (0: never written)
};
// The entry count for a size in bytes depends on it (and with it `stratego bench`'s signature).
static_assert(sizeof(TtEntry) == 24);

class TranspositionTable {
 public:
  // At least one entry; the count is the largest power of two that fits in `bytes`.
  explicit TranspositionTable(std::size_t bytes)
      : size_(entries_for(bytes)),
        entries_(static_cast<TtEntry*>(std::calloc(size_, sizeof(TtEntry)))) {
    if (!entries_) throw std::bad_alloc();
  }

  static std::size_t entries_for(std::size_t bytes) {
    std::size_t n = 1;
    while (n * 2 * sizeof(TtEntry) <= bytes) n *= 2;
    return n;
  }

  // The entry for key written in this search, or nullptr.
  const TtEntry* probe(std::uint64_t key) const {
    const TtEntry& e = entries_[key & (size_ - 1)];
    return current(e) && e.bound != Bound::kNone && e.key == key ? &e : nullptr;
  }

  void store(std::uint64_t key, int depth, std::int32_t score, Bound bound, std::uint16_t move) {
    TtEntry& e = entries_[key & (size_ - 1)];
    const bool same = current(e) && e.key == key;
    if (same && e.bound != Bound::kNone && e.depth > depth) return;
    if (same && move == 0) move = e.move;  // keep a known best move
    e = TtEntry{key, score, std::int16_t(depth), bound, move, generation_};
  }

  // Empties the table for a new search. Every 255 searches the generation wraps and the entries
  // are cleared for real, so an old entry can never pass for a current one.
  void new_search() {
    if (++generation_ == 0) {
      std::memset(entries_.get(), 0, size_ * sizeof(TtEntry));
      generation_ = 1;
    }
  }
  std::size_t size() const { return size_; }

 private:
  bool current(const TtEntry& e) const { return e.generation == generation_; }

  struct Free {
    void operator()(TtEntry* p) const { std::free(p); }
  };
  std::size_t size_;  // a power of two
  std::unique_ptr<TtEntry[], Free> entries_;
  std::uint8_t generation_ = 1;
};

}  // namespace stratego::search
