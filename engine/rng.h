// A small, fast, seedable generator (xoshiro256** seeded by splitmix64). The same seed gives
// the same sequence on every platform, which seeded games and tests rely on.
#pragma once

#include <cstdint>

namespace stratego {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) {
    for (auto& word : s_) {
      std::uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n) by multiply-shift; n > 0.
  std::uint32_t below(std::uint32_t n) { return std::uint32_t((next() >> 32) * n >> 32); }
  double uniform01() { return double(next() >> 11) * 0x1.0p-53; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace stratego
