// `stratego analyze`: what a player believes about the opponent's hidden pieces along a game
// record (the most likely kinds of each piece, and SVG heat maps per kind), and the subcommands
// of tools/analyze_*.cpp (set-up log-probabilities, fitting the priors, belief accuracy).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "eval/belief.h"
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

// One line per enemy piece the view hides (and per piece captured face down): where it is, where
// it started, and its `top` most likely kinds.
void print_belief(const eval::Belief& b, int top, std::ostream& out) {
  const eval::Marginals m = b.marginals();
  const eval::PieceTracker& t = b.tracker();
  const Geometry& g = t.variant().geometry;
  const View& v = b.view();
  int hidden = 0, open = 0;
  std::vector<std::string> lines;
  for (int i = 0; i < int(t.pieces().size()); ++i) {
    const eval::EnemyPiece& p = t.pieces()[std::size_t(i)];
    const bool on_board_hidden =
        p.alive() && piece_kind(v.board[std::size_t(p.square)].piece) == kUnknown;
    const bool face_down = !p.alive() && p.silent;
    if (!on_board_hidden && !face_down) continue;
    ++hidden;
    open += !p.known();
    std::vector<std::pair<double, Kind>> ranked;
    for (Kind k : m.kinds) ranked.push_back({m.prob(t, i, k), k});
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](auto& a, auto& c) { return a.first > c.first; });
    std::ostringstream line;
    line << "  " << (p.alive() ? g.square_name(p.square) : std::string("captured face down"));
    if (p.start >= 0 && p.start != p.square) line << " (from " << g.square_name(p.start) << ")";
    line << (p.moved ? "" : ", unmoved") << ":";
    for (int n = 0; n < top && n < int(ranked.size()) && ranked[std::size_t(n)].first > 0; ++n)
      line << " " << kind_name(ranked[std::size_t(n)].second) << " "
           << percent(ranked[std::size_t(n)].first);
    lines.push_back(line.str());
  }
  out << "  " << hidden << " hidden " << side_name(t.enemy()) << " pieces, " << open
      << " of open kind"
      << (m.converged ? ""
                      : " (the fit did not converge: error " + std::to_string(m.max_error) + ")")
      << "\n";
  for (const auto& l : lines) out << l << "\n";
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
  referee::RecordReplay replay(o.record, o.game, "analyze reads classic-family game records");
  const int moves = replay.moves();
  const auto prior = analyze::load_prior(replay.state().variant(), o.prior);
  std::vector<int> at = o.at.empty() ? std::vector<int>{moves} : parse_moves_list(o.at);
  for (int n : at)
    if (n > moves)
      throw InputError("--at " + std::to_string(n) + ": the record has only " +
                       std::to_string(moves) + " moves");
  std::sort(at.begin(), at.end());
  eval::Belief b(replay.view(viewer), eval::default_options(replay.state().variant()), prior);
  std::cout << replay.state().variant().spec << ": " << side_name(viewer) << "'s beliefs about "
            << side_name(other(viewer)) << "'s pieces; prior: " << prior->source() << "\n";
  std::size_t next = 0;
  for (int ply = 0; ply <= moves && next < at.size(); ++ply) {
    if (ply > 0) {
      replay.next();
      try {
        b.update(replay.observation(viewer), replay.view(viewer));
      } catch (const InputError& e) {
        throw InputError(replay.where() + ": " + e.what());
      }
    }
    const State& s = replay.state();
    for (; next < at.size() && at[next] == ply; ++next) {
      std::cout << "after move " << ply << " ("
                << (s.over() ? std::string("game over")
                             : std::string(side_name(s.side_to_move())) + " to move")
                << "):\n";
      print_belief(b, o.top, std::cout);
      if (!o.svg.empty()) {
        const eval::Marginals m = b.marginals();
        const std::string title =
            std::string(side_name(viewer)) + "'s belief after move " + std::to_string(ply);
        const auto paths = write_belief_svgs(o.svg, "move-" + std::to_string(ply), b, m, title);
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
  cmd->add_option("record", o->record, "A game record (classic family)");
  cmd->add_option("--side", o->side, "Whose beliefs: red or blue");
  cmd->add_option("--at", o->at, "Move numbers to show, e.g. 20,50,100 (default: the end)");
  cmd->add_option("--svg", o->svg, "Write an SVG heat map per kind into this folder");
  cmd->add_option("--top", o->top, "Kinds to print per piece")
      ->capture_default_str()
      ->check(CLI::Range(1, 14));
  cmd->add_option("--game", o->game, "Which game of a file of several records (1-based)")
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--prior", o->prior, "A .prior file to use instead of the built-in one");
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
