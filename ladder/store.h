// A ladder's database (docs/ladder.md, "Schema"): the ladder's settings, its participants, the
// schedule of planned games and the finished games. Every change is one transaction, so a
// process killed at any moment leaves the file as it was before or after that change. The
// schema version is PRAGMA user_version; a file of a newer version is refused, not touched.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "ladder/sqlite.h"

namespace stratego::ladder {

inline constexpr int kSchemaVersion = 1;

struct LadderConfig {
  std::vector<std::string> variants;  // specs; pair k plays variants[k % size]
  std::int64_t movetime_ms = 0, nodes = 0;
  std::string tc;              // BASE+INC as `match --tc` takes it, or empty
  std::string setups = "own";  // "random", "own" or "file"
  std::string setup_file;      // the file the lines came from (setups == "file")
  std::uint64_t seed = 1;
  std::string created;
};

struct Participant {
  std::int64_t id = 0;
  std::string name, spec, added, retired;  // retired empty while active
};

// One planned game. Games 0 and 1 of a pair have the same variant, seed and set-up lines
// (by colour) with the participants' colours swapped.
struct ScheduledGame {
  std::int64_t id = 0, pair = 0;
  int game = 0;
  std::string variant;
  std::int64_t red = 0, blue = 0;
  std::uint64_t seed = 0;
  std::string red_setup, blue_setup;
};

struct FinishedGame {
  ScheduledGame s;
  std::string result;  // "1-0", "0-1", "1/2-1/2", "*"
  std::string reason, detail;
  int plies = 0;
  std::int64_t red_ms = 0, blue_ms = 0;
  std::string record, finished, worker;
  // Red's score: 1, 0.5, 0; -1 for an unfinished game.
  double red_score() const;
};

class Store {
 public:
  // Creates a new ladder file; throws InputError if the file exists.
  static void create(const std::string& path, const LadderConfig& c,
                     const std::vector<std::string>& setup_lines);
  // Opens an existing ladder; throws InputError if it is missing, not a ladder, or newer.
  Store(const std::string& path, bool writable);

  const LadderConfig& config() const { return config_; }
  Db& db() { return db_; }

  std::vector<Participant> participants();  // in id order
  std::optional<Participant> participant(const std::string& name);
  void add_participant(const std::string& name, const std::string& spec);
  void retire_participant(const std::string& name);
  std::vector<std::string> setup_lines();

  // Scheduled games with no finished game yet, in schedule order.
  std::vector<ScheduledGame> unfinished();
  std::int64_t scheduled_count();
  std::int64_t next_pair_number();
  // Pairs scheduled so far between each two participants (ids, either colour order).
  std::int64_t pairs_between(std::int64_t a, std::int64_t b);
  // Inserts the games of a plan (a pair, or a pair and its twin) in one transaction and returns
  // them with their ids; `meta` (the run plan, with the first pair it plans) is set in the
  // same transaction, so a failed write changes neither.
  std::vector<ScheduledGame> schedule_pair(std::vector<ScheduledGame> pair,
                                           const std::map<std::string, std::string>& meta = {});
  // Writes a finished game in one transaction; false if that schedule entry already has one.
  bool record_game(const FinishedGame& g);
  std::vector<FinishedGame> games(bool with_records = false);

  // The run plan that a later `run` without --games goes on with.
  std::string meta(const std::string& key, const std::string& fallback = "");
  void set_meta(const std::string& key, const std::string& value);

 private:
  Db db_;
  LadderConfig config_;
};

std::string now_utc();  // "2026-12-02T18:03:11Z"

// Throws InputError unless both players of a schedule row are among `ids` (a map or set of
// participant ids): a damaged file's row may name one it does not have.
template <class Ids>
void check_known_players(const ScheduledGame& s, const Ids& ids) {
  for (const std::int64_t id : {s.red, s.blue})
    if (!ids.count(id))
      throw InputError("ladder file: schedule row " + std::to_string(s.id) + " names participant " +
                       std::to_string(id) + ", which the file does not have (it is damaged)");
}

}  // namespace stratego::ladder
