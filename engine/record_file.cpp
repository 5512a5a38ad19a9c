#include "engine/record_file.h"

#include "engine/error.h"
#include "engine/record.h"
#include "engine/text_util.h"
#include "engine/waterloo/record.h"

namespace stratego {
namespace {

// Any version: a header of an unsupported version still starts a record, whose own parser
// then names the version problem.
bool is_header(std::string_view line, bool& waterloo) {
  waterloo = line.starts_with("stratego-waterloo-record ");
  return waterloo || line.starts_with("stratego-record ");
}

// The 1-based line of the first byte that is not part of valid UTF-8, or 0 if all are.
int first_bad_utf8_line(std::string_view s) {
  int line = 1;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\n') ++line;
    const std::size_t n = c < 0x80         ? 1
                          : (c >> 5) == 6  ? 2
                          : (c >> 4) == 14 ? 3
                          : (c >> 3) == 30 ? 4
                                           : 0;
    if (n == 0 || i + n > s.size()) return line;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return line;
    const auto c1 = n > 1 ? static_cast<unsigned char>(s[i + 1]) : 0;
    if ((n == 2 && c < 0xC2) || (n == 3 && c == 0xE0 && c1 < 0xA0) ||  // overlong
        (n == 3 && c == 0xED && c1 >= 0xA0) ||                         // surrogates
        (n == 4 && ((c == 0xF0 && c1 < 0x90) || c > 0xF4 || (c == 0xF4 && c1 >= 0x90))))
      return line;
    i += n;
  }
  return 0;
}

}  // namespace

void check_record_is_whole(std::string_view text, const std::string& origin) {
  if (const int line = first_bad_utf8_line(text))
    throw InputError(origin + ":" + std::to_string(line) + ": not valid UTF-8");
  if (text.empty() || text.back() != '\n')
    throw InputError(origin + ": cut short (it does not end with a newline)");
  const std::size_t start = text.rfind('\n', text.size() - 2);
  const std::string_view last = text.substr(start == std::string_view::npos ? 0 : start + 1);
  if (!last.starts_with("result "))
    throw InputError(origin + ": cut short (its last line is not the result line)");
}

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

RecordHeader read_record_header(std::string_view text, const std::string& origin) {
  if (waterloo::is_waterloo_record(text)) {
    const auto r = waterloo::parse_record(text, origin);
    return {r.variant, r.tags, r.result.over()};
  }
  const auto r = parse_record(text, origin);
  return {r.variant, r.tags, r.result.over()};
}

}  // namespace stratego
