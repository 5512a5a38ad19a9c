// How a game ends, for both families: who won, why (one EndReason naming every ending of
// classic and Waterloo, and the referee's forfeits), and Waterloo's grade of victory. The
// names are the words records, notations and reports print, so they never change.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/piece.h"

namespace stratego {

// Which rules engine plays a variant: the classic family (engine/state.h) or Waterloo.
enum class Family : std::uint8_t { kClassic, kWaterloo };

enum class Winner : std::uint8_t { kNone, kRed, kBlue, kDraw };
constexpr Winner winner_of(Side s) { return s == kRed ? Winner::kRed : Winner::kBlue; }

enum class EndReason : std::uint8_t {
  kNone,
  // Classic (engine/state.h).
  kFlagCaptured,     // C-7.1
  kNoMoves,          // C-7.2
  kNoMovablePieces,  // C-7.3 (draw)
  kMoveLimit,        // C-7.4 (draw)
  kFlagReachedBack,  // V-4
  kNoAttackLimit,    // C-6.3 (draw)
  // Waterloo (engine/waterloo/state.h).
  kLinesOfRetreat,    // W-11.1
  kActionsLost,       // W-11.2
  kCommanderInChief,  // W-11.3 (Standard)
  kNapoleonLost,      // W-13.1 (Expert)
  kCentreSector,      // W-13.2 (Expert: French pair on the Allied centre)
  kPursuit,           // W-13.5 (Expert: after a flank/French-sector retreat)
  kTurnLimit,         // W-1.4
  // Decided outside the rules, in both families: a resignation, an agreed draw, or a forfeit
  // the referee declares (referee/referee.h). Records state them; replay applies them after
  // the last action.
  kResignation,  // C-7.4
  kDrawAgreed,   // C-7.4
  kTimeForfeit,
  kIllegalAction,
  kCrash,
  kDisconnect,
  kProtocolError,
};
constexpr EndReason kLastEndReason = EndReason::kProtocolError;
std::string_view end_reason_name(EndReason r);
constexpr bool is_external_end(EndReason r) { return r >= EndReason::kResignation; }
// Whether a game of family `f` can end for reason `r` (kNone counts): parsers of one family
// refuse the other family's reasons, as they did when each family had its own enum.
constexpr bool is_reason_of(EndReason r, Family f) {
  if (r == EndReason::kNone || is_external_end(r)) return true;
  const bool classic = r <= EndReason::kNoAttackLimit;
  return classic == (f == Family::kClassic);
}
std::optional<EndReason> end_reason_from_name(std::string_view s, Family f);

// Waterloo's grades of victory (W-13.6); kNone until a Waterloo game ends, always in classic.
enum class ResultKind : std::uint8_t { kNone, kDecisive, kMajor, kMinor, kIndecisive };
std::string_view result_kind_name(ResultKind k);

struct Result {
  Winner winner = Winner::kNone;  // kDraw also for Waterloo's turn limit and an indecisive pursuit
  EndReason reason = EndReason::kNone;
  ResultKind kind = ResultKind::kNone;  // Waterloo only
  int captured_difference = 0;          // Waterloo only: the pursuit's tally (I-12)
  bool over() const { return winner != Winner::kNone; }
  bool operator==(const Result&) const = default;
};

}  // namespace stratego
