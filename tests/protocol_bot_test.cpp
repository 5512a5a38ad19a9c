// ProtocolBot (protocol/protocol_bot.h) against small programs that misbehave on purpose
// (tests/fake_bots/protocol_fake.sh): each misbehaviour becomes a BotFault of the right kind,
// quickly, with a message saying what the program did; the process is always reaped and the
// next game starts it afresh.
#include "protocol/protocol_bot.h"

#include <gtest/gtest.h>

#include <chrono>

#include "engine/error.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"

namespace stratego::bots {
namespace {

using namespace std::chrono_literals;
using Kind = BotFault::Kind;

protocol::ProtocolBotOptions short_timeouts() {
  protocol::ProtocolBotOptions o;
  o.handshake_timeout = 2000ms;
  o.ready_timeout = 2000ms;
  o.grace = 300ms;
  o.no_limit_timeout = 1000ms;
  o.quit_grace = 200ms;
  return o;
}

std::string fake(const std::string& mode) {
  return "sh " + std::string(STRATEGO_SOURCE_DIR) + "/tests/fake_bots/protocol_fake.sh " + mode;
}

// A barrage game at its start, and a request for Red's first move.
struct Position {
  std::shared_ptr<const Variant> variant = std::make_shared<const Variant>(load_variant("barrage"));
  Game game = make_game();
  View view = game.view(kRed);
  Request request = make_request();

  Game make_game() {
    Rng rng(5);
    return Game(initial_state(variant, random_setup(*variant, kRed, rng),
                              random_setup(*variant, kBlue, rng)));
  }
  Request make_request() {
    Request r;
    r.view = &view;
    MoveList list;
    generate_moves(game.state(), list);
    for (int i = 0; i < list.size; ++i) r.legal.push_back(move_to_text(list[i], variant->geometry));
    r.limits.movetime_ms = 100;
    return r;
  }
  GameStart start() const { return GameStart{variant, "barrage", kRed, 1, "tester"}; }
};

// Runs f, which must throw BotFault of that kind within `within`; returns its message.
template <typename F>
std::string expect_fault(Kind kind, std::chrono::milliseconds within, F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  try {
    f();
  } catch (const BotFault& e) {
    EXPECT_EQ(int(e.kind), int(kind)) << e.what();
    EXPECT_LT(std::chrono::steady_clock::now() - t0, within) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no BotFault";
  return "";
}

// Starts the fake, begins a game and asks for a move: the misbehaviour comes at `go`.
std::string fault_at_go(const std::string& mode, Kind kind,
                        std::chrono::milliseconds within = 1500ms, std::int64_t movetime_ms = 100) {
  protocol::ProtocolBot bot(fake(mode), short_timeouts());
  Position p;
  p.request.limits.movetime_ms = movetime_ms;
  bot.new_game(p.start());
  const std::atomic<bool> stop{false};
  return expect_fault(kind, within, [&] { bot.decide(p.request, stop, {}); });
}

TEST(ProtocolBot, PlaysAWellBehavedProgram) {
  protocol::ProtocolBot bot(fake("good"), short_timeouts());
  EXPECT_EQ(bot.name(), "fake-good");
  EXPECT_EQ(bot.author(), "tests");
  ASSERT_EQ(bot.options().size(), 1u);
  EXPECT_EQ(bot.options()[0].max, 5);
  bot.set_option("Speed", "3");
  EXPECT_THROW(bot.set_option("Speed", "9"), InputError);
  EXPECT_THROW(bot.set_option("Colour", "red"), InputError);
  Position p;
  bot.new_game(p.start());
  // The fake answers with the referee's suggestion: a legal set-up.
  const View empty = setup_view(p.variant, kRed);
  const std::string setup = bot.setup(SetupRequest{&empty, {}});
  EXPECT_NO_THROW(parse_setup(*p.variant, kRed, setup)) << setup;
  const std::atomic<bool> stop{false};
  std::vector<SearchInfo> infos;
  const Reply r = bot.decide(p.request, stop, [&](const SearchInfo& i) { infos.push_back(i); });
  EXPECT_EQ(r.action, p.request.legal.front());
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].pv, std::vector<std::string>{p.request.legal.front()});
  bot.game_over("draw draw-agreed");
  bot.quit();
}

TEST(ProtocolBot, AnOptionTheProgramRejectsIsAnInputErrorAndPlayGoesOn) {
  protocol::ProtocolBot bot(fake("picky"), short_timeouts());
  try {
    bot.set_option("Speed", "2");
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("I keep my settings"), std::string::npos) << e.what();
  }
  Position p;
  bot.new_game(p.start());  // the answers are still in step: its readyok was taken
  const std::atomic<bool> stop{false};
  EXPECT_EQ(bot.decide(p.request, stop, {}).action, p.request.legal.front());
}

TEST(ProtocolBot, CrashIsAFaultOfKindCrash) {
  EXPECT_NE(fault_at_go("crash", Kind::kCrash).find("exited with status 3"), std::string::npos);
}

TEST(ProtocolBot, HangIsATimeout) {
  // movetime 100 ms + grace 300 ms.
  EXPECT_NE(fault_at_go("hang", Kind::kTimeout, 1000ms).find("no answer to go"), std::string::npos);
}

TEST(ProtocolBot, GarbageIsAProtocolError) {
  EXPECT_NE(fault_at_go("garbage", Kind::kProtocolError).find("hello referee"), std::string::npos);
}

TEST(ProtocolBot, AnErrorReplyToARequestIsAProtocolError) {
  EXPECT_NE(fault_at_go("error", Kind::kProtocolError).find("I will not play"), std::string::npos);
}

TEST(ProtocolBot, FloodOfLinesOrOneHugeLineIsAFlood) {
  // Time enough to write it all even under a sanitizer: the limit is on size, not time.
  EXPECT_NE(fault_at_go("flood", Kind::kFlood, 5000ms, 4000).find("10000 lines"),
            std::string::npos);
  EXPECT_NE(fault_at_go("longline", Kind::kFlood, 5000ms, 4000).find("longer than"),
            std::string::npos);
}

TEST(ProtocolBot, IllegalBestmoveIsAFaultOfKindIllegal) {
  EXPECT_NE(fault_at_go("illegal", Kind::kIllegal).find("'z9-z9'"), std::string::npos);
}

TEST(ProtocolBot, EarlyExitIsADisconnect) {
  protocol::ProtocolBot bot(fake("early"), short_timeouts());
  Position p;
  const std::string what =
      expect_fault(Kind::kDisconnect, 1500ms, [&] { bot.new_game(p.start()); });
  EXPECT_NE(what.find("newgame"), std::string::npos) << what;
}

TEST(ProtocolBot, SilenceInTheHandshakeIsATimeout) {
  auto o = short_timeouts();
  o.handshake_timeout = 300ms;
  expect_fault(Kind::kTimeout, 1000ms, [&] { protocol::ProtocolBot bot(fake("mute"), o); });
}

TEST(ProtocolBot, StopWithoutAnAnswerTimesOutAfterTheGrace) {
  protocol::ProtocolBot bot(fake("hang"), short_timeouts());
  Position p;
  bot.new_game(p.start());
  p.request.limits = Limits{};
  p.request.limits.infinite = true;  // no deadline until stopped
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(200ms);
    stop = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  expect_fault(Kind::kTimeout, 1500ms, [&] { bot.decide(p.request, stop, {}); });
  EXPECT_GT(std::chrono::steady_clock::now() - t0, 450ms);  // 200 ms thinking + 300 ms grace
  stopper.join();
}

TEST(ProtocolBot, OutputAfterQuitIsIgnoredAndTheProcessIsReaped) {
  protocol::ProtocolBot bot(fake("chatty"), short_timeouts());
  Position p;
  bot.new_game(p.start());
  const std::atomic<bool> stop{false};
  EXPECT_EQ(bot.decide(p.request, stop, {}).action, p.request.legal.front());
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_NO_THROW(bot.quit());  // it writes 200 lines and sleeps: killed after quit_grace
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1000ms);
}

TEST(ProtocolBot, TheNextGameStartsAFaultedProgramAfresh) {
  protocol::ProtocolBot bot(fake("crash"), short_timeouts());
  Position p;
  const std::atomic<bool> stop{false};
  for (int game = 0; game < 2; ++game) {
    bot.new_game(p.start());
    expect_fault(Kind::kCrash, 1500ms, [&] { bot.decide(p.request, stop, {}); });
  }
  // Between games nothing runs: a call outside a game says so instead of hanging.
  expect_fault(Kind::kDisconnect, 100ms, [&] { bot.decide(p.request, stop, {}); });
}

}  // namespace
}  // namespace stratego::bots
