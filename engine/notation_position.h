// Internal to engine/notation*.cpp: the fields a full state and a view have in common, so that
// one writer and one reader serve both (the format is in notation.h and docs/formats.md).
#pragma once

#include <array>
#include <memory>
#include <string_view>

#include "engine/view.h"

namespace stratego::notation_detail {

struct Position {
  std::shared_ptr<const Variant> variant;
  bool is_view = false;
  Side viewer = kRed;
  std::array<ViewSquare, kMaxSquares> board{};
  Side stm = kRed;
  int moves_played = 0;
  int quiet_moves = 0;  // C-6.3, written only where the variant has a no-attack limit
  std::array<TwoSquareRun, 2> runs{};
  std::array<std::array<int, kNumKinds>, 2> shown{}, silent{};  // silent: full states only
  std::array<int, 2> unknown{};                                 // views only
  std::array<int, 2> rescues{};
  bool pending = false;  // a V-5 rescue
  int rescuer = 0;
  int anger_wins = 0, anger_square = 0;  // a CW-3 Anger chain, when anger_wins > 0
  Result result;
};

// Reads every field and checks it against the variant; throws InputError naming the field.
// With `variant` given, the variant field is skipped and that variant is used.
Position parse_position(std::string_view notation, bool view,
                        std::shared_ptr<const Variant> variant = nullptr);
inline char side_case(Side s, char upper) { return s == kRed ? upper : char(upper - 'A' + 'a'); }

}  // namespace stratego::notation_detail
