#include "serve/web_server.h"

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <random>
#include <regex>

#include "bots/registry.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "serve/game_files.h"
#include "serve/game_session.h"
#include "serve/process_memory.h"
#include "serve/slow_client_guard.h"
#include "serve/web_assets.h"

// Last: its system headers define macros that break Eigen's templates.
#include <httplib.h>

namespace stratego::serve {

bool valid_game_id(const std::string& id) {
  static const std::regex pattern("[0-9a-f]{16}");
  return std::regex_match(id, pattern);
}

void check_variant_spec(const std::string& spec) {
  if (spec.empty() || spec.size() > 200)
    throw InputError("variant: give a built-in variant name (at most 200 characters)");
  static const std::regex part("[A-Za-z0-9_.=-]+");
  std::vector<std::string> parts;
  for (std::size_t b = 0;;) {
    const auto e = spec.find('+', b);
    parts.push_back(spec.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + 1;
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string& p = parts[i];
    if (!std::regex_match(p, part))
      throw InputError("variant '" + spec + "': '" + p + "' is not a name or key=value");
    if (p.find('=') != std::string::npos) {
      if (i == 0)
        throw InputError("variant '" + spec + "': it must start with a built-in variant name");
      continue;
    }
    const auto& files = builtin_variant_files();
    const bool want_option = i > 0;
    const bool known = std::any_of(files.begin(), files.end(), [&](const BuiltinVariantFile& f) {
      return f.name == p && f.is_option == want_option;
    });
    if (!known)
      throw InputError("variant '" + spec + "': '" + p + "' is not a built-in " +
                       (want_option ? "option" : "variant"));
  }
}

void check_bot_spec(const std::string& spec) {
  if (spec.empty() || spec.size() > 200)
    throw InputError("bot: give a built-in bot name (at most 200 characters)");
  const std::string name = spec.substr(0, spec.find(','));
  const auto names = bots::builtin_bot_names();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw InputError("bot '" + name +
                     "': only built-in bots can be chosen here (no commands are run)");
  static const std::regex settings("[A-Za-z0-9_]+(,[A-Za-z0-9_-]+=[A-Za-z0-9_.-]+)*");
  if (!std::regex_match(spec, settings))
    throw InputError("bot '" + spec + "': settings are ,name=value");
  for (std::size_t b = spec.find(','); b != std::string::npos;) {
    const std::size_t e = spec.find(',', b + 1);
    const std::string part = spec.substr(b + 1, e == std::string::npos ? e : e - b - 1);
    const std::string key = part.substr(0, part.find('=')), value = part.substr(key.size() + 1);
    for (const BotBudget& limit : kBotBudget) {
      if (key != limit.key) continue;
      const auto n = value.size() > 9 ? std::nullopt : text::parse_count(value);
      if (!n || *n > limit.max)
        throw InputError("bot '" + spec + "': " + key + " must be a whole number from 1 to " +
                         std::to_string(limit.max) + " here (the server's budget per game)");
    }
    b = e;
  }
}

WebServer::WebServer(ServeOptions o)
    : o_(std::move(o)),
      slots_(RunSlots::make(o_.max_running)),
      http_(std::make_unique<httplib::Server>()) {
  std::error_code ec;
  std::filesystem::create_directories(o_.games_dir, ec);
  if (!std::filesystem::is_directory(o_.games_dir))
    throw InputError("--games-dir " + o_.games_dir.string() + ": not a folder and cannot be made");
  const SessionHost host = session_host();
  for (const auto& entry : std::filesystem::directory_iterator(o_.games_dir)) {
    const auto& path = entry.path();
    if (path.extension() != ".json" || !valid_game_id(path.stem().string())) continue;
    if (int(games_.size()) >= o_.max_games) break;
    try {
      // A meta file is data: read_game_file refuses links, FIFOs and large files, from_json
      // anything but built-in variants and bots (a `cmd:` bot or a path is never run or read).
      GameMeta meta =
          GameMeta::from_json(nlohmann::json::parse(read_game_file(path, kMaxMetaBytes)));
      if (meta.id != path.stem().string())
        throw InputError("its id " + meta.id + " is not its file name");
      if (meta.status == "playing") meta.status = "adjourned";  // the server stopped under it
      auto g = std::make_shared<GameSession>(meta, host);
      g->check_save_file();
      if (!retire(meta.id, *g)) games_[meta.id] = std::move(g);
    } catch (const std::exception& e) {
      std::cerr << "serve: skipping " << path.string() << ": " << e.what() << "\n";
    }
  }
  routes();
}

SessionHost WebServer::session_host() const {
  return {o_.games_dir, o_.make_bot, slots_, o_.start_thread};
}

WebServer::~WebServer() {
  stop();
  std::map<std::string, std::shared_ptr<GameSession>> games;
  {
    std::lock_guard lock(mu_);
    games.swap(games_);
  }
  for (auto& [id, g] : games) g->stop();
}

int WebServer::games_loaded() const {
  std::lock_guard lock(mu_);
  return int(games_.size() + ended_.size());
}

int WebServer::games_finished() const {
  std::lock_guard lock(mu_);
  return int(ended_.size());
}

std::size_t WebServer::finished_bytes() const {
  std::lock_guard lock(mu_);
  return ended_.bytes();
}

int WebServer::bind() {
  http_->set_payload_max_length(o_.max_body);
  http_->set_read_timeout(o_.io_timeout_s, 0);
  http_->set_write_timeout(o_.io_timeout_s, 0);
  http_->set_keep_alive_timeout(5);
  http_->set_keep_alive_max_count(1000);
  http_->set_tcp_nodelay(true);  // else a small answer waits ~40 ms for the delayed ACK
  // Connections are served by kConnectionThreads threads (httplib's default is 8), so that a
  // few slow clients cannot keep the page waiting.
  http_->new_task_queue = [] { return new httplib::ThreadPool(kConnectionThreads); };
  // httplib listens with a backlog of 5: a burst of connections got resets. The socket is
  // noted here and listen() called again after the bind, with a larger backlog.
  http_->set_socket_options([this](int sock) {
    httplib::default_socket_options(sock);
    listen_fd_ = sock;
  });
  int port = o_.port;
  if (port == 0) {
    port = http_->bind_to_any_port(o_.host);
    if (port <= 0) throw InputError("cannot listen on " + o_.host);
  } else if (!http_->bind_to_port(o_.host, port)) {
    throw InputError("cannot listen on " + o_.host + ":" + std::to_string(port) +
                     " (in use, or not an address here)");
  }
  if (::listen(listen_fd_, kListenBacklog) != 0)
    throw InputError("cannot listen on " + o_.host + ":" + std::to_string(port) + ": " +
                     std::strerror(errno));
  o_.port = port;
  guard_ =
      std::make_unique<SlowClientGuard>(port, std::chrono::milliseconds(o_.request_timeout_ms));
  return port;
}

void WebServer::listen() { http_->listen_after_bind(); }

int WebServer::start_background() {
  const int port = bind();
  thread_ = std::thread([this] { listen(); });
  return port;
}

void WebServer::stop() {
  http_->stop();
  if (thread_.joinable()) thread_.join();
}

int WebServer::connections_cut() const { return guard_ ? guard_->cut() : 0; }

std::vector<std::shared_ptr<GameSession>> WebServer::all_games() const {
  std::lock_guard lock(mu_);
  std::vector<std::shared_ptr<GameSession>> all;
  for (const auto& [id, g] : games_) all.push_back(g);
  return all;
}

void WebServer::reap() {
  for (const auto& g : all_games()) g->reap();
  bool retired = false;
  {
    std::lock_guard lock(mu_);
    for (auto it = games_.begin(); it != games_.end();) {
      // A request may still hold the session; it goes when that request ends.
      if (retire(it->first, *it->second)) {
        it = games_.erase(it);
        retired = true;
      } else {
        ++it;
      }
    }
  }
  // What the finished games' threads, players and records freed, back to the system (60 us
  // typically, 0.1 ms at the 90th percentile; once a game, as one is created).
  if (retired) give_back_free_memory();
}

bool WebServer::retire(const std::string& id, const GameSession& g) {
  const std::optional<std::string> entry = g.ended_entry();
  if (!entry) return false;
  ended_.add(id, *entry);
  return true;
}

std::vector<std::string> WebServer::list_entries() const {
  std::vector<std::pair<std::string, std::string>> all;
  for (const auto& g : all_games())  // outside mu_: summary() takes the game's own lock
    all.emplace_back(g->id(),
                     g->summary().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  {
    std::lock_guard lock(mu_);
    ended_.for_each([&](std::string id, std::string_view entry) {
      all.emplace_back(std::move(id), std::string(entry));
    });
  }
  std::sort(all.begin(), all.end());
  // A game reaped between the two looks is in both: listed once.
  all.erase(std::unique(all.begin(), all.end(),
                        [](const auto& a, const auto& b) { return a.first == b.first; }),
            all.end());
  std::vector<std::string> entries;
  entries.reserve(all.size());
  for (auto& [id, entry] : all) entries.push_back(std::move(entry));
  return entries;
}

int WebServer::threads_held() const {
  int n = 0;
  for (const auto& g : all_games()) n += g->holds_thread();
  return n;
}

std::shared_ptr<GameSession> WebServer::find(const std::string& id) {
  std::lock_guard lock(mu_);
  const auto it = games_.find(id);
  if (it != games_.end()) return it->second;
  for (const auto& g : recent_finished_)
    if (g->id() == id) return g;
  const std::optional<std::string> entry = ended_.find(id);
  if (!entry) return nullptr;
  auto g = GameSession::finished(*entry, session_host());
  if (recent_finished_.size() >= kRecentFinished) recent_finished_.erase(recent_finished_.begin());
  recent_finished_.push_back(g);
  return g;
}

bool WebServer::known(const std::string& id) const {
  std::lock_guard lock(mu_);
  return games_.count(id) || ended_.contains(id);
}

std::string WebServer::new_id() {
  static std::mutex rd_mu;
  std::lock_guard lock(rd_mu);
  std::random_device rd;
  for (;;) {
    const std::uint64_t x = std::uint64_t(rd()) << 32 | rd();
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(x));
    if (!known(buf)) return buf;
  }
}

}  // namespace stratego::serve
