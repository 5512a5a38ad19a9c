// Reading Waterloo position notation (notation.h, docs/formats.md "Waterloo"). Every error
// names the field, and the square or token, that is wrong.
#include <algorithm>
#include <map>

#include "engine/error.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/notation.h"

namespace stratego::waterloo {
namespace {

using text::parse_count;
using text::quoted;
using text::split;

constexpr std::string_view kClassLetters = "LICHAMK";

[[noreturn]] void fail(std::string_view field, const std::string& why) {
  throw InputError("waterloo notation, field " + std::string(field) + ": " + why);
}

int number(std::string_view field, std::string_view s, bool allow_negative = false) {
  bool neg = allow_negative && !s.empty() && s[0] == '-';
  const auto n = parse_count(neg ? s.substr(1) : s);
  if (!n) fail(field, quoted(s) + " is not a number");
  return neg ? -*n : *n;
}

Side side_from(std::string_view field, std::string_view s) {
  if (s == "r") return kRed;
  if (s == "b") return kBlue;
  fail(field, quoted(s) + " is not r or b");
}

std::vector<std::string_view> parts(std::string_view field, std::string_view s, std::size_t n) {
  auto p = split(s, '/');
  if (p.size() != n)
    fail(field, quoted(s) + " needs " + std::to_string(n) + " parts separated by '/'");
  return p;
}

CardCounts cards(std::string_view field, std::string_view s) {
  CardCounts c{};
  if (s == "-") return c;
  for (char ch : s) {
    const auto k = std::string_view(kCardLetters, kNumCardKinds).find(ch);
    if (k == std::string_view::npos)
      fail(field, std::string("'") + ch + "' is not a card letter (R I C L B)");
    ++c[k];
  }
  return c;
}

std::int8_t sector(std::string_view field, std::string_view s, bool view) {
  if (s == "-") return -1;
  if (s == "?" && view) return kHiddenSector;
  const int n = number(field, s);
  if (n > 2) fail(field, "a sector is 0, 1 or 2");
  return std::int8_t(n);
}

Phase phase_from(std::string_view field, std::string_view s) {
  for (int p = 0; p <= int(Phase::kOver); ++p)
    if (phase_name(Phase(p)) == s) return Phase(p);
  fail(field, quoted(s) + " is not a phase name");
}

Bitboard square_set(std::string_view field, const Geometry& g, std::string_view s) {
  Bitboard b = 0;
  if (s == "-") return b;
  for (auto name : split(s, ',')) {
    const auto sq = g.parse_square(name);
    if (!sq) fail(field, quoted(name) + " is not a square");
    b |= square_bb(*sq);
  }
  return b;
}

void parse_board(std::string_view field, std::string_view s, WaterlooView& v) {
  const Geometry& g = v.geometry();
  const auto rows = split(s, '/');
  if (int(rows.size()) != g.height())
    fail(field, std::to_string(rows.size()) + " rows; the board has " + std::to_string(g.height()));
  for (int r = 0; r < g.height(); ++r) {
    const int row = g.height() - 1 - r;
    const std::string_view text = rows[std::size_t(r)];
    int col = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
      if (col >= g.width())
        fail(field, "row " + std::to_string(row + 1) + " is longer than the board");
      if (text[pos] >= '0' && text[pos] <= '9') {
        std::size_t e = pos;
        while (e < text.size() && text[e] >= '0' && text[e] <= '9') ++e;
        const int empties = number(field, text.substr(pos, e - pos));
        // Checked before it is added: a huge count would overflow col to a negative square.
        if (empties > g.width() - col)
          fail(field, "row " + std::to_string(row + 1) + " is longer than the board");
        col += empties;
        pos = e;
        continue;
      }
      const std::string sq = g.square_name(g.square(col, row));
      try {
        v.board[g.square(col, row)] = parse_unit_token(text, pos);
      } catch (const InputError& e) {
        fail(field, "square " + sq + ": " + e.what());
      }
      ++col;
    }
    if (col != g.width())
      fail(field, "row " + std::to_string(row + 1) + " has " + std::to_string(col) +
                      " squares, not " + std::to_string(g.width()));
  }
}

std::vector<SeenUnit> unit_list(std::string_view field, std::string_view s) {
  std::vector<SeenUnit> out;
  std::size_t pos = 0;
  try {
    while (pos < s.size()) out.push_back(parse_unit_token(s, pos));
  } catch (const InputError& e) {
    fail(field, e.what());
  }
  return out;
}

void parse_melee(std::string_view field, std::string_view s, WaterlooView& v) {
  const auto p = parts(field, s, 7);
  const Geometry& g = v.geometry();
  auto sq = [&](std::string_view n) {
    if (n == "-") return -1;
    const auto x = g.parse_square(n);
    if (!x) fail(field, quoted(n) + " is not a square");
    return *x;
  };
  v.melee.attacker_sq = sq(p[0]);
  v.melee.defender_sq = sq(p[1]);
  const auto d = p[2].size() == 1 ? kDirectionLetters.find(p[2][0]) : std::string_view::npos;
  if (d == std::string_view::npos) fail(field, quoted(p[2]) + " is not a direction (n e s w)");
  v.melee.dir = int(d);
  if (p[3] != "-" && p[3] != "a" && p[3] != "d" && p[3] != "ad")
    fail(field, "Battle Lust is -, a, d or ad");
  v.melee.lust[0] = p[3].find('a') != std::string_view::npos;
  v.melee.lust[1] = p[3].find('d') != std::string_view::npos;
  v.melee.chain = number(field, p[4]) != 0;
  v.melee.lust_step = number(field, p[5]);
  v.resume = phase_from(field, p[6]);
}

Result result_from(std::string_view field, std::string_view s) {
  const auto p = parts(field, s, 4);
  Result r;
  const auto w = text::winner_from_name(p[0]);
  if (!w || *w == Winner::kNone) fail(field, quoted(p[0]) + " is not red, blue or draw");
  r.winner = *w;
  bool ok = false;
  const auto reason = end_reason_from_name(p[1], Family::kWaterloo);
  if (reason && *reason != EndReason::kNone) r.reason = *reason, ok = true;
  if (!ok) fail(field, quoted(p[1]) + " is not a reason for the end of a game");
  ok = false;
  for (int k = 1; k <= int(ResultKind::kIndecisive) && !ok; ++k)
    if (result_kind_name(ResultKind(k)) == p[2]) r.kind = ResultKind(k), ok = true;
  if (!ok) fail(field, quoted(p[2]) + " is not a result kind (decisive, major, minor, indecisive)");
  r.captured_difference = number(field, p[3], true);
  return r;
}

void parse_key(std::string_view key, std::string_view val, WaterlooView& v) {
  const Geometry& g = v.geometry();
  if (key == "turn") {
    const auto p = parts(key, val, 2);
    v.turn = number(key, p[0], true);
    // Far beyond any game (the early start begins before turn 1, games end by turn 40 or so):
    // the turn arithmetic elsewhere must not overflow.
    if (v.turn < -1000 || v.turn > 1000000)
      fail(key, "turn " + std::to_string(v.turn) + " is out of range");
    if (p[1] != clock_of_turn(v.turn))
      fail(key, "turn " + std::to_string(v.turn) + " starts at " + clock_of_turn(v.turn));
  } else if (key == "move") {
    v.to_move = side_from(key, val);
  } else if (key == "phase") {
    v.phase = phase_from(key, val);
  } else if (key == "decider") {
    v.decider = side_from(key, val);
  } else if (key == "actions") {
    const auto p = parts(key, val, 3);
    v.used = number(key, p[0]);
    v.used_prussian = number(key, p[1]);
    v.actions_left = number(key, p[2]);
  } else if (key == "flags") {
    if (val != "-")
      for (char ch : val) {
        if (ch == 'c')
          v.card_played = true;
        else if (ch == 'a')
          v.any_action = true;
        else if (ch == 'x')
          v.attacked = true;
        else if (ch == 'e')
          v.early_start = true;
        else
          fail(key, std::string("'") + ch + "' is not a flag (c a x e)");
      }
  } else if (key == "side-turns") {
    v.side_turns = number(key, val);
  } else if (key == "prussians") {
    if (val == "come")
      v.prussians_come = 1;
    else if (val == "never")
      v.prussians_come = 0;
    else if (val == "unrolled")
      v.prussians_come = -1;
    else
      fail(key, "come, never or unrolled");
  } else if (key == "retreat") {
    const auto p = parts(key, val, 2);
    v.retreat_sector = {sector(key, p[0], !v.full), sector(key, p[1], !v.full)};
    if (!v.full && v.retreat_sector[v.viewer] == kHiddenSector)
      fail(key, "the viewer's own card is never hidden");
  } else if (key == "hands" || key == "played") {
    const auto p = parts(key, val, 2);
    auto& dst = key == "hands" ? v.hand : v.played;
    dst = {cards(key, p[0]), cards(key, p[1])};
  } else if (key == "draft") {
    const auto p = parts(key, val, 4);
    v.draft_pool = cards(key, p[0]);
    v.discards = cards(key, p[1]);
    v.draft_step = number(key, p[2]);
    v.late_picks = number(key, p[3]);
  } else if (key == "setups") {
    v.setups_done = number(key, val);
  } else if (key == "tiles") {
    const auto p = split(val, ',');
    if (p.size() != v.rules().tiles.size())
      fail(key, "the variant has " + std::to_string(v.rules().tiles.size()) + " tiles");
    for (std::size_t t = 0; t < p.size() && t < v.tile_hp.size(); ++t)
      v.tile_hp[t] = std::int8_t(number(key, p[t]));
  } else if (key == "tally") {
    const auto p = parts(key, val, 2);
    v.captured = {number(key, p[0]), number(key, p[1])};
  } else if (key == "card") {
    const auto p = parts(key, val, 4);
    const auto k = p[0].size() == 1 ? std::string_view(kCardLetters, kNumCardKinds).find(p[0][0])
                                    : std::string_view::npos;
    if (k == std::string_view::npos) fail(key, quoted(p[0]) + " is not a card letter");
    v.card = {true, CardKind(k), number(key, p[1]), number(key, p[2]), square_set(key, g, p[3])};
  } else if (key == "melee") {
    parse_melee(key, val, v);
  } else if (key == "pursuit") {
    v.pursuit = true;
    v.pursuer = side_from(key, val);
  } else if (key == "result") {
    v.result = result_from(key, val);
  } else {
    for (int p = 0; p < kNumPiles; ++p)
      if (key == pile_key(p)) {
        v.piles[p] = unit_list(key, val);
        std::sort(v.piles[p].begin(), v.piles[p].end());
        return;
      }
    fail(key, "unknown key");
  }
}

WaterlooView parse(std::string_view notation, bool view,
                   std::shared_ptr<const Variant> variant = nullptr) {
  const auto w = text::words(notation);
  std::size_t i = 0;
  WaterlooView v;
  v.full = !view;
  if (view) {
    if (w.empty() || (w[0] != "red-view" && w[0] != "blue-view"))
      fail("view", "a view starts with red-view or blue-view");
    v.viewer = w[0] == "red-view" ? kRed : kBlue;
    ++i;
  }
  if (w.size() < i + 2) fail("variant", "a position needs a variant and a board");
  if (variant) {
    v.variant = std::move(variant);
  } else {
    try {
      v.variant = std::make_shared<const Variant>(load_variant(w[i]));
    } catch (const InputError& e) {
      fail("variant", e.what());
    }
  }
  if (v.variant->family != Family::kWaterloo)
    fail("variant", quoted(w[i]) + " is not a Waterloo variant");
  for (std::size_t t = 0; t < v.rules().tiles.size() && t < v.tile_hp.size(); ++t)
    v.tile_hp[t] = std::int8_t(v.rules().building_hp);
  parse_board("board", w[i + 1], v);
  std::map<std::string_view, bool> seen;
  for (std::size_t k = i + 2; k < w.size(); ++k) {
    const auto eq = w[k].find('=');
    if (eq == std::string_view::npos) fail(w[k], "expected key=value");
    const auto key = w[k].substr(0, eq);
    if (seen[key]) fail(key, "given twice");
    seen[key] = true;
    parse_key(key, w[k].substr(eq + 1), v);
  }
  for (std::string_view need : {"turn", "move", "phase", "decider", "actions", "side-turns"})
    if (!seen[need]) fail(need, "missing");
  if (v.card.active != card_live(v.phase, v.resume))
    fail("card", "given exactly when a card is being played");
  if (melee_live(v.phase) != seen["melee"]) fail("melee", "given exactly when a melee is pending");
  if (v.result.over() != (v.phase == Phase::kOver))
    fail("result", "given exactly when the phase is over");
  if (!v.full && !v.pursuit) v.pursuer = kRed;
  return v;
}

}  // namespace

SeenUnit parse_unit_token(std::string_view text, std::size_t& pos) {
  SeenUnit u;
  auto bad = [&](const std::string& why) {
    throw InputError("unit token at " + quoted(text.substr(pos)) + ": " + why);
  };
  std::size_t p = pos;
  const bool prussian = p < text.size() && text[p] == '*';
  if (prussian) ++p;
  if (p >= text.size()) bad("no class letter");
  const char ch = text[p];
  const bool red = ch >= 'A' && ch <= 'Z';
  const auto k = kClassLetters.find(red ? ch : char(ch - 'a' + 'A'));
  if (k == std::string_view::npos || !((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')))
    bad(std::string("'") + ch + "' is not a class letter (L I C H A M K)");
  if (prussian && !red) bad("Prussian pieces are Red: upper case");
  u.cls = UnitClass(k);
  u.army = prussian ? Army::kPrussian : red ? Army::kAllied : Army::kFrench;
  if (++p >= text.size()) bad("no strength digit or '?'");
  if (text[p] == '?')
    u.strength = -1;
  else if (text[p] >= '0' && text[p] <= '9')
    u.strength = std::int8_t(text[p] - '0');
  else
    bad("no strength digit or '?'");
  ++p;
  if (p < text.size() && text[p] == '(') {
    const auto close = text.find(')', p);
    if (close == std::string_view::npos) bad("unclosed '('");
    for (auto m : split(text.substr(p + 1, close - p - 1), ',')) {
      if (m.empty()) bad("empty marker");
      const auto rest = m.substr(1);
      if (m[0] == 'w' && parse_count(rest))
        u.damage = std::uint8_t(*parse_count(rest));
      else if (m[0] == 's' && (rest == "r" || rest == "b" || rest == "rb"))
        u.revealed = std::uint8_t((rest.front() == 'r' ? 1 : 0) | (rest.back() == 'b' ? 2 : 0));
      else if (m[0] == 'a' && !rest.empty())
        u.last_attack = std::int16_t(number("marker", rest, true));
      else
        bad("bad marker " + quoted(m) + " (w<n>, s<r|b|rb>, a<n>)");
    }
    p = close + 1;
  }
  pos = p;
  return u;
}

WaterlooView parse_view(std::string_view text) { return parse(text, true); }
WaterlooView parse_view(std::string_view text, std::shared_ptr<const Variant> variant) {
  return parse(text, true, std::move(variant));
}

WaterlooState parse_state(std::string_view text) {
  const WaterlooView v = parse(text, false);
  for (const auto& u : v.board)
    if (u && u->strength < 0) fail("board", "a full state shows every strength (no '?')");
  for (const auto& pile : v.piles)
    for (const auto& u : pile)
      if (u.strength < 0) fail("piles", "a full state shows every strength (no '?')");
  return state_from_full_view(v);
}

}  // namespace stratego::waterloo
