#include "protocol/ucc/ucc_session.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>

#include "engine/error.h"
#include "engine/line_reader.h"
#include "engine/move_text.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "protocol/ucc/ucc_protocol.h"
#include "protocol/ucc/ucc_tracker.h"

namespace stratego::protocol {
namespace {

// Raises the bot's stop flag when its time is up, for bots that search until told to stop.
class StopTimer {
 public:
  StopTimer(std::atomic<bool>& flag, std::int64_t ms) {
    if (ms <= 0) return;
    thread_ = std::thread([this, &flag, ms] {
      std::unique_lock lock(mutex_);
      if (!wake_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return done_; }))
        flag = true;
    });
  }
  ~StopTimer() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  StopTimer(const StopTimer&) = delete;
  StopTimer& operator=(const StopTimer&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// A board line has no blanks inside; every other message has.
bool is_board_line(std::string_view t, int width) {
  return int(t.size()) == width && t.find_first_of(" \t") == std::string_view::npos;
}

std::string result_text(const Result& r) {
  const std::string_view who = r.winner == Winner::kRed    ? "red"
                               : r.winner == Winner::kBlue ? "blue"
                               : r.winner == Winner::kDraw ? "draw"
                                                           : "none";
  return std::string(who) + " " + std::string(end_reason_name(r.reason));
}

class Session {
 public:
  Session(bots::Bot& bot, std::istream& in, std::ostream& out, const UccSessionOptions& o)
      : bot_(bot), in_(in), out_(out), options_(o) {}

  void run() {
    std::string line;
    if (!next_line(line))
      throw InputError(
          "UCC manager: the input ended before the start message ('RED|BLUE <opponent> 10 10')");
    start(parse_ucc_hello(line));
    while (next_line(line)) {
      const std::string_view t = ucc_trim(line);
      if (ucc_starts_with(t, "QUIT")) {
        bot_.game_over(tracker_->state().over() ? result_text(tracker_->state().result())
                                                : ucc_quit_to_result(t));
        return;
      }
      if (ucc_starts_with(t, "START")) continue;      // Red's first turn: the board lines follow
      if (ucc_starts_with(t, "SURRENDER")) continue;  // a manager's echo of our surrender
      if (ucc_starts_with(t, "NO_MOVE")) {            // old protocol: someone made no move
        if (!awaiting_own_) tracker_->pass();
        awaiting_own_ = false;
        continue;
      }
      if (is_board_line(t, tracker_->state().variant().width)) {
        play_turn(std::string(t));
        continue;
      }
      confirmation(t);
    }
    note("the manager closed our input without QUIT");
    bot_.game_over(tracker_->state().over() ? result_text(tracker_->state().result())
                                            : "none disconnect");
  }

 private:
  bool next_line(std::string& line) {
    while (bounded_line(line))
      if (!ucc_trim(line).empty()) return true;
    return false;
  }

  // A manager's line, at most kMaxInputLine bytes (no message is near that long).
  bool bounded_line(std::string& line) {
    const LineRead r = read_bounded_line(in_, line);
    if (r == LineRead::kTooLong)
      throw InputError("UCC manager: a line longer than " + std::to_string(kMaxInputLine) +
                       " bytes");
    return r == LineRead::kLine;
  }

  void note(const std::string& what) {
    if (options_.diagnostics) *options_.diagnostics << "ucc-bot: " << what << "\n" << std::flush;
  }

  void start(const UccHello& hello) {
    auto variant = std::make_shared<const Variant>(load_variant(kUccVariantSpec));
    if (hello.width != variant->width || hello.height != variant->height)
      throw InputError(std::string("UCC start message: the board is ") +
                       std::to_string(hello.width) + "x" + std::to_string(hello.height) +
                       "; ucc-bot plays the classic 10x10 board only");
    me_ = hello.side;
    limits_.movetime_ms = options_.movetime_ms;
    limits_.nodes = options_.nodes;
    bots::GameStart g;
    g.variant = variant;
    g.variant_spec = std::string(kUccVariantSpec);
    g.side = me_;
    g.seed = options_.seed;
    g.opponent = hello.opponent;
    bot_.new_game(g);
    const View empty = setup_view(variant, me_);
    bots::SetupRequest request;
    request.view = &empty;
    request.limits = limits_;
    const std::string setup = bot_.setup(request);
    for (const std::string& l : setup_to_ucc_lines(*variant, me_, setup)) out_ << l << '\n';
    out_.flush();
    tracker_.emplace(variant, me_, setup, options_.seed);
  }

  void confirmation(std::string_view t) {
    const UccConfirmation c = parse_ucc_confirmation(t);
    const Side mover = awaiting_own_ ? me_ : other(me_);
    if (awaiting_own_ && c.move != own_move_)
      throw InputError(std::string("UCC confirmation '") + std::string(t) + "': we moved '" +
                       format_ucc_move(own_move_) + "'");
    awaiting_own_ = false;
    if (mover == me_ && c.outcome == UccOutcome::kIllegal)
      note(std::string("the manager refused our move '") + std::string(t) + "'");
    if (const auto seen = tracker_->apply(c, mover, t))
      bot_.observe(bots::observation(*seen, tracker_->view()));
  }

  void play_turn(std::string first) {
    const Variant& v = tracker_->state().variant();
    std::vector<std::string> lines{std::move(first)};
    std::string line;
    while (int(lines.size()) < v.height) {
      if (!bounded_line(line))
        throw InputError(std::string("UCC board: the input ended after ") +
                         std::to_string(lines.size()) + " of " + std::to_string(v.height) +
                         " board lines");
      lines.push_back(line);
    }
    tracker_->check_board(parse_ucc_board(lines, v.width, v.height));
    if (tracker_->state().side_to_move() != me_) tracker_->pass();  // e.g. an ignored illegal move
    bots::Request request;
    const View view = tracker_->view();
    request.view = &view;
    request.legal = tracker_->legal_tokens();
    request.limits = limits_;
    if (request.legal.empty()) {  // every piece blocked: the old protocol's answer
      note("no legal move; answering NO_MOVE");
      send("NO_MOVE");
      return;
    }
    bots::Reply reply;
    {
      std::atomic<bool> stop{false};
      StopTimer timer(stop, limits_.movetime_ms);
      reply = bot_.decide(request, stop, [](const bots::SearchInfo&) {});
    }
    if (reply.resign || reply.adjourn || reply.accept_draw || reply.action.empty()) {
      send("SURRENDER");
      return;
    }
    if (std::find(request.legal.begin(), request.legal.end(), reply.action) == request.legal.end())
      throw InputError(std::string("bot ") + bot_.name() + " answered '" + reply.action +
                       "', which is not a legal move");
    own_move_ = move_to_ucc(v.geometry, parse_move(reply.action, v.geometry));
    awaiting_own_ = true;
    send(format_ucc_move(own_move_));
  }

  void send(const std::string& line) { out_ << line << '\n' << std::flush; }

  bots::Bot& bot_;
  std::istream& in_;
  std::ostream& out_;
  UccSessionOptions options_;
  Side me_ = kRed;
  bots::Limits limits_;
  std::optional<UccTracker> tracker_;
  UccMove own_move_;
  bool awaiting_own_ = false;
};

}  // namespace

void run_ucc_session(bots::Bot& bot, std::istream& in, std::ostream& out,
                     const UccSessionOptions& options) {
  Session(bot, in, out, options).run();
}

std::string ucc_quit_to_result(std::string_view quit_line) {
  // QUIT NAME COLOUR OUTCOME TURNS RED_VALUE BLUE_VALUE: find the colour, the outcome follows.
  std::vector<std::string> w;
  std::size_t i = 0;
  const std::string_view s = ucc_trim(quit_line);
  while ((i = s.find_first_not_of(" \t", i)) != std::string_view::npos) {
    const std::size_t e = std::min(s.find_first_of(" \t", i), s.size());
    w.push_back(text::upper_case(s.substr(i, e - i)));
    i = e;
  }
  for (std::size_t k = 1; k + 1 < w.size(); ++k) {
    if (w[k] != "RED" && w[k] != "BLUE") continue;
    const std::string us = w[k] == "RED" ? "red" : "blue", them = w[k] == "RED" ? "blue" : "red";
    const std::string& o = w[k + 1];
    if (o == "VICTORY") return us + " no-moves";
    if (o == "DEFEAT") return them + " no-moves";
    if (o == "SURRENDER") return them + " resignation";
    if (o == "DRAW") return "draw no-movable-pieces";
    if (o == "DRAW_DEFAULT") return "draw move-limit";
    if (o == "ILLEGAL") return them + " illegal-action";
    if (o == "DEFAULT") return us + " illegal-action";
    break;
  }
  return "none unknown";
}

}  // namespace stratego::protocol
