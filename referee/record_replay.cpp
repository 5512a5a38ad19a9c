#include "referee/record_replay.h"

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/record_file.h"

namespace stratego::referee {
namespace {

GameRecord read_game(const std::string& path, int game, const std::string& waterloo_refusal,
                     std::string& origin) {
  const std::string text = read_text_file(path);
  const auto records = split_records(text, path);
  if (game == 0 && records.size() != 1)
    throw InputError(path + ": holds " + std::to_string(records.size()) +
                     " game records; choose one with --game N");
  if (game < 0 || game > int(records.size()))
    throw InputError(path + ": --game " + std::to_string(game) + ": the file holds " +
                     std::to_string(records.size()) + " game record" +
                     (records.size() == 1 ? "" : "s"));
  const RecordInFile& r = records[std::size_t(game == 0 ? 0 : game - 1)];
  origin = record_origin(path, r, records.size());
  if (r.waterloo) throw InputError(origin + ": " + waterloo_refusal);
  return parse_record(r.text, origin);
}

}  // namespace

RecordReplay::RecordReplay(const std::string& path, int game, const std::string& waterloo_refusal)
    : record_(read_game(path, game, waterloo_refusal, origin_)), state_([&] {
        try {
          return record_start(record_);
        } catch (const InputError& e) {
          throw InputError(origin_ + ": " + e.what());
        }
      }()) {}

std::string RecordReplay::where() const {
  if (ply_ == 0) return origin_ + ": the start";
  // The token as the position before the move wrote it: the geometry is the same throughout.
  return origin_ + ": move " + std::to_string(ply_) + " (" +
         move_to_text(record_.moves[std::size_t(ply_ - 1)], state_.geometry()) + ")";
}

void RecordReplay::next() {
  if (done()) throw InputError(origin_ + ": no move after move " + std::to_string(ply_));
  const Move m = record_.moves[std::size_t(ply_)];
  const std::string at = origin_ + ": move " + std::to_string(ply_ + 1) + " (" +
                         move_to_text(m, state_.geometry()) + ")";
  if (state_.over()) throw InputError(at + ": the game is already over");
  if (!is_legal(state_, m)) {
    const char* why = repetition_violation(state_, m);
    throw InputError(at + " is not legal" + (why ? std::string(": ") + why : std::string()));
  }
  state_.make(m);
  ++ply_;
  MoveList list;
  generate_moves(state_, list);
  if (list.size == 0 && !state_.over()) state_.declare_no_moves();
}

ObservedMove RecordReplay::observation(Side viewer) const {
  return observe(state_, state_.history().back(), viewer);
}

}  // namespace stratego::referee
