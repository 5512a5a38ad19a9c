// The entry columns of the Waterloo belief tracker (waterloo_belief.h): what the face-down piles
// may hold, units joining them as columns, and what a revealed block gives back.
#include <algorithm>

#include "engine/error.h"
#include "eval/waterloo_belief.h"

namespace stratego::eval {

using waterloo::Pile;

namespace {

// Entry columns per block: with a block's identities (at most 16) they must fit the 64 columns
// of the counting sampler; beyond it, columns of one identity are merged (compact()).
constexpr int kMaxColumns = 48;

}  // namespace

template <class F>
void WaterlooBelief::for_each_lineage(int block, F&& f) {
  for (auto& [key, bg] : bags_)
    if (key / (16 * 8) == block) f(bg.lin);
  for (int sq : squares(tracked_))
    if (board_block_[std::size_t(sq)] == block) f(board_[std::size_t(sq)]);
  for (Kept& k : kept_)
    if (k.block == block) f(k.lin);
}

WaterlooBelief::Bag& WaterlooBelief::bag(int block, int damage, Pile pile, const Lineage& fresh) {
  auto [it, inserted] = bags_.try_emplace(bag_key(block, damage, pile));
  if (inserted) {
    it->second.lin = fresh;
    it->second.current.fill(-1);
  }
  return it->second;
}

int WaterlooBelief::new_column(int block, int type) {
  auto& cols = cols_[std::size_t(block)];
  auto free_slot = [&] {
    for (std::size_t c = 0; c < cols.size(); ++c)
      if (cols[c].type < 0) return int(c);
    if (cols.size() < std::size_t(kMaxColumns)) {
      cols.push_back({});
      return int(cols.size()) - 1;
    }
    return -1;
  };
  int c = free_slot();
  if (c < 0) {
    compact(block);
    c = free_slot();
    if (c < 0) throw InputError("belief: too many kinds of face-down units of one class");
  }
  cols[std::size_t(c)] = {type, 0, ++clock_};
  return c;
}

void WaterlooBelief::release_column(int block, int col) {
  cols_[std::size_t(block)][std::size_t(col)] = {};
  const std::uint64_t keep = ~(std::uint64_t(1) << col);
  for_each_lineage(block, [&](Lineage& l) { l.cols &= keep; });
  for (auto& [key, bg] : bags_)
    for (auto& c : bg.current)
      if (key / (16 * 8) == block && c == col) c = -1;
}

// Too many columns: columns of one identity become one (every block that could take either
// may take the merged one), which keeps every world and loses only some exactness.
void WaterlooBelief::compact(int block) {
  auto& cols = cols_[std::size_t(block)];
  std::array<std::uint64_t, 64> to{};
  for (std::size_t c = 0; c < cols.size(); ++c) {
    to[c] = std::uint64_t(1) << c;
    if (cols[c].type < 0) continue;
    for (std::size_t r = 0; r < c; ++r)
      if (cols[r].type == cols[c].type) {
        cols[r].count += cols[c].count;
        cols[r].joined = std::max(cols[r].joined, cols[c].joined);
        cols[c] = {};
        to[c] = std::uint64_t(1) << r;
        break;
      }
  }
  for_each_lineage(block, [&](Lineage& l) {
    std::uint64_t out = 0;
    for (std::uint64_t m = l.cols; m; m &= m - 1) out |= to[std::size_t(__builtin_ctzll(m))];
    l.cols = out;
  });
  for (auto& [key, bg] : bags_)
    if (key / (16 * 8) == block) bg.current.fill(-1);
}

void WaterlooBelief::restamp(int block, std::uint64_t cols) {
  ++clock_;
  for (std::uint64_t m = cols; m; m &= m - 1)
    cols_[std::size_t(block)][std::size_t(__builtin_ctzll(m))].joined = clock_;
}

// A hidden piece of `block` with lineage `lin` showed local identity `type`: it took one unit of
// the latest column of that identity it could take (the others stay available to every piece
// that could take that one), or, with none, one from the unknown pool.
bool WaterlooBelief::reveal(const Lineage& lin, int block, int type) {
  auto& cols = cols_[std::size_t(block)];
  int best = -1;
  for (std::uint64_t m = lin.cols; m; m &= m - 1) {
    const int c = __builtin_ctzll(m);
    if (cols[std::size_t(c)].type == type && cols[std::size_t(c)].count > 0 &&
        (best < 0 || cols[std::size_t(c)].joined > cols[std::size_t(best)].joined))
      best = c;
  }
  if (best >= 0) {
    if (--cols[std::size_t(best)].count == 0) release_column(block, best);
    return true;
  }
  return lin.types >> type & 1;
}

// A piece enters a face-down pile: a unit the viewer knew becomes one more unit of that pile's
// column for its identity; a hidden piece brings what it may be.
void WaterlooBelief::enter(int block, int damage, Pile pile, int known_type, const Lineage& lin) {
  Bag& bg = bag(block, damage, pile, Lineage{});
  if (known_type < 0) {
    bg.lin.cols |= lin.cols;
    bg.lin.types |= lin.types;
    restamp(block, lin.cols);
    return;
  }
  int c = bg.current[std::size_t(known_type)];
  if (c < 0) {
    c = new_column(block, known_type);
    bg.current[std::size_t(known_type)] = std::int8_t(c);
    bg.lin.cols |= std::uint64_t(1) << c;
  }
  ++cols_[std::size_t(block)][std::size_t(c)].count;
}

}  // namespace stratego::eval
