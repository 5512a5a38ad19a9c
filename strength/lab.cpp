#include "strength/lab.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "ladder/mpi.h"
#include "protocol/bot_spec.h"
#include "strength/bot_mixture.h"
#include "strength/job.h"

namespace stratego::strength {

GameRow play_strength_game(const Store& store, const std::shared_ptr<const Variant>& v,
                           const Candidate& c, int game) {
  return play_strength_job(make_job(store, c, game, v->family), v);
}

Lab::Lab(Store& store, const LabOptions& options)
    : store_(store),
      opt_(options),
      variant_(std::make_shared<const Variant>(load_variant(store.settings().variant))) {
  if (opt_.jobs < 1) throw InputError("-j must be at least 1");
  for (const std::string& bot : bot_alternatives(store.settings().bot))
    protocol::make_bot_from_spec(bot);  // a bad spec fails before any game
}

int Lab::ensure(const std::vector<Candidate>& candidates, int games) {
  const auto t0 = std::chrono::steady_clock::now();
  games += games % 2;
  std::vector<std::pair<std::size_t, int>> todo;  // (candidate index, game)
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    std::vector<bool> have(std::size_t(games), false);
    for (int g : store_.played(candidates[c].id))
      if (g < games) have[std::size_t(g)] = true;
    for (int g = 0; g < games; ++g)
      if (!have[std::size_t(g)]) todo.push_back({c, g});
  }
  // Game-major order: every candidate advances together, so a run stopped early leaves all
  // of them with about as many games.
  std::stable_sort(todo.begin(), todo.end(), [](auto& a, auto& b) { return a.second < b.second; });
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::vector<GameRow> buffer;
  std::size_t done = 0;
  std::exception_ptr error;
  std::ostream& out = opt_.progress ? *opt_.progress : std::cerr;
  const bool tty = !opt_.progress && isatty(STDERR_FILENO);
  double shown_at = -1;
  auto show = [&](bool last) {
    if (opt_.quiet || todo.empty()) return;
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!last && sec - shown_at < (tty ? 0.2 : 10.0)) return;
    shown_at = sec;
    const double rate = sec > 0 ? double(done) / sec : 0;
    std::ostringstream line;
    line << "strength: " << done << "/" << todo.size() << " games, " << std::fixed
         << std::setprecision(0) << rate << " games/s";
    if (rate > 0 && !last) line << ", ETA " << double(todo.size() - done) / rate << "s";
    if (tty)
      out << "\r\033[K" << line.str() << (last ? "\n" : "") << std::flush;
    else
      out << line.str() << std::endl;
  };
  auto flush = [&] {  // under mutex
    store_.record(buffer);
    buffer.clear();
  };
  auto work = [&] {
    try {
      for (std::size_t i; (i = next++) < todo.size();) {
        GameRow row =
            play_strength_game(store_, variant_, candidates[todo[i].first], todo[i].second);
        std::lock_guard lock(mutex);
        buffer.push_back(std::move(row));
        ++done;
        if (buffer.size() >= 64) flush();
        show(false);
      }
    } catch (...) {
      next = todo.size();
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
    }
  };
  if (opt_.pool && opt_.pool->workers() > 0 && !todo.empty()) {
    // Batches of a few games per message (a rules game takes about a millisecond, the round
    // trip to a rank a sizeable part of that), small enough that the ranks finish together.
    const std::size_t per =
        std::clamp<std::size_t>(todo.size() / (8 * std::size_t(opt_.pool->workers())), 1, 16);
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < todo.size(); i += per) {
      std::vector<StrengthJob> batch;
      for (std::size_t k = i; k < std::min(todo.size(), i + per); ++k)
        batch.push_back(
            make_job(store_, candidates[todo[k].first], todo[k].second, variant_->family));
      texts.push_back(jobs_to_json(batch));
    }
    opt_.pool->run(texts, [&](const std::string& answer) {
      for (GameRow& row : rows_from_json(answer)) {
        buffer.push_back(std::move(row));
        ++done;
        if (buffer.size() >= 64) flush();
      }
      show(false);
    });
  } else {
    std::vector<std::thread> threads;
    for (int i = 1; i < opt_.jobs; ++i) threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();
  }
  flush();
  show(true);
  if (error) std::rethrow_exception(error);
  played_ += std::int64_t(done);
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return int(done);
}

std::vector<double> Lab::pair_scores(std::int64_t candidate, int pairs) {
  const auto rows = store_.games(candidate, pairs < 0 ? -1 : 2 * pairs);
  std::vector<double> out;
  for (std::size_t i = 0; i + 1 < rows.size(); ++i)
    if (rows[i].game % 2 == 0 && rows[i + 1].game == rows[i].game + 1) {
      if (int(out.size()) != rows[i].game / 2) break;  // a gap: only complete leading pairs
      out.push_back((rows[i].score + rows[i + 1].score) / 2);
    }
  return out;
}

}  // namespace stratego::strength
