// Set-ups: where one side's pieces start. The text form is the line format of
// data/setups/: setup_rows x width letters (40 for the classic board), the owner's
// rows from his back row to his front row, each row from column a to the last column in board
// coordinates; letters of the Gravon archive: A empty, B Bomb, C Spy, D Scout, E Miner,
// F Sergeant, G Lieutenant, H Captain, I Major, J Colonel, K General, L Marshal, M Flag; and
// for the Clone Wars powers (CW-2a), not in the archive: N Anger Captain, O Ranged Major.
// So for Red, letter i stands on row 1 + i / width; for Blue, on row height - i / width.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/rng.h"
#include "engine/state.h"

namespace stratego {

struct Setup {
  Side side = kRed;
  std::vector<std::pair<int, Kind>> pieces;  // absolute square, kind
};

// Parses one line; throws InputError naming the character position and what is wrong
// (length, unknown letter, piece on a lake, counts that differ from the variant's army).
Setup parse_setup(const Variant& v, Side side, std::string_view line);
std::string format_setup(const Variant& v, const Setup& setup);
// Throws InputError if the set-up breaks C-2 / C-3 for this variant.
void validate_setup(const Variant& v, const Setup& setup);
// A uniformly random legal set-up (every placement of the army in the zone is equally likely).
Setup random_setup(const Variant& v, Side side, Rng& rng);
// The start of a game: both set-ups on an empty board, Red to move. Validates both.
State initial_state(std::shared_ptr<const Variant> v, const Setup& red, const Setup& blue);

// A file of set-up lines (blank lines and lines starting with # are skipped). Every line is
// validated for the variant; an error names the file and line number.
struct SetupFile {
  std::string path;
  std::vector<std::string> lines;
  std::vector<int> line_numbers;  // 1-based line in the file of each entry of lines
};
SetupFile read_setup_file(const std::string& path, const Variant& v);

}  // namespace stratego
