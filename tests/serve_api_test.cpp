// `stratego serve` over HTTP: a client (httplib::Client) against a WebServer on a free port of
// 127.0.0.1 in this process. A whole Barrage game through the API, the view never holding a
// hidden rank (each view the page got equals the player's View of the true state at that
// point, checked by replaying the record afterwards), bad requests, a Waterloo game's first
// decisions and a game that goes on after the server restarts.
#ifdef STRATEGO_HAVE_SERVE

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "bots/registry.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/rng.h"
#include "serve/view_json.h"
#include "serve/web_server.h"
#include "support/misbehaving_bot.h"
#include "support/serve_client.h"

namespace stratego::bots {
namespace {

using nlohmann::json;
using test_support::Api;
using test_support::fresh_dir;
using test_support::Pick;
using test_support::play_out;

TEST(ServeApi, WholeBarrageGameAndViewsHoldNoHiddenRank) {
  Api api(fresh_dir("whole"));
  int checked = 0;
  for (std::uint64_t seed : {1u, 2u}) {
    const std::string id = api.create(
        {{"variant", "barrage"}, {"bot", "random"}, {"movetime_ms", 10}, {"side", "red"}});
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
  const std::string id = api.create({{"variant", "barrage"}, {"movetime_ms", 10}, {"side", "red"}});
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
    id = api.create(
        {{"variant", "barrage"}, {"bot", "rules"}, {"movetime_ms", 20}, {"side", "red"}});
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
    wid = api.create(
        {{"variant", "waterloo-basic"}, {"bot", "random"}, {"movetime_ms", 10}, {"side", "red"}});
    play_out(api, wid, 3, 200, Pick::kAttacks);  // attacking whenever it can: dice are likely
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
  EXPECT_EQ(st["adjourned_by"], "server");  // the page goes on with it by itself
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
  // The replay shows every die roll of the record. Whether the game rolled one at all depends
  // on the seed the server drew for it, so the two counts are compared.
  auto [rs, replay] = api.get("/api/games/" + wid + "/replay");
  ASSERT_EQ(rs, 200);
  int replay_dice = 0;
  for (const auto& m : replay["moves"]) replay_dice += m.get<std::string>().rfind("die:", 0) == 0;
  const std::string record = api.get_text("/api/games/" + wid + "/record");
  int record_dice = 0;
  for (auto at = record.find("die:"); at != std::string::npos; at = record.find("die:", at + 1))
    ++record_dice;
  EXPECT_EQ(replay_dice, record_dice) << record;
}

// Issue 61: the page went on with a game the person had just adjourned (it took every
// adjourned game for one the server had stopped). The state says who adjourned it.
TEST(ServeApi, AGameThePersonAdjournedSaysSoUntilResumed) {
  const auto dir = fresh_dir("adjourn");
  std::string id;
  {
    Api api(dir);
    id = api.create(
        {{"variant", "barrage"}, {"bot", "rules"}, {"movetime_ms", 10}, {"side", "red"}});
    json st = api.wait(id);
    ASSERT_EQ(st["player"]["pending"], "setup");
    EXPECT_EQ(st["adjourned_by"], "");
    ASSERT_EQ(api.post("/api/games/" + id + "/setup", json{{"line", st["player"]["setup"]["line"]}})
                  .first,
              200);
    st = api.wait(id);
    ASSERT_EQ(st["player"]["pending"], "action");
    ASSERT_EQ(api.post("/api/games/" + id + "/adjourn", json::object()).first, 200);
    st = api.wait(id);
    EXPECT_EQ(st["status"], "adjourned");
    EXPECT_EQ(st["adjourned_by"], "you");
    ASSERT_EQ(api.post("/api/games/" + id + "/resume", json::object()).first, 200);
    st = api.wait(id);
    EXPECT_EQ(st["status"], "playing");
    EXPECT_EQ(st["adjourned_by"], "");
    ASSERT_EQ(st["player"]["pending"], "action");
    ASSERT_EQ(api.post("/api/games/" + id + "/adjourn", json::object()).first, 200);
    EXPECT_EQ(api.wait(id)["adjourned_by"], "you");
  }
  Api api(dir);  // kept in the meta file across a restart
  const json st = api.get("/api/games/" + id).second;
  EXPECT_EQ(st["status"], "adjourned");
  EXPECT_EQ(st["adjourned_by"], "you");
}

// Issue 61: a refused move said only "not legal now"; the page shows the server's reason, the
// terminal's (play/play_input.h): the rule and the piece's legal moves.
TEST(ServeApi, ARefusedActionSaysWhyAsTheTerminalDoes) {
  Api api(fresh_dir("explain"));
  const std::string id =
      api.create({{"variant", "barrage"}, {"bot", "rules"}, {"movetime_ms", 10}, {"side", "red"}});
  json st = api.wait(id);
  ASSERT_EQ(st["player"]["pending"], "setup");
  ASSERT_EQ(
      api.post("/api/games/" + id + "/setup", json{{"line", st["player"]["setup"]["line"]}}).first,
      200);
  st = api.wait(id);
  ASSERT_EQ(st["player"]["pending"], "action") << st.dump();
  const json& v = st["player"]["view"];
  const int width = v["width"];
  auto index = [&](const std::string& sq) {
    for (std::size_t i = 0; i < v["squares"].size(); ++i)
      if (v["squares"][i] == sq) return int(i);
    return -1;
  };
  auto refusal = [&](const std::string& token) {
    auto [status, j] = api.post("/api/games/" + id + "/action",
                                json{{"token", token}, {"decision", st["player"]["decision"]}});
    EXPECT_EQ(status, 400) << token;
    return j.value("error", "");
  };
  int checked = 0;
  for (std::size_t i = 0; i < v["board"].size(); ++i) {
    const json& cell = v["board"][i];
    if (cell.is_null() || cell["side"] != "red" || cell["kind"] != "bomb") continue;
    const std::string sq = v["squares"][i];
    EXPECT_EQ(refusal(sq), sq + ": your Bomb cannot move (C-4.3)");
    ++checked;
  }
  // A piece that is not a Scout, two squares on where one is legal.
  for (const json& t : st["player"]["legal"]) {
    const int from = index(t["squares"][0]), to = index(t["squares"][1]);
    const int beyond = 2 * to - from;
    const json& piece = v["board"][std::size_t(from)];
    if (piece["kind"] == "scout" || std::abs(to - from) != width || beyond < 0 ||
        beyond >= int(v["squares"].size()) || !v["board"][std::size_t(beyond)].is_null())
      continue;
    bool lake = false;
    for (const json& l : v["lakes"]) lake = lake || l == beyond;
    if (lake) continue;
    const std::string token = t["squares"][0].get<std::string>() + "-" +
                              v["squares"][std::size_t(beyond)].get<std::string>();
    const std::string why = refusal(token);
    EXPECT_NE(why.find(token + ": only Scouts move more than one square (C-4.4); legal for your "),
              std::string::npos)
        << why;
    EXPECT_NE(why.find(t["token"].get<std::string>()), std::string::npos) << why;
    ++checked;
    break;
  }
  EXPECT_EQ(refusal("hello").rfind("'hello' is not a legal move now", 0), 0u);
  EXPECT_GE(checked, 2);
}

// Issue 61: the picker listed `ismcts` and `ismcts,threads=2` both, and the classic options
// without a word of what they do.
TEST(ServeApi, InfoListsEachOpponentOnceAndSaysWhatEachOptionDoes) {
  Api api(fresh_dir("info"));
  auto [status, info] = api.get("/api/info");
  ASSERT_EQ(status, 200);
  ASSERT_FALSE(info["opponents"].empty());
  EXPECT_EQ(info["opponents"][0]["bot"], info["default_bot"]);
  std::set<std::string> names;
  for (const json& o : info["opponents"]) {
    const std::string bot = o["bot"];
    EXPECT_TRUE(names.insert(bot.substr(0, bot.find(','))).second) << "twice: " << bot;
    EXPECT_GT(o["label"].get<std::string>().size(), bot.size()) << o.dump();
  }
  EXPECT_EQ(names.size(), builtin_bot_names().size());
  EXPECT_GE(info["options"].size(), 5u);
  for (const json& o : info["options"])
    EXPECT_FALSE(o["description"].get<std::string>().empty()) << o.dump();
}

// Issue 61: at the Waterloo set-up the page said "Your cards –" (its preview was built on an
// empty state, not the person's view), and it named the retreat sector with the letters abc
// where the status said "sector e-h".
TEST(ServeApi, WaterlooSetUpShowsTheHandAndTheRetreatSectorIsNamedAsTheStatusNamesIt) {
  Api api(fresh_dir("waterloo_words"));
  const std::string id = api.create(
      {{"variant", "waterloo-standard"}, {"bot", "random"}, {"movetime_ms", 10}, {"side", "red"}});
  Rng rng(7);
  bool setup_seen = false, sector_seen = false;
  for (int n = 0; n < 80 && !sector_seen; ++n) {
    const json st = api.wait(id);
    if (!st["running"].get<bool>()) break;
    const json& p = st["player"];
    if (p["pending"] == "setup") {
      const json& preview = p["setup"]["preview"];
      EXPECT_FALSE(preview["hand"]["red"].empty()) << preview["hand"].dump();
      EXPECT_EQ(preview["hand"], p["view"]["hand"]);  // the draft is open (W-12.2)
      setup_seen = true;
      ASSERT_EQ(
          api.post("/api/games/" + id + "/setup", json{{"tokens", p["setup"]["tokens"]}}).first,
          200);
      continue;
    }
    const json& v = p["view"];
    if (v["retreat"]["red"].is_number_integer()) {
      const int x = v["retreat"]["red"];
      const int w = v["width"].get<int>() / 3;
      const std::string words =
          std::string("sector ") + char('a' + x * w) + "-" + char('a' + x * w + w - 1);
      EXPECT_EQ(v["retreat_text"]["red"], words);
      // The status is broken at 80 columns, maybe inside the phrase: compare words, not lines.
      std::string status;
      for (const char c : v["status"].get<std::string>())
        if (!std::isspace(static_cast<unsigned char>(c)) ||
            (!status.empty() && status.back() != ' '))
          status += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
      EXPECT_NE(status.find("line of retreat " + words), std::string::npos) << v["status"];
      EXPECT_EQ(v["retreat_text"]["blue"], "hidden");
      sector_seen = true;
      break;
    }
    const json& legal = p["legal"];
    ASSERT_FALSE(legal.empty());
    const std::string token = legal[rng.below(std::uint32_t(legal.size()))]["token"];
    ASSERT_EQ(api.post("/api/games/" + id + "/action", json{{"token", token}}).first, 200);
  }
  EXPECT_TRUE(setup_seen);
  EXPECT_TRUE(sector_seen);
  api.post("/api/games/" + id + "/resign", json::object());
}

// Issue 61: Waterloo was opaque in the browser: pieces without names, cards without text, raw
// tokens on the buttons (`e4xd4/s`, `off:… e7`) and "not legal now" for every refusal. Now the
// info holds the key (classes, terrain, die, cards), each piece of a view its name as the
// player knows it, each legal token its words, and a refusal the rule that forbids it.
TEST(ServeApi, WaterlooPiecesChoicesAndRefusalsAreInWords) {
  Api api(fresh_dir("waterloo_read"));
  auto [is, info] = api.get("/api/info");
  ASSERT_EQ(is, 200);
  const json& key = info["waterloo_key"];
  EXPECT_EQ(key["classes"].size(), 7u);
  EXPECT_EQ(key["die"].size(), 6u);
  ASSERT_EQ(key["cards"].size(), 5u);
  for (const json& c : key["cards"])
    EXPECT_NE(c["when"].get<std::string>().find("(W-12."), std::string::npos) << c.dump();
  EXPECT_GE(key["terrain"].size(), 5u);

  const std::string id = api.create(
      {{"variant", "waterloo-standard"}, {"bot", "random"}, {"movetime_ms", 10}, {"side", "red"}});
  Rng rng(11);
  int worded = 0, hidden_named = 0, refused = 0;
  bool draft_worded = false;
  for (int n = 0; n < 120 && refused < 3; ++n) {
    const json st = api.wait(id);
    if (!st["running"].get<bool>()) break;
    const json& p = st["player"];
    if (p["pending"] == "setup") {
      ASSERT_EQ(
          api.post("/api/games/" + id + "/setup", json{{"tokens", p["setup"]["tokens"]}}).first,
          200);
      continue;
    }
    const json& v = p["view"];
    for (const json& cell : v["board"]) {
      if (cell.is_null()) continue;
      const std::string name = cell["name"];
      EXPECT_FALSE(name.empty()) << cell.dump();
      if (cell["strength"] == -1) {  // a strength the player has not seen is never named
        ++hidden_named;
        EXPECT_EQ(name.find("strength 1"), std::string::npos) << name;
        EXPECT_EQ(name.find("strength 2"), std::string::npos) << name;
        EXPECT_EQ(name.find("strength 3"), std::string::npos) << name;
      }
    }
    const json& legal = p["legal"];
    ASSERT_FALSE(legal.empty());
    for (const json& t : legal) {
      const std::string token = t["token"], text = t["text"];
      EXPECT_FALSE(text.empty()) << token;
      EXPECT_EQ(text.find(token), std::string::npos) << token << ": " << text;
      if (token.rfind("take:", 0) == 0) {
        draft_worded = true;
        EXPECT_NE(t["detail"].get<std::string>().find("(W-12."), std::string::npos) << t.dump();
      }
      ++worded;
    }
    if (v["phase"] == "action") {
      // A piece sent two columns and two rows away: never a legal Waterloo move.
      for (const json& t : legal) {
        if (t["squares"].size() != 2) continue;
        const std::string from = t["squares"][0];
        const int w = v["width"], h = v["height"];
        int i = 0;
        while (v["squares"][std::size_t(i)] != from) ++i;
        const int c = i % w + (i % w < w - 2 ? 2 : -2), r = i / w + (i / w < h - 2 ? 2 : -2);
        const std::string to = v["squares"][std::size_t(r * w + c)];
        auto [code, why] =
            api.post("/api/games/" + id + "/action", json{{"token", from + "-" + to}});
        EXPECT_EQ(code, 400);
        const std::string reason = why.value("error", "");
        EXPECT_EQ(reason.rfind(from + "-" + to + ": ", 0), 0u) << reason;
        EXPECT_NE(reason.find("(W-"), std::string::npos) << reason;
        EXPECT_EQ(reason.find("not legal now"), std::string::npos) << reason;
        ++refused;
        break;
      }
    }
    const std::string token = legal[rng.below(std::uint32_t(legal.size()))]["token"];
    ASSERT_EQ(api.post("/api/games/" + id + "/action", json{{"token", token}}).first, 200);
  }
  EXPECT_TRUE(draft_worded);
  EXPECT_GT(worded, 20);
  EXPECT_GT(hidden_named, 10);
  EXPECT_GE(refused, 1);
  api.post("/api/games/" + id + "/resign", json::object());
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
