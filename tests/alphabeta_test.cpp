// The alpha-beta search of search/alphabeta.h and its PIMC driver (search/pimc.h), and the
// `alphabeta` bot. The fast search (table, ordering, killers, history, pruning, iterative
// deepening) is held to a slow, obvious minimax of the same definition (the same evaluation,
// quiescence moves, chance nodes and identities that follow the pieces) on small built
// positions; known wins are found; the chance nodes' probabilities sum to 1 and keep the army's
// counts; the search does not see through the world at its own attacks; the bot answers legally
// over whole games of every classic-family variant, reproducibly (Waterloo:
// tests/waterloo_alphabeta_test.cpp).
#include "search/alphabeta.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "bots/alphabeta_bot.h"
#include "bots/random_bot.h"
#include "bots/search_position.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/belief.h"
#include "referee/referee.h"
#include "search/pimc.h"
#include "support/position_builder.h"

namespace stratego::search::alphabeta_test {

using test_support::position;
using test_support::square_of;

// --- the slow, obvious minimax -----------------------------------------------------------

struct Slow {
  Side searcher;
  const CombatBelief& belief;
  int qmax;
  bool chance = true;
  bool flag_guard = false;
  std::int64_t nodes = 0;

  // The identities after m, worked out from the board before and after it.
  IdentityMap after(const State& before, const State& now, Move m, IdentityMap ids) const {
    const Side mover = before.side_to_move();
    const int from = m.from(), to = m.to();
    const std::int8_t moving = ids[std::size_t(from)];
    if (now.at(from) == kNoPiece) ids[std::size_t(from)] = -1;
    const Piece p = now.at(to);
    if (p == kNoPiece || piece_side(p) == searcher)
      ids[std::size_t(to)] = -1;
    else if (mover != searcher)
      ids[std::size_t(to)] = moving;
    return ids;
  }

  int child(State& w, Move m, int depth, int ply, const IdentityMap& ids) {
    if (AlphaBeta::hidden_target(w, m, searcher, ids, chance)) {
      CombatOutcome out[kNumKinds];
      const int n = combat_outcomes(w, m.to(), ids, belief, out);
      double sum = 0;
      for (int i = 0; i < n; ++i) {
        State v = w;  // a copy: nothing to undo
        if (out[i].partner >= 0) swap_kinds(v, m.to(), out[i].partner);
        sum += out[i].p * played(v, m, depth, ply, ids);
      }
      return int(std::lround(sum));
    }
    return played(w, m, depth, ply, ids);
  }

  int played(const State& w, Move m, int depth, int ply, const IdentityMap& ids) {
    State next = w;
    next.make(m);
    ++nodes;
    const IdentityMap next_ids = after(w, next, m, ids);
    return depth > 0 ? -minimax(next, depth, ply + 1, next_ids)
                     : -quiet(next, ply + 1, 0, next_ids);
  }

  int minimax(State& w, int depth, int ply, const IdentityMap& ids) {
    if (w.over()) return AlphaBeta::terminal(w, ply);
    if (depth <= 0) return quiet(w, ply, 0, ids);
    MoveList list;
    generate_moves(w, list);
    if (list.size == 0) return -(kWinScore - ply);
    int best = -kInfinity;
    for (Move m : list) best = std::max(best, child(w, m, depth - 1, ply, ids));
    return best;
  }

  int quiet(State& w, int ply, int qply, const IdentityMap& ids) {
    if (w.over()) return AlphaBeta::terminal(w, ply);
    MoveList list;
    generate_moves(w, list);
    if (list.size == 0) return -(kWinScore - ply);
    const int stand = AlphaBeta::evaluate(w);
    if (qply >= qmax) return stand;
    // Next to our flag an enemy piece: every move, no standing pat.
    const bool danger = flag_guard && AlphaBeta::flag_in_danger(w);
    int best = danger ? -kInfinity : stand;
    for (Move m : list) {
      if (!danger && !AlphaBeta::quiet_capture(w, m, searcher, ids, chance)) continue;
      if (AlphaBeta::hidden_target(w, m, searcher, ids, chance)) {
        CombatOutcome out[kNumKinds];
        const int n = combat_outcomes(w, m.to(), ids, belief, out);
        double sum = 0;
        for (int i = 0; i < n; ++i) {
          State v = w;
          if (out[i].partner >= 0) swap_kinds(v, m.to(), out[i].partner);
          v.make(m);
          ++nodes;
          sum += out[i].p * -quiet(v, ply + 1, qply + 1, after(w, v, m, ids));
        }
        best = std::max(best, int(std::lround(sum)));
        continue;
      }
      State next = w;
      next.make(m);
      ++nodes;
      best = std::max(best, -quiet(next, ply + 1, qply + 1, after(w, next, m, ids)));
    }
    return best;
  }
};

// A small position: each side a Flag and a few pieces in the lower-left corner (Red rows 1-2,
// Blue rows 3-4, columns a-f), Red to move; Blue's pieces but some are hidden from Red, each
// with a random belief over the kinds Blue's hidden pieces have.
struct Built {
  State state;
  CombatBelief belief;
};

Built random_position(std::uint64_t seed) {
  Rng rng(seed);
  State s(test_support::variant_of("classic+no-chase"));
  const Kind kinds[] = {kSpy, kScout, kMiner, kSergeant, kCaptain, kGeneral, kMarshal, kBomb};
  const Geometry& g = s.geometry();
  auto place = [&](Side side, Kind k, int row0) {
    for (;;) {
      const int sq = g.square(int(rng.below(6)), row0 + int(rng.below(2)));
      if (s.at(sq) != kNoPiece) continue;
      s.put(sq, side, k, 0);
      return sq;
    }
  };
  place(kRed, kFlag, 0);
  place(kBlue, kFlag, 2);
  for (int i = 0; i < 3; ++i) place(kRed, kinds[rng.below(8)], 0);
  std::vector<int> blue;
  for (int i = 0; i < 3; ++i) blue.push_back(place(kBlue, kinds[rng.below(8)], 2));
  blue.push_back(lsb(s.kind_bb(kBlue, kFlag)));
  Built b{s, {}};
  std::array<double, kNumKinds> present{};
  for (int sq : blue) present[piece_kind(s.at(sq))] = 1;
  for (int sq : blue) {
    if (rng.below(4) == 0) {  // this one Red knows
      b.state.remove(sq);
      b.state.put(sq, kBlue, piece_kind(s.at(sq)), kRevealedFlag);
      continue;
    }
    std::array<double, kNumKinds> row{};
    for (Kind k : kAllKinds)
      if (present[k] > 0) row[k] = 0.05 + rng.uniform01();
    b.belief.add(sq, row);
  }
  return b;
}

TEST(AlphaBeta, SameValueAsPlainMinimaxOnSmallPositions) {
  int checked = 0, with_chance = 0;
  std::uint64_t fast_nodes = 0, slow_nodes = 0;  // at depth 3 (fast: iterations 1 to 3)
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Built b = random_position(seed);
    if (b.state.over()) continue;
    for (int run = 0; run < 6; ++run) {
      // Depths 1 to 3, with the flag guard off (the default) and on.
      const int depth = 1 + run % 3;
      const bool guard = run >= 3;
      AlphaBetaParams p;
      p.quiescence_plies = 3;
      p.flag_guard = guard;
      TranspositionTable tt(1 << 16);
      AlphaBeta fast(p, kRed, b.belief, tt);
      State w = b.state;
      const int v = fast.value(w, depth);
      EXPECT_EQ(w, b.state) << "the search must give the world back as it found it";
      Slow slow{kRed, b.belief, p.quiescence_plies, true, guard};
      State sw = b.state;
      const int expected = slow.minimax(sw, depth, 0, b.belief.root_ids());
      ASSERT_EQ(v, expected) << "seed " << seed << " depth " << depth << " guard " << guard << "\n"
                             << to_notation(b.state);
      if (depth == 3) fast_nodes += fast.nodes(), slow_nodes += std::uint64_t(slow.nodes);
      ++checked;
    }
    with_chance += b.belief.identities() > 0;
  }
  EXPECT_GT(checked, 180);
  EXPECT_LT(fast_nodes * 2, slow_nodes) << "the table and the cut-offs save little";
  EXPECT_GT(with_chance, 20);
}

// The cross-check means something only if the positions exercise the chance nodes: with the
// world's kinds at Red's attacks instead, the slow minimax's values differ in some of them.
TEST(AlphaBeta, TestPositionsExerciseTheChanceNodes) {
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Built c = random_position(seed);
    Slow with{kRed, c.belief, 3}, without{kRed, c.belief, 3, false};
    State a = c.state, d = c.state;
    differ +=
        with.minimax(a, 2, 0, c.belief.root_ids()) != without.minimax(d, 2, 0, c.belief.root_ids());
  }
  EXPECT_GT(differ, 3);
}

TEST(AlphaBeta, TakesAKnownPieceItBeats) {
  // Red's Marshal next to Blue's revealed General; elsewhere nothing to gain.
  State s = position("classic", {{"a1", kRed, kFlag},
                                 {"e4", kRed, kMarshal},
                                 {"e5", kBlue, kGeneral, kRevealedFlag},
                                 {"j10", kBlue, kFlag},
                                 {"a10", kBlue, kBomb}});
  AlphaBetaParams p;
  TranspositionTable tt(1 << 20);
  CombatBelief none;
  AlphaBeta ab(p, kRed, none, tt);
  MoveList list;
  generate_moves(s, list);
  std::vector<Move> root(list.begin(), list.end());
  const WorldResult r = ab.search(s, root, WorldLimits{100000});
  EXPECT_EQ(test_support::move_text(s, root[std::size_t(r.best)]), "e4-e5");
}

TEST(AlphaBeta, CapturesTheFlagWhenItCan) {
  State s = position("classic", {{"a1", kRed, kFlag},
                                 {"c1", kRed, kBomb},
                                 {"e7", kRed, kSergeant},
                                 {"e8", kBlue, kFlag},
                                 {"j10", kBlue, kMarshal}});
  AlphaBetaParams p;
  TranspositionTable tt(1 << 20);
  CombatBelief none;
  AlphaBeta ab(p, kRed, none, tt);
  MoveList list;
  generate_moves(s, list);
  std::vector<Move> root(list.begin(), list.end());
  const WorldResult r = ab.search(s, root, WorldLimits{100000});
  EXPECT_EQ(test_support::move_text(s, root[std::size_t(r.best)]), "e7-e8");
  EXPECT_EQ(r.scores[std::size_t(r.best)], kWinScore - 1);
}

// Blue's two unmoved pieces are a Bomb (e5) and the Flag (g8) in this world, but Red believes
// e5 is the Flag at 95%. With chance nodes the Sergeant attacks e5 (it expects the Flag); with
// the world's kinds it would never attack a Bomb.
TEST(AlphaBeta, ChanceNodesDoNotSeeThroughTheWorld) {
  const State s = position("classic", {{"a1", kRed, kFlag},
                                       {"c1", kRed, kBomb},
                                       {"e4", kRed, kSergeant},
                                       {"e5", kBlue, kBomb},
                                       {"g8", kBlue, kFlag},
                                       {"j10", kBlue, kMarshal, kRevealedFlag | kMovedFlag}});
  CombatBelief belief;
  std::array<double, kNumKinds> e5{}, g8{};
  e5[kFlag] = 0.95, e5[kBomb] = 0.05;
  g8[kFlag] = 0.05, g8[kBomb] = 0.95;
  belief.add(square_of(s, "e5"), e5);
  belief.add(square_of(s, "g8"), g8);
  for (bool chance : {true, false}) {
    AlphaBetaParams p;
    p.chance_nodes = chance;
    TranspositionTable tt(1 << 20);
    AlphaBeta ab(p, kRed, belief, tt);
    State w = s;
    MoveList list;
    generate_moves(w, list);
    std::vector<Move> root(list.begin(), list.end());
    const WorldResult r = ab.search(w, root, WorldLimits{200000});
    const std::string best = test_support::move_text(w, root[std::size_t(r.best)]);
    if (chance) {
      EXPECT_EQ(best, "e4-e5");
    } else {
      EXPECT_NE(best, "e4-e5");
    }
  }
}

// A table is kept from one decision to the next and emptied by a new generation: what one
// search stored is gone for the next, also after the 8-bit generation has come round again.
TEST(TranspositionTable, NewSearchEmptiesItEvenAfterTheGenerationWraps) {
  TranspositionTable tt(1 << 12);
  tt.store(42, 3, 7, Bound::kExact, 5);
  ASSERT_NE(tt.probe(42), nullptr);
  EXPECT_EQ(tt.probe(42)->score, 7);
  EXPECT_EQ(tt.probe(42 + tt.size()), nullptr) << "same slot, another key";
  tt.new_search();
  EXPECT_EQ(tt.probe(42), nullptr);
  tt.store(42, 1, 9, Bound::kLower, 0);
  EXPECT_EQ(tt.probe(42)->move, 0) << "a best move of another search is not kept";
  for (int i = 0; i < 255; ++i) tt.new_search();  // back to the generation of the store above
  EXPECT_EQ(tt.probe(42), nullptr);
}

// A search on a table that has searched the same position before gives, once the table is
// emptied by new_search, what it gives on a fresh table; not emptied, the old entries change it
// (so the check can fail).
TEST(AlphaBeta, ATableUsedBeforeSearchesAsAFreshOne) {
  int searched = 0, changed = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Built b = random_position(seed);
    if (b.state.over()) continue;
    AlphaBetaParams p;
    auto search = [&](TranspositionTable& tt) {
      AlphaBeta ab(p, kRed, b.belief, tt);
      State w = b.state;
      MoveList list;
      generate_moves(w, list);
      const std::vector<Move> root(list.begin(), list.end());
      return ab.search(w, root, WorldLimits{3000});
    };
    TranspositionTable fresh(1 << 16), used(1 << 16);
    const WorldResult want = search(fresh);
    search(used);
    const WorldResult again = search(used);  // the old entries still there
    changed +=
        again.nodes != want.nodes || again.depth != want.depth || again.scores != want.scores;
    used.new_search();
    const WorldResult got = search(used);
    EXPECT_EQ(got.scores, want.scores) << "seed " << seed;
    EXPECT_EQ(got.best, want.best) << "seed " << seed;
    EXPECT_EQ(got.nodes, want.nodes) << "seed " << seed;
    EXPECT_EQ(got.depth, want.depth) << "seed " << seed;
    ++searched;
  }
  EXPECT_GT(searched, 20);
  EXPECT_GT(changed, searched / 4) << "a table's entries should change a search";
}

// Over real beliefs (seeded random games' positions, every hidden enemy piece attacked in
// turn): the outcomes' probabilities are positive and sum to 1, each kind at most once, each
// partner a hidden piece of that kind, and exchanging kinds keeps the counts.
TEST(CombatOutcomes, ProbabilitiesSumToOneAndCountsStay) {
  int nodes = 0;
  for (const std::string spec : {"classic", "barrage", "ultimate-lightning"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto v = std::make_shared<const Variant>(load_variant(spec));
      Rng rng(seed);
      const stratego::Setup red = random_setup(*v, kRed, rng), blue = random_setup(*v, kBlue, rng);
      State truth = initial_state(v, red, blue);
      eval::Belief belief(make_view(truth, kRed));
      MoveList list;
      for (int i = 0; i < int(seed) * 30 && !truth.over(); ++i) {
        generate_moves(truth, list);
        if (list.size == 0) break;
        const Move m = list[rng.below(std::uint32_t(list.size))];
        State next = truth;
        next.make(m);
        if (next.over()) break;
        truth = next;
      }
      // The belief from the view of the reached position (no history: every piece's start
      // square unknown, still a real belief).
      eval::Belief now(make_view(truth, kRed));
      eval::BeliefSampler sampler = now.sampler(seed);
      const State world = sampler.sample_state();
      const CombatBelief cb(now.tracker(), sampler.marginals());
      for (int sq = 0; sq < kMaxSquares; ++sq) {
        if (cb.root_ids()[std::size_t(sq)] < 0) continue;
        CombatOutcome out[kNumKinds];
        const int n = combat_outcomes(world, sq, cb.root_ids(), cb, out);
        ASSERT_GT(n, 0);
        double sum = 0;
        for (int i = 0; i < n; ++i) {
          EXPECT_GT(out[i].p, 0);
          sum += out[i].p;
          for (int j = 0; j < i; ++j) EXPECT_NE(out[i].kind, out[j].kind);
          State w = world;
          if (out[i].partner >= 0) {
            EXPECT_EQ(piece_kind(w.at(out[i].partner)), out[i].kind);
            EXPECT_GE(cb.root_ids()[std::size_t(out[i].partner)], 0);
            swap_kinds(w, sq, out[i].partner);
            for (Kind k : kAllKinds)
              EXPECT_EQ(popcount(w.kind_bb(kBlue, k)), popcount(world.kind_bb(kBlue, k)));
            swap_kinds(w, sq, out[i].partner);
            EXPECT_EQ(w, world);
            EXPECT_EQ(w.hash(), world.hash());
          } else {
            EXPECT_EQ(piece_kind(w.at(sq)), out[i].kind);
          }
        }
        EXPECT_NEAR(sum, 1.0, 1e-12) << spec << " seed " << seed;
        ++nodes;
      }
    }
  }
  EXPECT_GT(nodes, 50);
}

}  // namespace stratego::search::alphabeta_test

namespace stratego::bots::alphabeta_test {

struct AbDecision {
  std::string action;
  std::int64_t nodes = 0;
  bool legal = false;
};

AbDecision ab_decision(const std::string& spec, std::uint64_t seed, int plies, int threads,
                       std::int64_t nodes) {
  PrimedSearch primed(SearchPosition{spec, seed, plies}, threads, "alphabeta");
  Limits limits;
  limits.nodes = nodes;
  const SearchOutcome o = primed.search(limits);
  const auto& legal = primed.legal();
  return AbDecision{o.action, o.nodes,
                    std::find(legal.begin(), legal.end(), o.action) != legal.end()};
}

// The second search gets the first's transposition tables back from the store
// (search/pimc_tables.h), emptied: the same decision as on fresh tables.
TEST(AlphaBetaBot, SameSeedSameDecisionAndSearch) {
  for (int threads : {1, 2}) {
    const AbDecision a = ab_decision("classic", 11, 60, threads, 40000),
                     b = ab_decision("classic", 11, 60, threads, 40000);
    EXPECT_TRUE(a.legal) << a.action;
    EXPECT_EQ(a.action, b.action) << threads << " threads";
    EXPECT_EQ(a.nodes, b.nodes) << threads << " threads";
    EXPECT_GT(a.nodes, 0);
  }
}

// Whole games against `random` in every classic-family variant, the bot as Red and as Blue on
// a small node budget: the referee never books an illegal action or a crash.
TEST(AlphaBetaBot, PlaysOnlyLegalMovesInEveryClassicFamilyVariant) {
  for (const std::string base :
       {"classic", "barrage", "duel", "ultimate-lightning", "clone-wars", "clone-wars-powers",
        "classic+rescue+silent-defence+moving-flag", "barrage+attacker-advantage+exploding-bombs",
        "duel+moving-bombs+international", "ultimate-lightning+no-chase"}) {
    const std::string spec = base + "+move_limit=150";
    for (Side ab_side : {kRed, kBlue}) {
      AlphaBetaBot ab;
      ab.set_option("nodes", "1500");
      ab.set_option("worlds", "2");
      RandomBot rnd;
      referee::GameSettings s;
      s.variant = std::make_shared<const Variant>(load_variant(spec));
      s.variant_spec = spec;
      s.seed = 17 + ab_side;
      const referee::GameOutcome o =
          ab_side == kRed ? referee::play_game(ab, rnd, s) : referee::play_game(rnd, ab, s);
      EXPECT_NE(o.reason, "illegal-action") << spec << ": " << o.detail;
      EXPECT_NE(o.reason, "crash") << spec << ": " << o.detail;
      EXPECT_NE(o.reason, "protocol-error") << spec << ": " << o.detail;
      EXPECT_GT(o.decisions, 10) << spec;
    }
  }
}

TEST(AlphaBetaBot, RejectsBadOptions) {
  AlphaBetaBot ab;
  EXPECT_THROW(ab.set_option("worlds", "0"), InputError);
  EXPECT_THROW(ab.set_option("depth", "x"), InputError);
  EXPECT_THROW(ab.set_option("choice", "best"), InputError);
  EXPECT_THROW(ab.set_option("chance", "maybe"), InputError);
  EXPECT_THROW(ab.set_option("exploration", "1"), InputError);
  EXPECT_NO_THROW(ab.set_option("choice", "votes"));
  EXPECT_TRUE(ab.params().votes);
}

}  // namespace stratego::bots::alphabeta_test
