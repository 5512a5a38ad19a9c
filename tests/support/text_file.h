// A whole file as text, for the tests that read the project's own docs and sources ("" if it
// cannot be read: the caller's assertions then say what was missing).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace stratego::test_support {

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace stratego::test_support
