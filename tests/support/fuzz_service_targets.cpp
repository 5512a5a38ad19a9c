#include "tests/support/fuzz_service_targets.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "ladder/coordinator.h"
#include "ladder/export.h"
#include "ladder/results.h"
#include "ladder/store.h"
#include "referee/referee.h"

#ifdef STRATEGO_HAVE_SERVE
#include "serve/game_session.h"
#include "serve/web_server.h"
#endif

namespace stratego::fuzz {
namespace {

// A folder of this process's own for the targets' files, removed at exit.
const std::filesystem::path& scratch() {
  struct Dir {
    std::filesystem::path path;
    Dir() {
      const char* shm = "/dev/shm";  // memory, where there is one: a million small writes
      const std::filesystem::path base =
          std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path();
      path = base / ("stratego-fuzz-" + std::to_string(::getpid()));
      std::filesystem::remove_all(path);  // a killed run's, of the same pid
      std::filesystem::create_directories(path);
    }
    ~Dir() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  static Dir dir;
  return dir.path;
}

std::string random_record(const std::string& variant, std::uint64_t seed) {
  bots::RandomBot red, blue;
  referee::GameSettings g;
  g.variant = std::make_shared<const Variant>(load_variant(variant));
  g.seed = seed;
  return referee::play_game(red, blue, g).record;
}

void write_bytes(const std::filesystem::path& p, std::string_view bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), std::streamsize(bytes.size()));
}

Target save_file_target() {
  Target t{"save-file", {}, [](std::string_view in) {
             const std::string text(in);
#ifdef STRATEGO_HAVE_SERVE
             serve::check_save_text(text, "save file");
#else
             check_record_is_whole(text, "save file");
#endif
             // What the referee then does to resume it.
             if (waterloo::is_waterloo_record(text))
               waterloo::replay(waterloo::parse_record(text, "save file"));
             else
               replay(parse_record(text, "save file"));
           }};
  t.seeds = {random_record("barrage", 11), random_record("duel", 12),
             random_record("waterloo-basic", 13)};
  std::string cut = t.seeds[0];
  t.seeds.push_back(cut.substr(0, cut.rfind("\nmoves") + 1));  // cut short: refused
  return t;
}

// The ladder's file, read as `ladder ratings`, `export` and the start of `run` read it.
Target ladder_file_target() {
  const std::filesystem::path seed_db = scratch() / "seed.db";
  ladder::LadderConfig c;
  c.variants = {"barrage"};
  c.setups = "random";
  ladder::Store::create(seed_db.string(), c, {});
  {
    ladder::Store s(seed_db.string(), true);
    s.add_participant("a", "random");
    s.add_participant("b", "random");
  }
  std::ostringstream sink;
  ladder::RunOptions run;
  run.games = 2;
  run.out = &sink;
  ladder::run_ladder(seed_db.string(), run);  // closes the file: the WAL is checkpointed
  Target t{"ladder-file", {read_text_file(seed_db.string())}, [](std::string_view in) {
             const std::string path = (scratch() / "fuzzed.db").string();
             for (const char* ext : {"-wal", "-shm", "-journal"})
               std::filesystem::remove(path + ext);
             write_bytes(path, in);
             ladder::Store s(path, false);
             const auto ps = s.participants();
             s.unfinished();
             const auto games = s.games(true);
             const std::string exported = ladder::records_text(games);  // the views' text
             for (const auto& r : split_records(exported, "export")) {
               if (r.waterloo)
                 waterloo::parse_record(r.text, "export");
               else
                 parse_record(r.text, "export");
             }
             ladder::pgn_text(games, ps, "");
             if (ps.size() >= 2) ladder::ladder_ratings(s, games, "", 0, "");
             ladder::Coordinator plan(s, {});
             plan.check_plan();
           }};
  return t;
}

#ifdef STRATEGO_HAVE_SERVE

Target game_meta_target() {
  serve::GameMeta m;
  m.id = "0123456789abcdef";
  m.variant = "barrage+rescue";
  m.bot = "ismcts,threads=2";
  m.seed = 77;
  m.status = "adjourned";
  serve::GameMeta over = m;
  over.status = "over";
  over.result = "red";
  over.reason = "flag-captured";
  over.result_text = "You won: you took their Flag";
  return {"game-meta", {m.to_json().dump(2), over.to_json().dump()}, [](std::string_view in) {
            const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
            if (j.is_discarded()) throw InputError("not JSON");
            serve::GameMeta::from_json(j);
          }};
}

// One server for every input: a folder of its own, random bots, a game to address.
struct Server {
  std::unique_ptr<serve::WebServer> server;
  int port = 0;
  std::string game;
};

std::mutex g_server_mutex;
std::shared_ptr<Server> g_server;  // the serve-request target's, until stop_service_targets()

// The input as a request the server can answer at once: its head (up to the first blank line,
// or all of it) with any length, encoding or connection header replaced by the body's true
// length and `Connection: close`. The mutations still reach the request line, the other
// headers and the body; a server waiting for bytes that never come would test only its
// read timeout, one input in seconds.
std::string complete_request(std::string_view in) {
  const std::size_t blank = in.find("\r\n\r\n");
  const std::string_view head = in.substr(0, blank);
  const std::string_view body = blank == std::string_view::npos ? "" : in.substr(blank + 4);
  std::string out;
  // Lines end at '\n' (as the server reads them); an empty one would end the head early.
  for (std::size_t b = 0; b <= head.size();) {
    const std::size_t e = std::min(head.find('\n', b), head.size());
    std::string_view line = head.substr(b, e - b);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string lower(line.substr(0, 20));
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (!line.empty() && !lower.starts_with("content-length") &&
        !lower.starts_with("transfer-encoding") && !lower.starts_with("connection"))
      out.append(line).append("\r\n");
    b = e + 1;
  }
  return out + "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" +
         std::string(body);
}

std::string http_exchange(int port, std::string_view request) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("no socket");
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  timeval tv{10, 0};  // an answer slower than this is a hang
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(std::uint16_t(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
    throw std::runtime_error("the server does not accept connections");
  for (std::size_t done = 0; done < request.size();) {
    const ssize_t n = ::send(fd, request.data() + done, request.size() - done, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server answered and closed before reading it all
    done += std::size_t(n);
  }
  // Read to the end of the answer: its Content-Length tells it (a request whose own head did
  // not parse leaves the connection open until the server's keep-alive timeout).
  std::string answer;
  char buf[4096];
  for (;;) {
    const std::size_t head = answer.find("\r\n\r\n");
    if (head != std::string::npos) {
      std::string lower = answer.substr(0, head);
      for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
      const std::size_t at = lower.find("\r\ncontent-length:");
      if (at != std::string::npos &&
          answer.size() >= head + 4 + std::strtoull(lower.c_str() + at + 17, nullptr, 10))
        break;
    }
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EAGAIN) throw std::runtime_error("no answer in 10 s");
    if (n <= 0) break;
    answer.append(buf, std::size_t(n));
  }
  return answer;
}

Target serve_request_target() {
  auto s = std::make_shared<Server>();
  {
    std::lock_guard lock(g_server_mutex);
    g_server = s;
  }
  serve::ServeOptions o;
  o.port = 0;
  o.games_dir = scratch() / "games";
  o.max_games = 40;
  o.max_running = 8;
  o.make_bot = [](const std::string&) { return std::make_unique<bots::RandomBot>(); };
  s->server = std::make_unique<serve::WebServer>(o);
  s->port = s->server->start_background();
  const std::string host = "Host: 127.0.0.1:" + std::to_string(s->port) + "\r\n";
  auto post = [&](const std::string& path, const std::string& body) {
    return "POST " + path + " HTTP/1.1\r\n" + host +
           "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
  };
  auto get = [&](const std::string& path) {
    return "GET " + path + " HTTP/1.1\r\n" + host + "\r\n";
  };
  const std::string created = http_exchange(
      s->port, complete_request(
                   post("/api/games", R"({"variant":"barrage","bot":"random","movetime_ms":10})")));
  const auto brace = created.find('{');
  if (brace == std::string::npos)
    throw std::runtime_error("the fuzz server made no game: " + created);
  s->game = nlohmann::json::parse(created.substr(brace)).value("id", "");
  const std::string g = "/api/games/" + s->game;
  Target t{
      "serve-request",
      {get("/"), get("/app.js"), get("/api/info"), get("/api/games"), get(g), get(g + "?since=3"),
       get(g + "/beliefs"), get(g + "/record"), get(g + "/replay?ply=2"),
       post("/api/games", R"({"variant":"classic+rescue","bot":"rules","side":"random"})"),
       post("/api/games", R"({"variant":"waterloo-basic","bot":"random","movetime_ms":20})"),
       post(g + "/setup", R"({"line":"AAAAAAAALMAAAAAAAAKBAAAAAADAADAAAAACAAAE"})"),
       post(g + "/setup", R"({"pieces":{"a1":"flag","b1":"bomb"},"decision":0})"),
       post(g + "/action", R"({"token":"a4-a5","offer_draw":true,"decision":1})"),
       post(g + "/redraw", "{}"), post(g + "/adjourn", "{}"), post(g + "/resume", "{}"),
       post(g + "/accept-draw", "{}"),
       post(
           "/api/setup-score",
           R"({"variant":"barrage","side":"blue","line":"AAAAAAAALMAAAAAAAAKBAAAAAADAADAAAAACAAAE"})")},
      [s](std::string_view in) {
        const std::string answer = http_exchange(s->port, complete_request(in));
        if (answer.rfind("HTTP/1.1 ", 0) != 0) throw InputError("no answer (closed)");
        const int status = std::atoi(answer.c_str() + 9);
        if (status >= 500 && status != 503)
          throw std::runtime_error("answered " + answer.substr(9, 3) + ": " +
                                   answer.substr(answer.find("\r\n\r\n") + 4, 300));
        if (status >= 400) throw InputError("refused");
      }};
  return t;
}

#endif

std::vector<Target> make_service_targets() {
  std::vector<Target> out;
#ifdef STRATEGO_HAVE_SERVE
  out.push_back(serve_request_target());
  out.push_back(game_meta_target());
#endif
  out.push_back(save_file_target());
  out.push_back(ladder_file_target());
  return out;
}

}  // namespace

const std::vector<Target>& service_targets() {
  static const std::vector<Target> all = make_service_targets();
  return all;
}

void stop_service_targets() {
  std::shared_ptr<Server> s;
  {
    std::lock_guard lock(g_server_mutex);
    s = g_server;
  }
  if (s) s->server.reset();
}

const std::vector<std::string>& service_target_names() {
  static const std::vector<std::string> names = {
#ifdef STRATEGO_HAVE_SERVE
      "serve-request", "game-meta",
#endif
      "save-file", "ladder-file"};
  return names;
}

}  // namespace stratego::fuzz
