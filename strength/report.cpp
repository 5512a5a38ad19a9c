#include "strength/report.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace stratego::strength {
namespace {

std::string fmt(const char* f, double a, double b = 0, double c = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, f, a, b, c);
  return buf;
}

std::vector<double> pairs_of(const std::vector<GameRow>& rows) {
  std::vector<double> out;
  for (std::size_t i = 0; i + 1 < rows.size(); ++i)
    if (rows[i].game % 2 == 0 && rows[i + 1].game == rows[i].game + 1 &&
        int(out.size()) == rows[i].game / 2)
      out.push_back((rows[i].score + rows[i + 1].score) / 2);
  return out;
}

}  // namespace

void count_end(EndCounts& e, const std::string& reason, double score) {
  // Waterloo's victory conditions (W-11, W-13; a pursuit's key carries its kind) count in the
  // flag columns as the game's decisive ends, its turn limit (W-1.4) as a limit.
  const bool waterloo_win = reason == "lines-of-retreat" || reason == "actions-lost" ||
                            reason == "commander-in-chief" || reason == "napoleon-lost" ||
                            reason == "centre-sector" || reason.rfind("pursuit", 0) == 0;
  if (reason == "flag-captured" || (waterloo_win && score != 0.5))
    ++(score > 0.5 ? e.enemy_flag : e.own_flag);
  else if (reason == "no-moves")
    ++(score > 0.5 ? e.no_moves_won : e.no_moves_lost);
  else if (reason == "move-limit" || reason == "no-attack-limit" || reason == "no-movable-pieces" ||
           reason == "turn-limit")
    ++e.limits;
  else
    ++e.other;
}

std::vector<Summary> summarize(Store& store, const std::vector<Candidate>& candidates, int games) {
  std::vector<Summary> out;
  std::vector<std::vector<double>> pairs;
  for (const Candidate& c : candidates) {
    const auto rows = store.games(c.id, games);
    Summary s;
    s.candidate = c;
    s.games = int(rows.size());
    double plies = 0;
    for (const auto& g : rows) {
      count_end(s.ends, g.reason, g.score);
      plies += g.plies;
    }
    s.mean_plies = rows.empty() ? 0 : plies / double(rows.size());
    pairs.push_back(pairs_of(rows));
    s.score = estimate(pairs.back());
    s.elo = elo_of_score(s.score.mean);
    s.elo_low = elo_of_score(s.score.low);
    s.elo_high = elo_of_score(s.score.high);
    out.push_back(s);
  }
  if (out.empty()) return out;
  std::size_t best = 0;
  for (std::size_t i = 1; i < out.size(); ++i)
    if (out[i].score.mean > out[best].score.mean) best = i;
  const double z =
      normal_two_sided_quantile(0.05 / double(std::max<std::size_t>(1, out.size() - 1)));
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].best = i == best;
    out[i].diff = paired_difference(pairs[i], pairs[best]);
    if (i != best) {
      out[i].separated = out[i].diff.high < 0;
      out[i].separated_all = out[i].diff.mean + z * out[i].diff.se < 0;
    }
  }
  return out;
}

std::string format_table(const std::vector<Summary>& s, const Store& store) {
  const Settings& st = store.settings();
  std::ostringstream o;
  o << "# " << st.variant << ", bot " << st.bot
    << (st.nodes ? " nodes " + std::to_string(st.nodes) : "") << " on both sides, field "
    << (st.field == "file" ? st.field_file : st.field)
    << (st.field == "own" ? " (the bot's own set-ups)"
                          : " (" + std::to_string(store.field().size()) + " set-ups)")
    << ", seed " << st.seed << "\n";
  const bool waterloo = st.variant.rfind("waterloo", 0) == 0;
  o << "# score: mean over pairs ("
    << (waterloo ? "two games of its army, each its own opponent and seed"
                 : "the same opponent and seed, both colours")
    << "), 95% interval;"
       " Elo to the field;\n# ends: own flag taken / enemy flag taken / no moves (won-lost) /"
       " limits / other;\n# diff: paired score difference to the best, with its standard error;"
       " * separated at 95%, ** also with Bonferroni\n";
  if (waterloo)
    o << "# Waterloo: each set-up plays its own army in every game;\n# the flag columns count "
         "games lost / won by a victory condition (W-11, "
         "W-13), limits the turn limit\n";
  o << "  # label                  games  score  95%            Elo   95%          ends            "
       " "
       "     plies  diff    se\n";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const Summary& x = s[i];
    std::string label = x.candidate.label.substr(0, 22);
    label.resize(22, ' ');
    char ends[64];
    std::snprintf(ends, sizeof ends, "%d/%d/%d-%d/%d/%d", x.ends.own_flag, x.ends.enemy_flag,
                  x.ends.no_moves_won, x.ends.no_moves_lost, x.ends.limits, x.ends.other);
    std::string e = ends;
    e.resize(21, ' ');
    char line[320];
    std::snprintf(line, sizeof line,
                  "%3zu %s %5d  %5.1f%% [%4.1f, %4.1f]  %+5.0f [%+5.0f, %+5.0f] %s %6.1f  ", i + 1,
                  label.c_str(), x.games, 100 * x.score.mean, 100 * x.score.low, 100 * x.score.high,
                  x.elo, x.elo_low, x.elo_high, e.c_str(), x.mean_plies);
    o << line;
    if (x.best)
      o << "best\n";
    else
      o << fmt("%+5.1f%% %4.1f%%", 100 * x.diff.mean, 100 * x.diff.se)
        << (x.separated_all ? " **"
            : x.separated   ? " *"
                            : "")
        << "\n";
  }
  o << "# set-ups:\n";
  for (std::size_t i = 0; i < s.size(); ++i)
    o << "#" << fmt("%3.0f", double(i + 1)) << " " << s[i].candidate.line << "  "
      << s[i].candidate.label << "\n";
  return o.str();
}

double split_half(Store& store, const std::vector<Candidate>& candidates, int games) {
  std::vector<double> even, odd;
  for (const Candidate& c : candidates) {
    const auto p = pairs_of(store.games(c.id, games));
    double a = 0, b = 0;
    int na = 0, nb = 0;
    for (std::size_t i = 0; i < p.size(); ++i) (i % 2 ? (b += p[i], ++nb) : (a += p[i], ++na));
    even.push_back(na ? a / na : 0);
    odd.push_back(nb ? b / nb : 0);
  }
  return correlation(even, odd);
}

}  // namespace stratego::strength
