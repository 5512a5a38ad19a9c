// Whole-file reads and writes for every format. Writes go to PATH.tmp and are renamed over
// PATH, so a record or result file is never left half-written.
#pragma once

#include <string>

namespace stratego {

// Throws InputError naming the path when it cannot be read.
std::string read_text_file(const std::string& path);
// Throws InputError naming the path when it cannot be written; the old file stays intact.
void write_text_file_atomically(const std::string& path, const std::string& text);

}  // namespace stratego
