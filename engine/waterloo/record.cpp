// Waterloo game records and WaterlooGame (record.h).
#include "engine/waterloo/record.h"

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/notation.h"

namespace stratego::waterloo {
namespace {

constexpr std::string_view kHeader = "stratego-waterloo-record 1";
constexpr std::size_t kActionsPerLine = 12;  // short lines keep diffs of records readable

Army army_of(Side s) { return s == kRed ? Army::kAllied : Army::kFrench; }

std::string winner_word(Winner w) { return std::string(text::winner_name(w)); }

std::string result_words(const Result& r) {
  return winner_word(r.winner) + " " + std::string(end_reason_name(r.reason)) + " " +
         std::string(result_kind_name(r.kind)) + " " + std::to_string(r.captured_difference);
}

Result parse_result(std::string_view rest, const std::string& where) {
  const auto w = text::words(rest);
  if (w.size() != 4) throw InputError(where + ": result needs 4 words: winner reason kind tally");
  Result r;
  const auto winner = text::winner_from_name(w[0]);
  if (!winner)
    throw InputError(where + ": " + text::quoted(w[0]) + " is not red, blue, draw or none");
  r.winner = *winner;
  bool ok = false;
  const auto reason = end_reason_from_name(w[1], Family::kWaterloo);
  if (reason) r.reason = *reason, ok = true;
  if (!ok) throw InputError(where + ": " + text::quoted(w[1]) + " is not a reason");
  ok = false;
  for (int k = 0; k <= int(ResultKind::kIndecisive) && !ok; ++k)
    if (result_kind_name(ResultKind(k)) == w[2]) r.kind = ResultKind(k), ok = true;
  if (!ok) throw InputError(where + ": " + text::quoted(w[2]) + " is not a result kind");
  const bool neg = w[3].starts_with("-");
  const auto n = text::parse_count(neg ? w[3].substr(1) : w[3]);
  if (!n) throw InputError(where + ": " + text::quoted(w[3]) + " is not a number");
  r.captured_difference = neg ? -*n : *n;
  if ((r.winner == Winner::kNone) != (r.reason == EndReason::kNone))
    throw InputError(where + ": a winner needs a reason and a reason a winner");
  if (is_external_end(r.reason) &&
      (r.reason == EndReason::kDrawAgreed) != (r.winner == Winner::kDraw))
    throw InputError(
        where + ": " + std::string(w[1]) +
        (r.reason == EndReason::kDrawAgreed ? " ends a game drawn" : " does not end a game drawn"));
  return r;
}

std::string plain_token(const WaterlooState& s, int id) {
  SeenUnit u;
  u.army = s.unit_info(id).army;
  u.cls = s.unit_info(id).cls;
  u.strength = std::int8_t(s.unit_info(id).strength);
  return unit_token(u);
}

}  // namespace

std::string setup_tokens(const WaterlooState& s, Side side, const WaterlooSetup& setup) {
  std::map<int, int> at;
  for (const auto& [id, sq] : setup.placements) at[id] = sq;
  std::string out;
  const Army a = army_of(side);
  for (int id = s.army_begin(a); id < s.army_end(a); ++id) {
    if (!out.empty()) out += ' ';
    out += plain_token(s, id) + "@" +
           (at.count(id) ? s.geometry().square_name(at[id]) : std::string("-"));
  }
  return out;
}

WaterlooSetup parse_setup_tokens(const WaterlooState& s, Side side, std::string_view tokens) {
  const auto w = text::words(tokens);
  const Army a = army_of(side);
  const int n = s.army_end(a) - s.army_begin(a);
  if (int(w.size()) != n)
    throw InputError("set-up has " + std::to_string(w.size()) + " tokens; the army has " +
                     std::to_string(n) + " pieces");
  WaterlooSetup out;
  for (int i = 0; i < n; ++i) {
    const int id = s.army_begin(a) + i;
    const auto at = w[std::size_t(i)].find('@');
    const std::string want = plain_token(s, id);
    if (at == std::string_view::npos || w[std::size_t(i)].substr(0, at) != want)
      throw InputError("set-up token " + std::to_string(i + 1) + " " +
                       text::quoted(w[std::size_t(i)]) + ": expected " + want +
                       "@<square or ->, the army list's piece " + std::to_string(i + 1));
    const auto name = w[std::size_t(i)].substr(at + 1);
    if (name == "-") continue;
    const auto sq = s.geometry().parse_square(name);
    if (!sq)
      throw InputError("set-up token " + std::to_string(i + 1) + ": " + text::quoted(name) +
                       " is not a square");
    out.placements.emplace_back(id, *sq);
  }
  return out;
}

std::string format_record(const WaterlooRecord& r) {
  const WaterlooState s = record_start(r);
  std::string out = std::string(kHeader) + "\nvariant " + r.variant + "\n";
  if (!r.start.empty()) out += "start " + r.start + "\n";
  for (const auto& [name, value] : r.tags) {
    if (name.empty() || name.find_first_of(" \t\r\n") != std::string::npos)
      throw InputError("record tag " + text::quoted(name) + ": a tag name is one word");
    if (value.find_first_of("\r\n") != std::string::npos || text::trim(value) != value)
      throw InputError("record tag " + name + ": the value must be one line without outer blanks");
    out += "tag " + name + (value.empty() ? "" : " " + value) + "\n";
  }
  for (Side side : {kRed, kBlue})
    if (r.setup[side])
      out += "setup " + std::string(side_name(side)) + " " + setup_tokens(s, side, *r.setup[side]) +
             "\n";
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    if (r.actions[i].empty() || r.actions[i].find_first_of(" \t\r\n") != std::string::npos)
      throw InputError("record action " + std::to_string(i + 1) + ": a token is one word");
    out += i % kActionsPerLine == 0 ? (i ? "\nactions " : "actions ") : " ";
    out += r.actions[i];
  }
  if (!r.actions.empty()) out += "\n";
  out += "result " + result_words(r.result) + "\n";
  return out;
}

bool is_waterloo_record(std::string_view text) {
  for (auto line : text::split(text, '\n')) {
    line = text::trim(line);
    if (line.empty() || line[0] == '#') continue;
    return line == kHeader;
  }
  return false;
}

WaterlooRecord parse_record(std::string_view text, const std::string& origin) {
  WaterlooRecord r;
  auto at = [&](std::size_t n) { return origin + ":" + std::to_string(n + 1); };
  bool header = false, variant = false, result = false;
  std::optional<WaterlooState> base;
  const auto lines = text::split(text, '\n');
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string_view line = text::trim(lines[n]);
    if (line.empty() || line[0] == '#') continue;
    if (!header) {
      if (line != kHeader)
        throw InputError(at(n) + ": expected " + text::quoted(kHeader) + ", got " +
                         text::quoted(line));
      header = true;
      continue;
    }
    const auto space = line.find_first_of(" \t");
    const std::string_view key = line.substr(0, space);
    const std::string_view rest =
        space == std::string_view::npos ? "" : text::trim(line.substr(space));
    if (key != "variant" && !variant) throw InputError(at(n) + ": the variant line comes first");
    if (key == "variant") {
      if (variant) throw InputError(at(n) + ": a second variant line");
      r.variant = std::string(rest);
      try {
        base.emplace(std::make_shared<const Variant>(load_variant(r.variant)));
      } catch (const InputError& e) {
        throw InputError(at(n) + ": variant: " + e.what());
      }
      variant = true;
    } else if (key == "start") {
      try {
        const WaterlooState s = parse_state(rest);
        if (s.variant().spec != r.variant)
          throw InputError("the position is of variant " + s.variant().spec);
        base.emplace(s);
      } catch (const InputError& e) {
        throw InputError(at(n) + ": start: " + e.what());
      }
      r.start = std::string(rest);
    } else if (key == "tag") {
      const auto w = text::words(rest);
      if (w.empty()) throw InputError(at(n) + ": a tag needs a name: tag NAME VALUE");
      const std::string name(w[0]);
      if (r.tags.count(name)) throw InputError(at(n) + ": a second tag " + text::quoted(name));
      r.tags[name] = std::string(text::trim(rest.substr(w[0].size())));
    } else if (key == "setup") {
      const auto w = text::words(rest);
      if (w.empty() || (w[0] != "red" && w[0] != "blue"))
        throw InputError(at(n) + ": setup red|blue TOKENS");
      const Side side = w[0] == "red" ? kRed : kBlue;
      if (r.setup[side]) throw InputError(at(n) + ": a second set-up of " + std::string(w[0]));
      try {
        r.setup[side] = parse_setup_tokens(*base, side, rest.substr(w[0].size()));
      } catch (const InputError& e) {
        throw InputError(at(n) + ": " + e.what());
      }
    } else if (key == "actions") {
      for (auto t : text::words(rest)) r.actions.emplace_back(t);
    } else if (key == "result") {
      if (result) throw InputError(at(n) + ": a second result line");
      r.result = parse_result(rest, at(n));
      result = true;
    } else {
      throw InputError(at(n) + ": unknown line " + text::quoted(key) +
                       " (expected variant, start, tag, setup, actions or result)");
    }
  }
  if (!header) throw InputError(origin + ": empty record (expected " + text::quoted(kHeader) + ")");
  if (!variant) throw InputError(origin + ": no variant line");
  return r;
}

WaterlooState record_start(const WaterlooRecord& r) {
  if (!r.start.empty()) return parse_state(r.start);
  return WaterlooState(std::make_shared<const Variant>(load_variant(r.variant)));
}

WaterlooState replay(const WaterlooRecord& r) {
  WaterlooState s = record_start(r);
  s.set_keep_history(false);
  // strict: a set-up the record lacks is an error; else the replay stops before it (an
  // unfinished game, adjourned or autosaved, or one forfeited at its set-up).
  auto setups_due = [&](bool strict) {
    while (s.phase() == Phase::kSetup) {
      const Side side = s.current_player();
      if (!r.setup[side]) {
        if (!strict) return;
        throw InputError("replay: the game needs the " + std::string(side_name(side)) + " set-up");
      }
      try {
        s.apply_setup(side, *r.setup[side]);
      } catch (const InputError& e) {
        throw InputError("replay: " + std::string(side_name(side)) + " set-up: " + e.what());
      }
    }
  };
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    setups_due(true);
    try {
      s.apply_unchecked(parse_action_token(s, r.actions[i]));  // parse checks legality
    } catch (const InputError& e) {
      throw InputError("replay: action " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  setups_due(false);
  // Resignations, agreed draws and the referee's forfeits come after the last action.
  if (!s.over() && r.result.reason == EndReason::kDrawAgreed && r.result.winner == Winner::kDraw)
    s.end_externally(EndReason::kDrawAgreed, kRed);
  else if (!s.over() && is_external_end(r.result.reason) &&
           (r.result.winner == Winner::kRed || r.result.winner == Winner::kBlue))
    s.end_externally(r.result.reason, r.result.winner == Winner::kRed ? kBlue : kRed);
  if (!(s.result() == r.result))
    throw InputError("replay: the record says '" + result_words(r.result) + "', the rules give '" +
                     result_words(s.result()) + "'");
  return s;
}

void write_record_file(const std::string& path, const WaterlooRecord& r) {
  write_text_file_atomically(path, format_record(r));  // formatted first: errors leave no file
}

WaterlooRecord read_record_file(const std::string& path) {
  return parse_record(read_text_file(path), path);
}

WaterlooGame::WaterlooGame(WaterlooState start, std::string start_notation)
    : state_(std::move(start)) {
  state_.set_keep_history(false);  // the game moves forward only; copies for logs stay small
  record_.variant = state_.variant().spec;
  record_.start = std::move(start_notation);
  record_.result = state_.result();
}

void WaterlooGame::apply(Action a) {
  const std::string token = action_token(state_, a);
  const WaterlooState before = state_;
  state_.apply(a);  // throws, unchanged, if illegal
  record_.actions.push_back(token);
  record_.result = state_.result();
  log_.add(before, a, state_);
}

void WaterlooGame::apply_setup(Side side, const WaterlooSetup& setup) {
  const WaterlooState before = state_;
  state_.apply_setup(side, setup);
  record_.setup[side] = setup;
  log_.add_setup(before, side, state_);
}

void WaterlooGame::end_externally(EndReason why, Side loser) {
  state_.end_externally(why, loser);
  record_.result = state_.result();
}

Action WaterlooGame::apply_random_chance(Rng& rng) {
  const auto outcomes = state_.chance_outcomes();
  double x = rng.uniform01();
  Action pick = outcomes.back().first;
  for (const auto& [a, p] : outcomes) {
    if (x < p) {
      pick = a;
      break;
    }
    x -= p;
  }
  apply(pick);
  return pick;
}

}  // namespace stratego::waterloo
