#include "engine/result.h"

namespace stratego {

std::string_view end_reason_name(EndReason r) {
  constexpr std::string_view names[] = {"none",
                                        "flag-captured",
                                        "no-moves",
                                        "no-movable-pieces",
                                        "move-limit",
                                        "flag-reached-back-row",
                                        "no-attack-limit",
                                        "lines-of-retreat",
                                        "actions-lost",
                                        "commander-in-chief",
                                        "napoleon-lost",
                                        "centre-sector",
                                        "pursuit",
                                        "turn-limit",
                                        "resignation",
                                        "draw-agreed",
                                        "time-forfeit",
                                        "illegal-action",
                                        "crash",
                                        "disconnect",
                                        "protocol-error"};
  static_assert(std::size(names) == std::size_t(kLastEndReason) + 1);
  return std::size_t(r) < std::size(names) ? names[int(r)] : "?";
}

std::optional<EndReason> end_reason_from_name(std::string_view s, Family f) {
  for (int r = 0; r <= int(kLastEndReason); ++r)
    if (is_reason_of(EndReason(r), f) && end_reason_name(EndReason(r)) == s) return EndReason(r);
  return std::nullopt;
}

std::string_view result_kind_name(ResultKind k) {
  constexpr std::string_view names[] = {"none", "decisive", "major", "minor", "indecisive"};
  return names[int(k)];
}

}  // namespace stratego
