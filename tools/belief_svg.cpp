#include "tools/belief_svg.h"

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

std::string belief_svg(const eval::Belief& b, const eval::Marginals& m, Kind k,
                       const std::string& title) {
  const View& v = b.view();
  const Geometry& g = v.variant->geometry;
  const eval::PieceTracker& t = b.tracker();
  const int w = g.width(), h = g.height();
  const int width = 2 * kMargin + w * kCell, height = kTitle + 2 * kMargin + h * kCell;
  std::ostringstream out;
  out << text::svg_opening(width, height, kMargin, title);
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    const int col = g.col(sq), row = g.row(sq);
    const int x = kMargin + col * kCell, y = kTitle + kMargin + (h - 1 - row) * kCell;
    std::string fill = "#f4f1e8", label;
    double opacity = 1.0;
    const ViewSquare& vs = v.board[std::size_t(sq)];
    if (test(g.blocked(), sq)) {
      fill = "#9cc3e6";
    } else if (vs.piece != kNoPiece && piece_side(vs.piece) == v.viewer) {
      fill = "#d9d9d9";
      label = kind_code(piece_kind(vs.piece));
    } else if (vs.piece != kNoPiece) {
      const int i = t.piece_at(sq);
      const double p = i >= 0 ? m.prob(t, i, k) : 0.0;
      const bool known = i >= 0 && t.pieces()[std::size_t(i)].known();
      if (known) {
        fill = "#bbbbbb";
        label = kind_code(t.pieces()[std::size_t(i)].kind());
      } else {
        fill = "#d62728";
        opacity = 0.08 + 0.92 * p;
        char pct[16];
        std::snprintf(pct, sizeof pct, "%.0f%%", 100 * p);
        label = pct;
      }
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
                                           const eval::Belief& b, const eval::Marginals& m,
                                           const std::string& title) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("cannot create the folder " + dir + ": " + ec.message());
  std::vector<std::string> paths;
  for (Kind k : m.kinds) {
    const std::string path =
        (std::filesystem::path(dir) / (stem + "-" + std::string(kind_name(k)) + ".svg")).string();
    write_text_file_atomically(
        path, belief_svg(b, m, k, title + ": P(" + std::string(kind_name(k)) + ")"));
    paths.push_back(path);
  }
  return paths;
}

}  // namespace stratego
