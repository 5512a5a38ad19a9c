// The classic family's Table for the referee's loop (referee_loop.h): set-ups from the
// settings or asked of the bots before the first move, a resumed game replayed from its
// record, the game held as an engine Game.
#include <map>
#include <optional>

#include "engine/classic_family.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/record.h"
#include "engine/setup.h"
#include "referee/referee_loop.h"

namespace stratego::referee {

GameOutcome play_classic_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings);

namespace {

using namespace detail;

class ClassicTable {
 public:
  explicit ClassicTable(Judge& judge) : judge_(judge) {}

  void open() {
    const GameSettings& st = judge_.settings();
    if (!st.resume_record.empty()) read_resume(st);
    variant_ = resumed_ ? resumed_start_->variant_ptr() : st.variant;
    if (!variant_) throw InputError("play_game: no variant given");
    spec_ =
        resumed_ ? resumed_->variant : (st.variant_spec.empty() ? variant_->spec : st.variant_spec);
    if (resumed_) tags_ = resumed_->tags;
  }
  const std::shared_ptr<const Variant>& variant() const { return variant_; }
  const std::string& spec() const { return spec_; }

  template <class Observe>
  bool begin(Observe observe) {
    if (!resumed_) return make_setups();
    game_.emplace(*resumed_start_, resumed_->red_setup, resumed_->blue_setup);
    for (std::size_t i = 0; i < resumed_->moves.size(); ++i) {
      try {
        game_->play(resumed_->moves[i]);
      } catch (const InputError& e) {
        throw InputError("resume record: move " + std::to_string(i + 1) + ": " + e.what());
      }
      if (!observe()) return false;
    }
    return true;
  }

  bool over() const { return game_ && game_->over(); }
  const State& state() const { return game_->state(); }
  bool setup(Side) { return true; }  // not reached: classic set-ups come before the first move
  void apply(Move m) { game_->play(m); }
  void apply_chance(Rng&) {}  // not reached: classic has no chance events
  void end(Side side, EndReason r) {
    if (r == EndReason::kResignation) return game_->resign(side);
    game_->agree_draw();
  }
  void reject(Side side, const std::string& token) {
    bool well_formed = true;
    try {
      parse_move(token, game_->state().geometry());
    } catch (const InputError&) {
      well_formed = false;
    }
    judge_.reject(side, token, well_formed, "move token");
  }
  void forfeit(Side loser, EndReason r) {
    if (game_) game_->forfeit(loser, r);
  }
  const ObservedMove& last_observation(Side s) const { return game_->observations(s).back(); }

  std::string record_text(bool forfeited) const { return format_record(record(forfeited)); }
  Result result(bool forfeited) const { return record(forfeited).result; }
  std::string result_detail(const Result&) const { return {}; }

 private:
  // A game the record says is unfinished: problems with the record are the caller's
  // (InputError), not a bot's.
  void read_resume(const GameSettings& st) {
    GameRecord r = parse_record(st.resume_record, "resume record");
    if (st.variant && st.variant->spec != r.variant)
      throw InputError("resume record: the game is of variant '" + r.variant +
                       "', the settings say '" + st.variant->spec + "'");
    if (r.result.over())
      throw InputError("resume record: the game is already over (" +
                       std::string(end_reason_name(r.result.reason)) + ")");
    resumed_start_ = record_start(r);
    resumed_ = std::move(r);
  }

  // Both set-ups, from the settings or asked of the bots. False if a bot forfeited.
  bool make_setups() {
    const GameSettings& st = judge_.settings();
    Setup setups[2];
    for (Side s : {kRed, kBlue}) {
      if (!st.setup[s].empty()) {
        try {
          setups[s] = parse_setup(*variant_, s, st.setup[s]);
          validate_setup(*variant_, setups[s]);
        } catch (const InputError& e) {
          throw InputError("settings: " + std::string(side_name(s)) + " set-up: " + e.what());
        }
        lines_[s] = st.setup[s];
        continue;
      }
      std::string line;
      const View empty = setup_view(variant_, s);
      const bots::SetupRequest req{&empty, judge_.limits()};
      if (!judge_.timed(
              s, "set-up", [&](const std::atomic<bool>&) { line = judge_.bot(s).setup(req); },
              false))
        return false;
      try {
        setups[s] = parse_setup(*variant_, s, line);
        validate_setup(*variant_, setups[s]);
      } catch (const InputError& e) {
        judge_.lose(s, "illegal-action",
                    std::string(side_name(s)) + " set-up '" + line + "': " + e.what());
        return false;
      }
      lines_[s] = format_setup(*variant_, setups[s]);
    }
    game_.emplace(initial_state(variant_, setups[kRed], setups[kBlue]), lines_[kRed],
                  lines_[kBlue]);
    return true;
  }

  GameRecord record(bool forfeited) const {
    GameRecord r;
    if (game_) {
      r = game_->record();
    } else {  // forfeited at the set-up: the set-ups given so far, no moves
      r.red_setup = lines_[kRed];
      r.blue_setup = lines_[kBlue];
    }
    r.variant = variant_->spec;
    r.tags = tags_;
    judge_.add_tags(r.tags);
    if (const auto& f = judge_.forfeit(); f && forfeited) {
      r.result = {winner_of(other(f->loser)), end_reason_of(f->reason)};
      if (!f->detail.empty()) r.tags["detail"] = f->detail;
    }
    return r;
  }

  Judge& judge_;
  std::optional<GameRecord> resumed_;
  std::optional<State> resumed_start_;
  std::shared_ptr<const Variant> variant_;
  std::string spec_;
  std::map<std::string, std::string> tags_;
  std::string lines_[2];
  std::optional<Game> game_;
};

}  // namespace

GameOutcome play_classic_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings) {
  return Referee<ClassicFamily, ClassicTable>(red, blue, settings).run();
}

}  // namespace stratego::referee
