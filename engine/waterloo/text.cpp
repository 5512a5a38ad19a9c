// Names of actions, phases and results, for messages, logs and tests.
#include "engine/waterloo/notation.h"  // card_name, die_face_name
#include "engine/waterloo/state.h"

namespace stratego::waterloo {
namespace {

constexpr std::string_view kDirNames[4] = {"n", "e", "s", "w"};

}  // namespace

std::string action_text(const WaterlooState& s, Action a) {
  const Geometry& g = s.geometry();
  auto sq = [&](int x) { return x < g.num_squares() ? g.square_name(x) : std::string("?"); };
  const int e = a.extra();
  auto card = [&] { return std::string(e < kNumCardKinds ? card_name(CardKind(e)) : "?"); };
  switch (a.type()) {
    case ActionType::kMove: {
      const bool attack = s.unit_at(a.to()) >= 0;
      return sq(a.from()) + (attack ? "x" : "-") + sq(a.to()) +
             (attack ? "/" + std::string(kDirNames[a.dir()]) : "");
    }
    case ActionType::kFire:
      return "fire " + sq(a.from()) + ">" + sq(a.to()) + (e ? " building" : "");
    case ActionType::kPlace:
      return "place #" + std::to_string(a.from()) + " " + sq(a.to());
    case ActionType::kTakeOff:
      return "takeoff " + sq(a.from());
    case ActionType::kPlayCard:
      return "play " + card();
    case ActionType::kEndTurn:
      return "end";
    case ActionType::kCardDone:
      return "card-done";
    case ActionType::kReconPick:
      return "look " + sq(a.to());
    case ActionType::kChooseTarget:
      return "target " + sq(a.to());
    case ActionType::kBattleLust:
      return e ? "lust yes" : "lust no";
    case ActionType::kDraftTake:
      return "take " + card();
    case ActionType::kDraftDiscard:
      return "discard " + card();
    case ActionType::kEarlyStart:
      return e ? "early yes" : "early no";
    case ActionType::kSave:
      return "save " + sq(a.from());
    case ActionType::kDie:
      return "die " + std::string(e < kNumDieFaces ? die_face_name(DieFace(e)) : "?");
    case ActionType::kDrawPrussian:
      return "prussian #" + std::to_string(a.from()) + " " + sq(a.to());
    case ActionType::kRetreatCard:
      return "retreat-sector " + std::to_string(e);
    case ActionType::kPrussianRoll:
      return e ? "prussians come" : "prussians never";
  }
  return "?";
}

std::string_view phase_name(Phase p) {
  constexpr std::string_view names[] = {
      "early-start", "draft",  "setup",         "retreat-card", "prussian-roll", "prussian-draw",
      "late-draft",  "action", "recon",         "initiative",   "combined",      "barrage",
      "battle-lust", "die",    "choose-target", "over"};
  return names[int(p)];
}

}  // namespace stratego::waterloo
