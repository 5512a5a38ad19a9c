// The engine side of the protocol (protocol/protocol_engine.h), driven line by line in process:
// it answers isready while a bot thinks, stops it at once, rejects bad input with `error`
// lines and goes on, and hands a bot exactly the observations, views and requests it was sent.
#include "protocol/protocol_engine.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <sstream>
#include <thread>

#include "bots/random_bot.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/variant_loader.h"
#include "protocol/observation_text.h"
#include "protocol/protocol_text.h"
#include "protocol/protocol_variant.h"

namespace stratego::bots {
namespace {

using namespace std::chrono_literals;

// The engine's output, collected as it comes from either of its threads.
class Lines {
 public:
  protocol::ProtocolEngine::Output sink() {
    return [this](const std::string& line) {
      std::lock_guard lock(m_);
      lines_.push_back(line);
      cv_.notify_all();
    };
  }
  // Waits until a line starting with prefix arrives after the first `from` lines; its index.
  int wait_for(const std::string& prefix, std::size_t from = 0,
               std::chrono::milliseconds timeout = 5s) {
    std::unique_lock lock(m_);
    int found = -1;
    cv_.wait_for(lock, timeout, [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].rfind(prefix, 0) == 0) return found = int(i), true;
      return false;
    });
    return found;
  }
  std::vector<std::string> all() {
    std::lock_guard lock(m_);
    return lines_;
  }
  std::size_t size() {
    std::lock_guard lock(m_);
    return lines_.size();
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::vector<std::string> lines_;
};

// Thinks until stopped (at most 10 s), reporting once; remembers what it was given.
class ThinkingBot : public Bot {
 public:
  std::string name() const override { return "thinker"; }
  std::vector<BotOption> options() const override {
    return {{"Depth", BotOption::Type::kSpin, "2", 1, 9, {}}};
  }
  void set_option(const std::string& n, const std::string& v) override { option = n + "=" + v; }
  void new_game(const GameStart& g) override { start = g; }
  std::string setup(const SetupRequest&) override { return "setup-from-thinker"; }
  void observe(const Observation& o) override {
    const auto& seen = std::get<ClassicObservation>(o);
    moves.push_back(seen.step);
    views.push_back(seen.after);
  }
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
    request_view = *r.classic();
    legal = r.legal;
    limits = r.limits;
    draw_offered = r.draw_offered;
    SearchInfo i;
    i.depth = 1;
    i.pv = {r.legal.front()};
    info(i);
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (!stop && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(1ms);
    return Reply{r.legal.back(), false, true, false, false};
  }
  GameStart start;
  std::string option;
  std::vector<ObservedMove> moves;
  std::vector<View> views;
  View request_view;
  std::vector<std::string> legal;
  Limits limits;
  bool draw_offered = false;
};

// A barrage game a few random plies in, for views and observations to send.
Game barrage_game(int plies) {
  auto v = std::make_shared<const Variant>(load_variant("barrage"));
  Rng rng(3);
  Game game(initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng)));
  MoveList list;
  for (int i = 0; i < plies; ++i) {
    generate_moves(game.state(), list);
    game.play(list[0]);
  }
  return game;
}

std::string legal_line(const State& s) {
  MoveList list;
  generate_moves(s, list);
  std::string out = "legal";
  for (int i = 0; i < list.size; ++i) out.append(" ").append(move_to_text(list[i], s.geometry()));
  return out;
}

TEST(ProtocolEngine, HandshakeAnnouncesNameAuthorAndOptions) {
  ThinkingBot bot;
  std::istringstream in("stratego 1\nsetoption name Depth value 5\nisready\nquit\nisready\n");
  std::ostringstream out;
  protocol::serve_protocol(bot, in, out);
  EXPECT_EQ(
      out.str(),
      "id name thinker\nid author stratego\noption name Depth type spin default 2 min 1 max 9\n"
      "stratego-ok 1\nreadyok\n");  // nothing after quit
  EXPECT_EQ(bot.option, "Depth=5");
}

TEST(ProtocolEngine, AnswersIsreadyWhileThinkingAndStopsAtOnce) {
  ThinkingBot bot;
  Lines out;
  protocol::ProtocolEngine engine(bot, out.sink());
  const Game game = barrage_game(0);
  engine.handle_line("newgame variant barrage side red seed 9 opponent someone else");
  engine.handle_line("view " + to_notation(game.view(kRed)));
  engine.handle_line(legal_line(game.state()));
  engine.handle_line("go infinite redtime 1000 drawoffered");
  ASSERT_GE(out.wait_for("info depth 1 pv "), 0) << "the bot did not start thinking";
  EXPECT_TRUE(engine.busy());
  const std::size_t before = out.size();
  engine.handle_line("isready");
  EXPECT_GE(out.wait_for("readyok", before, 1s), 0);
  EXPECT_EQ(out.wait_for("bestmove", 0, 50ms), -1) << "answered before stop";
  const auto stop_sent = std::chrono::steady_clock::now();
  engine.handle_line("stop");
  const int at = out.wait_for("bestmove", 0, 2s);
  ASSERT_GE(at, 0);
  EXPECT_LT(std::chrono::steady_clock::now() - stop_sent, 500ms);
  engine.wait();
  EXPECT_EQ(out.all()[std::size_t(at)], "bestmove " + bot.legal.back() + " offerdraw");
  EXPECT_EQ(bot.start.opponent, "someone else");
  EXPECT_EQ(bot.start.seed, 9u);
  EXPECT_EQ(bot.start.variant_spec, "barrage");
  EXPECT_EQ(bot.request_view, game.view(kRed));
  EXPECT_TRUE(bot.limits.infinite);
  EXPECT_EQ(bot.limits.time_left_ms[kRed], 1000);
  EXPECT_TRUE(bot.draw_offered);
}

TEST(ProtocolEngine, RejectsBadInputWithErrorLinesAndGoesOn) {
  RandomBot bot;
  Lines out;
  protocol::ProtocolEngine engine(bot, out.sink());
  const Game game = barrage_game(2);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"frobnicate now", "unknown command 'frobnicate'"},
      {"go", "no game"},
      {"stratego 2", "unsupported protocol version '2'"},
      {"newgame variant nosuch side red seed 1", "unknown variant 'nosuch'"},
      {"newgame variant barrage side purple seed 1", "side must be red or blue"},
      {"setoption name Hash value 64", "no option 'Hash'"},
      {"newgame variant barrage side red seed 1", ""},  // good: the game the rest refers to
      {"observe red a4-a5 knight", "'knight'"},
      {"view red-view barrage not-a-board", "board"},
      {"go movetime 100", "no view"},
      {"view " + to_notation(game.view(kRed)), ""},
      {"go movetime 100", "no legal actions"},
      {"legal", "no action given"},
      {legal_line(game.state()), ""},
      {"go movetime soon", "'soon'"},
  };
  for (const auto& [line, message] : bad) {
    const std::size_t before = out.size();
    engine.handle_line(line);
    const auto lines = out.all();
    if (message.empty()) {
      EXPECT_EQ(lines.size(), before) << line << " was answered: " << lines.back();
      continue;
    }
    ASSERT_EQ(lines.size(), before + 1) << line << " got no answer";
    EXPECT_EQ(lines.back().rfind("error ", 0), 0u) << lines.back();
    EXPECT_NE(lines.back().find(message), std::string::npos) << line << " -> " << lines.back();
  }
  engine.handle_line("isready");
  engine.handle_line("go movetime 100");  // the legal line above still stands: the request is whole
  const int at = out.wait_for("bestmove ");
  ASSERT_GE(at, 0);
  engine.wait();
  const std::string token = out.all()[std::size_t(at)].substr(9);
  EXPECT_NE(legal_line(game.state()).find(" " + token), std::string::npos) << token;
  EXPECT_GE(out.wait_for("readyok"), 0);
}

TEST(ProtocolEngine, RejectsCommandsWhileThinkingButNotIsreadyOrStop) {
  ThinkingBot bot;
  Lines out;
  protocol::ProtocolEngine engine(bot, out.sink());
  const Game game = barrage_game(0);
  engine.handle_line("newgame variant barrage side red seed 1");
  engine.handle_line("view " + to_notation(game.view(kRed)));
  engine.handle_line(legal_line(game.state()));
  engine.handle_line("go infinite");
  ASSERT_GE(out.wait_for("info"), 0);
  engine.handle_line("newgame variant classic side red seed 1");
  EXPECT_GE(out.wait_for("error busy", 0, 1s), 0);
  engine.handle_line("quit");  // stops the bot and waits for it
  EXPECT_FALSE(engine.busy());
}

TEST(ProtocolEngine, ObservationsAndInlineVariantsReachTheBotUnchanged) {
  ThinkingBot bot;
  Lines out;
  protocol::ProtocolEngine engine(bot, out.sink());
  const Game game = barrage_game(6);
  std::vector<std::string> text = protocol::inline_variant_lines("barrage+silent-defence");
  engine.handle_line("newgame variant inline " + std::to_string(text.size()) + " side blue seed 4");
  for (const std::string& t : text) engine.handle_line(t);
  EXPECT_EQ(out.size(), 0u) << out.all().front();
  ASSERT_TRUE(bot.start.variant);
  EXPECT_EQ(bot.start.variant_spec, "inline");
  EXPECT_TRUE(bot.start.variant->silent_defence);
  EXPECT_EQ(bot.start.side, kBlue);
  // Views name the variant as newgame did ("inline"); the bot's views carry the game's variant.
  auto rename = [](std::string n) {
    return n.replace(n.find(' ') + 1, n.find(' ', n.find(' ') + 1) - n.find(' ') - 1, "inline");
  };
  const Geometry& g = game.state().geometry();
  for (const ObservedMove& m : game.observations(kBlue)) {
    engine.handle_line("observe " + protocol::format_observed(m, g));
    engine.handle_line("view " + rename(to_notation(game.view(kBlue))));
  }
  EXPECT_EQ(out.size(), 0u) << out.all().front();
  EXPECT_EQ(bot.moves, game.observations(kBlue));
  ASSERT_EQ(bot.views.size(), 6u);
  EXPECT_EQ(bot.views.back().variant, bot.start.variant);
  EXPECT_EQ(bot.views.back().board, game.view(kBlue).board);
}

}  // namespace
}  // namespace stratego::bots
