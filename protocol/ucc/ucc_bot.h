// UccBot: a Bot that is a program speaking the 2012 UCC competition protocol
// (protocol/ucc/ucc_protocol.h), run as a subprocess, so that the referee, `stratego match --bot1
// ucc:COMMAND` and ladders can include the competition's bots. UccBot plays the UCC manager's
// part towards the program: at new_game it starts the program and writes `RED|BLUE
// <opponent> 10 10`; setup() reads its four set-up lines; each decision writes `START` (Red's
// first) and the board lines of the bot's View; the opponent's moves and the program's own
// moves are confirmed as they are observed; game_over writes `QUIT <result>`.
//
// The program knows nothing of our repetition rules: its reply must still be one of the legal
// moves. With `--variant classic+no-chase+two_squares_limit=0` it plays by the manager's rules.
// Faults become BotFault: a reply that is not a move (kProtocolError), a move that is not
// legal now, or NO_MOVE (kIllegal), no reply in time (kTimeout), the program gone (kCrash, or
// kDisconnect if it closed its output or exited with status 0), a line over 1 MiB (kFlood), a
// program that does not read its input (kTimeout). A set-up that breaks the rules is left to the
// referee (illegal-action). `SURRENDER`
// resigns. The program always chooses its own set-up: a game whose set-up the referee fixed
// (--setups, a resumed game) is a protocol error at the first step, since no message could
// tell the program where its pieces really stand.
//
// `{seed}` in the command becomes the seed the referee hands this side's bot for the game
// (GameStart::seed), so that `ucc:stratego ucc-bot --bot B --seed {seed}` plays with the seed
// the native bot B would have (tests/ucc_parity_test.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bots/bot.h"
#include "protocol/subprocess.h"

namespace stratego::protocol {

struct UccBotOptions {
  // How long a reply may take when the request gives no time (the 2012 manager: 2 s).
  std::int64_t default_timeout_ms = 10000;
  // Added to the time the request gives, for process start-up and pipes.
  std::int64_t grace_ms = 1000;
  std::string stderr_path;  // where the program's stderr goes (appended); empty: ours
};

// The command with every `{seed}` replaced by the game's seed for this bot.
std::string command_for_game(const std::string& command, std::uint64_t seed);

class UccBot : public bots::Bot {
 public:
  explicit UccBot(std::string command, UccBotOptions options = {});
  ~UccBot() override;

  std::string name() const override { return "ucc:" + command_; }
  std::string author() const override { return "UCC 2012 protocol program"; }
  void new_game(const bots::GameStart& g) override;
  std::string setup(const bots::SetupRequest& r) override;
  void observe(const bots::Observation& o) override;
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& info) override;
  void game_over(const std::string& result) override;

 private:
  // The program's next non-blank line, or a BotFault saying why there is none.
  std::string read_reply(std::int64_t timeout_ms, const std::string& what);
  void write(const std::string& line);
  void require_own_setup() const;
  std::int64_t timeout_for(const bots::Limits& l) const;
  std::string quit_line(const std::string& result) const;

  std::string command_;
  UccBotOptions options_;
  std::unique_ptr<Subprocess> process_;
  bots::GameStart game_;
  bool setup_read_ = false;
  bool started_ = false;  // the first board has been sent
  int moves_seen_ = 0;
  std::optional<bots::BotFault> pending_;  // a fault met where we cannot throw, raised at decide
  std::optional<View> last_view_;
};

}  // namespace stratego::protocol
