// The search tree's nodes, in one preallocated array: memory is bounded by the pool's size
// (kNodeBytes per node) and allocating a node is a bump of an index, so a search never
// touches the heap. When the pool is full the tree stops growing; iterations go on and
// evaluate at the leaf they reached.
#pragma once

#include <cstdint>
#include <vector>

namespace stratego::search {

constexpr std::uint32_t kNoNode = 0xffffffffu;

// One edge-and-node of the tree: the action that leads here and the statistics of choosing
// it. Children form a singly linked list (first_child, next_sibling), newest first.
struct Node {
  std::uint32_t action = 0;  // the action's key (Game::key)
  std::uint32_t first_child = kNoNode, next_sibling = kNoNode;
  std::uint32_t visits = 0;  // times chosen
  std::uint32_t avail = 0;   // times it was legal when its parent was visited (ISUCT)
  float reward = 0;          // summed value for `mover`, in [0, visits]
  std::uint8_t mover = 0;    // the side that chose the action (2: a chance outcome)
};
constexpr std::size_t kNodeBytes = sizeof(Node);
static_assert(kNodeBytes == 28, "keep the node small: it bounds the tree's memory");

class NodePool {
 public:
  explicit NodePool(std::size_t capacity) {
    nodes_.reserve(capacity);
    capacity_ = capacity;
  }
  void clear() { nodes_.clear(); }
  bool full() const { return nodes_.size() >= capacity_; }
  std::uint32_t size() const { return std::uint32_t(nodes_.size()); }
  // A new node; the caller checks full() first.
  std::uint32_t add(std::uint32_t action, std::uint8_t mover) {
    nodes_.push_back(Node{action, kNoNode, kNoNode, 0, 0, 0.0f, mover});
    return std::uint32_t(nodes_.size() - 1);
  }
  Node& operator[](std::uint32_t i) { return nodes_[i]; }
  const Node& operator[](std::uint32_t i) const { return nodes_[i]; }

 private:
  std::vector<Node> nodes_;
  std::size_t capacity_ = 0;
};

}  // namespace stratego::search
