// One game of `stratego serve`: its settings (the meta file <id>.json in the games folder),
// the referee's thread that plays it between a WebPlayer (the person) and the chosen bot, the
// save file the referee writes after every step (<id>.rec or <id>.wrec), and the result. A
// game whose thread stopped unfinished (adjourned, server shut down) starts again from its
// save file, so it survives a reload of the page and a restart of the server. Both files are
// read as data from a stranger: a meta file names only built-in variants and bots, and a
// save file that is not whole (cut short, not UTF-8, not a record) makes the game "damaged",
// listed with the reason and never resumed from the middle.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "bots/bot.h"
#include "serve/game_threads.h"
#include "serve/replay.h"
#include "serve/web_player.h"
#include "serve/web_server.h"

namespace stratego::serve {

struct GameMeta {
  std::string id, variant, bot;
  std::int64_t movetime_ms = 1000;
  Side human = kRed;
  std::uint64_t seed = 1;
  std::string status = "new";  // new | playing | adjourned | over | error | damaged
  std::string result, reason, detail, result_text;
  // Who adjourned an adjourned game: "you" (the person, POST /adjourn) or "server" (it
  // stopped); empty otherwise. The page goes on by itself only with the server's.
  std::string adjourned_by;
  nlohmann::json to_json() const;
  // Throws InputError naming the field unless every field is what the server itself writes:
  // a game id, a built-in variant spec and bot spec within the budget (check_variant_spec,
  // check_bot_spec), a time per move, a side and a status.
  static GameMeta from_json(const nlohmann::json& j);
};

// A save file's text as the server reads it before resuming: throws InputError (naming
// origin and line) unless it is whole (check_record_is_whole) and parses as a record of its
// family; returns whether it holds the game's end.
bool check_save_text(const std::string& text, const std::string& origin);

// What every game of one server shares.
struct SessionHost {
  std::filesystem::path dir;        // the games folder
  BotMaker make_bot;                // empty: make_bot_from_spec
  std::shared_ptr<RunSlots> slots;  // --max-running
  ThreadStarter start_thread;       // empty: std::thread
};

class GameSession {
 public:
  // Writes the meta file. A game loaded from the folder then calls check_save_file().
  GameSession(GameMeta meta, SessionHost host);
  // A finished game made again from its game list entry (ended_entry()) when a request names
  // it: nothing is written and it never runs (it is over); its record is read from its file.
  // Throws InputError if the entry is not one (it is checked as a meta file is).
  static std::shared_ptr<GameSession> finished(const std::string& entry, SessionHost host);
  ~GameSession();  // adjourns a running game and waits for its thread
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  const std::string& id() const { return meta_.id; }
  std::string detail() const;
  enum class Start { kRunning, kOver, kDamaged, kBusy, kNoThread };
  // Starts the referee's thread if the game is not over, damaged or running (from the save
  // file if there is one), in `slot`, which it keeps until the thread ends (kBusy: no slot
  // given; kNoThread: the thread could not be started, and the game stays as it was).
  Start start(RunSlots::Slot slot);
  // Reads the save file as start() would: a game whose file is not whole becomes damaged,
  // one whose file holds the end becomes over.
  void check_save_file();
  // Joins the thread of a game that stopped (its stack is held until then), and lets go of
  // a finished game's player.
  void reap();
  bool holds_thread() const;  // a stopped thread not yet joined
  bool running() const;
  bool over() const;
  std::string family_name() const { return waterloo_ ? "waterloo" : "classic"; }
  // The page's poll: meta, status, the player's snapshot (steps from `since`), the bot's
  // thinking and its latest `info`.
  nlohmann::json state(int since) const;
  // The game list's entry: meta, status, family, running; never the player, whose lock a
  // game's thread may hold for a while (building the person's belief).
  nlohmann::json summary() const;
  // The summary as text, once the game is over and its thread joined (reap()): all the server
  // keeps of it from then on (EndedGames). nullopt before.
  std::optional<std::string> ended_entry() const;
  std::shared_ptr<WebPlayer> player() const;  // the latest game thread's player, or nullptr
  // The record, only once the game is over (it holds the bot's set-up).
  std::optional<std::string> record() const;
  // The end-of-game replay (computed once); nullopt before the end.
  std::shared_ptr<const Replay> replay();
  // Adjourns (if running) and waits.
  void stop();

  // Set by the bot's wrapper in the referee's thread.
  void bot_thinking(bool on);
  void bot_info(const bots::SearchInfo& info);

 private:
  struct Finished {};
  GameSession(Finished, GameMeta meta, bool waterloo, SessionHost host);
  void run(std::string resume);
  void save_meta() const;
  std::filesystem::path record_path() const;
  // The save file's text ("" if none), checked whole and parsed; nullopt if it is not (the
  // game is then damaged). Sets the status to over if the file holds the end. Under mu_.
  std::optional<std::string> load_save_file();

  mutable std::mutex mu_;
  GameMeta meta_;
  SessionHost host_;
  RunSlots::Slot slot_;  // held while the thread runs
  bool waterloo_ = false;
  std::shared_ptr<WebPlayer> player_;
  std::thread thread_;
  bool running_ = false, thinking_ = false;
  std::chrono::steady_clock::time_point think_start_;
  nlohmann::json info_;
  std::string final_record_;
  std::shared_ptr<const Replay> replay_;
};

}  // namespace stratego::serve
