// A game family as the search sees it (the traits search/ismcts.h asks for), written once over
// the engine's GameFamily (engine/family.h): a world is the family's full State from a
// determinization, actions are the family's integer keys. Each family adds its value
// (search/classic_search_game.h, search/waterloo_search_game.h).
#pragma once

#include <cstdint>

#include "engine/family.h"
#include "engine/rng.h"

namespace stratego::search {

template <GameFamily F>
struct SearchGame {
  using World = typename F::State;
  static constexpr int kMaxActions = F::kMaxActions;

  static bool over(const World& w) { return F::over(w); }
  static bool is_chance(const World& w) { return F::is_chance(w); }
  static int player(const World& w) { return F::current_player(w); }
  static int legal(World& w, std::uint32_t* keys) {
    static thread_local typename F::ActionList list;  // Waterloo's is 16 KB: not on the stack
    F::legal_actions(w, list);
    int n = 0;
    for (auto a : list) keys[n++] = F::key(a);
    return n;
  }
  static void apply(World& w, std::uint32_t key) { F::apply(w, F::action(key)); }
  static std::uint32_t sample_chance(const World& w, Rng& rng) {
    return F::key(stratego::sample_chance<F>(w, rng));
  }
};

}  // namespace stratego::search
