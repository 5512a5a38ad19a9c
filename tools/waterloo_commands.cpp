#include "tools/waterloo_commands.h"

#include <chrono>
#include <iomanip>
#include <iostream>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/board_text.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"

namespace stratego {
namespace {

using namespace waterloo;

struct Count {
  std::uint64_t paths = 0;
  double expected = 0;  // paths weighted by the probabilities of their chance outcomes
};

Action pick_chance(const WaterlooState& s, Rng& rng) {
  const auto outcomes = s.chance_outcomes();
  double x = rng.uniform01();
  for (const auto& [a, p] : outcomes) {
    if (x < p) return a;
    x -= p;
  }
  return outcomes.back().first;
}

// Depth counts decisions only; chance outcomes are steps between them.
Count perft(WaterlooState& s, int depth, bool enumerate, Rng& rng) {
  if (depth <= 0) return {1, 1.0};
  if (s.over()) return {};
  if (s.phase() == Phase::kSetup) throw InputError("perft: a set-up is due (W-4); perft starts after the set-ups");
  if (s.is_chance()) {
    if (!enumerate) {
      s.apply_unchecked(pick_chance(s, rng));
      const Count c = perft(s, depth, enumerate, rng);
      s.undo();
      return c;
    }
    Count total;
    for (const auto& [a, p] : s.chance_outcomes()) {
      s.apply_unchecked(a);
      const Count c = perft(s, depth, enumerate, rng);
      s.undo();
      total.paths += c.paths;
      total.expected += p * c.expected;
    }
    return total;
  }
  ActionList list;  // on the stack: one list per decision of depth
  s.legal_actions(list);
  if (depth == 1) return {std::uint64_t(list.size), double(list.size)};
  Count total;
  for (Action a : list) {
    s.apply_unchecked(a);
    const Count c = perft(s, depth - 1, enumerate, rng);
    s.undo();
    total.paths += c.paths;
    total.expected += c.expected;
  }
  return total;
}

std::string_view first_word(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_first_of(" \t", b);
  return s.substr(b, e == std::string_view::npos ? e : e - b);
}

// Decisions before the set-up (W-14.1 early start, W-12.2 draft) and the set-ups, at random.
template <typename Apply, typename Setup>
void play_to_setups_done(const WaterlooState& s, Rng& rng, Apply apply, Setup setup) {
  ActionList list;
  while (!s.over() && s.core().setups_done < 2) {
    if (s.phase() == Phase::kSetup) {
      setup(s.current_player(), s.random_setup(s.current_player(), rng));
    } else if (s.is_chance()) {
      apply(pick_chance(s, rng));
    } else {
      s.legal_actions(list);
      apply(list[int(rng.below(std::uint32_t(list.size)))]);
    }
  }
}

std::string result_line(const Result& r) {
  const std::string who = r.winner == Winner::kRed    ? "Allies (red) win"
                          : r.winner == Winner::kBlue ? "French (blue) win"
                                                      : "Draw";
  return who + " (" + std::string(end_reason_name(r.reason)) + ", " + std::string(result_kind_name(r.kind)) +
         (r.reason == EndReason::kPursuit ? ", tally " + std::to_string(r.captured_difference) : "") + ")";
}

// The melee now pending, for the self-play log: both pieces and their melee strengths.
std::string pending_melee(const WaterlooState& s) {
  if (s.phase() != Phase::kDie && s.phase() != Phase::kBattleLust) return {};
  const Melee& m = s.melee();
  const auto token = [&](int id) { return unit_token(seen_unit(s, id, kRed, true)); };
  return "  melee " + token(m.attacker) + " (" + std::to_string(s.melee_strength(m.attacker, true)) + ") vs " +
         token(m.defender) + " (" + std::to_string(s.melee_strength(m.defender, false)) + ")" +
         (s.phase() == Phase::kDie ? ": equal, the die decides" : ": Battle Lust?");
}

}  // namespace

bool starts_waterloo(const StartOptions& o) {
  const std::string spec(o.position.empty() ? std::string_view(o.variant) : first_word(o.position));
  return load_variant(spec).family == Family::kWaterloo;
}

WaterlooState make_waterloo_start(const StartOptions& o, Rng& rng) {
  if (!o.position.empty()) return waterloo::parse_state(o.position);
  if (!o.setups.empty()) throw InputError("--setups: set-up files are for the classic family; Waterloo set-ups are drawn at random");
  WaterlooState s(std::make_shared<const Variant>(load_variant(o.variant)));
  play_to_setups_done(
      s, rng, [&](Action a) { s.apply_unchecked(a); }, [&](Side side, const WaterlooSetup& u) { s.apply_setup(side, u); });
  return s;
}

void run_waterloo_perft(const StartOptions& o, int depth, bool divide, const std::string& chance) {
  if (chance != "enumerate" && chance != "sample") throw InputError("--chance: enumerate or sample");
  Rng rng(o.seed);
  WaterlooState s = make_waterloo_start(o, rng);
  s.set_keep_history(true);  // perft undoes every step
  std::cout << "position " << to_notation(s) << "\n";
  const bool enumerate = chance == "enumerate";
  const auto t0 = std::chrono::steady_clock::now();
  Count total;
  if (divide && !s.is_chance() && !s.over()) {
    ActionList list;
    s.legal_actions(list);
    for (Action a : list) {
      const std::string token = action_token(s, a);
      s.apply_unchecked(a);
      const Count c = perft(s, depth - 1, enumerate, rng);
      s.undo();
      std::cout << token << ": " << c.paths << "\n";
      total.paths += c.paths;
      total.expected += c.expected;
    }
  } else {
    total = perft(s, depth, enumerate, rng);
  }
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "perft " << depth << " (chance " << chance << "): " << total.paths << "  (" << sec << " s, "
            << static_cast<std::uint64_t>(double(total.paths) / (sec > 0 ? sec : 1e-9)) << " paths/s)\n";
  if (enumerate) std::cout << "expected decision paths (chance weighted by probability): " << std::setprecision(10) << total.expected << "\n";
}

void run_waterloo_selfplay(const StartOptions& o, const std::string& record_path, bool quiet) {
  Rng rng(o.seed);
  WaterlooGame game = o.position.empty() ? WaterlooGame(WaterlooState(std::make_shared<const Variant>(load_variant(o.variant))))
                                         : WaterlooGame(waterloo::parse_state(o.position), o.position);
  const Geometry& g = game.state().geometry();
  int step = 0, turn = game.state().turn();
  auto print = [&] {
    if (quiet) return;
    const auto& seen = game.log().of(kRed).back();
    ObservedStep line = seen;
    if (!seen.setup) line.action = game.record().actions.back();  // the referee's token: nothing hidden
    const Side who = seen.actor;
    std::cout << std::setw(5) << ++step << ". t" << turn << " " << std::left << std::setw(5)
              << (seen.chance ? "dice" : side_name(who)) << std::right << " " << describe(line, g)
              << pending_melee(game.state()) << "\n";
  };
  ActionList list;
  if (!quiet) std::cout << "Self-play of " << game.state().variant().spec << ", seed " << o.seed << "\n";
  while (!game.over()) {
    const WaterlooState& s = game.state();
    turn = s.turn();  // the turn the step belongs to, before it may end the turn
    if (s.phase() == Phase::kSetup) {
      game.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    } else if (s.is_chance()) {
      game.apply(pick_chance(s, rng));
    } else {
      s.legal_actions(list);
      game.apply(list[int(rng.below(std::uint32_t(list.size)))]);
    }
    print();
  }
  std::cout << "\nFinal board after " << game.record().actions.size() << " actions and chance outcomes:\n"
            << render_board(game.state()) << "Result: " << result_line(game.state().result()) << "\n";
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
         levels[int(v.waterloo.level)] + ": " + count(Army::kFrench) + " French, " + count(Army::kAllied) +
         " Allied, " + count(Army::kPrussian) + " Prussian pieces, " + std::to_string(v.waterloo.tiles.size()) +
         " terrain tiles";
}

}  // namespace stratego
