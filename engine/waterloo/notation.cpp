// Writing Waterloo position notation (notation.h) and turning a full view back into a state.
// The full state is written through make_full_view(), so one writer serves states and views
// and a view can never carry a field that the state would not.
#include "engine/waterloo/notation.h"

#include <cstdio>

#include "engine/error.h"

namespace stratego::waterloo {
namespace {

constexpr char kClassLetters[kNumClasses] = {'L', 'I', 'C', 'H', 'A', 'M', 'K'};
constexpr std::string_view kCardNames[kNumCardKinds] = {
    "reconnaissance", "initiative", "combined-attack", "battle-lust", "artillery-barrage"};
constexpr std::string_view kFaceNames[kNumDieFaces] = {"blue", "red",   "blue+",
                                                       "red+", "blueR", "redR"};

char side_letter(Side s) { return s == kRed ? 'r' : 'b'; }

std::string cards(const CardCounts& c) {
  std::string out;
  for (int k = 0; k < kNumCardKinds; ++k) out.append(c[k], kCardLetters[k]);
  return out.empty() ? "-" : out;
}

std::string sector(std::int8_t s) {
  if (s == kHiddenSector) return "?";
  return s < 0 ? "-" : std::to_string(s);
}

std::string square_list(const Geometry& g, Bitboard b) {
  std::string out;
  for (int sq : squares(b)) {
    if (!out.empty()) out += ',';
    out += g.square_name(sq);
  }
  return out.empty() ? "-" : out;
}

constexpr std::string_view kPileKeys[kNumPiles] = {"reserve",  "recovering", "pool",
                                                   "captured", "saved",      "left"};

}  // namespace

std::string clock_of_turn(int turn) {
  // W-1.3: turn 1 is 11:00. In 64 bits: a parsed turn may be any int (UBSan found the overflow).
  const long long minutes = 11 * 60 + (static_cast<long long>(turn) - 1) * 30;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02lld:%02lld", minutes / 60, minutes % 60);
  return buf;
}

std::string_view card_name(CardKind k) { return kCardNames[int(k)]; }
std::string_view die_face_name(DieFace f) { return kFaceNames[int(f)]; }
std::string_view pile_key(int pile) { return kPileKeys[pile]; }

std::string unit_token(const SeenUnit& u) {
  std::string t;
  if (u.army == Army::kPrussian) t += '*';
  const char upper = kClassLetters[int(u.cls)];
  t += u.side() == kRed ? upper : char(upper - 'A' + 'a');
  if (u.strength > 9) throw InputError("unit_token: strength above 9 cannot be written");
  t += u.strength < 0 ? '?' : char('0' + u.strength);
  std::string marks;
  // Appended piece by piece: GCC 12 warns falsely about "x" + std::string here.
  auto mark = [&](char key, const std::string& value) {
    if (!marks.empty()) marks += ',';
    marks += key;
    marks += value;
  };
  if (u.damage) mark('w', std::to_string(u.damage));
  if (u.revealed & 3)
    mark('s', std::string((u.revealed & 1) ? "r" : "") + ((u.revealed & 2) ? "b" : ""));
  if (u.last_attack != kNeverAttacked) mark('a', std::to_string(u.last_attack));
  if (!marks.empty()) t += "(" + marks + ")";
  return t;
}

std::string to_notation(const WaterlooView& v) {
  const Geometry& g = v.geometry();
  std::string out;
  if (!v.full) out += v.viewer == kRed ? "red-view " : "blue-view ";
  out += v.variant->spec + " ";
  for (int row = g.height() - 1; row >= 0; --row) {
    int empty = 0;
    for (int col = 0; col < g.width(); ++col) {
      const auto& u = v.board[g.square(col, row)];
      if (!u) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += unit_token(*u);
    }
    if (empty) out += std::to_string(empty);
    if (row > 0) out += '/';
  }
  out += " turn=" + std::to_string(v.turn) + "/" + clock_of_turn(v.turn);
  out += " move=";
  out += side_letter(v.to_move);
  out += " phase=" + std::string(phase_name(v.phase));
  out += " decider=";
  out += side_letter(v.decider);
  out += " actions=" + std::to_string(v.used) + "/" + std::to_string(v.used_prussian) + "/" +
         std::to_string(v.actions_left);
  std::string flags;
  if (v.card_played) flags += 'c';
  if (v.any_action) flags += 'a';
  if (v.attacked) flags += 'x';
  if (v.early_start) flags += 'e';
  out += " flags=" + (flags.empty() ? std::string("-") : flags);
  out += " side-turns=" + std::to_string(v.side_turns);
  out += std::string(" prussians=") + (v.prussians_come == 1   ? "come"
                                       : v.prussians_come == 0 ? "never"
                                                               : "unrolled");
  out += " retreat=" + sector(v.retreat_sector[kRed]) + "/" + sector(v.retreat_sector[kBlue]);
  out += " hands=" + cards(v.hand[kRed]) + "/" + cards(v.hand[kBlue]);
  out += " played=" + cards(v.played[kRed]) + "/" + cards(v.played[kBlue]);
  out += " draft=" + cards(v.draft_pool) + "/" + cards(v.discards) + "/" +
         std::to_string(v.draft_step) + "/" + std::to_string(v.late_picks);
  out += " setups=" + std::to_string(v.setups_done);
  if (!v.rules().tiles.empty()) {
    out += " tiles=";
    for (std::size_t t = 0; t < v.rules().tiles.size() && t < v.tile_hp.size(); ++t) {
      if (t) out += ',';
      out += std::to_string(v.tile_hp[t]);
    }
  }
  for (int p = 0; p < kNumPiles; ++p) {
    if (v.piles[p].empty()) continue;
    out += ' ';
    out += kPileKeys[p];
    out += '=';
    for (const SeenUnit& u : v.piles[p]) out += unit_token(u);
  }
  out += " tally=" + std::to_string(v.captured[kRed]) + "/" + std::to_string(v.captured[kBlue]);
  if (v.card.active)
    out += std::string(" card=") + kCardLetters[int(v.card.kind)] + "/" +
           std::to_string(v.card.count) + "/" + std::to_string(v.card.combined_used) + "/" +
           square_list(g, v.card.squares);
  if (melee_live(v.phase)) {
    const SeenMelee& m = v.melee;
    auto sq = [&](int s) { return s < 0 ? std::string("-") : g.square_name(s); };
    std::string lust = std::string(m.lust[0] ? "a" : "") + (m.lust[1] ? "d" : "");
    out += " melee=" + sq(m.attacker_sq) + "/" + sq(m.defender_sq) + "/" +
           kDirectionLetters[m.dir & 3] + "/" + (lust.empty() ? "-" : lust) + "/" +
           (m.chain ? "1" : "0") + "/" + std::to_string(m.lust_step) + "/" +
           std::string(phase_name(v.resume));
  }
  if (v.pursuit) out += std::string(" pursuit=") + side_letter(v.pursuer);
  if (v.result.over())
    out += " result=" +
           std::string(v.result.winner == Winner::kRed    ? "red"
                       : v.result.winner == Winner::kBlue ? "blue"
                                                          : "draw") +
           "/" + std::string(end_reason_name(v.result.reason)) + "/" +
           std::string(result_kind_name(v.result.kind)) + "/" +
           std::to_string(v.result.captured_difference);
  return out;
}

std::string to_notation(const WaterlooState& s) { return to_notation(make_full_view(s)); }

namespace {

// The first unit of that army, class and printed strength still in the box.
int take_unit(const WaterlooState& s, const SeenUnit& u, const std::string& where) {
  for (int id = s.army_begin(u.army); id < s.army_end(u.army); ++id)
    if (s.unit(id).where == Where::kBox && s.unit_info(id).cls == u.cls &&
        s.unit_info(id).strength == u.strength)
      return id;
  throw InputError(where + ": no " + unit_token(u) + " left in the army of " +
                   std::string(kArmyNames[int(u.army)]));
}

void set_unit_state(Core& c, const WaterlooState& s, int id, const SeenUnit& u,
                    const std::string& where) {
  if (u.damage >= s.unit_info(id).strength && u.damage)
    throw InputError(where + ": " + unit_token(u) + " is weakened below 1 (W-8.1)");
  c.units[id].strength = std::uint8_t(s.unit_info(id).strength - u.damage);
  c.units[id].revealed = u.revealed;
  c.units[id].last_attack = u.last_attack;
}

constexpr Where kPileWhere[kNumPiles] = {Where::kReserve,  Where::kRecovering, Where::kPool,
                                         Where::kCaptured, Where::kSaved,      Where::kLeft};

}  // namespace

WaterlooState state_from_full_view(const WaterlooView& v) {
  WaterlooState s(v.variant);
  s.clear();
  const Geometry& g = s.geometry();
  std::vector<std::pair<int, const SeenUnit*>> placed;
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    if (!v.board[sq]) continue;
    const std::string where = "board " + g.square_name(sq);
    if (!test(g.playable(), sq)) throw InputError(where + ": not a playable square");
    const int id = take_unit(s, *v.board[sq], where);
    s.move_unit_to(id, Where::kBoard, sq);
    placed.emplace_back(id, &*v.board[sq]);
  }
  for (int p = 0; p < kNumPiles; ++p)
    for (const SeenUnit& u : v.piles[p]) {
      const int id = take_unit(s, u, std::string(kPileKeys[p]));
      s.move_unit_to(id, kPileWhere[p]);
      placed.emplace_back(id, &u);
    }
  Core c = s.core();
  for (const auto& [id, u] : placed) set_unit_state(c, s, id, *u, "unit " + unit_token(*u));
  c.tile_hp = v.tile_hp;
  c.phase = v.phase;
  c.to_move = v.to_move;
  c.decider = v.decider;
  c.turn = std::int16_t(v.turn);
  c.side_turns = std::int16_t(v.side_turns);
  c.used = std::uint8_t(v.used);
  c.used_prussian = std::uint8_t(v.used_prussian);
  c.card_played = v.card_played;
  c.any_action = v.any_action;
  c.attacked = v.attacked;
  c.early_start = v.early_start;
  c.prussians_come = std::int8_t(v.prussians_come);
  c.retreat_sector = v.retreat_sector;
  c.hand = v.hand;
  c.played = v.played;
  c.pool = v.draft_pool;
  c.discards = v.discards;
  c.draft_step = std::uint8_t(v.draft_step);
  c.late_picks = std::uint8_t(v.late_picks);
  c.setups_done = std::uint8_t(v.setups_done);
  if (v.card.active) {
    c.card = v.card.kind;
    c.card_count = std::uint8_t(v.card.count);
    c.combined_used = std::uint8_t(v.card.combined_used);
    c.card_squares = v.card.squares;
    if (c.card == CardKind::kInitiative || c.card == CardKind::kArtilleryBarrage) {
      c.card_squares = 0;  // the engine follows these pieces by unit id (view.cpp)
      for (int sq : squares(v.card.squares)) {
        if (c.board[sq] == kNoUnit) throw InputError("card: no piece on " + g.square_name(sq));
        c.card_squares |= square_bb(c.board[sq]);
      }
    }
  }
  if (melee_live(v.phase)) {
    c.resume = v.resume;
    auto unit_on = [&](int sq, const char* who) -> std::uint8_t {
      if (sq < 0) return kNoUnit;
      if (c.board[sq] == kNoUnit)
        throw InputError(std::string("melee: no ") + who + " on " + g.square_name(sq));
      return c.board[sq];
    };
    c.melee.attacker = unit_on(v.melee.attacker_sq, "attacker");
    c.melee.defender = unit_on(v.melee.defender_sq, "defender");
    c.melee.dir = std::uint8_t(v.melee.dir);
    c.melee.lust[0] = v.melee.lust[0];
    c.melee.lust[1] = v.melee.lust[1];
    c.melee.chain = v.melee.chain;
    c.lust_step = std::uint8_t(v.melee.lust_step);
  }
  c.pursuit = v.pursuit;
  c.pursuer = v.pursuer;
  c.captured = {std::uint8_t(v.captured[0]), std::uint8_t(v.captured[1])};
  c.result = v.result;
  s.set_core(c);
  if (s.actions_left() != v.actions_left)
    throw InputError("actions: " + std::to_string(v.actions_left) +
                     " left does not match the position (" + std::to_string(s.actions_left()) +
                     ", W-7.1)");
  return s;
}

}  // namespace stratego::waterloo
