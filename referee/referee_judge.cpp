#include "referee/referee_judge.h"

#include <algorithm>
#include <limits>

#include "engine/rng.h"

namespace stratego::referee::detail {

Watchdog::Watchdog() : thread_([this] { run(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Watchdog::arm(std::atomic<bool>* flag, Clock::time_point deadline) {
  {
    std::lock_guard lock(mutex_);
    flag_ = flag;
    deadline_ = deadline;
  }
  wake_.notify_all();
}

void Watchdog::disarm() {
  std::lock_guard lock(mutex_);  // after this returns the flag is never touched again
  flag_ = nullptr;
}

void Watchdog::run() {
  std::unique_lock lock(mutex_);
  while (!quit_) {
    if (!flag_) {
      wake_.wait(lock);
    } else if (Clock::now() >= deadline_) {
      flag_->store(true);
      flag_ = nullptr;
    } else {
      wake_.wait_until(lock, deadline_);
    }
  }
}

Judge::Judge(bots::Bot& red, bots::Bot& blue, const GameSettings& settings)
    : bots_{&red, &blue}, settings_(settings) {
  for (Side s : {kRed, kBlue}) {
    seeds_[s] = referee::bot_seed(settings.seed, s);
    std::string n = settings.names[s];
    if (n.empty()) {
      try {
        n = bots_[s]->name();
      } catch (...) {  // a bot that cannot say its name is found out at its first real call
      }
    }
    names_[s] = one_line(n).empty() ? std::string(side_name(s)) : one_line(n);
    if (settings.time.base_ms > 0) clock_ms_[s] = settings.time.base_ms;
  }
}

bots::Limits Judge::limits() const {
  const TimeControl& t = settings_.time;
  bots::Limits l;
  l.movetime_ms = t.movetime_ms;
  if (t.base_ms > 0) {
    for (Side s : {kRed, kBlue}) {
      l.time_left_ms[s] = std::max<std::int64_t>(clock_ms_[s], 0);
      l.increment_ms[s] = t.increment_ms;
    }
  }
  l.nodes = t.nodes;
  l.iterations = t.iterations;
  return l;
}

bool Judge::timed(Side s, const std::string& what,
                  const std::function<void(const std::atomic<bool>&)>& call, bool increment) {
  const TimeControl& t = settings_.time;
  const bool clock = clock_ms_[s] != kNoClock;
  // When the bot is told to stop: at the end of its movetime or of its clock, whichever
  // comes first; with no time given, at the default timeout.
  std::int64_t stop_after = t.default_timeout_ms;
  if (t.movetime_ms > 0 || clock) {
    stop_after = t.movetime_ms > 0 ? t.movetime_ms : std::numeric_limits<std::int64_t>::max();
    if (clock) stop_after = std::min(stop_after, std::max<std::int64_t>(clock_ms_[s], 0));
  }
  std::atomic<bool> stop{false};
  const Clock::time_point start = Clock::now();
  watchdog_.arm(&stop, start + std::chrono::milliseconds(stop_after));
  std::exception_ptr error;
  try {
    call(stop);
  } catch (...) {
    error = std::current_exception();
  }
  const std::int64_t elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  watchdog_.disarm();
  if (error) {
    fault(s, what, error);
    return false;
  }
  const std::string took =
      std::string(side_name(s)) + " took " + std::to_string(elapsed) + " ms for " + what;
  const std::string grace = " + " + std::to_string(t.grace_ms) + " ms grace";
  if (t.movetime_ms > 0 && elapsed > t.movetime_ms + t.grace_ms) {
    lose(s, "time-forfeit", took + "; movetime " + std::to_string(t.movetime_ms) + " ms" + grace);
    return false;
  }
  if (clock) {
    // The deficit within the grace is carried, not forgiven: a bot that always overruns by a
    // little still runs out.
    const std::int64_t left = clock_ms_[s];
    clock_ms_[s] -= elapsed;
    if (clock_ms_[s] < -t.grace_ms) {
      lose(s, "time-forfeit", took + "; " + std::to_string(left) + " ms left on its clock" + grace);
      return false;
    }
    if (increment) clock_ms_[s] += t.increment_ms;
  }
  if (t.movetime_ms <= 0 && !clock && elapsed > t.default_timeout_ms) {
    lose(s, "time-forfeit",
         took + "; no time given, the limit is " + std::to_string(t.default_timeout_ms) + " ms");
    return false;
  }
  return true;
}

bool Judge::untimed(Side s, const std::string& what, const std::function<void()>& call) {
  try {
    call();
    return true;
  } catch (...) {
    fault(s, what, std::current_exception());
    return false;
  }
}

void Judge::tell_result(const std::string& result) {
  for (Side s : {kRed, kBlue}) {
    try {
      bots_[s]->game_over(result);
    } catch (...) {  // the game is decided; a bot failing now changes nothing
    }
  }
}

void Judge::fault(Side s, const std::string& what, std::exception_ptr e) {
  const std::string who = std::string(side_name(s)) + " (" + what + "): ";
  try {
    std::rethrow_exception(e);
  } catch (const bots::BotFault& f) {
    std::string reason = "crash";
    switch (f.kind) {
      case bots::BotFault::Kind::kTimeout:
        reason = "time-forfeit";
        break;
      case bots::BotFault::Kind::kCrash:
        reason = "crash";
        break;
      case bots::BotFault::Kind::kDisconnect:
        reason = "disconnect";
        break;
      case bots::BotFault::Kind::kProtocolError:
      case bots::BotFault::Kind::kFlood:
        reason = "protocol-error";
        break;
      case bots::BotFault::Kind::kIllegal:
        reason = "illegal-action";
        break;
    }
    lose(s, reason, who + f.what());
  } catch (const std::exception& x) {
    lose(s, "crash", who + "threw: " + x.what());
  } catch (...) {
    lose(s, "crash", who + "threw an unknown exception");
  }
}

void Judge::lose(Side s, std::string reason, std::string detail) {
  if (!forfeit_) forfeit_ = Forfeit{s, std::move(reason), one_line(detail)};
}

void Judge::add_tags(std::map<std::string, std::string>& tags) const {
  for (const auto& [name, value] : settings_.tags) tags[name] = value;
  tags["red"] = names_[kRed];
  tags["blue"] = names_[kBlue];
  tags["time-control"] = time_control_text(settings_.time);
  const std::string seed = std::to_string(settings_.seed);
  if (!tags.count("seed"))
    tags["seed"] = seed;
  else if (tags["seed"] != seed)
    tags["resume-seed"] = seed;  // a resumed game keeps its first seed
}

std::string time_control_text(const TimeControl& t) {
  std::string out;
  auto add = [&](const std::string& part) { out += std::string(out.empty() ? "" : ", ") + part; };
  if (t.movetime_ms > 0) add("movetime " + std::to_string(t.movetime_ms) + "ms");
  if (t.base_ms > 0)
    add("clock " + std::to_string(t.base_ms) + "+" + std::to_string(t.increment_ms) + "ms");
  if (t.nodes > 0) add("nodes " + std::to_string(t.nodes));
  if (t.iterations > 0) add("iterations " + std::to_string(t.iterations));
  return out.empty() ? "none" : out;
}

std::string one_line(const std::string& s) {
  constexpr std::size_t kMax = 300;
  std::string out;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    out += u < 0x20 || u == 0x7f ? ' ' : c;
    if (out.size() >= kMax) {
      out += "...";
      break;
    }
  }
  const auto b = out.find_first_not_of(' ');
  if (b == std::string::npos) return {};
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

std::string result_text(Winner w, std::string_view reason) {
  const char* who = w == Winner::kRed    ? "red"
                    : w == Winner::kBlue ? "blue"
                    : w == Winner::kDraw ? "draw"
                                         : "none";
  return std::string(who) + " " + std::string(reason);
}

EndReason end_reason_of(const std::string& reason) {
  for (int r = int(EndReason::kResignation); r <= int(kLastEndReason); ++r)
    if (end_reason_name(EndReason(r)) == reason) return EndReason(r);
  return EndReason::kCrash;  // not reached: the Judge only uses the names above
}

std::optional<bots::Reply> Judge::ask(Side s, bots::Request& req) {
  req.limits = limits();
  req.draw_offered = offered_to(s);
  bots::Reply reply;
  if (!timed(s, "decision", [&](const std::atomic<bool>& stop) {
        reply = bot(s).decide(req, stop, [](const bots::SearchInfo&) {});
      }))
    return std::nullopt;
  offer_[other(s)] = false;                // s has seen the opponent's offer and not taken it
  if (reply.offer_draw) offer_[s] = true;  // stands through s's further actions of the turn
  return reply;
}

void Judge::reject(Side s, const std::string& token, bool well_formed, const char* kind) {
  lose(s, well_formed ? "illegal-action" : "protocol-error",
       std::string(side_name(s)) + ": '" + token + "' is " +
           (well_formed ? std::string("not legal now") : std::string("not a ") + kind));
}

}  // namespace stratego::referee::detail
