// Rendering Waterloo boards as text (board_text.h).
#include "engine/waterloo/board_text.h"

#include <map>

#include "engine/waterloo/notation.h"

namespace stratego::waterloo {

std::string short_token(SeenUnit u) {
  u.revealed = 0;
  u.last_attack = kNeverAttacked;
  std::string t = unit_token(u);
  if (u.damage) t = t.substr(0, t.find('(')) + "-" + std::to_string(u.damage);
  return t;
}

std::string pile_text(const std::vector<SeenUnit>& pile, Side side) {
  std::map<std::string, int> count;
  for (const SeenUnit& u : pile)
    if (u.side() == side) ++count[short_token(u)];
  std::string out;
  for (const auto& [t, n] : count) {  // appended piecewise: GCC 12 warns falsely on "x" + string
    out += ' ';
    if (n > 1) out += std::to_string(n) + 'x';
    out += t;
  }
  return out.empty() ? " -" : out;
}

namespace {

constexpr int kCell = 7;  // terrain mark + the longest usual token ("*C?" or "H5(w1)")

std::string card_text(const CardCounts& c) {
  std::string out;
  for (int k = 0; k < kNumCardKinds; ++k)
    if (c[k]) {
      out += ' ';
      out += card_name(CardKind(k));
      if (c[k] > 1) out += " x" + std::to_string(c[k]);
    }
  return out.empty() ? " -" : out;
}

std::string sector_text(const WaterlooView& v, Side s) {
  const int x = v.retreat_sector[s];
  if (x == kHiddenSector) return "hidden";
  if (x < 0) return "not drawn";
  const int w = v.geometry().width() / 3;
  return std::string(1, char('a' + x * w)) + "-" + std::string(1, char('a' + x * w + w - 1));
}

}  // namespace

std::string render_board(const WaterlooView& v) {
  const Geometry& g = v.geometry();
  const char* army_names[2] = {"Allies (red)", "French (blue)"};
  std::string out =
      v.variant->spec +
      (v.full ? "" : std::string(", ") + (v.viewer == kRed ? "red" : "blue") + "'s view") +
      ": turn " + std::to_string(v.turn) + " (" + clock_of_turn(v.turn) + "), " +
      army_names[v.to_move] + " to move, phase " + std::string(phase_name(v.phase)) + ", actions " +
      std::to_string(v.used) + " used, " + std::to_string(v.actions_left) + " left\n";
  out += "   ";
  for (int c = 0; c < g.width(); ++c) {
    std::string h(kCell, ' ');
    h[1] = char('a' + c);
    out += h;
  }
  out += "\n";
  for (int row = g.height() - 1; row >= 0; --row) {
    std::string line(row + 1 < 10 ? 1 : 0, ' ');
    line += std::to_string(row + 1) + ' ';
    for (int c = 0; c < g.width(); ++c) {
      const int sq = g.square(c, row);
      std::string cell(1, terrain_mark(v, sq));
      cell += v.board[sq] ? short_token(*v.board[sq]) : ".";
      cell.resize(kCell, ' ');
      line += cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  const Rules& r = v.rules();
  for (std::size_t t = 0; t < r.tiles.size() && t < v.tile_hp.size(); ++t) {
    if (r.tiles[t].kind == TileKind::kHill) continue;
    const auto owner = view_building_owner(v, int(t));
    out += "  " + r.tiles[t].name + ": " + std::to_string(v.tile_hp[t]) + " hit points" +
           (owner ? std::string(", held by ") + army_names[*owner] : "") + "\n";
  }
  for (Side s : {kRed, kBlue}) {
    out += std::string("  ") + army_names[s] + ": reserve" +
           pile_text(v.piles[int(Pile::kReserve)], s);
    if (!v.piles[int(Pile::kRecovering)].empty())
      out += "; recovering" + pile_text(v.piles[int(Pile::kRecovering)], s);
    out += "; captured" + pile_text(v.piles[int(Pile::kCaptured)], s);
    if (r.retreat_cards) out += "; retreat sector " + sector_text(v, s);
    out += "\n";
    if (r.cards_per_kind > 0)
      out += "    hand" + card_text(v.hand[s]) + "; played" + card_text(v.played[s]) + "\n";
  }
  if (!v.piles[int(Pile::kPool)].empty())
    out += "  Prussians to come:" + pile_text(v.piles[int(Pile::kPool)], kRed) + "\n";
  if (v.pursuit) out += std::string("  Pursuit by ") + army_names[v.pursuer] + "\n";
  if (v.result.over())
    out += "  Result: " +
           std::string(v.result.winner == Winner::kDraw
                           ? "draw"
                           : army_names[v.result.winner == Winner::kRed ? 0 : 1]) +
           (v.result.winner == Winner::kDraw ? "" : " win") + " (" +
           std::string(end_reason_name(v.result.reason)) + ", " +
           std::string(result_kind_name(v.result.kind)) + ")\n";
  return out;
}

std::string render_board(const WaterlooState& s) { return render_board(make_full_view(s)); }

char terrain_mark(const WaterlooView& v, int sq) {
  const Rules& r = v.rules();
  for (std::size_t t = 0; t < r.tiles.size() && t < v.tile_hp.size(); ++t) {
    if (!test(r.tiles[t].squares, sq)) continue;
    if (r.tiles[t].kind == TileKind::kHill) return '^';
    if (v.tile_hp[t] <= 0) return ' ';  // destroyed: ordinary ground (W-10.3)
    return r.tiles[t].kind == TileKind::kBuilding ? '#' : '%';
  }
  if (test(r.mud, sq)) return '~';
  if (test(r.prussian_squares, sq)) return '+';
  return ' ';
}

}  // namespace stratego::waterloo
