#include "play/play_board_waterloo.h"

#include "engine/waterloo/board_text.h"
#include "engine/waterloo/notation.h"
#include "play/play_board.h"
#include "play/play_input.h"
#include "play/waterloo_words.h"

namespace stratego::play {
namespace {

using waterloo::Pile;
using waterloo::pile_text;
using waterloo::SeenUnit;
using waterloo::short_token;
using waterloo::WaterlooView;

// Terrain mark, the longest token ("H5-1", "*C?") and a blank: 12 columns fit 80 (W-1.2).
constexpr int kWaterlooCellWidth = 6;

std::string card_text(const waterloo::CardCounts& c) {
  std::string out;
  for (int k = 0; k < waterloo::kNumCardKinds; ++k)
    if (c[k]) {
      out += ' ';
      out += waterloo::card_name(waterloo::CardKind(k));
      if (c[k] > 1) out += std::string(" x") + std::to_string(c[k]);
    }
  return out.empty() ? " -" : out;
}

std::string sector_name(const Geometry& g, int sector) {
  const int w = g.width() / 3;
  return std::string(1, char('a' + sector * w)) + "-" +
         std::string(1, char('a' + sector * w + w - 1));
}

const char* unit_colour(const SeenUnit& u) {
  if (u.army == waterloo::Army::kPrussian) return "\x1b[1;35m";
  return side_colour(u.side());
}

}  // namespace

std::string phase_hint(const WaterlooView& v) {
  using waterloo::Phase;
  switch (v.phase) {
    case Phase::kEarlyStart:
      return "The French may start three turns early (W-14.1).";
    case Phase::kDraft:
      return "Card draft: take a card, then discard one (W-12.2).";
    case Phase::kLateDraft:
      return "The Prussians are here: the Allies take more cards from the discards (W-12.2).";
    case Phase::kRecon:
      return "Reconnaissance: pick connected enemy pieces to look at, `done` to stop (W-12.4).";
    case Phase::kInitiative:
      return "Initiative: move up to three different pieces, `done` to stop (W-12.5).";
    case Phase::kCombined:
      return "Combined attack: one infantry, one cavalry, one artillery attack, `done` to stop "
             "(W-12.6).";
    case Phase::kBarrage:
      return "Artillery barrage: each connected artillery piece fires once, `done` to stop "
             "(W-12.8).";
    case Phase::kBattleLust:
      return "Battle Lust: play the card for this melee? (W-12.7)";
    case Phase::kChooseTarget:
      return "The winner stands in a building: choose its next target (W-10.4).";
    default:
      return "";
  }
}

namespace {

std::string units_text(const char* what, const std::vector<std::pair<int, SeenUnit>>& units,
                       const Geometry& g) {
  if (units.empty()) return {};
  std::string out = std::string("; ") + what;
  bool first = true;
  for (const auto& [sq, u] : units) {
    out += first ? " " : ", ";
    first = false;
    out += short_token(u);
    if (sq >= 0) out += std::string(" on ") + g.square_name(sq);
  }
  return out;
}

}  // namespace

bool before_battle(waterloo::Phase p) {
  return p == waterloo::Phase::kEarlyStart || p == waterloo::Phase::kDraft ||
         p == waterloo::Phase::kSetup || p == waterloo::Phase::kRetreatCard;
}

std::string retreat_text(const WaterlooView& v, Side s) {
  const int x = v.retreat_sector[s];
  if (x == waterloo::kHiddenSector) return "hidden";
  if (x < 0) return "not drawn yet";
  return std::string("sector ") + sector_name(v.geometry(), x);
}

std::string army_title(Side s) { return s == kRed ? "Allies" : "French"; }

std::string render_player_board(const WaterlooView& v, bool colour, Bitboard highlight) {
  const Geometry& g = v.geometry();
  // The French back row is row 1: the Allied player looks from row 10, as across a table.
  const bool turned = v.viewer == kRed && !v.full;
  std::string letters = "   ";
  for (int i = 0; i < g.width(); ++i) {
    std::string h(kWaterlooCellWidth, ' ');
    h[1] = char('a' + (turned ? g.width() - 1 - i : i));
    letters += h;
  }
  while (letters.back() == ' ') letters.pop_back();
  std::string out = letters + "\n";
  for (int i = 0; i < g.height(); ++i) {
    const int row = turned ? i : g.height() - 1 - i;
    const std::string label = std::to_string(row + 1);
    std::string line = std::string(2 - std::min<std::size_t>(2, label.size()), ' ') + label + " ";
    for (int j = 0; j < g.width(); ++j) {
      const int sq = g.square(turned ? g.width() - 1 - j : j, row);
      const auto& u = v.board[sq];
      std::string piece = u ? short_token(*u) : ".";
      std::string cell(1, waterloo::terrain_mark(v, sq));
      const std::size_t width =
          kWaterlooCellWidth - 1 - std::min<std::size_t>(kWaterlooCellWidth - 1, piece.size());
      if (colour) {
        piece = paint(piece, u ? unit_colour(*u) : ansi::kDim, true);
        if (test(highlight, sq)) piece = ansi::kInverse + piece;
      }
      line += cell + piece + std::string(width, ' ');
    }
    out += line + label + "\n";
  }
  return out + letters + "\n";
}

std::string legend(const waterloo::WaterlooView& v) {
  return waterloo_legend() + waterloo_key(v.rules());
}

std::string waterloo_legend() {
  using waterloo::UnitClass;
  std::string out =
      "Key: each square is a terrain mark, then a piece. Upper case Allied, lower case\n"
      "  French, * Prussian; the letter is the class, the digit the strength, ? a\n"
      "  strength not seen, -1 weakened by 1 (W-8.1): I3 = Allied infantry of\n"
      "  strength 3, h? = French heavy cavalry of a strength not seen; artillery and\n"
      "  commanders-in-chief have no strength (A0, K0).\n";
  std::string line = " ";
  for (int k = 0; k < waterloo::kNumClasses; ++k) {
    const auto c = UnitClass(k);
    std::string item = std::string(" ") + class_letter(c) + " " + std::string(class_words(c));
    if (c == UnitClass::kLightCavalry) item += " (commanders look like it)";
    if (line.size() + item.size() + 1 > 80) {
      out += line + "\n";
      line = " ";
    }
    line += item + (k + 1 < waterloo::kNumClasses ? "," : "");
  }
  out += line + "\n  Terrain:";
  for (char m : {'#', '^', '%', '~', '+'})
    out += std::string(" ") + m + " " + std::string(terrain_words(m)) + (m == '+' ? "" : ",");
  return out + "\n  `legend` says what each piece and terrain does; `help` lists the commands.\n";
}

std::string status_text(const WaterlooView& v) {
  const waterloo::Rules& r = v.rules();
  const Side you = v.viewer;
  std::string out = std::string("Turn ") + std::to_string(v.turn) + " of " +
                    std::to_string(r.turn_limit) + " (" + waterloo::clock_of_turn(v.turn) + "). ";
  if (before_battle(v.phase)) {
    out += v.phase == waterloo::Phase::kSetup ? "Set-up.\n" : "Before the battle.\n";
  } else if (!v.result.over()) {
    out += army_title(v.to_move) + " turn: " + std::to_string(v.used) + " action" +
           (v.used == 1 ? "" : "s") + std::string(" used, ") + std::to_string(v.actions_left) +
           " left";
    if (v.card_played) out += ", card played";
    out += ".";
    if (v.decider != v.to_move) out += std::string(" ") + army_title(v.decider) + " to decide.";
    out += "\n";
  } else {
    out += "The battle is over.\n";
  }
  for (Side s : {you, other(you)}) {
    out += (s == you ? "You (" : "Enemy (") + army_title(s) + "): reserve" +
           pile_text(v.piles[int(Pile::kReserve)], s);
    if (!v.piles[int(Pile::kRecovering)].empty())
      out += std::string("; recovering") + pile_text(v.piles[int(Pile::kRecovering)], s);
    out += std::string("; captured") + pile_text(v.piles[int(Pile::kCaptured)], s);
    if (r.retreat_cards) out += std::string("; line of retreat ") + retreat_text(v, s);
    out += "\n";
    if (r.cards_per_kind > 0)
      out += std::string("  cards in hand") + card_text(v.hand[s]) + "; played" +
             card_text(v.played[s]) + "\n";
  }
  if (v.phase == waterloo::Phase::kDraft || v.phase == waterloo::Phase::kLateDraft)
    out += std::string("Cards to draft:") + card_text(v.draft_pool) +
           "; discarded:" + card_text(v.discards) + "\n";
  for (std::size_t t = 0; t < r.tiles.size() && t < v.tile_hp.size(); ++t) {
    if (r.tiles[t].kind == waterloo::TileKind::kHill) continue;
    const auto owner = waterloo::view_building_owner(v, int(t));
    out += r.tiles[t].name + ": " +
           (v.tile_hp[t] > 0 ? std::to_string(v.tile_hp[t]) + " hit points" : "destroyed") +
           (owner ? std::string(", held by the ") + army_title(*owner) : "") + "\n";
  }
  if (r.prussian_turn > 0) {
    const auto& pool = v.piles[int(Pile::kPool)];
    if (v.prussians_come == 0) {
      out += "Prussians: they never come (W-14.2).\n";
    } else if (!pool.empty()) {
      out += std::string("Prussians: ") + std::to_string(pool.size()) + " to come from turn " +
             std::to_string(r.prussian_turn) + std::string(" (") +
             waterloo::clock_of_turn(r.prussian_turn) + ") on the + squares" +
             (v.prussians_come < 0 ? std::string(", if they come (roll at turn ") +
                                         std::to_string(r.prussian_roll_turn) + ")"
                                   : "") +
             std::string(":") + pile_text(pool, kRed) + "\n";
    }
  }
  if (v.pursuit) out += std::string("Pursuit by the ") + army_title(v.pursuer) + " (W-13.5).\n";
  if (waterloo::melee_live(v.phase) && v.melee.attacker_sq >= 0 && v.melee.defender_sq >= 0) {
    const Geometry& g = v.geometry();
    auto at = [&](int sq) { return v.board[sq] ? short_token(*v.board[sq]) : std::string("?"); };
    out += std::string("Melee: ") + at(v.melee.attacker_sq) + " on " +
           g.square_name(v.melee.attacker_sq) + " attacks " + at(v.melee.defender_sq) + " on " +
           g.square_name(v.melee.defender_sq) +
           (v.melee.lust[0] ? " (attacker plays Battle Lust)" : "") +
           (v.melee.lust[1] ? " (defender plays Battle Lust)" : "") + ".\n";
  }
  if (const std::string hint = phase_hint(v); !hint.empty()) out += hint + "\n";
  return fit_lines(out);  // within 80 columns, as the board
}

std::string describe_step(const waterloo::ObservedStep& o, Side viewer, const Geometry& g) {
  const std::string_view a = o.action;
  std::string out;
  if (o.setup) {
    const auto slash = a.rfind(':');
    out = army_title(o.actor) + " set up";
    if (slash != std::string_view::npos && a.find('/', slash) != std::string_view::npos) {
      const auto rest = a.substr(slash + 1);
      const auto cut = rest.find('/');
      out += std::string(" (") + std::string(rest.substr(0, cut)) + " pieces on the board, " +
             std::string(rest.substr(cut + 1)) + " in reserve)";
    }
    return out;  // the author's own pieces are on his board; nothing else was shown
  }
  if (o.chance) {
    if (a.starts_with("die:")) {
      out =
          std::string("Die roll ") + std::string(a.substr(4)) + ": " + die_face_words(a.substr(4));
    } else if (a.starts_with("retreat:")) {
      const std::string rest(a.substr(8));
      if (o.actor != viewer || rest == "?") {
        out =
            std::string("The ") + army_title(o.actor) + " drew their line-of-retreat card (hidden)";
      } else {
        const int sector = rest.empty() ? -1 : rest[0] - '0';
        out = std::string("Your line-of-retreat card: ") +
              (sector >= 0 && sector < 3 ? std::string("sector ") + sector_name(g, sector) : rest);
      }
    } else if (a.starts_with("prussians:")) {
      out = a.ends_with("never") ? "Where are the Prussians? They never come (W-14.2)"
                                 : "Where are the Prussians? They come (W-14.2)";
    } else if (a.starts_with("prussian:")) {
      const std::string rest(a.substr(9));
      const auto at = rest.find('@');
      out = std::string("A Prussian ") + rest.substr(0, at) + " arrives" +
            (at == std::string::npos ? "" : std::string(" on ") + rest.substr(at + 1));
    } else {
      out = std::string("Chance: ") + std::string(a);
    }
  } else {
    out = (o.actor == viewer ? std::string("You") : army_title(o.actor)) + ": " + step_words(a, g) +
          " (" + std::string(a) + ")";
  }
  out += units_text("shown", o.shown, g) + units_text("captured", o.captured, g) +
         units_text("taken off", o.withdrawn, g);
  return out;
}

Bitboard step_squares(const waterloo::ObservedStep& o, const Geometry& g) {
  if (o.setup || o.chance) return 0;
  Bitboard b = 0;
  for (int sq : squares_in(o.action, g)) b |= square_bb(sq);
  return b;
}

}  // namespace stratego::play
