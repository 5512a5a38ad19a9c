// `stratego serve`: the HTTP server. JSON over HTTP (docs/serve.md lists the routes), the page
// of serve/web/ compiled in, many games at once (each a GameSession with its own referee
// thread and bot), every game saved in the games folder and resumed by id after a restart.
// Security: it binds 127.0.0.1 unless told otherwise; bodies are bounded in size, reads and
// writes in time; game ids are made by the server and checked against a strict pattern, and
// no request names a file; variant specs must be built-in names with options, bots built-in
// bots (never a command to run); anything malformed gets a 4xx with the reason as JSON.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "serve/ended_games.h"
#include "serve/game_threads.h"

namespace httplib {
class Server;
}

namespace stratego::bots {
class Bot;
}

namespace stratego::serve {

class GameSession;
class SlowClientGuard;
struct SessionHost;
using BotMaker = std::function<std::unique_ptr<bots::Bot>(const std::string& spec)>;

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  std::filesystem::path games_dir = "stratego-games";
  int max_running = 32;              // games whose referee thread runs at once (RunSlots)
  int max_games = 1000;              // games kept in the folder and in memory
  std::size_t max_body = 64 * 1024;  // bytes of a request body
  int io_timeout_s = 5;              // to read a request or write a response, each read
  int request_timeout_ms = 10000;    // to send a whole request (SlowClientGuard; --request-timeout)
  std::int64_t max_movetime_ms = 30000;
  // Makes the bot of a (checked) spec; empty: make_bot_from_spec. Tests put misbehaving bots here.
  BotMaker make_bot;
  // Starts a game's referee thread; empty: std::thread. Tests make it fail.
  ThreadStarter start_thread;
};

class WebServer {
 public:
  // Creates the games folder and loads the meta files in it (the games start on request).
  explicit WebServer(ServeOptions o);
  ~WebServer();  // stops listening, adjourns every running game
  // Binds; returns the port (throws InputError if it cannot).
  int bind();
  // Serves until stop() (blocking).
  void listen();
  // bind() and listen() in a thread of its own (tests).
  int start_background();
  void stop();
  int games_loaded() const;            // listed: in the table and finished
  int games_finished() const;          // of which finished, kept as list entries only (EndedGames)
  std::size_t finished_bytes() const;  // what those entries take
  int games_running() const { return slots_->used(); }
  // Games whose stopped thread is not yet joined (reap() joins them before any game starts).
  int threads_held() const;
  const ServeOptions& options() const { return o_; }
  int connections_cut() const;  // by the request timeout

 private:
  void routes();
  // The game of that id: from the table, or a finished one made again from its list entry.
  std::shared_ptr<GameSession> find(const std::string& id);
  bool known(const std::string& id) const;  // without making a finished game again
  std::vector<std::shared_ptr<GameSession>> all_games() const;  // the table's
  // Every game's list entry (GET /api/games), by id.
  std::vector<std::string> list_entries() const;
  std::string new_id();
  // Joins stopped threads and moves the finished games from the table to ended_.
  void reap();
  // Moves a game that is over (and joined) to ended_; returns whether it did. Under mu_, or
  // in the constructor.
  bool retire(const std::string& id, const GameSession& g);
  SessionHost session_host() const;
  std::string busy_reason() const;

  static constexpr int kConnectionThreads = 64;
  static constexpr int kListenBacklog = 128;
  // Finished games made again by find() and kept a while: the page asks for a replay ply by
  // ply, and each session computes its replay once.
  static constexpr std::size_t kRecentFinished = 4;
  ServeOptions o_;
  int listen_fd_ = -1;
  std::shared_ptr<RunSlots> slots_;
  std::unique_ptr<httplib::Server> http_;
  std::unique_ptr<SlowClientGuard> guard_;  // made by bind(), once the port is known
  std::thread thread_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<GameSession>> games_;  // not finished, or not yet reaped
  EndedGames ended_;                                           // finished: list entries only
  std::vector<std::shared_ptr<GameSession>> recent_finished_;  // newest last
};

// A game id as the server makes them: 16 lower-case hex digits.
bool valid_game_id(const std::string& id);
// Throws InputError unless spec is a built-in base variant with built-in options or
// key=value parts of letters, digits, '_', '.' and '-' (never a path).
void check_variant_spec(const std::string& spec);
// The most a bot of this server may be given, per game (docs/serve.md, "Limits"): its cores
// and the memory of its tables, so that no page can take the machine; its time is the game's
// movetime_ms, at most ServeOptions::max_movetime_ms.
struct BotBudget {
  const char* key;
  int max;
};
inline constexpr BotBudget kBotBudget[] = {
    {"threads", 4}, {"tree_mb", 64}, {"tt_mb", 64}, {"worlds", 64}, {"movetime", 30000}};
// Throws InputError unless spec is a built-in bot, optionally with ",name=value" settings,
// each within kBotBudget.
void check_bot_spec(const std::string& spec);

}  // namespace stratego::serve
