#include "serve/view_json.h"

#include "engine/move_text.h"
#include "engine/text_util.h"
#include "engine/waterloo/board_text.h"
#include "engine/waterloo/notation.h"
#include "play/play_board.h"
#include "play/play_board_waterloo.h"
#include "play/play_input.h"
#include "play/waterloo_words.h"

namespace stratego::serve {
namespace {

using nlohmann::json;

json square_names(const Geometry& g) {
  json names = json::array();
  for (int sq = 0; sq < g.num_squares(); ++sq) names.push_back(g.square_name(sq));
  return names;
}

json names_of(const std::vector<int>& squares, const Geometry& g) {
  json out = json::array();
  for (int sq : squares) out.push_back(g.square_name(sq));
  return out;
}

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kAttackerWins:
      return "attacker-wins";
    case Outcome::kDefenderWins:
      return "defender-wins";
    case Outcome::kBothRemoved:
      return "both-removed";
  }
  return "?";
}

std::string kind_text(Kind k) { return k == kUnknown ? "unknown" : std::string(kind_name(k)); }

json unit_json(const waterloo::SeenUnit& u) {
  waterloo::SeenUnit plain = u;  // the token without who-has-seen-it and last-attack marks
  plain.revealed = 0;
  plain.last_attack = waterloo::kNeverAttacked;
  return {{"army", std::string(waterloo::kArmyNames[int(u.army)])},
          {"side", std::string(side_name(u.side()))},
          {"cls", std::string(waterloo::kClassNames[int(u.cls)])},
          {"strength", int(u.strength)},
          {"damage", int(u.damage)},
          {"token", waterloo::unit_token(plain)},
          {"name", play::unit_words(u)}};
}

json tiles_json(const waterloo::WaterlooView& v) {
  const Geometry& g = v.geometry();
  const auto& tiles = v.rules().tiles;
  json out = json::array();
  for (std::size_t t = 0; t < tiles.size() && t < v.tile_hp.size(); ++t) {
    json squares = json::array();
    for (int sq : stratego::squares(tiles[t].squares)) squares.push_back(g.square_name(sq));
    const bool hill = tiles[t].kind == waterloo::TileKind::kHill;
    const auto owner = hill ? std::nullopt : waterloo::view_building_owner(v, int(t));
    out.push_back({{"name", play::tile_title(tiles[t].name)},
                   {"kind", hill                                             ? "hill"
                            : tiles[t].kind == waterloo::TileKind::kBuilding ? "building"
                                                                             : "village"},
                   {"squares", squares},
                   {"hp", hill ? json(nullptr) : json(int(v.tile_hp[t]))},
                   {"owner", owner ? json(play::army_title(*owner)) : json(nullptr)}});
  }
  return out;
}

json cards_json(const waterloo::CardCounts& c) {
  json out = json::object();
  for (int k = 0; k < waterloo::kNumCardKinds; ++k)
    if (c[std::size_t(k)])
      out[std::string(waterloo::card_name(waterloo::CardKind(k)))] = int(c[std::size_t(k)]);
  return out;
}

}  // namespace

json view_json(const View& v) {
  const Geometry& g = v.variant->geometry;
  json board = json::array(), lakes = json::array();
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    if (test(v.variant->lakes, sq)) lakes.push_back(sq);
    const ViewSquare& s = v.board[std::size_t(sq)];
    if (s.piece == kNoPiece) {
      board.push_back(nullptr);
      continue;
    }
    board.push_back({{"side", std::string(side_name(piece_side(s.piece)))},
                     {"kind", kind_text(piece_kind(s.piece))},
                     {"moved", (s.flags & kMovedFlag) != 0},
                     {"revealed", (s.flags & kRevealedFlag) != 0}});
  }
  json captured = json::object();
  for (Side s : {kRed, kBlue}) {
    json kinds = json::object();
    for (Kind k : kAllKinds)
      if (v.captured_known[s][k]) kinds[std::string(kind_name(k))] = int(v.captured_known[s][k]);
    captured[std::string(side_name(s))] = {{"kinds", kinds},
                                           {"face_down", int(v.captured_unknown[s])}};
  }
  json army = json::object();
  for (Kind k : kAllKinds)
    if (v.variant->army[k] > 0) army[std::string(kind_name(k))] = v.variant->army[k];
  return {{"family", "classic"},
          {"variant", v.variant->spec},
          {"viewer", std::string(side_name(v.viewer))},
          {"width", g.width()},
          {"height", g.height()},
          {"squares", square_names(g)},
          {"lakes", lakes},
          {"board", board},
          {"army", army},
          {"to_move", std::string(side_name(v.side_to_move))},
          {"moves_played", v.moves_played},
          {"captured", captured},
          {"captured_text", play::captured_text(v)},
          {"pending_rescue", v.pending_rescue},
          {"anger_wins", v.anger_wins},
          {"over", v.result.over()},
          {"winner", std::string(text::winner_name(v.result.winner))}};
}

json view_json(const waterloo::WaterlooView& v) {
  const Geometry& g = v.geometry();
  json board = json::array(), terrain = json::array();
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    terrain.push_back(std::string(1, waterloo::terrain_mark(v, sq)));
    const auto& u = v.board[std::size_t(sq)];
    board.push_back(u ? unit_json(*u) : json(nullptr));
  }
  json reserve = json::object();
  for (Side s : {kRed, kBlue}) {
    json list = json::array();
    for (const auto& u : v.piles[int(waterloo::Pile::kReserve)])
      if (u.side() == s) list.push_back(unit_json(u));
    reserve[std::string(side_name(s))] = list;
  }
  json retreat = json::object(), retreat_words = json::object(), hand = json::object(),
       played = json::object();
  for (Side s : {kRed, kBlue}) {
    const int x = v.retreat_sector[s];
    retreat[std::string(side_name(s))] = x == waterloo::kHiddenSector ? json("hidden")
                                         : x < 0                      ? json(nullptr)
                                                                      : json(x);
    retreat_words[std::string(side_name(s))] = play::retreat_text(v, s);  // as `status` says it
    hand[std::string(side_name(s))] = cards_json(v.hand[s]);
    played[std::string(side_name(s))] = cards_json(v.played[s]);
  }
  const bool battle = !play::before_battle(v.phase);
  return {{"family", "waterloo"},
          {"variant", v.variant->spec},
          {"viewer", std::string(side_name(v.viewer))},
          {"width", g.width()},
          {"height", g.height()},
          {"squares", square_names(g)},
          {"board", board},
          {"terrain", terrain},
          {"tiles", tiles_json(v)},
          {"battle", battle},
          {"cards", v.rules().cards_per_kind > 0},
          {"phase", std::string(waterloo::phase_name(v.phase))},
          {"question", play::phase_hint(v)},
          {"to_move", std::string(side_name(v.to_move))},
          {"decider", std::string(side_name(v.decider))},
          {"turn", v.turn},
          {"actions_left", v.actions_left},
          {"card_played", v.card_played},
          {"prussians_come", v.prussians_come},
          {"hand", hand},
          {"played", played},
          {"draft_pool", cards_json(v.draft_pool)},
          {"reserve", reserve},
          {"retreat", retreat},
          {"retreat_text", retreat_words},
          {"captured", {{"red", v.captured[kRed]}, {"blue", v.captured[kBlue]}}},
          {"status", play::status_text(v)},
          {"over", v.result.over()},
          {"winner", std::string(text::winner_name(v.result.winner))}};
}

json legal_json(const std::vector<std::string>& legal, const Geometry& g) {
  json out = json::array();
  for (const auto& t : legal)
    out.push_back({{"token", t}, {"squares", names_of(play::squares_in(t, g), g)}});
  return out;
}

json legal_json(const std::vector<std::string>& legal, const View& v) {
  return legal_json(legal, v.variant->geometry);
}

json legal_json(const std::vector<std::string>& legal, const waterloo::WaterlooView& v) {
  json out = legal_json(legal, v.geometry());
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const play::ChoiceWords w = play::choice_words(legal[i], v);
    out[i]["text"] = w.text;
    out[i]["group"] = w.group;
    out[i]["detail"] = w.detail;
  }
  return out;
}

json waterloo_key_json() {
  json classes = json::array(), terrain = json::array(), die = json::array(), cards = json::array();
  for (int k = 0; k < waterloo::kNumClasses; ++k) {
    const auto c = waterloo::UnitClass(k);
    classes.push_back({{"letter", std::string(1, play::class_letter(c))},
                       {"name", std::string(play::class_words(c))},
                       {"moves", std::string(play::class_moves(c))}});
  }
  for (char m : {'#', '^', '%', '~', '+', ' '})
    terrain.push_back({{"mark", std::string(1, m)},
                       {"name", std::string(play::terrain_words(m))},
                       {"rule", std::string(play::terrain_rule(m))}});
  for (const auto& f : play::die_faces())
    die.push_back({{"face", f}, {"text", play::die_face_words(f)}});
  for (int k = 0; k < waterloo::kNumCardKinds; ++k) {
    const play::CardWords c = play::card_words(waterloo::CardKind(k));
    cards.push_back({{"name", std::string(waterloo::card_name(waterloo::CardKind(k)))},
                     {"title", std::string(c.title)},
                     {"what", std::string(c.what)},
                     {"when", std::string(c.when)}});
  }
  return {{"classes", classes}, {"terrain", terrain}, {"die", die}, {"cards", cards}};
}

json step_json(const ObservedMove& m, Side viewer, const Geometry& g) {
  const bool board_move = m.move.type() != MoveType::kRescue &&
                          m.move.type() != MoveType::kDeclineRescue &&
                          m.move.type() != MoveType::kAngerStop;
  json squares = json::array();
  if (board_move) squares = {g.square_name(m.move.from()), g.square_name(m.move.to())};
  json j = {{"actor", std::string(side_name(m.mover))},
            {"token", move_to_text(m.move, g)},
            {"text", play::describe_move(m, viewer, g)},
            {"squares", squares},
            {"attack", m.attack}};
  if (m.attack) {
    j["mover_kind"] = kind_text(m.mover_kind);
    j["target_kind"] = kind_text(m.target_kind);
    j["outcome"] = outcome_name(m.outcome);
  }
  return j;
}

json step_json(const waterloo::ObservedStep& s, Side viewer, const Geometry& g) {
  json squares = json::array();
  if (!s.chance && !s.setup) squares = names_of(play::squares_in(s.action, g), g);
  const bool die = s.chance && s.action.rfind("die:", 0) == 0;
  return {{"actor", std::string(side_name(s.actor))},
          {"token", s.action},
          {"text", play::describe_step(s, viewer, g)},
          {"squares", squares},
          {"chance", s.chance},
          {"setup", s.setup},
          {"die", die ? json(s.action.substr(4)) : json(nullptr)},
          {"die_text", die ? json(play::die_face_words(s.action.substr(4))) : json(nullptr)}};
}

}  // namespace stratego::serve
