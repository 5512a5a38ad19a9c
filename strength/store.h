// The database of a set-up strength analysis (docs/setup-strength.md, "Database"): one SQLite
// file in the ladder's style (ladder/sqlite.h, WAL, PRAGMA user_version, one transaction per
// batch of finished games) holding the settings, the field of opponent set-ups, the candidate
// set-ups and every finished game. Game g of every candidate is fixed by the settings alone
// (pair g / 2 draws its opponent and seed from the stored seed; the candidate is Red in even
// games), so a killed run loses only games that the next run plays again identically, and
// `--games N` on an existing file only adds the games it lacks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ladder/sqlite.h"

namespace stratego::strength {

inline constexpr int kSchemaVersion = 1;

struct Settings {
  std::string variant = "classic";
  std::string bot = "rules";    // the bot of both sides (a spec)
  std::int64_t nodes = 0;       // --nodes budget passed to the bots (0: none)
  std::string field = "human";  // "human", "own" or "file"
  std::string field_file;       // field == "file": where the lines came from
  std::uint64_t seed = 1;
};

struct Candidate {
  std::int64_t id = 0;
  std::string line, label;
};

struct GameRow {
  std::int64_t candidate = 0;
  int game = 0;
  double score = 0;  // the candidate's: 1, 0.5, 0
  std::string reason;
  int plies = 0;
  std::string trace;  // strength/trace.h JSON
  std::string opponent;
  std::uint64_t seed = 0;
};

class Store {
 public:
  // Opens the analysis in path, or creates it with these settings and field lines (path ""
  // or ":memory:": in memory only, gone at exit). An existing file must have been made with
  // the same settings (else InputError naming the difference); its field is then its own.
  Store(const std::string& path, const Settings& s, const std::vector<std::string>& field);

  const Settings& settings() const { return settings_; }
  const std::vector<std::string>& field() const { return field_; }
  bool in_memory() const { return memory_; }
  const std::string& path() const { return db_.path(); }

  // The candidate with this line (added with the label if new; an old one keeps its label).
  Candidate add_candidate(const std::string& line, const std::string& label);
  std::vector<Candidate> candidates();
  // The game numbers already played by a candidate, in order.
  std::vector<int> played(std::int64_t candidate);
  // Writes finished games in one transaction (a game already there is left as it was).
  void record(const std::vector<GameRow>& rows);
  // A candidate's games 0 .. limit-1 that were played (all with limit < 0), in game order.
  std::vector<GameRow> games(std::int64_t candidate, int limit = -1, bool traces = false);

  // The opponent line ("" = the bot's own) and seed of game g: the same for both games of a
  // pair (both colours), unless one_sided (Waterloo: the candidate plays one army, so the
  // pair's second game draws its own opponent and seed instead of repeating the first).
  std::string opponent(int game, bool one_sided = false) const;
  std::uint64_t seed(int game, bool one_sided = false) const;

 private:
  ladder::Db db_;
  Settings settings_;
  std::vector<std::string> field_;
  bool memory_ = false;
};

}  // namespace stratego::strength
