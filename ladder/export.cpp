#include "ladder/export.h"

#include <sstream>

#include "engine/error.h"
#include "ladder/run_lock.h"

namespace stratego::ladder {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string records_text(const std::vector<FinishedGame>& games) {
  std::string out;
  for (const auto& g : games) {
    out += g.record;
    if (!out.empty() && out.back() != '\n') out += '\n';
  }
  return out;
}

std::string pgn_text(const std::vector<FinishedGame>& games, const std::vector<Participant>& ps,
                     const std::string& event) {
  std::map<std::int64_t, std::string> name;
  for (const auto& p : ps) name[p.id] = p.name;
  const std::string site = host_name();
  std::ostringstream o;
  for (const auto& g : games) {
    std::string date = g.finished.substr(0, 10);
    for (char& c : date)
      if (c == '-') c = '.';
    const std::pair<const char*, std::string> tags[] = {
        {"Event", event},
        {"Site", site},
        {"Date", date},
        {"Round", std::to_string(g.s.pair + 1) + "." + std::to_string(g.s.game + 1)},
        {"White", name[g.s.red]},
        {"Black", name[g.s.blue]},
        {"Result", g.result},
        {"Variant", g.s.variant},
        {"Termination", g.reason},
        {"PlyCount", std::to_string(g.plies)},
        {"Seed", std::to_string(g.s.seed)},
    };
    for (const auto& [k, v] : tags) o << "[" << k << " " << quoted(v) << "]\n";
    o << "\n" << g.result << "\n\n";
  }
  return o.str();
}

std::vector<std::map<std::string, std::string>> parse_pgn(const std::string& text) {
  std::vector<std::map<std::string, std::string>> games;
  std::istringstream in(text);
  std::string line;
  bool in_tags = false;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) {
      in_tags = false;
      continue;
    }
    if (line[0] != '[') continue;  // movetext
    if (!in_tags) games.emplace_back();
    in_tags = true;
    const auto space = line.find(' ');
    const auto open = line.find('"');
    const auto close = line.rfind('"');
    if (space == std::string::npos || open == std::string::npos || close <= open ||
        line.back() != ']')
      throw InputError("PGN line " + std::to_string(number) + ": not a tag pair: " + line);
    std::string value;
    for (auto i = open + 1; i < close; ++i) {
      if (line[i] == '\\' && i + 1 < close) ++i;
      value += line[i];
    }
    games.back()[line.substr(1, space - 1)] = value;
  }
  return games;
}

}  // namespace stratego::ladder
