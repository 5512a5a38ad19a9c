// `stratego serve` under faults and abuse (issue 58): no request learns the bot's hidden
// set-up, stopped games' threads are joined, a thread that cannot start blocks no later game,
// --max-running holds for resumes and bursts, a save file cut short or not UTF-8 makes its
// game damaged (never resumed from the middle, never a 500 for the lobby), a meta file names
// only built-in variants and bots, and bot options stay within the budget.
#ifdef STRATEGO_HAVE_SERVE

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <system_error>
#include <vector>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/variant_loader.h"
#include "referee/referee.h"
#include "support/serve_client.h"
#include "support/text_file.h"

namespace stratego::test_support {
namespace {

void adjourn_and_wait(Api& api, const std::string& id) {
  api.wait(id);  // the person's first decision: the game can be adjourned
  EXPECT_EQ(api.post("/api/games/" + id + "/adjourn", json::object()).first, 200);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (api.get("/api/games/" + id).second["running"].get<bool>()) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the game did not stop";
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void write_all(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

// Point 1: a person's request never fixes the bot's randomness, and no endpoint, before the
// end, tells its set-up.
TEST(ServeFaults, NoRequestLearnsTheNextGamesHiddenSetup) {
  const auto dir = fresh_dir("secret");
  Api api(dir);
  const std::string first = create_red(api);
  set_up(api, first);
  resign_and_wait(api, first);
  auto r = api.client->Get("/api/games/" + first + "/record");
  ASSERT_TRUE(r && r->status == 200);
  const GameRecord finished = parse_record(r->body);
  // A seed from the request, the finished game's own or any other, is refused.
  std::vector<json> seeds = {0, 1, 42, "7"};
  if (finished.tags.count("seed")) seeds.push_back(std::stoull(finished.tags.at("seed")));
  for (const json& seed : seeds) {
    json b = kBarrage;
    b["seed"] = seed;
    const auto [status, j] = api.post("/api/games", b);
    EXPECT_EQ(status, 400) << seed << ": " << j.dump();
  }
  const std::string next = create_red(api);
  set_up(api, next);
  const GameRecord truth = parse_record(read_file(dir / (next + ".rec")));
  ASSERT_FALSE(truth.blue_setup.empty());
  EXPECT_NE(truth.blue_setup, finished.blue_setup);
  EXPECT_NE(truth.tags.at("seed"), finished.tags.count("seed") ? finished.tags.at("seed") : "");
  for (const std::string& path :
       {std::string("/api/info"), std::string("/api/games"), "/api/games/" + next,
        "/api/games/" + next + "?since=0", "/api/games/" + next + "/beliefs",
        "/api/games/" + next + "/record", "/api/games/" + next + "/replay",
        "/api/games/" + next + "/replay?ply=0"}) {
    auto got = api.client->Get(path);
    ASSERT_TRUE(got) << path;
    EXPECT_EQ(got->body.find(truth.blue_setup), std::string::npos) << path;
    EXPECT_EQ(got->body.find(truth.tags.at("seed")), std::string::npos) << path;
  }
  EXPECT_EQ(api.get("/api/games/" + next + "/record").first, 409);
  EXPECT_EQ(api.get("/api/games/" + next + "/replay").first, 409);
}

// Point 2: a stopped game's thread is joined before the next game starts (a joinable thread
// keeps its 8 MB stack mapped until then).
TEST(ServeFaults, StoppedGamesThreadsAreJoined) {
  Api api(fresh_dir("reap"));
  for (int i = 0; i < 4; ++i) {
    const std::string id = create_red(api);
    set_up(api, id);
    resign_and_wait(api, id);
  }
  EXPECT_LE(api.server->threads_held(), 1);  // at most the last one, until the next start
  create_red(api);
  EXPECT_EQ(api.server->threads_held(), 0);
}

// Point 2: a thread that cannot start (std::thread throws, as under an address-space limit)
// leaves its game stopped and its slot free.
TEST(ServeFaults, AThreadThatCannotStartBlocksNoLaterGame) {
  serve::ServeOptions o;
  o.games_dir = fresh_dir("nothread");
  o.max_running = 1;
  auto failures = std::make_shared<std::atomic<int>>(1);
  o.start_thread = [failures](std::function<void()> body) {
    if (failures->fetch_sub(1) > 0)
      throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
    return std::thread(std::move(body));
  };
  Api api(o);
  json b = kBarrage;
  b["side"] = "red";
  const auto [status, j] = api.post("/api/games", b);
  EXPECT_EQ(status, 503) << j.dump();
  EXPECT_NE(j["error"].get<std::string>().find("could not start"), std::string::npos) << j.dump();
  EXPECT_EQ(api.server->games_running(), 0);
  const auto [ls, list] = api.get("/api/games");
  ASSERT_EQ(ls, 200);
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_FALSE(list["games"][0]["running"].get<bool>());
  EXPECT_EQ(list["games"][0]["status"], "new");
  const std::string later = create_red(api);  // 503 for ever, before the fix
  EXPECT_EQ(later.size(), 16u);
  adjourn_and_wait(api, later);
  const std::string failed = list["games"][0]["id"];
  EXPECT_EQ(api.post("/api/games/" + failed + "/resume", json::object()).first, 200);
  EXPECT_EQ(api.wait(failed)["player"]["pending"], "setup");
}

// Point 3: --max-running counts resumed games and holds under a burst of creations.
TEST(ServeFaults, MaxRunningHoldsForResumesAndBursts) {
  serve::ServeOptions o;
  o.games_dir = fresh_dir("limit");
  o.max_running = 2;
  Api api(o);
  const std::string a = create_red(api), b = create_red(api);
  adjourn_and_wait(api, a);
  adjourn_and_wait(api, b);
  create_red(api);
  create_red(api);
  EXPECT_EQ(api.post("/api/games/" + a + "/resume", json::object()).first, 503);
  EXPECT_EQ(api.server->games_running(), 2);

  serve::ServeOptions burst;
  burst.games_dir = fresh_dir("burst");
  burst.max_running = 3;
  Api many(burst);
  std::atomic<int> created{0}, refused{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 24; ++i)
    clients.emplace_back([&] {
      httplib::Client c("127.0.0.1", many.port);
      c.set_read_timeout(20, 0);
      json body = kBarrage;
      body["side"] = "red";
      auto r = c.Post("/api/games", body.dump(), "application/json");
      if (r && r->status == 201) ++created;
      if (r && r->status == 503) ++refused;
    });
  for (auto& t : clients) t.join();
  EXPECT_EQ(created.load(), 3);
  EXPECT_EQ(refused.load(), 21);
  EXPECT_EQ(many.server->games_running(), 3);
}

// Point 4: every proper prefix of a record file is refused (the parsers alone read a prefix
// cut at a line's end as a shorter game); the whole file is accepted.
TEST(ServeFaults, EveryCutOfARecordIsRefusedAsNotWhole) {
  bots::RandomBot red, blue;
  referee::GameSettings g;
  g.variant = std::make_shared<const Variant>(load_variant("barrage"));
  g.seed = 5;
  const std::string whole = referee::play_game(red, blue, g).record;
  EXPECT_NO_THROW(check_record_is_whole(whole, "save"));
  // Every 3rd cut point, and every one of the last 200 bytes (the moves' end and the result).
  for (std::size_t cut = 0; cut < whole.size(); cut += cut + 200 < whole.size() ? 3 : 1)
    EXPECT_THROW(check_record_is_whole(whole.substr(0, cut), "save"), InputError) << cut;
  EXPECT_THROW(check_record_is_whole(whole + "moves a4-a5\n", "save"), InputError);
}

// Points 4 and 5: a save file cut short, or not UTF-8, makes its game damaged: listed with the
// reason, never resumed, and the lobby and the other games go on.
TEST(ServeFaults, DamagedSaveFilesAreListedNeverResumed) {
  const auto dir = fresh_dir("damaged");
  std::string cut, bad, good;
  {
    Api api(dir);
    cut = create_red(api), bad = create_red(api), good = create_red(api);
    for (const std::string& id : {cut, bad, good}) {
      json st = set_up(api, id);
      for (int i = 0; i < 3 && st["player"]["pending"] == "action"; ++i) {
        EXPECT_EQ(api.post("/api/games/" + id + "/action",
                           json{{"token", st["player"]["legal"][0]["token"]}})
                      .first,
                  200);
        st = api.wait(id);
      }
      adjourn_and_wait(api, id);
    }
  }
  const std::string text = read_file(dir / (cut + ".rec"));
  write_all(dir / (cut + ".rec"), text.substr(0, text.rfind("\nmoves") + 1));  // moves lost
  std::string invalid = read_file(dir / (bad + ".rec"));
  invalid.insert(invalid.find("\n") + 1, "tag note caf\xc3\x28\xff\n");
  write_all(dir / (bad + ".rec"), invalid);
  Api api(dir);
  const auto [ls, list] = api.get("/api/games");
  ASSERT_EQ(ls, 200) << list.dump();
  std::map<std::string, json> by_id;
  for (const json& g : list["games"]) by_id[g["id"]] = g;
  EXPECT_EQ(by_id[cut]["status"], "damaged");
  EXPECT_NE(by_id[cut]["detail"].get<std::string>().find("cut short"), std::string::npos)
      << by_id[cut].dump();
  EXPECT_EQ(by_id[bad]["status"], "damaged");
  EXPECT_NE(by_id[bad]["detail"].get<std::string>().find("UTF-8"), std::string::npos);
  EXPECT_EQ(by_id[good]["status"], "adjourned");
  for (const std::string& id : {cut, bad}) {
    EXPECT_EQ(api.get("/api/games/" + id).first, 200);
    const auto [rs, rj] = api.post("/api/games/" + id + "/resume", json::object());
    EXPECT_EQ(rs, 409) << rj.dump();
    EXPECT_NE(rj["error"].get<std::string>().find("damaged"), std::string::npos) << rj.dump();
  }
  EXPECT_EQ(api.post("/api/games/" + good + "/resume", json::object()).first, 200);
  EXPECT_EQ(api.wait(good)["player"]["pending"], "action");
}

// Point 5: an answer that quotes bytes which are not UTF-8 (here a Host header) replaces them;
// before, building its JSON threw and the answer was a 500.
TEST(ServeFaults, AnswersQuotingInvalidUtf8AreNot500) {
  Api api(fresh_dir("utf8"));
  auto r = api.client->Get("/api/info", {{"Host", "caf\xc3\x28\xff.example:80"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403) << r->body;
  EXPECT_FALSE(json::parse(r->body, nullptr, false).is_discarded()) << r->body;
}

// Point 6: a meta file is data. A `cmd:` bot, a variant path outside the built-ins, a FIFO
// (as a variant or as the meta file itself) and a symbolic link are refused at start-up,
// without blocking and without running or reading anything they name.
TEST(ServeFaults, MetaFilesNameOnlyBuiltInVariantsAndBots) {
  const auto dir = fresh_dir("meta");
  std::filesystem::create_directories(dir);
  const std::string marker = unique_temp_path("serve_meta_marker");
  ASSERT_EQ(::mkfifo((dir / "fifo.variant").c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo((dir / "00000000000000f1.json").c_str(), 0600), 0);
  std::filesystem::create_symlink("/etc/hostname", dir / "00000000000000f2.json");
  auto meta = [&](const std::string& id, const std::string& variant, const std::string& bot) {
    write_all(dir / (id + ".json"), json{{"id", id},
                                         {"variant", variant},
                                         {"bot", bot},
                                         {"movetime_ms", 10},
                                         {"side", "red"},
                                         {"seed", 1},
                                         {"status", "adjourned"}}
                                        .dump());
  };
  meta("00000000000000a1", "barrage", "cmd:touch " + marker);
  meta("00000000000000a2", "/etc/hostname", "random");
  meta("00000000000000a3", (dir / "fifo.variant").string(), "random");
  meta("00000000000000a4", "barrage", "alphabeta,tt_mb=2048");
  meta("00000000000000a5", "barrage", "random");  // the one good game
  Api api(dir);
  EXPECT_EQ(api.server->games_loaded(), 1);
  EXPECT_EQ(api.get("/api/games/00000000000000a1").first, 404);
  EXPECT_EQ(api.post("/api/games/00000000000000a5/resume", json::object()).first, 200);
  EXPECT_FALSE(std::filesystem::exists(marker));
}

// Point 7 through the server, and point 8: bot options within the budget per game.
TEST(ServeFaults, VariantInheritAndBotOptionsBeyondTheBudgetAreRefused) {
  Api api(fresh_dir("budget"));
  for (const json& body :
       {json{{"variant", "classic+inherit=barrage"}}, json{{"bot", "alphabeta,tt_mb=2048"}},
        json{{"bot", "ismcts,tree_mb=100000"}}, json{{"bot", "ismcts,threads=64"}},
        json{{"bot", "alphabeta,worlds=10000"}}}) {
    const auto [status, j] = api.post("/api/games", body);
    EXPECT_EQ(status, 400) << body.dump() << ": " << j.dump();
    const std::string key = body.contains("bot") ? body["bot"].get<std::string>() : "inherit";
    EXPECT_NE(j["error"].get<std::string>().find(key.substr(key.find(',') + 1, 5)),
              std::string::npos)
        << j.dump();
  }
  json ok = kBarrage;
  ok["bot"] = "alphabeta,tt_mb=64,threads=1";
  EXPECT_EQ(api.post("/api/games", ok).first, 201);
}

// Point 8: clients that send a request a byte at a time, more of them than the server has
// connection threads, are cut after the request timeout, and the page is answered.
TEST(ServeFaults, SlowClientsAreCutAndThePageIsAnswered) {
  serve::ServeOptions o;
  o.games_dir = fresh_dir("slow");
  o.request_timeout_ms = 500;
  Api api(o);
  std::vector<int> slow;
  for (int i = 0; i < 72; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::uint16_t(api.port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    slow.push_back(fd);
  }
  std::atomic<bool> done{false};
  std::thread trickle([&] {  // one header byte per connection every 200 ms
    while (!done)
      for (int fd : slow) {
        ::send(fd, "G", 1, MSG_NOSIGNAL);
        std::this_thread::sleep_for(std::chrono::milliseconds(200 / 72 + 1));
      }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // every thread taken
  const auto start = std::chrono::steady_clock::now();
  httplib::Client c("127.0.0.1", api.port);
  c.set_read_timeout(20, 0);
  auto r = c.Get("/api/info");
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  done = true;
  trickle.join();
  for (int fd : slow) ::close(fd);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_LT(waited, 3.0);
  EXPECT_GE(api.server->connections_cut(), 8);
}

}  // namespace
}  // namespace stratego::test_support

#endif
