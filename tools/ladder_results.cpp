// `stratego ladder ratings | sprt | export | report` (docs/ladder.md).
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "ladder/coordinator.h"
#include "ladder/export.h"
#include "ladder/report.h"
#include "ladder/results.h"
#include "ladder/sprt.h"
#include "ladder/store.h"
#include "tools/ladder_commands.h"

// The subcommands live in stratego::ladder, so that they name its types unqualified without a
// using-directive (which a unity build would carry into the next file).
namespace stratego::ladder {
namespace {

void register_ratings(CLI::App& group) {
  struct Options {
    std::string db, anchor, variant;
    double mean = 0;
    bool los = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd =
      group.add_subcommand("ratings", "Bradley–Terry ratings with 95% intervals (Ordo-like)");
  cmd->add_option("db", o->db, "The ladder file")->required();
  cmd->add_option("--anchor", o->anchor, "This participant's rating is --mean's value (0)");
  cmd->add_option("--mean", o->mean, "The mean rating (or the anchor's, with --anchor)")
      ->capture_default_str();
  cmd->add_option("--variant", o->variant, "Only this variant's games (a ladder of several)");
  cmd->add_flag("--los", o->los, "Also print the likelihood-of-superiority matrix");
  cmd->callback([o] {
    Store store(o->db, false);
    const auto games = store.games();
    const LadderRatings lr = ladder_ratings(store, games, o->anchor, o->mean, o->variant);
    std::cout << ratings_table(lr.names, lr.r);
    std::size_t rated = 0, drawn = 0;
    std::map<std::string, int> draw_reasons;  // a draw at the move limit is a game not won
    for (const auto& g : games) {
      if (!o->variant.empty() && g.s.variant != o->variant) continue;
      ++rated;
      if (g.result == "1/2-1/2") ++drawn, ++draw_reasons[g.reason];
    }
    std::cout << "games " << rated << (o->variant.empty() ? "" : " of " + o->variant)
              << "; intervals 95% (Hessian); "
              << (o->anchor.empty() ? "mean " : "anchor " + o->anchor + " = ") << o->mean << "\n";
    if (drawn > 0) {
      std::cout << "draws " << drawn << ":";
      for (const auto& [reason, n] : draw_reasons) std::cout << " " << reason << " " << n;
      std::cout << "\n";
    }
    if (o->los) std::cout << "\n" << los_table(lr.names, lr.r);
  });
}

std::string penta_text(const Pentanomial& p) {
  std::ostringstream o;
  o << "[" << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3] << ", " << p[4] << "]";
  return o.str();
}

void register_sprt(CLI::App& group) {
  struct Options {
    std::string db, a, b;
    SprtSettings s;
    bool logistic = false, no_play = false, field = false;
    int jobs = 1;
    std::int64_t max_games = 0;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "sprt", "Pentanomial SPRT of A against B: play pairs until a bound is crossed");
  cmd->add_option("db", o->db, "The ladder file")->required();
  cmd->add_option("a", o->a, "The participant under test")->required();
  cmd->add_option("b", o->b, "The participant it is tested against")->required();
  cmd->add_option("--elo0", o->s.elo0, "Elo of H0")->capture_default_str();
  cmd->add_option("--elo1", o->s.elo1, "Elo of H1")->capture_default_str();
  cmd->add_option("--alpha", o->s.alpha, "False positive rate")->capture_default_str();
  cmd->add_option("--beta", o->s.beta, "False negative rate")->capture_default_str();
  cmd->add_flag("--logistic", o->logistic,
                "Logistic Elo bounds (default: normalized, as fastchess)");
  cmd->add_flag("--field", o->field,
                "A and B do not meet: each plays every other active participant on the same "
                "seeds, set-ups and colours, and each pair of twin games counts (docs/ladder.md)");
  cmd->add_flag("--no-play", o->no_play, "Only evaluate the pairs already in the ladder");
  cmd->add_option("--max-games", o->max_games,
                  "Stop after this many more games, rounded up to whole pairs (with --field, "
                  "twin sets of four); 0: no limit");
  cmd->add_option("--concurrency,-j", o->jobs, "Games played at once")->capture_default_str();
  cmd->callback([o] {
    o->s.normalized = !o->logistic;
    check_sprt(o->s);
    std::int64_t ia = 0, ib = 0;
    {
      Store store(o->db, false);
      const auto pa = store.participant(o->a), pb = store.participant(o->b);
      if (!pa || !pb)
        throw InputError(o->db + ": no participant named '" + (pa ? o->b : o->a) + "'");
      if (o->a == o->b) throw InputError("sprt: A and B must differ");
      ia = pa->id;
      ib = pb->id;
    }
    const auto verdict = [o](double llr) {
      return llr >= sprt_upper(o->s) ? "H1 accepted" : llr <= sprt_lower(o->s) ? "H0 accepted" : "";
    };
    const auto counts = [o, ia, ib](Store& store) {
      return o->field ? twin_counts(store.games(), ia, ib) : pair_counts(store.games(), ia, ib);
    };
    const auto line = [o, verdict](const Pentanomial& p) {
      const double llr = sprt_llr(o->s, p);
      std::ostringstream t;
      t << std::fixed << std::setprecision(2) << "LLR " << llr << " (" << sprt_lower(o->s) << ", "
        << sprt_upper(o->s) << ") [" << o->s.elo0 << ", " << o->s.elo1 << "] "
        << (o->s.normalized ? "nElo" : "Elo") << (o->field ? " twins " : " pairs ")
        << penta_text(p);
      if (*verdict(llr)) t << " " << verdict(llr);
      return t.str();
    };
    if (o->no_play) {
      Store store(o->db, false);
      std::cout << line(counts(store)) << "\n";
      return;
    }
    RunOptions opt;
    opt.jobs = o->jobs;
    opt.mode_given = true;
    opt.mode.mode = o->field ? Mode::kField : Mode::kMatch;
    opt.mode.a = o->a;
    opt.mode.b = o->b;
    opt.forever = o->max_games == 0;
    opt.games = o->max_games;
    std::int64_t last_pair = -1;
    opt.after_game = [&](Store& store, const FinishedGame&) {
      const Pentanomial p = counts(store);
      int pairs = 0;
      for (int n : p) pairs += n;
      if (pairs != last_pair) {  // a pair just completed
        last_pair = pairs;
        std::cout << line(p) << std::endl;
      }
      return *verdict(sprt_llr(o->s, p)) != '\0';
    };
    opt.status = [](Store&) { return std::string(); };
    std::ostringstream quiet;  // the LLR lines are the progress
    opt.out = &quiet;
    run_ladder(o->db, opt);
    Store store(o->db, false);
    std::cout << "final: " << line(counts(store)) << "\n";
  });
}

void register_export(CLI::App& group) {
  struct Options {
    std::string db, records, pgn;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("export", "Write every game as records and/or as PGN tags");
  cmd->add_option("db", o->db, "The ladder file")->required();
  cmd->add_option("--records", o->records, "File of all game records (`stratego check --record`)");
  cmd->add_option("--pgn", o->pgn, "PGN-style file (tags and results) for Ordo or BayesElo");
  cmd->callback([o] {
    if (o->records.empty() && o->pgn.empty())
      throw InputError("export: give --records FILE and/or --pgn FILE");
    Store store(o->db, false);
    const auto games = store.games(true);
    if (!o->records.empty()) write_text_file_atomically(o->records, records_text(games));
    if (!o->pgn.empty())
      write_text_file_atomically(o->pgn,
                                 pgn_text(games, store.participants(), "stratego ladder " + o->db));
    std::cout << "exported " << games.size() << " games\n";
  });
}

void register_report(CLI::App& group) {
  struct Options {
    std::string db, html, title;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("report", "Write a self-contained HTML report of the ladder");
  cmd->add_option("db", o->db, "The ladder file")->required();
  cmd->add_option("--html", o->html, "The HTML file to write")->required();
  cmd->add_option("--title", o->title, "Page title (default: the ladder file's name)");
  cmd->callback([o] {
    Store store(o->db, false);
    write_text_file_atomically(o->html,
                               report_html(store, o->title.empty() ? "Ladder " + o->db : o->title));
    std::cout << "wrote " << o->html << "\n";
  });
}

}  // namespace
}  // namespace stratego::ladder

namespace stratego {

void register_ladder_results(CLI::App& group) {
  ladder::register_ratings(group);
  ladder::register_sprt(group);
  ladder::register_export(group);
  ladder::register_report(group);
}

}  // namespace stratego
