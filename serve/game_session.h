// One game of `stratego serve`: its settings (the meta file <id>.json in the games folder),
// the referee's thread that plays it between a WebPlayer (the person) and the chosen bot, the
// save file the referee writes after every step (<id>.rec or <id>.wrec), and the result. A
// game whose thread stopped unfinished (adjourned, server shut down) starts again from its
// save file, so it survives a reload of the page and a restart of the server.
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
#include "serve/replay.h"
#include "serve/web_player.h"

namespace stratego::serve {

struct GameMeta {
  std::string id, variant, bot;
  std::int64_t movetime_ms = 1000;
  Side human = kRed;
  std::uint64_t seed = 1;
  std::string status = "new";  // new | playing | adjourned | over | error
  std::string result, reason, detail, result_text;
  nlohmann::json to_json() const;
  static GameMeta from_json(const nlohmann::json& j);  // throws InputError
};

class GameSession {
 public:
  using BotMaker = std::function<std::unique_ptr<bots::Bot>(const std::string& spec)>;
  // make_bot: empty for make_bot_from_spec.
  GameSession(GameMeta meta, std::filesystem::path dir, BotMaker make_bot = {});
  ~GameSession();  // adjourns a running game and waits for its thread
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  const std::string& id() const { return meta_.id; }
  // Starts the referee's thread if the game is not over and not running (from the save file
  // if there is one). Returns false if it is over.
  bool start();
  bool running() const;
  bool over() const;
  std::string family_name() const { return waterloo_ ? "waterloo" : "classic"; }
  // The page's poll: meta, status, the player's snapshot (steps from `since`), the bot's
  // thinking and its latest `info`.
  nlohmann::json state(int since) const;
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
  void run(std::string resume);
  void save_meta() const;
  std::filesystem::path record_path() const;

  mutable std::mutex mu_;
  GameMeta meta_;
  std::filesystem::path dir_;
  BotMaker make_bot_;
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
