#include "support/waterloo_token_reference.h"

#include "engine/waterloo/notation.h"

namespace stratego::heuristic::wrules::reference {
namespace {

std::string_view after(std::string_view t, std::string_view prefix) {
  return t.substr(prefix.size());
}
bool starts(std::string_view t, std::string_view prefix) {
  return t.substr(0, prefix.size()) == prefix;
}

int square(std::string_view name, const Geometry& g) {
  const auto sq = g.parse_square(name);
  return sq ? *sq : -1;
}

CardKind card_of(std::string_view name) {
  for (int k = 0; k < waterloo::kNumCardKinds; ++k)
    if (waterloo::card_name(CardKind(k)) == name) return CardKind(k);
  return CardKind::kReconnaissance;
}

}  // namespace

ActionInfo parse_token(std::string_view t, const Geometry& g) {
  ActionInfo out;
  using T = ActionInfo::Type;
  if (t == "end") {
    out.type = T::kEnd;
    return out;
  }
  if (t == "done") {
    out.type = T::kDone;
    return out;
  }
  if (starts(t, "lust:")) {
    out.type = T::kLust;
    out.yes = after(t, "lust:") == "yes";
    return out;
  }
  if (starts(t, "early:")) {
    out.type = T::kEarly;
    out.yes = after(t, "early:") == "yes";
    return out;
  }
  if (starts(t, "take:")) {
    out.type = T::kTake;
    out.card = card_of(after(t, "take:"));
    return out;
  }
  if (starts(t, "discard:")) {
    out.type = T::kDiscard;
    out.card = card_of(after(t, "discard:"));
    return out;
  }
  if (starts(t, "card:")) {
    out.type = T::kCard;
    out.card = card_of(after(t, "card:"));
    return out;
  }
  if (starts(t, "look:")) {
    out.type = T::kLook;
    out.to = square(after(t, "look:"), g);
    return out;
  }
  if (starts(t, "target:")) {
    out.type = T::kTarget;
    out.to = square(after(t, "target:"), g);
    return out;
  }
  if (starts(t, "off:")) {
    out.type = T::kTakeOff;
    out.from = square(after(t, "off:"), g);
    return out;
  }
  if (starts(t, "save:")) {
    out.type = T::kSave;
    out.from = square(after(t, "save:"), g);
    return out;
  }
  if (starts(t, "fire:")) {
    std::string_view rest = after(t, "fire:");
    const bool tile = rest.size() > 9 && rest.substr(rest.size() - 9) == ":building";
    if (tile) rest = rest.substr(0, rest.size() - 9);
    const auto dash = rest.find('-');
    if (dash == std::string_view::npos) return out;
    out.type = tile ? T::kFireTile : T::kFire;
    out.from = square(rest.substr(0, dash), g);
    out.to = square(rest.substr(dash + 1), g);
    return out;
  }
  if (starts(t, "place:")) {
    const std::string_view rest = after(t, "place:");
    const auto at = rest.rfind('@');
    if (at == std::string_view::npos) return out;
    try {
      std::size_t pos = 0;
      out.unit = waterloo::parse_unit_token(rest.substr(0, at), pos);
    } catch (const std::exception&) {
      return out;
    }
    out.type = T::kPlace;
    out.to = square(rest.substr(at + 1), g);
    return out;
  }
  const auto sep = t.find_first_of("-x", 1);
  if (sep == std::string_view::npos) return out;
  out.from = square(t.substr(0, sep), g);
  if (t[sep] == '-') {
    out.type = T::kMove;
    out.to = square(t.substr(sep + 1), g);
  } else {
    const auto slash = t.find('/', sep);
    if (slash == std::string_view::npos || slash + 1 >= t.size()) return out;
    out.type = T::kAttack;
    out.to = square(t.substr(sep + 1, slash - sep - 1), g);
    const char d = t[slash + 1];
    out.dir = d == 'n' ? kNorth : d == 'e' ? kEast : d == 's' ? kSouth : kWest;
  }
  if (out.from < 0 || out.to < 0) out.type = T::kOther;
  return out;
}

}  // namespace stratego::heuristic::wrules::reference
