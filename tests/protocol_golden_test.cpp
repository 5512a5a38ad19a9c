// Protocol transcripts as golden files: a short scripted game with a fixed seed between a
// referee-side script (ProtocolBot, below) and `stratego engine --bot random`, one per variant
// family. Every line sent ("> ") and answered ("< ") must match tests/golden/ exactly, so any
// change to the protocol shows up as a diff of those files.
//
// To regenerate after an intended change (then review the diff, and paste the new transcripts
// into docs/protocol.md, "Transcripts", which must show them verbatim):
//   STRATEGO_UPDATE_GOLDEN=1 build/release/tests/stratego_tests --gtest_filter='ProtocolGolden*'
#include <gtest/gtest.h>

#include <cstdlib>

#include "bots/random_bot.h"
#include "engine/file_io.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"
#include "engine/waterloo/state.h"
#include "protocol/protocol_bot.h"

namespace stratego::bots {
namespace {

// The script's limits: a movetime on every request (classic: a draw offer on the third decision).
Limits script_limits() {
  Limits l;
  l.movetime_ms = 2000;
  return l;
}

std::string engine_command() { return std::string(STRATEGO_BINARY) + " engine --bot random"; }

struct Transcript {
  std::string text;
  protocol::ProtocolBotOptions options() {
    protocol::ProtocolBotOptions o;
    o.transcript = [this](bool sent, const std::string& line) {
      text += (sent ? "> " : "< ") + line + "\n";
    };
    return o;
  }
};

std::string result_text(Winner w, std::string_view reason) {
  const char* who = w == Winner::kRed ? "red" : w == Winner::kBlue ? "blue" : "draw";
  return std::string(who) + " " + std::string(reason);
}

// A classic-family game: the engine plays Red, a RandomBot in this process plays Blue.
std::string classic_transcript() {
  const std::string spec = "barrage+move_limit=8";
  auto v = std::make_shared<const Variant>(load_variant(spec));
  Transcript t;
  {
    protocol::ProtocolBot engine(engine_command(), t.options());
    RandomBot local;
    Bot* bots[2] = {&engine, &local};
    for (Side s : {kRed, kBlue})
      bots[s]->new_game(GameStart{v, spec, s, 42, s == kRed ? "random" : "engine"});
    const View empty[2] = {setup_view(v, kRed), setup_view(v, kBlue)};
    const std::string red = engine.setup(SetupRequest{&empty[kRed], script_limits()}),
                      blue = local.setup(SetupRequest{&empty[kBlue], script_limits()});
    Game game(initial_state(v, parse_setup(*v, kRed, red), parse_setup(*v, kBlue, blue)));
    const std::atomic<bool> stop{false};
    for (int decision = 0; !game.over(); ++decision) {
      const Side side = game.state().side_to_move();
      const View view = game.view(side);
      Request r{&view, {}, script_limits(), decision == 2, {}};
      MoveList list;
      generate_moves(game.state(), list);
      for (int i = 0; i < list.size; ++i) r.legal.push_back(move_to_text(list[i], v->geometry));
      const Reply reply = bots[side]->decide(r, stop, {});
      game.play(parse_move(reply.action, v->geometry));
      for (Side s : {kRed, kBlue}) {
        const View after = game.view(s);
        bots[s]->observe(observation(game.observations(s).back(), after));
      }
    }
    engine.game_over(result_text(game.result().winner, end_reason_name(game.result().reason)));
    engine.quit();
  }
  return t.text;
}

// A Waterloo game of one turn: the engine plays Blue (the French), a RandomBot plays Red.
std::string waterloo_transcript() {
  using namespace waterloo;
  const std::string spec = "waterloo-basic+waterloo_turn_limit=1";
  auto v = std::make_shared<const Variant>(load_variant(spec));
  Transcript t;
  {
    protocol::ProtocolBot engine(engine_command(), t.options());
    RandomBot local;
    Bot* bots[2] = {&local, &engine};
    for (Side s : {kRed, kBlue})
      bots[s]->new_game(GameStart{v, spec, s, 42, s == kRed ? "engine" : "random"});
    WaterlooGame game{WaterlooState(v)};
    Rng chance(42);
    const std::atomic<bool> stop{false};
    while (!game.over()) {
      const WaterlooState& s = game.state();
      const Side side = s.current_player();
      if (s.phase() == Phase::kSetup) {
        const WaterlooView view = make_view(s, side);
        const std::string tokens = bots[side]->setup(SetupRequest{&view, script_limits()});
        game.apply_setup(side, parse_setup_tokens(s, side, tokens));
      } else if (s.is_chance()) {
        game.apply_random_chance(chance);
      } else {
        const WaterlooView view = make_view(s, side);
        Request r{&view, {}, script_limits(), false, {}};
        ActionList list;
        s.legal_actions(list);
        for (int i = 0; i < list.size; ++i) r.legal.push_back(action_token(s, list[i]));
        game.apply(parse_action_token(s, bots[side]->decide(r, stop, {}).action));
      }
      for (Side o : {kRed, kBlue})
        bots[o]->observe(observation(game.log().of(o).back(), make_view(game.state(), o)));
    }
    engine.game_over(
        result_text(game.state().result().winner, end_reason_name(game.state().result().reason)));
    engine.quit();
  }
  return t.text;
}

void compare_with_golden(const std::string& name, const std::string& got) {
  const std::string path = std::string(STRATEGO_SOURCE_DIR) + "/tests/golden/" + name;
  if (std::getenv("STRATEGO_UPDATE_GOLDEN")) {
    write_text_file_atomically(path, got);
    GTEST_SKIP() << "wrote " << path << " (copy it into docs/protocol.md, \"Transcripts\", too)";
  }
  const std::string want = read_text_file(path);
  EXPECT_NE(read_text_file(std::string(STRATEGO_SOURCE_DIR) + "/docs/protocol.md").find(want),
            std::string::npos)
      << "docs/protocol.md does not show the transcript of tests/golden/" << name << " verbatim";
  if (want == got) return;
  // Name the first line that differs: the whole transcript is long.
  std::size_t line = 1, i = 0;
  for (; i < want.size() && i < got.size() && want[i] == got[i]; ++i) line += want[i] == '\n';
  const auto line_at = [](const std::string& s, std::size_t at) {
    const std::size_t b = s.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t start = b == std::string::npos ? 0 : b + 1;
    return s.substr(start, s.find('\n', start) - start);
  };
  ADD_FAILURE() << name << " differs from the transcript at line " << line
                << ":\n  golden: " << line_at(want, i) << "\n  now:    " << line_at(got, i)
                << "\n(if the change is intended, regenerate: see the top of this file)";
}

TEST(ProtocolGolden, ClassicTranscriptMatches) {
  compare_with_golden("protocol_classic.txt", classic_transcript());
}

TEST(ProtocolGolden, WaterlooTranscriptMatches) {
  compare_with_golden("protocol_waterloo.txt", waterloo_transcript());
}

TEST(ProtocolGolden, TranscriptsAreTheSameEveryRun) {
  // The golden files are only worth something if nothing in them depends on timing.
  EXPECT_EQ(classic_transcript(), classic_transcript());
}

}  // namespace
}  // namespace stratego::bots
