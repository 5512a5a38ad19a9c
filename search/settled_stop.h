// Ending a timed search once its answer cannot change. The move played is the most visited
// root action; when its lead over the runner-up is larger than all the iterations the time
// left could still bring, no other action can overtake it, so the rest of the time would be
// spent for nothing (the "smart pruning" of Leela Chess Zero). Each root-parallel thread
// publishes its root visits every few iterations; any thread may then add them up and call
// the search settled. Only timed searches stop early: an iteration or node budget is kept
// exactly, so fixed-budget searches (and `stratego bench`) stay reproducible.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

namespace stratego::search {

class SettledStop {
 public:
  // Threads publish every `period` iterations; an unpublished stretch is counted as slack.
  SettledStop(int threads, std::size_t actions, int period)
      : threads_(threads),
        actions_(actions),
        period_(period),
        visits_(std::make_unique<std::atomic<std::uint64_t>[]>(std::size_t(threads) * actions)) {}

  // Thread t's current visits of every root action (same order as the root actions).
  void publish(int t, std::span<const std::uint64_t> visits) {
    std::atomic<std::uint64_t>* row = &visits_[std::size_t(t) * actions_];
    for (std::size_t i = 0; i < actions_ && i < visits.size(); ++i)
      row[i].store(visits[i], std::memory_order_relaxed);
  }

  // True when the leader cannot be caught: `iterations` done so far in `elapsed` of
  // `budget` seconds. The iterations still to come are estimated from the rate so far, with
  // a quarter more for safety and a period of every thread for what is not yet published.
  // Not before a tenth of the time, so the rate is measured and not guessed.
  bool settled(std::uint64_t iterations, double elapsed, double budget) const {
    if (actions_ < 2) return true;
    if (elapsed < 0.1 * budget || elapsed <= 0) return false;
    std::uint64_t first = 0, second = 0;
    for (std::size_t i = 0; i < actions_; ++i) {
      std::uint64_t sum = 0;
      for (int t = 0; t < threads_; ++t)
        sum += visits_[std::size_t(t) * actions_ + i].load(std::memory_order_relaxed);
      if (sum > first)
        second = first, first = sum;
      else if (sum > second)
        second = sum;
    }
    const double to_come = 1.25 * double(iterations) * std::max(0.0, budget - elapsed) / elapsed +
                           double(period_) * double(threads_);
    return double(first - second) > to_come;
  }

 private:
  int threads_;
  std::size_t actions_;
  int period_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> visits_;
};

}  // namespace stratego::search
