// UccBot (protocol/ucc/ucc_bot.h) driving a fake UCC program (tests/fake_bots/ucc_fake.py): whole
// games through the referee in both colours, and each kind of misbehaviour turned into the
// right BotFault or a resignation. The fake program checks what UccBot sends it (message
// order, confirmations, board lines against its own bookkeeping) and crashes on the first
// mistake, so a game that ends normally also shows UccBot spoke the protocol correctly.
#include "protocol/ucc/ucc_bot.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <optional>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "protocol/bot_spec.h"
#include "protocol/ucc/ucc_protocol.h"
#include "referee/referee.h"

namespace stratego::bots {
namespace {

// pyenv's shim for python3 costs half a second a start; the system's interpreter does not.
std::string python() {
  return ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
}
bool have_python() { return std::system((python() + " -c pass >/dev/null 2>&1").c_str()) == 0; }

#define SKIP_WITHOUT_PYTHON() \
  if (!have_python()) GTEST_SKIP() << "python3 is not installed"

std::string fake(const std::string& mode, int seed = 1) {
  return python() + " " + std::string(STRATEGO_SOURCE_DIR) + "/tests/fake_bots/ucc_fake.py " +
         mode + " " + std::to_string(seed);
}

// The manager's rules, with a move limit so that a random game surely ends.
constexpr const char* kSpec = "classic+no-chase+two_squares_limit=0+move_limit=1500";

referee::GameSettings settings(std::uint64_t seed) {
  referee::GameSettings s;
  s.variant = std::make_shared<const Variant>(load_variant(kSpec));
  s.variant_spec = kSpec;
  s.seed = seed;
  return s;
}

bool is_fault(const std::string& reason) {
  return reason == "crash" || reason == "disconnect" || reason == "protocol-error" ||
         reason == "illegal-action" || reason == "time-forfeit";
}

// Games until 300 decisions were made (at most four): a lucky Scout may find a Flag early.
void play_games_against_random(Side ucc_side) {
  int decisions = 0;
  for (int i = 0; i < 4 && decisions < 300; ++i) {
    auto ucc = protocol::make_bot_from_spec("ucc:" + fake("random", i + 3));
    EXPECT_EQ(ucc->name(), "ucc:" + fake("random", i + 3));
    RandomBot random;
    const referee::GameOutcome out =
        ucc_side == kRed ? referee::play_game(*ucc, random, settings(std::uint64_t(5 + i)))
                         : referee::play_game(random, *ucc, settings(std::uint64_t(5 + i)));
    EXPECT_FALSE(is_fault(out.reason)) << out.reason << ": " << out.detail << "\n" << out.record;
    EXPECT_NE(out.winner, Winner::kNone);
    decisions += out.decisions;
  }
  EXPECT_GE(decisions, 300);
}

TEST(UccBot, PlaysWholeGamesAsRedThroughTheReferee) {
  SKIP_WITHOUT_PYTHON();
  play_games_against_random(kRed);
}

TEST(UccBot, PlaysWholeGamesAsBlueThroughTheReferee) {
  SKIP_WITHOUT_PYTHON();
  play_games_against_random(kBlue);
}

TEST(UccBot, GarbageLosesTheGameByProtocolError) {
  SKIP_WITHOUT_PYTHON();
  protocol::UccBot ucc(fake("garbage"));
  RandomBot random;
  const referee::GameOutcome out = referee::play_game(ucc, random, settings(7));
  EXPECT_EQ(out.reason, "protocol-error") << out.detail;
  EXPECT_EQ(out.winner, Winner::kBlue);
  EXPECT_NE(out.detail.find("I would rather not"), std::string::npos) << out.detail;
}

TEST(UccBot, AFixedSetUpCannotBeToldToTheProgram) {
  SKIP_WITHOUT_PYTHON();
  protocol::UccBot ucc(fake("random"));
  RandomBot random;
  referee::GameSettings st = settings(8);
  st.setup[kBlue] = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";
  const referee::GameOutcome out = referee::play_game(random, ucc, st);
  EXPECT_EQ(out.reason, "protocol-error") << out.detail;
  EXPECT_EQ(out.winner, Winner::kRed);
  EXPECT_NE(out.detail.find("chooses its own set-up"), std::string::npos) << out.detail;
}

// One decision of a UccBot as Red at the start of a game, outside the referee, so that the
// fault itself can be looked at.
class UccBotDecision : public ::testing::Test {
 protected:
  void start(const std::string& mode, protocol::UccBotOptions options = {}) {
    variant_ = std::make_shared<const Variant>(load_variant(kSpec));
    bot_ = std::make_unique<protocol::UccBot>(fake(mode), options);
    GameStart g;
    g.variant = variant_;
    g.variant_spec = kSpec;
    g.side = kRed;
    g.opponent = "tester";
    bot_->new_game(g);
    red_ = bot_->setup({});
    Rng rng(3);
    game_.emplace(initial_state(variant_, parse_setup(*variant_, kRed, red_),
                                random_setup(*variant_, kBlue, rng)));
  }
  Reply decide(std::int64_t movetime_ms = 0) {
    view_ = game_->view(kRed);
    Request r;
    r.view = &view_;
    r.limits.movetime_ms = movetime_ms;
    MoveList list;
    generate_moves(game_->state(), list);
    for (int i = 0; i < list.size; ++i)
      r.legal.push_back(move_to_text(list[i], variant_->geometry));
    std::atomic<bool> stop{false};
    return bot_->decide(r, stop, [](const SearchInfo&) {});
  }
  BotFault::Kind fault_kind(std::string* what = nullptr, std::int64_t movetime_ms = 0) {
    try {
      decide(movetime_ms);
    } catch (const BotFault& f) {
      if (what) *what = f.what();
      return f.kind;
    }
    ADD_FAILURE() << "no fault";
    return BotFault::Kind::kFlood;
  }
  std::shared_ptr<const Variant> variant_;
  std::unique_ptr<protocol::UccBot> bot_;
  std::string red_;
  std::optional<Game> game_;
  View view_;
};

TEST_F(UccBotDecision, ALegalMoveBecomesOurToken) {
  SKIP_WITHOUT_PYTHON();
  start("random");
  EXPECT_NO_THROW(parse_setup(*variant_, kRed, red_));
  const Reply r = decide();
  EXPECT_FALSE(r.resign);
  EXPECT_NO_THROW(game_->play(parse_move(r.action, variant_->geometry)));
}

TEST_F(UccBotDecision, SurrenderResigns) {
  SKIP_WITHOUT_PYTHON();
  start("surrender");
  EXPECT_TRUE(decide().resign);
}

TEST_F(UccBotDecision, GarbageIsAProtocolError) {
  SKIP_WITHOUT_PYTHON();
  start("garbage");
  std::string what;
  EXPECT_EQ(fault_kind(&what), BotFault::Kind::kProtocolError);
  EXPECT_NE(what.find("'I would rather not'"), std::string::npos) << what;
}

TEST_F(UccBotDecision, MovingABombIsIllegal) {
  SKIP_WITHOUT_PYTHON();
  start("illegal");
  std::string what;
  EXPECT_EQ(fault_kind(&what), BotFault::Kind::kIllegal);
  EXPECT_NE(what.find("not a legal move"), std::string::npos) << what;
}

TEST_F(UccBotDecision, ExitingIsACrash) {
  SKIP_WITHOUT_PYTHON();
  start("crash");
  std::string what;
  EXPECT_EQ(fault_kind(&what), BotFault::Kind::kCrash);
  EXPECT_NE(what.find("status 1"), std::string::npos) << what;
}

TEST_F(UccBotDecision, SilenceIsATimeout) {
  SKIP_WITHOUT_PYTHON();
  protocol::UccBotOptions o;
  o.grace_ms = 200;
  start("hang", o);
  const auto t0 = std::chrono::steady_clock::now();
  std::string what;
  EXPECT_EQ(fault_kind(&what, 100), BotFault::Kind::kTimeout);
  EXPECT_NE(what.find("300 ms"), std::string::npos) << what;
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(3));
}

TEST(UccBot, ABadSetUpIsAProtocolErrorNamingTheLine) {
  SKIP_WITHOUT_PYTHON();
  auto v = std::make_shared<const Variant>(load_variant(kSpec));
  protocol::UccBot bot(fake("badsetup"));
  GameStart g;
  g.variant = v;
  g.side = kBlue;
  bot.new_game(g);
  try {
    bot.setup({});
    ADD_FAILURE() << "no fault";
  } catch (const BotFault& f) {
    EXPECT_EQ(f.kind, BotFault::Kind::kProtocolError);
    EXPECT_NE(std::string(f.what()).find("line 1"), std::string::npos) << f.what();
  }
}

TEST(UccBot, OnlyClassicAndAProgramToRun) {
  protocol::UccBot bot("true");
  GameStart g;
  g.variant = std::make_shared<const Variant>(load_variant("barrage"));
  EXPECT_THROW(bot.new_game(g), InputError);
  EXPECT_THROW(protocol::make_bot_from_spec("ucc:"), InputError);
}

}  // namespace
}  // namespace stratego::bots
