// Caller-owned, fixed-capacity storage for generated moves and actions: generation writes into
// it without touching the heap.
#pragma once

namespace stratego {

template <typename T, int Capacity>
struct FixedList {
  T items[Capacity];
  int size = 0;

  void clear() { size = 0; }
  void push(T x) { items[size++] = x; }
  const T* begin() const { return items; }
  const T* end() const { return items + size; }
  T operator[](int i) const { return items[i]; }
  bool contains(T x) const {
    for (int i = 0; i < size; ++i)
      if (items[i] == x) return true;
    return false;
  }
};

}  // namespace stratego
