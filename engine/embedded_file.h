// A file compiled into the binary by cmake/embed_files.cmake (set-up priors, mixtures and books,
// value weights, the serve page): its name as the loaders look it up, and its text.
#pragma once

#include <string_view>

namespace stratego {

struct EmbeddedFile {
  std::string_view name;  // the file name without folder and extension, or as NAME says
  std::string_view text;
};

}  // namespace stratego
