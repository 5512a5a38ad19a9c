#include "protocol/protocol_text.h"

#include <charconv>
#include <optional>

#include "engine/error.h"
#include "engine/text_util.h"

namespace stratego::protocol {
namespace {

using text::words;

using text::trim;

[[noreturn]] void fail(std::string_view line, const std::string& why) {
  throw InputError(std::string("bad line ") + text::quoted(line) + ": " + why);
}

using text::parse_number;

template <typename Int>
Int number_after(std::string_view line, const std::vector<std::string_view>& w, std::size_t& i) {
  if (i + 1 >= w.size()) fail(line, std::string(w[i]) + " needs a number");
  const auto x = parse_number<Int>(w[i + 1]);
  if (!x) fail(line, std::string(w[i]) + ": " + text::quoted(w[i + 1]) + " is not a whole number");
  ++i;
  return *x;
}

// Joins words [from, to) with single blanks.
std::string join(const std::vector<std::string_view>& w, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < w.size(); ++i) {
    if (i > from) out += ' ';
    out += w[i];
  }
  return out;
}

std::string_view type_name(bots::BotOption::Type t) {
  switch (t) {
    case bots::BotOption::Type::kSpin:
      return "spin";
    case bots::BotOption::Type::kCheck:
      return "check";
    case bots::BotOption::Type::kString:
      return "string";
    default:
      return "combo";
  }
}

// Reads one limit keyword at w[i] into l; false if w[i] is not one.
bool read_limit(std::string_view line, const std::vector<std::string_view>& w, std::size_t& i,
                bots::Limits& l) {
  const std::string_view k = w[i];
  if (k == "movetime")
    l.movetime_ms = number_after<std::int64_t>(line, w, i);
  else if (k == "redtime")
    l.time_left_ms[kRed] = number_after<std::int64_t>(line, w, i);
  else if (k == "bluetime")
    l.time_left_ms[kBlue] = number_after<std::int64_t>(line, w, i);
  else if (k == "redinc")
    l.increment_ms[kRed] = number_after<std::int64_t>(line, w, i);
  else if (k == "blueinc")
    l.increment_ms[kBlue] = number_after<std::int64_t>(line, w, i);
  else if (k == "nodes")
    l.nodes = number_after<std::int64_t>(line, w, i);
  else if (k == "iterations")
    l.iterations = number_after<std::int64_t>(line, w, i);
  else if (k == "infinite")
    l.infinite = true;
  else
    return false;
  return true;
}

void append_number(std::string& out, const char* key, std::int64_t x) {
  out += ' ';
  out += key;
  out += ' ';
  out += std::to_string(x);
}

}  // namespace

std::string_view first_word(std::string_view line) {
  const auto w = words(line);
  return w.empty() ? std::string_view() : w[0];
}

std::string_view rest_after_word(std::string_view line) {
  const auto b = line.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  const auto e = line.find_first_of(" \t", b);
  if (e == std::string_view::npos) return {};
  return trim(line.substr(e));
}

std::string format_option(const bots::BotOption& o) {
  std::string out = "option name " + o.name + " type " + std::string(type_name(o.type)) +
                    " default " + o.default_value;
  if (o.type == bots::BotOption::Type::kSpin) {
    append_number(out, "min", o.min);
    append_number(out, "max", o.max);
  }
  for (const std::string& c : o.choices) out.append(" var ").append(c);
  return out;
}

bots::BotOption parse_option(std::string_view line) {
  const auto w = words(line);
  if (w.size() < 5 || w[0] != "option" || w[1] != "name")
    fail(line, "expected 'option name NAME type TYPE ...'");
  std::size_t i = 2;
  while (i < w.size() && w[i] != "type") ++i;
  if (i == 2 || i + 1 >= w.size()) fail(line, "expected 'option name NAME type TYPE ...'");
  bots::BotOption o;
  o.name = join(w, 2, i);
  const std::string_view t = w[i + 1];
  if (t == "spin")
    o.type = bots::BotOption::Type::kSpin;
  else if (t == "check")
    o.type = bots::BotOption::Type::kCheck;
  else if (t == "string")
    o.type = bots::BotOption::Type::kString;
  else if (t == "combo")
    o.type = bots::BotOption::Type::kCombo;
  else
    fail(line, "unknown option type " + text::quoted(t) + " (spin, check, string or combo)");
  i += 2;
  bool has_min = false, has_max = false;
  while (i < w.size()) {
    if (w[i] == "default") {
      std::size_t e = i + 1;  // a default runs to the next keyword (a string may hold blanks)
      while (e < w.size() && w[e] != "min" && w[e] != "max" && w[e] != "var") ++e;
      o.default_value = join(w, i + 1, e);
      i = e;
      continue;
    }
    if (w[i] == "min")
      o.min = number_after<std::int64_t>(line, w, i), has_min = true;
    else if (w[i] == "max")
      o.max = number_after<std::int64_t>(line, w, i), has_max = true;
    else if (w[i] == "var") {
      if (i + 1 >= w.size()) fail(line, "var needs a value");
      o.choices.emplace_back(w[++i]);
    } else {
      fail(line, "unexpected " + text::quoted(w[i]));
    }
    ++i;
  }
  if (o.type == bots::BotOption::Type::kSpin && (!has_min || !has_max))
    fail(line, "a spin option needs min and max");
  if (o.type == bots::BotOption::Type::kCombo && o.choices.empty())
    fail(line, "a combo option needs var values");
  try {
    check_option_value(o, o.default_value);
  } catch (const InputError& e) {
    fail(line, std::string("bad default: ") + e.what());
  }
  return o;
}

std::string format_setoption(const std::string& name, const std::string& value) {
  return "setoption name " + name + " value " + value;
}

std::pair<std::string, std::string> parse_setoption(std::string_view line) {
  const auto w = words(line);
  if (w.size() < 3 || w[0] != "setoption" || w[1] != "name")
    fail(line, "expected 'setoption name NAME value VALUE'");
  std::size_t i = 2;
  while (i < w.size() && w[i] != "value") ++i;
  if (i == 2) fail(line, "the option name is missing");
  return {join(w, 2, i), join(w, i + 1, w.size())};
}

void check_option_value(const bots::BotOption& o, const std::string& value) {
  const std::string what = "option " + text::quoted(o.name) + ": value " + text::quoted(value);
  switch (o.type) {
    case bots::BotOption::Type::kSpin: {
      const auto x = parse_number<std::int64_t>(value);
      if (!x) throw InputError(what + " is not a whole number");
      if (*x < o.min || *x > o.max)
        throw InputError(what + " is outside " + std::to_string(o.min) + ".." +
                         std::to_string(o.max));
      return;
    }
    case bots::BotOption::Type::kCheck:
      if (value != "true" && value != "false") throw InputError(what + " is not true or false");
      return;
    case bots::BotOption::Type::kCombo:
      for (const std::string& c : o.choices)
        if (c == value) return;
      throw InputError(what + " is not one of its choices");
    default:
      return;
  }
}

std::string format_newgame(const NewGameLine& g) {
  std::string out = "newgame variant " + g.variant;
  if (g.variant == "inline") out.append(" ").append(std::to_string(g.inline_lines));
  out += " side ";
  out += std::string(side_name(g.side)) + " seed " + std::to_string(g.seed);
  if (!g.opponent.empty()) out.append(" opponent ").append(g.opponent);
  return out;
}

NewGameLine parse_newgame(std::string_view line) {
  const auto w = words(line);
  if (w.empty() || w[0] != "newgame")
    fail(line, "expected 'newgame variant SPEC side SIDE seed N [opponent NAME]'");
  NewGameLine g;
  bool has_variant = false, has_side = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "variant") {
      if (i + 1 >= w.size()) fail(line, "variant needs a name or spec");
      g.variant = std::string(w[++i]);
      if (g.variant == "inline") {
        g.inline_lines = number_after<int>(line, w, i);
        if (g.inline_lines < 1 || g.inline_lines > 10000)
          fail(line, "an inline variant has 1 to 10000 lines");
      }
      has_variant = true;
    } else if (w[i] == "side") {
      if (i + 1 >= w.size() || (w[i + 1] != "red" && w[i + 1] != "blue"))
        fail(line, "side must be red or blue");
      g.side = w[++i] == "red" ? kRed : kBlue;
      has_side = true;
    } else if (w[i] == "seed") {
      g.seed = number_after<std::uint64_t>(line, w, i);
    } else if (w[i] == "opponent") {
      g.opponent = join(w, i + 1, w.size());
      break;
    } else {
      fail(line, "unexpected " + text::quoted(w[i]));
    }
  }
  if (!has_variant) fail(line, "the variant is missing");
  if (!has_side) fail(line, "the side is missing");
  return g;
}

std::string format_limits(const bots::Limits& l) {
  std::string out;
  if (l.movetime_ms > 0) append_number(out, "movetime", l.movetime_ms);
  if (l.time_left_ms[kRed] >= 0) append_number(out, "redtime", l.time_left_ms[kRed]);
  if (l.time_left_ms[kBlue] >= 0) append_number(out, "bluetime", l.time_left_ms[kBlue]);
  if (l.increment_ms[kRed] > 0) append_number(out, "redinc", l.increment_ms[kRed]);
  if (l.increment_ms[kBlue] > 0) append_number(out, "blueinc", l.increment_ms[kBlue]);
  if (l.nodes > 0) append_number(out, "nodes", l.nodes);
  if (l.iterations > 0) append_number(out, "iterations", l.iterations);
  if (l.infinite) out += " infinite";
  return out.empty() ? out : out.substr(1);
}

std::string format_go(const bots::Limits& l, bool draw_offered) {
  std::string out = "go";
  if (const std::string lim = format_limits(l); !lim.empty()) out.append(" ").append(lim);
  if (draw_offered) out += " drawoffered";
  return out;
}

void parse_go(std::string_view line, bots::Limits& l, bool& draw_offered) {
  const auto w = words(line);
  if (w.empty() || w[0] != "go") fail(line, "expected 'go [limits] [drawoffered]'");
  l = bots::Limits{};
  draw_offered = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (read_limit(line, w, i, l)) continue;
    if (w[i] == "drawoffered")
      draw_offered = true;
    else
      fail(line, "unexpected " + text::quoted(w[i]));
  }
}

std::string format_setup_request(const bots::Limits& l, const std::string& suggestion) {
  std::string out = "setup";
  if (const std::string lim = format_limits(l); !lim.empty()) out.append(" ").append(lim);
  if (!suggestion.empty()) out.append(" suggest ").append(suggestion);
  return out;
}

void parse_setup_request(std::string_view line, bots::Limits& l, std::string& suggestion) {
  const auto w = words(line);
  if (w.empty() || w[0] != "setup") fail(line, "expected 'setup [limits] [suggest SETUP]'");
  l = bots::Limits{};
  suggestion.clear();
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (read_limit(line, w, i, l)) continue;
    if (w[i] != "suggest") fail(line, "unexpected " + text::quoted(w[i]));
    suggestion = join(w, i + 1, w.size());
    break;
  }
}

std::string format_reply(const bots::Reply& r) {
  std::string out = "bestmove " + (r.action.empty() ? std::string("-") : r.action);
  if (r.offer_draw) out += " offerdraw";
  if (r.accept_draw) out += " acceptdraw";
  if (r.resign) out += " resign";
  if (r.adjourn) out += " adjourn";
  return out;
}

bots::Reply parse_reply(std::string_view line) {
  const auto w = words(line);
  bots::Reply r;
  if (w.size() == 1 && w[0] == "resign") return r.resign = true, r;
  if (w.size() == 1 && w[0] == "adjourn") return r.adjourn = true, r;
  if (w.size() < 2 || w[0] != "bestmove")
    fail(line, "expected 'bestmove TOKEN [offerdraw] [acceptdraw] [resign] [adjourn]'");
  if (w[1] != "-") r.action = std::string(w[1]);
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (w[i] == "offerdraw")
      r.offer_draw = true;
    else if (w[i] == "acceptdraw")
      r.accept_draw = true;
    else if (w[i] == "resign")
      r.resign = true;
    else if (w[i] == "adjourn")
      r.adjourn = true;
    else
      fail(line,
           "unexpected " + text::quoted(w[i]) + " (offerdraw, acceptdraw, resign or adjourn)");
  }
  if (r.action.empty() && !r.resign && !r.accept_draw && !r.adjourn)
    fail(line, "'bestmove -' needs resign, acceptdraw or adjourn");
  return r;
}

std::string format_info(const bots::SearchInfo& i) {
  std::string out = "info";
  if (i.depth > 0) append_number(out, "depth", i.depth);
  if (i.iterations > 0) append_number(out, "iterations", i.iterations);
  if (i.nodes > 0) append_number(out, "nodes", i.nodes);
  if (i.nps > 0) append_number(out, "nps", i.nps);
  if (i.samples > 0) append_number(out, "samples", i.samples);
  if (i.win_probability >= 0) {
    char buf[32];
    const auto res =
        std::to_chars(buf, buf + sizeof buf, i.win_probability);  // shortest exact form
    out += " winprob ";
    out += std::string(buf, res.ptr);
  }
  if (!i.pv.empty()) {
    out += " pv";
    for (const std::string& t : i.pv) out.append(" ").append(t);
  }
  if (!i.text.empty()) out.append(" string ").append(i.text);
  return out;
}

bots::SearchInfo parse_info(std::string_view line) {
  const auto w = words(line);
  if (w.empty() || w[0] != "info") fail(line, "expected 'info ...'");
  bots::SearchInfo info;
  static constexpr std::string_view kKeys[] = {"depth",   "iterations", "nodes", "nps",
                                               "samples", "winprob",    "pv",    "string"};
  auto is_key = [](std::string_view s) {
    for (std::string_view k : kKeys)
      if (k == s) return true;
    return false;
  };
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string_view k = w[i];
    if (k == "depth")
      info.depth = number_after<int>(line, w, i);
    else if (k == "iterations")
      info.iterations = number_after<std::int64_t>(line, w, i);
    else if (k == "nodes")
      info.nodes = number_after<std::int64_t>(line, w, i);
    else if (k == "nps")
      info.nps = number_after<std::int64_t>(line, w, i);
    else if (k == "samples")
      info.samples = number_after<std::int64_t>(line, w, i);
    else if (k == "winprob") {
      if (i + 1 >= w.size()) fail(line, "winprob needs a number");
      const auto p = text::parse_real(w[i + 1]);
      if (!p || !(*p >= 0 && *p <= 1))
        fail(line, "winprob: " + text::quoted(w[i + 1]) + " is not a probability from 0 to 1");
      info.win_probability = *p;
      ++i;
    } else if (k == "pv") {
      while (i + 1 < w.size() && !is_key(w[i + 1])) info.pv.emplace_back(w[++i]);
    } else if (k == "string") {
      const std::size_t at = line.find(" string ");
      info.text =
          at == std::string_view::npos ? std::string() : std::string(trim(line.substr(at + 8)));
      break;
    } else {
      fail(line, "unexpected " + text::quoted(k));
    }
  }
  return info;
}

}  // namespace stratego::protocol
