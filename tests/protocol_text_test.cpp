// The protocol's line formats (protocol/protocol_text.h, protocol/observation_text.h): every
// observation and view of random games of every variant crosses the protocol unchanged, every
// message round-trips, and bad lines are rejected with a message naming what is wrong.
#include "protocol/protocol_text.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"
#include "protocol/observation_text.h"
#include "protocol/protocol_variant.h"
#include "support/random_games.h"

namespace stratego::bots {
namespace {

using test_support::expect_input_error;

TEST(ProtocolText, ClassicObservationsAndViewsRoundTripOverRandomGames) {
  int observed = 0, attacks = 0;
  for (const std::string& spec : test_support::format_specs()) {
    auto v = std::make_shared<const Variant>(load_variant(spec));
    Rng rng(7);
    Game game(initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng)));
    MoveList list;
    for (int ply = 0; ply < 300 && !game.over(); ++ply) {
      generate_moves(game.state(), list);
      if (list.size == 0) break;
      game.play(list[int(rng.below(std::uint32_t(list.size)))]);
    }
    for (Side s : {kRed, kBlue}) {
      for (const ObservedMove& m : game.observations(s)) {
        const std::string text = protocol::format_observed(m, v->geometry);
        EXPECT_EQ(protocol::parse_observed_move(text, v->geometry), m) << spec << ": " << text;
        ++observed;
        attacks += m.attack;
      }
      const View view = game.view(s);
      EXPECT_EQ(parse_view(to_notation(view), v), view) << spec;
    }
  }
  EXPECT_GT(observed, 2000);
  EXPECT_GT(attacks, 100);
}

TEST(ProtocolText, WaterlooObservationsRoundTripOverRandomGamesOfEveryVariant) {
  int steps = 0, with_units = 0;
  for (const auto& f : builtin_variant_files()) {
    if (f.is_option || !std::string_view(f.name).starts_with("waterloo")) continue;
    auto v = std::make_shared<const Variant>(load_variant(f.name));
    waterloo::WaterlooGame game{waterloo::WaterlooState(v)};
    Rng rng(11);
    waterloo::ActionList list;
    while (!game.over() && game.record().actions.size() < 400) {
      const auto& s = game.state();
      if (s.phase() == waterloo::Phase::kSetup) {
        game.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
      } else if (s.is_chance()) {
        game.apply_random_chance(rng);
      } else {
        s.legal_actions(list);
        game.apply(list[int(rng.below(std::uint32_t(list.size)))]);
      }
      for (Side side : {kRed, kBlue}) {
        const waterloo::WaterlooView view = waterloo::make_view(game.state(), side);
        ASSERT_EQ(waterloo::parse_view(waterloo::to_notation(view), v), view) << f.name;
      }
    }
    for (Side side : {kRed, kBlue}) {
      for (const waterloo::ObservedStep& o : game.log().of(side)) {
        const std::string text = protocol::format_observed(o, v->geometry);
        EXPECT_EQ(protocol::parse_observed_step(text, v->geometry), o) << f.name << ": " << text;
        ++steps;
        with_units += !o.shown.empty() || !o.captured.empty() || !o.withdrawn.empty();
      }
    }
  }
  EXPECT_GT(steps, 1000);
  EXPECT_GT(with_units, 50);
}

TEST(ProtocolText, WaterlooObservationWithEveryFieldRoundTrips) {
  const auto v = load_variant("waterloo-expert");
  waterloo::ObservedStep o;
  o.number = 57;
  o.actor = kBlue;
  o.action = "place:i?@a1";
  waterloo::SeenUnit hidden;  // a French infantry whose strength the viewer has not seen
  waterloo::SeenUnit seen{waterloo::Army::kAllied, waterloo::UnitClass::kHeavyCavalry, 5, 1, 3, 14};
  o.shown = {{v.geometry.parse_square("e6").value(), seen}};
  o.captured = {{-1, hidden}, {12, seen}};
  o.withdrawn = {{v.geometry.parse_square("l10").value(), seen}};
  o.result = {Winner::kRed, EndReason::kPursuit, ResultKind::kMinor, 5};
  const std::string text = protocol::format_observed(o, v.geometry);
  EXPECT_EQ(text.substr(0, 26), "57 decision blue place:i?@");
  EXPECT_NE(text.find("result=red/pursuit/minor/5"), std::string::npos) << text;
  EXPECT_EQ(protocol::parse_observed_step(text, v.geometry), o) << text;
}

TEST(ProtocolText, BadObservationsNameTheField) {
  const Geometry& g = load_variant("classic").geometry;
  expect_input_error([&] { protocol::parse_observed_move("green a4-a5 scout", g); },
                     {"side", "'green'"});
  expect_input_error([&] { protocol::parse_observed_move("red a4-a5 knight", g); },
                     {"kind", "'knight'"});
  expect_input_error([&] { protocol::parse_observed_move("red a4-a5 scout bomb sideways", g); },
                     {"outcome"});
  expect_input_error([&] { protocol::parse_observed_move("red a4-a5", g); }, {"fields"});
  expect_input_error([&] { protocol::parse_observed_move("red a4-z9 scout", g); }, {"move"});
  const Geometry& w = load_variant("waterloo-basic").geometry;
  expect_input_error([&] { protocol::parse_observed_step("x decision red end", w); }, {"number"});
  expect_input_error([&] { protocol::parse_observed_step("3 maybe red end", w); }, {"type"});
  expect_input_error([&] { protocol::parse_observed_step("3 decision red end shown=I3", w); },
                     {"shown", "unit@square"});
  expect_input_error([&] { protocol::parse_observed_step("3 decision red end shown=Q3@e5", w); },
                     {"shown", "unit token"});
  expect_input_error(
      [&] { protocol::parse_observed_step("3 decision red end result=red/nope/decisive/0", w); },
      {"result"});
  expect_input_error([&] { protocol::parse_observed_step("3 decision red end colour=blue", w); },
                     {"colour"});
}

TEST(ProtocolText, MessagesRoundTrip) {
  BotOption spin{"Threads", BotOption::Type::kSpin, "1", 1, 64, {}};
  BotOption combo{"Style", BotOption::Type::kCombo, "solid", 0, 0, {"solid", "wild"}};
  BotOption text{"Book File", BotOption::Type::kString, "my book.txt", 0, 0, {}};
  for (const BotOption& o : {spin, combo, text}) {
    const BotOption back = protocol::parse_option(protocol::format_option(o));
    EXPECT_EQ(back.name, o.name);
    EXPECT_EQ(back.type, o.type);
    EXPECT_EQ(back.default_value, o.default_value);
    EXPECT_EQ(back.min, o.min);
    EXPECT_EQ(back.max, o.max);
    EXPECT_EQ(back.choices, o.choices);
  }
  EXPECT_EQ(protocol::format_option(spin), "option name Threads type spin default 1 min 1 max 64");
  EXPECT_EQ(protocol::parse_setoption(protocol::format_setoption("Book File", "a b.txt")),
            (std::pair<std::string, std::string>{"Book File", "a b.txt"}));

  Limits l;
  l.movetime_ms = 500;
  l.time_left_ms[kRed] = 60000;
  l.time_left_ms[kBlue] = 0;
  l.increment_ms[kBlue] = 1000;
  l.nodes = 12345;
  l.iterations = 800;
  l.infinite = true;
  Limits back;
  bool draw = false;
  protocol::parse_go(protocol::format_go(l, true), back, draw);
  EXPECT_TRUE(draw);
  EXPECT_EQ(protocol::format_limits(back), protocol::format_limits(l));
  EXPECT_EQ(back.time_left_ms[kBlue], 0);
  EXPECT_EQ(back.time_left_ms[kRed], 60000);
  protocol::parse_go("go", back, draw);
  EXPECT_FALSE(draw);
  EXPECT_EQ(back.time_left_ms[kRed], -1);
  std::string suggestion;
  protocol::parse_setup_request(protocol::format_setup_request(l, "L1@a7 L1@-"), back, suggestion);
  EXPECT_EQ(suggestion, "L1@a7 L1@-");
  EXPECT_EQ(back.nodes, 12345);

  for (const Reply& r :
       {Reply{"a4-a5", false, true, false, false}, Reply{"", true, false, false, false},
        Reply{"", false, false, true, false}, Reply{"end", false, false, false, true}}) {
    const Reply b = protocol::parse_reply(protocol::format_reply(r));
    EXPECT_EQ(b.action, r.action);
    EXPECT_EQ(b.resign, r.resign);
    EXPECT_EQ(b.offer_draw, r.offer_draw);
    EXPECT_EQ(b.accept_draw, r.accept_draw);
    EXPECT_EQ(b.adjourn, r.adjourn);
  }
  EXPECT_TRUE(protocol::parse_reply("resign").resign);

  SearchInfo info;
  info.depth = 3;
  info.iterations = 1000;
  info.nodes = 50000;
  info.nps = 2000000;
  info.samples = 64;
  info.win_probability = 0.123456789;
  info.pv = {"a4-a5", "b7-b6"};
  info.text = "thinking  hard";
  const SearchInfo i2 = protocol::parse_info(protocol::format_info(info));
  EXPECT_EQ(i2.depth, 3);
  EXPECT_EQ(i2.iterations, 1000);
  EXPECT_EQ(i2.nodes, 50000);
  EXPECT_EQ(i2.nps, 2000000);
  EXPECT_EQ(i2.samples, 64);
  EXPECT_EQ(i2.win_probability, info.win_probability);
  EXPECT_EQ(i2.pv, info.pv);
  EXPECT_EQ(i2.text, info.text);

  const protocol::NewGameLine g{"classic+silent-defence", 0, kBlue, 42, "rules bot"};
  const protocol::NewGameLine g2 = protocol::parse_newgame(protocol::format_newgame(g));
  EXPECT_EQ(g2.variant, g.variant);
  EXPECT_EQ(g2.side, kBlue);
  EXPECT_EQ(g2.seed, 42u);
  EXPECT_EQ(g2.opponent, "rules bot");
  EXPECT_EQ(protocol::parse_newgame("newgame variant inline 12 side red seed 1").inline_lines, 12);
}

TEST(ProtocolText, BadMessagesNameWhatIsWrong) {
  Limits l;
  bool draw = false;
  expect_input_error([&] { protocol::parse_go("go movetime soon", l, draw); },
                     {"movetime", "'soon'"});
  expect_input_error([&] { protocol::parse_go("go sideways", l, draw); }, {"'sideways'"});
  expect_input_error([] { protocol::parse_reply("bestmove"); }, {"bestmove TOKEN"});
  expect_input_error([] { protocol::parse_reply("bestmove -"); }, {"needs resign"});
  expect_input_error([] { protocol::parse_reply("bestmove a4-a5 please"); }, {"'please'"});
  expect_input_error([] { protocol::parse_info("info winprob 1.5"); }, {"winprob"});
  expect_input_error([] { protocol::parse_option("option name X type dial default 1"); },
                     {"'dial'"});
  expect_input_error(
      [] { protocol::parse_option("option name X type spin default 100 min 1 max 64"); },
      {"default", "outside"});
  expect_input_error([] { protocol::parse_newgame("newgame variant classic side green seed 1"); },
                     {"side"});
  expect_input_error([] { protocol::parse_newgame("newgame side red seed 1"); }, {"variant"});
  BotOption check{"Ponder", BotOption::Type::kCheck, "false", 0, 0, {}};
  expect_input_error([&] { protocol::check_option_value(check, "maybe"); },
                     {"'Ponder'", "'maybe'"});
}

TEST(ProtocolText, InlineVariantLinesLoadTheSameVariant) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("stratego_inline_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "parent.variant")
        << "# a parent beside the child\ninherit = barrage\nname = parent\nmove_limit = 300\n";
    std::ofstream(dir / "child.variant")
        << "inherit = parent\nname = child\n\ntwo_squares_limit = 4\n";
  }
  const std::string spec = (dir / "child.variant").string() + "+silent-defence+rescue_limit=3";
  const Variant want = load_variant(spec);
  std::string text;
  for (const std::string& line : protocol::inline_variant_lines(spec)) text += line + "\n";
  const Variant got = load_variant_text(text, "inline");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(got.spec, "inline");
  EXPECT_EQ(got.name, "child");
  EXPECT_EQ(got.army, want.army);
  EXPECT_EQ(got.move_limit, 300);
  EXPECT_EQ(got.two_squares_limit, 4);
  EXPECT_TRUE(got.silent_defence);
  EXPECT_EQ(got.rescue_limit, 3);
  EXPECT_EQ(got.lakes, want.lakes);
  EXPECT_TRUE(protocol::is_builtin_spec("classic+silent-defence"));
  EXPECT_FALSE(protocol::is_builtin_spec("my/own.variant+silent-defence"));
  expect_input_error([] { load_variant_text("name = x\nwidth = wide\n", "inline"); },
                     {"inline variant:2", "'width'"});
}

}  // namespace
}  // namespace stratego::bots
