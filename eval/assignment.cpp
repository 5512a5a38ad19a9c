#include "eval/assignment.h"

#include <algorithm>
#include <bit>
#include <unordered_set>

namespace stratego::eval {
namespace {

// Every union of one or more of the given masks (a closure under |). The result is small when
// the masks are few or nested; it is bounded by 2^popcount(all masks | together).
std::vector<IdMask> union_closure(const std::vector<IdMask>& distinct) {
  std::vector<IdMask> out;
  std::unordered_set<IdMask> seen;
  for (IdMask m : distinct)
    if (seen.insert(m).second) out.push_back(m);
  for (std::size_t i = 0; i < out.size(); ++i)
    for (IdMask m : distinct) {
      const IdMask u = out[i] | m;
      if (seen.insert(u).second) out.push_back(u);
    }
  return out;
}

}  // namespace

HallIndex::HallIndex(std::span<const IdMask> masks, std::span<const int> counts) {
  // The empty set is a union too: it catches a piece that can be nothing at all.
  std::vector<IdMask> distinct(masks.begin(), masks.end());
  distinct.push_back(0);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  unions_ = union_closure(distinct);
  slack_.assign(unions_.size(), 0);
  long total = 0;
  left_.assign(counts.begin(), counts.end());
  for (std::size_t k = 0; k < counts.size(); ++k) {
    total += counts[k];
    if (counts[k] > 0) available_ |= IdMask{1} << k;
  }
  total_ok_ = total == long(masks.size());
  if (!total_ok_) violation_ = {0, int(masks.size()), int(total)};
  int worst = 0;
  for (std::size_t u = 0; u < unions_.size(); ++u) {
    const IdMask t = unions_[u];
    int capacity = 0, inside = 0;
    for (IdMask rest = t; rest; rest &= rest - 1)
      capacity += counts[std::size_t(std::countr_zero(rest))];
    for (IdMask m : masks) inside += (m & ~t) == 0;
    slack_[u] = capacity - inside;
    // Report the most violated union: it names the tightest contradiction.
    if (slack_[u] < worst && total_ok_) {
      worst = slack_[u];
      violation_ = {t, inside, capacity};
    }
  }
}

IdMask HallIndex::allowed(IdMask mask) const {
  // Giving the piece identity k changes slack(T) by +1 where mask lies inside T (the piece
  // leaves) and by -1 where k is in T (a count is used). Only a T at slack 0 that gains the -1
  // without the +1 goes negative.
  IdMask forbidden = 0;
  for (std::size_t u = 0; u < unions_.size(); ++u)
    if (slack_[u] == 0 && (mask & ~unions_[u]) != 0) forbidden |= unions_[u];
  return mask & available_ & ~forbidden;
}

void HallIndex::assign(IdMask mask, int id) {
  for (std::size_t u = 0; u < unions_.size(); ++u) {
    const IdMask t = unions_[u];
    slack_[u] += int((mask & ~t) == 0) - int((t >> id) & 1);
  }
  if (--left_[std::size_t(id)] == 0) available_ &= ~(IdMask{1} << id);
}

bool narrow_masks(std::span<IdMask> masks, std::span<const int> counts, HallViolation* why) {
  const HallIndex index(masks, counts);
  if (!index.feasible()) {
    if (why) *why = index.violation();
    return false;
  }
  // The check is exact per pair against the original problem, so one pass reaches the fixed
  // point: narrowing removes no complete assignment, hence changes no other pair's answer.
  for (IdMask& m : masks) m = index.allowed(m);
  return true;
}

}  // namespace stratego::eval
