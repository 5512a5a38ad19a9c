// The project's small text helpers, one copy for every parser above the engine too: blanks,
// words, numbers and switches read strictly (the whole word or nothing), quoting for error
// messages, and the names of results. The formats themselves are described in docs/formats.md.
#pragma once

#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.h"

namespace stratego::text {

inline std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// ASCII case of every letter (commands and protocol words are matched whatever their case).
inline std::string upper_case(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
inline std::string lower_case(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Words separated by runs of blanks.
inline std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    i = s.find_first_not_of(" \t\r\n", i);
    if (i == std::string_view::npos) return out;
    const std::size_t e = s.find_first_of(" \t\r\n", i);
    out.push_back(s.substr(i, e == std::string_view::npos ? e : e - i));
    if (e == std::string_view::npos) return out;
    i = e;
  }
}

// Parts between every separator, empty parts included (so "a,,b" has three).
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

// A whole non-negative decimal number and nothing else.
inline std::optional<int> parse_count(std::string_view s) {
  int x = 0;
  if (s.empty() || s[0] == '+' || s[0] == '-') return std::nullopt;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return x;
}

// A whole decimal number of type Int and nothing else ("-3" yes, "+3", "3x", "" no).
template <typename Int>
std::optional<Int> parse_number(std::string_view s) {
  Int x = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return x;
}

// A whole decimal number of any form from_chars reads ("0.5", "1e-3"; "inf" and "nan" too, so
// callers check the range) and nothing else.
inline std::optional<double> parse_real(std::string_view s) {
  double x = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return x;
}

// A switch: true, yes or on; false, no or off.
inline std::optional<bool> parse_switch(std::string_view s) {
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  return std::nullopt;
}

// The key = value loaders' values (variant files, Waterloo's keys): the value, or a
// std::string saying what is wrong, which the loader turns into an error naming the line.
inline int loader_count(std::string_view v, int lo, int hi) {
  const auto x = parse_count(v);
  if (!x) throw std::string("not a whole number");
  if (*x < lo || *x > hi)
    throw std::string("must be from " + std::to_string(lo) + " to " + std::to_string(hi));
  return *x;
}
inline bool loader_switch(std::string_view v) {
  const auto b = parse_switch(v);
  if (!b) throw std::string("not a boolean (true or false)");
  return *b;
}
inline std::vector<std::string> word_strings(std::string_view s) {
  std::vector<std::string> out;
  for (std::string_view w : words(s)) out.emplace_back(w);
  return out;
}

// Text as XML character data (SVG labels and titles): & < > escaped.
inline std::string xml_escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

// The opening of an SVG picture of width x height on white, with a title at (x, 18): what
// every heat map and chart this project draws starts with. The caller closes it with </svg>.
inline std::string svg_opening(int width, int height, int title_x, std::string_view title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
         "\" height=\"" + std::to_string(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n"
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
         "<text x=\"" +
         std::to_string(title_x) + "\" y=\"18\" font-size=\"14\">" + xml_escaped(title) +
         "</text>\n";
}

inline std::string quoted(std::string_view s) {
  std::string out(1, '\'');  // built in place: GCC 12 warns falsely about "'" + string
  out.append(s).push_back('\'');
  return out;
}

constexpr std::string_view winner_name(Winner w) {
  switch (w) {
    case Winner::kRed:
      return "red";
    case Winner::kBlue:
      return "blue";
    case Winner::kDraw:
      return "draw";
    default:
      return "none";
  }
}
inline std::optional<Winner> winner_from_name(std::string_view s) {
  for (Winner w : {Winner::kNone, Winner::kRed, Winner::kBlue, Winner::kDraw})
    if (winner_name(w) == s) return w;
  return std::nullopt;
}

// Why a result can never come out of a game ("red move-limit"), or an empty string. Parsers
// reject these so that a typo is caught where it was written, not at the end of a replay.
inline std::string result_problem(Result r) {
  const bool none = r.winner == Winner::kNone, no_reason = r.reason == EndReason::kNone;
  if (none || no_reason)
    return none == no_reason ? "" : "a winner needs a reason and a reason a winner";
  const bool draw_reason =
      r.reason == EndReason::kNoMovablePieces || r.reason == EndReason::kMoveLimit ||
      r.reason == EndReason::kNoAttackLimit || r.reason == EndReason::kDrawAgreed;
  if (draw_reason != (r.winner == Winner::kDraw))
    return std::string(end_reason_name(r.reason)) +
           (draw_reason ? " ends a game drawn" : " does not end a game drawn");
  return "";
}

// Kinds in the order of their letters (B Bomb, C Spy ... L Marshal, M Flag, N Anger Captain,
// O Ranged Major), the order in which written lists of pieces are sorted.
constexpr std::array<Kind, kNumKinds> kKindsByLetter{
    kBomb,  kSpy,     kScout,   kMiner,   kSergeant, kLieutenant,   kCaptain,
    kMajor, kColonel, kGeneral, kMarshal, kFlag,     kAngerCaptain, kRangedMajor};

}  // namespace stratego::text
