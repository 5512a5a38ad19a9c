#include "engine/record.h"

#include <algorithm>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"

namespace stratego {
namespace {

constexpr std::string_view kHeader = "stratego-record 1";
constexpr std::size_t kMovesPerLine = 10;  // short lines keep diffs of records readable

std::string result_words(Result r) {
  return std::string(text::winner_name(r.winner)) + " " + std::string(end_reason_name(r.reason));
}

bool has_blank(std::string_view s) { return s.find_first_of(" \t\r\n") != std::string_view::npos; }

// The errors of a nested parser, prefixed with where in the record it was called.
template <typename F>
auto located(const std::string& where, F&& f) {
  try {
    return f();
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

Setup setup_of(const Variant& v, Side s, const std::string& line) {
  return located(std::string(side_name(s)) + "-setup", [&] { return parse_setup(v, s, line); });
}

// A game the referee ended before it began: a side gave no valid set-up and forfeited, so
// the record has at most the other side's set-up, no moves, and an external result.
bool forfeited_at_setup(const GameRecord& r) {
  return r.start.empty() && r.moves.empty() && is_external_end(r.result.reason) &&
         r.result.reason != EndReason::kDrawAgreed && (r.red_setup.empty() || r.blue_setup.empty());
}

}  // namespace

std::string format_record(const GameRecord& r) {
  const bool setups = !r.red_setup.empty() && !r.blue_setup.empty();
  const bool no_setup = r.red_setup.empty() && r.blue_setup.empty();
  if (r.start.empty() ? !setups && !forfeited_at_setup(r)
                      : !no_setup)  // else it would not read back the same
    throw InputError("record: give both set-up lines or a start position, not both");
  const Variant v = load_variant(r.variant);
  std::string out = std::string(kHeader) + "\nvariant " + r.variant + "\n";
  if (!r.start.empty()) out += "start " + r.start + "\n";
  for (const auto& [key, line] :
       {std::pair{"red-setup ", &r.red_setup}, std::pair{"blue-setup ", &r.blue_setup}})
    if (r.start.empty() && !line->empty())
      out += std::string(key) + *line + "\n";  // one may be missing: forfeited_at_setup
  for (const auto& [name, value] : r.tags) {
    // A record must read back as it was written: names are one word, values one line.
    if (name.empty() || has_blank(name))
      throw InputError("record tag " + text::quoted(name) + ": a tag name is one word");
    if (value.find_first_of("\r\n") != std::string::npos || text::trim(value) != value)
      throw InputError("record tag " + name + ": the value must be one line without outer blanks");
    out += "tag " + name + (value.empty() ? "" : " " + value) + "\n";
  }
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    if (i % kMovesPerLine == 0) out += i ? "\nmoves" : "moves";
    out += ' ';
    out += move_to_text(r.moves[i], v.geometry);
  }
  if (!r.moves.empty()) out += "\n";
  out += "result " + result_words(r.result) + "\n";
  return out;
}

GameRecord parse_record(std::string_view text, const std::string& origin) {
  struct Entry {
    int line;
    std::string_view key, rest;
  };
  auto at = [&](int line) { return origin + ":" + std::to_string(line); };
  std::vector<Entry> entries;
  bool header = false;
  const auto lines = text::split(text, '\n');
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string_view line = text::trim(lines[n]);
    const int number = int(n) + 1;
    if (line.empty() || line[0] == '#') continue;
    if (!header) {
      if (line != kHeader)
        throw InputError(at(number) + ": expected " + text::quoted(kHeader) + ", got " +
                         text::quoted(line) +
                         (line.starts_with("stratego-record ") ? " (unsupported version)" : ""));
      header = true;
      continue;
    }
    const auto space = line.find_first_of(" \t");
    entries.push_back({number, line.substr(0, space),
                       space == std::string_view::npos ? "" : text::trim(line.substr(space))});
  }
  if (!header) throw InputError(origin + ": empty record (expected " + text::quoted(kHeader) + ")");

  std::map<std::string_view, int> single;  // key -> line of the keys that may appear once
  for (const Entry& e : entries) {
    if (e.key == "tag" || e.key == "moves") continue;
    if (e.key != "variant" && e.key != "red-setup" && e.key != "blue-setup" && e.key != "start" &&
        e.key != "result")
      throw InputError(at(e.line) + ": unknown line " + text::quoted(e.key) +
                       " (expected variant, red-setup, blue-setup, start, tag, moves or result)");
    if (single.count(e.key))
      throw InputError(at(e.line) + ": a second " + text::quoted(e.key) +
                       " line (the first is line " + std::to_string(single[e.key]) + ")");
    single[e.key] = e.line;
  }
  if (!single.count("variant")) throw InputError(origin + ": no 'variant' line");
  if (single.count("start") && (single.count("red-setup") || single.count("blue-setup")))
    throw InputError(origin + ": has both a start line and set-up lines; use one or the other");

  GameRecord r;
  const Entry& ve = *std::find_if(entries.begin(), entries.end(),
                                  [](const Entry& e) { return e.key == "variant"; });
  r.variant = std::string(ve.rest);
  const Variant v = located(at(ve.line) + ": variant", [&] { return load_variant(r.variant); });
  int move_number = 0;
  for (const Entry& e : entries) {
    const std::string where = at(e.line);
    if (e.key == "red-setup" || e.key == "blue-setup") {
      const Side side = e.key == "red-setup" ? kRed : kBlue;
      located(where, [&] { return setup_of(v, side, std::string(e.rest)); });
      (side == kRed ? r.red_setup : r.blue_setup) = std::string(e.rest);
    } else if (e.key == "start") {
      const State s = located(where + ": start", [&] { return parse_state(e.rest); });
      if (s.variant().spec != r.variant)
        throw InputError(where + ": start: the position is of variant " +
                         text::quoted(s.variant().spec) + ", the record's is " +
                         text::quoted(r.variant));
      r.start = std::string(e.rest);
    } else if (e.key == "tag") {
      const auto w = text::words(e.rest);
      if (w.empty()) throw InputError(where + ": a tag needs a name: tag NAME VALUE");
      const std::string name(w[0]);
      if (r.tags.count(name)) throw InputError(where + ": a second tag " + text::quoted(name));
      r.tags[name] = std::string(text::trim(e.rest.substr(w[0].size())));
    } else if (e.key == "moves") {
      for (std::string_view token : text::words(e.rest)) {
        ++move_number;
        r.moves.push_back(located(where + ": move " + std::to_string(move_number),
                                  [&] { return parse_move(token, v.geometry); }));
      }
    } else if (e.key == "result") {
      const auto w = text::words(e.rest);
      const auto winner = w.size() == 2 ? text::winner_from_name(w[0]) : std::nullopt;
      const auto reason =
          w.size() == 2 ? end_reason_from_name(w[1], Family::kClassic) : std::nullopt;
      if (!winner || !reason)
        throw InputError(where +
                         ": expected 'result WINNER REASON' (winner red, blue, draw or "
                         "none; reason e.g. flag-captured), got " +
                         text::quoted(e.rest));
      r.result = {*winner, *reason};
      if (const std::string why = text::result_problem(r.result); !why.empty())
        throw InputError(where + ": result: " + why);
    }
  }
  if (!single.count("start") && !(single.count("red-setup") && single.count("blue-setup")) &&
      !forfeited_at_setup(r))
    throw InputError(origin + ": needs red-setup and blue-setup lines, or a start line" +
                     " (one may be missing only in a game forfeited at its set-up)");
  return r;
}

State record_start(const GameRecord& r) {
  if (!r.start.empty()) {
    State s = located("start", [&] { return parse_state(r.start); });
    if (s.variant().spec != r.variant)
      throw InputError("start: the position is of variant " + text::quoted(s.variant().spec) +
                       ", the record's is " + text::quoted(r.variant));
    return s;
  }
  auto v =
      std::make_shared<const Variant>(located("variant", [&] { return load_variant(r.variant); }));
  const Setup red = setup_of(*v, kRed, r.red_setup), blue = setup_of(*v, kBlue, r.blue_setup);
  return initial_state(std::move(v), red, blue);
}

State replay(const GameRecord& r) {
  if (forfeited_at_setup(r)) {  // no start: an empty board holding the result
    State s(std::make_shared<const Variant>(
        located("variant", [&] { return load_variant(r.variant); })));
    s.set_result(r.result);
    return s;
  }
  State s = record_start(r);
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const Move m = r.moves[i];
    const std::string where =
        "move " + std::to_string(i + 1) + " (" + move_to_text(m, s.geometry()) + ")";
    if (s.over())
      throw InputError(where + ": the game is already over (" + result_words(s.result()) + ")");
    if (!is_legal(s, m)) {
      const char* why = repetition_violation(s, m);
      throw InputError(where + " is not legal" + (why ? std::string(": ") + why : std::string()));
    }
    s.make(m);
  }
  if (!s.over()) {
    MoveList list;
    generate_moves(s, list);
    if (list.size == 0) s.declare_no_moves();  // C-7.2
  }
  // Resignations, agreed draws and the referee's forfeits are decisions outside the moves:
  // apply them at the end.
  if (!s.over() && r.result.reason == EndReason::kDrawAgreed) s.agree_draw();
  if (!s.over() && is_external_end(r.result.reason) &&
      (r.result.winner == Winner::kRed || r.result.winner == Winner::kBlue))
    s.forfeit(r.result.winner == Winner::kRed ? kBlue : kRed, r.result.reason);
  if (s.result() != r.result)
    throw InputError("result: the record says " + text::quoted(result_words(r.result)) +
                     " but the moves give " + text::quoted(result_words(s.result())));
  return s;
}

void write_record_file(const std::string& path, const GameRecord& r) {
  write_text_file_atomically(path, format_record(r));  // formatted first: errors leave no file
}

GameRecord read_record_file(const std::string& path) {
  return parse_record(read_text_file(path), path);
}

}  // namespace stratego
