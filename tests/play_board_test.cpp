// `stratego play` boards (play/play_board.h, play/play_board_waterloo.h): golden text of a
// classic and a Waterloo view, plain, and the views never show what the player may not know
// (C-8, W-15): positions that differ only in hidden facts render the same.
#include "play/play_board.h"

#include <gtest/gtest.h>

#include "engine/move_text.h"
#include "play/play_board_waterloo.h"
#include "tests/support/position_builder.h"
#include "tests/support/waterloo_position.h"

namespace stratego::bots {
namespace {

using test_support::Placed;

constexpr std::uint8_t kMoved = kMovedFlag, kShown = kMovedFlag | kRevealedFlag;

// A small classic position: Red's Marshal was revealed in a fight, Blue's Scout too; the
// piece on e7 has moved, the one on e9 has not. e7 and e9 hold what the test asks.
State classic_position(Kind e7, Kind e9) {
  State s = test_support::position("classic", {{"a1", kRed, kFlag},
                                               {"b1", kRed, kBomb},
                                               {"b2", kRed, kScout, kMoved},
                                               {"c3", kRed, kSpy},
                                               {"e4", kRed, kMarshal, kShown},
                                               {"b7", kBlue, kScout, kShown},
                                               {"e7", kBlue, e7, kMoved},
                                               {"e9", kBlue, e9},
                                               {"i10", kBlue, kFlag},
                                               {"j10", kBlue, kBomb}});
  s.set_captured(kRed, kCaptain, 1, 0);
  s.set_captured(kBlue, kMiner, 2, 1);  // one of them went face down (V-6)
  return s;
}

std::string classic_text(const State& s, Side viewer) {
  const View v = make_view(s, viewer);
  return play::render_player_board(v, false) + play::captured_text(v);
}

TEST(PlayBoard, ClassicViewGolden) {
  const std::string expected =
      "      a    b    c    d    e    f    g    h    i    j\n"
      " 10   .    .    .    .    .    .    .    .   [?]  [?]  10\n"
      "  9   .    .    .    .   [?]   .    .    .    .    .   9\n"
      "  8   .    .    .    .    .    .    .    .    .    .   8\n"
      "  7   .   [2]   .    .   [?]'  .    .    .    .    .   7\n"
      "  6   .    .   ~~   ~~    .    .   ~~   ~~    .    .   6\n"
      "  5   .    .   ~~   ~~    .    .   ~~   ~~    .    .   5\n"
      "  4   .    .    .    .   10*   .    .    .    .    .   4\n"
      "  3   .    .    S    .    .    .    .    .    .    .   3\n"
      "  2   .    2    .    .    .    .    .    .    .    .   2\n"
      "  1   F    B    .    .    .    .    .    .    .    .   1\n"
      "      a    b    c    d    e    f    g    h    i    j\n"
      "Captured: yours Captain (6); theirs Miner (3), 1 face down";
  EXPECT_EQ(classic_text(classic_position(kColonel, kGeneral), kRed), expected);
}

TEST(PlayBoard, ClassicBlueSeesFromHisOwnBackRow) {
  const std::string text = classic_text(classic_position(kColonel, kGeneral), kBlue);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "      j    i    h    g    f    e    d    c    b    a");
  EXPECT_NE(text.find("  1   .    .    .    .    .    .    .    .   [?]  [?]  1\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  4   .    .    .    .    .  [10]   .    .    .    .   4\n"),
            std::string::npos)
      << "Red's Marshal was shown in a fight";
  EXPECT_NE(text.find("  7   .    .    .    .    .    8    .    .    2*   .   7\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Captured: yours Miner (3) x2; theirs Captain (6)"), std::string::npos)
      << "a player knows his own face-down losses";
}

TEST(PlayBoard, C_8_ClassicBoardShowsNothingHidden) {
  // e7 and e9 are hidden from Red: whatever they are, Red's board reads the same and shows
  // them as [?]; Blue, who knows them, sees the difference (so the comparison can fail).
  const State a = classic_position(kColonel, kGeneral), b = classic_position(kSpy, kMarshal);
  EXPECT_EQ(classic_text(a, kRed), classic_text(b, kRed));
  EXPECT_NE(classic_text(a, kBlue), classic_text(b, kBlue));
  for (const char* leak : {"[8]", "[9]", "[S]", "[B]", "[F]"})
    EXPECT_EQ(classic_text(a, kRed).find(leak), std::string::npos) << leak;
}

TEST(PlayBoard, MovesAndCombatInWords) {
  State s = test_support::position("classic", {{"b4", kRed, kCaptain},
                                               {"b5", kBlue, kLieutenant},
                                               {"a1", kRed, kFlag},
                                               {"g7", kBlue, kSergeant},
                                               {"j10", kBlue, kFlag}});
  const Geometry& g = s.geometry();
  s.make(Move::normal(*g.parse_square("b4"), *g.parse_square("b5")));
  EXPECT_EQ(play::describe_move(observe(s, s.history().back(), kRed), kRed, g),
            "b4xb5: your Captain (6) beat their Lieutenant (5)");
  EXPECT_EQ(play::describe_move(observe(s, s.history().back(), kBlue), kBlue, g),
            "b4xb5: their Captain (6) beat your Lieutenant (5)");
  s.make(Move::normal(*g.parse_square("g7"), *g.parse_square("g6")));
  EXPECT_EQ(play::describe_move(observe(s, s.history().back(), kRed), kRed, g),
            "g7-g6: Blue moved a piece");
  EXPECT_EQ(play::describe_move(observe(s, s.history().back(), kBlue), kBlue, g),
            "g7-g6: you moved your Sergeant (4)");

  // V-6: a defender that wins silently stays unseen.
  State q = test_support::position(
      "classic+silent-defence",
      {{"b4", kRed, kCaptain}, {"b5", kBlue, kMajor}, {"a1", kRed, kFlag}, {"j10", kBlue, kFlag}});
  q.make(Move::normal(*g.parse_square("b4"), *g.parse_square("b5")));
  EXPECT_EQ(play::describe_move(observe(q, q.history().back(), kRed), kRed, g),
            "b4xb5: your Captain (6) lost to their unseen piece");
}

using UC = waterloo::UnitClass;

// A Standard position in the French turn 3: pieces of every kind of knowledge (own, hidden,
// revealed, weakened, in a building, Prussian), reserves, captures, cards and retreat cards.
// The Allied infantry on c7 has the strength the test asks.
waterloo::testing::Position waterloo_position(int c7_strength) {
  waterloo::testing::Position p("waterloo-standard");
  p.french(UC::kInfantry, 3, "c4");
  p.french(UC::kCommander, 5, "d4");
  p.french(UC::kCommanderInChief, 0, "e4");
  p.s.set_strength(p.french(UC::kHeavyCavalry, 4, "f4"), 3);
  p.french(UC::kArtillery, 0, "g3");
  p.s.move_unit_to(p.french(UC::kInfantry, 3, "a1"), waterloo::Where::kReserve);
  p.allied(UC::kInfantry, c7_strength, "c7");
  const int lc = p.allied(UC::kLightCavalry, 2, "e8");
  p.allied(UC::kInfantry, 3, "b5");
  p.prussian(UC::kInfantry, 3, "l5");
  const int li = p.allied(UC::kLightInfantry, 1, "a10");
  p.s.move_unit_to(li, waterloo::Where::kCaptured);
  waterloo::Core c = p.s.core();
  c.units[lc].revealed = 3;  // both saw it in a fight
  c.units[li].revealed = 3;
  p.s.set_core(c);
  p.s.set_hand(kBlue, waterloo::CardKind::kInitiative, 2);
  p.s.set_hand(kRed, waterloo::CardKind::kBattleLust, 1);
  p.s.set_retreat_sector(kRed, 1);
  p.s.set_retreat_sector(kBlue, 2);
  p.s.set_tile_hp(0, 3);
  p.s.begin_turn(3, kBlue);
  return p;
}

std::string waterloo_text(const waterloo::WaterlooState& s, Side viewer) {
  const waterloo::WaterlooView v = waterloo::make_view(s, viewer);
  return play::render_player_board(v, false) + play::status_text(v);
}

TEST(PlayBoard, WaterlooViewGolden) {
  const std::string expected =
      "    a     b     c     d     e     f     g     h     i     j     k     l\n"
      "10  .     .     .     .     .     .     .     .     .     .     .     .    10\n"
      " 9  .     .     .     .     .    ^.    ^.     .     .     .     .     .    9\n"
      " 8  .     .     .     .     C2   ^.    ^.     .     .     .     .     .    8\n"
      " 7  .     .     I?    .     .     .     .     .     .     .     .     .    7\n"
      " 6  .    #.    #.     .     .    #.    #.     .     .     .     .    +.    6\n"
      " 5  .    #I?   #.     .     .    #.    #.     .     .     .     .    +*I?  5\n"
      " 4  .     .     i3    m5    k0    h4-1  .     .     .     .     .     .    4\n"
      " 3  .     .     .     .     .     .     a0    .     .     .     .     .    3\n"
      " 2  .     .     .     .     .     .     .     .     .     .     .     .    2\n"
      " 1  .     .     .     .     .     .     .     .     .     .     .     .    1\n"
      "    a     b     c     d     e     f     g     h     i     j     k     l\n"
      "Turn 3 of 40 (12:00). French turn: 0 actions used, 3 left.\n"
      "You (French): reserve i3; captured -; line of retreat sector i-l\n"
      "  cards in hand initiative x2; played -\n"
      "Enemy (Allies): reserve -; captured L1; line of retreat hidden\n"
      "  cards in hand battle-lust; played -\n"
      "hougoumont: 3 hit points\n"
      "la-haye-sainte: 4 hit points\n";
  EXPECT_EQ(waterloo_text(waterloo_position(4).s, kBlue), expected);
}

TEST(PlayBoard, W_15_WaterlooBoardShowsNothingHidden) {
  // The Allied infantry on c7 is hidden from the French (W-15.1), the Prussian on l5 from
  // both (W-9.1), the French commanders look like light cavalry to the Allies (W-2), the
  // French reserve shows its class only (W-15.3), the French retreat card is unseen (W-11.1).
  const auto a = waterloo_position(4), b = waterloo_position(5);
  EXPECT_EQ(waterloo_text(a.s, kBlue), waterloo_text(b.s, kBlue));
  EXPECT_NE(waterloo_text(a.s, kRed), waterloo_text(b.s, kRed))
      << "the Allies know their own piece";
  const std::string allied = waterloo_text(a.s, kRed);
  EXPECT_EQ(allied.substr(0, allied.find('\n')),
            "    l     k     j     i     h     g     f     e     d     c     b     a")
      << "the Allies look from row 10";
  EXPECT_NE(
      allied.find(" 4  .     .     .     .     .     .     h?-1  c?    c?    i?    .     .    4\n"),
      std::string::npos)
      << allied;
  EXPECT_NE(allied.find(" 5 +*I?"), std::string::npos)
      << "the Allies do not know their Prussian either";
  EXPECT_NE(allied.find("Enemy (French): reserve i?; captured -; line of retreat hidden"),
            std::string::npos);
  EXPECT_NE(allied.find("You (Allies): reserve -; captured L1; line of retreat sector e-h"),
            std::string::npos);
}

TEST(PlayBoard, WaterlooStepsInWords) {
  const auto variant = test_support::variant_of("waterloo-basic");
  const Geometry& g = variant->geometry;
  waterloo::ObservedStep die;
  die.chance = true;
  die.action = "die:red+";
  EXPECT_EQ(play::describe_step(die, kBlue, g),
            "Die roll red+: the Allied piece wins and attacks on (W-5.6)");
  waterloo::ObservedStep attack;
  attack.actor = kBlue;
  attack.action = "e5xe6/n";
  const waterloo::SeenUnit i3{waterloo::Army::kFrench, UC::kInfantry, 3},
      big{waterloo::Army::kAllied, UC::kInfantry, 4};
  attack.shown = {{*g.parse_square("e5"), i3}, {*g.parse_square("e6"), big}};
  attack.captured = {{*g.parse_square("e5"), i3}};
  EXPECT_EQ(play::describe_step(attack, kRed, g),
            "French: attacked e6 from e5 (e5xe6/n); shown i3 on e5, I4 on e6; captured i3 on e5");
  EXPECT_EQ(play::describe_step(attack, kBlue, g),
            "You: attacked e6 from e5 (e5xe6/n); shown i3 on e5, I4 on e6; captured i3 on e5");
  // Issue 61: every step in words, the token after it.
  waterloo::ObservedStep step;
  step.actor = kRed;
  for (const auto& [token, words] : std::vector<std::pair<std::string, std::string>>{
           {"take:battle-lust", "Allies: took the Battle Lust card (take:battle-lust)"},
           {"e4xd4/s", "Allies: attacked d4 from d5, starting on e4 (e4xd4/s)"},
           {"fire:e8-e5", "Allies: fired from e8 at e5 (fire:e8-e5)"},
           {"place:I3@a10", "Allies: placed I3 from the reserve on a10 (place:I3@a10)"},
           {"off:e7", "Allies: took the weakened heavy cavalry on e7 off to recover (off:e7)"},
           {"end", "Allies: ended the turn (end)"}}) {
    step.action = token;
    EXPECT_EQ(play::describe_step(step, kBlue, g), words);
  }
  waterloo::ObservedStep card;
  card.chance = true;
  card.actor = kRed;
  card.action = "retreat:?";
  EXPECT_EQ(play::describe_step(card, kBlue, g),
            "The Allies drew their line-of-retreat card (hidden)");
  card.action = "retreat:1";
  EXPECT_EQ(play::describe_step(card, kRed, g), "Your line-of-retreat card: sector e-h");
}

}  // namespace
}  // namespace stratego::bots
