#include "eval/priors/setup_book.h"

#include <sstream>

#include "engine/error.h"
#include "engine/setup.h"
#include "engine/text_util.h"

namespace stratego::eval {

std::vector<std::string> setup_book(const Variant& v) {
  std::vector<std::string> out;
  for (const EmbeddedFile& f : builtin_book_files()) {
    if (f.name != v.name) continue;
    std::istringstream in{std::string(f.text)};
    for (std::string raw; std::getline(in, raw);) {
      const std::string_view line = text::trim(raw);
      if (line.empty() || line[0] == '#') continue;
      try {
        parse_setup(v, kRed, line);
        out.emplace_back(line);
      } catch (const InputError&) {
        // Another army (an option changed it): not a set-up of this variant.
      }
    }
  }
  return out;
}

}  // namespace stratego::eval
