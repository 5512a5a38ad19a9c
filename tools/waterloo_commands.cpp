#include "tools/waterloo_commands.h"

#include <iomanip>
#include <iostream>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/board_text.h"
#include "engine/waterloo/family.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"

namespace stratego {
namespace {

using namespace waterloo;

std::string_view first_word(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_first_of(" \t", b);
  return s.substr(b, e == std::string_view::npos ? e : e - b);
}

std::string result_line(const Result& r) {
  const std::string who = r.winner == Winner::kRed    ? "Allies (red) win"
                          : r.winner == Winner::kBlue ? "French (blue) win"
                                                      : "Draw";
  return who + " (" + std::string(end_reason_name(r.reason)) + ", " +
         std::string(result_kind_name(r.kind)) +
         (r.reason == EndReason::kPursuit ? ", tally " + std::to_string(r.captured_difference)
                                          : "") +
         ")";
}

// The melee now pending, for the self-play log: both pieces and their melee strengths.
std::string pending_melee(const WaterlooState& s) {
  if (s.phase() != Phase::kDie && s.phase() != Phase::kBattleLust) return {};
  const Melee& m = s.melee();
  const auto token = [&](int id) { return unit_token(seen_unit(s, id, kRed, true)); };
  return "  melee " + token(m.attacker) + " (" +
         std::to_string(s.melee_strength(m.attacker, true)) + ") vs " + token(m.defender) + " (" +
         std::to_string(s.melee_strength(m.defender, false)) + ")" +
         (s.phase() == Phase::kDie ? ": equal, the die decides" : ": Battle Lust?");
}

}  // namespace

bool starts_waterloo(const StartOptions& o) {
  if (o.position.empty()) return load_variant(o.variant).family == Family::kWaterloo;
  return parse_position_option(o.position, [](const std::string& p) {
    return load_variant(std::string(first_word(p))).family == Family::kWaterloo;
  });
}

WaterlooState make_waterloo_start(const StartOptions& o, Rng& rng) {
  if (!o.position.empty())
    return parse_position_option(o.position,
                                 [](const std::string& p) { return waterloo::parse_state(p); });
  if (!o.setups.empty())
    throw InputError(
        "--setups: set-up files are for the classic family; Waterloo set-ups are drawn at random");
  return WaterlooFamily::random_start(std::make_shared<const Variant>(load_variant(o.variant)),
                                      rng);
}

void run_waterloo_selfplay(const StartOptions& o, const std::string& record_path, bool quiet) {
  Rng rng(o.seed);
  WaterlooGame game =
      o.position.empty()
          ? WaterlooGame(WaterlooState(std::make_shared<const Variant>(load_variant(o.variant))))
          : WaterlooGame(make_waterloo_start(o, rng), o.position);
  const Geometry& g = game.state().geometry();
  int step = 0, turn = game.state().turn();
  auto print = [&] {
    if (quiet) return;
    const auto& seen = game.log().of(kRed).back();
    ObservedStep line = seen;
    if (!seen.setup)
      line.action = game.record().actions.back();  // the referee's token: nothing hidden
    const Side who = seen.actor;
    std::cout << std::setw(5) << ++step << ". t" << turn << " " << std::left << std::setw(5)
              << (seen.chance ? "dice" : side_name(who)) << std::right << " " << describe(line, g)
              << pending_melee(game.state()) << "\n";
  };
  ActionList list;
  if (!quiet)
    std::cout << "Self-play of " << game.state().variant().spec << ", seed " << o.seed << "\n";
  while (!game.over()) {
    const WaterlooState& s = game.state();
    turn = s.turn();  // the turn the step belongs to, before it may end the turn
    if (s.phase() == Phase::kSetup) {
      game.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    } else if (s.is_chance()) {
      game.apply(sample_chance<WaterlooFamily>(s, rng));
    } else {
      s.legal_actions(list);
      game.apply(list[int(rng.below(std::uint32_t(list.size)))]);
    }
    print();
  }
  std::cout << "\nFinal board after " << game.record().actions.size()
            << " actions and chance outcomes:\n"
            << render_board(game.state()) << "Result: " << result_line(game.state().result())
            << "\n";
  if (!record_path.empty()) {
    WaterlooRecord r = game.record();
    r.tags["seed"] = std::to_string(o.seed);
    r.tags["red"] = r.tags["blue"] = "random";
    write_record_file(record_path, r);
    std::cout << "Record written to " << record_path << "\n";
  }
}

std::string describe_waterloo_variant(const Variant& v) {
  const WaterlooState s(std::make_shared<const Variant>(v));
  const auto count = [&](Army a) { return std::to_string(s.army_end(a) - s.army_begin(a)); };
  static const char* levels[] = {"basic", "standard", "expert"};
  return v.name + ", " + std::to_string(v.width) + "x" + std::to_string(v.height) + ", Waterloo " +
         levels[int(v.waterloo.level)] + ": " + count(Army::kFrench) + " French, " +
         count(Army::kAllied) + " Allied, " + count(Army::kPrussian) + " Prussian pieces, " +
         std::to_string(v.waterloo.tiles.size()) + " terrain tiles";
}

}  // namespace stratego
