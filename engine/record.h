// Game records: a small line-based text format (docs/formats.md) holding the variant, the
// start (both set-ups, or a position in notation), the moves, and the result with its reason.
//   stratego-record 1
//   variant classic+silent-defence
//   red-setup MBBE...        (40 letters, setup.h)      -- or --   start <notation>
//   blue-setup ...
//   tag seed 42              (any number of free tags: tag NAME VALUE...)
//   moves a4-a5 g7-g6 ...    (any number of moves lines; tokens as in move_text.h)
//   result red flag-captured (winner red|blue|draw|none, reason as end_reason_name())
// A game the referee ended at its set-up (a side forfeited) may lack one or both set-up lines.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/setup.h"
#include "engine/state.h"

namespace stratego {

struct GameRecord {
  std::string variant;                // spec
  std::string red_setup, blue_setup;  // set-up lines, or empty when start is used
  std::string start;                  // position notation, or empty
  std::map<std::string, std::string> tags;
  std::vector<Move> moves;
  Result result;
};

std::string format_record(const GameRecord& r);
// Throws InputError naming the line (and token) that is wrong.
GameRecord parse_record(std::string_view text, const std::string& origin = "record");
// The start state of a record.
State record_start(const GameRecord& r);
// Replays every move, checking legality (InputError names the move number and token) and that
// the recorded result matches what the rules say (a resignation, agreed draw or referee's
// forfeit is applied at the end); returns the final state.
State replay(const GameRecord& r);
// Writes to path.tmp and renames, so a record file is never half-written.
void write_record_file(const std::string& path, const GameRecord& r);
GameRecord read_record_file(const std::string& path);

}  // namespace stratego
