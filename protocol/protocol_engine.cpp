#include "protocol/protocol_engine.h"

#include <istream>
#include <ostream>

#include "engine/error.h"
#include "engine/line_reader.h"
#include "engine/notation.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/notation.h"
#include "protocol/observation_text.h"
#include "protocol/protocol_text.h"

namespace stratego::protocol {

struct ProtocolEngine::PendingNewGame {
  NewGameLine line;
  std::string text;
  int remaining = 0;
  bool too_long = false;  // over kMaxInlineVariant: the rest is read and dropped
};

namespace {
// An inline variant's text, all its lines together (docs/robustness.md).
constexpr std::size_t kMaxInlineVariant = std::size_t(8) << 20;
}  // namespace

ProtocolEngine::ProtocolEngine(bots::Bot& bot, Output out) : bot_(bot), out_(std::move(out)) {}

ProtocolEngine::~ProtocolEngine() {
  stop_ = true;
  wait();
}

void ProtocolEngine::write(std::string line) {
  // A line break inside a message would split it into two protocol lines.
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  std::lock_guard lock(out_mutex_);
  out_(line);
}

void ProtocolEngine::error(const std::string& message) {
  // Messages may quote the input: never echo more than a short line of it back.
  constexpr std::size_t kMax = 400;
  write("error " + (message.size() > kMax ? message.substr(0, kMax) + "..." : message));
}

void ProtocolEngine::reject_line(const std::string& why) { error(why); }

void ProtocolEngine::wait() {
  if (worker_.joinable()) worker_.join();
}

bool ProtocolEngine::handle_line(std::string_view raw) {
  std::string_view line = raw;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (pending_game_) {  // the lines of an inline variant, taken as they are
    if (pending_game_->text.size() + line.size() > kMaxInlineVariant)
      pending_game_->too_long = true;
    if (!pending_game_->too_long) pending_game_->text.append(line).push_back('\n');
    if (--pending_game_->remaining == 0) {
      const auto pending = std::move(pending_game_);
      pending_game_.reset();
      if (pending->too_long)
        error("newgame: the inline variant is longer than " + std::to_string(kMaxInlineVariant) +
              " bytes");
      else
        start_game(pending->line, pending->text);
    }
    return true;
  }
  const std::string_view command = first_word(line);
  if (command.empty()) return true;
  if (command == "isready") {
    write("readyok");
    return true;
  }
  if (command == "stop") {  // ignored when nothing is being decided, as in UCI
    stop_ = true;
    return true;
  }
  if (command == "quit") {
    stop_ = true;
    wait();
    return false;
  }
  if (busy_) {
    error("busy: '" + std::string(command) + "' while deciding (only isready, stop and quit now)");
    return true;
  }
  wait();  // the last decision has answered; its thread may still be finishing
  try {
    if (command == "stratego")
      handshake(line);
    else if (command == "setoption") {
      const auto [name, value] = parse_setoption(line);
      bot_.set_option(name, value);
    } else if (command == "newgame")
      new_game(line);
    else if (command == "observe")
      observe(rest_after_word(line));
    else if (command == "view")
      view(rest_after_word(line));
    else if (command == "legal") {
      if (!need_game(command)) return true;
      legal_.clear();
      for (std::string_view rest = rest_after_word(line); !rest.empty();
           rest = rest_after_word(rest))
        legal_.emplace_back(first_word(rest));
      if (legal_.empty()) error("legal: no action given");
    } else if (command == "go")
      go(line);
    else if (command == "setup")
      setup(line);
    else if (command == "gameover")
      bot_.game_over(std::string(rest_after_word(line)));
    else
      error("unknown command '" + std::string(command.substr(0, 80)) +
            (command.size() > 80 ? "...'" : "'"));
  } catch (const std::exception& e) {
    error(e.what());
  }
  return true;
}

void ProtocolEngine::handshake(std::string_view line) {
  const std::string version(rest_after_word(line));
  if (version != std::to_string(kProtocolVersion)) {
    error("unsupported protocol version '" + version + "' (this engine speaks " +
          std::to_string(kProtocolVersion) + ")");
    return;
  }
  write("id name " + bot_.name());
  write("id author " + bot_.author());
  for (const bots::BotOption& o : bot_.options()) write(format_option(o));
  write("stratego-ok " + std::to_string(kProtocolVersion));
}

void ProtocolEngine::new_game(std::string_view line) {
  NewGameLine g = parse_newgame(line);
  if (g.variant != "inline") {
    start_game(g, "");
    return;
  }
  pending_game_ = std::make_shared<PendingNewGame>();
  pending_game_->remaining = g.inline_lines;
  pending_game_->line = std::move(g);
}

void ProtocolEngine::start_game(const NewGameLine& g, const std::string& variant_text) {
  variant_.reset();
  view_.reset();
  pending_observation_.reset();
  legal_.clear();
  try {
    const bool is_inline = !variant_text.empty();
    variant_ = std::make_shared<const Variant>(is_inline ? load_variant_text(variant_text, "inline")
                                                         : load_variant(g.variant));
    side_ = g.side;
    bots::GameStart start;
    start.variant = variant_;
    start.variant_spec = is_inline ? "inline" : g.variant;
    start.side = g.side;
    start.seed = g.seed;
    start.opponent = g.opponent;
    bot_.new_game(start);
  } catch (const std::exception& e) {
    variant_.reset();
    error(std::string("newgame: ") + e.what());
  }
}

bool ProtocolEngine::need_game(std::string_view command) {
  if (variant_) return true;
  error(std::string(command) + ": no game (send newgame first)");
  return false;
}

void ProtocolEngine::observe(std::string_view rest) {
  if (!need_game("observe")) return;
  pending_observation_ = parse_observation(rest, *variant_);
}

void ProtocolEngine::view(std::string_view rest) {
  if (!need_game("view")) return;
  // Taken first: a view that fails to parse must not pair its observation with a later one.
  const auto observation = std::move(pending_observation_);
  pending_observation_.reset();
  view_ = parse_game_view(rest, variant_);
  if (!observation) return;
  // A step of one family with a view of the other cannot happen: both are read by the
  // game's variant.
  std::visit(
      [this](const auto& step, const auto& after) {
        if constexpr (requires { bots::observation(step, after); })
          bot_.observe(bots::observation(step, after));
      },
      *observation, *view_);
}

void ProtocolEngine::go(std::string_view line) {
  if (!need_game("go")) return;
  bots::Request r;
  parse_go(line, r.limits, r.draw_offered);
  if (!view_) return error("go: no view (send a view line first)");
  if (legal_.empty()) return error("go: no legal actions (send a legal line first)");
  r.view = bots::view_of(*view_);
  r.legal = std::move(legal_);
  legal_.clear();
  request_ = std::move(r);
  run([this] {
    const bots::Reply reply =
        bot_.decide(request_, stop_, [this](const bots::SearchInfo& i) { write(format_info(i)); });
    return format_reply(reply);
  });
}

void ProtocolEngine::setup(std::string_view line) {
  if (!need_game("setup")) return;
  bots::SetupRequest r;
  std::string suggestion;  // for bots that cannot make one; a bots::Bot makes its own
  parse_setup_request(line, r.limits, suggestion);
  // A classic-family set-up needs no view line: the board is empty. Waterloo's set-up phase
  // depends on the draft and an early start, so its view must have been sent.
  if (view_) {
    r.view = bots::view_of(*view_);
  } else if (variant_->family == Family::kWaterloo) {
    return error("setup: no view (send a view line first)");
  } else {
    empty_board_ = setup_view(variant_, side_);
    r.view = &*empty_board_;
  }
  setup_request_ = r;
  run([this] { return "bestsetup " + bot_.setup(setup_request_); });
}

void ProtocolEngine::run(std::function<std::string()> task) {
  stop_ = false;
  busy_ = true;
  worker_ = std::thread([this, task = std::move(task)] {
    std::string answer;
    try {
      answer = task();
    } catch (const std::exception& e) {
      answer = std::string("error ") + e.what();
    }
    // Not busy before the answer goes out: the referee may send its next command at once.
    busy_ = false;
    write(std::move(answer));
  });
}

void serve_protocol(bots::Bot& bot, std::istream& in, std::ostream& out) {
  // Untied: a tied input stream flushes the output from the reader's thread, racing the worker.
  std::ostream* const tie = in.tie(nullptr);
  {
    ProtocolEngine engine(bot, [&out](const std::string& line) {
      out << line << '\n' << std::flush;
    });
    std::string line;
    for (LineRead r; (r = read_bounded_line(in, line)) != LineRead::kEnd;) {
      if (r == LineRead::kTooLong) {  // dropped whole: a cut line could mean something else
        engine.reject_line("an input line longer than " + std::to_string(kMaxInputLine) +
                           " bytes; ignored");
        continue;
      }
      if (!engine.handle_line(line)) break;
    }
  }
  in.tie(tie);
}

}  // namespace stratego::protocol
