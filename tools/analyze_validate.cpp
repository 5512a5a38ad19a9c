// `stratego analyze strength --validate FILE`: does the strength measure predict games between
// people? Every distinct set-up of a table of real games (strength/real_games.h) is scored
// once by the measure of the command's settings (the same games for every set-up), and for
// each decisive game the difference of Red's and Blue's scores is a predictor of whether Red
// won: its AUC with a bootstrap interval over games, the same for the familiarity baseline
// (the difference of the set-ups' log-probabilities under the parametric set-up prior, which
// knows nothing of strength), the table by fifths and a logistic calibration.
// docs/setup-strength.md, "Does it predict real games".
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "strength/prediction.h"
#include "strength/real_games.h"
#include "strength/stats.h"
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
};

void print_fifths(const Predictor& p, const std::vector<int>& won) {
  std::vector<std::vector<double>> f;
  for (double d : p.x) f.push_back({d});
  const Logistic fit = fit_logistic(f, won);
  std::vector<double> fitted;
  for (const auto& row : f) fitted.push_back(fit.predict(row));
  std::cout << "\n"
            << p.name << " by fifths (Red's minus Blue's):\n"
            << "  fifth  range                 games  Red won  observed  fitted\n";
  double gap = 0;
  const auto fifths = by_fifths(p.x, won, fitted);
  for (std::size_t i = 0; i < fifths.size(); ++i) {
    const Fifth& g = fifths[i];
    char line[160];
    std::snprintf(line, sizeof line, "  %5zu  [%8.3f, %8.3f]  %5d  %7d  %8s  %6s\n", i + 1, g.low,
                  g.high, g.games, g.won, validation_percent(g.observed).c_str(),
                  validation_percent(g.predicted).c_str());
    std::cout << line;
    gap = std::max(gap, std::abs(g.observed - g.predicted));
  }
  std::cout << "  calibration: P(Red won) = 1 / (1 + exp(-(" << validation_decimals(fit.w[0], 3)
            << " + " << validation_decimals(fit.w[1], 3)
            << " d))); fitted against observed per fifth: at most "
            << validation_decimals(100 * gap, 1) << " points apart\n";
}

}  // namespace

void run_validation(const ValidateOptions& o, ladder::MpiPool* pool) {
  const Variant v = load_variant(o.settings.variant);
  if (v.family == Family::kWaterloo)
    throw InputError("--validate: real games are read for the classic family, not Waterloo");
  if (o.games < 2) throw InputError("--games must be at least 2");
  if (o.resamples < 10) throw InputError("--resamples must be at least 10");
  const std::vector<RealGame> real = read_real_games(o.file, v);
  int red = 0, blue = 0, drawn = 0;
  for (const RealGame& g : real) {
    red += g.winner == RealWinner::kRed;
    blue += g.winner == RealWinner::kBlue;
    drawn += g.winner == RealWinner::kDraw;
  }
  if (red == 0 || blue == 0)  // before any game is played
    throw InputError(o.file + ": the AUC needs games won by Red and games won by Blue");

  Settings s = o.settings;
  const std::vector<std::string> field = field_lines(v, s, o.field);
  OpenAnalysis open(o.db, s, field, o.jobs, o.quiet, pool);
  // Every distinct set-up once, labelled by where it first appears.
  const std::string name = std::filesystem::path(o.file).filename().string();
  std::map<std::string, Candidate> cand;
  std::vector<Candidate> all;
  for (const RealGame& g : real)
    for (auto [line, side] : {std::pair{&g.red, "red"}, std::pair{&g.blue, "blue"}})
      if (!cand.count(*line)) {
        const Candidate c =
            open.store.add_candidate(*line, name + ":" + std::to_string(g.line) + " " + side);
        cand[*line] = c;
        all.push_back(c);
      }
  const int games = o.games + o.games % 2;
  open.lab.ensure(all, games);
  std::map<std::string, double> score, familiarity;
  const auto prior = load_prior(v, "");
  for (const Candidate& c : all) {
    score[c.line] = estimate(open.lab.pair_scores(c.id, games / 2)).mean;
    familiarity[c.line] = prior->log_prob(prior->symbols_of(c.line));
  }

  Predictor strength{"strength difference", {}}, familiar{"familiarity difference", {}};
  std::vector<int> won;
  for (const RealGame& g : real) {
    if (g.winner == RealWinner::kDraw) continue;
    won.push_back(g.winner == RealWinner::kRed);
    strength.x.push_back(score[g.red] - score[g.blue]);
    familiar.x.push_back(familiarity[g.red] - familiarity[g.blue]);
  }

  std::vector<double> sx, fx;
  for (const Candidate& c : all) sx.push_back(score[c.line]), fx.push_back(familiarity[c.line]);
  std::cout << "# " << name << ": " << real.size() << " games, " << won.size()
            << " decisive (Red won " << red << ", Blue " << blue << "), " << drawn << " drawn; "
            << all.size() << " distinct set-ups\n"
            << "# measure: --bot " << s.bot
            << (s.nodes ? " --nodes " + std::to_string(s.nodes) : "") << ", --field " << o.field
            << ", " << games << " games a set-up, --seed " << s.seed << "\n"
            << "# familiarity: log-probability under the parametric prior (" << prior->source()
            << ")\n"
            << "# correlation of score and log-probability across the set-ups: "
            << validation_decimals(correlation(sx, fx), 3) << "\n";
  if (!o.quiet && open.lab.games_played() > 0)
    std::cout << "# " << open.lab.games_played() << " games played in "
              << validation_decimals(open.lab.seconds(), 1) << " s\n";

  std::vector<std::vector<double>> both;
  for (std::size_t i = 0; i < won.size(); ++i) both.push_back({strength.x[i], familiar.x[i]});
  const Logistic joint = fit_logistic(both, won);
  std::vector<double> joint_x;
  for (const auto& row : both) joint_x.push_back(joint.predict(row));

  const auto boot = bootstrap_aucs({strength.x, familiar.x}, won, o.resamples, s.seed);
  std::vector<double> bs, bf, bd;
  for (const auto& r : boot) bs.push_back(r[0]), bf.push_back(r[1]), bd.push_back(r[0] - r[1]);
  const double as = auc(strength.x, won), af = auc(familiar.x, won);
  auto row = [](const std::string& label, double value, Interval i) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-36s %+.3f  [%+.3f, %+.3f]\n", label.c_str(), value, i.low,
                  i.high);
    std::cout << line;
  };
  std::cout << "\nAUC over the " << won.size() << " decisive games (95% bootstrap over games, "
            << o.resamples << " draws):\n";
  row("strength difference", as, percentile_interval(bs));
  row("familiarity difference", af, percentile_interval(bf));
  row("strength minus familiarity (paired)", as - af, percentile_interval(bd));
  std::cout << "  both (logistic fit, in sample)       "
            << validation_decimals(auc(joint_x, won), 3) << "\n";
  print_fifths(strength, won);
  print_fifths(familiar, won);
}

}  // namespace stratego::analyze
