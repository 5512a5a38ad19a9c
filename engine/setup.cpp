#include "engine/setup.h"

#include <fstream>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"

namespace stratego {
namespace {

std::string variant_label(const Variant& v) { return v.spec.empty() ? v.name : v.spec; }

// The square that character i of a set-up line stands for: the owner's rows from his back
// row forwards, each from column a.
int setup_square(const Variant& v, Side side, int i) {
  const int rel_row = i / v.width, col = i % v.width;
  return v.geometry.square(col, side == kRed ? rel_row : v.height - 1 - rel_row);
}

// The inverse of setup_square, or -1 for a square outside the owner's set-up rows.
int setup_index(const Variant& v, Side side, int sq) {
  if (sq < 0 || sq >= v.geometry.num_squares()) return -1;
  const int row = v.geometry.row(sq);
  const int rel_row = side == kRed ? row : v.height - 1 - row;
  if (rel_row >= v.setup_rows) return -1;
  return rel_row * v.width + v.geometry.col(sq);
}

std::string piece_label(Kind k) { return std::string(kind_name(k)) + " (" + kind_letter(k) + ")"; }

}  // namespace

Setup parse_setup(const Variant& v, Side side, std::string_view line) {
  const int n = v.setup_rows * v.width;
  if (int(line.size()) != n)
    throw InputError("set-up has " + std::to_string(line.size()) + " characters; " +
                     variant_label(v) + " needs " + std::to_string(n) + " (" +
                     std::to_string(v.setup_rows) + " rows of " + std::to_string(v.width) + ")");
  Setup s{side, {}};
  for (int i = 0; i < n; ++i) {
    const char c = line[std::size_t(i)];
    const int sq = setup_square(v, side, i);
    const bool lake = test(v.geometry.blocked(), sq);
    auto where = [&] {
      return "set-up character " + std::to_string(i + 1) + " (" + v.geometry.square_name(sq) + ")";
    };
    if (c == 'A' || (c == '_' && lake)) continue;  // empty; Gravon writes lakes as '_'
    const auto k = kind_from_letter(c);
    if (!k)
      throw InputError(where() + ": " + text::quoted(std::string(1, c)) +
                       " is not a set-up letter (A for empty, B to O for pieces)");
    if (lake) throw InputError(where() + ": " + piece_label(*k) + " stands on a lake");
    s.pieces.push_back({sq, *k});
  }
  validate_setup(v, s);
  return s;
}

std::string format_setup(const Variant& v, const Setup& setup) {
  const int n = v.setup_rows * v.width;
  std::string line(std::size_t(n), 'A');
  for (int i = 0; i < n; ++i)
    if (test(v.geometry.blocked(), setup_square(v, setup.side, i))) line[std::size_t(i)] = '_';
  for (const auto& [sq, k] : setup.pieces) {
    const int i = setup_index(v, setup.side, sq);
    if (i < 0 || k >= kNumKinds)
      throw InputError("format_setup: the set-up holds a piece outside its rows");
    line[std::size_t(i)] = kind_letter(k);
  }
  return line;
}

void validate_setup(const Variant& v, const Setup& setup) {
  const Bitboard zone = v.setup_zone(setup.side);
  const std::string who = "set-up of " + std::string(side_name(setup.side));
  std::array<int, kNumKinds> count{};
  Bitboard used = 0;
  for (const auto& [sq, k] : setup.pieces) {
    if (k >= kNumKinds) throw InputError(who + ": a piece of unknown kind");
    if (sq < 0 || sq >= v.geometry.num_squares())
      throw InputError(who + ": square index " + std::to_string(sq) + " is off the board");
    const std::string name = v.geometry.square_name(sq);
    if (test(v.geometry.blocked(), sq))
      throw InputError(who + ": " + piece_label(k) + " on lake square " + name);
    if (!test(zone, sq))
      throw InputError(who + ": " + piece_label(k) + " on " + name +
                       ", outside that side's set-up rows (C-1.2)");
    if (test(used, sq)) throw InputError(who + ": two pieces on " + name);
    used |= square_bb(sq);
    ++count[k];
  }
  // A kind with too many pieces first: its squares say which piece to change.
  for (bool surplus : {true, false})
    for (Kind k : text::kKindsByLetter)
      if (surplus ? count[k] > v.army[k] : count[k] != v.army[k]) {
        // Where that kind stands, so a wrong army points at the squares to change.
        std::string where;
        for (const auto& [sq, kind] : setup.pieces)
          if (kind == k) where += (where.empty() ? " on " : ", ") + v.geometry.square_name(sq);
        throw InputError(who + " has " + std::to_string(count[k]) + " x " + piece_label(k) + where +
                         "; the army of " + variant_label(v) + " has " + std::to_string(v.army[k]) +
                         " (C-2)");
      }
  if (v.setup_fill && used != zone)
    throw InputError(who + " leaves set-up squares empty; " + variant_label(v) +
                     " fills all of them (C-3.1)");
}

Setup random_setup(const Variant& v, Side side, Rng& rng) {
  std::vector<int> zone;
  for (int sq : squares(v.setup_zone(side))) zone.push_back(sq);
  std::vector<Kind> army;
  for (Kind k : kAllKinds) army.insert(army.end(), std::size_t(v.army[k]), k);
  // A uniformly random ordered choice of distinct squares for the army in a fixed order: every
  // placement arises from the same number of choices, so every placement is equally likely.
  Setup s{side, {}};
  for (std::size_t i = 0; i < army.size(); ++i) {
    const std::size_t j = i + rng.below(std::uint32_t(zone.size() - i));
    std::swap(zone[i], zone[j]);
    s.pieces.push_back({zone[i], army[i]});
  }
  return s;
}

State initial_state(std::shared_ptr<const Variant> v, const Setup& red, const Setup& blue) {
  if (red.side != kRed || blue.side != kBlue)
    throw InputError("initial_state: needs Red's set-up and then Blue's");
  validate_setup(*v, red);
  validate_setup(*v, blue);
  State s(std::move(v));
  for (const Setup* setup : {&red, &blue})
    for (const auto& [sq, k] : setup->pieces) s.put(sq, setup->side, k);
  s.set_side_to_move(kRed);  // C-1.2
  return s;
}

SetupFile read_setup_file(const std::string& path, const Variant& v) {
  std::istringstream in(read_text_file(path));  // errors name the path; the size is bounded
  SetupFile file{path, {}, {}};
  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    const std::string_view line = text::trim(raw);
    if (line.empty() || line[0] == '#') continue;
    try {
      // The loader keeps lakes out of set-up rows, so a line valid for Red is valid for Blue.
      parse_setup(v, kRed, line);
    } catch (const InputError& e) {
      throw InputError(path + ":" + std::to_string(number) + ": " + e.what());
    }
    file.lines.emplace_back(line);
    file.line_numbers.push_back(number);
  }
  return file;
}

}  // namespace stratego
