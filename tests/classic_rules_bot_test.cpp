// The classic-family `rules` bot (bots/classic_rules_bot.h): what it does on hand-built
// positions (takes what is known weaker, runs from what is known stronger, takes the flag,
// the Spy on the Marshal, the Clone Wars powers, V-5 rescues), what it learns from what it
// saw (V-6, C-4.5), that it only ever answers with a legal token, that its set-ups are valid
// in every variant, that a seed fixes its game, and that it beats `random`.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>

#include "bots/random_bot.h"
#include "bots/rules_bot.h"
#include "engine/move_text.h"
#include "engine/setup.h"
#include "eval/piece_tracker.h"
#include "heuristic/classic_rules_knowledge.h"
#include "referee/referee.h"
#include "support/position_builder.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

using namespace test_support;
using bots::make_classic_rules_bot;

constexpr std::uint8_t kKnown = kMovedFlag | kRevealedFlag;

// Books every piece of the army that is not on the board as captured, so that what a player
// sees of the counts fits the position.
void book_missing_as_captured(State& s) {
  for (Side side : {kRed, kBlue})
    for (Kind k : kAllKinds)
      s.set_captured(side, k, std::max(0, s.variant().army[k] - popcount(s.kind_bb(side, k))), 0);
}

// As book_missing_as_captured, but one more Blue piece of each kind in `unaccounted` is left
// off the captured pile: the unknown Blue pieces may be any of them.
void book_captured_but(State& s, std::initializer_list<Kind> unaccounted) {
  book_missing_as_captured(s);
  for (Kind k : unaccounted) s.set_captured(kBlue, k, std::max(0, s.captured(kBlue, k) - 1), 0);
}

std::vector<std::string> legal_tokens(const State& s) {
  MoveList list;
  generate_moves(s, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(move_to_text(m, s.geometry()));
  return out;
}

bots::Reply ask(bots::Bot& bot, const State& s) {
  const View view = make_view(s, s.side_to_move());
  bots::Request r;
  r.view = &view;
  r.legal = legal_tokens(s);
  const std::atomic<bool> stop{false};
  return bot.decide(r, stop, {});
}

// The bot's move for the side to move, seen fresh (no earlier observations), for each of a
// few seeds: a rule must not hang on the tie-breaking noise.
std::set<std::string> decisions(const State& s) {
  std::set<std::string> out;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto bot = make_classic_rules_bot();
    bot->new_game({s.variant_ptr(), s.variant().spec, s.side_to_move(), seed, ""});
    out.insert(ask(*bot, s).action);
  }
  return out;
}

// Red's flag in the a1 corner behind two bombs; Blue's flag on j10 with up to 13 more unmoved
// Blue pieces filling its back rows from j10 leftwards (bombs, then the lowest ranks, the army
// allowing): realistic cover, so that no single unknown piece is a likely flag. `extra` are
// placed first and their kinds are not used again.
State with_blue_camp(std::string_view spec, std::initializer_list<Placed> extra) {
  State s = position(spec, {{"a1", kRed, kFlag}, {"a2", kRed, kBomb}, {"b1", kRed, kBomb}});
  std::array<int, kNumKinds> left = s.variant().army;
  for (const Placed& p : extra) {
    s.put(square_of(s, p.square), p.side, p.kind, p.flags);
    if (p.side == kBlue) --left[p.kind];
  }
  const Geometry& g = s.geometry();
  s.put(g.square(g.width() - 1, g.height() - 1), kBlue, kFlag);
  --left[kFlag];
  int i = 0, placed = 0;  // squares after the flag's, right to left along rows 10 and 9
  for (Kind k : {kBomb, kMiner, kScout, kSergeant, kLieutenant, kCaptain})
    for (; left[k] > 0 && placed < 13; --left[k], ++placed) {
      int sq = 0;
      do {
        ++i;
        sq = g.square(g.width() - 1 - i % g.width(), g.height() - 1 - i / g.width());
      } while (s.at(sq) != kNoPiece);
      s.put(sq, kBlue, k);
    }
  book_missing_as_captured(s);
  return s;
}

bool adjacent(const State& s, std::string_view a, std::string_view b) {
  const int x = square_of(s, a), y = square_of(s, b);
  return test(s.geometry().neighbours(square_bb(x)), y);
}

TEST(ClassicRulesBot, CapturesAKnownWeakerPiece) {
  const State s = with_blue_camp("classic", {{"e4", kRed, kColonel},
                                             {"h1", kRed, kMiner},
                                             {"e5", kBlue, kSergeant, kKnown},
                                             {"f7", kBlue, kCaptain, kMovedFlag}});
  EXPECT_EQ(decisions(s), std::set<std::string>{"e4-e5"});
}

TEST(ClassicRulesBot, RetreatsAValuablePieceFromAKnownStrongerAttacker) {
  const State s = with_blue_camp(
      "classic", {{"e4", kRed, kGeneral}, {"j1", kRed, kScout}, {"e5", kBlue, kMarshal, kKnown}});
  for (const std::string& m : decisions(s)) {
    ASSERT_EQ(m.substr(0, 3), "e4-") << m;
    EXPECT_FALSE(adjacent(s, m.substr(3), "e5")) << m << " stays next to the Marshal";
  }
}

TEST(ClassicRulesBot, TakesTheFlagWhenItCan) {
  // Every other Blue piece is known, so the one unmoved unknown piece is the flag.
  State s = position("classic", {{"a1", kRed, kFlag},
                                 {"a2", kRed, kBomb},
                                 {"b1", kRed, kBomb},
                                 {"d9", kRed, kSergeant},
                                 {"j1", kRed, kMarshal},
                                 {"d10", kBlue, kFlag},
                                 {"e9", kBlue, kScout, kKnown},
                                 {"h4", kBlue, kGeneral, kKnown}});
  book_missing_as_captured(s);
  EXPECT_EQ(decisions(s), std::set<std::string>{"d9-d10"});
}

TEST(ClassicRulesBot, UsesTheSpyOnAKnownMarshalNextToIt) {
  const State s = with_blue_camp("classic", {{"e4", kRed, kSpy},
                                             {"j1", kRed, kScout},
                                             {"h1", kRed, kSergeant},
                                             {"e5", kBlue, kMarshal, kKnown}});
  EXPECT_EQ(decisions(s), std::set<std::string>{"e4-e5"});
}

TEST(ClassicRulesBot, ProbesAnUnknownPieceWithAScout) {
  // The moved Blue piece on f6 is a Marshal, General or Colonel as far as Red knows; the Blue
  // flag sits behind two bombs that have shown themselves.
  constexpr std::uint8_t kShown = kRevealedFlag;
  State s = position("classic", {{"a1", kRed, kFlag},
                                 {"a2", kRed, kBomb},
                                 {"b1", kRed, kBomb},
                                 {"f1", kRed, kScout},
                                 {"a3", kRed, kScout},
                                 {"b3", kRed, kScout},
                                 {"c3", kRed, kScout},
                                 {"h1", kRed, kSergeant},
                                 {"i1", kRed, kSergeant},
                                 {"j1", kRed, kLieutenant},
                                 {"j10", kBlue, kFlag},
                                 {"i10", kBlue, kBomb, kShown},
                                 {"j9", kBlue, kBomb, kShown},
                                 {"f6", kBlue, kGeneral, kMovedFlag}});
  book_captured_but(s, {kMarshal, kColonel});
  EXPECT_EQ(decisions(s), std::set<std::string>{"f1-f6"});
}

TEST(ClassicRulesBot, MinersClearKnownBombsLateOtherPiecesLeaveThem) {
  constexpr std::uint8_t kShown = kRevealedFlag;
  State s = position("classic", {{"a1", kRed, kFlag},
                                 {"a2", kRed, kBomb},
                                 {"b1", kRed, kBomb},
                                 {"e8", kRed, kMiner},
                                 {"g8", kRed, kGeneral},
                                 {"h1", kRed, kSergeant},
                                 {"i1", kRed, kSergeant},
                                 {"j10", kBlue, kFlag},
                                 {"i10", kBlue, kBomb, kShown},
                                 {"j9", kBlue, kBomb, kShown},
                                 {"e9", kBlue, kBomb, kShown},
                                 {"g9", kBlue, kBomb, kShown},
                                 {"a7", kBlue, kCaptain, kMovedFlag}});
  book_captured_but(s, {kMajor});
  EXPECT_EQ(decisions(s), std::set<std::string>{"e8-e9"});
  s.remove(square_of(s, "e8"));
  book_missing_as_captured(s);
  for (const std::string& m : decisions(s)) EXPECT_NE(m, "g8-g9");
}

TEST(ClassicRulesBot, CW_4_FiresAtAKnownWeakerPieceTwoSquaresAway) {
  const State s = with_blue_camp(
      "clone-wars-powers",
      {{"e4", kRed, kRangedMajor}, {"h1", kRed, kMiner}, {"e6", kBlue, kCaptain, kKnown}});
  EXPECT_EQ(decisions(s), std::set<std::string>{"F:e4-e6"});
}

TEST(ClassicRulesBot, CW_3_AngerAttacksOnlyWhatItStillBeats) {
  // After one won attack the Anger Captain fights as a 7: the Lieutenant falls, the General
  // would not.
  State s = with_blue_camp("clone-wars-powers", {{"e5", kRed, kAngerCaptain, kKnown},
                                                 {"j1", kRed, kScout},
                                                 {"e6", kBlue, kLieutenant, kKnown},
                                                 {"f5", kBlue, kGeneral, kKnown}});
  s.set_pending_anger(square_of(s, "e5"), 1);
  EXPECT_EQ(decisions(s), std::set<std::string>{"A:e5-e6"});
  s.remove(square_of(s, "e6"));
  book_missing_as_captured(s);
  EXPECT_EQ(decisions(s), std::set<std::string>{"A:-"});
}

TEST(ClassicRulesBot, V_5_RescuesItsMostValuableCapturedPiece) {
  State s = with_blue_camp("classic+rescue",
                           {{"e10", kRed, kSergeant, kMovedFlag}, {"j1", kRed, kScout}});
  s.set_pending_rescue(true, square_of(s, "e10"));
  for (const std::string& m : decisions(s)) EXPECT_EQ(m.substr(0, 4), "R:L@") << m;  // Marshal
}

TEST(ClassicRulesKnowledge, V_6_ASilentDefenderThatSurvivesIsHigherOrABomb) {
  State s = with_blue_camp("classic+silent-defence",
                           {{"e4", kRed, kCaptain}, {"j1", kRed, kScout}, {"e5", kBlue, kMajor}});
  heuristic::EnemyKnowledge know;
  know.reset(s.variant_ptr(), kRed);
  know.update(make_view(s, kRed));
  play(s, "e4-e5");
  know.observe(observe(s, s.history().back(), kRed), make_view(s, kRed));
  know.update(make_view(s, kRed));
  const int e5 = square_of(s, "e5");
  ASSERT_EQ(piece_kind(make_view(s, kRed).board[e5].piece), kUnknown);  // still hidden
  const eval::KindMask higher_or_bomb = eval::kind_bit(kMajor) | eval::kind_bit(kColonel) |
                                        eval::kind_bit(kGeneral) | eval::kind_bit(kMarshal) |
                                        eval::kind_bit(kBomb);
  // The tracker may know more from the counts, but never less than the fight showed.
  EXPECT_EQ(know.mask(e5) & ~higher_or_bomb, 0);
  EXPECT_TRUE(know.mask(e5) & eval::kind_bit(kMajor));
  EXPECT_GT(know.belief(e5)[kMajor], 0.0);
  EXPECT_EQ(know.belief(e5)[kCaptain], 0.0);
}

TEST(ClassicRulesKnowledge, C_4_5_ATwoSquareMoveShowsAScoutOrACaptain) {
  State s = with_blue_camp("ultimate-lightning", {{"e4", kRed, kMarshal}, {"e8", kBlue, kCaptain}});
  s.set_side_to_move(kBlue);
  heuristic::EnemyKnowledge know;
  know.reset(s.variant_ptr(), kRed);
  know.update(make_view(s, kRed));
  EXPECT_NE(know.belief(square_of(s, "e8"))[kBomb], 0.0);  // unmoved: it may be a bomb
  play(s, "e8-e6");
  know.observe(observe(s, s.history().back(), kRed), make_view(s, kRed));
  know.update(make_view(s, kRed));
  EXPECT_EQ(know.mask(square_of(s, "e6")), eval::kind_bit(kScout) | eval::kind_bit(kCaptain));
  EXPECT_EQ(know.mask(square_of(s, "e8")), 0);
}

// Random games of every variant and option stack, seen by both players: what each knows of
// an enemy piece never excludes its true kind, and its belief always leaves the truth possible.
// Judged on another's tracker of the game (as `ismcts` does with its belief's), it knows the
// same to the bit.
TEST(ClassicRulesKnowledge, NeverRulesOutTheTrueKindInEveryVariant) {
  for (const std::string& spec : seeded::all_variant_specs()) {
    const auto v = seeded::load(spec);
    State s = seeded::seeded_start(v, seeded::seed_of(spec, 7));
    std::array<heuristic::EnemyKnowledge, 2> know, borrowed;
    std::vector<eval::PieceTracker> tracker;
    for (Side side : {kRed, kBlue}) {
      know[side].reset(v, side);
      know[side].update(make_view(s, side));  // both follow the game from its start
      borrowed[side].reset(v, side);
      tracker.emplace_back(make_view(s, side));
    }
    Rng rng(seeded::seed_of(spec, 8));
    MoveList list;
    for (int ply = 0; ply < 400 && !s.over(); ++ply) {
      generate_moves(s, list);
      if (list.size == 0) break;
      s.make(list[int(rng.below(std::uint32_t(list.size)))]);
      for (Side side : {kRed, kBlue}) {
        const View view = make_view(s, side);
        const ObservedMove seen = observe(s, s.history().back(), side);
        know[side].observe(seen, view);
        know[side].update(view);
        tracker[std::size_t(side)].update(seen, view);
        borrowed[side].update(view, tracker[std::size_t(side)]);
        for (int sq : squares(s.side_bb(other(side)))) {
          const Kind truth = piece_kind(s.at(sq));
          ASSERT_TRUE(know[side].mask(sq) & eval::kind_bit(truth))
              << spec << " ply " << ply << ": " << side_name(side) << " excludes the "
              << kind_name(truth) << " on " << s.geometry().square_name(sq);
          ASSERT_GT(know[side].belief(sq)[truth], 0.0) << spec << " ply " << ply;
          ASSERT_EQ(borrowed[side].mask(sq), know[side].mask(sq)) << spec << " ply " << ply;
          ASSERT_EQ(borrowed[side].belief(sq), know[side].belief(sq)) << spec << " ply " << ply;
        }
      }
    }
  }
}

// The bot against random moves from thinned random positions of every variant and option
// stack, observing every move: every answer must be one of the legal tokens.
TEST(ClassicRulesBot, OnlyAnswersWithLegalTokensInEveryVariant) {
  for (const std::string& spec : seeded::all_variant_specs()) {
    const auto v = seeded::load(spec);
    for (std::uint64_t game = 0; game < 4; ++game) {
      State s = seeded::seeded_start(v, seeded::seed_of(spec, game), game < 2 ? 1.0 : 0.5);
      const Side me = game % 2 ? kBlue : kRed;
      auto bot = make_classic_rules_bot();
      bot->new_game({v, spec, me, game, ""});
      Rng rng(game);
      MoveList list;
      for (int ply = 0; ply < 160 && !s.over(); ++ply) {
        generate_moves(s, list);
        if (list.size == 0) break;
        Move m = list[int(rng.below(std::uint32_t(list.size)))];
        if (s.side_to_move() == me) {
          const std::vector<std::string> legal = legal_tokens(s);
          const std::string token = ask(*bot, s).action;
          ASSERT_NE(std::find(legal.begin(), legal.end(), token), legal.end())
              << spec << " game " << game << " ply " << ply << ": " << token;
          m = parse_move(token, s.geometry());
        }
        s.make(m);
        bot->observe(bots::observation(observe(s, s.history().back(), me), make_view(s, me)));
      }
    }
  }
}

TEST(ClassicRulesBot, SetupsAreValidAndVaryInEveryVariant) {
  for (const std::string& spec : seeded::all_variant_specs()) {
    const auto v = seeded::load(spec);
    for (Side side : {kRed, kBlue}) {
      std::set<std::string> lines;
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        auto bot = make_classic_rules_bot();
        bot->new_game({v, spec, side, seed, ""});
        const std::string line = bot->setup({});
        stratego::Setup setup;
        ASSERT_NO_THROW(setup = parse_setup(*v, side, line)) << spec << ": " << line;
        lines.insert(line);
        for (const auto& [sq, k] : setup.pieces) {
          if (k != kFlag) continue;
          EXPECT_EQ(v->geometry.row(sq), v->back_row(side)) << spec << ": " << line;
        }
      }
      EXPECT_GE(lines.size(), 10u) << spec << ": set-ups should differ from seed to seed";
    }
  }
}

TEST(ClassicRulesBot, FlagStartsWithBombsAroundItInClassic) {
  const auto v = seeded::load("classic");
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto bot = make_classic_rules_bot();
    bot->new_game({v, "classic", kRed, seed, ""});
    const stratego::Setup setup = parse_setup(*v, kRed, bot->setup({}));
    State s(v);
    for (const auto& [sq, k] : setup.pieces) s.put(sq, kRed, k);
    const int flag = lsb(s.kind_bb(kRed, kFlag));
    const Bitboard around = v->geometry.neighbours(square_bb(flag));
    EXPECT_EQ(around & s.kind_bb(kRed, kBomb), around) << "seed " << seed;
  }
}

referee::GameOutcome rules_against_random(const std::string& spec, std::uint64_t seed,
                                          Side rules_side, bots::Bot& rules) {
  bots::RandomBot random;
  referee::GameSettings settings;
  settings.variant = seeded::load(spec);
  settings.variant_spec = spec;
  settings.seed = seed;
  return rules_side == kRed ? referee::play_game(rules, random, settings)
                            : referee::play_game(random, rules, settings);
}

TEST(ClassicRulesBot, SameSeedSameGame) {
  bots::RulesBot a, b;
  const referee::GameOutcome first = rules_against_random("classic", 11, kRed, a);
  const referee::GameOutcome second = rules_against_random("classic", 11, kRed, b);
  EXPECT_EQ(first.record, second.record);
  EXPECT_GT(first.decisions, 10);
}

TEST(ClassicRulesBot, WinsFixedSeedGamesAgainstRandomInClassic) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Side side = seed % 2 ? kRed : kBlue;
    bots::RulesBot rules;
    const referee::GameOutcome out = rules_against_random("classic", seed, side, rules);
    EXPECT_EQ(out.winner, winner_of(side))
        << "seed " << seed << ": " << out.reason << " " << out.detail;
  }
}

}  // namespace
}  // namespace stratego
