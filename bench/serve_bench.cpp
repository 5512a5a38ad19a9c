// `stratego serve` under load, against 127.0.0.1 only, bounded by Google Benchmark's time per
// benchmark: a WebServer in this process with a Classic game against the `rules` bot, driven
// by httplib::Client over a kept-alive connection.
//   BM_ServeView        GET /api/games/ID (the player's view, legal actions and steps): requests/s,
//                       with 1 and 2 client threads
//   BM_ServeMoveRules   POST a legal move, then poll until the bot has answered and the next
//                       decision is up: the time a person waits (post_ms: the POST alone)
//   build/release/bench/serve_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "serve/web_server.h"

// Last: its system headers define macros that break Eigen's templates.
#include <httplib.h>

namespace stratego::bots {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("serve_bench_" + std::to_string(::getpid()));
  std::unique_ptr<serve::WebServer> server;
  int port = 0;
  Fixture() {
    std::filesystem::remove_all(dir);
    serve::ServeOptions o;
    o.port = 0;
    o.games_dir = dir;
    server = std::make_unique<serve::WebServer>(o);
    port = server->start_background();
  }
  ~Fixture() {
    server.reset();
    std::filesystem::remove_all(dir);
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

json get(httplib::Client& c, const std::string& path) {
  auto r = c.Get(path);
  if (!r || r->status != 200) throw std::runtime_error("GET " + path + " failed");
  return json::parse(r->body);
}

json post(httplib::Client& c, const std::string& path, const json& body) {
  auto r = c.Post(path, body.dump(), "application/json");
  if (!r || r->status >= 300)
    throw std::runtime_error("POST " + path + " failed: " + (r ? r->body : "no answer"));
  return json::parse(r->body);
}

// The state once the person has a decision (or the game stopped).
json decision(httplib::Client& c, const std::string& id) {
  for (;;) {
    json st = get(c, "/api/games/" + id);
    if (!st["running"].get<bool>() || !st["player"]["pending"].is_null()) return st;
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}

// A new Classic game against `rules`, set up, at the person's first move.
std::string new_game(httplib::Client& c, std::int64_t movetime_ms) {
  const std::string id = post(c, "/api/games",
                              {{"variant", "classic"},
                               {"bot", "rules"},
                               {"movetime_ms", movetime_ms},
                               {"side", "red"}})["id"];
  json st = decision(c, id);
  post(c, "/api/games/" + id + "/setup", {{"line", st["player"]["setup"]["line"]}});
  decision(c, id);
  return id;
}

void BM_ServeView(benchmark::State& state) {
  static std::string id;
  httplib::Client c("127.0.0.1", fixture().port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);
  if (state.thread_index() == 0 && id.empty()) id = new_game(c, 100);
  while (id.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto r = c.Get("/api/games/" + id);
    if (!r || r->status != 200) {
      state.SkipWithError("GET failed");
      break;
    }
    bytes += r->body.size();
  }
  state.counters["requests_per_s"] =
      benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["bytes"] =
      benchmark::Counter(double(bytes) / double(std::max<std::int64_t>(1, state.iterations())),
                         benchmark::Counter::kAvgThreads);
}
BENCHMARK(BM_ServeView)->Threads(1)->Threads(2)->UseRealTime();

void BM_ServeMoveRules(benchmark::State& state) {
  httplib::Client c("127.0.0.1", fixture().port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);
  std::string id = new_game(c, state.range(0));
  json st = decision(c, id);
  double post_ms = 0;
  std::uint64_t pick = 1;
  for (auto _ : state) {
    const json& legal = st["player"]["legal"];
    const std::string token = legal[(pick++ * 7919) % legal.size()]["token"];
    const auto t0 = std::chrono::steady_clock::now();
    post(c, "/api/games/" + id + "/action", {{"token", token}});
    post_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    st = decision(c, id);
    if (!st["running"].get<bool>()) {
      state.PauseTiming();
      id = new_game(c, state.range(0));
      st = decision(c, id);
      state.ResumeTiming();
    }
  }
  state.counters["post_ms"] =
      benchmark::Counter(post_ms / double(std::max<std::int64_t>(1, state.iterations())));
}
BENCHMARK(BM_ServeMoveRules)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace stratego::bots

BENCHMARK_MAIN();
