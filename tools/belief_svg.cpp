#include "tools/belief_svg.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "engine/board_text.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"

namespace stratego {
namespace {

constexpr int kCell = 44, kMargin = 24, kTitle = 28;

}  // namespace

std::string belief_svg(const eval::BeliefModel& b, const eval::BeliefTable& t, int column,
                       const std::string& title) {
  const Geometry& g = b.geometry();
  const std::vector<eval::SquareLook> board = b.board(t);
  const int w = g.width(), h = g.height();
  const int width = 2 * kMargin + w * kCell, height = kTitle + 2 * kMargin + h * kCell;
  std::ostringstream out;
  out << text::svg_opening(width, height, kMargin, title);
  using What = eval::SquareLook::What;
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    const int col = g.col(sq), row = g.row(sq);
    const int x = kMargin + col * kCell, y = kTitle + kMargin + (h - 1 - row) * kCell;
    std::string fill = "#f4f1e8", label;
    double opacity = 1.0;
    const eval::SquareLook& look = board[std::size_t(sq)];
    if (look.what == What::kBlocked) {
      fill = "#9cc3e6";
    } else if (look.what == What::kOwn) {
      fill = "#d9d9d9";
      label = look.label;
    } else if (look.what == What::kEnemyKnown) {
      fill = "#bbbbbb";
      label = look.label;
    } else if (look.what == What::kEnemyOpen) {
      const double p = look.row >= 0 ? t.pieces[std::size_t(look.row)].p[std::size_t(column)] : 0.0;
      fill = "#d62728";
      opacity = 0.08 + 0.92 * p;
      char pct[16];
      std::snprintf(pct, sizeof pct, "%.0f%%", 100 * p);
      label = pct;
    }
    out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCell << "\" height=\"" << kCell
        << "\" fill=\"" << fill << "\" fill-opacity=\"" << opacity << "\" stroke=\"#777\"/>\n";
    if (!label.empty())
      out << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + kCell / 2 + 4
          << "\" text-anchor=\"middle\">" << text::xml_escaped(label) << "</text>\n";
  }
  for (int col = 0; col < w; ++col)
    out << "<text x=\"" << kMargin + col * kCell + kCell / 2 << "\" y=\"" << height - 8
        << "\" text-anchor=\"middle\">" << char('a' + col) << "</text>\n";
  for (int row = 0; row < h; ++row)
    out << "<text x=\"" << kMargin / 2 << "\" y=\""
        << kTitle + kMargin + (h - 1 - row) * kCell + kCell / 2 + 4 << "\" text-anchor=\"middle\">"
        << row + 1 << "</text>\n";
  out << "</svg>\n";
  return out.str();
}

std::vector<std::string> write_belief_svgs(const std::string& dir, const std::string& stem,
                                           const eval::BeliefModel& b, const eval::BeliefTable& t,
                                           const std::string& title) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("cannot create the folder " + dir + ": " + ec.message());
  // Every identity of a group some piece on the board belongs to (classic: every kind).
  std::vector<bool> on_board_group;
  for (const eval::PieceBelief& p : t.pieces) {
    if (p.square < 0) continue;
    if (std::size_t(p.group) >= on_board_group.size()) on_board_group.resize(p.group + 1, false);
    on_board_group[std::size_t(p.group)] = true;
  }
  std::vector<std::string> paths;
  for (std::size_t j = 0; j < t.names.size(); ++j) {
    const int group = t.groups[j];
    if (std::size_t(group) >= on_board_group.size() || !on_board_group[std::size_t(group)])
      continue;
    std::string file = t.tokens[j];  // kind names, unit tokens: letters, digits and '*'
    for (char& c : file)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    const std::string path = (std::filesystem::path(dir) / (stem + "-" + file + ".svg")).string();
    write_text_file_atomically(path, belief_svg(b, t, int(j), title + ": P(" + t.names[j] + ")"));
    paths.push_back(path);
  }
  return paths;
}

}  // namespace stratego
