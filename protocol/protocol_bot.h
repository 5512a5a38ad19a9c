// ProtocolBot: a Bot played by any program that speaks the bot protocol (docs/protocol.md),
// run as a subprocess (protocol/subprocess.h) and named on the command line as `cmd:COMMAND`.
// It forwards every call of the Bot interface as protocol lines and waits for the answers with
// timeouts derived from the limits. Whatever the program does wrong becomes a BotFault with
// the matching kind and a message saying what it did; after a fault the program is killed and
// the next new_game starts it afresh. Legality: a bestmove that is not one of the request's
// legal tokens is a BotFault of kind kIllegal here, before the referee sees it.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.h"
#include "engine/rng.h"
#include "protocol/subprocess.h"

namespace stratego::protocol {

struct ProtocolBotOptions {
  std::chrono::milliseconds handshake_timeout{10000};
  std::chrono::milliseconds ready_timeout{10000};     // newgame and setoption (their isready)
  std::chrono::milliseconds grace{2000};              // over the allowed time: pipes, start-up
  std::chrono::milliseconds no_limit_timeout{60000};  // a request with no time given at all
  std::chrono::milliseconds quit_grace{1000};         // after quit, before the kill
  // Flood: more than this many lines or bytes in answer to one request.
  std::size_t max_reply_lines = 10000;
  std::size_t max_reply_bytes = std::size_t(1) << 20;
  std::string stderr_path;  // where the program's stderr goes (appended); empty: ours
  // Called with every line sent (true) and received (false), in order: transcripts, logs.
  std::function<void(bool sent, const std::string& line)> transcript;
};

class ProtocolBot : public bots::Bot {
 public:
  // Starts `sh -c command` and runs the handshake. Throws BotFault if the program does not
  // complete it, InputError if it cannot be started at all.
  explicit ProtocolBot(std::string command, ProtocolBotOptions options = {});
  ~ProtocolBot() override;  // quit()

  std::string name() const override { return name_; }
  std::string author() const override { return author_; }
  std::vector<bots::BotOption> options() const override { return options_; }
  void set_option(const std::string& name, const std::string& value) override;
  void new_game(const bots::GameStart& g) override;
  std::string setup(const bots::SetupRequest& r) override;
  void observe(const bots::Observation& o) override;
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& info) override;
  void game_over(const std::string& result) override;

  // Sends quit, gives the program quit_grace to exit, then kills and reaps it. Anything it
  // writes after quit is ignored.
  void quit();
  const std::string& command() const { return command_; }

 private:
  using Clock = std::chrono::steady_clock;
  struct Await;  // one awaited answer: what was asked, until when, what answers it

  void start();
  [[noreturn]] void fault(bots::BotFault::Kind kind, const std::string& what);
  // Bounded by opt_.grace (or `timeout`): a program that does not read loses on time.
  void send(const std::string& line, std::string_view request);
  void send(const std::string& line, std::string_view request, std::chrono::milliseconds timeout);
  std::string await(const Await& a);
  [[noreturn]] void closed(std::string_view request);
  void wait_ready(std::string_view request);
  void send_view(std::string notation);
  std::chrono::milliseconds time_for(const bots::Limits& l) const;

  std::string command_;
  ProtocolBotOptions opt_;
  std::unique_ptr<Subprocess> process_;
  std::string name_, author_ = "unknown";
  std::vector<bots::BotOption> options_;
  // The game in progress.
  std::shared_ptr<const Variant> variant_;
  Side side_ = kRed;
  bool inline_variant_ = false;
  std::string last_view_;  // the last view line sent: a request repeats it only if it changed
  Rng rng_{1};             // for the set-up suggestions
};

}  // namespace stratego::protocol
