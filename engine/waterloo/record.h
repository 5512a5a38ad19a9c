// Waterloo game records (docs/formats.md, "Waterloo game records") and WaterlooGame, which
// plays a game while keeping its record and both players' observation histories.
//   stratego-waterloo-record 1
//   variant waterloo-standard
//   start <full-state notation>           (optional: a position instead of the game's start)
//   tag seed 42                           (any number of free tags)
//   setup red L1@a7 L1@- I3@b7 ...        (one token per piece of the army, in the order of
//   setup blue ...                         the variant's army list: piece@square or piece@-)
//   actions take:initiative discard:battle-lust ... die:red+ ...   (any number of lines)
//   result red lines-of-retreat decisive 0    (winner red|blue|draw|none, reason, kind, tally)
// Actions are the tokens of action_token.h, chance outcomes included (the die, the Prussian
// drawn, the retreat cards, the W-14.2 roll), so a replay needs no random generator. A set-up
// is applied when the game reaches it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rng.h"
#include "engine/waterloo/observation.h"
#include "engine/waterloo/state.h"

namespace stratego::waterloo {

struct WaterlooRecord {
  std::string variant;  // spec
  std::string start;    // full-state notation, or empty for the variant's start
  std::map<std::string, std::string> tags;
  std::optional<WaterlooSetup> setup[2];  // by Side
  std::vector<std::string> actions;       // tokens
  Result result;
};

std::string format_record(const WaterlooRecord& r);
// Throws InputError naming the line (and token) that is wrong.
WaterlooRecord parse_record(std::string_view text, const std::string& origin = "record");
// True if text starts with the Waterloo record header (to tell it from a classic record).
bool is_waterloo_record(std::string_view text);
// The start state of a record.
WaterlooState record_start(const WaterlooRecord& r);
// Replays every set-up and action, checking legality (InputError names the action number and
// token) and that the recorded result is what the rules give (a resignation, agreed draw or
// the referee's forfeit is applied after the last action); returns the final state. A record
// may stop where a set-up is due (an unfinished game).
WaterlooState replay(const WaterlooRecord& r);
// Writes to path.tmp and renames, so a record file is never half-written.
void write_record_file(const std::string& path, const WaterlooRecord& r);
WaterlooRecord read_record_file(const std::string& path);

// A set-up as record tokens and back (one token per piece of the army, in id order).
std::string setup_tokens(const WaterlooState& s, Side side, const WaterlooSetup& setup);
WaterlooSetup parse_setup_tokens(const WaterlooState& s, Side side, std::string_view tokens);

// A game being played: the state, its record and what each player has observed.
class WaterlooGame {
 public:
  // start: a state at any point (usually the variant's start); start_notation is written to
  // the record when the game does not begin at the variant's start.
  explicit WaterlooGame(WaterlooState start, std::string start_notation = "");
  const WaterlooState& state() const { return state_; }
  const WaterlooRecord& record() const { return record_; }
  const ObservationLog& log() const { return log_; }
  bool over() const { return state_.over(); }
  // Checked like WaterlooState::apply / apply_setup; the record and logs follow.
  void apply(Action a);
  void apply_setup(Side side, const WaterlooSetup& setup);
  // Samples a chance outcome with rng and applies it.
  Action apply_random_chance(Rng& rng);
  // A resignation, agreed draw or forfeit (WaterlooState::end_externally); the record follows.
  void end_externally(EndReason why, Side loser);

 private:
  WaterlooState state_;
  WaterlooRecord record_;
  ObservationLog log_;
};

}  // namespace stratego::waterloo
