#include "strength/why.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "strength/trace.h"

namespace stratego::strength {
namespace {

std::string pct(int a, int b) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", b > 0 ? 100.0 * a / b : 0.0);
  return buf;
}

std::string kind_word(char letter) {
  const auto k = kind_from_letter(letter);
  return k ? std::string(kind_name(*k)) : std::string("unknown piece");
}

char main_taker(const SquareWhy& s) {
  char best = '-';
  int n = 0;
  for (auto [letter, count] : s.takers)
    if (count > n) best = letter, n = count;
  return best;
}

}  // namespace

std::string setup_square_name(const Variant& v, int i) {
  return v.geometry.square_name(square_of_setup_index(v, kRed, i));
}

Why why_of(Store& store, const Variant& v, const Candidate& c, int games) {
  Why w;
  const int n = v.setup_rows * v.width;
  w.squares.resize(std::size_t(n));
  for (int i = 0; i < n && i < int(c.line.size()); ++i)
    w.squares[std::size_t(i)].letter = c.line[std::size_t(i)];
  for (const GameRow& g : store.games(c.id, games, true)) {
    const GameTrace t = trace_from_json(g.trace);
    if (int(t.lost.size()) != n) continue;  // a game that ended at its set-up
    ++w.games;
    for (int i = 0; i < n; ++i) {
      SquareWhy& s = w.squares[std::size_t(i)];
      const int lost = t.lost[std::size_t(i)], rev = t.revealed[std::size_t(i)];
      for (std::size_t k = 0; k < kWhyPlies.size(); ++k) {
        s.lost_by[k] += lost >= 0 && lost <= kWhyPlies[k];
        s.revealed_by[k] += rev >= 0 && rev <= kWhyPlies[k];
      }
      if (lost >= 0) {
        ++s.lost;
        ++s.takers[t.taker[std::size_t(i)]];
      }
    }
    if (!t.route.empty()) {
      ++w.flag_losses;
      for (std::size_t j = 0; j + 1 < t.route.size(); ++j)
        ++w.squares[std::size_t(t.route[j])].on_route;
      const std::size_t m = t.route.size();
      std::string key;
      if (m >= 3)
        key = setup_square_name(v, t.route[m - 3]) + "-" + setup_square_name(v, t.route[m - 2]);
      else if (m == 2)
        key = setup_square_name(v, t.route[0]);
      else
        key = "(from outside)";
      ++w.approaches[key];
    }
  }
  return w;
}

std::string why_summary(const Why& w, const Variant& v) {
  std::ostringstream o;
  int flag = -1;
  for (std::size_t i = 0; i < w.squares.size(); ++i)
    if (w.squares[i].letter == kind_letter(kFlag)) flag = int(i);
  const std::string flag_name = flag >= 0 ? setup_square_name(v, flag) : "?";
  o << "your flag (" << flag_name << ") was taken in " << w.flag_losses << " of " << w.games
    << " games (" << pct(w.flag_losses, w.games) << ")";
  if (w.flag_losses > 0) {
    std::vector<std::pair<int, std::string>> a;
    for (const auto& [k, n] : w.approaches) a.push_back({n, k});
    std::sort(a.rbegin(), a.rend());
    o << "; it fell through " << a[0].second << " in " << pct(a[0].first, w.flag_losses)
      << " of those losses";
    if (a.size() > 1) o << ", through " << a[1].second << " in " << pct(a[1].first, w.flag_losses);
    o << "\n";
    std::vector<std::pair<int, int>> route;
    for (std::size_t i = 0; i < w.squares.size(); ++i)
      if (w.squares[i].on_route > 0) route.push_back({w.squares[i].on_route, int(i)});
    std::sort(route.rbegin(), route.rend());
    o << "squares the capturer came through (share of flag losses):";
    for (std::size_t j = 0; j < route.size() && j < 5; ++j)
      o << (j ? ", " : " ") << setup_square_name(v, route[j].second) << " "
        << pct(route[j].first, w.flag_losses);
  }
  o << "\n";
  std::vector<std::pair<int, int>> early;  // lost by ply 100
  for (std::size_t i = 0; i < w.squares.size(); ++i)
    if (w.squares[i].letter != 'A' && w.squares[i].letter != '_' &&
        w.squares[i].letter != kind_letter(kFlag))
      early.push_back({w.squares[i].lost_by[1], int(i)});
  std::sort(early.rbegin(), early.rend());
  o << "lost by ply 100 most often:";
  for (std::size_t j = 0; j < early.size() && j < 4; ++j) {
    const SquareWhy& s = w.squares[std::size_t(early[j].second)];
    const auto k = kind_from_letter(s.letter);
    o << (j ? "; " : " ") << (k ? kind_name(*k) : "?") << " on "
      << setup_square_name(v, early[j].second) << " " << pct(early[j].first, w.games);
    if (main_taker(s) != '-') o << " (mostly to the " << kind_word(main_taker(s)) << ")";
  }
  o << "\n";
  return o.str();
}

std::string why_table(const Why& w, const Variant& v) {
  std::ostringstream o;
  o << "square piece       lost by 50/100/200   revealed by 50/100/200   lost  main taker\n";
  for (std::size_t i = 0; i < w.squares.size(); ++i) {
    const SquareWhy& s = w.squares[i];
    const auto k = kind_from_letter(s.letter);
    if (!k) continue;
    char line[200];
    std::snprintf(line, sizeof line, "%-6s %-11s %5s %5s %5s      %5s %5s %5s       %5s  %s\n",
                  setup_square_name(v, int(i)).c_str(), std::string(kind_name(*k)).c_str(),
                  pct(s.lost_by[0], w.games).c_str(), pct(s.lost_by[1], w.games).c_str(),
                  pct(s.lost_by[2], w.games).c_str(), pct(s.revealed_by[0], w.games).c_str(),
                  pct(s.revealed_by[1], w.games).c_str(), pct(s.revealed_by[2], w.games).c_str(),
                  pct(s.lost, w.games).c_str(),
                  main_taker(s) == '-' ? "-" : kind_word(main_taker(s)).c_str());
    o << line;
  }
  return o.str();
}

}  // namespace stratego::strength
