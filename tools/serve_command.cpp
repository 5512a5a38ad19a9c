// `stratego serve`: play in the browser (docs/serve.md). Starts the HTTP server of serve/ on
// 127.0.0.1 unless --host says otherwise, and serves until interrupted; every game is saved in
// --games-dir and goes on after a restart.
#include <csignal>
#include <iostream>

#include "engine/error.h"
#include "serve/process_memory.h"
#include "serve/web_server.h"
#include "tools/commands.h"

namespace stratego {
namespace {

serve::WebServer* g_server = nullptr;

extern "C" void on_signal(int) {
  if (g_server) g_server->stop();  // httplib's stop only flags and shuts the socket
}

struct ServeCommandOptions {
  std::string host = "127.0.0.1", games_dir = "stratego-games";
  int port = 8080;
  int max_running = 32;
  int request_timeout_ms = 10000;
};

void run_serve(const ServeCommandOptions& o) {
  serve::ServeOptions so;
  so.host = o.host;
  so.port = o.port;
  so.games_dir = o.games_dir;
  so.max_running = o.max_running;
  so.request_timeout_ms = o.request_timeout_ms;
  serve::cap_malloc_arenas();  // before the server's threads start
  serve::WebServer server(so);
  const int port = server.bind();
  const bool local = o.host == "127.0.0.1" || o.host == "localhost" || o.host == "::1";
  std::cout << "stratego serve: listening on http://"
            << (o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host) << ":" << port
            << "/ "
            << (local ? "(this machine only; --host 0.0.0.0 would open it to the network)"
                      : "(OPEN TO THE NETWORK: anyone who can reach this address can play and "
                        "create games)")
            << "\n"
            << "Games are saved in " << so.games_dir.string() << " (" << server.games_loaded()
            << " found); Ctrl-C stops the server and adjourns the running games.\n"
            << std::flush;
  g_server = &server;
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  server.listen();
  g_server = nullptr;
  std::cout << "stratego serve: stopped; adjourning the running games.\n";
}

}  // namespace

void register_serve_command(CLI::App& app) {
  auto o = std::make_shared<ServeCommandOptions>();
  auto* cmd =
      app.add_subcommand("serve", "Play in the browser: a local web server (docs/serve.md)");
  cmd->add_option("--port,-p", o->port, "Port to listen on (0: any free port)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--host", o->host, "Address to listen on; the default serves this machine only")
      ->capture_default_str();
  cmd->add_option("--games-dir", o->games_dir, "Folder of the saved games (made if missing)")
      ->capture_default_str();
  cmd->add_option("--max-running", o->max_running, "Games whose bot threads run at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  // Below 100 ms a client on a slow link could not send a request at all; above an hour the
  // guard against slow clients would do nothing.
  cmd->add_option("--request-timeout", o->request_timeout_ms,
                  "Milliseconds a connection has to send a whole request (slow clients are cut)")
      ->capture_default_str()
      ->check(CLI::Range(100, 3600000));
  cmd->callback([o] { run_serve(*o); });
}

}  // namespace stratego
