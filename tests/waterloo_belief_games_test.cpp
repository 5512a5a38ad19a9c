// Waterloo belief tracking over random games of every Waterloo variant, both players, every
// step (draft, set-ups, turns, melees, cards, the pursuit): the tracker never rejects a real
// game, the true identities are always among the worlds it allows, and every determinization
// gives back the player's view and, when the player decides, the true legal actions. Also the
// set-up generator whose prior the belief assumes, and the whole-history entry point.
#include "tests/support/waterloo_belief_games.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

#include "engine/waterloo/notation.h"
#include "tests/support/waterloo_hidden.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;

struct Coverage {
  std::set<Phase> phases;
  int pursuits = 0, decided = 0, retreats_seen = 0, sectors_ruled_out = 0, box_pieces = 0;
  int history_knows_more = 0, entry_columns = 0;
};

// Checks one player's belief against the truth; `draws` determinizations.
void check_belief(const TrackedGame& g, Side viewer, Rng& rng, int draws, bool slow_path,
                  Coverage& cov, const std::string& where) {
  const eval::WaterlooBelief& belief = g.belief[viewer];
  const WaterlooView view = make_view(g.s, viewer);
  ASSERT_TRUE(belief.view() == view) << where;
  const eval::WaterlooPosterior post = belief.posterior();
  ASSERT_TRUE(post.admits(true_identities(post, g.s)))
      << where << ": the true identities are ruled out";
  if (post.sector_hidden()) {
    ASSERT_GT(post.sector_probabilities()[std::size_t(g.s.retreat_sector(other(viewer)))], 0.0)
        << where << ": the true retreat sector is ruled out";
    cov.sectors_ruled_out += belief.possible_sectors() != 7;
  }
  for (const eval::HiddenPiece& h : post.pieces()) cov.box_pieces += h.square < 0 && h.pile < 0;
  // The history only adds to what the view says: a world it allows, the view alone allows.
  const eval::WaterlooPosterior view_only = eval::WaterlooBelief(view).posterior();
  ASSERT_EQ(view_only.pieces().size(), post.pieces().size()) << where;
  ASSERT_TRUE(view_only.admits(post.sample(rng))) << where;
  const auto zeros = [](const Eigen::MatrixXd& m) { return (m.array() < 1e-12).count(); };
  cov.history_knows_more += zeros(post.marginals()) > zeros(view_only.marginals());
  for (int b = 0; b < belief.identities().num_blocks(); ++b)
    for (const eval::EntryColumn& c : belief.columns(b)) cov.entry_columns += c.count > 0;
  const bool decides = !g.s.over() && !g.s.is_chance() && g.s.phase() != Phase::kSetup &&
                       g.s.current_player() == viewer;
  const std::vector<std::string> truth_actions =
      decides ? legal_tokens(g.s) : std::vector<std::string>{};
  for (int k = 0; k < draws; ++k) {
    const WaterlooState world = post.determinize(rng);
    ASSERT_TRUE(make_view(world, viewer) == view)
        << where << "\n view  " << to_notation(view) << "\n world "
        << to_notation(make_view(world, viewer));
    if (decides) {
      ++cov.decided;
      ASSERT_EQ(legal_tokens(world), truth_actions) << where;
    }
  }
  if (slow_path) {  // the full view read back by the notation gives the same view too
    const std::vector<int> assign = post.sample(rng);
    const WaterlooState slow =
        state_from_full_view(post.full_view(assign, std::max(0, post.sample_sector(rng))));
    ASSERT_TRUE(make_view(slow, viewer) == view) << where << ": slow path";
  }
}

// A player that plays its cards often (every card's sub-decisions get tested) and, as a charger,
// usually moves a piece towards the enemy's back row: lines of retreat (W-11.1) are then
// reached, won and ruled out in play.
std::optional<Action> lively(const WaterlooState& s, const ActionList& list, Rng& rng,
                             bool charger) {
  if (rng.below(3) == 0)
    for (Action a : list)
      if (a.type() == ActionType::kPlayCard) return a;
  if (!charger || rng.below(4) == 0) return std::nullopt;
  const Geometry& geo = s.geometry();
  const auto to_go = [&](int sq) {
    return s.current_player() == kRed ? geo.row(sq) : geo.height() - 1 - geo.row(sq);
  };
  std::optional<Action> best;
  for (Action a : list)
    if (a.type() == ActionType::kMove && to_go(a.to()) < to_go(a.from()) &&
        (!best || to_go(a.to()) < to_go(best->to())))
      best = a;
  return best;
}

void play_and_check(const std::string& spec, std::uint64_t seed, int every, Coverage& cov) {
  TrackedGame g(spec);
  Rng rng(seed * 7919 + spec.size()), sampler(seed);
  ActionList list;
  cov.phases.insert(g.s.phase());
  for (Side viewer : {kRed, kBlue}) check_belief(g, viewer, sampler, 2, true, cov, spec + " start");
  for (int step = 0; !g.s.over() && step < 3000; ++step) {
    g.step(rng, list, [&](const WaterlooState& s, const ActionList& l) {
      return lively(s, l, rng, seed % 2 == 0);
    });
    cov.phases.insert(g.s.phase());
    cov.pursuits += g.s.in_pursuit();
    if (g.last && g.last->type() == ActionType::kDie &&
        (g.last->extra() >= int(DieFace::kBlueRetreat)))
      ++cov.retreats_seen;
    const bool interesting = g.s.phase() != Phase::kAction || g.s.in_pursuit();
    if (step % every != 0 && !interesting) continue;
    for (Side viewer : {kRed, kBlue}) {
      check_belief(g, viewer, sampler, 2, step % (every * 8) == 0, cov,
                   spec + " seed " + std::to_string(seed) + " step " + std::to_string(step) +
                       " viewer " + std::string(side_name(viewer)));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(WaterlooBelief, DeterminizationsGiveBackTheViewAndTheLegalActionsInRandomGames) {
  Coverage cov;
  for (const std::string& spec : waterloo_variants()) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      play_and_check(spec, seed, 3, cov);
      if (HasFatalFailure()) return;
    }
  }
  // The games must reach what the test is about, or it proves nothing.
  for (Phase p :
       {Phase::kEarlyStart, Phase::kDraft, Phase::kSetup, Phase::kPrussianDraw, Phase::kLateDraft,
        Phase::kAction, Phase::kRecon, Phase::kInitiative, Phase::kCombined, Phase::kBarrage,
        Phase::kBattleLust, Phase::kDie, Phase::kChooseTarget})
    EXPECT_TRUE(cov.phases.count(p)) << "no position in phase " << phase_name(p);
  EXPECT_GT(cov.pursuits, 0);
  EXPECT_GT(cov.decided, 500);
  EXPECT_GT(cov.retreats_seen, 5);
  EXPECT_GT(cov.sectors_ruled_out, 0);
  EXPECT_GT(cov.box_pieces, 0);
  EXPECT_GT(cov.entry_columns, 0) << "no known piece went face down";
  EXPECT_GT(cov.history_knows_more, 0) << "the history never told more than the view";
}

// The prior the belief assumes: random_setup() treats the units of a class alike, so which
// identity is held back is as likely as its share of the class (and never a commander, W-4.2).
TEST(WaterlooBelief, SetUpGeneratorHoldsBackEachIdentityByItsShareOfItsClass) {
  const WaterlooState s(load("waterloo-standard"));
  Rng rng(21);
  std::map<std::pair<int, int>, int> held;  // (class, strength) -> times in reserve
  std::map<int, int> held_class;
  std::map<std::pair<int, int>, int> in_army;
  for (int id = s.army_begin(Army::kFrench); id < s.army_end(Army::kFrench); ++id)
    ++in_army[{int(s.unit_info(id).cls), s.unit_info(id).strength}];
  for (int k = 0; k < 3000; ++k) {
    const WaterlooSetup setup = s.random_setup(kBlue, rng);
    std::vector<bool> placed(std::size_t(s.num_units()), false);
    for (const auto& [id, sq] : setup.placements) placed[std::size_t(id)] = true;
    for (int id = s.army_begin(Army::kFrench); id < s.army_end(Army::kFrench); ++id)
      if (!placed[std::size_t(id)]) {
        ++held[{int(s.unit_info(id).cls), s.unit_info(id).strength}];
        ++held_class[int(apparent_class(s.unit_info(id).cls))];
      }
  }
  EXPECT_EQ((held[{int(UC::kCommander), 5}]), 0);
  EXPECT_EQ((held[{int(UC::kCommanderInChief), 0}]), 0);
  for (const auto& [key, n] : in_army) {
    const auto cls = UC(key.first);
    if (cls == UC::kCommander || cls == UC::kCommanderInChief) continue;
    int class_total = 0;  // units of the class that may be held back
    for (const auto& [k2, n2] : in_army)
      if (apparent_class(UC(k2.first)) == apparent_class(cls) && UC(k2.first) != UC::kCommander &&
          UC(k2.first) != UC::kCommanderInChief)
        class_total += n2;
    const double expect = held_class[int(apparent_class(cls))] * double(n) / class_total;
    EXPECT_NEAR(held[key], expect, 4 * std::sqrt(expect) + 2)
        << kClassNames[key.first] << " " << key.second;
  }
}

TEST(WaterlooBelief, DeterminizeFromAWholeHistoryGivesBackTheView) {
  TrackedGame g("waterloo-expert");
  g.keep_history = true;
  Rng rng(8);
  ActionList list;
  while (g.steps < 80 && !g.s.over()) g.step(rng, list);
  for (Side viewer : {kRed, kBlue}) {
    Rng draw(1);
    const WaterlooState world = eval::determinize(g.start[viewer], g.history[viewer], draw);
    EXPECT_TRUE(make_view(world, viewer) == make_view(g.s, viewer));
  }
}

}  // namespace
}  // namespace stratego::waterloo::testing
