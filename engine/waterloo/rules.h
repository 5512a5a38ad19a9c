// Stratego Waterloo as data (docs/rules.md Part W): the armies, terrain tiles, counts and limits
// that a variant file sets (keys `waterloo_*`, docs/variants.md). Variant holds one of these;
// the rules engine (engine/waterloo/state.h) reads it and holds no numbers of its own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bitboard.h"
#include "engine/result.h"  // Family

namespace stratego {

namespace waterloo {

enum class Level : std::uint8_t { kBasic, kStandard, kExpert };
// Red (kRed) is the Allied player, who also commands the Prussians; Blue is the French.
enum class Army : std::uint8_t { kFrench = 0, kAllied = 1, kPrussian = 2 };
constexpr int kNumArmies = 3;
// W-2: the classes on the pieces' backs. Commanders and commanders-in-chief look like LC.
enum class UnitClass : std::uint8_t {
  kLightInfantry,
  kInfantry,
  kLightCavalry,
  kHeavyCavalry,
  kArtillery,
  kCommander,
  kCommanderInChief,
};
constexpr int kNumClasses = 7;
constexpr std::string_view kClassNames[kNumClasses] = {"li",  "inf",       "lc", "hc",
                                                       "art", "commander", "cic"};
constexpr std::string_view kArmyNames[kNumArmies] = {"french", "allied", "prussian"};

// One line of an army list: `count` pieces of a class and strength (W-2). Artillery and
// commanders-in-chief have no strength (0).
struct UnitSpec {
  Army army = Army::kFrench;
  UnitClass cls = UnitClass::kInfantry;
  std::uint8_t strength = 0;
  std::uint8_t count = 0;
};

enum class TileKind : std::uint8_t { kBuilding, kHill, kVillage };
// W-10.1: a 2x2 terrain tile, given in the file by name and bottom-left square.
struct Tile {
  std::string name;
  TileKind kind = TileKind::kBuilding;
  Bitboard squares = 0;
};

struct Rules {
  Level level = Level::kBasic;
  std::vector<UnitSpec> units;          // French, Allied and Prussian lines, in file order
  std::vector<UnitSpec> early_reserve;  // W-14.1: French pieces that start in reserve
  int actions = 3;                      // W-7.1
  int prussian_actions = 4;             // W-9.3: Allied + Prussian actions once they act
  int reserve_max = 10;                 // W-4.2
  int turn_limit = 40;                  // W-1.4
  int prussian_turn = 12;               // W-9.2: 0 means the Prussians never come
  Bitboard prussian_squares = 0;        // W-9.2
  int cards_per_kind = 0;               // W-12.1 (0: no manoeuvre cards)
  int hand_size = 4;                    // W-12.2
  int late_cards = 2;                   // W-12.2: Allied picks when the Prussians arrive
  std::vector<Tile> tiles;              // W-10.1, W-14.4
  Bitboard mud = 0;                     // W-14.3
  int building_hp = 4;                  // W-10.3
  int fire_range = 3;                   // W-6.1
  int hill_range = 4;                   // W-10.6
  bool retreat_cards = true;            // W-11.1 (Expert: sectors instead, W-13.2)
  std::string garrison_tile;            // W-13.3: the tile that starts Allied-held
  int garrison = 0;                     // W-13.3: how many Allied infantry start in it
  bool early_start = false;             // W-14.1: the French are offered the early start
  int early_turns = 3;                  // W-14.1
  bool prussian_roll = false;           // W-14.2
  int prussian_roll_turn = 9;           // W-14.2

  // Texts of square-valued keys, parsed once the board size is known.
  std::string prussian_squares_text = "none", mud_text = "none";
  std::string buildings_text = "none", hills_text = "none", villages_text = "none";
};

}  // namespace waterloo
}  // namespace stratego
