// How long one decision may think. A fixed time per decision is used almost whole (less a
// margin for the reply to travel); a game clock is shared out over the decisions still
// expected, plus most of the increment, and never more than a quarter of what is left, so
// a long game cannot lose on time.
#pragma once

#include <algorithm>
#include <cstdint>

namespace stratego::search {

struct Clock {
  std::int64_t movetime_ms = 0;    // 0: none
  std::int64_t time_left_ms = -1;  // -1: no clock
  std::int64_t increment_ms = 0;
};

// decisions_left: the caller's estimate of its own decisions still to come.
inline std::int64_t decision_time_ms(const Clock& c, int decisions_left) {
  if (c.movetime_ms > 0) {
    const std::int64_t margin = std::clamp<std::int64_t>(c.movetime_ms / 20, 5, 50);
    return std::max<std::int64_t>(1, c.movetime_ms - margin);
  }
  if (c.time_left_ms >= 0) {
    const std::int64_t share =
        c.time_left_ms / std::max(8, decisions_left) + c.increment_ms * 3 / 4;
    const std::int64_t cap = c.time_left_ms / 4;
    return std::max<std::int64_t>(1, std::min(share, cap) - 10);
  }
  return 0;  // no time limit given
}

}  // namespace stratego::search
