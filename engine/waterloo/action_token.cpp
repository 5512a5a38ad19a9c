// Writing and reading action tokens (action_token.h). Reading matches the token against the
// tokens of every legal action of the state, so the reader can never accept an action that
// the writer would spell differently, nor an illegal one.
#include "engine/waterloo/action_token.h"

#include "engine/error.h"
#include "engine/text_util.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/view.h"

namespace stratego::waterloo {
namespace {

// A reserve or pool unit by what tells it apart for placing: class, printed strength and
// weakening (the engine offers one action per class and current strength).
std::string piece(const WaterlooState& s, int id) {
  SeenUnit u = seen_unit(s, id, kRed, true);
  u.revealed = 0;
  u.last_attack = kNeverAttacked;
  return unit_token(u);
}

constexpr std::string_view kPrefixes[] = {
    "fire:", "place:",   "off:",   "save:", "card:",     "look:",    "target:",   "lust:",
    "take:", "discard:", "early:", "die:",  "prussian:", "retreat:", "prussians:"};

bool well_formed(const WaterlooState& s, std::string_view t) {
  if (t == "end" || t == "done") return true;
  for (auto p : kPrefixes)
    if (t.substr(0, p.size()) == p && t.size() > p.size()) return true;
  // A move: square, '-' or 'x', square, and for an attack '/' and a direction.
  const auto sep = t.find_first_of("-x", 1);
  if (sep == std::string_view::npos) return false;
  const auto slash = t.find('/');
  const auto to =
      t.substr(sep + 1, slash == std::string_view::npos ? std::string_view::npos : slash - sep - 1);
  return s.geometry().parse_square(t.substr(0, sep)) && s.geometry().parse_square(to);
}

}  // namespace

std::string action_token(const WaterlooState& s, Action a) {
  const Geometry& g = s.geometry();
  auto sq = [&](int x) { return x < g.num_squares() ? g.square_name(x) : std::string("?"); };
  const int e = a.extra();
  auto card = [&] { return std::string(e < kNumCardKinds ? card_name(CardKind(e)) : "?"); };
  switch (a.type()) {
    case ActionType::kMove: {
      if (s.unit_at(a.to()) < 0) return sq(a.from()) + "-" + sq(a.to());
      return sq(a.from()) + "x" + sq(a.to()) + "/" + kDirectionLetters[a.dir() & 3];
    }
    case ActionType::kFire:
      return "fire:" + sq(a.from()) + "-" + sq(a.to()) + (e ? ":building" : "");
    case ActionType::kPlace:
      return "place:" + piece(s, a.from()) + "@" + sq(a.to());
    case ActionType::kTakeOff:
      return "off:" + sq(a.from());
    case ActionType::kPlayCard:
      return "card:" + card();
    case ActionType::kEndTurn:
      return "end";
    case ActionType::kCardDone:
      return "done";
    case ActionType::kReconPick:
      return "look:" + sq(a.to());
    case ActionType::kChooseTarget:
      return "target:" + sq(a.to());
    case ActionType::kBattleLust:
      return e ? "lust:yes" : "lust:no";
    case ActionType::kDraftTake:
      return "take:" + card();
    case ActionType::kDraftDiscard:
      return "discard:" + card();
    case ActionType::kEarlyStart:
      return e ? "early:yes" : "early:no";
    case ActionType::kSave:
      return "save:" + sq(a.from());
    case ActionType::kDie:
      return "die:" + std::string(e < kNumDieFaces ? die_face_name(DieFace(e)) : "?");
    case ActionType::kDrawPrussian:
      return "prussian:" + piece(s, a.from()) + "@" + sq(a.to());
    case ActionType::kRetreatCard:
      return "retreat:" + std::to_string(e);
    case ActionType::kPrussianRoll:
      return e ? "prussians:come" : "prussians:never";
  }
  return "?";
}

bool is_well_formed_token(const WaterlooState& s, std::string_view token) {
  return well_formed(s, token);
}

Action parse_action_token(const WaterlooState& s, std::string_view token) {
  if (!well_formed(s, token))
    throw InputError("action " + text::quoted(token) +
                     " is malformed (see docs/formats.md, Waterloo action tokens)");
  if (s.over()) throw InputError("action " + text::quoted(token) + ": the game is over");
  if (s.phase() == Phase::kSetup)
    throw InputError("action " + text::quoted(token) + ": a set-up is due first (W-4)");
  if (s.is_chance()) {
    for (const auto& [a, p] : s.chance_outcomes())
      if (action_token(s, a) == token) return a;
  } else {
    static thread_local ActionList list;
    s.legal_actions(list);
    for (Action a : list)
      if (action_token(s, a) == token) return a;
  }
  throw InputError("action " + text::quoted(token) + " is not legal now (phase " +
                   std::string(phase_name(s.phase())) + ", " +
                   (s.is_chance() ? std::string("a chance event")
                                  : std::string(side_name(s.current_player())) + " to decide") +
                   ")");
}

SeenUnit placed_unit(std::string_view token) {
  constexpr std::string_view kPlace = "place:";
  const auto at = token.rfind('@');
  if (token.substr(0, kPlace.size()) != kPlace || at == std::string_view::npos ||
      at < kPlace.size())
    throw InputError("action " + text::quoted(token) + " is not a place action");
  std::size_t pos = 0;
  const std::string_view unit = token.substr(kPlace.size(), at - kPlace.size());
  SeenUnit u = parse_unit_token(unit, pos);
  if (pos != unit.size()) throw InputError("action " + text::quoted(token) + ": bad piece");
  return u;
}

}  // namespace stratego::waterloo
