#include "engine/file_io.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/error.h"

namespace stratego {

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open the file");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(tmp + ": cannot open the file for writing");
    out << text;
    out.flush();
    if (!out) throw InputError(tmp + ": cannot write the file");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw InputError(path + ": cannot replace the file: " + ec.message());
}

}  // namespace stratego
