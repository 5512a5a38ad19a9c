#include "engine/record_file.h"

#include "engine/error.h"
#include "engine/text_util.h"

namespace stratego {
namespace {

// Any version: a header of an unsupported version still starts a record, whose own parser
// then names the version problem.
bool is_header(std::string_view line, bool& waterloo) {
  waterloo = line.starts_with("stratego-waterloo-record ");
  return waterloo || line.starts_with("stratego-record ");
}

}  // namespace

std::vector<RecordInFile> split_records(std::string_view text, const std::string& origin) {
  std::vector<RecordInFile> out;
  std::size_t pos = 0;
  int line_number = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text::trim(text.substr(pos, next - pos));
    ++line_number;
    bool waterloo = false;
    if (is_header(line, waterloo)) {
      if (!out.empty()) {  // the previous record ends where this one begins
        const auto start = std::size_t(out.back().text.data() - text.data());
        out.back().text = text.substr(start, pos - start);
      }
      out.push_back({int(out.size()) + 1, line_number, waterloo, text.substr(pos)});
    } else if (out.empty() && !line.empty() && line[0] != '#') {
      throw InputError(origin + ":" + std::to_string(line_number) + ": expected a record header " +
                       "('stratego-record 1' or 'stratego-waterloo-record 1'), got " +
                       text::quoted(line));
    }
    pos = next;
  }
  if (out.empty())
    throw InputError(
        origin +
        ": no game record in it (expected 'stratego-record 1' or 'stratego-waterloo-record 1')");
  return out;
}

std::string record_origin(const std::string& origin, const RecordInFile& r,
                          std::size_t records_in_file) {
  if (records_in_file == 1) return origin;
  return origin + ", record " + std::to_string(r.number) + " (line " + std::to_string(r.line) + ")";
}

}  // namespace stratego
