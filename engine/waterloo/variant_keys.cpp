#include "engine/waterloo/variant_keys.h"

#include <sstream>

#include "engine/text_util.h"

namespace stratego::waterloo {
namespace {

std::vector<std::string> split_on(const std::string& w, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(w);
  while (std::getline(in, part, sep)) out.push_back(part);
  return out;
}

// "li:1:2 inf:3:15 ..." -> unit specs (class:strength:count).
std::vector<UnitSpec> parse_units(Army army, const std::string& v) {
  std::vector<UnitSpec> out;
  if (v == "none") return out;
  for (const std::string& w : text::word_strings(v)) {
    const auto parts = split_on(w, ':');
    if (parts.size() != 3)
      throw std::string("bad entry '" + w + "' (expected class:strength:count, e.g. inf:3:15)");
    int cls = -1;
    for (int c = 0; c < kNumClasses; ++c)
      if (kClassNames[c] == parts[0]) cls = c;
    if (cls < 0)
      throw std::string("bad entry '" + w + "': unknown class '" + parts[0] +
                        "' (li inf lc hc art commander cic)");
    UnitSpec u;
    u.army = army;
    u.cls = UnitClass(cls);
    u.strength = std::uint8_t(text::loader_count(parts[1], 0, 6));
    u.count = std::uint8_t(text::loader_count(parts[2], 0, 60));
    const bool strengthless =
        u.cls == UnitClass::kArtillery || u.cls == UnitClass::kCommanderInChief;
    if (strengthless != (u.strength == 0))
      throw std::string("bad entry '" + w + "': artillery and cic have strength 0, others 1-6");
    out.push_back(u);
  }
  return out;
}

void replace_army(Rules& r, Army army, const std::string& v) {
  std::vector<UnitSpec> kept;
  for (const UnitSpec& u : r.units)
    if (u.army != army) kept.push_back(u);
  for (const UnitSpec& u : parse_units(army, v)) kept.push_back(u);
  r.units = kept;
}

struct Key {
  VariantKeyDoc doc;
  std::function<void(Variant&, const std::string&)> set;
};

const std::vector<Key>& keys() {
  using V = Variant;
  using S = const std::string&;
  static const std::vector<Key> k = {
      {{"family", "classic or waterloo", "classic",
        "Which rules engine plays the variant: the classic family (Part C) or Stratego Waterloo "
        "(Part W)."},
       [](V& v, S s) {
         if (s == "classic")
           v.family = Family::kClassic;
         else if (s == "waterloo")
           v.family = Family::kWaterloo;
         else
           throw std::string("must be classic or waterloo");
       }},
      {{"waterloo_level", "basic, standard or expert", "basic",
        "Waterloo game: standard adds terrain, cards and W-11.3; expert adds W-13."},
       [](V& v, S s) {
         if (s == "basic")
           v.waterloo.level = Level::kBasic;
         else if (s == "standard")
           v.waterloo.level = Level::kStandard;
         else if (s == "expert")
           v.waterloo.level = Level::kExpert;
         else
           throw std::string("must be basic, standard or expert");
       }},
      {{"waterloo_french", "list of class:strength:count", "none",
        "W-2 French army; classes li inf lc hc art commander cic (art and cic strength 0)."},
       [](V& v, S s) { replace_army(v.waterloo, Army::kFrench, s); }},
      {{"waterloo_allied", "list of class:strength:count", "none", "W-2 Allied army."},
       [](V& v, S s) { replace_army(v.waterloo, Army::kAllied, s); }},
      {{"waterloo_prussian", "list of class:strength:count", "none", "W-2, W-9 Prussian pieces."},
       [](V& v, S s) { replace_army(v.waterloo, Army::kPrussian, s); }},
      {{"waterloo_actions", "integer 1-9", "3", "W-7.1: actions per turn."},
       [](V& v, S s) { v.waterloo.actions = text::loader_count(s, 1, 9); }},
      {{"waterloo_prussian_actions", "integer 2-9", "4",
        "W-9.3: Allied plus Prussian actions once the Prussians act."},
       [](V& v, S s) { v.waterloo.prussian_actions = text::loader_count(s, 2, 9); }},
      {{"waterloo_reserve_max", "integer 0-60", "10", "W-4.2: pieces held back at set-up."},
       [](V& v, S s) { v.waterloo.reserve_max = text::loader_count(s, 0, 60); }},
      {{"waterloo_turn_limit", "integer 1-200", "40", "W-1.4: drawn after this game turn."},
       [](V& v, S s) { v.waterloo.turn_limit = text::loader_count(s, 1, 200); }},
      {{"waterloo_prussian_turn", "integer 0-200", "12",
        "W-9.2: first turn of Prussian draws (they act from the next turn); 0: never."},
       [](V& v, S s) { v.waterloo.prussian_turn = text::loader_count(s, 0, 200); }},
      {{"waterloo_prussian_squares", "square list", "none", "W-9.2: the Prussian flag squares."},
       [](V& v, S s) { v.waterloo.prussian_squares_text = s; }},
      {{"waterloo_cards_per_kind", "integer 0-9", "0",
        "W-12.1: manoeuvre cards of each of the five kinds; 0: no cards."},
       [](V& v, S s) { v.waterloo.cards_per_kind = text::loader_count(s, 0, 9); }},
      {{"waterloo_hand", "integer 0-9", "4", "W-12.2: cards each side drafts."},
       [](V& v, S s) { v.waterloo.hand_size = text::loader_count(s, 0, 9); }},
      {{"waterloo_late_cards", "integer 0-9", "2",
        "W-12.2: cards the Allies take from the discards when the Prussians arrive."},
       [](V& v, S s) { v.waterloo.late_cards = text::loader_count(s, 0, 9); }},
      {{"waterloo_buildings", "list of name:square", "none",
        "W-10.1: 2x2 building tiles, each by its bottom-left square."},
       [](V& v, S s) { v.waterloo.buildings_text = s; }},
      {{"waterloo_hills", "list of name:square", "none", "W-10.1: 2x2 hill tiles."},
       [](V& v, S s) { v.waterloo.hills_text = s; }},
      {{"waterloo_villages", "list of name:square", "none",
        "W-10.7: 2x2 village tiles (Plancenoit)."},
       [](V& v, S s) { v.waterloo.villages_text = s; }},
      {{"waterloo_mud", "square list", "none", "W-14.3: mud squares."},
       [](V& v, S s) { v.waterloo.mud_text = s; }},
      {{"waterloo_building_hp", "integer 1-9", "4", "W-10.3: hit points of a building or village."},
       [](V& v, S s) { v.waterloo.building_hp = text::loader_count(s, 1, 9); }},
      {{"waterloo_fire_range", "integer 1-9", "3", "W-6.1: artillery range."},
       [](V& v, S s) { v.waterloo.fire_range = text::loader_count(s, 1, 9); }},
      {{"waterloo_hill_range", "integer 1-9", "4", "W-10.6: artillery range from a hill."},
       [](V& v, S s) { v.waterloo.hill_range = text::loader_count(s, 1, 9); }},
      {{"waterloo_retreat_cards", "boolean", "true",
        "W-11.1 secret line-of-retreat cards (false in Expert, W-13.2)."},
       [](V& v, S s) { v.waterloo.retreat_cards = text::loader_switch(s); }},
      {{"waterloo_garrison", "name:count", "none",
        "W-13.3: Allied infantry that start in the named building."},
       [](V& v, S s) {
         if (s == "none") {
           v.waterloo.garrison = 0;
           v.waterloo.garrison_tile.clear();
           return;
         }
         const auto parts = split_on(s, ':');
         if (parts.size() != 2) throw std::string("expected name:count, e.g. hougoumont:2");
         v.waterloo.garrison_tile = parts[0];
         v.waterloo.garrison = text::loader_count(parts[1], 0, 4);
       }},
      {{"waterloo_early_start", "boolean", "false", "W-14.1: the French may start early."},
       [](V& v, S s) { v.waterloo.early_start = text::loader_switch(s); }},
      {{"waterloo_early_turns", "integer 1-9", "3", "W-14.1: turns played before turn 1."},
       [](V& v, S s) { v.waterloo.early_turns = text::loader_count(s, 1, 9); }},
      {{"waterloo_early_reserve", "list of class:strength:count", "none",
        "W-14.1: French pieces in reserve when starting early."},
       [](V& v, S s) { v.waterloo.early_reserve = parse_units(Army::kFrench, s); }},
      {{"waterloo_prussian_roll", "boolean", "false", "W-14.2: roll whether the Prussians come."},
       [](V& v, S s) { v.waterloo.prussian_roll = text::loader_switch(s); }},
      {{"waterloo_prussian_roll_turn", "integer 1-200", "9", "W-14.2: the turn of that roll."},
       [](V& v, S s) { v.waterloo.prussian_roll_turn = text::loader_count(s, 1, 200); }},
  };
  return k;
}

Bitboard parse_squares(const Geometry& g, const std::string& text, const std::string& key,
                       const std::function<void(const std::string&, const std::string&)>& fail) {
  Bitboard b = 0;
  if (text == "none") return b;
  for (const std::string& w : text::word_strings(text)) {
    const auto sq = g.parse_square(w);
    if (!sq) fail(key, "'" + w + "' is not a square of this board");
    b |= square_bb(*sq);
  }
  return b;
}

void parse_tiles(Variant& v, TileKind kind, const std::string& text, const std::string& key,
                 const std::function<void(const std::string&, const std::string&)>& fail) {
  if (text == "none") return;
  const Geometry& g = v.geometry;
  for (const std::string& w : text::word_strings(text)) {
    const auto parts = split_on(w, ':');
    if (parts.size() != 2) fail(key, "bad entry '" + w + "' (expected name:square)");
    const auto sq = g.parse_square(parts[1]);
    if (!sq || g.col(*sq) + 1 >= g.width() || g.row(*sq) + 1 >= g.height())
      fail(key, "'" + parts[1] + "' is not the bottom-left square of a 2x2 tile on this board");
    Tile t{parts[0], kind, 0};
    for (int dc = 0; dc < 2; ++dc)
      for (int dr = 0; dr < 2; ++dr)
        t.squares |= square_bb(g.square(g.col(*sq) + dc, g.row(*sq) + dr));
    for (const Tile& o : v.waterloo.tiles)
      if (o.squares & t.squares) fail(key, "tile '" + t.name + "' overlaps tile '" + o.name + "'");
    v.waterloo.tiles.push_back(t);
  }
}

}  // namespace

const std::vector<VariantKeyDoc>& variant_key_docs() {
  static const std::vector<VariantKeyDoc> docs = [] {
    std::vector<VariantKeyDoc> out;
    for (const Key& k : keys()) out.push_back(k.doc);
    return out;
  }();
  return docs;
}

bool set_variant_key(Variant& v, const std::string& key, const std::string& value) {
  for (const Key& k : keys()) {
    if (k.doc.key != key) continue;
    k.set(v, value);
    return true;
  }
  return false;
}

void finish_variant(Variant& v,
                    const std::function<void(const std::string&, const std::string&)>& fail) {
  Rules& r = v.waterloo;
  if (v.lakes) fail("lakes", "Waterloo boards have no lakes");
  r.prussian_squares =
      parse_squares(v.geometry, r.prussian_squares_text, "waterloo_prussian_squares", fail);
  r.mud = parse_squares(v.geometry, r.mud_text, "waterloo_mud", fail);
  r.tiles.clear();
  parse_tiles(v, TileKind::kBuilding, r.buildings_text, "waterloo_buildings", fail);
  parse_tiles(v, TileKind::kHill, r.hills_text, "waterloo_hills", fail);
  parse_tiles(v, TileKind::kVillage, r.villages_text, "waterloo_villages", fail);
  if (r.tiles.size() > 8) fail("waterloo_buildings", "at most 8 terrain tiles");
  int count[kNumArmies] = {}, cic[kNumArmies] = {}, cmd[kNumArmies] = {};
  for (const UnitSpec& u : r.units) {
    count[int(u.army)] += u.count;
    cic[int(u.army)] += u.cls == UnitClass::kCommanderInChief ? u.count : 0;
    cmd[int(u.army)] += u.cls == UnitClass::kCommander ? u.count : 0;
  }
  if (count[0] == 0) fail("waterloo_french", "the French army is empty");
  if (count[1] == 0) fail("waterloo_allied", "the Allied army is empty");
  if (count[0] + count[1] + count[2] > 127)
    fail("waterloo_prussian", "more than 127 pieces in all");
  if (cic[0] > 1 || cic[1] > 1 || cic[2] > 0 || cmd[0] > 1 || cmd[1] > 1 || cmd[2] > 1)
    fail("waterloo_french",
         "at most one commander and one commander-in-chief per army (none for the Prussians)");
  if (count[2] > 0 && r.prussian_turn > 0 && !r.prussian_squares)
    fail("waterloo_prussian_squares", "the Prussians need flag squares");
  if (2 * v.setup_rows > v.height) fail("setup_rows", "the two set-up zones overlap");
  if (r.garrison > 0) {
    bool found = false;
    for (const Tile& t : r.tiles)
      found |= t.name == r.garrison_tile && t.kind == TileKind::kBuilding;
    if (!found) fail("waterloo_garrison", "no building tile named '" + r.garrison_tile + "'");
  }
  for (const UnitSpec& e : r.early_reserve) {
    int have = 0, want = 0;
    for (const UnitSpec& u : r.units)
      if (u.army == Army::kFrench && u.cls == e.cls && u.strength == e.strength) have += u.count;
    for (const UnitSpec& o : r.early_reserve)
      if (o.cls == e.cls && o.strength == e.strength) want += o.count;
    if (want > have) fail("waterloo_early_reserve", "more pieces than the French army has");
  }
}

}  // namespace stratego::waterloo
