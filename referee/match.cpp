#include "referee/match.h"

#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "bots/forwarding_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/rng.h"

namespace stratego::referee {
namespace {

class MatchRunner {
 public:
  MatchRunner(const BotFactory& bot1, const BotFactory& bot2, const MatchSettings& settings)
      : factories_{&bot1, &bot2},
        st_(settings),
        reports_(settings.keep_reports ? std::size_t(std::max(settings.games, 0)) : 0) {
    for (int k : {0, 1})
      names_[k] = st_.names[k].empty() ? std::string("bot") + std::to_string(k + 1) : st_.names[k];
  }

  // Plays the games, counting each into `summary` as it finishes.
  std::vector<GameReport> run(MatchSummary& summary) {
    summary_ = &summary;
    const int workers = std::max(1, std::min(st_.concurrency, st_.games));
    std::vector<std::thread> threads;
    live_ = 1;
    for (int w = 1; w < workers; ++w) {
      {
        std::lock_guard lock(mutex_);
        ++live_;
      }
      try {
        threads.emplace_back([this] { work(); });
      } catch (const std::system_error& e) {
        // Out of threads (a process or memory limit): play on with the workers there are.
        std::lock_guard lock(mutex_);
        --live_;
        if (st_.on_note)
          st_.on_note("could start only " + std::to_string(w) + " of " + std::to_string(workers) +
                      " concurrent games (" + e.what() + "); playing " + std::to_string(w) +
                      " at once");
        break;
      }
    }
    work();  // this thread is a worker too
    for (auto& t : threads) t.join();
    if (error_) std::rethrow_exception(error_);
    return std::move(reports_);
  }

 private:
  // The next game to play: one given back by a worker that ran out of resources, else the
  // next in order; -1 when none is left.
  int take_game() {
    {
      std::lock_guard lock(mutex_);
      if (!retry_.empty()) {
        const int i = retry_.back();
        retry_.pop_back();
        return i;
      }
    }
    const int i = next_++;
    return i < st_.games ? i : -1;
  }

  void work() {
    while (!stop_) {
      const int i = take_game();
      if (i < 0) return;
      try {
        GameReport r = play(i);
        std::lock_guard lock(mutex_);
        if (!st_.out_path.empty()) append_text_file_durably(st_.out_path, r.outcome.record + "\n");
        if (st_.on_game) st_.on_game(r);
        count_game(*summary_, r.bot1_side, r.bot1_score, reason_key(r.outcome));
        if (st_.keep_reports) reports_[std::size_t(i)] = std::move(r);
      } catch (const std::system_error& e) {
        // A game could not get its threads (a process or memory limit): while other workers
        // remain, this one gives the game back and stops, so the match goes on less wide.
        std::lock_guard lock(mutex_);
        if (live_ > 1) {
          --live_;
          retry_.push_back(i);
          if (st_.on_note)
            st_.on_note(std::string("a game could not start its threads (") + e.what() +
                        "); playing " + std::to_string(live_) + " games at once");
          return;
        }
        if (!error_) error_ = std::current_exception();
        stop_ = true;
        return;
      } catch (...) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
        stop_ = true;
        return;
      }
    }
  }

  GameReport play(int i) {
    GameReport r;
    r.index = i;
    r.seed = st_.seed + std::uint64_t(i);
    r.bot1_side = i % 2 == 0 ? kRed : kBlue;
    GameSettings gs;
    gs.variant = st_.variant;
    gs.variant_spec = st_.variant_spec;
    gs.seed = r.seed;
    gs.time = st_.time;
    if (st_.setups && !st_.setups->lines.empty()) {
      // Both games of a pair draw the same two lines, so each bot plays each set-up once.
      Rng rng(st_.seed + std::uint64_t(i - i % 2));
      const auto n = std::uint32_t(st_.setups->lines.size());
      gs.setup[kRed] = st_.setups->lines[rng.below(n)];
      gs.setup[kBlue] = st_.setups->lines[rng.below(n)];
    }
    const int red = r.bot1_side == kRed ? 0 : 1;  // which bot plays Red
    gs.names[kRed] = names_[red];
    gs.names[kBlue] = names_[1 - red];
    const std::unique_ptr<bots::Bot> bots[2] = {bots::start_or_stand_in(names_[0], *factories_[0]),
                                                bots::start_or_stand_in(names_[1], *factories_[1])};
    r.outcome = play_game(*bots[red], *bots[1 - red], gs);
    const Winner w = r.outcome.winner;
    r.bot1_score = w == Winner::kNone            ? -1
                   : w == Winner::kDraw          ? 0.5
                   : w == winner_of(r.bot1_side) ? 1
                                                 : 0;
    return r;
  }

  const BotFactory* factories_[2];
  const MatchSettings& st_;
  std::string names_[2];
  std::vector<GameReport> reports_;
  MatchSummary* summary_ = nullptr;
  std::atomic<int> next_{0};
  int live_ = 1;            // workers still playing (under mutex_ once they run)
  std::vector<int> retry_;  // games given back, to be played again from the start
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::exception_ptr error_;
};

}  // namespace

std::string reason_key(const GameOutcome& o) {
  if (o.reason != "pursuit") return o.reason;
  const auto comma = o.detail.find(',');
  return std::string("pursuit (") + o.detail.substr(0, comma) + ")";  // the pursuit's result kind
}

bool is_forfeit(const GameOutcome& o) {
  for (const char* r : {"time-forfeit", "illegal-action", "crash", "disconnect", "protocol-error"})
    if (o.reason == r) return true;
  return false;
}

namespace {

// A number of seconds or milliseconds, e.g. "60", "0.5", "250".
std::int64_t duration_ms(const std::string& text, double unit_ms, const std::string& whole) {
  // Digits with at most one decimal point: no signs, exponents, "inf" or hex that stod takes.
  const bool plain = !text.empty() && text.find_first_not_of("0123456789.") == std::string::npos &&
                     text.find('.') == text.rfind('.') && text != ".";
  const double x = plain ? std::stod(text) : -1;
  if (!plain || x * unit_ms > 1e12)
    throw InputError("--tc '" + whole + "': '" + text +
                     "' is not a time (BASE+INC in seconds, e.g. 60+0.5, or in milliseconds with "
                     "ms, e.g. 500+10ms)");
  return std::llround(x * unit_ms);
}

}  // namespace

TimeControl parse_time_control(const std::string& text) {
  std::string t = text;
  double unit = 1000;
  if (t.size() > 2 && t.ends_with("ms")) {
    t.resize(t.size() - 2);
    unit = 1;
  }
  const auto plus = t.find('+');
  TimeControl tc;
  tc.base_ms = duration_ms(t.substr(0, plus), unit, text);
  tc.increment_ms = plus == std::string::npos ? 0 : duration_ms(t.substr(plus + 1), unit, text);
  if (tc.base_ms <= 0)
    throw InputError("--tc '" + text + "': the base time must be more than zero");
  return tc;
}

MatchSummary run_match(const BotFactory& bot1, const BotFactory& bot2,
                       const MatchSettings& settings) {
  if (!settings.variant) throw InputError("match: no variant given");
  if (settings.games < 1) throw InputError("match: --games must be at least 1");
  if (settings.concurrency < 1) throw InputError("match: --concurrency must be at least 1");
  if (settings.concurrency > kMaxConcurrency)
    throw InputError("match: --concurrency " + std::to_string(settings.concurrency) +
                     " is more than " + std::to_string(kMaxConcurrency) +
                     " games at once (each needs threads and, for programs, processes)");
  if (settings.setups && settings.variant->family == Family::kWaterloo)
    throw InputError(
        "match: set-up files are for the classic family; Waterloo set-ups come from the bots");
  if (settings.setups && settings.setups->lines.empty())
    throw InputError("match: the set-up file " + settings.setups->path + " has no set-up lines");
  // Fails now, not after the first game, if the file cannot be written.
  if (!settings.out_path.empty()) append_text_file_durably(settings.out_path, "");

  MatchSummary m;
  MatchRunner runner(bot1, bot2, settings);
  m.reports = runner.run(m);
  for (int k : {0, 1})
    m.names[k] =
        settings.names[k].empty() ? std::string("bot") + std::to_string(k + 1) : settings.names[k];
  m.elo = estimate_elo(m.wins, m.draws, m.losses);
  return m;
}

void count_game(MatchSummary& m, Side bot1_side, double bot1_score, const std::string& reason) {
  ++m.games;
  ++(bot1_side == kRed ? m.bot1_red : m.bot1_blue);
  ++m.reasons[reason];
  MatchSummary::Tally& side = m.bot1_as[bot1_side];
  if (bot1_score < 0)
    ++m.adjourned;
  else if (bot1_score == 1)
    ++m.wins, ++side.wins;
  else if (bot1_score == 0)
    ++m.losses, ++side.losses;
  else
    ++m.draws, ++side.draws;
}

}  // namespace stratego::referee
