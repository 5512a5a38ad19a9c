// The identities a Stratego Waterloo player may not know, from the variant's army lists (W-2):
// every (army, class, printed strength) of the enemy army and of the Prussians (hidden from
// both players, W-9.1), grouped into blocks by what the back of the block shows: one army and
// one visible class (commanders and commanders-in-chief show light cavalry). A hidden piece can
// only be an identity of its own block, so the belief is a product over blocks.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "engine/waterloo/view.h"

namespace stratego::eval {

struct WaterlooIdentity {
  waterloo::Army army = waterloo::Army::kFrench;
  waterloo::UnitClass cls = waterloo::UnitClass::kInfantry;
  int strength = 0;  // printed (0 for artillery and commanders-in-chief)
  int total = 0;     // in the army list
  int block = 0;
  int local = 0;  // index within its block (bit `local` of a block's type mask)
};

class WaterlooIdentities {
 public:
  WaterlooIdentities(const Variant& variant, Side viewer);

  Side viewer() const { return viewer_; }
  // True for the armies whose pieces the viewer may not know: the enemy's and the Prussians.
  bool hidden_army(waterloo::Army a) const {
    return a == waterloo::Army::kPrussian || waterloo::army_side(a) != viewer_;
  }
  const std::vector<WaterlooIdentity>& all() const { return ids_; }
  int num_blocks() const { return int(blocks_.size()); }
  // The block of pieces of army a showing class `shown` (apparent class), or -1 (own army, or
  // nothing of that kind in the army list).
  int block_of(waterloo::Army a, waterloo::UnitClass shown) const {
    return block_index_[std::size_t(int(a) * waterloo::kNumClasses + int(shown))];
  }
  int block_of(const waterloo::SeenUnit& u) const {
    return block_of(u.army, waterloo::apparent_class(u.cls));
  }
  waterloo::Army block_army(int b) const { return blocks_[std::size_t(b)].army; }
  waterloo::UnitClass block_class(int b) const { return blocks_[std::size_t(b)].shown; }
  // Global identity indices of block b, by local index.
  const std::vector<int>& block_types(int b) const { return blocks_[std::size_t(b)].types; }
  std::uint32_t all_types(int b) const { return (std::uint32_t(1) << block_types(b).size()) - 1; }
  int block_total(int b) const { return blocks_[std::size_t(b)].total; }
  // Global index of an identity, or -1.
  int find(waterloo::Army a, waterloo::UnitClass cls, int strength) const;
  int find(const waterloo::SeenUnit& u) const { return find(u.army, u.cls, u.strength); }
  // "French INF 6", "Prussian commander 5", for messages.
  std::string name(int identity) const;
  std::string block_name(int b) const;

 private:
  struct Block {
    waterloo::Army army;
    waterloo::UnitClass shown;
    std::vector<int> types;
    int total = 0;
  };
  Side viewer_;
  std::vector<WaterlooIdentity> ids_;
  std::vector<Block> blocks_;
  std::array<int, waterloo::kNumArmies * waterloo::kNumClasses> block_index_{};
};

}  // namespace stratego::eval
