// Random legal games from random set-ups, for round-trip tests of the text formats, and a
// checker for the messages of InputError. Header-only.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"

namespace stratego::test_support {

// Base variants and option stacks that between them reach every feature the formats carry:
// silent captures (V-6), pending and used rescues (V-5), moved flags and bombs (V-3, V-4),
// the Clone Wars powered pieces, pending Anger chains and the power moves (CW-3, CW-4).
inline const std::vector<std::string>& format_specs() {
  static const std::vector<std::string> specs = {
      "classic",
      "barrage",
      "duel",
      "ultimate-lightning",
      "clone-wars",
      "clone-wars-powers",
      "clone-wars-powers+rescue+silent-defence",
      "classic+rescue+silent-defence+moving-flag",
      "barrage+rescue+silent-defence+moving-flag",
      "duel+rescue+rescue_limit=4+moving-flag",
      "ultimate-lightning+silent-defence+moving-bombs",
      "classic+attacker-advantage+exploding-bombs+international+no-chase",
  };
  return specs;
}

struct RandomGame {
  std::string red_setup, blue_setup;
  State start, end;
  std::vector<Move> moves;
};

// Plays uniformly random legal moves from random set-ups until the game ends or max_moves
// decisions were made; calls visit(state) on the start and after every decision.
template <typename Visit>
RandomGame random_game(const std::string& spec, std::uint64_t seed, int max_moves, Visit&& visit) {
  auto v = std::make_shared<const Variant>(load_variant(spec));
  Rng rng(seed);
  const Setup red = random_setup(*v, kRed, rng), blue = random_setup(*v, kBlue, rng);
  State s = initial_state(v, red, blue);
  RandomGame g{format_setup(*v, red), format_setup(*v, blue), s, s, {}};
  visit(s);
  MoveList list;
  while (!s.over() && int(g.moves.size()) < max_moves) {
    generate_moves(s, list);
    if (list.size == 0) {
      s.declare_no_moves();  // C-7.2
    } else {
      const Move m = list[int(rng.below(std::uint32_t(list.size)))];
      s.make(m);
      g.moves.push_back(m);
    }
    visit(s);
  }
  g.end = s;
  return g;
}
inline RandomGame random_game(const std::string& spec, std::uint64_t seed, int max_moves) {
  return random_game(spec, seed, max_moves, [](const State&) {});
}

// f() must throw InputError whose message contains every part; anything else fails the test.
template <typename F>
void expect_input_error(F&& f, std::initializer_list<std::string_view> parts) {
  try {
    f();
    ADD_FAILURE() << "no InputError thrown";
  } catch (const InputError& e) {
    const std::string what = e.what();
    for (std::string_view part : parts)
      EXPECT_NE(what.find(part), std::string::npos)
          << "message \"" << what << "\" does not mention \"" << part << "\"";
  }
}

}  // namespace stratego::test_support
