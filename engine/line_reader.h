// Reading one line of a stream with a bound on its length, for every program input that
// arrives line by line (the bot protocol's `engine`, `ucc-bot`, the terminal player): a line
// of 1 GB must cost no more memory than the bound, not 1 GB (docs/robustness.md).
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace stratego {

// The bound every line-by-line input keeps to.
inline constexpr std::size_t kMaxInputLine = std::size_t(1) << 20;  // 1 MiB

enum class LineRead { kLine, kTooLong, kEnd };

// Like std::getline: the next line without its '\n' (and a '\r' before it). kTooLong: the
// line had more than max bytes; `line` holds its first max and the rest was read and dropped.
// kEnd: the stream ended with nothing left.
inline LineRead read_bounded_line(std::istream& in, std::string& line,
                                  std::size_t max = kMaxInputLine) {
  line.clear();
  std::streambuf* sb = in.rdbuf();
  bool any = false, too_long = false;
  for (;;) {
    const int c = sb ? sb->sbumpc() : std::char_traits<char>::eof();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) {
        in.setstate(std::ios::failbit);
        return LineRead::kEnd;
      }
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < max)
      line.push_back(char(c));
    else
      too_long = true;
  }
  if (too_long) return LineRead::kTooLong;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return LineRead::kLine;
}

}  // namespace stratego
