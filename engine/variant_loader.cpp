#include "engine/variant_loader.h"

#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"
#include "engine/waterloo/variant_keys.h"

namespace stratego {
namespace {

struct Line {
  int number;
  std::string key, value;
};
struct Source {
  std::string origin;  // file path or "built-in NAME", for messages
  std::string dir;     // folder to resolve `inherit` in first; empty for built-ins
  std::vector<Line> lines;
};

Source parse_source(std::string_view text, std::string origin, std::string dir) {
  Source src{std::move(origin), std::move(dir), {}};
  std::istringstream in{std::string(text)};
  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    const std::string line(text::trim(raw));
    if (line.empty() || line[0] == '#') continue;
    const auto eq = line.find('=');
    const std::string key =
        eq == std::string::npos ? line : std::string(text::trim(line.substr(0, eq)));
    if (eq == std::string::npos || key.empty() ||
        key.find_first_not_of("abcdefghijklmnopqrstuvwxyz_0123456789") != std::string::npos) {
      throw InputError(src.origin + ":" + std::to_string(number) +
                       ": expected 'key = value', got '" + line + "'");
    }
    src.lines.push_back({number, key, std::string(text::trim(line.substr(eq + 1)))});
  }
  return src;
}

// What the keys write into, plus what can only be checked once every key is known.
struct Draft {
  Variant v;
  std::string lakes_text = "none";
  std::map<std::string, std::string> where;  // key -> "origin:line" that last set it
};

using Setter = std::function<void(Draft&, const std::string&)>;
struct KeySpec {
  VariantKeyDoc doc;
  Setter set;
};

Setter bool_key(bool Variant::*field) {
  return [field](Draft& d, const std::string& v) { d.v.*field = text::loader_switch(v); };
}
Setter int_key(int Variant::*field, int lo, int hi) {
  return [=](Draft& d, const std::string& v) { d.v.*field = text::loader_count(v, lo, hi); };
}

const std::vector<KeySpec>& key_specs() {
  static const std::vector<KeySpec> specs = {
      {{"inherit", "variant name", "(none)",
        "Start from this variant (a file in the same folder, else a built-in) and override it."},
       nullptr},
      {{"name", "string", "(required)", "The variant's name."},
       [](Draft& d, const std::string& v) { d.v.name = v; }},
      {{"description", "string", "\"\"", "One line shown in listings."},
       [](Draft& d, const std::string& v) { d.v.description = v; }},
      {{"notes", "string", "\"\"", "What the variant leaves out or assumes; shown by check."},
       [](Draft& d, const std::string& v) { d.v.notes = v; }},
      {{"width", "integer 4-12", "10", "Columns (C-1.1); width x height at most 128."},
       int_key(&Variant::width, 4, 12)},
      {{"height", "integer 4-12", "10", "Rows (C-1.1)."}, int_key(&Variant::height, 4, 12)},
      {{"lakes", "square list", "none",
        "Squares no piece may enter or cross (C-1.1); `none` for no lakes."},
       [](Draft& d, const std::string& v) { d.lakes_text = v; }},
      {{"setup_rows", "integer 1-6", "4", "Rows of each side's set-up zone (C-1.2)."},
       int_key(&Variant::setup_rows, 1, 6)},
      {{"setup_fill", "boolean", "true",
        "The army must fill every set-up square (C-3.1); false: any squares (C-3.2)."},
       bool_key(&Variant::setup_fill)},
      {{"army", "list of kind:count", "(required)",
        "Pieces per player (C-2): kinds flag spy scout miner sergeant lieutenant captain major "
        "colonel general marshal bomb, and the Clone Wars powered pieces anger-captain (CW-3) "
        "and ranged-major (CW-4); unlisted kinds have 0."},
       [](Draft& d, const std::string& v) {
         d.v.army.fill(0);
         for (const std::string& w : text::word_strings(v)) {
           const auto colon = w.find(':');
           const auto kind = kind_from_name(w.substr(0, colon));
           if (colon == std::string::npos || !kind)
             throw std::string("bad entry '" + w + "' (expected kind:count, e.g. scout:8)");
           d.v.army[*kind] = text::loader_count(w.substr(colon + 1), 0, 40);
         }
       }},
      {{"two_squares_limit", "integer 0-99", "3",
        "C-6.1: moves in a row between the same two squares; 0 switches the rule off."},
       int_key(&Variant::two_squares_limit, 0, 99)},
      {{"chase_rule", "boolean", "true", "C-6.2 more-squares (chasing) rule."},
       bool_key(&Variant::chase_rule)},
      {{"border_runs", "boolean", "false",
        "C-6.3: C-6.1 counted on borders: a piece crosses one border at most two_squares_limit "
        "times running (a Scout's run crosses every border on its way); limit at most 5."},
       bool_key(&Variant::border_runs)},
      {{"no_attack_limit", "integer 0-100000", "0",
        "C-6.3: the game is drawn after this many moves of both players in a row without an "
        "attack; 0 for none."},
       int_key(&Variant::no_attack_limit, 0, 100000)},
      {{"move_limit", "integer 0-100000", "2000",
        "C-7.4: the game is drawn after this many moves of both players; 0 for none."},
       int_key(&Variant::move_limit, 0, 100000)},
      {{"attacker_advantage", "boolean", "false", "V-1: equal ranks, the attacker wins."},
       bool_key(&Variant::attacker_advantage)},
      {{"exploding_bombs", "boolean", "false", "V-2: a non-Miner and the Bomb both go."},
       bool_key(&Variant::exploding_bombs)},
      {{"moving_bombs", "boolean", "false",
        "V-3: Bombs move one square and never attack; needs exploding_bombs."},
       bool_key(&Variant::moving_bombs)},
      {{"moving_flag", "boolean", "false",
        "V-4: the Flag moves one square, never attacks, and wins on the enemy back row."},
       bool_key(&Variant::moving_flag)},
      {{"rescue", "boolean", "false", "V-5: reaching the enemy back row rescues a piece."},
       bool_key(&Variant::rescue)},
      {{"rescue_limit", "integer 0-10", "2", "V-5: rescues per player."},
       int_key(&Variant::rescue_limit, 0, 10)},
      {{"silent_defence", "boolean", "false", "V-6: only the attacker's rank is shown."},
       bool_key(&Variant::silent_defence)},
      {{"captain_two_step", "boolean", "false",
        "C-4.5: Captains move up to two squares, turning after the first, and may attack."},
       bool_key(&Variant::captain_two_step)},
  };
  return specs;
}

const KeySpec* find_key(const std::string& key) {
  for (const KeySpec& k : key_specs())
    if (k.doc.key == key) return &k;
  return nullptr;
}

const BuiltinVariantFile* find_builtin(std::string_view name, bool option) {
  for (const auto& f : builtin_variant_files())
    if (f.name == name && f.is_option == option) return &f;
  return nullptr;
}

}  // namespace

std::string option_description(const BuiltinVariantFile& f) {
  const std::string_view first = f.text.substr(0, f.text.find('\n'));
  if (!first.starts_with('#')) return {};
  const auto b = first.find_first_not_of("# ");
  return b == std::string_view::npos ? std::string() : std::string(first.substr(b));
}

namespace {

std::string builtin_names(bool option) {
  std::string out;
  for (const auto& f : builtin_variant_files())
    if (f.is_option == option) out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

Source base_source(const std::string& name, const std::string& dir) {
  if (!dir.empty()) {
    const auto path = std::filesystem::path(dir) / (name + ".variant");
    if (file_exists(path.string()))
      return parse_source(read_text_file(path.string()), path.string(), dir);
  }
  if (const auto* f = find_builtin(name, false))
    return parse_source(f->text, "built-in " + name, "");
  throw InputError("unknown variant '" + name + "' (built-in: " + builtin_names(false) + ")");
}

void apply_line(Draft& d, const Source& src, const Line& line) {
  const std::string where = src.origin + ":" + std::to_string(line.number);
  const KeySpec* spec = find_key(line.key);
  // `inherit` is read by apply_source, first in a file; given anywhere else (a spec's
  // `+inherit=NAME`) it has no setter to call.
  if (line.key == "inherit")
    throw InputError(where + ": key 'inherit': only a variant file's first key can inherit, " +
                     "not an option or a later line");
  try {
    if (spec)
      spec->set(d, line.value);
    else if (!waterloo::set_variant_key(d.v, line.key, line.value))  // family, waterloo_*
      throw InputError(where + ": unknown key '" + line.key + "'");
  } catch (const std::string& why) {
    throw InputError(where + ": key '" + line.key + "': bad value '" + line.value + "': " + why);
  }
  d.where[line.key] = where;
}

// `chain` holds the origins being applied, outermost first, to name an inheritance cycle.
void apply_source(Draft& d, const Source& src, std::vector<std::string>& chain) {
  for (const Line& line : src.lines) {
    if (line.key != "inherit") continue;
    const std::string where = src.origin + ":" + std::to_string(line.number) + ": key 'inherit'";
    if (&line != &src.lines.front()) throw InputError(where + ": must be the file's first key");
    Source parent;
    try {
      parent = base_source(line.value, src.dir);
    } catch (const InputError& e) {
      throw InputError(where + ": bad value '" + line.value + "': " + e.what());
    }
    for (const std::string& seen : chain) {
      if (seen != parent.origin) continue;
      std::string cycle;
      for (const std::string& c : chain) cycle += c + " -> ";
      throw InputError(where + ": bad value '" + line.value + "': inheritance cycle: " + cycle +
                       parent.origin);
    }
    chain.push_back(parent.origin);
    apply_source(d, parent, chain);
    chain.pop_back();
  }
  for (const Line& line : src.lines)
    if (line.key != "inherit") apply_line(d, src, line);
}

void apply_source(Draft& d, const Source& src) {
  std::vector<std::string> chain{src.origin};
  apply_source(d, src, chain);
}

// Cross-key checks, each blamed on the line that set the key last.
Variant finish(Draft& d) {
  Variant& v = d.v;
  auto fail = [&](const std::string& key, const std::string& why) {
    const auto it = d.where.find(key);
    const std::string where = it == d.where.end() ? "defaults" : it->second;
    throw InputError(where + ": key '" + key + "': " + why);
  };
  if (v.name.empty()) fail("name", "every variant needs a name");
  if (v.width * v.height > kMaxSquares) fail("height", "width x height exceeds 128 squares");
  if (2 * v.setup_rows > v.height) fail("setup_rows", "the two set-up zones overlap");
  v.geometry = Geometry(v.width, v.height, 0);
  Bitboard lakes = 0;
  if (d.lakes_text != "none") {
    for (const std::string& w : text::word_strings(d.lakes_text)) {
      const auto sq = v.geometry.parse_square(w);
      if (!sq) fail("lakes", "'" + w + "' is not a square of this board");
      lakes |= square_bb(*sq);
    }
  }
  v.lakes = lakes;
  v.geometry = Geometry(v.width, v.height, lakes);
  if (v.family == Family::kWaterloo) {  // the classic checks below do not apply
    waterloo::finish_variant(v, fail);
    return v;
  }
  for (int r = 0; r < v.setup_rows; ++r)
    if (lakes & (v.geometry.row_bb(r) | v.geometry.row_bb(v.height - 1 - r)))
      fail("lakes", "a lake lies in a set-up zone");
  const int zone = popcount(v.setup_zone(kRed));
  if (v.army[kFlag] != 1) fail("army", "the army must have exactly one flag");
  if (v.army_size() > zone)
    fail("army", std::to_string(v.army_size()) + " pieces do not fit " + std::to_string(zone) +
                     " set-up squares");
  if (v.setup_fill && v.army_size() != zone)
    fail("setup_fill", "the army has " + std::to_string(v.army_size()) + " pieces for " +
                           std::to_string(zone) + " squares; use setup_fill = false");
  bool movable = false;
  for (Kind k : kAllKinds) movable |= v.army[k] > 0 && v.can_move(k);
  if (!movable) fail("army", "the army has no piece that can move");
  if (v.moving_bombs && !v.exploding_bombs)
    fail("moving_bombs", "moving bombs are exploding bombs (V-3): set exploding_bombs = true");
  if (v.border_runs && v.two_squares_limit > kMaxBorderRun)
    fail("border_runs", "border runs count at most " + std::to_string(kMaxBorderRun) +
                            " crossings (C-6.3): two_squares_limit is " +
                            std::to_string(v.two_squares_limit));
  return v;
}

Variant load(const std::string& spec, const Source& base) {
  Draft d;
  apply_source(d, base);
  std::size_t start = spec.find('+');
  while (start != std::string::npos) {
    const std::size_t end = spec.find('+', start + 1);
    const std::string part =
        spec.substr(start + 1, end == std::string::npos ? end : end - start - 1);
    if (const auto eq = part.find('='); eq != std::string::npos) {
      apply_line(d, Source{"option '" + part + "'", "", {}},
                 {0, part.substr(0, eq), part.substr(eq + 1)});
    } else if (const auto* f = find_builtin(part, true)) {
      apply_source(d, parse_source(f->text, "option " + part, ""));
    } else {
      throw InputError("variant '" + spec + "': unknown option '" + part +
                       "' (options: " + builtin_names(true) + ", or key=value)");
    }
    start = end;
  }
  Variant v = finish(d);
  v.spec = spec;
  return v;
}

}  // namespace

const std::vector<VariantKeyDoc>& variant_keys() {
  static const std::vector<VariantKeyDoc> docs = [] {
    std::vector<VariantKeyDoc> out;
    for (const KeySpec& k : key_specs()) out.push_back(k.doc);
    for (const VariantKeyDoc& k : waterloo::variant_key_docs()) out.push_back(k);
    return out;
  }();
  return docs;
}

Variant load_variant(std::string_view spec_view) {
  const std::string spec(spec_view);
  const std::string base = spec.substr(0, spec.find('+'));
  if (base.empty()) throw InputError("empty variant name");
  const bool is_path = base.find('/') != std::string::npos || base.ends_with(".variant");
  if (is_path) {
    const auto dir = std::filesystem::path(base).parent_path().string();
    return load(spec, parse_source(read_text_file(base), base, dir.empty() ? "." : dir));
  }
  return load(spec, base_source(base, ""));
}

Variant load_variant_text(std::string_view text, const std::string& spec) {
  return load(spec, parse_source(text, "inline variant", ""));
}

Variant check_variant_file(const std::string& path) {
  const auto dir = std::filesystem::path(path).parent_path().string();
  return load(path, parse_source(read_text_file(path), path, dir.empty() ? "." : dir));
}

}  // namespace stratego
