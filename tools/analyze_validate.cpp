// `stratego analyze strength --validate FILE`: does the strength measure predict games between
// people? Every distinct set-up of a table of real games (strength/real_games.h) is scored
// once by the measure of the command's settings (the same games for every set-up), and for
// each decisive game the difference of Red's and Blue's scores is a predictor of whether Red
// won: its AUC with a bootstrap interval over games, the same for the familiarity baseline
// (the difference of the set-ups' log-probabilities under the parametric set-up prior, which
// knows nothing of strength), the table by fifths and a logistic calibration.
// docs/setup-strength.md, "Does it predict real games".
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "strength/prediction.h"
#include "strength/real_games.h"
#include "strength/stats.h"
#include "strength/strength_model.h"
#include "tools/analyze.h"

namespace stratego::analyze {
namespace {

using namespace strength;

std::string validation_decimals(double x, int places) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", places, x);
  return buf;
}

std::string validation_percent(double x) { return validation_decimals(100 * x, 1) + "%"; }

// One predictor's figures on the decisive games.
struct Predictor {
  std::string name;
  std::vector<double> x;  // per decisive game: Red's number minus Blue's
  // The fitted measure: the model's own P(Red won) per game, as it was fitted (no refit).
  std::vector<double> own;
};

void print_fifths(const Predictor& p, const std::vector<int>& won) {
  std::vector<std::vector<double>> f;
  for (double d : p.x) f.push_back({d});
  const Logistic fit = fit_logistic(f, won);
  std::vector<double> fitted;
  for (const auto& row : f) fitted.push_back(fit.predict(row));
  std::cout << "\n"
            << p.name << " by fifths (Red's minus Blue's):\n"
            << "  fifth  range                 games  Red won  observed  fitted"
            << (p.own.empty() ? "" : "   model") << "\n";
  double gap = 0, own_gap = 0;
  const auto fifths = by_fifths(p.x, won, fitted);
  const auto own = p.own.empty() ? fifths : by_fifths(p.x, won, p.own);
  for (std::size_t i = 0; i < fifths.size(); ++i) {
    const Fifth& g = fifths[i];
    char line[160];
    std::snprintf(line, sizeof line, "  %5zu  [%8.3f, %8.3f]  %5d  %7d  %8s  %6s", i + 1, g.low,
                  g.high, g.games, g.won, validation_percent(g.observed).c_str(),
                  validation_percent(g.predicted).c_str());
    std::cout << line;
    if (!p.own.empty()) std::cout << "  " << std::setw(6) << validation_percent(own[i].predicted);
    std::cout << "\n";
    gap = std::max(gap, std::abs(g.observed - g.predicted));
    own_gap = std::max(own_gap, std::abs(own[i].observed - own[i].predicted));
  }
  std::cout << "  calibration: P(Red won) = 1 / (1 + exp(-(" << validation_decimals(fit.w[0], 3)
            << " + " << validation_decimals(fit.w[1], 3)
            << " d))); fitted against observed per fifth: at most "
            << validation_decimals(100 * gap, 1) << " points apart\n";
  if (!p.own.empty())
    std::cout << "  model: the model's own P(Red won) = 1 / (1 + exp(-(d + red_advantage))), as "
                 "fitted: at most "
              << validation_decimals(100 * own_gap, 1) << " points from the observed\n";
}

}  // namespace

// The figures of one group of decisive games: the AUC of each predictor with its bootstrap
// interval, the paired difference of the first two, then the first two by fifths.
void print_group(const std::string& title, const std::vector<Predictor>& all,
                 const std::vector<int>& all_won, const std::vector<std::size_t>& pick,
                 int resamples, std::uint64_t seed, bool joint_row) {
  std::vector<Predictor> ps;
  for (const Predictor& p : all) {
    Predictor q{p.name, {}, {}};
    for (std::size_t i : pick) q.x.push_back(p.x[i]);
    if (!p.own.empty())
      for (std::size_t i : pick) q.own.push_back(p.own[i]);
    ps.push_back(std::move(q));
  }
  std::vector<int> won;
  for (std::size_t i : pick) won.push_back(all_won[i]);
  const auto red_wins = std::count(won.begin(), won.end(), 1);
  if (red_wins == 0 || red_wins == std::ptrdiff_t(won.size())) {
    std::cout << "\n"
              << title << ": " << won.size()
              << " decisive games; no AUC (it needs games won by Red and games won by Blue)\n";
    return;
  }
  std::vector<std::vector<double>> xs;
  for (const Predictor& p : ps) xs.push_back(p.x);
  const auto boot = bootstrap_aucs(xs, won, resamples, seed);
  auto row = [](const std::string& label, double value, Interval i) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-36s %+.3f  [%+.3f, %+.3f]\n", label.c_str(), value, i.low,
                  i.high);
    std::cout << line;
  };
  int red = 0;
  for (int w : won) red += w;
  std::cout << "\n"
            << title << ": AUC over " << won.size() << " decisive games (Red won " << red
            << "; 95% bootstrap over games, " << resamples << " draws):\n";
  std::vector<double> a;
  for (std::size_t k = 0; k < ps.size(); ++k) {
    std::vector<double> b;
    for (const auto& r : boot) b.push_back(r[k]);
    a.push_back(auc(ps[k].x, won));
    row(ps[k].name, a[k], percentile_interval(b));
  }
  if (ps.size() >= 2) {
    std::vector<double> d;
    for (const auto& r : boot) d.push_back(r[0] - r[1]);
    row(ps[0].name.substr(0, ps[0].name.find(' ')) + " minus " +
            ps[1].name.substr(0, ps[1].name.find(' ')) + " (paired)",
        a[0] - a[1], percentile_interval(d));
  }
  if (joint_row && ps.size() >= 2) {
    std::vector<std::vector<double>> both;
    for (std::size_t i = 0; i < won.size(); ++i) both.push_back({ps[0].x[i], ps[1].x[i]});
    const Logistic joint = fit_logistic(both, won);
    std::vector<double> joint_x;
    for (const auto& r : both) joint_x.push_back(joint.predict(r));
    std::cout << "  both (logistic fit, in sample)       "
              << validation_decimals(auc(joint_x, won), 3) << "\n";
  }
  for (std::size_t k = 0; k < std::min<std::size_t>(2, ps.size()); ++k) print_fifths(ps[k], won);
}

// Where the bot-play measure and the fitted one disagree most: each set-up's rank among the
// table's set-ups by either measure (as a share, 0 lowest to 1 highest), the five with the
// largest difference of the two shares, and what the real games say about them (their record);
// then the real score of the tenth of set-ups the fitted measure ranks highest against the bots
// and the tenth the bots rank highest against it.
void print_disagreements(const Variant& v, const std::string& model_file,
                         const std::vector<std::string>& lines,
                         std::map<std::string, std::string>& label,
                         std::map<std::string, double>& bots, const std::vector<RealGame>& real) {
  const FittedMeasure m = fitted_measure(v, model_file);
  const std::size_t n = lines.size();
  std::vector<double> fb, ff;
  for (const std::string& l : lines) {
    fb.push_back(bots[l]);
    ff.push_back(m.model.value(m.features.compute(l)));
  }
  auto shares = [&](const std::vector<double>& x) {  // mid-rank share in [0, 1]
    std::vector<double> out(n);
    for (std::size_t i = 0; i < n; ++i) {
      double below = 0, equal = 0;
      for (std::size_t j = 0; j < n; ++j) below += x[j] < x[i], equal += x[j] == x[i];
      out[i] = n > 1 ? (below + 0.5 * (equal - 1)) / double(n - 1) : 0.5;
    }
    return out;
  };
  const std::vector<double> rb = shares(fb), rf = shares(ff);
  struct Record {
    int won = 0, lost = 0, drawn = 0;
  };
  std::map<std::string, Record> rec;
  for (const RealGame& g : real) {
    if (!held_out_game(g.id)) continue;  // the fitted measure has seen the others
    const bool d = g.winner == RealWinner::kDraw, r = g.winner == RealWinner::kRed;
    Record &a = rec[g.red], &b = rec[g.blue];
    if (d)
      ++a.drawn, ++b.drawn;
    else if (r)
      ++a.won, ++b.lost;
    else
      ++a.lost, ++b.won;
  }
  std::vector<std::size_t> order;  // the set-ups of held-out games
  for (std::size_t i = 0; i < n; ++i)
    if (rec.count(lines[i])) order.push_back(i);
  if (order.empty()) return;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::abs(rf[a] - rb[a]) > std::abs(rf[b] - rb[b]);
  });
  std::cout << "\nwhere the bot-play measure and the fitted measure (" << m.model.origin
            << ") disagree most (rank among the " << n
            << " set-ups as a share, 0 lowest, 1 highest), among the " << order.size()
            << " set-ups of the held-out games, and their held-out games:\n"
            << "  set-up                                    label                 bots  fitted  "
               "real games (won-lost-drawn)\n";
  for (std::size_t k = 0; k < std::min<std::size_t>(5, order.size()); ++k) {
    const std::size_t i = order[k];
    const Record& r = rec[lines[i]];
    char row[240];
    std::snprintf(row, sizeof row, "  %s  %-20s  %4.2f  %6.2f  %d-%d-%d\n", lines[i].c_str(),
                  label[lines[i]].c_str(), rb[i], rf[i], r.won, r.lost, r.drawn);
    std::cout << row;
  }
  // The tenth each way.
  std::vector<std::size_t> up(order.begin(), order.end());
  std::sort(up.begin(), up.end(),
            [&](std::size_t a, std::size_t b) { return rf[a] - rb[a] > rf[b] - rb[b]; });
  const std::size_t tenth = std::max<std::size_t>(1, order.size() / 10);
  auto real_score = [&](auto first, auto last) {
    double points = 0;
    int games = 0;
    for (auto it = first; it != last; ++it) {
      const Record& r = rec[lines[*it]];
      points += r.won + 0.5 * r.drawn;
      games += r.won + r.lost + r.drawn;
    }
    return std::pair{games ? points / games : 0.5, games};
  };
  const auto [hi, hn] = real_score(up.begin(), up.begin() + std::ptrdiff_t(tenth));
  const auto [lo, ln] = real_score(up.end() - std::ptrdiff_t(tenth), up.end());
  std::cout << "  the " << tenth << " set-ups the fitted measure ranks highest against the bots: "
            << validation_percent(hi) << " of " << hn << " held-out games won (draws half)\n"
            << "  the " << tenth << " set-ups the bots rank highest against the fitted measure: "
            << validation_percent(lo) << " of " << ln << " held-out games won\n";
}

void run_validation(const ValidateOptions& o, ladder::MpiPool* pool) {
  const Variant v = load_variant(o.settings.variant);
  if (v.family == Family::kWaterloo)
    throw InputError("--validate: real games are read for the classic family, not Waterloo");
  if (!o.fitted && o.games < 2) throw InputError("--games must be at least 2");
  if (o.resamples < 10) throw InputError("--resamples must be at least 10");
  const std::vector<RealGame> real = read_real_games(o.file, v);
  int red = 0, blue = 0, drawn = 0, held = 0;
  for (const RealGame& g : real) {
    red += g.winner == RealWinner::kRed;
    blue += g.winner == RealWinner::kBlue;
    drawn += g.winner == RealWinner::kDraw;
    held += held_out_game(g.id);
  }
  if (red == 0 || blue == 0)  // before any game is played
    throw InputError(o.file + ": the AUC needs games won by Red and games won by Blue");
  const std::string name = std::filesystem::path(o.file).filename().string();
  std::vector<std::string> lines;  // every distinct set-up once, in order of appearance
  std::map<std::string, std::string> label;
  for (const RealGame& g : real)
    for (auto [line, side] : {std::pair{&g.red, "red"}, std::pair{&g.blue, "blue"}})
      if (!label.count(*line)) {
        label[*line] = name + ":" + std::to_string(g.line) + " " + side;
        lines.push_back(*line);
      }

  std::map<std::string, double> score, familiarity;
  const auto prior = load_prior(v, "");
  for (const std::string& l : lines) familiarity[l] = prior->log_prob(prior->symbols_of(l));
  std::string measure;
  double seconds = 0, red_advantage = 0;
  long long played = 0;
  if (o.fitted) {
    const FittedMeasure m = fitted_measure(v, o.model);
    for (const std::string& l : lines) score[l] = m.model.value(m.features.compute(l));
    measure = "fitted (" + m.model.origin + ")";
    red_advantage = m.model.red_advantage;
  } else {
    Settings s = o.settings;
    const std::vector<std::string> field = field_lines(v, s, o.field);
    OpenAnalysis open(o.db, s, field, o.jobs, o.quiet, pool);
    std::vector<Candidate> all;
    for (const std::string& l : lines) all.push_back(open.store.add_candidate(l, label[l]));
    const int games = o.games + o.games % 2;
    open.lab.ensure(all, games);
    for (const Candidate& c : all)
      score[c.line] = estimate(open.lab.pair_scores(c.id, games / 2)).mean;
    measure = "bot play, --bot " + s.bot + (s.nodes ? " --nodes " + std::to_string(s.nodes) : "") +
              ", --field " + o.field + ", " + std::to_string(games) + " games a set-up, --seed " +
              std::to_string(s.seed);
    seconds = open.lab.seconds();
    played = open.lab.games_played();
  }

  Predictor strength{o.fitted ? "fitted strength difference" : "strength difference", {}, {}},
      familiar{"familiarity difference", {}, {}};
  std::vector<int> won;
  std::vector<std::size_t> all_games, fitting, held_out;
  for (const RealGame& g : real) {
    if (g.winner == RealWinner::kDraw) continue;
    (held_out_game(g.id) ? held_out : fitting).push_back(won.size());
    all_games.push_back(won.size());
    won.push_back(g.winner == RealWinner::kRed);
    strength.x.push_back(score[g.red] - score[g.blue]);
    if (o.fitted) strength.own.push_back(1 / (1 + std::exp(-(strength.x.back() + red_advantage))));
    familiar.x.push_back(familiarity[g.red] - familiarity[g.blue]);
  }

  std::vector<double> sx, fx;
  for (const std::string& l : lines) sx.push_back(score[l]), fx.push_back(familiarity[l]);
  std::cout << "# " << name << ": " << real.size() << " games, " << won.size()
            << " decisive (Red won " << red << ", Blue " << blue << "), " << drawn << " drawn; "
            << lines.size() << " distinct set-ups\n"
            << "# measure: " << measure << "\n"
            << "# familiarity: log-probability under the parametric prior (" << prior->source()
            << ")\n"
            << "# correlation of score and log-probability across the set-ups: "
            << validation_decimals(correlation(sx, fx), 3) << "\n"
            << "# halves (by the game id's hash, docs/setup-strength.md): fitting "
            << real.size() - std::size_t(held) << " games, held out " << held << "\n";
  if (!o.quiet && played > 0)
    std::cout << "# " << played << " games played in " << validation_decimals(seconds, 1) << " s\n";

  const std::vector<Predictor> ps{strength, familiar};
  print_group("all games", ps, won, all_games, o.resamples, o.settings.seed, true);
  if (o.halves) {
    print_group("fitting half", ps, won, fitting, o.resamples, o.settings.seed, false);
    print_group("held-out half", ps, won, held_out, o.resamples, o.settings.seed, false);
  }
  if (!o.fitted && (!o.model.empty() || StrengthModel::builtin(v)))
    print_disagreements(v, o.model, lines, label, score, real);
}

}  // namespace stratego::analyze
