// The play styles of the classic `rules` bot (heuristic/classic_play_style.h, option style=):
// on a built position aggressive attacks an unknown piece that passive leaves alone; over short
// seeded games each style does what it says against the default (more or fewer attacks on
// unknown pieces, more Scout moves, at most kFewPieces pieces moving, choices unlike the
// default's); turtle and reactive attack only what attacked (or came near) and stay home;
// styles combine with setups=; bad names are refused.
#include "heuristic/classic_play_style.h"

#include <gtest/gtest.h>

#include <atomic>
#include <iostream>

#include "bots/bot.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "heuristic/classic_rules_eval.h"
#include "protocol/bot_spec.h"
#include "support/position_builder.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

using namespace test_support;

struct Decision {
  View view;
  std::vector<Move> legal;
  Move chosen;
};

// A game of `plies` plies from seeded_start(seed) between `red` and `blue` bot specs; the
// decisions of `watched`.
std::vector<Decision> short_game(const std::string& red, const std::string& blue,
                                 std::uint64_t seed, Side watched, int plies = 160) {
  const auto v = seeded::load("classic");
  State s = seeded::seeded_start(v, seed);
  std::unique_ptr<bots::Bot> bot[2] = {protocol::make_bot_from_spec(red),
                                       protocol::make_bot_from_spec(blue)};
  for (Side side : {kRed, kBlue}) bot[side]->new_game({v, "classic", side, seed, ""});
  std::vector<Decision> out;
  const std::atomic<bool> stop{false};
  for (int ply = 0; ply < plies && !s.result().over(); ++ply) {
    const Side me = s.side_to_move();
    MoveList list;
    generate_moves(s, list);
    const View view = make_view(s, me);
    bots::Request r;
    r.view = &view;
    for (Move m : list) {
      r.legal.push_back(move_to_text(m, s.geometry()));
      r.actions.push_back(m.raw());
    }
    const std::string token = bot[me]->decide(r, stop, {}).action;
    Move chosen = list[0];
    for (std::size_t i = 0; i < r.legal.size(); ++i)
      if (r.legal[i] == token) chosen = list[int(i)];
    if (me == watched) out.push_back({view, std::vector<Move>(list.begin(), list.end()), chosen});
    s.make(chosen);
    for (Side side : {kRed, kBlue})
      bot[side]->observe(
          bots::observation(observe(s, s.history().back(), side), make_view(s, side)));
  }
  return out;
}

struct Tally {
  int decisions = 0, could_attack = 0, unknown_attacks = 0, scout_moves = 0, most_moving = 0;
};

Tally tally(const std::string& spec, int games = 6) {
  Tally t;
  for (std::uint64_t seed = 1; seed <= std::uint64_t(games); ++seed) {
    const Side side = seed % 2 ? kRed : kBlue;
    const std::string red = side == kRed ? spec : "rules", blue = side == kRed ? "rules" : spec;
    for (const Decision& d : short_game(red, blue, seed, side)) {
      ++t.decisions;
      auto onto_unknown = [&](Move m) {
        const Piece target = d.view.board[m.to()].piece;
        return target != kNoPiece && piece_kind(target) == kUnknown;
      };
      if (std::any_of(d.legal.begin(), d.legal.end(), onto_unknown)) {
        ++t.could_attack;
        if (onto_unknown(d.chosen)) ++t.unknown_attacks;
      }
      if (piece_kind(d.view.board[d.chosen.from()].piece) == kScout) ++t.scout_moves;
      int moving = 0;  // living pieces of the side that have moved, this move's too
      for (int sq = 0; sq < kMaxSquares; ++sq) {
        const ViewSquare& vs = d.view.board[sq];
        if (vs.piece != kNoPiece && piece_side(vs.piece) == side &&
            ((vs.flags & kMovedFlag) || sq == d.chosen.from()))
          ++moving;
      }
      t.most_moving = std::max(t.most_moving, moving);
    }
  }
  return t;
}

TEST(ClassicPlayStyle, AggressiveAttacksAnUnknownPiecePassiveLeavesAlone) {
  // A Red Colonel next to a Blue piece that moved and could be anything that moves; both flags
  // behind bombs. The default rates stepping aside above the attack, by about 9.
  const State s = position("classic", {{"a1", kRed, kFlag},
                                       {"a2", kRed, kBomb},
                                       {"b1", kRed, kBomb},
                                       {"e5", kRed, kColonel, kMovedFlag},
                                       {"j10", kBlue, kFlag},
                                       {"i10", kBlue, kBomb},
                                       {"j9", kBlue, kBomb},
                                       {"e6", kBlue, kSergeant, kMovedFlag}});
  auto choice = [&](const std::string& spec) {
    auto bot = protocol::make_bot_from_spec(spec);
    bot->new_game({s.variant_ptr(), "classic", kRed, 1, ""});
    const View view = make_view(s, kRed);
    bots::Request r;
    r.view = &view;
    MoveList list;
    generate_moves(s, list);
    for (Move m : list) r.legal.push_back(move_to_text(m, s.geometry()));
    const std::atomic<bool> stop{false};
    return bot->decide(r, stop, {}).action;
  };
  EXPECT_NE(choice("rules"), "e5-e6");
  EXPECT_EQ(choice("rules,style=aggressive"), "e5-e6");
  EXPECT_NE(choice("rules,style=passive"), "e5-e6");
}

TEST(ClassicPlayStyle, EachStyleDoesWhatItSaysOverShortGames) {
  const Tally base = tally("rules"), aggressive = tally("rules,style=aggressive"),
              passive = tally("rules,style=passive"), scouts = tally("rules,style=scout-heavy"),
              few = tally("rules,style=few-pieces");
  // Of the decisions where an attack on an unknown piece was legal, the share that took one
  // (the default: 63 of 83); of all decisions, the share of Scout moves (the default: 32 of 291).
  auto taken = [](const Tally& t) {
    return double(t.unknown_attacks) / std::max(1, t.could_attack);
  };
  auto scout_share = [](const Tally& t) {
    return double(t.scout_moves) / std::max(1, t.decisions);
  };
  EXPECT_GT(taken(aggressive), taken(base) + 0.1);
  EXPECT_LT(taken(passive), 0.3 * taken(base));
  EXPECT_GT(scout_share(scouts), 1.5 * scout_share(base));
  EXPECT_LE(few.most_moving, heuristic::kFewPieces);
  EXPECT_GT(base.most_moving, heuristic::kFewPieces + 1);
}

// How often a bot's choice is one the plain rules judgement (from the view alone) rates best,
// within the default's tie-breaking noise.
double agreement_with_rules(const std::string& spec) {
  int same = 0, n = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    for (const Decision& d : short_game(spec, "rules", seed, kRed, 120)) {
      heuristic::EnemyKnowledge know;
      know.reset(d.view.variant, kRed);
      know.update(d.view);
      const heuristic::ClassicRulesEval eval(d.view, know);
      double best = -1e18;
      for (Move m : d.legal) best = std::max(best, eval.score(m));
      ++n;
      same += eval.score(d.chosen) >= best - 0.5;
    }
  return double(same) / std::max(1, n);
}

TEST(ClassicPlayStyle, NearRandomMostlyDiffersFromTheRulesChoice) {
  const double plain = agreement_with_rules("rules");
  const double near_random = agreement_with_rules("rules,style=near-random");
  EXPECT_GT(plain, 0.8);
  EXPECT_LT(near_random, 0.5);
  EXPECT_GT(near_random, 0.1);  // a little of the rules judgement is left
}

TEST(ClassicPlayStyle, TurtleAttacksOnlyWhatAttackedItReactiveAlsoWhatCameNear) {
  // A Red Marshal on e4 next to a Blue Sergeant on e5; every other Red move stays home.
  const State s = position("classic", {{"a1", kRed, kFlag},
                                       {"a2", kRed, kBomb},
                                       {"b1", kRed, kBomb},
                                       {"e4", kRed, kMarshal, kMovedFlag},
                                       {"j10", kBlue, kFlag},
                                       {"i10", kBlue, kBomb},
                                       {"j9", kBlue, kBomb},
                                       {"e5", kBlue, kSergeant, kMovedFlag | kRevealedFlag}});
  const View view = make_view(s, kRed);
  MoveList list;
  generate_moves(s, list);
  const std::vector<Move> moves(list.begin(), list.end());
  const Move attack = test_support::parse_move(s, "e4-e5");
  ASSERT_NE(std::find(moves.begin(), moves.end(), attack), moves.end());
  // Whether the style leaves the attack allowed (and forbids nothing else) after Blue's `last`.
  const auto attack_allowed = [&](heuristic::PlayStyle style, const ObservedMove& last) {
    std::vector<double> scores(moves.size(), 0.0);
    Rng rng(1);
    heuristic::apply_play_style(style, view, moves, scores, rng, last);
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (moves[i] != attack) EXPECT_EQ(scores[i], 0.0) << move_to_text(moves[i], s.geometry());
    return scores[std::size_t(std::find(moves.begin(), moves.end(), attack) - moves.begin())] == 0;
  };
  const Move e6_e5 = test_support::parse_move(s, "e6-e5");
  const ObservedMove step{kBlue, e6_e5, kSergeant};  // it stepped next to the Marshal
  const ObservedMove won{kBlue, e6_e5, kSergeant, true, kScout, Outcome::kAttackerWins};
  EXPECT_FALSE(attack_allowed(heuristic::PlayStyle::kTurtle, step));
  EXPECT_TRUE(attack_allowed(heuristic::PlayStyle::kReactive, step));
  EXPECT_TRUE(attack_allowed(heuristic::PlayStyle::kTurtle, won));
  EXPECT_FALSE(attack_allowed(heuristic::PlayStyle::kTurtle, ObservedMove{}));  // no move yet
}

// Over short games against the default: the turtle attacks almost never unless a piece of its
// own was just taken (the default attacks dozens of times), keeps to its set-up rows and moves
// few pieces (kShufflers, more only when the two-squares rule or a block leaves it nothing else).
TEST(ClassicPlayStyle, TurtleStaysHomeShufflesFewPiecesAndOnlyAnswersAttacks) {
  const auto v = seeded::load("classic");
  int unanswered = 0, outside_home = 0, turtle_moving = 0, default_attacks = 0;
  const auto moving = [](const Decision& d) {
    int n = 0;
    for (const ViewSquare& vs : d.view.board)
      n += vs.piece != kNoPiece && piece_side(vs.piece) == kRed && (vs.flags & kMovedFlag);
    return n;
  };
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::vector<Decision> ds = short_game("rules,style=turtle", "rules", seed, kRed, 200);
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const Decision& d = ds[i];
      const bool attack = d.view.board[d.chosen.to()].piece != kNoPiece;
      const bool just_lost =
          i > 0 && d.view.captured_known[kRed] != ds[i - 1].view.captured_known[kRed];
      unanswered += attack && !just_lost;
      outside_home += !attack && !test(v->setup_zone(kRed), d.chosen.to());
    }
    turtle_moving = std::max(turtle_moving, moving(ds.back()));
    for (const Decision& d : short_game("rules", "rules", seed, kRed, 200))
      default_attacks += d.view.board[d.chosen.to()].piece != kNoPiece;
  }
  EXPECT_LE(unanswered, 3);
  EXPECT_LE(outside_home, 3);
  EXPECT_GT(default_attacks, 10);
  EXPECT_LE(turtle_moving, 6);
  std::cout << "turtle: " << unanswered << " unanswered attacks, " << outside_home
            << " moves out of home, at most " << turtle_moving
            << " pieces moved; default: " << default_attacks << " attacks\n";
}

TEST(ClassicPlayStyle, CombinesWithSetupsAndRefusesUnknownStyles) {
  auto bot = protocol::make_bot_from_spec("rules,style=aggressive,setups=forward-bombs");
  const auto v = seeded::load("classic");
  bot->new_game({v, "classic", kBlue, 3, ""});
  const std::string line = bot->setup({});
  EXPECT_EQ(std::count(line.begin() + 30, line.end(), 'B'), 6) << line;
  EXPECT_THROW(protocol::make_bot_from_spec("rules,style=reckless"), InputError);
  for (const std::string& name : heuristic::play_style_names())
    EXPECT_EQ(heuristic::play_style_name(*heuristic::parse_play_style(name)), name);
}

}  // namespace
}  // namespace stratego
