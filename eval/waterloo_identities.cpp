#include "eval/waterloo_identities.h"

#include "engine/error.h"

namespace stratego::eval {

using waterloo::Army;
using waterloo::UnitClass;

WaterlooIdentities::WaterlooIdentities(const Variant& variant, Side viewer) : viewer_(viewer) {
  if (variant.family != Family::kWaterloo)
    throw InputError(std::string("variant '") + variant.name + "' is not a Waterloo variant");
  block_index_.fill(-1);
  for (const waterloo::UnitSpec& u : variant.waterloo.units) {
    if (!hidden_army(u.army) || u.count == 0) continue;
    int id = find(u.army, u.cls, u.strength);
    if (id < 0) {
      const UnitClass shown = waterloo::apparent_class(u.cls);
      int& b = block_index_[std::size_t(int(u.army) * waterloo::kNumClasses + int(shown))];
      if (b < 0) {
        b = int(blocks_.size());
        blocks_.push_back({u.army, shown, {}, 0});
      }
      Block& block = blocks_[std::size_t(b)];
      if (block.types.size() >= 16)
        throw InputError("too many identities showing one Waterloo class");
      id = int(ids_.size());
      ids_.push_back({u.army, u.cls, u.strength, 0, b, int(block.types.size())});
      block.types.push_back(id);
    }
    ids_[std::size_t(id)].total += u.count;
    blocks_[std::size_t(ids_[std::size_t(id)].block)].total += u.count;
  }
}

int WaterlooIdentities::find(Army a, UnitClass cls, int strength) const {
  for (std::size_t i = 0; i < ids_.size(); ++i)
    if (ids_[i].army == a && ids_[i].cls == cls && ids_[i].strength == strength) return int(i);
  return -1;
}

std::string WaterlooIdentities::name(int identity) const {
  const WaterlooIdentity& i = ids_[std::size_t(identity)];
  std::string out(waterloo::kArmyNames[int(i.army)]);
  out += ' ';
  out += waterloo::kClassNames[int(i.cls)];
  if (i.cls != UnitClass::kArtillery && i.cls != UnitClass::kCommanderInChief) {
    out += ' ';
    out += std::to_string(i.strength);
  }
  return out;
}

std::string WaterlooIdentities::block_name(int b) const {
  const Block& block = blocks_[std::size_t(b)];
  std::string out(waterloo::kArmyNames[int(block.army)]);
  out += " pieces showing ";
  out += waterloo::kClassNames[int(block.shown)];
  return out;
}

}  // namespace stratego::eval
