// Files that hold several game records one after another, as `stratego match --out` writes
// them (docs/formats.md, "Files of many records"): each record starts at its header line
// (`stratego-record 1` or `stratego-waterloo-record 1`), of either family, in any mix. A file
// with one record is such a file too, so one reader serves both.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace stratego {

struct RecordInFile {
  int number = 0;         // 1-based position in the file
  int line = 0;           // 1-based line of its header
  bool waterloo = false;  // which family's format (and parser) it is
  std::string_view text;  // from its header up to the next header or the end
};

// Splits a file's text into its records. Throws InputError naming the origin and line if
// anything but blank lines and '#' comments stands before the first header, or if there is
// no record at all.
std::vector<RecordInFile> split_records(std::string_view text,
                                        const std::string& origin = "records");
// Throws InputError naming the origin (and line) unless text is a whole record file as the
// formatters write it: valid UTF-8, ending with its `result` line and a newline, which every
// record has last. A file cut short anywhere (a crash mid-write, a full disk) fails this,
// where the record parsers alone would read the moves before the cut as a shorter game.
void check_record_is_whole(std::string_view text, const std::string& origin = "record");
// What a record of either family says besides its moves: its variant, its tags and whether the
// game is over. Parses the whole record (InputError naming the origin when it is bad), so
// callers above the engine never ask which family wrote it.
struct RecordHeader {
  std::string variant;
  std::map<std::string, std::string> tags;
  bool over = false;
};
RecordHeader read_record_header(std::string_view text, const std::string& origin = "record");
// How to name a record in messages: "FILE" for a file of one record, else
// "FILE, record 3 (line 120)".
std::string record_origin(const std::string& origin, const RecordInFile& r,
                          std::size_t records_in_file);

}  // namespace stratego
