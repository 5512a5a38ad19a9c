// `stratego train value`: plays self-play games between fast bots, takes the true world every
// few plies with the game's final result, and fits the linear value of
// eval/values/classic_features.h to them by L2-regularised logistic regression
// (eval/values/logistic_fit.h). Prints train and held-out log-loss and accuracy of the fitted
// weights beside the hand-set ones, and writes the weights file (eval/values/value_weights.h) that
// `ismcts,value=learned` reads once shipped as eval/data/<variant>_value.weights. The same options
// and seed give the same file.
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "eval/values/classic_features.h"
#include "eval/values/logistic_fit.h"
#include "eval/values/value_weights.h"
#include "protocol/bot_spec.h"
#include "referee/match.h"
#include "tools/commands.h"
#include "tools/seed_option.h"

namespace stratego {
namespace {

struct TrainOptions {
  std::string variant = "classic", bot = "rules", opponents, out;
  std::vector<std::string> records;  // record files whose games are learned from too
  std::vector<std::string> compare;  // weights files scored beside the fit
  int games = 200, every = 4, holdout = 5, concurrency = 1;
  std::int64_t nodes = 0;
  std::uint64_t seed = 1;
  double l2 = 1.0, eval_scale = 1.0;
};

// One game's positions: features of the true world every `every` plies, and Red's score.
struct GameSamples {
  std::vector<eval::ClassicFeatures> positions;
  double red_score = 0.5;
  Winner winner = Winner::kNone;
};

// The plies taken start at a phase that moves with the game's index, so that both sides are
// to move in some games' positions even when `every` is even.
GameSamples samples_of(const std::string& record_text, int every, int phase) {
  const GameRecord r = parse_record(record_text, "self-play record");
  GameSamples g;
  g.winner = r.result.winner;
  g.red_score = g.winner == Winner::kRed ? 1.0 : g.winner == Winner::kBlue ? 0.0 : 0.5;
  State s = record_start(r);
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    if (s.over()) break;
    if (i > 0 && i % std::size_t(every) == std::size_t(phase))
      g.positions.push_back(eval::classic_features(s));
    s.make(r.moves[i]);
  }
  return g;
}

std::string command_line(const TrainOptions& o) {
  std::ostringstream c;
  c << "stratego train value --variant " << o.variant << " --games " << o.games << " --bot "
    << o.bot;
  if (!o.opponents.empty()) c << " --opponents " << o.opponents;
  for (const std::string& r : o.records) c << " --records " << r;
  c << " --seed " << o.seed << " --every " << o.every << " --holdout " << o.holdout << " --l2 "
    << o.l2;
  if (o.nodes) c << " --nodes " << o.nodes;
  return c.str();
}

std::string percent(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << 100 * x << "%";
  return s.str();
}

std::string fixed(double x, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << x;
  return s.str();
}

Eigen::VectorXd to_eigen(const eval::ClassicFeatures& f) {
  Eigen::VectorXd v(eval::kNumClassicFeatures);
  for (int i = 0; i < eval::kNumClassicFeatures; ++i) v[i] = f[std::size_t(i)];
  return v;
}

void run_train_value(const TrainOptions& o) {
  if (o.games < (o.records.empty() ? 2 : 0))
    throw InputError(o.records.empty() ? "--games must be at least 2"
                                       : "--games must not be negative");
  if (o.every < 1) throw InputError("--every must be at least 1");
  if (o.holdout < 2) throw InputError("--holdout must be at least 2");
  if (!(o.l2 >= 0)) throw InputError("--l2 must not be negative");
  if (o.nodes < 0) throw InputError("--nodes must not be negative");
  if (o.out.empty()) throw InputError("--out is required");
  const auto variant = std::make_shared<const Variant>(load_variant(o.variant));
  if (variant->family != Family::kClassic)
    throw InputError("train value: the linear value is for the classic family, not " + o.variant);
  // Specs hold commas themselves (rules,style=aggressive): a word without '=' starts the next.
  std::vector<std::string> opponents;
  for (std::string_view s : text::split(o.opponents, ',')) {
    s = text::trim(s);
    if (s.empty()) continue;
    if (s.find('=') == std::string_view::npos || opponents.empty())
      opponents.emplace_back(s);
    else
      opponents.back() += "," + std::string(s);
  }
  if (opponents.empty()) opponents.push_back(o.bot);
  for (const std::string& spec : opponents) protocol::make_bot_from_spec(spec);  // fail early
  protocol::make_bot_from_spec(o.bot);

  // Games by global index, so the fit sees them in one order whatever order they finish in.
  std::map<int, GameSamples> games;
  int first = 0;
  for (std::size_t j = 0; j < opponents.size(); ++j) {
    const int n = o.games / int(opponents.size()) + (int(j) < o.games % int(opponents.size()));
    if (n == 0) continue;
    referee::MatchSettings st;
    st.variant = variant;
    st.variant_spec = o.variant;
    st.games = n;
    st.seed = o.seed + std::uint64_t(first);
    st.time.nodes = o.nodes;
    st.concurrency = o.concurrency;
    st.names[0] = o.bot;
    st.names[1] = opponents[j];
    st.on_note = [](const std::string& note) { std::cerr << "note: " << note << std::endl; };
    st.on_game = [&, first](const referee::GameReport& r) {
      if (r.bot1_score < 0 || referee::is_forfeit(r.outcome)) return;  // no result to learn from
      games[first + r.index] = samples_of(r.outcome.record, o.every, (first + r.index) % o.every);
    };
    const referee::BotFactory a = [spec = o.bot] { return protocol::make_bot_from_spec(spec); };
    const referee::BotFactory b = [spec = opponents[j]] {
      return protocol::make_bot_from_spec(spec);
    };
    referee::run_match(a, b, st);
    first += n;
  }

  // Games of record files (ladder export --records, match --out) follow the played ones.
  for (const std::string& path : o.records) {
    const std::string text = read_text_file(path);
    const std::vector<RecordInFile> recs = split_records(text, path);
    for (const RecordInFile& rec : recs) {
      if (rec.waterloo)
        throw InputError(record_origin(path, rec, recs.size()) + ": a Waterloo record");
      const GameRecord r = parse_record(rec.text, record_origin(path, rec, recs.size()));
      if (load_variant(r.variant).name != variant->name)
        throw InputError(record_origin(path, rec, recs.size()) + ": variant " + r.variant +
                         ", not " + o.variant);
      if (r.result.winner == Winner::kNone) continue;
      games[first] = samples_of(std::string(rec.text), o.every, first % o.every);
      ++first;
    }
  }

  int rows[2] = {0, 0}, results[3] = {0, 0, 0};  // train / held out; red, blue, draw
  for (const auto& [index, g] : games) {
    rows[index % o.holdout == o.holdout - 1] += int(g.positions.size());
    ++results[g.winner == Winner::kRed ? 0 : g.winner == Winner::kBlue ? 1 : 2];
  }
  if (rows[0] == 0 || rows[1] == 0)
    throw InputError("train value: too few positions to fit and check (" + std::to_string(rows[0]) +
                     " to fit, " + std::to_string(rows[1]) + " held out); play more games");
  Eigen::MatrixXd x[2] = {Eigen::MatrixXd(rows[0], eval::kNumClassicFeatures),
                          Eigen::MatrixXd(rows[1], eval::kNumClassicFeatures)};
  Eigen::VectorXd t[2] = {Eigen::VectorXd(rows[0]), Eigen::VectorXd(rows[1])};
  int filled[2] = {0, 0};
  for (const auto& [index, g] : games) {
    const int part = index % o.holdout == o.holdout - 1;
    for (const eval::ClassicFeatures& f : g.positions) {
      x[part].row(filled[part]) = to_eigen(f).transpose();
      t[part][filled[part]++] = g.red_score;
    }
  }
  const eval::LogisticFitResult fit = eval::fit_logistic(x[0], t[0], o.l2);
  const Eigen::VectorXd hand = to_eigen(eval::classic_hand_weights(*variant, o.eval_scale));

  std::cout << "games: " << games.size() << " (red " << results[0] << ", blue " << results[1]
            << ", drawn " << results[2] << "); positions: " << rows[0] << " to fit, " << rows[1]
            << " held out (1 game in " << o.holdout << ")\n"
            << "fit: " << fit.iterations << " Newton steps"
            << (fit.converged ? "" : " (not converged)") << ", l2 " << o.l2 << "\n";
  std::vector<std::string> figures;
  auto report = [&](const std::string& name, const Eigen::VectorXd& w) {
    const eval::LogisticScore a = eval::score_logistic(x[0], t[0], w);
    const eval::LogisticScore b = eval::score_logistic(x[1], t[1], w);
    std::ostringstream line;
    line << std::left << std::setw(26) << name << std::right << " log-loss " << fixed(a.log_loss, 4)
         << " / " << fixed(b.log_loss, 4) << ", accuracy " << percent(a.accuracy) << " / "
         << percent(b.accuracy);
    std::cout << line.str() << "\n";
    figures.push_back(line.str());
  };
  std::cout << "(train / held out)\n";
  report("hand (eval_scale " + fixed(o.eval_scale, 2) + ")", hand);
  // The hand-set weights with only their scale fitted: how much of the gain is calibration.
  const Eigen::MatrixXd hand_logit = x[0] * hand;
  const double best_scale = eval::fit_logistic(hand_logit, t[0], 0.0).w[0];
  report("hand (best scale x" + fixed(best_scale, 2) + ")", best_scale * hand);
  for (const std::string& path : o.compare)
    report(path, to_eigen(eval::read_value_weights_file(path).w));
  report("learned", fit.w);
  std::cout << std::left << std::setw(28) << "feature" << std::right << std::setw(10) << "hand"
            << std::setw(10) << "learned"
            << "\n";
  for (int i = 0; i < eval::kNumClassicFeatures; ++i)
    std::cout << std::left << std::setw(28) << eval::classic_feature_name(i) << std::right
              << std::setw(10) << fixed(hand[i], 3) << std::setw(10) << fixed(fit.w[i], 3) << "\n";

  eval::ValueWeights out;
  out.variant = variant->name;
  out.comments = {
      "The linear value of eval/values/classic_features.h (logit of Red's win probability),",
      "fitted by L2-regularised logistic regression to self-play positions:", command_line(o),
      std::to_string(games.size()) + " games, " + std::to_string(rows[0]) + " positions fitted, " +
          std::to_string(rows[1]) + " held out;",
      "log-loss and accuracy (train / held out):"};
  for (const std::string& f : figures) out.comments.push_back("  " + f);
  for (int i = 0; i < eval::kNumClassicFeatures; ++i) out.w[std::size_t(i)] = fit.w[i];
  eval::write_value_weights_file(o.out, out);
  std::cout << "weights written to " << o.out << "\n";
}

}  // namespace

void register_train_command(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto* train = app.add_subcommand("train", "Fit the search's evaluation to self-play games");
  train->require_subcommand(1);
  auto* cmd = train->add_subcommand(
      "value", "Fit the linear static evaluation to the outcomes of self-play games");
  cmd->add_option("--variant,-v", o->variant, "Variant spec (classic family)")
      ->capture_default_str();
  cmd->add_option("--games,-n", o->games, "Games to play")->capture_default_str();
  cmd->add_option("--bot", o->bot, "The bot whose games are learned from")->capture_default_str();
  cmd->add_option("--opponents", o->opponents,
                  "Its opponents, comma-separated bot specs, in turn (default: itself)");
  cmd->add_option("--seed", o->seed, "Seed of the first game")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("--records", o->records,
                  "Record files (ladder export --records, match --out) whose games are learned "
                  "from too, after the games played");
  cmd->add_option("--compare", o->compare, "Weights files to score on the same positions");
  cmd->add_option("--every", o->every, "Plies between recorded positions")->capture_default_str();
  cmd->add_option("--holdout", o->holdout, "Every Nth game is held out to check the fit")
      ->capture_default_str();
  cmd->add_option("--l2", o->l2, "L2 penalty on the weights")->capture_default_str();
  cmd->add_option("--eval-scale", o->eval_scale, "eval_scale of the hand-set weights compared")
      ->capture_default_str();
  cmd->add_option("--nodes", o->nodes, "Search budget per decision for searching bots");
  cmd->add_option("--concurrency,-j", o->concurrency, "Games played at once")
      ->capture_default_str();
  cmd->add_option("--out,-o", o->out, "The weights file to write")->required();
  cmd->callback([o] { run_train_value(*o); });
}

}  // namespace stratego
