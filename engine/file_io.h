// Whole-file reads and writes for every format. Writes go to PATH.tmp and are renamed over
// PATH, so a record or result file is never left half-written.
#pragma once

#include <cstddef>
#include <string>

namespace stratego {

// Throws InputError naming the path when it cannot be read (missing, a directory, a name
// too long, a loop of symbolic links, more than kMaxTextFileBytes).
std::string read_text_file(const std::string& path);
inline constexpr std::size_t kMaxTextFileBytes = std::size_t(1) << 30;
// Whether path names something (std::filesystem::exists without its exceptions): false if
// it does not exist; InputError naming the path for what the file system refuses (a name too
// long, a loop of symbolic links, no permission).
bool file_exists(const std::string& path);
// Whether path is a regular file; false for any error (for arguments that may be a file
// name or text, as --setup).
bool is_readable_file(const std::string& path);
// Throws InputError naming the path when it cannot be written; the old file stays intact.
void write_text_file_atomically(const std::string& path, const std::string& text);
// Appends text to path (created if missing) with a single write(2) in append mode, then
// fsync, so a file that many writers append whole records to never holds a torn one unless
// the machine itself fails mid-write. Callers serialise their appends. Throws InputError
// naming the path on failure.
void append_text_file_durably(const std::string& path, const std::string& text);

}  // namespace stratego
