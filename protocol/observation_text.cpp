#include "protocol/observation_text.h"

#include <charconv>
#include <optional>
#include <vector>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/text_util.h"
#include "engine/waterloo/notation.h"

namespace stratego::protocol {
namespace {

using text::words;

using waterloo::ObservedStep;
using waterloo::SeenUnit;

[[noreturn]] void fail(std::string_view line, const std::string& field, const std::string& why) {
  throw InputError(std::string("observation '") + std::string(line) + "': " + field + ": " + why);
}

std::optional<Side> side_from(std::string_view w) {
  if (w == "red") return kRed;
  if (w == "blue") return kBlue;
  return std::nullopt;
}

std::string kind_word(Kind k) { return k == kUnknown ? "?" : std::string(kind_name(k)); }

Kind parse_kind(std::string_view line, const std::string& field, std::string_view w) {
  if (w == "?") return kUnknown;
  if (const auto k = kind_from_name(w)) return *k;
  fail(line, field,
       text::quoted(w) + " is not a piece kind (flag, spy, scout, ..., marshal, bomb) or ?");
}

constexpr std::string_view kOutcomeWords[] = {"attacker", "defender", "both"};

void write_units(std::string& out, const char* key,
                 const std::vector<std::pair<int, SeenUnit>>& units, const Geometry& g) {
  if (units.empty()) return;
  out += ' ';
  out += key;
  out += '=';
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (i) out += ';';
    out += waterloo::unit_token(units[i].second);
    out += '@';
    out += units[i].first < 0 ? std::string("-") : g.square_name(units[i].first);
  }
}

std::vector<std::pair<int, SeenUnit>> read_units(std::string_view line, const std::string& key,
                                                 std::string_view value, const Geometry& g) {
  std::vector<std::pair<int, SeenUnit>> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t end = std::min(value.find(';', start), value.size());
    const std::string_view item = value.substr(start, end - start);
    const std::size_t at = item.rfind('@');
    if (at == std::string_view::npos)
      fail(line, key, "expected unit@square, got " + text::quoted(item));
    SeenUnit u;
    try {
      std::size_t pos = 0;
      u = waterloo::parse_unit_token(item.substr(0, at), pos);
      if (pos != at) throw InputError("unexpected characters after the unit token");
    } catch (const InputError& e) {
      fail(line, key, "bad unit token " + text::quoted(item.substr(0, at)) + ": " + e.what());
    }
    int sq = -1;
    if (item.substr(at + 1) != "-") {
      const auto s = g.parse_square(item.substr(at + 1));
      if (!s) fail(line, key, text::quoted(item.substr(at + 1)) + " is not a square or -");
      sq = *s;
    }
    out.emplace_back(sq, u);
    start = end + 1;
  }
  return out;
}

Result read_result(std::string_view line, std::string_view value) {
  using namespace waterloo;
  std::vector<std::string_view> parts;
  for (std::size_t s = 0, e; s <= value.size(); s = e + 1) {
    e = std::min(value.find('/', s), value.size());
    parts.push_back(value.substr(s, e - s));
  }
  const auto bad = [&] {
    fail(line, "result",
         "expected winner/reason/kind/tally like red/lines-of-retreat/decisive/0, got " +
             text::quoted(value));
  };
  if (parts.size() != 4) bad();
  Result r;
  bool found = false;
  for (Winner w : {Winner::kNone, Winner::kRed, Winner::kBlue, Winner::kDraw})
    if (text::winner_name(w) == parts[0]) r.winner = w, found = true;
  if (!found) bad();
  found = false;
  if (const auto reason = end_reason_from_name(parts[1], Family::kWaterloo))
    r.reason = *reason, found = true;
  if (!found) bad();
  found = false;
  for (int k = 0; k <= int(ResultKind::kIndecisive); ++k)
    if (result_kind_name(ResultKind(k)) == parts[2]) r.kind = ResultKind(k), found = true;
  const auto tally = text::parse_number<int>(parts[3]);
  if (!found || !tally) bad();
  r.captured_difference = *tally;
  return r;
}

}  // namespace

std::string format_observed(const ObservedMove& m, const Geometry& g) {
  std::string out(side_name(m.mover));
  out += ' ';
  out += move_to_text(m.move, g);
  out += ' ';
  out += kind_word(m.mover_kind);
  if (m.attack) {
    out += ' ';
    out += kind_word(m.target_kind);
    out += ' ';
    out += kOutcomeWords[int(m.outcome)];
  }
  return out;
}

ObservedMove parse_observed_move(std::string_view text, const Geometry& g) {
  const auto w = words(text);
  if (w.size() != 3 && w.size() != 5)
    fail(text, "fields",
         "expected 'SIDE MOVE KIND' or 'SIDE MOVE KIND TARGET OUTCOME', got " +
             std::to_string(w.size()) + " words");
  ObservedMove m;
  const auto side = side_from(w[0]);
  if (!side) fail(text, "side", "expected red or blue, got " + text::quoted(w[0]));
  m.mover = *side;
  try {
    m.move = parse_move(w[1], g);
  } catch (const InputError& e) {
    fail(text, "move", e.what());
  }
  m.mover_kind = parse_kind(text, "kind", w[2]);
  if (w.size() == 5) {
    m.attack = true;
    m.target_kind = parse_kind(text, "target", w[3]);
    bool found = false;
    for (int o = 0; o < 3; ++o)
      if (kOutcomeWords[o] == w[4]) m.outcome = Outcome(o), found = true;
    if (!found)
      fail(text, "outcome", "expected attacker, defender or both, got " + text::quoted(w[4]));
  }
  return m;
}

std::string format_observed(const ObservedStep& s, const Geometry& g) {
  std::string out = std::to_string(s.number);
  out += s.setup ? " setup " : s.chance ? " chance " : " decision ";
  out += side_name(s.actor);
  out += ' ';
  out += s.action;
  write_units(out, "shown", s.shown, g);
  write_units(out, "captured", s.captured, g);
  write_units(out, "withdrawn", s.withdrawn, g);
  if (s.result != Result{}) {
    out += " result=";
    out += text::winner_name(s.result.winner);
    out += '/';
    out += end_reason_name(s.result.reason);
    out += '/';
    out += result_kind_name(s.result.kind);
    out += '/';
    out += std::to_string(s.result.captured_difference);
  }
  return out;
}

ObservedStep parse_observed_step(std::string_view text, const Geometry& g) {
  const auto w = words(text);
  if (w.size() < 4) fail(text, "fields", "expected 'NUMBER TYPE ACTOR ACTION [key=value...]'");
  ObservedStep s;
  const auto number = text::parse_number<int>(w[0]);
  if (!number || *number < 0) fail(text, "number", text::quoted(w[0]) + " is not a step number");
  s.number = *number;
  if (w[1] == "setup")
    s.setup = true;
  else if (w[1] == "chance")
    s.chance = true;
  else if (w[1] != "decision")
    fail(text, "type", "expected decision, chance or setup, got " + text::quoted(w[1]));
  const auto actor = side_from(w[2]);
  if (!actor) fail(text, "actor", "expected red or blue, got " + text::quoted(w[2]));
  s.actor = *actor;
  s.action = std::string(w[3]);
  bool seen[4] = {false, false, false, false};
  for (std::size_t i = 4; i < w.size(); ++i) {
    const auto eq = w[i].find('=');
    const std::string key(w[i].substr(0, eq));
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view() : w[i].substr(eq + 1);
    const int slot = key == "shown"       ? 0
                     : key == "captured"  ? 1
                     : key == "withdrawn" ? 2
                     : key == "result"    ? 3
                                          : -1;
    if (slot < 0 || eq == std::string_view::npos)
      fail(text, text::quoted(w[i]), "expected shown=, captured=, withdrawn= or result=");
    if (seen[slot]) fail(text, key, "given twice");
    seen[slot] = true;
    if (slot == 0) s.shown = read_units(text, key, value, g);
    if (slot == 1) s.captured = read_units(text, key, value, g);
    if (slot == 2) s.withdrawn = read_units(text, key, value, g);
    if (slot == 3) s.result = read_result(text, value);
  }
  return s;
}

GameObservation parse_observation(std::string_view text, const Variant& v) {
  if (v.family == Family::kWaterloo) return parse_observed_step(text, v.geometry);
  return parse_observed_move(text, v.geometry);
}

}  // namespace stratego::protocol
