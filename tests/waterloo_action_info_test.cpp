// heuristic/waterloo_action_info.h against the slow obvious reading of each action's token
// (tests/support/waterloo_token_reference.h), at every decision of random games of every
// Waterloo variant, from the state (the search's worlds) and from the mover's view (the bot).
#include "heuristic/waterloo_action_info.h"

#include <gtest/gtest.h>

#include "engine/waterloo/action_token.h"
#include "support/waterloo_play.h"
#include "support/waterloo_token_reference.h"

namespace stratego::waterloo {
namespace {

using heuristic::wrules::describe;
using heuristic::wrules::reference::parse_token;

class WaterlooActionInfo : public ::testing::TestWithParam<const char*> {};

TEST_P(WaterlooActionInfo, DescribesEveryLegalActionAsItsTokenReadsBack) {
  const auto variant = testing::load(GetParam());
  ActionList list;
  int checked = 0, places = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Rng rng(seed);
    WaterlooState s(variant);
    for (int step = 0; step < 3000 && !s.over(); ++step) {
      if (s.phase() != Phase::kSetup && !s.is_chance()) {
        s.legal_actions(list);
        const WaterlooView view = make_view(s, s.current_player());
        for (Action a : list) {
          const std::string token = action_token(s, a);
          const auto expected = parse_token(token, s.geometry());
          ASSERT_EQ(describe(s, a), expected)
              << GetParam() << " seed " << seed << " step " << step << ": " << token;
          const SeenUnit unit = a.type() == ActionType::kPlace ? placed_unit(token) : SeenUnit{};
          ASSERT_EQ(describe(view, a, unit), expected) << "from the view: " << token;
          ++checked;
          places += a.type() == ActionType::kPlace;
        }
      }
      testing::random_step(s, rng, list);
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(places, 0) << "no place action met: the reserve path went untested";
}

INSTANTIATE_TEST_SUITE_P(Variants, WaterlooActionInfo,
                         ::testing::Values("waterloo-basic", "waterloo-standard",
                                           "waterloo-expert"));

}  // namespace
}  // namespace stratego::waterloo
