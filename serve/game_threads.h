// The referee threads of `stratego serve`'s games. RunSlots counts the games that run, in one
// place under one lock: a game takes a Slot before its thread starts (created or resumed
// alike) and the Slot goes back when the thread ends or fails to start, so --max-running
// holds under any mix of requests. ThreadStarter starts a thread; tests replace it with one
// that fails as std::thread does when the address space is full.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace stratego::serve {

using ThreadStarter = std::function<std::thread(std::function<void()>)>;

class RunSlots : public std::enable_shared_from_this<RunSlots> {
 public:
  // One running game's place; empty, or given back when destroyed or released.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& o) noexcept : owner_(std::move(o.owner_)) {}
    Slot& operator=(Slot&& o) noexcept {
      if (this != &o) {
        release();
        owner_ = std::move(o.owner_);
      }
      return *this;
    }
    ~Slot() { release(); }
    explicit operator bool() const { return owner_ != nullptr; }
    void release() {
      if (owner_) owner_->give_back();
      owner_.reset();
    }

   private:
    friend class RunSlots;
    explicit Slot(std::shared_ptr<RunSlots> owner) : owner_(std::move(owner)) {}
    std::shared_ptr<RunSlots> owner_;
  };

  static std::shared_ptr<RunSlots> make(int max) {
    return std::shared_ptr<RunSlots>(new RunSlots(max));
  }
  // A slot, or an empty one if `max` games already run.
  Slot take() {
    std::lock_guard lock(mu_);
    if (used_ >= max_) return {};
    ++used_;
    return Slot(shared_from_this());
  }
  int used() const {
    std::lock_guard lock(mu_);
    return used_;
  }
  int max() const { return max_; }

 private:
  explicit RunSlots(int max) : max_(max) {}
  void give_back() {
    std::lock_guard lock(mu_);
    --used_;
  }
  mutable std::mutex mu_;
  const int max_;
  int used_ = 0;
};

}  // namespace stratego::serve
