// The Waterloo `rules` bot (bots/waterloo_rules_bot.h): on positions built for it, it fires
// artillery where it hits (W-6), keeps its commanders out of losing fights (W-5.1), takes a
// lines-of-retreat, centre-sector or pursuit win when one is there (W-11.1, W-13.2, W-13.5),
// plays Battle Lust only when it turns the fight (W-12.7); across random positions of every
// Waterloo variant it answers only legal tokens and legal set-ups (W-4); it beats `random` in
// a few fixed-seed games and replays the same game for the same seed.
#include "bots/waterloo_rules_bot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bots/random_bot.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"
#include "referee/referee.h"
#include "tests/support/waterloo_hidden.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;
using bots::WaterlooRulesBot;

std::vector<std::string> tokens_of(const WaterlooState& s) {
  ActionList list;
  s.legal_actions(list);
  std::vector<std::string> out;
  for (Action a : list) out.push_back(action_token(s, a));
  return out;
}

// A bot for `side` of the position's variant, started with a fixed seed.
std::unique_ptr<WaterlooRulesBot> bot_for(const Position& p, Side side, std::uint64_t seed = 7) {
  auto bot = std::make_unique<WaterlooRulesBot>();
  bots::GameStart g;
  g.variant = p.v;
  g.variant_spec = p.v->spec;
  g.side = side;
  g.seed = seed;
  bot->new_game(g);
  return bot;
}

// The bot's answer at the state's decision; checks that it is one of the legal tokens.
std::string ask(bots::Bot& bot, const WaterlooState& s) {
  const WaterlooView view = make_view(s, s.current_player());
  bots::Request r;
  r.view = &view;
  r.legal = tokens_of(s);
  const std::atomic<bool> stop{false};
  const std::string t = bot.decide(r, stop, {}).action;
  EXPECT_NE(std::find(r.legal.begin(), r.legal.end(), t), r.legal.end()) << t;
  return t;
}

void reveal(WaterlooState& s, int id) {
  Core c = s.core();
  c.units[id].revealed = 3;
  s.set_core(c);
}

TEST(WaterlooRulesBot, W_6_1_FiresArtilleryAtATargetItCanHit) {
  Position p("waterloo-basic");
  p.french(UC::kArtillery, 0, "e4");
  p.french(UC::kInfantry, 3, "k2");
  p.allied(UC::kInfantry, 3, "e6");  // two squares ahead, nothing between: in range
  p.allied(UC::kInfantry, 3, "a9");
  p.s.begin_turn(1, kBlue);
  auto bot = bot_for(p, kBlue);
  EXPECT_EQ(ask(*bot, p.s), "fire:e4-e6");
}

TEST(WaterlooRulesBot, W_5_1_CommanderNeitherAttacksAStrongerPieceNorStaysInItsReach) {
  Position p("waterloo-basic");
  const int ney = p.french(UC::kCommander, 5, "e4");
  p.french(UC::kInfantry, 3, "k2");
  const int hc = p.allied(UC::kHeavyCavalry, 6, "e5");  // known 6: beats the commander's 5
  reveal(p.s, hc);
  p.allied(UC::kInfantry, 3, "a9");
  p.s.begin_turn(1, kBlue);
  const auto legal = tokens_of(p.s);
  ASSERT_NE(std::find(legal.begin(), legal.end(), "e4xe5/n"), legal.end());
  auto bot = bot_for(p, kBlue);
  for (int i = 0; i < 4 && p.s.side_to_move() == kBlue && !p.s.over(); ++i) {
    const std::string t = ask(*bot, p.s);
    EXPECT_NE(t, "e4xe5/n");
    p.s.apply(parse_action_token(p.s, t));
  }
  ASSERT_EQ(p.s.unit(ney).where, Where::kBoard);
  ASSERT_EQ(p.s.side_to_move(), kRed);
  // The Allies to move: no action of theirs may attack the commander now.
  ActionList list;
  p.s.legal_actions(list);
  for (Action a : list)
    EXPECT_FALSE(a.type() == ActionType::kMove && a.to() == int(p.s.unit(ney).sq))
        << action_token(p.s, a);
}

TEST(WaterlooRulesBot, W_11_1_TakesTheLinesOfRetreatWin) {
  Position p("waterloo-basic");
  p.s.set_retreat_sector(kRed, 2);  // the Allied card: i10-l10
  p.s.set_retreat_sector(kBlue, 0);
  p.french(UC::kLightCavalry, 2, "i10");
  p.french(UC::kLightCavalry, 2, "l5");  // l6..l10 empty: one move to the second square
  p.french(UC::kHeavyCavalry, 6, "a5");
  p.allied(UC::kInfantry, 3, "a8");
  p.allied(UC::kInfantry, 3, "d9");
  p.s.begin_turn(1, kBlue);
  auto bot = bot_for(p, kBlue);
  p.s.apply(parse_action_token(p.s, ask(*bot, p.s)));
  EXPECT_EQ(p.s.result().winner, Winner::kBlue);
  EXPECT_EQ(p.s.result().reason, EndReason::kLinesOfRetreat);
}

TEST(WaterlooRulesBot, W_13_2_FrenchTakeTheCentreSectorWin) {
  Position p("waterloo-expert");
  p.french(UC::kLightCavalry, 2, "e10");
  p.french(UC::kHeavyCavalry, 4, "h4");  // h5..h10 empty
  p.french(UC::kInfantry, 3, "b3");
  p.allied(UC::kInfantry, 3, "b5");
  p.allied(UC::kInfantry, 3, "k9");
  p.s.begin_turn(1, kBlue);
  auto bot = bot_for(p, kBlue);
  p.s.apply(parse_action_token(p.s, ask(*bot, p.s)));
  EXPECT_EQ(p.s.result().winner, Winner::kBlue);
  EXPECT_EQ(p.s.result().reason, EndReason::kCentreSector);
}

TEST(WaterlooRulesBot, W_13_5_StartsThePursuitWithALeadAndEndsItAtOnce) {
  Position p("waterloo-expert");
  p.s.set_captured_count(kBlue, 6);      // six French pieces taken, no Allied: a lead of 6
  p.allied(UC::kInfantry, 3, "b1");      // already on the French sector a1-d1
  p.allied(UC::kLightCavalry, 2, "d5");  // d4..d1 empty: the second piece in one move
  p.allied(UC::kInfantry, 3, "e9");
  p.french(UC::kInfantry, 3, "h3");
  p.french(UC::kInfantry, 3, "l1");
  p.s.begin_turn(1, kRed);
  auto bot = bot_for(p, kRed);
  // Two Allied pieces on a French sector make the French retreat (W-13.2); the Allies pursue.
  for (int i = 0; i < 3 && !p.s.in_pursuit() && !p.s.over(); ++i)
    p.s.apply(parse_action_token(p.s, ask(*bot, p.s)));
  ASSERT_TRUE(p.s.in_pursuit() || p.s.over());
  for (int i = 0; i < 4 && !p.s.over() && p.s.current_player() == kRed; ++i)
    p.s.apply(parse_action_token(p.s, ask(*bot, p.s)));
  EXPECT_EQ(p.s.result().winner, Winner::kRed);
  EXPECT_EQ(p.s.result().reason, EndReason::kPursuit);
}

TEST(WaterlooRulesBot, W_13_5_TheRetreatingSideSavesItsThreatenedPieceFirst) {
  Position p("waterloo-expert");
  p.allied(UC::kInfantry, 3, "b1");
  p.allied(UC::kLightCavalry, 2, "d5");
  p.allied(UC::kHeavyCavalry, 6, "h6");
  p.french(UC::kInfantry, 3, "h3");
  p.french(UC::kInfantry, 3, "g3");
  p.french(UC::kInfantry, 3, "l1");
  p.s.begin_turn(1, kRed);
  p.s.apply(p.move("d5", "d1"));  // two Allied pieces on a French sector: the French retreat
  ASSERT_TRUE(p.s.in_pursuit());
  p.s.apply(p.attack("h6", "h3", kSouth));  // the pursuing cavalry takes h3, now beside g3
  p.s.apply(p.end_turn());
  ASSERT_EQ(p.s.current_player(), kBlue);
  auto bot = bot_for(p, kBlue);
  EXPECT_EQ(ask(*bot, p.s), "save:g3");
}

TEST(WaterlooRulesBot, W_12_7_PlaysBattleLustOnlyWhenItTurnsTheFight) {
  for (const int strength : {3, 6}) {
    Position p("waterloo-standard");
    p.s.set_hand(kBlue, CardKind::kBattleLust, 1);
    p.french(strength == 3 ? UC::kInfantry : UC::kHeavyCavalry, strength, "e4");
    p.french(UC::kInfantry, 3, "k2");
    reveal(p.s, p.allied(UC::kInfantry, 3, "e5"));
    p.s.begin_turn(1, kBlue);
    auto bot = bot_for(p, kBlue);
    p.s.apply(p.attack("e4", "e5", kNorth));
    ASSERT_EQ(p.s.phase(), Phase::kBattleLust);
    // 3 against 3 is a die roll; with the card 4 beats 3. A 6 wins anyway: keep the card.
    EXPECT_EQ(ask(*bot, p.s), strength == 3 ? "lust:yes" : "lust:no") << strength;
  }
}

// Plays a game of `spec` where every decision is put to the rules bot of the deciding side
// (checked legal) and played half of the time, a random legal action otherwise.
void mixed_game(const std::string& spec, std::uint64_t seed, std::set<Phase>& phases) {
  const auto v = load(spec);
  WaterlooState s(v);
  s.set_keep_history(false);
  Rng rng(seed);
  std::unique_ptr<WaterlooRulesBot> bot[2];
  for (Side side : {kRed, kBlue}) {
    bot[side] = std::make_unique<WaterlooRulesBot>();
    bot[side]->new_game(bots::GameStart{v, spec, side, seed, "random"});
  }
  ActionList list;
  for (int step = 0; step < 4000 && !s.over(); ++step) {
    if (s.phase() == Phase::kSetup) {
      const Side side = s.current_player();
      const WaterlooView view = make_view(s, side);
      bots::SetupRequest r;
      r.view = &view;
      ASSERT_NO_THROW(s.apply_setup(side, parse_setup_tokens(s, side, bot[side]->setup(r))))
          << spec;
      continue;
    }
    if (s.is_chance()) {
      s.apply_random_chance(rng);
      continue;
    }
    phases.insert(s.phase());
    const std::string t = ask(*bot[s.current_player()], s);
    if (rng.below(2) == 0) {
      s.apply(parse_action_token(s, t));
    } else {
      s.legal_actions(list);
      s.apply(list[int(rng.below(std::uint32_t(list.size)))]);
    }
  }
}

TEST(WaterlooRulesBot, AnswersOnlyLegalTokensInRandomPositionsOfEveryVariant) {
  std::set<Phase> phases;
  for (const std::string& spec : waterloo_variants())
    for (std::uint64_t seed : {1, 2}) {
      SCOPED_TRACE(spec + " seed " + std::to_string(seed));
      mixed_game(spec, seed, phases);
    }
  // The games reached the decisions outside the plain action phase too.
  for (Phase ph : {Phase::kAction, Phase::kDraft, Phase::kBattleLust, Phase::kEarlyStart})
    EXPECT_TRUE(phases.count(ph)) << phase_name(ph);
}

TEST(WaterlooRulesBot, W_4_SetupsAreLegalWithCommandersOnTheBackRow) {
  for (const std::string& spec : waterloo_variants())
    for (const bool early : {false, true})
      for (std::uint64_t seed : {3, 4}) {
        const auto v = load(spec);
        if (early && !v->waterloo.early_start) continue;
        SCOPED_TRACE(spec + (early ? " early start" : "") + " seed " + std::to_string(seed));
        WaterlooState s(v);
        Rng rng(seed);
        ActionList list;
        while (s.phase() != Phase::kSetup) {  // the early start (W-14.1) and the draft
          s.legal_actions(list);
          Action a = list[int(rng.below(std::uint32_t(list.size)))];
          if (s.phase() == Phase::kEarlyStart)
            a = Action::make(ActionType::kEarlyStart, 0, 0, 0, early ? 1 : 0);
          s.apply(a);
        }
        for (Side side : {kRed, kBlue}) {
          WaterlooRulesBot bot;
          bot.new_game(bots::GameStart{v, spec, side, seed, ""});
          const WaterlooView view = make_view(s, side);
          bots::SetupRequest r;
          r.view = &view;
          ASSERT_NO_THROW(s.apply_setup(side, parse_setup_tokens(s, side, bot.setup(r))));
          const Army army = side == kRed ? Army::kAllied : Army::kFrench;
          for (int id : {s.commander(army), s.commander_in_chief(army)}) {
            ASSERT_EQ(s.unit(id).where, Where::kBoard);
            EXPECT_TRUE(test(s.back_row(side), s.unit(id).sq))
                << s.geometry().square_name(s.unit(id).sq);
          }
          int reserves = 0;
          for (int id = s.army_begin(army); id < s.army_end(army); ++id)
            reserves += s.unit(id).where == Where::kReserve;
          EXPECT_EQ(reserves, side == kBlue && early ? 14 : 0);  // W-14.1: exactly its 14
        }
      }
}

TEST(WaterlooRulesBot, WinsFixedSeedGamesAgainstRandomInStandard) {
  referee::GameSettings settings;
  settings.variant = load("waterloo-standard");
  settings.variant_spec = "waterloo-standard";
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    WaterlooRulesBot rules;
    bots::RandomBot random;
    settings.seed = seed;
    const bool red = seed % 2 == 1;
    const referee::GameOutcome o = red ? referee::play_game(rules, random, settings)
                                       : referee::play_game(random, rules, settings);
    EXPECT_EQ(o.winner, red ? Winner::kRed : Winner::kBlue)
        << "seed " << seed << ": " << o.reason << " " << o.detail;
    EXPECT_TRUE(o.reason == "lines-of-retreat" || o.reason == "commander-in-chief" ||
                o.reason == "actions-lost")
        << o.reason;
  }
}

TEST(WaterlooRulesBot, SameSeedSameGame) {
  referee::GameSettings settings;
  settings.variant = load("waterloo-expert");
  settings.variant_spec = "waterloo-expert";
  settings.seed = 5;
  std::string records[2];
  for (auto& record : records) {
    WaterlooRulesBot red, blue;
    record = referee::play_game(red, blue, settings).record;
  }
  EXPECT_EQ(records[0], records[1]);
  EXPECT_NE(records[0].find("result"), std::string::npos);
}

}  // namespace
}  // namespace stratego::waterloo::testing
