#include "ladder/report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <numeric>
#include <sstream>

#include "ladder/results.h"

namespace stratego::ladder {
namespace {

std::string esc(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string num(double x, int decimals = 0) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(decimals) << x;
  return o.str();
}

const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                          "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

std::vector<int> by_rating(const LadderRatings& lr) {
  std::vector<int> idx;
  for (std::size_t i = 0; i < lr.names.size(); ++i)
    if (lr.r.games[i] > 0) idx.push_back(int(i));
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
    return lr.r.rating[std::size_t(a)] > lr.r.rating[std::size_t(b)];
  });
  return idx;
}

// Rating table with each participant's interval drawn as a bar on a common axis.
std::string rating_section(const LadderRatings& lr, const std::vector<FinishedGame>& games) {
  const auto order = by_rating(lr);
  std::map<std::int64_t, double> think_ms;  // thinking time per participant id, all games
  for (const auto& g : games) {
    think_ms[g.s.red] += double(g.red_ms);
    think_ms[g.s.blue] += double(g.blue_ms);
  }
  double lo = 0, hi = 0;
  for (int i : order) {
    lo = std::min(lo, lr.r.rating[std::size_t(i)] - lr.r.error[std::size_t(i)]);
    hi = std::max(hi, lr.r.rating[std::size_t(i)] + lr.r.error[std::size_t(i)]);
  }
  lo -= 20;
  hi += 20;
  const double w = 360;
  const auto x = [&](double r) { return (r - lo) / (hi - lo) * w; };
  std::ostringstream o;
  o << "<h2>Ratings</h2><p>Bradley–Terry maximum likelihood, Elo scale, mean 0; bars are 95% "
       "intervals from the Hessian.</p><table><tr><th>#</th><th>participant</th><th>rating</th>"
       "<th>±95%</th><th>points</th><th>games</th><th>%</th><th>think "
       "s/game</th><th>interval</th></tr>\n";
  int rank = 0;
  for (int i : order) {
    const auto k = std::size_t(i);
    const double r = lr.r.rating[k], e = lr.r.error[k];
    o << "<tr><td>" << ++rank << "</td><td>" << esc(lr.names[k]) << "</td><td>" << num(r, 1)
      << "</td><td>" << num(e, 1) << "</td><td>" << num(lr.r.points[k], 1) << "</td><td>"
      << lr.r.games[k] << "</td><td>" << num(100 * lr.r.points[k] / lr.r.games[k], 1) << "</td><td>"
      << num(think_ms[lr.ids[k]] / 1000 / lr.r.games[k], 2) << "</td><td><svg width='" << w
      << "' height='16'><line x1='" << x(0) << "' x2='" << x(0)
      << "' y1='0' y2='16' stroke='#bbb'/><rect x='" << num(x(r - e), 1) << "' y='4' width='"
      << num(x(r + e) - x(r - e), 1) << "' height='8' fill='#9ecae1'/><circle cx='" << num(x(r), 1)
      << "' cy='8' r='3' fill='#08519c'/></svg></td></tr>\n";
  }
  o << "</table><p class='axis'>axis: " << num(lo) << " .. " << num(hi) << " Elo</p>\n";
  return o.str();
}

// Score of the row participant against the column one, coloured from red (0%) to green.
std::string heat_map(const LadderRatings& lr, const std::vector<FinishedGame>& games) {
  const auto order = by_rating(lr);
  std::map<std::int64_t, std::size_t> index;
  for (std::size_t i = 0; i < lr.ids.size(); ++i) index[lr.ids[i]] = i;
  const std::size_t n = lr.names.size();
  std::vector<double> pts(n * n, 0), cnt(n * n, 0);
  for (const auto& g : games) {
    const double s = g.red_score();
    if (s < 0) continue;
    const std::size_t a = index[g.s.red], b = index[g.s.blue];
    pts[a * n + b] += s;
    pts[b * n + a] += 1 - s;
    cnt[a * n + b] += 1;
    cnt[b * n + a] += 1;
  }
  const int cell = 64, left = 130, top = 24;
  std::ostringstream o;
  o << "<h2>Pairwise scores</h2><p>Score of the row against the column (games in brackets).</p>"
    << "<svg width='" << left + cell * int(order.size()) + 10 << "' height='"
    << top + cell * int(order.size()) + 10 << "' font-size='11'>\n";
  for (std::size_t c = 0; c < order.size(); ++c)
    o << "<text x='" << left + cell * int(c) + cell / 2 << "' y='16' text-anchor='middle'>"
      << esc(lr.names[std::size_t(order[c])].substr(0, 10)) << "</text>\n";
  for (std::size_t r = 0; r < order.size(); ++r) {
    const std::size_t a = std::size_t(order[r]);
    o << "<text x='" << left - 6 << "' y='" << top + cell * int(r) + cell / 2 + 4
      << "' text-anchor='end'>" << esc(lr.names[a]) << "</text>\n";
    for (std::size_t c = 0; c < order.size(); ++c) {
      const std::size_t b = std::size_t(order[c]);
      const int x = left + cell * int(c), y = top + cell * int(r);
      if (a == b || cnt[a * n + b] == 0) {
        o << "<rect x='" << x << "' y='" << y << "' width='" << cell << "' height='" << cell
          << "' fill='#eee' stroke='#fff'/>\n";
        continue;
      }
      const double s = pts[a * n + b] / cnt[a * n + b];
      const int red = int(255 * std::min(1.0, 2 * (1 - s))),
                green = int(255 * std::min(1.0, 2 * s));
      o << "<rect x='" << x << "' y='" << y << "' width='" << cell << "' height='" << cell
        << "' fill='rgb(" << red << "," << green << ",90)' stroke='#fff'/><text x='" << x + cell / 2
        << "' y='" << y + cell / 2 << "' text-anchor='middle'>" << num(100 * s)
        << "%</text><text x='" << x + cell / 2 << "' y='" << y + cell / 2 + 14
        << "' text-anchor='middle'>(" << cnt[a * n + b] << ")</text>\n";
    }
  }
  return o.str() + "</svg>\n";
}

// Ratings fitted on the first k/10 of the games, k = 1..10.
std::string over_time(Store& store, const LadderRatings& final,
                      const std::vector<FinishedGame>& games) {
  const int steps = 10, w = 640, h = 260, left = 50, bottom = 30;
  std::vector<std::vector<double>> series(final.names.size());
  std::vector<std::size_t> counts;
  for (int k = 1; k <= steps; ++k) {
    const std::size_t upto = games.size() * std::size_t(k) / steps;
    const std::vector<FinishedGame> part(games.begin(), games.begin() + std::ptrdiff_t(upto));
    const LadderRatings lr = ladder_ratings(store, part, "", 0, "");
    for (std::size_t i = 0; i < series.size(); ++i)
      series[i].push_back(lr.r.games[i] > 0 ? lr.r.rating[i] : NAN);
    counts.push_back(upto);
  }
  double lo = -100, hi = 100;
  for (const auto& s : series)
    for (double v : s)
      if (!std::isnan(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  const auto y = [&](double v) { return 10 + (hi - v) / (hi - lo) * (h - bottom - 10); };
  const auto x = [&](int k) { return left + (w - left - 110) * k / (steps - 1); };
  std::ostringstream o;
  o << "<h2>Ratings over time</h2><p>Refitted on the first tenth, two tenths, ... of the "
       "games.</p><svg width='"
    << w << "' height='" << h << "' font-size='11'>\n"
    << "<line x1='" << left << "' x2='" << x(steps - 1) << "' y1='" << y(0) << "' y2='" << y(0)
    << "' stroke='#bbb'/><text x='" << left - 4 << "' y='" << y(hi) + 4 << "' text-anchor='end'>"
    << num(hi) << "</text><text x='" << left - 4 << "' y='" << y(lo) + 4 << "' text-anchor='end'>"
    << num(lo) << "</text><text x='" << left - 4 << "' y='" << y(0) + 4
    << "' text-anchor='end'>0</text>\n";
  for (int k = 0; k < steps; ++k)
    o << "<text x='" << x(k) << "' y='" << h - 10 << "' text-anchor='middle'>"
      << counts[std::size_t(k)] << "</text>\n";
  // End labels, spread at least 12 px apart so that close ratings stay readable.
  std::vector<std::pair<double, std::size_t>> labels;
  for (std::size_t i = 0; i < series.size(); ++i)
    if (!std::isnan(series[i].back())) labels.emplace_back(y(series[i].back()), i);
  std::sort(labels.begin(), labels.end());
  for (std::size_t k = 1; k < labels.size(); ++k)
    labels[k].first = std::max(labels[k].first, labels[k - 1].first + 12);
  std::map<std::size_t, double> label_y;
  for (const auto& [ly, i] : labels) label_y[i] = ly;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const char* colour = kColours[i % 10];
    std::string points;
    for (int k = 0; k < steps; ++k) {
      const double v = series[i][std::size_t(k)];
      if (!std::isnan(v)) points += std::to_string(x(k)) + "," + num(y(v), 1) + " ";
    }
    if (points.empty()) continue;
    o << "<polyline fill='none' stroke='" << colour << "' stroke-width='2' points='" << points
      << "'/><text x='" << x(steps - 1) + 6 << "' y='" << num(label_y[i] + 4, 1) + "' fill='"
      << colour << "'>" << esc(final.names[i]) << "</text>\n";
  }
  return o.str() + "</svg>\n";
}

std::string bars(const std::string& title, const std::string& note,
                 const std::vector<std::pair<std::string, int>>& rows) {
  int most = 1;
  for (const auto& [k, v] : rows) most = std::max(most, v);
  const int bar_w = 360, row_h = 20, left = 150;
  std::ostringstream o;
  o << "<h2>" << title << "</h2><p>" << note << "</p><svg width='" << left + bar_w + 60
    << "' height='" << row_h * int(rows.size()) + 6 << "' font-size='11'>\n";
  int y = 0;
  for (const auto& [k, v] : rows) {
    o << "<text x='" << left - 6 << "' y='" << y + 14 << "' text-anchor='end'>" << esc(k)
      << "</text><rect x='" << left << "' y='" << y + 3 << "' width='" << bar_w * v / most
      << "' height='" << row_h - 6 << "' fill='#6baed6'/><text x='" << left + bar_w * v / most + 4
      << "' y='" << y + 14 << "'>" << v << "</text>\n";
    y += row_h;
  }
  return o.str() + "</svg>\n";
}

}  // namespace

std::string report_html(Store& store, const std::string& title) {
  const auto games = store.games();
  const LadderRatings lr = ladder_ratings(store, games, "", 0, "");
  std::map<std::string, int> reasons;
  for (const auto& g : games) ++reasons[g.reason];
  std::vector<std::pair<std::string, int>> reason_rows(reasons.begin(), reasons.end());
  std::sort(reason_rows.begin(), reason_rows.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
  int longest = 1;
  for (const auto& g : games) longest = std::max(longest, g.plies);
  const int bin = std::max(1, (longest + 14) / 15);
  std::vector<std::pair<std::string, int>> length_rows;
  for (int lo = 0; lo <= longest; lo += bin) {
    int n = 0;
    for (const auto& g : games) n += g.plies >= lo && g.plies < lo + bin;
    length_rows.emplace_back(std::to_string(lo) + "–" + std::to_string(lo + bin - 1), n);
  }
  const auto& c = store.config();
  std::string variants;
  for (const auto& v : c.variants) variants += (variants.empty() ? "" : ", ") + v;
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" << esc(title)
    << "</title><style>body{font-family:sans-serif;margin:24px;max-width:1100px}"
       "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}"
       "td:nth-child(2),th:nth-child(2){text-align:left}tr:nth-child(even){background:#f4f4f4}"
       "h2{margin-top:28px;border-bottom:1px solid #ccc}.axis{color:#777;font-size:12px}"
       "</style></head><body>\n<h1>"
    << esc(title) << "</h1><p>" << games.size() << " games; variant " << esc(variants)
    << "; set-ups " << esc(c.setups);
  if (c.movetime_ms) o << "; " << c.movetime_ms << " ms per decision";
  if (!c.tc.empty()) o << "; clock " << esc(c.tc);
  if (c.nodes) o << "; " << c.nodes << " nodes per decision";
  o << "; created " << esc(c.created) << ".</p>\n"
    << rating_section(lr, games) << heat_map(lr, games) << over_time(store, lr, games)
    << bars("Result reasons", "How the games ended.", reason_rows)
    << bars("Game lengths", "Games by plies (decisions of both sides).", length_rows)
    << "</body></html>\n";
  return o.str();
}

}  // namespace stratego::ladder
