// `stratego analyze`: what a player believes about the opponent's hidden pieces along a game
// record (the most likely kinds of each piece, and SVG heat maps per kind), and the subcommands
// of tools/analyze_*.cpp (set-up log-probabilities, fitting the priors, belief accuracy).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "eval/belief_model.h"
#include "referee/record_replay.h"
#include "tools/analyze.h"
#include "tools/belief_svg.h"
#include "tools/commands.h"

namespace stratego {
namespace analyze {

std::shared_ptr<const eval::SetupModel> load_prior(const Variant& v, const std::string& file) {
  if (file.empty())
    return std::make_shared<const eval::SetupModel>(eval::SetupModel::for_variant(v));
  auto m =
      std::make_shared<const eval::SetupModel>(eval::SetupModel::parse(read_text_file(file), file));
  const eval::SetupModel shape = eval::SetupModel::uniform(v);
  if (m->symbols() != shape.symbols() || m->counts() != shape.counts() ||
      m->width() != shape.width() || m->rows() != shape.rows())
    throw InputError(file + ": the prior is for another army or board than " + v.spec);
  return m;
}

}  // namespace analyze

namespace {

std::string percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * p);
  return buf;
}

// One line per enemy piece the view hides (and per piece off the board whose identity is open):
// where it is, where it started, and its `top` most likely identities; then how the belief
// scores against the truth.
void print_belief(const eval::BeliefModel& b, const eval::BeliefTable& t,
                  const eval::TrueWorld& truth, int top, std::ostream& out) {
  const Geometry& g = b.geometry();
  int open = 0;
  std::vector<std::string> lines;
  int hidden = 0;
  for (std::size_t i = 0; i < t.pieces.size() && !t.pieces[i].shown; ++i) {
    const eval::PieceBelief& p = t.pieces[i];
    ++hidden;
    open += !p.known;
    // Pieces off the board that the belief cannot tell apart (a pile, the box) share a line.
    std::size_t same = 1;
    while (p.square < 0 && i + same < t.pieces.size() && t.pieces[i + same].square < 0 &&
           t.pieces[i + same].place == p.place && t.pieces[i + same].p == p.p)
      ++hidden, open += !t.pieces[i + same++].known;
    std::ostringstream line;
    line << "  " << (p.square >= 0 ? g.square_name(p.square) : p.place);
    if (same > 1) line << ", " << same << " pieces";
    if (p.start >= 0 && p.start != p.square) line << " (from " << g.square_name(p.start) << ")";
    if (p.moved) line << (*p.moved ? "" : ", unmoved");
    line << ":";
    const auto ranked = t.ranked(i);
    for (int n = 0; n < top && n < int(ranked.size()); ++n)
      line << " " << t.names[std::size_t(ranked[std::size_t(n)].first)] << " "
           << percent(ranked[std::size_t(n)].second);
    lines.push_back(line.str());
    i += same - 1;
  }
  out << "  " << hidden << " hidden " << t.enemy << " pieces, " << open << " of open kind"
      << (t.converged ? ""
                      : " (the fit did not converge: error " + std::to_string(t.max_error) + ")")
      << "\n";
  for (const auto& l : lines) out << l << "\n";
  const eval::TruthScore sc = b.score(truth, t);
  if (sc.pieces > 0) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "  the truth: log-loss %.3f nats a piece, the likeliest right for %d of %d "
                  "(%s), lowest probability of a truth %.3f\n",
                  sc.mean(), sc.correct, sc.pieces, percent(double(sc.correct) / sc.pieces).c_str(),
                  sc.min_prob);
    out << buf;
  }
}

struct RecordOptions {
  std::string record, side, at, svg, prior;
  int top = 3;
  int game = 0;  // of a file of several records; 0: the file holds one
};

std::vector<int> parse_moves_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    char* end = nullptr;
    const long n = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || n < 0)
      throw InputError("--at: '" + item + "' is not a move number (use e.g. --at 20,50,100)");
    out.push_back(int(n));
  }
  return out;
}

void analyze_record(const RecordOptions& o) {
  if (o.side != "red" && o.side != "blue")
    throw InputError("--side must be red or blue, not '" + o.side + "'");
  const Side viewer = o.side == "red" ? kRed : kBlue;
  const std::unique_ptr<referee::RecordReplay> replay = referee::open_replay(o.record, o.game);
  const int steps = replay->steps();
  const std::string noun = replay->step_noun();
  std::vector<int> at = o.at.empty() ? std::vector<int>{steps} : parse_moves_list(o.at);
  for (int n : at)
    if (n > steps)
      throw InputError("--at " + std::to_string(n) + ": the record has only " +
                       std::to_string(steps) + " " + noun + "s");
  std::sort(at.begin(), at.end());
  const std::unique_ptr<eval::BeliefModel> b = replay->start_belief(
      viewer, o.prior.empty() ? nullptr : analyze::load_prior(replay->variant(), o.prior));
  referee::observe_all(*b, *replay, viewer);
  std::cout << replay->variant().spec << ": " << side_name(viewer) << "'s beliefs about "
            << b->marginals().whose << " pieces; prior: " << b->prior_source() << "\n";
  std::size_t next = 0;
  for (int step = 0; step <= steps && next < at.size(); ++step) {
    if (step > 0) {
      replay->next();
      referee::observe_all(*b, *replay, viewer);
    }
    for (; next < at.size() && at[next] == step; ++next) {
      std::cout << "after " << noun << " " << step << " (" << replay->status() << "):\n";
      const eval::BeliefTable t = b->marginals();
      print_belief(*b, t, replay->truth(), o.top, std::cout);
      if (!o.svg.empty()) {
        const std::string title =
            std::string(side_name(viewer)) + "'s belief after " + noun + " " + std::to_string(step);
        const auto paths = write_belief_svgs(o.svg, "move-" + std::to_string(step), *b, t, title);
        std::cout << "  heat maps: " << paths.size() << " files in " << o.svg << "\n";
      }
    }
  }
}

}  // namespace

void register_analyze_command(CLI::App& app) {
  auto o = std::make_shared<RecordOptions>();
  auto* cmd = app.add_subcommand(
      "analyze",
      "Beliefs about hidden pieces along a game record; set-up priors "
      "(setup, fit, accuracy); set-up strength (strength, generate); a bot's decisions "
      "along a record (decisions)");
  cmd->add_option("record", o->record, "A game record (either family)");
  cmd->add_option("--side", o->side, "Whose beliefs: red or blue");
  cmd->add_option("--at", o->at, "Move numbers to show, e.g. 20,50,100 (default: the end)");
  cmd->add_option("--svg", o->svg, "Write an SVG heat map per identity into this folder");
  cmd->add_option("--top", o->top, "Identities to print per piece")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  cmd->add_option("--game", o->game, "Which game of a file of several records (1-based)")
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--prior", o->prior,
                  "A .prior file to use instead of the built-in one (classic family)");
  cmd->require_subcommand(0, 1);
  analyze::register_setup(cmd);
  analyze::register_fit(cmd);
  analyze::register_accuracy(cmd);
  analyze::register_strength(cmd);
  analyze::register_generate(cmd);
  analyze::register_decisions(cmd);
  cmd->callback([o, cmd] {
    if (!cmd->get_subcommands().empty()) return;
    if (o->record.empty())
      throw InputError(
          "analyze: give a game record and --side, or a subcommand (setup, fit, accuracy, "
          "strength, generate, decisions)");
    if (o->side.empty()) throw InputError("analyze: --side red|blue is required");
    analyze_record(*o);
  });
}

}  // namespace stratego
