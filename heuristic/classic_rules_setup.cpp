#include "heuristic/classic_rules_setup.h"

#include <algorithm>
#include <vector>

#include "engine/error.h"

namespace stratego::heuristic {
namespace {

// How much a kind likes each quarter of the set-up rows, from the back row (0) to the front
// row (3). Kinds not listed take any row alike.
std::array<double, 4> row_weights(Kind k) {
  switch (k) {
    case kMarshal:
    case kGeneral:
      return {0.05, 0.4, 1, 0.9};
    case kColonel:
    case kMajor:
    case kRangedMajor:
      return {0.2, 0.6, 1, 0.8};
    case kCaptain:
    case kAngerCaptain:
      return {0.3, 0.8, 1, 0.8};
    case kMiner:
      return {1, 1, 0.5, 0.2};
    case kScout:
      return {0.5, 0.4, 0.5, 1};
    case kSpy:
      return {0.2, 1, 0.8, 0.1};
    case kBomb:
      return {1, 1, 0.5, 0.25};
    default:
      return {0.6, 0.8, 1, 1};
  }
}

class Builder {
 public:
  Builder(const Variant& v, Side side, Rng& rng) : v_(v), g_(v.geometry), side_(side), rng_(rng) {
    free_ = v.setup_zone(side);
    setup_.side = side;
  }

  // 0 is the owner's back row, setup_rows - 1 the front row of the zone.
  int rel_row(int sq) const { return side_ == kRed ? g_.row(sq) : g_.height() - 1 - g_.row(sq); }
  std::size_t quarter(int sq) const {
    const int rows = std::max(1, v_.setup_rows - 1);
    return std::size_t((rel_row(sq) * 3 + rows / 2) / rows);
  }
  bool is_free(int sq) const { return test(free_, sq); }
  int count_left(Kind k) const { return left_[k]; }

  void start() {
    for (Kind k : kAllKinds) left_[k] = v_.army[k];
  }

  void place(int sq, Kind k) {
    setup_.pieces.push_back({sq, k});
    free_ &= ~square_bb(sq);
    --left_[k];
  }

  // A free square drawn with the weight each square gets (none if every weight is 0).
  template <typename Weight>
  int draw(Weight weight) {
    double total = 0;
    for (int sq : squares(free_)) total += weight(sq);
    if (total <= 0) return -1;
    double x = rng_.uniform01() * total;
    int last = -1;
    for (int sq : squares(free_)) {
      const double w = weight(sq);
      if (w <= 0) continue;
      last = sq;
      if ((x -= w) < 0) return sq;
    }
    return last;
  }

  std::vector<int> free_neighbours(int sq) const {
    std::vector<int> out;
    for (int n : squares(g_.neighbours(square_bb(sq)) & free_)) out.push_back(n);
    return out;
  }

  void place_flag_and_bombs() {
    if (left_[kFlag] <= 0) return;
    const int flag = draw([&](int sq) {
      if (rel_row(sq) != 0) return 0.0;
      const bool edge = g_.col(sq) == 0 || g_.col(sq) == g_.width() - 1;
      return edge ? 2.5 : 1.0;
    });
    const int at = flag >= 0 ? flag : draw([](int) { return 1.0; });
    if (at < 0) return;
    place(at, kFlag);
    // Bombs close the flag's free sides, the front one first.
    std::vector<int> sides = free_neighbours(at);
    for (std::size_t i = sides.size(); i > 1; --i)  // sideways ones in random order
      std::swap(sides[i - 1], sides[rng_.below(std::uint32_t(i))]);
    std::stable_sort(sides.begin(), sides.end(),
                     [&](int a, int b) { return rel_row(a) > rel_row(b); });
    std::vector<int> gaps;
    for (int sq : sides) {
      if (left_[kBomb] > 0)
        place(sq, kBomb);
      else
        gaps.push_back(sq);
    }
    // Gaps the bombs could not close take the cheapest pieces at hand.
    for (int sq : gaps)
      for (Kind k : {kScout, kSergeant, kLieutenant, kMiner})
        if (left_[k] > 0) {
          place(sq, k);
          break;
        }
  }

  void place_kind(Kind k) {
    const auto rows = row_weights(k);
    while (left_[k] > 0) {
      const int sq = draw([&](int s) {
        double w = rows[quarter(s)];
        if (k == kSpy && near(s, kGeneral)) w *= 6;
        if (k == kBomb && near(s, kBomb)) w *= 0.5;
        return w;
      });
      if (sq < 0) return;
      place(sq, k);
    }
  }

  bool near(int sq, Kind k) const {
    for (const auto& [s, kind] : setup_.pieces)
      if (kind == k && (g_.neighbours(square_bb(s)) & square_bb(sq))) return true;
    return false;
  }

  Setup take() { return std::move(setup_); }

 private:
  const Variant& v_;
  const Geometry& g_;
  Side side_;
  Rng& rng_;
  Bitboard free_ = 0;
  Setup setup_;
  std::array<int, kNumKinds> left_{};
};

}  // namespace

Setup rules_setup(const Variant& v, Side side, Rng& rng) {
  Builder b(v, side, rng);
  b.start();
  b.place_flag_and_bombs();
  // Strong and particular pieces first, so that they get the squares they like; the rest fill.
  for (Kind k : {kBomb, kMarshal, kGeneral, kSpy, kColonel, kRangedMajor, kMajor, kAngerCaptain,
                 kCaptain, kMiner, kScout, kLieutenant, kSergeant, kFlag})
    b.place_kind(k);
  Setup s = b.take();
  try {
    validate_setup(v, s);
    return s;
  } catch (const InputError&) {
    return random_setup(v, side, rng);  // an army or zone the structure does not fit
  }
}

}  // namespace stratego::heuristic
