#include "ladder/coordinator.h"

#include <unistd.h>

#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "engine/error.h"
#include "engine/text_util.h"
#include "ladder/ratings.h"
#include "ladder/run_lock.h"
#include "protocol/bot_spec.h"

namespace stratego::ladder {
namespace {

std::string duration_text(double seconds) {
  const auto s = std::int64_t(seconds + 0.5);
  std::ostringstream o;
  if (s >= 3600)
    o << s / 3600 << "h" << std::setw(2) << std::setfill('0') << s % 3600 / 60 << "m";
  else if (s >= 60)
    o << s / 60 << "m" << std::setw(2) << std::setfill('0') << s % 60 << "s";
  else
    o << s << "s";
  return o.str();
}

}  // namespace

std::string leader_status(Store& store) {
  const auto ps = store.participants();
  if (ps.empty()) return "";
  std::vector<PairedResult> results;
  for (const auto& g : store.games())
    if (g.red_score() >= 0) results.push_back({int(g.s.red), int(g.s.blue), g.red_score()});
  const Ratings r = fit_ratings(int(ps.back().id + 1), results);
  const Participant* best = nullptr;
  for (const auto& p : ps)
    if (r.games[std::size_t(p.id)] > 0 &&
        (!best || r.rating[std::size_t(p.id)] > r.rating[std::size_t(best->id)]))
      best = &p;
  if (!best) return "";
  std::ostringstream o;
  o << "leader " << best->name << " (" << std::showpos << std::fixed << std::setprecision(0)
    << r.rating[std::size_t(best->id)] << ")";
  return o.str();
}

Coordinator::Coordinator(Store& store, const RunOptions& options) : store_(store), opt_(options) {
  for (const auto& p : store_.participants()) by_id_[p.id] = p;
  const std::int64_t scheduled = store_.scheduled_count();
  const std::string plan = store_.meta("plan_target", "0");
  const auto parsed = text::parse_number<std::int64_t>(plan);
  if (!parsed || *parsed < -1)
    throw InputError("ladder file: plan_target '" + plan +
                     "' is not a number of games (the file is damaged)");
  const std::int64_t stored = *parsed;
  if (!opt_.mode_given) {
    opt_.mode.mode = parse_mode(store_.meta("plan_mode", "round-robin"));
    opt_.mode.a = store_.meta("plan_a");
    opt_.mode.b = store_.meta("plan_b");
  }
  if (opt_.forever) {
    target_ = -1;
  } else if (opt_.games > 0) {
    const std::int64_t pairs = (opt_.games + 1) / 2;
    target_ = std::max(stored, scheduled) + 2 * pairs;
  } else {
    target_ = stored;  // go on with the last run's plan (or only the unfinished games)
  }
  for (auto& s : store_.unfinished()) {
    check_known_players(s, by_id_);
    pending_.push_back(s);
  }
  tty_ = !opt_.out && isatty(STDOUT_FILENO);
}

void Coordinator::store_plan() {
  if (!is_sprt_mode(opt_.mode.mode) && (opt_.forever || opt_.games > 0))
    plan_meta_ = {{"plan_target", std::to_string(target_)},
                  {"plan_mode", mode_name(opt_.mode.mode)},
                  {"plan_a", opt_.mode.a},
                  {"plan_b", opt_.mode.b}};
}

std::vector<Participant> Coordinator::players() {
  std::map<std::int64_t, Participant> used;
  for (const auto& s : pending_) {
    used[s.red] = by_id_.at(s.red);
    used[s.blue] = by_id_.at(s.blue);
  }
  if (target_ != 0)
    for (const auto& [id, p] : by_id_)
      if (p.retired.empty()) used[id] = p;
  std::vector<Participant> out;
  for (auto& [id, p] : used) out.push_back(p);
  return out;
}

GameJob Coordinator::job_for(const ScheduledGame& s) {
  GameJob j;
  j.s = s;
  j.red_name = by_id_.at(s.red).name;
  j.blue_name = by_id_.at(s.blue).name;
  j.red_spec = by_id_.at(s.red).spec;
  j.blue_spec = by_id_.at(s.blue).spec;
  j.movetime_ms = store_.config().movetime_ms;
  j.nodes = store_.config().nodes;
  j.tc = store_.config().tc;
  return j;
}

std::optional<GameJob> Coordinator::next() {
  std::lock_guard lock(mutex_);
  if (pending_.empty() && !stop_ && (target_ < 0 || store_.scheduled_count() < target_)) {
    for (auto& s : store_.schedule_pair(plan_next_pair(store_, opt_.mode), plan_meta_))
      pending_.push_back(s);
    plan_meta_.clear();  // written with the pair
  }
  if (pending_.empty() || aborted_ || (stop_ && is_sprt_mode(opt_.mode.mode))) return std::nullopt;
  const ScheduledGame s = pending_.front();
  pending_.pop_front();
  ++in_flight_;
  return job_for(s);
}

std::int64_t Coordinator::planned_total() {
  if (target_ < 0 || stop_) return -1;
  const std::int64_t unplanned = std::max<std::int64_t>(0, target_ - store_.scheduled_count());
  return summary_.played + in_flight_ + std::int64_t(pending_.size()) + unplanned;
}

void Coordinator::finish(const FinishedGame& g) {
  std::lock_guard lock(mutex_);
  --in_flight_;
  if (store_.record_game(g))
    ++summary_.played;
  else
    ++summary_.duplicates;
  if (opt_.after_game && opt_.after_game(store_, g)) stop_ = true;
  progress(g);
}

void Coordinator::progress(const FinishedGame& g) {
  std::ostream& out = opt_.out ? *opt_.out : std::cout;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double per_min = seconds > 0 ? 60.0 * summary_.played / seconds : 0;
  const std::int64_t total = planned_total();
  std::ostringstream line;
  line << summary_.played;
  if (total >= 0) line << "/" << total;
  line << " games, " << std::fixed << std::setprecision(1) << per_min << " games/min";
  if (total >= 0 && per_min > 0)
    line << ", ETA " << duration_text(60.0 * double(total - summary_.played) / per_min);
  // The leader needs a fit over every game: at most once a second on a long ladder.
  if (opt_.status)
    status_ = opt_.status(store_);
  else if (tty_ && (status_.empty() || seconds - status_at_ >= 1)) {
    status_ = leader_status(store_);
    status_at_ = seconds;
  }
  const std::string& status = status_;
  if (!status.empty()) line << ", " << status;
  if (tty_) {
    out << "\r\033[K" << line.str() << std::flush;
  } else {
    out << "game " << g.s.id << " (pair " << g.s.pair << "." << g.s.game << ", seed " << g.s.seed
        << "): " << by_id_.at(g.s.red).name << " (red) vs " << by_id_.at(g.s.blue).name
        << " (blue) " << g.result << " " << g.reason << "; " << line.str() << std::endl;
  }
}

void Coordinator::check_plan() {
  // Planning only reads; a gauntlet of a retired or unknown name fails here, before any write.
  if (needs_new_pairs() && plan_next_pair(store_, opt_.mode).empty())
    throw InputError(store_.db().path() +
                     ": a run needs two active participants (`ladder add DB NAME SPEC`)");
}

bool Coordinator::needs_new_pairs() { return target_ < 0 || store_.scheduled_count() < target_; }

void Coordinator::abort() {
  std::lock_guard lock(mutex_);
  aborted_ = true;
}

RunSummary Coordinator::summary() const {
  RunSummary s = summary_;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (tty_) std::cout << "\n";
  return s;
}

RunSummary run_mpi(Coordinator& c, const RunOptions& opt);  // mpi_run.cpp

RunSummary run_ladder(const std::string& path, const RunOptions& opt) {
  if (opt.jobs < 1) throw InputError("-j must be at least 1");
  RunLock lock(path);
  Store store(path, true);
  Coordinator c(store, opt);
  // Every bot that will play must start before anything is written.
  for (const auto& p : c.players()) {
    try {
      protocol::make_bot_from_spec(p.spec);
    } catch (const InputError& e) {
      throw InputError(path + ": participant '" + p.name + "': " + e.what());
    } catch (const std::exception& e) {
      throw InputError(path + ": participant '" + p.name + "' (" + p.spec +
                       ") does not start: " + e.what());
    }
  }
  c.check_plan();
  c.store_plan();
  if (opt.mpi) return run_mpi(c, opt);
  const std::string worker = host_name() + ":" + std::to_string(getpid());
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto work = [&] {
    try {
      while (auto job = c.next()) c.finish(play_job(*job, worker));
    } catch (...) {
      c.abort();
      std::lock_guard l(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < opt.jobs; ++i) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  return c.summary();
}

}  // namespace stratego::ladder
