// `stratego serve` over HTTP: a client (httplib::Client) against a WebServer on a free port of
// 127.0.0.1 in this process. A whole Barrage game through the API, the view never holding a
// hidden rank (each view the page got equals the player's View of the true state at that
// point, checked by replaying the record afterwards), bad requests, a Waterloo game's first
// decisions and a game that goes on after the server restarts.
#ifdef STRATEGO_HAVE_SERVE

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

#include "bots/registry.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/rng.h"
#include "serve/view_json.h"
#include "serve/web_server.h"
#include "support/command_run.h"
#include "support/misbehaving_bot.h"

// Last: its system headers define macros that break Eigen's templates.
#include <httplib.h>

namespace stratego::bots {
namespace {

using nlohmann::json;

// A games folder of the test's own, empty; unique_temp_path removes it when the tests end.
std::filesystem::path fresh_dir(const std::string& name) {
  const std::filesystem::path d = test_support::unique_temp_path("serve_" + name);
  std::filesystem::remove_all(d);
  return d;
}

struct Api {
  explicit Api(const std::filesystem::path& dir, serve::BotMaker make_bot = {}) {
    serve::ServeOptions o;
    o.make_bot = std::move(make_bot);
    o.port = 0;
    o.games_dir = dir;
    server = std::make_unique<serve::WebServer>(o);
    port = server->start_background();
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

// Whether a legal token attacks: Waterloo writes an attack with 'x'; a classic move attacks
// when an enemy piece stands on its target square.
bool attacks(const json& view, const std::string& token) {
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
std::map<int, json> play_out(Api& api, const std::string& id, std::uint64_t seed, int max,
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

TEST(ServeApi, WholeBarrageGameAndViewsHoldNoHiddenRank) {
  Api api(fresh_dir("whole"));
  int checked = 0;
  for (std::uint64_t seed : {1u, 2u}) {
    const std::string id = api.create({{"variant", "barrage"},
                                       {"bot", "random"},
                                       {"movetime_ms", 10},
                                       {"side", "red"},
                                       {"seed", seed}});
    ASSERT_EQ(id.size(), 16u);
    EXPECT_EQ(api.get("/api/games/" + id + "/record").first, 409);  // it holds the bot's set-up
    const auto views = play_out(api, id, seed, 150);
    const json st = api.wait(id);
    EXPECT_EQ(st["status"], "over") << st.dump();
    EXPECT_FALSE(st["result_text"].get<std::string>().empty());
    auto r = api.client->Get("/api/games/" + id + "/record");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200);
    // Every view the page got is exactly the player's View of the true state then.
    const GameRecord rec = parse_record(r->body);
    State s = record_start(rec);
    for (std::size_t ply = 0;; ++ply) {
      const auto it = views.find(int(ply));
      if (it != views.end()) {
        const json truth = serve::view_json(make_view(s, kRed));
        EXPECT_EQ(it->second["board"], truth["board"]) << "ply " << ply;
        EXPECT_EQ(it->second["captured"], truth["captured"]) << "ply " << ply;
        // And an enemy rank shows only where the true state revealed it.
        for (int sq = 0; sq < s.geometry().num_squares(); ++sq) {
          const json& cell = it->second["board"][std::size_t(sq)];
          if (cell.is_null() || cell["side"] != "blue" || cell["kind"] == "unknown") continue;
          EXPECT_TRUE(s.flags(sq) & kRevealedFlag) << "ply " << ply << " square " << sq;
        }
        ++checked;
      }
      if (ply == rec.moves.size()) break;
      s.make(rec.moves[ply]);
    }
    auto [rs, replay] = api.get("/api/games/" + id + "/replay");
    ASSERT_EQ(rs, 200) << replay.dump();
    EXPECT_EQ(replay["plies"].get<int>(), int(rec.moves.size()) + 1);
    auto [ps, ply1] = api.get("/api/games/" + id + "/replay?ply=1");
    ASSERT_EQ(ps, 200);
    EXPECT_FALSE(ply1["position"]["beliefs"]["red"].empty());
  }
  EXPECT_GT(checked, 20);
}

TEST(ServeApi, AGameThatNamesNoBotMeetsTheDefaultOpponent) {
  Api api(fresh_dir("default_bot"));
  auto [status, info] = api.get("/api/info");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(info["default_bot"], default_opponent());
  EXPECT_EQ(default_opponent().rfind("ismcts,threads=", 0), 0u) << default_opponent();
  const std::string id =
      api.create({{"variant", "barrage"}, {"movetime_ms", 10}, {"side", "red"}, {"seed", 3}});
  auto [ls, list] = api.get("/api/games");
  ASSERT_EQ(ls, 200);
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["id"], id);
  EXPECT_EQ(list["games"][0]["bot"], default_opponent());
}

TEST(ServeApi, BadRequestsGetReasons) {
  Api api(fresh_dir("bad"));
  EXPECT_EQ(api.post("/api/games", std::string("{not json")).first, 400);
  EXPECT_EQ(api.post("/api/games", std::string("[1,2]")).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"variant", "nonesuch"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"variant", "../../etc/passwd"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"variant", "/tmp/x.variant"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"variant", "classic+../x"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"bot", "cmd:touch /tmp/pwned"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"bot", "nobot"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"movetime_ms", -5}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"movetime_ms", "fast"}}).first, 400);
  EXPECT_EQ(api.post("/api/games", json{{"side", "green"}}).first, 400);
  const auto [status, j] = api.post("/api/games", std::string(200 * 1024, ' '));
  EXPECT_EQ(status, 413);
  EXPECT_EQ(api.get("/api/games/not-an-id").first, 400);
  EXPECT_EQ(api.get("/api/games/..%2f..%2fetc").first, 404);  // decoded, it is no route
  EXPECT_EQ(api.get("/api/games/0123456789abcdef").first, 404);
  EXPECT_EQ(api.get("/api/nothing").first, 404);
  EXPECT_EQ(api.client->Post("/api/games", "{}", "text/plain")->status, 415);  // a cross-site form
  EXPECT_EQ(api.client->Get("/api/info", {{"Host", "evil.example:80"}})->status,
            403);  // DNS rebinding
  EXPECT_EQ(api.get("/app.js").first, 200);
  const std::string id = api.create(
      {{"variant", "barrage"}, {"bot", "random"}, {"movetime_ms", 10}, {"side", "blue"}});
  json st = api.wait(id);
  ASSERT_EQ(st["player"]["pending"], "setup");
  auto [bs, bj] = api.post("/api/games/" + id + "/setup", json{{"line", "XYZ"}});
  EXPECT_EQ(bs, 400);
  EXPECT_NE(bj["error"].get<std::string>().find("set-up"), std::string::npos);
  EXPECT_EQ(api.post("/api/games/" + id + "/action", json{{"token", "a4-a5"}}).first,
            409);  // set-up first
  // The Flag behind its Bomb: the random bot's first move cannot end the game (a suggested
  // set-up could leave the Flag open to a Scout's strike down an empty file).
  EXPECT_EQ(api.post("/api/games/" + id + "/setup",
                     json{{"line", "AAAAAAAALMAAAAAAAAKBAAAAAADAADAAAAACAAAE"}})
                .first,
            200);
  st = api.wait(id);
  ASSERT_EQ(st["player"]["pending"], "action") << st.dump();
  EXPECT_EQ(api.post("/api/games/" + id + "/action", json{{"token", "a1-j10"}}).first, 400);
  EXPECT_EQ(api.post("/api/games/" + id + "/action", json{{"token", 5}}).first, 400);
  EXPECT_EQ(api.post("/api/games/" + id + "/accept-draw", json::object()).first, 409);
  EXPECT_EQ(api.get("/api/games/" + id + "?since=abc").first, 400);
  // The bot's pieces never show before they move or fight; the belief covers each hidden one.
  std::size_t hidden = 0;
  for (const json& cell : st["player"]["view"]["board"]) {
    if (cell.is_null() || cell["side"] != "red") continue;
    if (!cell["moved"].get<bool>()) {
      EXPECT_EQ(cell["kind"], "unknown");
    }
    hidden += cell["kind"] == "unknown";
  }
  EXPECT_GE(hidden, 7u);
  auto [bl, beliefs] = api.get("/api/games/" + id + "/beliefs");
  EXPECT_EQ(bl, 200);
  EXPECT_EQ(beliefs["pieces"].size(), hidden) << beliefs.dump();  // an error names its cause
}

TEST(ServeApi, GameGoesOnAfterRestartAndWaterlooDecisions) {
  const auto dir = fresh_dir("restart");
  std::string id, wid;
  int steps = 0;
  {
    Api api(dir);
    id = api.create({{"variant", "barrage"},
                     {"bot", "rules"},
                     {"movetime_ms", 20},
                     {"side", "red"},
                     {"seed", 7}});
    json st = api.wait(id);
    ASSERT_EQ(api.post("/api/games/" + id + "/setup", json{{"line", st["player"]["setup"]["line"]}})
                  .first,
              200);
    for (int i = 0; i < 2; ++i) {
      st = api.wait(id);
      ASSERT_EQ(st["player"]["pending"], "action");
      ASSERT_EQ(api.post("/api/games/" + id + "/action",
                         json{{"token", st["player"]["legal"][0]["token"]}})
                    .first,
                200);
    }
    st = api.wait(id);
    steps = st["player"]["step_count"];
    EXPECT_EQ(steps, 4);
    // A Waterloo game: its decisions up to the battle and a few actions.
    wid = api.create({{"variant", "waterloo-basic"},
                      {"bot", "random"},
                      {"movetime_ms", 10},
                      {"side", "red"},
                      {"seed", 3}});
    play_out(api, wid, 3, 60, Pick::kAttacks);  // attacking whenever it can: a die is rolled
    // The person's Waterloo belief: every hidden enemy piece on the board, rows summing to 1.
    auto [bs, beliefs] = api.get("/api/games/" + wid + "/beliefs");
    ASSERT_EQ(bs, 200) << beliefs.dump();
    ASSERT_FALSE(beliefs["pieces"].empty()) << beliefs.dump();
    for (const json& piece : beliefs["pieces"]) {
      double sum = 0;
      for (const auto& [kind, p] : piece["probs"].items()) sum += p.get<double>();
      EXPECT_NEAR(sum, 1.0, 0.02) << piece.dump();
    }
  }  // the server stops: the running game is adjourned
  Api api(dir);
  EXPECT_EQ(api.server->games_loaded(), 2);
  json st = api.get("/api/games/" + id).second;
  EXPECT_EQ(st["status"], "adjourned");
  ASSERT_EQ(api.post("/api/games/" + id + "/resume", json::object()).first, 200);
  st = api.wait(id);
  ASSERT_EQ(st["player"]["pending"], "action") << st.dump();
  EXPECT_EQ(st["player"]["step_count"], steps);
  EXPECT_EQ(
      api.post("/api/games/" + id + "/action", json{{"token", st["player"]["legal"][0]["token"]}})
          .first,
      200);
  st = api.get("/api/games/" + wid).second;
  EXPECT_EQ(st["status"], "over");
  bool die = false;
  auto [rs, replay] = api.get("/api/games/" + wid + "/replay");
  ASSERT_EQ(rs, 200);
  for (const auto& m : replay["moves"]) die = die || m.get<std::string>().rfind("die:", 0) == 0;
  EXPECT_TRUE(die);
}

TEST(ServeApi, BotThatCrashesEndsItsGameNotTheServer) {
  Api api(fresh_dir("crash"), [](const std::string&) -> std::unique_ptr<Bot> {
    return std::make_unique<testing::MisbehavingBot>(testing::Misdeed::kRuntimeError, 2);
  });
  const std::string id =
      api.create({{"variant", "barrage"}, {"bot", "random"}, {"movetime_ms", 10}, {"side", "red"}});
  // Never attacking, the person cannot take the bot's Flag (a random set-up may leave it open)
  // before the bot's second decision.
  play_out(api, id, 5, 50, Pick::kQuiet);
  const json st = api.wait(id);
  EXPECT_EQ(st["status"], "over");
  EXPECT_EQ(st["reason"], "crash") << st.dump();
  EXPECT_EQ(st["result"], "red");
  EXPECT_EQ(api.get("/api/games/" + id + "/record").first, 200);
  EXPECT_EQ(api.get("/api/info").first, 200);  // the server goes on
}

}  // namespace
}  // namespace stratego::bots

#else

#include <gtest/gtest.h>

TEST(ServeApi, NeedsCppHttplib) {
  GTEST_SKIP()
      << "built without cpp-httplib (Debian: libcpp-httplib-dev): no `stratego serve` to test";
}

#endif
