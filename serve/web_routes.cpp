// The routes of `stratego serve` (docs/serve.md, "API"): the page's files, the game list,
// creating a game, and per game its state, set-up, actions, draw, resignation, adjournment,
// beliefs, record and replay. Every handler answers JSON; errors are {"error": reason}.
#include <map>
#include <random>

#include "bots/registry.h"
#include "engine/error.h"
#include "engine/setup.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_model.h"
#include "protocol/bot_spec.h"
#include "serve/game_session.h"
#include "serve/slow_client_guard.h"
#include "serve/view_json.h"
#include "serve/web_assets.h"
#include "serve/web_server.h"

// Last: its system headers define macros that break Eigen's templates.
#include <httplib.h>

namespace stratego::serve {
namespace {

using nlohmann::json;

// An answer with a status and a reason.
struct HttpError {
  int status;
  std::string reason;
};

void send_json_text(httplib::Response& res, std::string text, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(std::move(text), "application/json");
}

void send(httplib::Response& res, const json& j, int status = 200) {
  // Replacing invalid UTF-8 (a message quoting a damaged file) rather than throwing: one bad
  // string must never turn a whole answer, such as the game list, into a 500.
  send_json_text(res, j.dump(-1, ' ', false, json::error_handler_t::replace), status);
}

json body_json(const httplib::Request& req) {
  if (req.body.empty()) return json::object();
  json j = json::parse(req.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw HttpError{400, "the body is not a JSON object"};
  return j;
}

std::string get_string(const json& j, const char* key, const std::string& fallback,
                       std::size_t max = 200) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_string()) throw HttpError{400, std::string("'") + key + "' must be a string"};
  std::string s = j[key].get<std::string>();
  if (s.size() > max) throw HttpError{400, std::string("'") + key + "' is too long"};
  return s;
}

std::int64_t get_int(const json& j, const char* key, std::int64_t fallback, std::int64_t lo,
                     std::int64_t hi) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_number_integer())
    throw HttpError{400, std::string("'") + key + "' must be an integer"};
  const std::int64_t v = j[key].get<std::int64_t>();
  if (v < lo || v > hi)
    throw HttpError{400, std::string("'") + key + "' must be from " + std::to_string(lo) + " to " +
                             std::to_string(hi)};
  return v;
}

int query_int(const httplib::Request& req, const char* key, int fallback, int lo, int hi) {
  if (!req.has_param(key)) return fallback;
  const std::string s = req.get_param_value(key);
  const auto n = s.size() > 9 ? std::nullopt : text::parse_count(s);
  if (!n) throw HttpError{400, std::string("'") + key + "' must be a number"};
  const int v = *n;
  if (v < lo || v > hi) throw HttpError{400, std::string("'") + key + "' is out of range"};
  return v;
}

// Runs a handler, turning what it throws into a 4xx/5xx with the reason.
template <class F>
httplib::Server::Handler guarded(F f) {
  return [f](const httplib::Request& req, httplib::Response& res) {
    try {
      f(req, res);
    } catch (const HttpError& e) {
      send(res, {{"error", e.reason}}, e.status);
    } catch (const InputError& e) {
      send(res, {{"error", e.what()}}, 400);
    } catch (const std::exception& e) {
      send(res, {{"error", std::string("internal error: ") + e.what()}}, 500);
    }
  };
}

const char* mime_of(std::string_view name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  if (name.ends_with(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

// How predictable a set-up is under the human prior (`stratego analyze setup`).
json setup_score(const Variant& v, const std::string& line) {
  const eval::SetupModel& model = [&]() -> const eval::SetupModel& {
    static std::mutex mu;
    static std::map<std::string, std::shared_ptr<const eval::SetupModel>> cache;
    std::lock_guard lock(mu);
    auto& m = cache[v.spec];
    if (!m) m = std::make_shared<const eval::SetupModel>(eval::SetupModel::for_variant(v));
    return *m;
  }();
  const std::vector<int> symbols = model.symbols_of(line);
  const double lp = model.log_prob(symbols), uniform = model.uniform_log_prob();
  return {{"log_prob", lp},
          {"per_piece", lp / model.pieces()},
          {"uniform", uniform},
          {"uniform_per_piece", uniform / model.pieces()},
          {"prior", model.source()}};
}

// The opponents a person chooses from, each once: the default (`ismcts` on this machine's
// cores) first, then every other built-in bot, each with a few words on how it plays.
json opponents() {
  const std::string def = bots::default_opponent();
  const std::string def_name = def.substr(0, def.find(','));
  const std::map<std::string, std::string> words = {
      {"random", "random legal moves (the weakest)"},
      {"rules", "hand-written rules: attacks what it knows is weaker"},
      {"ismcts", "searches many guesses at your hidden pieces (the strongest)"},
      {"alphabeta", "alpha-beta search on guessed positions (in Waterloo over the die)"},
  };
  auto label = [&](const std::string& name, const std::string& shown) {
    const auto it = words.find(name);
    return it == words.end() ? shown : shown + " — " + it->second;
  };
  const auto t = def.find("threads=");
  const std::string threads = t == std::string::npos ? std::string() : def.substr(t + 8);
  json out = json::array();
  out.push_back(
      {{"bot", def},
       {"label", label(def_name, def_name + (threads.empty() ? "" : ", " + threads + " threads") +
                                     " (the default)")}});
  for (const auto& n : bots::builtin_bot_names())
    if (n != def_name) out.push_back({{"bot", n}, {"label", label(n, n)}});
  return out;
}

// What a start that did not run answers.
void check_start(GameSession::Start started, const GameSession& g, const std::string& busy) {
  switch (started) {
    case GameSession::Start::kRunning:
      return;
    case GameSession::Start::kOver:
      throw HttpError{409, "the game is over"};
    case GameSession::Start::kDamaged:
      throw HttpError{409, g.detail()};
    case GameSession::Start::kBusy:
      throw HttpError{503, busy};
    case GameSession::Start::kNoThread:
      throw HttpError{503, g.detail()};
  }
}

}  // namespace

std::string WebServer::busy_reason() const {
  return "too many games running at once (at most " + std::to_string(o_.max_running) +
         "); adjourn one";
}

void WebServer::routes() {
  httplib::Server& s = *http_;
  s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.body.empty())
      send(res,
           {{"error", res.status == 413 ? std::string("the request is too large")
                                        : "no such route: " + req.method + " " + req.path}},
           res.status);
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send(res, {{"error", "internal error"}}, 500);
  });

  // Two defences of a server on 127.0.0.1 against web pages elsewhere in the person's browser:
  // a POST must say it is JSON (a cross-site form or text/plain post cannot, without a CORS
  // preflight this server never grants), and the Host must be this machine (DNS rebinding).
  const bool loopback = o_.host == "127.0.0.1" || o_.host == "localhost" || o_.host == "::1";
  // A request read whole is no slow client (SlowClientGuard) until its answer is written.
  s.set_logger([this](const httplib::Request& req, const httplib::Response&) {
    if (guard_) guard_->answered(req.remote_addr, req.remote_port);
  });
  s.set_pre_routing_handler([this, loopback](const httplib::Request& req, httplib::Response& res) {
    if (guard_) guard_->request_read(req.remote_addr, req.remote_port);
    if (req.method == "POST" &&
        req.get_header_value("Content-Type").rfind("application/json", 0) != 0) {
      send(res, {{"error", "a POST must have Content-Type: application/json"}}, 415);
      return httplib::Server::HandlerResponse::Handled;
    }
    if (loopback) {
      const std::string host = req.get_header_value("Host");
      std::string port = std::to_string(o_.port);
      port.insert(port.begin(), ':');
      const std::string name =
          host.ends_with(port) ? host.substr(0, host.size() - port.size()) : std::string();
      if (name != "127.0.0.1" && name != "localhost" && name != "[::1]") {
        send(res,
             {{"error", "this server answers only requests addressed to this machine (Host '" +
                            host.substr(0, 80) + "')"}},
             403);
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  auto asset = [](const std::string& name, httplib::Response& res) {
    for (const EmbeddedFile& a : web_assets())
      if (a.name == name) {
        res.set_content(std::string(a.text), mime_of(a.name));
        return true;
      }
    return false;
  };
  s.Get("/",
        [asset](const httplib::Request&, httplib::Response& res) { asset("index.html", res); });
  s.Get(R"(/([a-z0-9_-]{1,40}\.(?:html|js|css|svg)))",
        [asset](const httplib::Request& req, httplib::Response& res) {
          if (!asset(req.matches[1], res)) send(res, {{"error", "no such file"}}, 404);
        });

  s.Get("/api/info", guarded([](const httplib::Request&, httplib::Response& res) {
          json variants = json::array(), options = json::array();
          for (const auto& f : builtin_variant_files()) {
            const Variant v =
                load_variant(f.is_option ? "classic+" + std::string(f.name) : std::string(f.name));
            (f.is_option ? options : variants)
                .push_back({{"name", std::string(f.name)},
                            {"family", v.family == Family::kWaterloo ? "waterloo" : "classic"},
                            {"description", f.is_option ? option_description(f) : v.description}});
          }
          send(res, {{"variants", variants},
                     {"options", options},
                     {"bots", bots::builtin_bot_names()},
                     {"opponents", opponents()},
                     {"default_bot", bots::default_opponent()},
                     {"waterloo_key", waterloo_key_json()},
                     {"version", "0.1.0"}});
        }));

  s.Get("/api/games", guarded([this](const httplib::Request&, httplib::Response& res) {
          // The entries are JSON text already (finished games are kept so): joined, not parsed.
          std::string text = "{\"games\":[";
          for (const std::string& entry : list_entries()) {
            if (text.back() != '[') text += ',';
            text += entry;
          }
          send_json_text(res, text + "]}");
        }));

  s.Post("/api/games", guarded([this](const httplib::Request& req, httplib::Response& res) {
           const json b = body_json(req);
           // The bot's randomness (its hidden set-up, its choices, Waterloo's die) is the
           // server's alone: a seed a person chose would let them replay the bot's set-up.
           if (b.contains("seed"))
             throw HttpError{400, "'seed' is not taken: the server draws every game's seed"};
           GameMeta m;
           m.variant = get_string(b, "variant", "classic");
           check_variant_spec(m.variant);
           load_variant(m.variant);  // throws InputError with the reason
           m.bot = get_string(b, "bot", bots::default_opponent());
           check_bot_spec(m.bot);
           protocol::make_bot_from_spec(m.bot);
           m.movetime_ms = get_int(b, "movetime_ms", 1000, 10, o_.max_movetime_ms);
           const std::string side = get_string(b, "side", "red");
           std::random_device rd;
           if (side == "random")
             m.human = rd() % 2 ? kBlue : kRed;
           else if (side == "red" || side == "blue")
             m.human = side == "red" ? kRed : kBlue;
           else
             throw HttpError{400, "'side' must be red, blue or random"};
           m.seed = std::uint64_t(rd()) << 32 | rd();
           reap();
           {
             std::lock_guard lock(mu_);
             if (int(games_.size() + ended_.size()) >= o_.max_games)
               throw HttpError{503, "too many games on this server"};
           }
           RunSlots::Slot slot = slots_->take();
           if (!slot) throw HttpError{503, busy_reason()};
           m.id = new_id();
           auto g = std::make_shared<GameSession>(m, session_host());
           {
             std::lock_guard lock(mu_);
             games_[m.id] = g;
           }
           check_start(g->start(std::move(slot)), *g, busy_reason());
           send(res, {{"id", m.id}}, 201);
         }));

  s.Post("/api/setup-score", guarded([](const httplib::Request& req, httplib::Response& res) {
           const json b = body_json(req);
           const std::string spec = get_string(b, "variant", "classic");
           check_variant_spec(spec);
           const Variant v = load_variant(spec);
           if (v.family != Family::kClassic)
             throw HttpError{400, "set-up priors are for the classic family"};
           const std::string line = get_string(b, "line", "", 1000);
           const Side side = get_string(b, "side", "red") == "blue" ? kBlue : kRed;
           validate_setup(v, parse_setup(v, side, line));
           send(res, setup_score(v, line));
         }));

  // Every per-game route: the id is checked first, then the action.
  auto game_route = [this](const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.matches[1];
    const std::string action = req.matches.size() > 2 ? std::string(req.matches[2]) : std::string();
    if (!valid_game_id(id)) throw HttpError{400, "malformed game id (16 hex digits)"};
    const auto g = find(id);
    if (!g) throw HttpError{404, "no game " + id};
    const bool post = req.method == "POST";
    auto running_player = [&] {
      auto p = g->player();
      if (!p || !g->running())
        throw HttpError{409, "the game is not running (resume it, or it is over)"};
      return p;
    };
    auto check = [](const WebPlayer::Refusal& r) {
      if (r.status) throw HttpError{r.status, r.reason};
    };
    if (!post && action.empty()) {
      send(res, g->state(query_int(req, "since", 0, 0, 1 << 30)));
    } else if (post && action == "/resume") {
      if (!g->running()) {
        reap();
        RunSlots::Slot slot = slots_->take();
        if (!slot) throw HttpError{503, busy_reason()};
        check_start(g->start(std::move(slot)), *g, busy_reason());
      }
      send(res, {{"ok", true}});
    } else if (post && (action == "/setup" || action == "/redraw")) {
      const json b = body_json(req);
      auto p = running_player();
      if (action == "/redraw")
        check(p->redraw_setup());
      else
        check(p->submit_setup(b, int(get_int(b, "decision", -1, -1, 1 << 30))));
      send(res, {{"ok", true}});
    } else if (post && action == "/action") {
      const json b = body_json(req);
      const std::string token = get_string(b, "token", "", 100);
      if (token.empty()) throw HttpError{400, "'token' is required"};
      const bool offer =
          b.contains("offer_draw") && b["offer_draw"].is_boolean() && b["offer_draw"].get<bool>();
      check(running_player()->submit_action(token, offer,
                                            int(get_int(b, "decision", -1, -1, 1 << 30))));
      send(res, {{"ok", true}});
    } else if (post && action == "/accept-draw") {
      check(running_player()->accept_draw());
      send(res, {{"ok", true}});
    } else if (post && action == "/resign") {
      check(running_player()->resign());
      send(res, {{"ok", true}});
    } else if (post && action == "/adjourn") {
      check(running_player()->adjourn());
      send(res, {{"ok", true}});
    } else if (!post && action == "/beliefs") {
      auto p = g->player();
      if (!p) throw HttpError{409, "the game has not started here yet"};
      send(res, p->beliefs());
    } else if (!post && action == "/record") {
      const auto text = g->record();
      if (!text)
        throw HttpError{
            409, "the record is available once the game is over (it holds the bot's set-up)"};
      res.set_header("Content-Disposition",
                     "attachment; filename=\"" + id +
                         (g->family_name() == "waterloo" ? ".wrec" : ".rec") + "\"");
      res.set_content(*text, "text/plain; charset=utf-8");
    } else if (!post && action == "/replay") {
      const auto r = g->replay();
      if (!r) throw HttpError{409, "the replay is available once the game is over"};
      if (req.has_param("ply")) {
        const int ply = query_int(req, "ply", 0, 0, int(r->positions.size()) - 1);
        send(res, {{"ply", ply},
                   {"move", r->moves[std::size_t(ply)]},
                   {"position", r->positions[std::size_t(ply)]}});
      } else {
        send(res,
             {{"family", r->family}, {"plies", int(r->positions.size())}, {"moves", r->moves}});
      }
    } else {
      throw HttpError{404, "no such route: " + req.method + " " + req.path};
    }
  };
  const std::string pattern = R"(/api/games/([^/]{1,64})(/[a-z-]{1,20})?)";
  s.Get(pattern, guarded(game_route));
  s.Post(pattern, guarded(game_route));
}

}  // namespace stratego::serve
