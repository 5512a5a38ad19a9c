// `stratego serve`'s memory over many games (issue 58): a finished game is kept only as its
// entry in the game list (serve/ended_games.h), a few hundred bytes in one buffer, and is
// still served whole from its files: its state, record and replay, after a restart too; and,
// by hand, the memory of a `stratego serve` process over 1,000 games.
#ifdef STRATEGO_HAVE_SERVE

#include <cstdio>
#include <cstdlib>
#include <set>

#include "serve/ended_games.h"
#include "support/serve_client.h"
#include "support/serve_process.h"
#include "support/text_file.h"

namespace stratego::test_support {
namespace {

TEST(ServeMemory, EndedGamesFindsEveryEntryByIdInIdOrder) {
  serve::EndedGames e;
  e.add("00000000000000ff", R"({"n":2})");
  e.add("0000000000000001", R"({"n":1})");
  e.add("ffffffffffffffff", R"({"n":3})");
  EXPECT_EQ(e.size(), 3u);
  EXPECT_EQ(e.find("00000000000000ff"), R"({"n":2})");
  EXPECT_FALSE(e.find("0000000000000002"));
  for (const char* bad : {"", "1", "FFFFFFFFFFFFFFFF", "00000000000000fg", "0000000000000001x"})
    EXPECT_FALSE(e.contains(bad)) << bad;
  EXPECT_THROW(e.add("nonesuch", "{}"), std::invalid_argument);
  std::vector<std::string> ids;
  e.for_each([&](const std::string& id, std::string_view) { ids.push_back(id); });
  EXPECT_EQ(ids,
            (std::vector<std::string>{"0000000000000001", "00000000000000ff", "ffffffffffffffff"}));
}

// Before: every finished game kept its GameSession (its meta, host, lock, thread handle and
// record) in the server's table until a restart. Now the next creation moves it to the game
// list's entries; everything about it is still served, from its files.
TEST(ServeMemory, AFinishedGameIsKeptOnlyAsItsListEntry) {
  const auto dir = fresh_dir("finished");
  constexpr int kGames = 12;
  std::vector<std::string> ids;
  std::map<std::string, json> states;
  std::map<std::string, std::string> records;
  auto text = [](Api& api, const std::string& path) {
    auto r = api.client->Get(path);
    return r && r->status == 200 ? r->body : "(no answer 200)";
  };
  {
    Api api(dir);
    for (int i = 0; i < kGames; ++i) {
      const std::string id = create_red(api);
      set_up(api, id);
      resign_and_wait(api, id);
      states[id] = api.get("/api/games/" + id).second;
      records[id] = text(api, "/api/games/" + id + "/record");
      ids.push_back(id);
    }
    const std::string running = create_red(api);  // reaps the last one too
    EXPECT_EQ(api.server->games_finished(), kGames);
    EXPECT_EQ(api.server->games_loaded(), kGames + 1);
    EXPECT_LE(api.server->finished_bytes(), std::size_t(kGames) * 1024);

    const auto [ls, list] = api.get("/api/games");
    ASSERT_EQ(ls, 200);
    ASSERT_EQ(list["games"].size(), std::size_t(kGames + 1));
    std::set<std::string> listed;
    for (const json& g : list["games"]) {
      listed.insert(g["id"].get<std::string>());
      if (g["id"] == running) continue;
      EXPECT_EQ(g["status"], "over");
      EXPECT_EQ(g["variant"], "barrage");
      EXPECT_EQ(g["result_text"], states[g["id"]]["result_text"]);
      EXPECT_FALSE(g.contains("seed"));
    }
    EXPECT_EQ(listed.size(), std::size_t(kGames + 1));
    for (const std::string& id : ids) {
      auto [status, st] = api.get("/api/games/" + id);
      ASSERT_EQ(status, 200);
      for (const char* key : {"id", "variant", "bot", "side", "movetime_ms", "status", "result",
                              "reason", "detail", "result_text", "family", "running"})
        EXPECT_EQ(st[key], states[id][key]) << id << " " << key;
      EXPECT_FALSE(st.contains("seed"));
      EXPECT_EQ(text(api, "/api/games/" + id + "/record"), records[id]);
      EXPECT_EQ(read_file(dir / (id + ".rec")), records[id]);
      EXPECT_EQ(api.get("/api/games/" + id + "/replay").first, 200);
      EXPECT_EQ(api.get("/api/games/" + id + "/replay?ply=0").first, 200);
      const auto [rs, r] = api.post("/api/games/" + id + "/resume", json::object());
      EXPECT_EQ(rs, 409) << r.dump();
      EXPECT_EQ(api.post("/api/games/" + id + "/resign", json::object()).first, 409);
    }
    EXPECT_EQ(api.post("/api/games/" + running + "/adjourn", json::object()).first, 200);
  }
  Api again(dir);  // finished games found in the folder are kept as entries from the start
  EXPECT_EQ(again.server->games_loaded(), kGames + 1);
  EXPECT_EQ(again.server->games_finished(), kGames);
  EXPECT_EQ(text(again, "/api/games/" + ids[0] + "/record"), records[ids[0]]);
}

// Issue 58's goal, by hand (about 35 s on 2 cores: over the timed suite's budget):
//   stratego_tests --gtest_also_run_disabled_tests --gtest_filter='*ThousandGames*'
// creates and ends STRATEGO_SERVE_GAMES games (default 1000, the server's limit) one after
// another in a `stratego serve` process, prints its address space and resident memory after
// 10 games and every 100, and fails if either grew more than 10% from 10 games to the last.
// The server runs in a process of its own so that only its memory is counted, not this
// client's.
TEST(ServeMemory, DISABLED_ThousandGamesCreatedAndEndedStayWithinTenPercent) {
  const char* env = std::getenv("STRATEGO_SERVE_GAMES");
  const int games = env ? std::atoi(env) : 1000;
  ServeProcess server(fresh_dir("memory"), {"--max-running", "4"});
  ASSERT_GT(server.port(), 0) << "stratego serve did not say where it listens";
  Api api(Api::Remote{server.port()});
  // One connection for many requests, as a browser and tools/serve_memory_curve.py do. A new
  // connection for every request spreads the requests over all 64 connection threads, and
  // each thread's malloc cache (glibc's tcache, freed only when its thread ends) then holds
  // its share of pages: +12% over 1,000 games (+1.5% over 300 with GLIBC_TUNABLES=
  // glibc.malloc.tcache_count=0, +8% without).
  api.client->set_keep_alive(true);
  std::pair<long, long> after10{}, last{};
  for (int i = 1; i <= games; ++i) {
    const std::string id = create_red(api);
    set_up(api, id);
    resign_and_wait(api, id);
    if (i == 10 || i % 100 == 0 || i == games) {
      last = server.vm_kb();
      if (i == 10) after10 = last;
      std::printf("games %5d  VmSize %8ld kB  VmRSS %7ld kB\n", i, last.first, last.second);
      std::fflush(stdout);
    }
  }
  EXPECT_LE(last.first, after10.first * 11 / 10);
  EXPECT_LE(last.second, after10.second * 11 / 10);
}

}  // namespace
}  // namespace stratego::test_support

#endif
