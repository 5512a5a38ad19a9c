#include "strength/real_games.h"

#include <charconv>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/setup.h"

namespace stratego::strength {
namespace {

constexpr const char* kHeader = "game_id,field_content,game_length,result_type,winner";
// The archive writes Blue's pieces 12 letters after Red's: N is a Blue Bomb (B), Y its Flag (M).
constexpr int kBlueShift = 12;

std::string quoted(char c) { return std::string("'") + c + "'"; }

// A whole non-negative decimal number, or InputError naming the column.
int parse_count(const std::string& text, const char* column) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0)
    throw InputError(std::string(column) + " is '" + text + "'; it must be a whole number >= 0");
  return value;
}

std::vector<std::string> split_commas(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

}  // namespace

void decode_field(const Variant& v, const std::string& field, std::string& red, std::string& blue) {
  const int squares = v.width * v.height, zone = v.setup_rows * v.width;
  if (int(field.size()) != squares)
    throw InputError("field_content has " + std::to_string(field.size()) + " letters; " + v.spec +
                     " needs " + std::to_string(squares) + " (" + std::to_string(v.height) +
                     " rows of " + std::to_string(v.width) + ")");
  red.clear();
  blue.clear();
  for (int i = 0; i < squares; ++i) {
    const char c = field[std::size_t(i)];
    const std::string where = "field_content letter " + std::to_string(i + 1) + " (" +
                              v.geometry.square_name(i) + "): " + quoted(c);
    if (test(v.lakes, i)) {
      if (c != '_') throw InputError(where + " on a lake, which the code writes '_'");
    } else if (i < zone) {
      if (c < 'A' || c > 'M') throw InputError(where + " is not a Red letter (A to M)");
      red += c;
    } else if (i >= squares - zone) {
      if (c != 'A' && (c < 'A' + 1 + kBlueShift || c > 'M' + kBlueShift))
        throw InputError(where + " is not a Blue letter (A, or N to Y)");
      blue += c == 'A' ? 'A' : char(c - kBlueShift);
    } else if (c != 'A') {
      throw InputError(where + " in the middle rows, which must be empty ('A') or a lake ('_')");
    }
  }
  // Blue's letters run from Red's back row to Blue's: read backwards they start at Blue's
  // back row, as a set-up line does (the left-right mirror of its own view, which data/README
  // says to treat alike).
  blue.assign(blue.rbegin(), blue.rend());
  for (auto [line, side] : {std::pair{&red, "Red"}, std::pair{&blue, "Blue"}}) {
    try {
      parse_setup(v, kRed, *line);
    } catch (const InputError& e) {
      throw InputError(std::string(side) + "'s set-up " + *line + ": " + e.what());
    }
  }
}

std::vector<RealGame> parse_real_games(const std::string& text, const std::string& origin,
                                       const Variant& v) {
  std::vector<RealGame> out;
  std::size_t at = 0;
  bool header = false;
  for (int n = 1; at < text.size(); ++n) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = origin + ":" + std::to_string(n) + ": ";
    if (!header) {
      if (line != kHeader)
        throw InputError(where + "the header must be '" + kHeader + "', not '" + line + "'");
      header = true;
      continue;
    }
    const std::vector<std::string> cols = split_commas(line);
    if (cols.size() != 5)
      throw InputError(where + std::to_string(cols.size()) + " columns; a game has 5 (" + kHeader +
                       ")");
    try {
      RealGame g;
      g.line = n;
      g.id = cols[0];
      if (g.id.empty()) throw InputError("game_id is empty");
      decode_field(v, cols[1], g.red, g.blue);
      g.length = parse_count(cols[2], "game_length");
      g.result_type = parse_count(cols[3], "result_type");
      const int w = parse_count(cols[4], "winner");
      if (w < 1 || w > 3)
        throw InputError("winner is '" + cols[4] + "'; it must be 1 (Red), 2 (Blue) or 3 (draw)");
      g.winner = RealWinner(w);
      out.push_back(std::move(g));
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
  }
  if (!header) throw InputError(origin + ": no header line; the table is empty");
  if (out.empty()) throw InputError(origin + ": no games after the header");
  return out;
}

std::vector<RealGame> read_real_games(const std::string& path, const Variant& v) {
  return parse_real_games(read_text_file(path), path, v);
}

std::uint64_t game_id_hash(const std::string& id) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  for (unsigned char c : id) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace stratego::strength
