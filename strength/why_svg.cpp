#include "strength/why_svg.h"

#include <cstdio>
#include <sstream>

#include "engine/board_text.h"
#include "engine/text_util.h"

namespace stratego::strength {
namespace {

constexpr int kCell = 44, kMargin = 24, kTitle = 28, kCaption = 22, kGap = 30;

// The piece's code on the board (engine/board_text.h), or nothing for an empty square.
std::string short_label(char letter) {
  const auto k = kind_from_letter(letter);
  return k ? kind_code(*k) : "";
}

}  // namespace

std::string why_svg(const Why& w, const Variant& v, const std::string& title) {
  const int cols = v.width, rows = v.setup_rows;
  const int panel = cols * kCell;
  const int width = 2 * kMargin + 3 * panel + 2 * kGap;
  const int height = kTitle + kCaption + 2 * kMargin + rows * kCell;
  struct Panel {
    const char* caption;
    const char* colour;
  } panels[3] = {{"lost by ply 100", "#d62728"},
                 {"kind seen by the enemy by ply 100", "#ff7f0e"},
                 {"the enemy's way to the flag (share of flag losses)", "#1f77b4"}};
  std::ostringstream out;
  out << text::svg_opening(width, height, kMargin, title);
  for (int p = 0; p < 3; ++p) {
    const int x0 = kMargin + p * (panel + kGap), y0 = kTitle + kCaption + kMargin / 2;
    out << "<text x=\"" << x0 << "\" y=\"" << y0 - 6 << "\">" << panels[p].caption << "</text>\n";
    for (int i = 0; i < cols * rows; ++i) {
      const SquareWhy& s = w.squares[std::size_t(i)];
      const int col = i % cols, rel = i / cols;
      const int x = x0 + col * kCell, y = y0 + (rows - 1 - rel) * kCell;
      const bool lake = s.letter == '_';
      const int n = p == 2 ? w.flag_losses : w.games;
      const int a = p == 0 ? s.lost_by[1] : p == 1 ? s.revealed_by[1] : s.on_route;
      const double share = n > 0 ? double(a) / n : 0;
      const bool piece = kind_from_letter(s.letter).has_value();
      std::string fill = lake ? "#9cc3e6" : panels[p].colour;
      const double opacity = lake ? 1.0 : (piece || p == 2) ? 0.05 + 0.95 * share : 0.0;
      if (s.letter == kind_letter(kFlag)) fill = p == 2 ? "#2ca02c" : fill;
      out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCell << "\" height=\""
          << kCell << "\" fill=\"" << fill << "\" fill-opacity=\""
          << (s.letter == kind_letter(kFlag) && p == 2 ? 0.8 : opacity) << "\" stroke=\"#777\"/>\n";
      const std::string label = short_label(s.letter);
      if (!label.empty())
        out << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + 16
            << "\" text-anchor=\"middle\" font-weight=\"bold\">" << text::xml_escaped(label)
            << "</text>\n";
      if (!lake && (piece || a > 0) && !(p == 2 && s.letter == kind_letter(kFlag))) {
        char pc[16];
        std::snprintf(pc, sizeof pc, "%.0f%%", 100 * share);
        out << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + 34
            << "\" text-anchor=\"middle\" font-size=\"11\">" << pc << "</text>\n";
      }
    }
    for (int col = 0; col < cols; ++col)
      out << "<text x=\"" << x0 + col * kCell + kCell / 2 << "\" y=\"" << y0 + rows * kCell + 16
          << "\" text-anchor=\"middle\">" << char('a' + col) << "</text>\n";
    if (p == 0)
      for (int rel = 0; rel < rows; ++rel)
        out << "<text x=\"" << kMargin / 2 << "\" y=\""
            << y0 + (rows - 1 - rel) * kCell + kCell / 2 + 4 << "\" text-anchor=\"middle\">"
            << rel + 1 << "</text>\n";
  }
  out << "</svg>\n";
  return out.str();
}

}  // namespace stratego::strength
