// What one player may know (C-8, V-6): the board with enemy pieces hidden unless revealed,
// public facts (moved, revealed, captured piles, counters) and the events that player saw.
// Nothing in a View is computed from hidden truth other than through these public facts.
#pragma once

#include <array>
#include <memory>
#include <optional>

#include "engine/state.h"

namespace stratego {

struct ViewSquare {
  Piece piece = kNoPiece;  // an enemy piece of unknown kind is make_piece(enemy, kUnknown)
  std::uint8_t flags = 0;  // PieceFlag bits; all public
  bool operator==(const ViewSquare&) const = default;
};

struct View {
  std::shared_ptr<const Variant> variant;
  Side viewer = kRed;
  std::array<ViewSquare, kMaxSquares> board{};
  Side side_to_move = kRed;
  int moves_played = 0;
  int quiet_moves = 0;  // C-6.3: moves in a row without an attack, where the variant counts them
  std::array<TwoSquareRun, 2> runs{};
  // Captured pieces as the viewer knows them: own pieces by kind; enemy pieces by kind where
  // the rank was shown, plus how many went face down (V-6).
  std::array<std::array<std::uint8_t, kNumKinds>, 2> captured_known{};
  std::array<std::uint8_t, 2> captured_unknown{};
  std::array<std::uint8_t, 2> rescues_used{};
  bool pending_rescue = false;
  int rescuer_square = 0;
  int anger_wins = 0;    // CW-3: won attacks of a pending Anger chain (public), 0 if none
  int anger_square = 0;  // where the Anger piece stands, while a chain is pending
  Result result;

  bool operator==(const View& o) const;
};

View make_view(const State& s, Side viewer);
// What a player sees before the set-up: the empty board of the variant, nothing played.
View setup_view(std::shared_ptr<const Variant> variant, Side viewer);

// One decision as a player saw it. Kinds the viewer does not know are kUnknown.
struct ObservedMove {
  Side mover = kRed;
  Move move;
  Kind mover_kind = kUnknown;  // after the move: shown by combat, by the move itself, or own
                               // (for an Anger stop: the Anger piece)
  bool attack = false;
  Kind target_kind = kUnknown;  // the defender, when attack
  Outcome outcome = Outcome::kAttackerWins;
  bool operator==(const ObservedMove&) const = default;
};

// `after` is the state right after rec's move was made (rec == after.history().back()).
ObservedMove observe(const State& after, const PlyRecord& rec, Side viewer);

// The view before m, when m was the game's first move (a step, a run or a strike); nullopt
// otherwise, and for openings that leave a decision pending (a rescue, an Anger chain).
// A player who first hears of a game after the opening move rebuilds the start from it, so the
// piece that moved keeps its start square (and with it the set-up prior).
std::optional<View> view_before_opening(const ObservedMove& m, const View& after);

}  // namespace stratego
