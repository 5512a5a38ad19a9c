// The engine side of the bot protocol (docs/protocol.md): serves any Bot to a referee over
// lines of text, as `stratego engine` does on stdin/stdout. Decisions and set-ups run on a
// worker thread while the reader keeps answering `isready` and honours `stop`; each output
// line is written whole under a mutex. Input it cannot accept gets an `error` line and the
// engine goes on. Works on line callbacks, so tests drive it without processes.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "bots/bot.h"

namespace stratego::protocol {

struct NewGameLine;  // protocol/protocol_text.h

class ProtocolEngine {
 public:
  using Output = std::function<void(const std::string& line)>;
  // `out` receives every line the engine writes, one call per line, never two at once.
  ProtocolEngine(bots::Bot& bot, Output out);
  ~ProtocolEngine();  // stops a decision in progress and waits for it
  ProtocolEngine(const ProtocolEngine&) = delete;
  ProtocolEngine& operator=(const ProtocolEngine&) = delete;

  // Handles one input line (without its '\n'). False once the engine is to end (`quit`).
  bool handle_line(std::string_view line);
  // Answers an input line that could not be taken at all (too long) with an error line.
  void reject_line(const std::string& why);
  // Waits until a decision or set-up in progress has been answered.
  void wait();
  bool busy() const { return busy_; }

 private:
  void write(std::string line);
  void error(const std::string& message);
  void handshake(std::string_view line);
  void new_game(std::string_view line);
  void start_game(const NewGameLine& g, const std::string& variant_text);
  void observe(std::string_view rest);
  void view(std::string_view rest);
  void go(std::string_view line);
  void setup(std::string_view line);
  void run(std::function<std::string()> task);  // on the worker, writes its answer
  bool need_game(std::string_view command);

  bots::Bot& bot_;
  Output out_;
  std::mutex out_mutex_;
  std::thread worker_;
  std::atomic<bool> busy_{false}, stop_{false};

  struct PendingNewGame;
  std::shared_ptr<PendingNewGame> pending_game_;  // an inline variant still being received
  std::shared_ptr<const Variant> variant_;
  Side side_ = kRed;
  // An observation waiting for the `view` line that completes it.
  std::optional<GameObservation> pending_observation_;
  std::optional<GameView> view_;
  std::optional<View> empty_board_;  // what a classic-family set-up request shows
  std::vector<std::string> legal_;
  bots::Request request_;  // kept alive while the worker decides
  bots::SetupRequest setup_request_;
};

// Serves bot over in/out until `quit` or the end of input.
void serve_protocol(bots::Bot& bot, std::istream& in, std::ostream& out);

}  // namespace stratego::protocol
