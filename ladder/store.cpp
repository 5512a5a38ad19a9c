#include "ladder/store.h"

#include <sqlite3.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <sstream>

#include "engine/error.h"

namespace stratego::ladder {
namespace {

// Sets a meta key inside the caller's transaction.
void put_meta(Db& db, const std::string& key, const std::string& value) {
  Stmt(db,
       "INSERT INTO meta (key, value) VALUES (?1, ?2) "
       "ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .bind(1, key)
      .bind(2, value)
      .run();
}

constexpr const char* kSchema = R"sql(
CREATE TABLE ladder (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  format TEXT NOT NULL,              -- always 'stratego-ladder'
  created TEXT NOT NULL,
  seed INTEGER NOT NULL,
  movetime_ms INTEGER NOT NULL,
  tc TEXT NOT NULL,
  nodes INTEGER NOT NULL,
  setups TEXT NOT NULL CHECK (setups IN ('random', 'own', 'file')),
  setup_file TEXT NOT NULL
);
CREATE TABLE variants (id INTEGER PRIMARY KEY, spec TEXT NOT NULL);
CREATE TABLE setup_lines (id INTEGER PRIMARY KEY, line TEXT NOT NULL);
CREATE TABLE participants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  spec TEXT NOT NULL,
  added TEXT NOT NULL,
  retired TEXT
);
CREATE TABLE schedule (
  id INTEGER PRIMARY KEY,
  pair INTEGER NOT NULL,
  game INTEGER NOT NULL CHECK (game IN (0, 1)),
  variant TEXT NOT NULL,
  red INTEGER NOT NULL REFERENCES participants(id),
  blue INTEGER NOT NULL REFERENCES participants(id),
  seed INTEGER NOT NULL,
  red_setup TEXT NOT NULL,
  blue_setup TEXT NOT NULL,
  planned TEXT NOT NULL,
  UNIQUE (pair, game)
);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  schedule_id INTEGER NOT NULL UNIQUE REFERENCES schedule(id),
  result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
  reason TEXT NOT NULL,
  detail TEXT NOT NULL,
  plies INTEGER NOT NULL,
  red_ms INTEGER NOT NULL,
  blue_ms INTEGER NOT NULL,
  record TEXT NOT NULL,
  finished TEXT NOT NULL,
  worker TEXT NOT NULL
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
)sql";

ScheduledGame scheduled_from(Stmt& q, int c) {
  ScheduledGame s;
  s.id = q.integer(c);
  s.pair = q.integer(c + 1);
  s.game = int(q.integer(c + 2));
  s.variant = q.text(c + 3);
  s.red = q.integer(c + 4);
  s.blue = q.integer(c + 5);
  s.seed = std::uint64_t(q.integer(c + 6));
  s.red_setup = q.text(c + 7);
  s.blue_setup = q.text(c + 8);
  return s;
}

constexpr const char* kScheduleColumns =
    "s.id, s.pair, s.game, s.variant, s.red, s.blue, s.seed, s.red_setup, s.blue_setup";

}  // namespace

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

double FinishedGame::red_score() const {
  return result == "1-0" ? 1 : result == "0-1" ? 0 : result == "1/2-1/2" ? 0.5 : -1;
}

void Store::create(const std::string& path, const LadderConfig& c,
                   const std::vector<std::string>& setup_lines) {
  if (std::filesystem::exists(path))
    throw InputError(path + ": already exists; a new ladder needs a new file");
  // Built under a temporary name and renamed, so a failed create leaves nothing behind.
  const std::string tmp = path + ".creating";
  std::filesystem::remove(tmp);
  try {
    Db db(tmp, Db::Mode::kCreate);
    db.exec("PRAGMA journal_mode=DELETE");
    Transaction t(db);
    db.exec(kSchema);
    Stmt(db, "INSERT INTO ladder VALUES (1, 'stratego-ladder', ?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        .bind(1, c.created.empty() ? now_utc() : c.created)
        .bind(2, std::int64_t(c.seed))
        .bind(3, c.movetime_ms)
        .bind(4, c.tc)
        .bind(5, c.nodes)
        .bind(6, c.setups)
        .bind(7, c.setup_file)
        .run();
    Stmt v(db, "INSERT INTO variants (spec) VALUES (?1)");
    for (const auto& spec : c.variants) v.bind(1, spec).run();
    Stmt l(db, "INSERT INTO setup_lines (line) VALUES (?1)");
    for (const auto& line : setup_lines) l.bind(1, line).run();
    db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    t.commit();
  } catch (...) {
    std::filesystem::remove(tmp);
    throw;
  }
  std::filesystem::rename(tmp, path);
  Db db(path, Db::Mode::kReadWrite);
  db.exec("PRAGMA journal_mode=WAL");  // persistent: readers never block the running ladder
}

Store::Store(const std::string& path, bool writable)
    : db_(
          [&]() -> const std::string& {
            if (!std::filesystem::exists(path)) throw InputError(path + ": no such ladder file");
            return path;
          }(),
          writable ? Db::Mode::kReadWrite : Db::Mode::kReadOnly) {
  std::int64_t version = 0;
  {
    Stmt q(db_, "PRAGMA user_version");
    if (q.step()) version = q.integer(0);
  }
  bool is_ladder = false;
  {
    Stmt q(db_, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='ladder'");
    is_ladder = q.step() && q.integer(0) == 1;
  }
  if (!is_ladder || version == 0)
    throw InputError(path +
                     ": not a ladder database (no ladder table; make one with `stratego "
                     "ladder create`)");
  if (version > kSchemaVersion)
    throw InputError(path + ": ladder schema version " + std::to_string(version) +
                     " is newer than this program's (" + std::to_string(kSchemaVersion) +
                     "); use a newer stratego");
  // WAL with synchronous=NORMAL: a commit survives any kill of this process (the WAL is in
  // the OS's hands once written); only a power cut or OS crash can undo the last commits, and
  // the games it undoes are then replayed from the schedule like unfinished ones (or, if the
  // schedule rows went too, planned again the same way). FULL would add an fsync per game.
  if (writable) db_.exec("PRAGMA synchronous=NORMAL");
  Stmt q(db_,
         "SELECT created, seed, movetime_ms, tc, nodes, setups, setup_file, format "
         "FROM ladder WHERE id = 1");
  if (!q.step() || q.text(7) != "stratego-ladder")
    throw InputError(path + ": not a ladder database (its ladder row is missing)");
  config_.created = q.text(0);
  config_.seed = std::uint64_t(q.integer(1));
  config_.movetime_ms = q.integer(2);
  config_.tc = q.text(3);
  config_.nodes = q.integer(4);
  config_.setups = q.text(5);
  config_.setup_file = q.text(6);
  Stmt v(db_, "SELECT spec FROM variants ORDER BY id");
  while (v.step()) config_.variants.push_back(v.text(0));
}

std::vector<Participant> Store::participants() {
  std::vector<Participant> out;
  Stmt q(db_, "SELECT id, name, spec, added, coalesce(retired, '') FROM participants ORDER BY id");
  while (q.step()) out.push_back({q.integer(0), q.text(1), q.text(2), q.text(3), q.text(4)});
  return out;
}

std::optional<Participant> Store::participant(const std::string& name) {
  for (auto& p : participants())
    if (p.name == name) return p;
  return std::nullopt;
}

void Store::add_participant(const std::string& name, const std::string& spec) {
  if (participant(name))
    throw InputError(db_.path() + ": participant '" + name + "' is already in the ladder");
  Transaction t(db_);
  Stmt(db_, "INSERT INTO participants (name, spec, added) VALUES (?1, ?2, ?3)")
      .bind(1, name)
      .bind(2, spec)
      .bind(3, now_utc())
      .run();
  t.commit();
}

void Store::retire_participant(const std::string& name) {
  const auto p = participant(name);
  if (!p) throw InputError(db_.path() + ": no participant named '" + name + "'");
  if (!p->retired.empty()) throw InputError(db_.path() + ": '" + name + "' is already retired");
  Transaction t(db_);
  Stmt(db_, "UPDATE participants SET retired = ?1 WHERE id = ?2")
      .bind(1, now_utc())
      .bind(2, p->id)
      .run();
  t.commit();
}

std::vector<std::string> Store::setup_lines() {
  std::vector<std::string> out;
  Stmt q(db_, "SELECT line FROM setup_lines ORDER BY id");
  while (q.step()) out.push_back(q.text(0));
  return out;
}

std::vector<ScheduledGame> Store::unfinished() {
  std::vector<ScheduledGame> out;
  Stmt q(db_, std::string("SELECT ") + kScheduleColumns +
                  " FROM schedule s LEFT JOIN games g ON g.schedule_id = s.id"
                  " WHERE g.id IS NULL ORDER BY s.id");
  while (q.step()) out.push_back(scheduled_from(q, 0));
  return out;
}

std::int64_t Store::scheduled_count() {
  Stmt q(db_, "SELECT count(*) FROM schedule");
  return q.step() ? q.integer(0) : 0;
}

std::int64_t Store::next_pair_number() {
  Stmt q(db_, "SELECT coalesce(max(pair), -1) + 1 FROM schedule");
  return q.step() ? q.integer(0) : 0;
}

std::int64_t Store::pairs_between(std::int64_t a, std::int64_t b) {
  Stmt q(db_,
         "SELECT count(*) FROM schedule WHERE game = 0 AND "
         "((red = ?1 AND blue = ?2) OR (red = ?2 AND blue = ?1))");
  q.bind(1, a).bind(2, b);
  return q.step() ? q.integer(0) : 0;
}

std::vector<ScheduledGame> Store::schedule_pair(std::vector<ScheduledGame> pair,
                                                const std::map<std::string, std::string>& meta) {
  Transaction t(db_);
  for (const auto& [key, value] : meta) put_meta(db_, key, value);
  Stmt ins(db_,
           "INSERT INTO schedule (pair, game, variant, red, blue, seed, red_setup, "
           "blue_setup, planned) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  const std::string when = now_utc();
  for (auto& s : pair) {
    ins.bind(1, s.pair)
        .bind(2, std::int64_t(s.game))
        .bind(3, s.variant)
        .bind(4, s.red)
        .bind(5, s.blue)
        .bind(6, std::int64_t(s.seed))
        .bind(7, s.red_setup)
        .bind(8, s.blue_setup)
        .bind(9, when)
        .run();
    s.id = db_.last_insert_id();
  }
  t.commit();
  return pair;
}

bool Store::record_game(const FinishedGame& g) {
  Transaction t(db_);
  Stmt ins(db_,
           "INSERT OR IGNORE INTO games (schedule_id, result, reason, detail, plies, "
           "red_ms, blue_ms, record, finished, worker) "
           "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  ins.bind(1, g.s.id)
      .bind(2, g.result)
      .bind(3, g.reason)
      .bind(4, g.detail)
      .bind(5, std::int64_t(g.plies))
      .bind(6, g.red_ms)
      .bind(7, g.blue_ms)
      .bind(8, g.record)
      .bind(9, g.finished.empty() ? now_utc() : g.finished)
      .bind(10, g.worker)
      .run();
  const bool inserted = sqlite3_changes(db_.handle()) == 1;
  t.commit();
  return inserted;
}

std::vector<FinishedGame> Store::games(bool with_records) {
  std::vector<FinishedGame> out;
  Stmt q(db_, std::string("SELECT ") + kScheduleColumns +
                  ", g.result, g.reason, g.detail, g.plies, g.red_ms, g.blue_ms, " +
                  (with_records ? "g.record" : "''") +
                  ", g.finished, g.worker FROM games g JOIN schedule s ON s.id = g.schedule_id "
                  "ORDER BY g.id");
  while (q.step()) {
    FinishedGame g;
    g.s = scheduled_from(q, 0);
    g.result = q.text(9);
    g.reason = q.text(10);
    g.detail = q.text(11);
    g.plies = int(q.integer(12));
    g.red_ms = q.integer(13);
    g.blue_ms = q.integer(14);
    g.record = q.text(15);
    g.finished = q.text(16);
    g.worker = q.text(17);
    out.push_back(std::move(g));
  }
  return out;
}

std::string Store::meta(const std::string& key, const std::string& fallback) {
  Stmt q(db_, "SELECT value FROM meta WHERE key = ?1");
  q.bind(1, key);
  return q.step() ? q.text(0) : fallback;
}

void Store::set_meta(const std::string& key, const std::string& value) {
  Transaction t(db_);
  put_meta(db_, key, value);
  t.commit();
}

}  // namespace stratego::ladder
