#include "protocol/protocol_variant.h"

#include <algorithm>
#include <filesystem>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"

namespace stratego::protocol {
namespace {

using text::trim;

// The key of a `key = value` line, or empty.
std::string_view key_of(std::string_view line) {
  const auto eq = line.find('=');
  return eq == std::string_view::npos ? std::string_view() : trim(line.substr(0, eq));
}

std::vector<std::string> file_lines(const std::filesystem::path& path, int depth) {
  if (depth > 32)
    throw InputError(std::string("variant ") + path.string() +
                     ": inheritance is too deep (a cycle?)");
  const std::string text = read_text_file(path.string());
  std::vector<std::string> own;
  for (std::size_t s = 0, e; s < text.size(); s = e + 1) {
    e = std::min(text.find('\n', s), text.size());
    const std::string_view line = trim(std::string_view(text).substr(s, e - s));
    if (!line.empty() && line[0] != '#') own.emplace_back(line);
  }
  if (own.empty() || key_of(own.front()) != "inherit") return own;
  const std::string parent(trim(own.front().substr(own.front().find('=') + 1)));
  const auto sibling = path.parent_path() / (parent + ".variant");
  if (!file_exists(sibling.string())) return own;  // a built-in parent: the receiver has it
  std::vector<std::string> out = file_lines(sibling, depth + 1);
  out.insert(out.end(), own.begin() + 1, own.end());
  return out;
}

}  // namespace

bool is_builtin_spec(std::string_view spec) {
  const std::string_view base = spec.substr(0, spec.find('+'));
  return !base.empty() && base.find('/') == std::string_view::npos && !base.ends_with(".variant");
}

std::vector<std::string> inline_variant_lines(const std::string& spec) {
  const std::string base = spec.substr(0, spec.find('+'));
  std::vector<std::string> out;
  if (is_builtin_spec(base)) {
    out.push_back("inherit = " + base);
  } else {
    out = file_lines(base, 0);
  }
  for (std::size_t start = spec.find('+'); start != std::string::npos;) {
    const std::size_t end = spec.find('+', start + 1);
    const std::string part =
        spec.substr(start + 1, end == std::string::npos ? end : end - start - 1);
    if (const auto eq = part.find('='); eq != std::string::npos) {
      out.push_back(part.substr(0, eq) + " = " + part.substr(eq + 1));
    } else {
      bool found = false;
      for (const auto& f : builtin_variant_files()) {
        if (!f.is_option || f.name != part) continue;
        found = true;
        for (std::size_t s = 0, e; s < f.text.size(); s = e + 1) {
          e = std::min(f.text.find('\n', s), f.text.size());
          const std::string_view line = trim(f.text.substr(s, e - s));
          if (!line.empty() && line[0] != '#') out.emplace_back(line);
        }
      }
      if (!found)
        throw InputError(std::string("variant ") + text::quoted(spec) + ": unknown option " +
                         text::quoted(part));
    }
    start = end;
  }
  return out;
}

}  // namespace stratego::protocol
