// A set of action keys for one tree node visit, mapping each legal action to its child node.
// Cleared in O(1) by bumping a stamp, so a visit costs only the actions it inserts.
#pragma once

#include <cstdint>
#include <vector>

#include "search/node_pool.h"

namespace stratego::search {

class ActionSet {
 public:
  // capacity: a power of two at least twice the largest action list.
  explicit ActionSet(std::size_t capacity = 16384)
      : slots_(capacity), mask_(std::uint32_t(capacity - 1)) {}
  void clear() {
    if (++stamp_ == 0) {  // wrapped: really clear
      for (auto& s : slots_) s.stamp = 0;
      stamp_ = 1;
    }
  }
  // Inserts key (once) and returns its slot.
  std::uint32_t insert(std::uint32_t key) {
    std::uint32_t i = hash(key);
    while (slots_[i].stamp == stamp_ && slots_[i].key != key) i = (i + 1) & mask_;
    if (slots_[i].stamp != stamp_) slots_[i] = Slot{key, stamp_, kNoNode};
    return i;
  }
  // The slot of key, or -1 if absent.
  std::int64_t find(std::uint32_t key) const {
    std::uint32_t i = hash(key);
    while (slots_[i].stamp == stamp_) {
      if (slots_[i].key == key) return i;
      i = (i + 1) & mask_;
    }
    return -1;
  }
  std::uint32_t& child(std::uint32_t slot) { return slots_[slot].child; }

 private:
  struct Slot {
    std::uint32_t key = 0, stamp = 0, child = kNoNode;
  };
  std::uint32_t hash(std::uint32_t key) const {
    return std::uint32_t((std::uint64_t(key) * 0x9e3779b97f4a7c15ull) >> 40) & mask_;
  }
  std::vector<Slot> slots_;
  std::uint32_t mask_;
  std::uint32_t stamp_ = 1;
};

}  // namespace stratego::search
