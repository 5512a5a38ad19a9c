// Waterloo in words (play/waterloo_words.h, issue 61): a piece, a card, a die face and each
// decision said in words from the player's view, the terminal's 80-column board and key, and
// an illegal action answered with the rule that forbids it, as the terminal and the page of
// `stratego serve` both say it.
#include "play/waterloo_words.h"

#include <gtest/gtest.h>

#include "engine/rng.h"
#include "engine/waterloo/action_token.h"
#include "play/play_board_waterloo.h"
#include "play/play_input.h"
#include "tests/support/waterloo_position.h"

namespace stratego::bots {
namespace {

using waterloo::Army;
using waterloo::SeenUnit;
using WC = waterloo::UnitClass;
using waterloo::testing::Position;

// The widest line of `text`, in characters (UTF-8 continuation bytes do not count).
std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0, n = 0;
  for (char c : text) {
    if (c == '\n') {
      widest = std::max(widest, n);
      n = 0;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++n;
    }
  }
  return std::max(widest, n);
}

TEST(WaterlooWords, PiecesAreNamedAsTheViewerKnowsThem) {
  EXPECT_EQ(play::unit_words(SeenUnit{Army::kAllied, WC::kInfantry, 3}),
            "Allied infantry, strength 3");
  EXPECT_EQ(play::unit_words(SeenUnit{Army::kFrench, WC::kHeavyCavalry, 4, 1}),
            "French heavy cavalry, strength 4, weakened by 1 to 3 (W-8.1)");
  // An unseen enemy light cavalry may be a commander (W-2): the words do not say which.
  EXPECT_EQ(play::unit_words(SeenUnit{Army::kFrench, WC::kLightCavalry, -1}),
            "French light cavalry (or a commander, who looks the same, W-2), strength not seen");
  EXPECT_EQ(play::unit_words(SeenUnit{Army::kPrussian, WC::kInfantry, -1}),
            "Prussian infantry, strength unknown to both sides until it fights (W-9.1)");
  EXPECT_EQ(play::unit_words(SeenUnit{Army::kFrench, WC::kArtillery, 0}), "French artillery");
  EXPECT_EQ(play::unit_words(SeenUnit{Army::kAllied, WC::kCommander, 5}),
            "Allied commander (Uxbridge), strength 5");
  EXPECT_NE(play::unit_words(SeenUnit{Army::kFrench, WC::kCommanderInChief, 0}).find("Napoleon"),
            std::string::npos);
}

TEST(WaterlooWords, CardsDieAndTerrainSayWhatTheyDoAndTheirRule) {
  for (int k = 0; k < waterloo::kNumCardKinds; ++k) {
    const play::CardWords c = play::card_words(waterloo::CardKind(k));
    EXPECT_NE(std::string(c.what).find("(W-12."), std::string::npos) << c.title;
    EXPECT_NE(std::string(c.when).find("(W-12."), std::string::npos) << c.title;
  }
  EXPECT_NE(std::string(play::card_words(waterloo::CardKind::kBattleLust).when).find("no action"),
            std::string::npos);
  EXPECT_EQ(play::die_faces().size(), 6u);
  EXPECT_EQ(play::die_face_words("redR"),
            "the Allied piece wins; the loser retreats to its reserve");
  EXPECT_EQ(play::die_face_words("blue+"), "the French piece wins and attacks on (W-5.6)");
  for (char m : {'#', '^', '%', '~', '+'}) {
    EXPECT_NE(play::terrain_words(m), "open ground") << m;
    EXPECT_NE(std::string(play::terrain_rule(m)).find("(W-"), std::string::npos) << m;
  }
}

// A French turn on the Standard board, away from its buildings and hill: a light infantry on
// j4 beside Allied artillery (i4) and infantry (j5), artillery on k3 with an Allied infantry
// three squares ahead (k6), a weakened heavy cavalry on e3 behind an infantry on c3, a light
// cavalry on h3, an infantry in reserve and a card in hand.
Position words_position() {
  Position p("waterloo-standard");
  p.french(WC::kLightInfantry, 2, "j4");
  p.french(WC::kArtillery, 0, "k3");
  p.s.set_strength(p.french(WC::kHeavyCavalry, 4, "e3"), 3);
  p.french(WC::kInfantry, 3, "c3");
  p.french(WC::kLightCavalry, 2, "h3");
  p.allied(WC::kArtillery, 0, "i4");
  p.allied(WC::kInfantry, 3, "j5");
  p.allied(WC::kInfantry, 3, "k6");
  p.s.move_unit_to(p.french(WC::kInfantry, 3, "a1"), waterloo::Where::kReserve);
  p.s.set_hand(kBlue, waterloo::CardKind::kInitiative, 1);
  p.s.begin_turn(3, kBlue);
  return p;
}

std::vector<std::string> legal_tokens(Position& p) {
  std::vector<std::string> out;
  for (waterloo::Action a : p.actions()) out.push_back(waterloo::action_token(p.s, a));
  return out;
}

TEST(WaterlooWords, EveryChoiceIsSaidInWords) {
  Position p = words_position();
  const waterloo::WaterlooView v = waterloo::make_view(p.s, kBlue);
  const auto legal = legal_tokens(p);
  auto text = [&](const char* t) { return play::choice_words(t, v).text; };
  auto is_legal = [&](const char* t) {
    return std::find(legal.begin(), legal.end(), t) != legal.end();
  };
  EXPECT_EQ(text("j4-j3"), "Move the light infantry from j4 to j3");
  // Two attacks on the same square differ by the square the last step comes from: the words
  // say which, and what it means against artillery (the Allied guns face south, W-5.3).
  ASSERT_TRUE(is_legal("j4xi4/w") && is_legal("j4xi4/n"));
  EXPECT_EQ(text("j4xi4/w"), "Attack the Allied artillery on i4 from j4");
  EXPECT_EQ(text("j4xi4/n"), "Attack the Allied artillery on i4 from i3");
  EXPECT_NE(play::choice_words("j4xi4/w", v).detail.find("From the side or behind"),
            std::string::npos);
  EXPECT_NE(play::choice_words("j4xi4/n", v).detail.find("From the artillery's front"),
            std::string::npos);
  ASSERT_TRUE(is_legal("fire:k3-k6"));
  EXPECT_EQ(text("fire:k3-k6"), "Fire at the Allied infantry on k6");
  EXPECT_EQ(text("card:initiative"), "Play Initiative");
  EXPECT_NE(play::choice_words("card:initiative", v).detail.find("three different pieces"),
            std::string::npos);
  EXPECT_EQ(text("take:battle-lust"), "Take the Battle Lust card");
  EXPECT_EQ(text("end"), "End your turn");
  EXPECT_EQ(text("lust:no"), "Do not play Battle Lust");
  ASSERT_TRUE(is_legal("place:i3@b1"));
  const play::ChoiceWords place = play::choice_words("place:i3@b1", v);
  EXPECT_EQ(place.text, "Place i3 from the reserve on b1");
  EXPECT_EQ(place.group, "Place i3 from the reserve");
  EXPECT_NE(place.detail.find("French infantry, strength 3"), std::string::npos);
  ASSERT_TRUE(is_legal("off:e3"));
  const play::ChoiceWords off = play::choice_words("off:e3", v);
  EXPECT_EQ(off.text, "Take the weakened heavy cavalry on e3 off to recover");
  EXPECT_NE(off.detail.find("(W-8.2)"), std::string::npos);
  EXPECT_EQ(text("look:j5"), "Look at the Allied infantry on j5");
  // Every legal token of the position has words, not the token again.
  for (const auto& t : legal) EXPECT_NE(text(t.c_str()), t);
}

TEST(WaterlooWords, ShortListsOfChoicesAreSaidInWordsInTheTerminal) {
  Position p = words_position();
  const waterloo::WaterlooView v = waterloo::make_view(p.s, kBlue);
  EXPECT_EQ(play::list_choices({"lust:yes", "lust:no"}, v),
            "Legal moves (2):\n"
            "  lust:yes  Play Battle Lust: your piece is 1 stronger in this fight\n"
            "  lust:no   Do not play Battle Lust\n");
  const auto legal = legal_tokens(p);
  const std::string j4 = play::list_choices(legal, v, *v.geometry().parse_square("j4"));
  EXPECT_NE(j4.find("  j4xi4/n  Attack the Allied artillery on i4 from i3\n"), std::string::npos)
      << j4;
  const std::string all = play::list_choices(legal, v);
  EXPECT_NE(all.find("`moves e5`"), std::string::npos) << "a long list stays grouped: " << all;
}

TEST(WaterlooWords, AnIllegalActionIsAnsweredWithItsRule) {
  Position p = words_position();
  const waterloo::WaterlooView v = waterloo::make_view(p.s, kBlue);
  const auto legal = legal_tokens(p);
  auto why = [&](const char* t, play::Audience a = play::Audience::kTerminal) {
    return play::explain_illegal(t, v, legal, a);
  };
  auto starts = [&](const char* t, const std::string& reason) {
    const std::string w = why(t);
    EXPECT_EQ(w.rfind(std::string(t) + ": " + reason, 0), 0u) << w;
  };
  starts("j4-j8",
         "light infantry moves up to 3 squares (W-3.1); legal for your light infantry "
         "(2) on j4: j4-");
  starts("h3-g4",
         "cavalry moves in one straight line (W-3.2); legal for your light cavalry (2) "
         "on h3: ");
  starts("k3-k5", "artillery moves 1 square (W-3.1); legal for your artillery on k3: ");
  starts("fire:k3-k5", "artillery fires only at an enemy piece or a building (W-6.4)");
  starts("fire:k3-j5", "artillery fires straight ahead, 1 to 3 squares, towards the enemy (W-6.1)");
  starts("e3-a3",
         "the way is blocked at c3: no piece jumps over another (W-3.4); legal for your "
         "heavy cavalry (3) on e3: ");
  EXPECT_EQ(why("j5-j6"),
            "j5-j6: the piece on j5 is not yours (it is the Allied infantry, "
            "strength not seen)");
  EXPECT_EQ(why("d5-d6"), "d5-d6: there is no piece on d5");
  // The page lists the alternatives in words.
  const std::string page = why("j4-j8", play::Audience::kPage);
  EXPECT_NE(page.find("move to j3"), std::string::npos) << page;
  EXPECT_NE(page.find("attack i4 from i3"), std::string::npos) << page;
}

TEST(WaterlooWords, TheTerminalBoardAndItsKeyFitEightyColumns) {
  // A whole Standard army on each side, from each side and the referee's full view.
  auto variant = waterloo::testing::load("waterloo-standard");
  waterloo::WaterlooState s(variant);
  Rng rng(61);
  waterloo::ActionList list;
  while (!s.over() && s.phase() != waterloo::Phase::kAction) {
    if (s.phase() == waterloo::Phase::kSetup)
      s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    else if (s.is_chance())
      s.apply_random_chance(rng);
    else {
      s.legal_actions(list);
      s.apply_unchecked(list[0]);
    }
  }
  for (int view = 0; view < 3; ++view) {
    const waterloo::WaterlooView v =
        view == 2 ? waterloo::make_full_view(s) : waterloo::make_view(s, Side(view));
    const std::string board = play::render_player_board(v, false);
    EXPECT_LE(widest_line(board), 80u) << board;
    EXPECT_GE(widest_line(board), 70u) << "12 columns of 6: " << board;
  }
  EXPECT_LE(widest_line(play::waterloo_legend()), 80u) << play::waterloo_legend();
  const std::string key = play::waterloo_key(variant->waterloo);
  EXPECT_LE(widest_line(key), 80u) << key;
  for (const char* word : {"L light infantry", "I infantry", "C light cavalry", "H heavy cavalry",
                           "A artillery", "M commander", "K commander-in-chief", "# building",
                           "^ hill", "% village", "~ mud", "+ Prussian flag square"})
    EXPECT_NE(play::waterloo_legend().find(word), std::string::npos) << word;
  for (const char* word : {"Battle Lust", "redR", "(W-10.2", "(W-3.2)"})
    EXPECT_NE(key.find(word), std::string::npos) << word;
}

}  // namespace
}  // namespace stratego::bots
