// Helpers for the Waterloo belief tests and benchmark: a random game whose two players each
// keep a WaterlooBelief from their own observations and views (as a bot does), and the true
// identities of a posterior's hidden pieces, read from the true state.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/waterloo/action_token.h"
#include "engine/waterloo/observation.h"
#include "eval/waterloo_posterior.h"
#include "tests/support/waterloo_play.h"

namespace stratego::waterloo::testing {

struct TrackedGame {
  WaterlooState s;
  std::vector<eval::WaterlooBelief> belief;  // by Side
  std::vector<eval::ViewedStep> history[2];  // kept only when asked (keep_history)
  WaterlooView start[2];
  bool keep_history = false;
  int steps = 0;
  std::optional<Action> last;  // the last step's action (none for a set-up)

  explicit TrackedGame(const std::string& spec) : s(load(spec)) {
    s.set_keep_history(false);
    for (Side side : {kRed, kBlue}) {
      start[side] = make_view(s, side);
      belief.emplace_back(s.variant_ptr(), side);
    }
  }

  // One random step (set-up, chance or decision); `choose` may pick the decision instead.
  template <class Choose>
  void step(Rng& rng, ActionList& list, Choose&& choose) {
    const WaterlooState before = s;
    last.reset();
    bool setup = false;
    if (s.phase() == Phase::kSetup) {
      setup = true;
      s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    } else if (s.is_chance()) {
      last = s.apply_random_chance(rng);
    } else {
      s.legal_actions(list);
      const std::optional<Action> pick = choose(s, list);
      last = pick ? *pick : list[int(rng.below(std::uint32_t(list.size)))];
      s.apply_unchecked(*last);
    }
    for (Side side : {kRed, kBlue}) {
      ObservedStep o = setup ? observe_setup(before, before.current_player(), s, side)
                             : observe(before, *last, s, side);
      o.number = steps;
      const WaterlooView after = make_view(s, side);
      belief[side].observe(o, after);
      if (keep_history) history[side].push_back({o, after});
    }
    ++steps;
  }
  void step(Rng& rng, ActionList& list) {
    step(rng, list,
         [](const WaterlooState&, const ActionList&) { return std::optional<Action>(); });
  }
};

// The true identity of each hidden piece of a posterior (-1 where pieces that look alike but
// may differ in what they can be share a pile: captured, saved and left pieces, which the
// posterior tells apart only by what it tracked).
inline std::vector<int> true_identities(const eval::WaterlooPosterior& post,
                                        const WaterlooState& truth) {
  const eval::WaterlooIdentities& ids = post.identities();
  std::vector<int> out(post.pieces().size(), -1);
  std::vector<bool> used(std::size_t(truth.num_units()), false);
  constexpr Where kWhere[kNumPiles] = {Where::kReserve,  Where::kRecovering, Where::kPool,
                                       Where::kCaptured, Where::kSaved,      Where::kLeft};
  for (std::size_t i = 0; i < out.size(); ++i) {
    const eval::HiddenPiece& h = post.pieces()[i];
    auto identity = [&](int id) {
      const UnitInfo& u = truth.unit_info(id);
      return ids.find(u.army, u.cls, u.strength);
    };
    if (h.square >= 0) {
      out[i] = identity(truth.unit_at(h.square));
      continue;
    }
    if (h.pile < 0 || h.pile >= int(Pile::kCaptured)) continue;  // box, captured, saved, left
    for (int id = truth.army_begin(h.army); id < truth.army_end(h.army); ++id) {
      const UnitInfo& u = truth.unit_info(id);
      if (used[std::size_t(id)] || truth.unit(id).where != kWhere[h.pile] ||
          apparent_class(u.cls) != h.shown || u.strength - truth.unit(id).strength != h.damage)
        continue;
      used[std::size_t(id)] = true;
      out[i] = identity(id);
      break;
    }
  }
  return out;
}

// The viewer's legal actions as sorted tokens.
inline std::vector<std::string> legal_tokens(const WaterlooState& s) {
  ActionList list;
  s.legal_actions(list);
  std::vector<std::string> out;
  for (Action a : list) out.push_back(action_token(s, a));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace stratego::waterloo::testing
