#include "protocol/protocol_bot.h"

#include <algorithm>
#include <thread>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/setup.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"
#include "protocol/observation_text.h"
#include "protocol/protocol_text.h"
#include "protocol/protocol_variant.h"

namespace stratego::protocol {
namespace {

using std::chrono::milliseconds;

// A line of the program's output as a message shows it: quoted, and cut if long.
std::string shown(std::string_view line) {
  std::string out(1, '\'');
  out.append(line.substr(0, 80));
  if (line.size() > 80) out += "...";
  out += '\'';
  return out;
}

std::string ms_text(milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

}  // namespace

struct ProtocolBot::Await {
  std::string_view request;  // what was asked, for messages
  milliseconds timeout{0};
  bool until_stopped = false;                            // no deadline before `stop` is set
  std::function<bool(std::string_view word)> is_answer;  // by the line's first word
  const bots::InfoSink* info = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

ProtocolBot::ProtocolBot(std::string command, ProtocolBotOptions options)
    : command_(std::move(command)), opt_(std::move(options)), name_(command_) {
  start();
}

ProtocolBot::~ProtocolBot() { quit(); }

void ProtocolBot::start() {
  process_ = std::make_unique<Subprocess>(command_, opt_.stderr_path);
  last_view_.clear();
  options_.clear();
  send("stratego " + std::to_string(kProtocolVersion), "the handshake");
  // Every line of the handshake is read here; the deadline and the flood limit cover them all.
  const auto deadline = Clock::now() + opt_.handshake_timeout;
  for (std::size_t count = 1;; ++count) {
    if (count > opt_.max_reply_lines)
      fault(bots::BotFault::Kind::kFlood,
            "wrote more than " + std::to_string(opt_.max_reply_lines) + " lines in the handshake");
    const auto left = std::max(milliseconds(0),
                               std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
    const std::string line =
        await({.request = "the handshake", .timeout = left, .is_answer = [](std::string_view) {
                 return true;
               }});
    const std::string_view word = first_word(line);
    if (word == "stratego-ok") {
      if (rest_after_word(line) != std::to_string(kProtocolVersion))
        fault(bots::BotFault::Kind::kProtocolError, "answered the handshake with " + shown(line) +
                                                        " (this referee speaks version " +
                                                        std::to_string(kProtocolVersion) + ")");
      return;
    }
    if (word == "id") {
      const std::string_view rest = rest_after_word(line);
      const std::string_view key = first_word(rest);
      if (key == "name" && !rest_after_word(rest).empty())
        name_ = std::string(rest_after_word(rest));
      else if (key == "author")
        author_ = std::string(rest_after_word(rest));
      else
        fault(bots::BotFault::Kind::kProtocolError, "sent a bad id line " + shown(line));
    } else if (word == "option") {
      try {
        options_.push_back(parse_option(line));
      } catch (const InputError& e) {
        fault(bots::BotFault::Kind::kProtocolError,
              std::string("sent a bad option line: ") + e.what());
      }
    } else if (word == "info") {
      continue;
    } else if (word == "error") {
      fault(bots::BotFault::Kind::kProtocolError, "answered the handshake with " + shown(line));
    } else {
      fault(bots::BotFault::Kind::kProtocolError,
            "sent " + shown(line) + " in the handshake (expected id, option or stratego-ok)");
    }
  }
}

void ProtocolBot::fault(bots::BotFault::Kind kind, const std::string& what) {
  process_.reset();  // kills the process group and reaps it
  throw bots::BotFault(kind, "bot " + shown(name_) + ": " + what);
}

void ProtocolBot::send(const std::string& line, std::string_view request) {
  send(line, request, opt_.grace);
}

void ProtocolBot::send(const std::string& line, std::string_view request, milliseconds timeout) {
  if (!process_) fault(bots::BotFault::Kind::kDisconnect, "is not running (it failed earlier)");
  if (opt_.transcript) opt_.transcript(true, line);
  switch (process_->write_line(line, timeout)) {
    case Subprocess::Write::kDone:
      return;
    case Subprocess::Write::kClosed:
      closed(request);
    case Subprocess::Write::kTimeout:
      // A program that does not read its input would block a plain write for ever.
      fault(bots::BotFault::Kind::kTimeout,
            "did not read its input: a line of " + std::to_string(line.size() + 1) + " bytes for " +
                std::string(request) + " could not be written within " + ms_text(timeout));
  }
}

void ProtocolBot::closed(std::string_view request) {
  // It closed its end: give it a moment to exit so that a crash can be told from a hang-up.
  const auto until = Clock::now() + milliseconds(500);
  while (process_->running() && Clock::now() < until) std::this_thread::sleep_for(milliseconds(2));
  const std::string during = " during " + std::string(request);
  if (const auto status = process_->exit_status()) {
    if (*status != 0)
      fault(bots::BotFault::Kind::kCrash, "exited with status " + std::to_string(*status) + during);
    fault(bots::BotFault::Kind::kDisconnect, "exited (status 0)" + during);
  }
  fault(bots::BotFault::Kind::kDisconnect, "closed its output" + during);
}

std::string ProtocolBot::await(const Await& a) {
  if (!process_) fault(bots::BotFault::Kind::kDisconnect, "is not running (it failed earlier)");
  auto deadline = a.until_stopped ? Clock::time_point::max() : Clock::now() + a.timeout;
  bool stop_sent = false;
  std::size_t lines = 0, bytes = 0;
  std::string line;
  for (;;) {
    if (a.stop && !stop_sent && a.stop->load()) {
      send("stop", a.request);
      stop_sent = true;
      deadline = std::min(deadline, Clock::now() + opt_.grace);
    }
    const auto now = Clock::now();
    if (now >= deadline)
      fault(bots::BotFault::Kind::kTimeout, "no answer to " + std::string(a.request) + " within " +
                                                ms_text(stop_sent ? opt_.grace : a.timeout));
    // Short slices while a stop may come, so that it is passed on at once.
    milliseconds slice =
        deadline == Clock::time_point::max()
            ? milliseconds(3600000)
            : std::chrono::duration_cast<milliseconds>(deadline - now) + milliseconds(1);
    if (a.stop && !stop_sent) slice = std::min(slice, milliseconds(10));
    // Slices of at most 50 ms: a program that exited while a child of its own still holds
    // its output open is found out at once, not at the deadline.
    slice = std::min(slice, milliseconds(50));
    switch (process_->read_line(line, slice, opt_.max_reply_bytes)) {
      case Subprocess::Read::kTimeout:
        if (!process_->running()) closed(a.request);
        continue;
      case Subprocess::Read::kClosed:
        closed(a.request);
      case Subprocess::Read::kTooLong:
        fault(bots::BotFault::Kind::kFlood, "wrote a line longer than " +
                                                std::to_string(opt_.max_reply_bytes) +
                                                " bytes in answer to " + std::string(a.request));
      case Subprocess::Read::kLine:
        break;
    }
    if (opt_.transcript) opt_.transcript(false, line);
    bytes += line.size() + 1;
    if (++lines > opt_.max_reply_lines || bytes > opt_.max_reply_bytes)
      fault(bots::BotFault::Kind::kFlood,
            "wrote more than " +
                (lines > opt_.max_reply_lines ? std::to_string(opt_.max_reply_lines) + " lines"
                                              : std::to_string(opt_.max_reply_bytes) + " bytes") +
                " in answer to " + std::string(a.request));
    const std::string_view word = first_word(line);
    if (a.is_answer(word)) return line;
    if (word == "info") {
      bots::SearchInfo info;
      try {
        info = parse_info(line);
      } catch (const InputError& e) {
        fault(bots::BotFault::Kind::kProtocolError,
              std::string("sent a bad info line: ") + e.what());
      }
      if (a.info && *a.info) (*a.info)(info);
      continue;
    }
    if (word == "error")
      fault(bots::BotFault::Kind::kProtocolError,
            "answered " + std::string(a.request) + " with " + shown(line));
    fault(bots::BotFault::Kind::kProtocolError,
          "sent " + shown(line) + " while " + std::string(a.request) + " awaited an answer");
  }
}

void ProtocolBot::wait_ready(std::string_view request) {
  send("isready", request);
  await({.request = request, .timeout = opt_.ready_timeout, .is_answer = [](std::string_view w) {
           return w == "readyok";
         }});
}

void ProtocolBot::set_option(const std::string& name, const std::string& value) {
  const auto it = std::find_if(options_.begin(), options_.end(),
                               [&](const bots::BotOption& o) { return o.name == name; });
  if (it == options_.end()) {
    std::string names;
    for (const bots::BotOption& o : options_)
      names.append(names.empty() ? "" : ", ").append(o.name);
    throw InputError("bot " + shown(name_) + " has no option " + shown(name) +
                     (names.empty() ? std::string(" (it has none)") : " (options: " + names + ")"));
  }
  check_option_value(*it, value);
  send(format_setoption(name, value), "setoption");
  send("isready", "setoption");
  const std::string answer = await(
      {.request = "setoption", .timeout = opt_.ready_timeout, .is_answer = [](std::string_view w) {
         return w == "readyok" || w == "error";
       }});
  if (first_word(answer) == "error") {
    // The readyok of our isready is still to come.
    await({.request = "setoption",
           .timeout = opt_.ready_timeout,
           .is_answer = [](std::string_view w) { return w == "readyok"; }});
    throw InputError("bot " + shown(name_) + " rejected option " + shown(name) + ": " +
                     std::string(rest_after_word(answer)));
  }
}

void ProtocolBot::new_game(const bots::GameStart& g) {
  if (!process_ || !process_->running()) start();
  variant_ = g.variant;
  side_ = g.side;
  rng_ = Rng(g.seed ^ (0x9E3779B97F4A7C15ull * (std::uint64_t(g.side) + 1)));
  last_view_.clear();
  const std::string spec = g.variant_spec.empty() ? g.variant->spec : g.variant_spec;
  NewGameLine line{
      .variant = spec, .inline_lines = 0, .side = g.side, .seed = g.seed, .opponent = g.opponent};
  std::vector<std::string> text;
  inline_variant_ = !is_builtin_spec(spec) || spec == "inline";
  if (inline_variant_) {
    text = inline_variant_lines(spec);
    line.variant = "inline";
    line.inline_lines = int(text.size());
  }
  // A large inline variant is written, all of it, within the time newgame is given to be
  // answered: one deadline, so a program that reads a byte now and then cannot stretch it.
  const auto deadline = Clock::now() + opt_.ready_timeout;
  const auto left = [&] {
    return std::max(milliseconds(1),
                    std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
  };
  send(format_newgame(line), "newgame", left());
  for (const std::string& t : text) send(t, "newgame", left());
  wait_ready("newgame");
}

void ProtocolBot::send_view(std::string notation) {
  if (inline_variant_) {  // the variant field names the game's variant as newgame did
    const auto a = notation.find(' ');
    const auto b = notation.find(' ', a + 1);
    if (a != std::string::npos && b != std::string::npos)
      notation.replace(a + 1, b - a - 1, "inline");
  }
  std::string line = "view " + notation;
  if (line == last_view_) return;
  send(line, "view");
  last_view_ = std::move(line);
}

void ProtocolBot::observe(const bots::Observation& o) {
  std::visit(
      [this](const auto& seen) {
        send("observe " + format_observed(seen.step, variant_->geometry), "observe");
        last_view_.clear();  // an observation is always followed by its view
        send_view(to_notation(seen.after));
      },
      o);
}

milliseconds ProtocolBot::time_for(const bots::Limits& l) const {
  if (l.movetime_ms > 0) return milliseconds(l.movetime_ms) + opt_.grace;
  if (l.time_left_ms[side_] >= 0) return milliseconds(l.time_left_ms[side_]) + opt_.grace;
  return opt_.no_limit_timeout;
}

std::string ProtocolBot::setup(const bots::SetupRequest& r) {
  std::string suggestion;  // a legal set-up for programs that cannot make one (docs/protocol.md)
  suggestion = r.with_view([&](const auto& v) { return random_setup_for(v, rng_); });
  // The protocol sends a view before a Waterloo set-up only: the draft and an early start
  // decided what it may hold, where a classic-family board is empty.
  if (const auto* wv = r.waterloo()) send_view(waterloo::to_notation(*wv));
  send(format_setup_request(r.limits, suggestion), "setup");
  const std::string answer =
      await({.request = "setup",
             .timeout = time_for(r.limits),
             .until_stopped = r.limits.infinite,
             .is_answer = [](std::string_view w) { return w == "bestsetup"; }});
  const std::string setup(rest_after_word(answer));
  if (setup.empty())
    fault(bots::BotFault::Kind::kProtocolError, "answered setup with an empty bestsetup");
  return setup;
}

bots::Reply ProtocolBot::decide(const bots::Request& r, const std::atomic<bool>& stop,
                                const bots::InfoSink& info) {
  r.with_view([&](const auto& v) { send_view(to_notation(v)); });
  std::string legal = "legal";
  for (const std::string& t : r.legal) legal.append(" ").append(t);
  send(legal, "go");
  send(format_go(r.limits, r.draw_offered), "go");
  const std::string answer = await(
      {.request = "go",
       .timeout = time_for(r.limits),
       .until_stopped = r.limits.infinite,
       .is_answer =
           [](std::string_view w) { return w == "bestmove" || w == "resign" || w == "adjourn"; },
       .info = &info,
       .stop = &stop});
  bots::Reply reply;
  try {
    reply = parse_reply(answer);
  } catch (const InputError& e) {
    fault(bots::BotFault::Kind::kProtocolError, e.what());
  }
  if (!reply.action.empty() &&
      std::find(r.legal.begin(), r.legal.end(), reply.action) == r.legal.end())
    fault(bots::BotFault::Kind::kIllegal, "played " + shown(reply.action) +
                                              ", which is not one of the " +
                                              std::to_string(r.legal.size()) + " legal actions");
  return reply;
}

void ProtocolBot::game_over(const std::string& result) {
  // The game is decided: a program that no longer listens changes nothing.
  if (!process_) return;
  if (opt_.transcript) opt_.transcript(true, "gameover " + result);
  process_->write_line("gameover " + result, opt_.quit_grace);
}

void ProtocolBot::quit() {
  if (!process_) return;
  if (opt_.transcript) opt_.transcript(true, "quit");
  process_->write_line("quit", opt_.quit_grace);
  process_->finish(opt_.quit_grace);
  process_.reset();
}

}  // namespace stratego::protocol
