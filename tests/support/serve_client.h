// A client of `stratego serve` for the tests: a WebServer on a free port of 127.0.0.1 in this
// process (or a server elsewhere), with an httplib::Client to it, quick games set up and
// resigned, and a person who plays random legal actions.
#pragma once

#ifdef STRATEGO_HAVE_SERVE

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "engine/rng.h"
#include "serve/web_server.h"
#include "support/command_run.h"

// Last: its system headers define macros that break Eigen's templates.
#include <httplib.h>

namespace stratego::test_support {

using nlohmann::json;

// A games folder of the test's own, empty; unique_temp_path removes it when the tests end.
inline std::filesystem::path fresh_dir(const std::string& name) {
  const std::filesystem::path d = unique_temp_path("serve_" + name);
  std::filesystem::remove_all(d);
  return d;
}

struct Api {
  explicit Api(const std::filesystem::path& dir, serve::BotMaker make_bot = {}) {
    serve::ServeOptions o;
    o.make_bot = std::move(make_bot);
    o.games_dir = dir;
    start(o);
  }
  explicit Api(serve::ServeOptions o) { start(o); }
  // A client of a server that runs elsewhere (another process) on that port; no `server`.
  struct Remote {
    int port;
  };
  explicit Api(Remote r) { connect(r.port); }
  void start(serve::ServeOptions o) {
    o.port = 0;
    server = std::make_unique<serve::WebServer>(o);
    connect(server->start_background());
  }
  void connect(int server_port) {
    port = server_port;
    client = std::make_unique<httplib::Client>("127.0.0.1", port);
    client->set_read_timeout(10, 0);
    client->set_tcp_nodelay(true);
  }
  std::pair<int, json> post(const std::string& path, const std::string& body) {
    auto r = client->Post(path, body, "application/json");
    if (!r) return {-1, {}};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  std::pair<int, json> post(const std::string& path, const json& body) {
    return post(path, body.dump());
  }
  std::pair<int, json> get(const std::string& path) {
    auto r = client->Get(path);
    if (!r) return {-1, {}};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  // A body that is not JSON (a record), empty if the request failed.
  std::string get_text(const std::string& path) {
    auto r = client->Get(path);
    return r ? r->body : std::string();
  }
  std::string create(const json& body) {
    auto [status, j] = post("/api/games", body);
    EXPECT_EQ(status, 201) << j.dump();
    return j.value("id", "");
  }
  // Polls until the person has a decision or the game stopped.
  json wait(const std::string& id) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (;;) {
      auto [status, j] = get("/api/games/" + id);
      EXPECT_EQ(status, 200);
      if (status != 200) return j;
      if (!j["running"].get<bool>() || !j["player"]["pending"].is_null()) return j;
      if (std::chrono::steady_clock::now() > deadline) {
        ADD_FAILURE() << "no decision came: " << j.dump();
        return j;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  std::unique_ptr<serve::WebServer> server;
  int port = 0;
  std::unique_ptr<httplib::Client> client;
};

// A quick game: Barrage against `random` at 10 ms a move.
inline const json kBarrage = {{"variant", "barrage"}, {"bot", "random"}, {"movetime_ms", 10}};

inline std::string create_red(Api& api) {
  json b = kBarrage;
  b["side"] = "red";
  return api.create(b);
}

// Gives the suggested set-up and waits for the first move to be the person's to make.
inline json set_up(Api& api, const std::string& id) {
  json st = api.wait(id);
  EXPECT_EQ(st["player"]["pending"], "setup") << st.dump();
  EXPECT_EQ(
      api.post("/api/games/" + id + "/setup", json{{"line", st["player"]["setup"]["line"]}}).first,
      200);
  return api.wait(id);
}

inline void resign_and_wait(Api& api, const std::string& id) {
  EXPECT_EQ(api.post("/api/games/" + id + "/resign", json::object()).first, 200);
  EXPECT_EQ(api.wait(id)["status"], "over");
}

// Whether a legal token attacks: Waterloo writes an attack with 'x'; a classic move attacks
// when an enemy piece stands on its target square.
inline bool attacks(const json& view, const std::string& token) {
  if (token.find('x') != std::string::npos) return true;
  const std::size_t dash = token.find('-');
  if (dash == std::string::npos || view["family"] != "classic") return false;
  const std::string to = token.substr(dash + 1);
  for (std::size_t i = 0; i < view["squares"].size(); ++i)
    if (view["squares"][i] == to)
      return !view["board"][i].is_null() && view["board"][i]["side"] != view["viewer"];
  return false;
}

enum class Pick { kAny, kAttacks, kQuiet };  // which legal actions the person draws from

// Plays random legal actions for the person until the game ends or `max` decisions were
// made (then resigns); returns each view the page got at a decision, by moves played.
inline std::map<int, json> play_out(Api& api, const std::string& id, std::uint64_t seed, int max,
                                    Pick pick = Pick::kAny) {
  Rng rng(seed);
  std::map<int, json> views;
  for (int n = 0;; ++n) {
    json st = api.wait(id);
    if (!st["running"].get<bool>()) break;
    const json& p = st["player"];
    if (p["pending"] == "setup") {
      const json body = p["setup"]["family"] == "classic" ? json{{"line", p["setup"]["line"]}}
                                                          : json{{"tokens", p["setup"]["tokens"]}};
      EXPECT_EQ(api.post("/api/games/" + id + "/setup", body).first, 200);
      continue;
    }
    if (p["view"]["family"] == "classic") views[p["view"]["moves_played"].get<int>()] = p["view"];
    if (n >= max) {
      EXPECT_EQ(api.post("/api/games/" + id + "/resign", json::object()).first, 200);
      continue;
    }
    const json& legal = p["legal"];
    EXPECT_FALSE(legal.empty());
    std::vector<std::string> tokens;
    for (const json& t : legal)
      if (pick == Pick::kAny || attacks(p["view"], t["token"]) == (pick == Pick::kAttacks))
        tokens.push_back(t["token"]);
    if (tokens.empty())
      for (const json& t : legal) tokens.push_back(t["token"]);
    const std::string token = tokens[rng.below(std::uint32_t(tokens.size()))];
    const auto [status, j] = api.post("/api/games/" + id + "/action",
                                      json{{"token", token}, {"decision", p["decision"]}});
    EXPECT_EQ(status, 200) << token << ": " << j.dump();
  }
  return views;
}

}  // namespace stratego::test_support

#endif
