// What one player inside a UCC manager knows, tracked from the manager's messages alone: its
// own pieces, where the enemy's pieces stand, which of them moved, which kinds combat or a
// Scout's long move showed, and the captured pieces. `stratego ucc-bot` builds its bot's
// View, legal moves and observations from it.
//
// The knowledge is kept as a full State in which every enemy piece whose kind is not known
// carries a placeholder kind. The placeholders always respect the counts still on the board
// and never put a Bomb or the Flag on a piece that moved, so the State is a world consistent
// with everything seen; a piece's real kind, once shown, replaces its placeholder and the
// others are dealt again. make_view hides every placeholder (they are never revealed), and
// our own moves do not depend on enemy kinds, so the View, the legal moves and the
// observations are exactly what the player may know.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.h"
#include "engine/view.h"
#include "protocol/ucc/ucc_protocol.h"

namespace stratego::protocol {

class UccTracker {
 public:
  // `variant`: kUccVariantSpec's (or another variant check_ucc_variant accepts). The enemy's
  // set-up is unknown: its placeholders are a random legal set-up drawn from `seed`.
  UccTracker(std::shared_ptr<const Variant> variant, Side me, std::string_view own_setup_line,
             std::uint64_t seed);

  Side me() const { return me_; }
  const State& state() const { return state_; }
  View view() const { return make_view(state_, me_); }
  // Every legal move of ours now, as move tokens (engine/move_text.h).
  std::vector<std::string> legal_tokens() const;

  // Applies the manager's confirmation of a move by `mover`. Returns what we observed, or
  // nothing when the board did not change (ILLEGAL: the move was refused; VICTORY_ATTRITION:
  // the game is over and the move is not described). Throws InputError quoting `line` if the
  // message contradicts what we know (a piece that is not there, a move that is not legal,
  // a combat result the rules do not give).
  std::optional<ObservedMove> apply(const UccConfirmation& c, Side mover, std::string_view line);
  // The side to move made no move (the old protocol's NO_MOVE, or an ignored illegal move).
  void pass();
  // Throws InputError naming the first square where the manager's board lines (y = 0 first,
  // as parse_ucc_board returns them) differ from what we track.
  void check_board(const std::vector<std::string>& board) const;

 private:
  // Deals the placeholders of the unrevealed enemy pieces again so that the one on `sq` is
  // `kind` (or, with no kind, some kind that can move) and the rest stay consistent.
  void fix_enemy(int sq, std::optional<Kind> kind, std::string_view line);

  Side me_;
  State state_;
};

}  // namespace stratego::protocol
