#include "tests/support/fuzz_targets.h"

#include <chrono>
#include <exception>
#include <memory>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/view.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"
#include "protocol/observation_text.h"
#include "protocol/protocol_text.h"
#include "protocol/ucc/ucc_protocol.h"
#include "referee/referee.h"

namespace stratego::fuzz {
namespace {

std::uint64_t next(std::uint64_t& s) {  // splitmix64
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
std::size_t below(std::uint64_t& s, std::size_t n) { return n == 0 ? 0 : std::size_t(next(s) % n); }

const char* const kDictionary[] = {
    " ",
    "\n",
    "\t",
    "\r\n",
    "=",
    "+",
    "-",
    "x",
    ":",
    ",",
    "@",
    "#",
    "0",
    "1",
    "9",
    "10",
    "-1",
    "255",
    "256",
    "65535",
    "2147483647",
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e308",
    "nan",
    "inf",
    "0x10",
    "\xff",
    "\x01",
    "inherit",
    "classic",
    "barrage",
    "waterloo-basic",
    "name",
    "army",
    "width",
    "height",
    "lakes",
    "red",
    "blue",
    "inline",
    "lines",
    "side",
    "seed",
    "movetime",
    "wtime",
    "btime",
    "nodes",
    "suggest",
    "bestmove",
    "info",
    "depth",
    "pv",
    "score",
    "option",
    "type",
    "spin",
    "default",
    "min",
    "max",
    "var",
    "combo",
    "string",
    "check",
    "button",
    "RED",
    "BLUE",
    "UP",
    "DOWN",
    "LEFT",
    "RIGHT",
    "KILLS",
    "DIES",
    "BOTHDIE",
    "OK",
    "VICTORY_FLAG",
    "ILLEGAL",
    "a1",
    "j10",
    "z99",
    "a0",
    "[",
    "]",
    "\"",
    "result",
    "*",
    "1-0",
    "0-1",
    "B",
    "F",
    "S",
    "M",
    "?",
};

}  // namespace

std::string escaped(std::string_view s, std::size_t max) {
  std::string out;
  static const char* hex = "0123456789abcdef";
  for (char c : s.substr(0, max)) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (u < 0x20 || u >= 0x7f)
      out.append("\\x").append(1, hex[u >> 4]).append(1, hex[u & 15]);
    else
      out += c;
  }
  if (s.size() > max) out += "...(" + std::to_string(s.size()) + " bytes)";
  return out;
}

std::string mutate(const std::string& input, const std::vector<std::string>& seeds,
                   std::uint64_t& st) {
  std::string s = input;
  const int ops = 1 + int(below(st, 4));
  for (int k = 0; k < ops; ++k) {
    const std::size_t at = below(st, s.size() + 1);
    switch (below(st, 9)) {
      case 0:  // flip a byte
        if (!s.empty()) s[below(st, s.size())] ^= char(1u << below(st, 8));
        break;
      case 1:  // a random byte
        s.insert(at, 1, char(next(st)));
        break;
      case 2: {  // delete a range
        const std::size_t n = std::min(s.size() - at, 1 + below(st, 16));
        s.erase(at, n);
        break;
      }
      case 3: {  // repeat a range
        const std::size_t n = std::min(s.size() - at, 1 + below(st, 32));
        const std::string piece = s.substr(at, n);
        for (std::size_t r = 1 + below(st, 8); r > 0; --r) s.insert(at, piece);
        break;
      }
      case 4:
      case 5: {  // a dictionary token, inserted or replacing a word
        const std::string token = kDictionary[below(st, std::size(kDictionary))];
        if (below(st, 2) == 0) {
          s.insert(at, token);
        } else {
          const std::size_t end = std::min(s.find_first_of(" \n=", at), s.size());
          s.replace(at, end - at, token);
        }
        break;
      }
      case 6: {  // splice in part of another seed
        const std::string& other = seeds[below(st, seeds.size())];
        const std::size_t from = below(st, other.size() + 1);
        s.insert(at, other.substr(from, below(st, 200)));
        break;
      }
      case 7:  // truncate
        s.resize(at);
        break;
      default: {  // a digit run changed into another number
        const std::size_t d = s.find_first_of("0123456789", at);
        if (d != std::string::npos) {
          const std::size_t e = std::min(s.find_first_not_of("0123456789", d), s.size());
          s.replace(d, e - d, std::to_string(std::int64_t(next(st)) >> below(st, 63)));
        }
      }
    }
  }
  if (s.size() > 65536) s.resize(65536);
  return s;
}

namespace {

// Runs each parse; the input is rejected (InputError) only if every one rejects it.
void any_of(std::string_view in,
            std::initializer_list<std::function<void(std::string_view)>> parses) {
  bool accepted = false;
  std::string why;
  for (const auto& p : parses) {
    try {
      p(in);
      accepted = true;
    } catch (const InputError& e) {
      why = e.what();
    }
  }
  if (!accepted) throw InputError(why);
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t s = 0; s <= text.size();) {
    const std::size_t e = std::min(text.find('\n', s), text.size());
    out.emplace_back(text.substr(s, e - s));
    s = e + 1;
  }
  return out;
}

std::shared_ptr<const Variant> variant(const std::string& spec) {
  return std::make_shared<const Variant>(load_variant(spec));
}

std::string record_of(const std::string& spec, std::uint64_t seed) {
  bots::RandomBot red, blue;
  referee::GameSettings g;
  g.variant = variant(spec);
  g.seed = seed;
  return referee::play_game(red, blue, g).record;
}

std::vector<Target> make_targets() {
  const auto classic = variant("classic"), barrage = variant("barrage");
  const auto waterloo_v = variant("waterloo-basic");
  Rng rng(7);
  std::vector<Target> out;

  Target variants{"variant-file", {}, [](std::string_view in) { load_variant_text(in, "fuzz"); }};
  for (const auto& f : builtin_variant_files()) variants.seeds.emplace_back(f.text);
  out.push_back(std::move(variants));

  Target setups{"setup-line", {}, [classic, barrage](std::string_view in) {
                  any_of(in, {[&](std::string_view l) {
                                validate_setup(*classic, parse_setup(*classic, kRed, l));
                              },
                              [&](std::string_view l) {
                                validate_setup(*barrage, parse_setup(*barrage, kBlue, l));
                              }});
                }};
  for (int i = 0; i < 8; ++i)
    for (const auto& v : {classic, barrage})
      setups.seeds.push_back(format_setup(*v, random_setup(*v, i % 2 ? kBlue : kRed, rng)));
  out.push_back(std::move(setups));

  const std::vector<std::string> records = {record_of("barrage", 1), record_of("barrage", 2),
                                            record_of("duel", 3), record_of("waterloo-basic", 4)};
  Target notation{"position-notation", {}, [](std::string_view in) {
                    any_of(in, {[](std::string_view t) { parse_state(t); },
                                [](std::string_view t) { parse_view(t); },
                                [](std::string_view t) { waterloo::parse_state(t); },
                                [](std::string_view t) { waterloo::parse_view(t); }});
                  }};
  Target moves{"move-token", {}, [classic](std::string_view in) {
                 any_of(in, {[&](std::string_view t) { parse_move(t, classic->geometry); },
                             [&](std::string_view t) {
                               protocol::parse_observed_move(t, classic->geometry);
                             }});
               }};
  for (const auto& v : {classic, barrage}) {
    const State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
    notation.seeds.push_back(to_notation(s));
    notation.seeds.push_back(to_notation(make_view(s, kRed)));
    MoveList list;
    generate_moves(s, list);
    for (Move m : list) moves.seeds.push_back(move_to_text(m, s.geometry()));
  }
  for (int i = 0; i < 3; ++i)
    notation.seeds.push_back(to_notation(replay(parse_record(records[std::size_t(i)]))));
  const waterloo::WaterlooState w = waterloo::replay(waterloo::parse_record(records[3]));
  notation.seeds.push_back(waterloo::to_notation(w));
  moves.seeds.insert(moves.seeds.end(), {"a4xa5", "b4-b6", "observe a4-a5", "c4xc5 M S attacker"});
  out.push_back(std::move(notation));
  out.push_back(std::move(moves));

  Target record{"game-record", records, [](std::string_view in) {
                  if (waterloo::is_waterloo_record(in))
                    waterloo::replay(waterloo::parse_record(in, "fuzz"));
                  else
                    replay(parse_record(in, "fuzz"));
                }};
  out.push_back(std::move(record));

  Target protocol{
      "protocol-line",
      {"newgame variant classic side red seed 5 opponent random",
       "newgame variant inline lines 3 side blue seed 1",
       "go movetime 100 wtime 1000 btime 2000 winc 10 binc 10 nodes 5 drawoffer", "go infinite",
       "setup movetime 50 suggest " + format_setup(*classic, random_setup(*classic, kRed, rng)),
       "bestmove a4-a5 offerdraw", "bestmove b4xb5", "resign", "adjourn",
       "bestmove a4-a5 acceptdraw",
       "info depth 3 nodes 1000 score 0.25 pv a4-a5 a7-a6 string thinking",
       "option name Speed type spin default 1 min 1 max 5",
       "option name Style type combo default calm var calm var wild",
       "option name Log type check default false", "setoption name Speed value 3", "observe a4-a5",
       "observe b4xb5 M S attacker"},
      [classic](std::string_view in) {
        const std::string word(in.substr(0, in.find(' ')));
        bots::Limits l;
        bool offer = false;
        std::string suggestion;
        if (word == "newgame")
          protocol::parse_newgame(in);
        else if (word == "go")
          protocol::parse_go(in, l, offer);
        else if (word == "setup")
          protocol::parse_setup_request(in, l, suggestion);
        else if (word == "info")
          protocol::parse_info(in);
        else if (word == "option")
          protocol::parse_option(in);
        else if (word == "setoption")
          protocol::parse_setoption(in);
        else if (word == "observe")
          protocol::parse_observed_move(in.substr(std::min(in.size(), std::size_t(8))),
                                        classic->geometry);
        else
          protocol::parse_reply(in);
      }};
  out.push_back(std::move(protocol));

  std::string board;
  for (const std::string& l : protocol::format_ucc_board(
           make_view(initial_state(classic, random_setup(*classic, kRed, rng),
                                   random_setup(*classic, kBlue, rng)),
                     kRed)))
    board += (board.empty() ? "" : "\n") + l;
  std::string setup_lines;
  for (const std::string& l : protocol::setup_to_ucc_lines(
           *classic, kRed, format_setup(*classic, random_setup(*classic, kRed, rng))))
    setup_lines += (setup_lines.empty() ? "" : "\n") + l;
  Target ucc{"ucc-line",
             {"RED vixen 10 10", "BLUE opponent 10 10", "3 6 UP", "0 3 DOWN 4", "3 6 UP OK",
              "3 6 UP KILLS 5 9", "3 6 DOWN DIES 1 2", "3 6 LEFT BOTHDIE 3 3",
              "3 6 RIGHT VICTORY_FLAG", "3 6 UP ILLEGAL", board, setup_lines},
             [classic](std::string_view in) {
               const std::vector<std::string> lines = lines_of(in);
               if (lines.size() == 4) {
                 protocol::ucc_lines_to_setup(*classic, kBlue, lines);
                 return;
               }
               if (lines.size() > 1) {
                 protocol::parse_ucc_board(lines, 10, 10);
                 return;
               }
               any_of(in, {[](std::string_view t) { protocol::parse_ucc_hello(t); },
                           [](std::string_view t) { protocol::parse_ucc_move(t); },
                           [](std::string_view t) { protocol::parse_ucc_confirmation(t); }});
             }};
  out.push_back(std::move(ucc));
  return out;
}

}  // namespace

const std::vector<Target>& targets() {
  static const std::vector<Target> all = make_targets();
  return all;
}

Stats run(const Target& t, std::uint64_t seed, std::uint64_t executions,
          std::function<void(const std::string&)> before_each) {
  Stats st;
  st.target = t.name;
  std::uint64_t state = seed ^ std::hash<std::string>()(t.name);
  for (std::uint64_t i = 0; i < executions; ++i) {
    const std::string& base = t.seeds[below(state, t.seeds.size())];
    const std::string input = i < t.seeds.size() ? t.seeds[i] : mutate(base, t.seeds, state);
    if (before_each) before_each(input);
    const auto start = std::chrono::steady_clock::now();
    try {
      t.run(input);
      ++st.accepted;
    } catch (const InputError& e) {
      if (st.rejected++ == 0) st.first_rejection = e.what();
    } catch (const std::exception& e) {
      if (st.failures++ == 0)
        st.first_failure = std::string(e.what()) + " on '" + escaped(input) + "'";
    } catch (...) {
      if (st.failures++ == 0) st.first_failure = "an unknown exception on '" + escaped(input) + "'";
    }
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (ms > st.slowest_ms) st.slowest_ms = ms;
    ++st.executions;
  }
  return st;
}

}  // namespace stratego::fuzz
