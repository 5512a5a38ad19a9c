// Real games with both set-ups and the winner, for checking that a measure of set-up strength
// predicts games between people (data/outcomes/, docs/setup-strength.md "Does it predict real
// games"). The table is the CSV of the Gravon archive's games as data/README.md describes it:
// a header `game_id,field_content,game_length,result_type,winner`, then one game a line, the
// board at the start as 100 letters of the archive's code (Red's rows from its back row, the
// two middle rows, Blue's rows; Blue's letters shifted 12 on). Red's set-up is the first 40
// letters; Blue's the last 40 read backwards (its back row first), shifted back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace stratego::strength {

enum class RealWinner { kRed = 1, kBlue = 2, kDraw = 3 };

struct RealGame {
  std::string id;         // the archive's name of the game
  std::string red, blue;  // each side's set-up line in its own frame (docs/formats.md)
  int length = 0;         // moves played
  int result_type = 0;    // how it ended (data/README.md)
  RealWinner winner = RealWinner::kDraw;
  int line = 0;  // 1-based line of the file
};

// Decodes one field_content (100 letters) into both set-up lines, each checked for the
// variant (army and zone: engine/setup.h parse_setup). Throws InputError saying which letter
// or set-up is wrong; the caller adds the file and line.
void decode_field(const Variant& v, const std::string& field, std::string& red, std::string& blue);

// Reads the table strictly: the header, five columns a line, every number and letter checked;
// blank lines are skipped. Throws InputError naming `path:line` and what was wrong.
std::vector<RealGame> read_real_games(const std::string& path, const Variant& v);
// The same from text (origin names it in errors).
std::vector<RealGame> parse_real_games(const std::string& text, const std::string& origin,
                                       const Variant& v);

// The fixed split of a table of real games into a fitting half and a held-out half, by the
// game's id alone (so it does not depend on the rows' order or on which other games the table
// holds): held out when the 64-bit FNV-1a hash of the id is odd. The fitted measure is fitted
// and its penalty chosen on the fitting half only; the held-out half only checks it.
std::uint64_t game_id_hash(const std::string& id);
inline bool held_out_game(const std::string& id) { return (game_id_hash(id) & 1) != 0; }

}  // namespace stratego::strength
