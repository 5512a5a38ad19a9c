#include "strength/store.h"

#include <filesystem>

#include "engine/error.h"
#include "engine/rng.h"
#include "ladder/store.h"

namespace stratego::strength {
namespace {

using ladder::Db;
using ladder::Stmt;
using ladder::Transaction;

constexpr const char* kSchema = R"sql(
CREATE TABLE analysis (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  format TEXT NOT NULL,          -- always 'stratego-strength'
  created TEXT NOT NULL,
  variant TEXT NOT NULL,
  bot TEXT NOT NULL,
  nodes INTEGER NOT NULL,
  field TEXT NOT NULL CHECK (field IN ('human', 'own', 'file')),
  field_file TEXT NOT NULL,
  seed INTEGER NOT NULL
);
CREATE TABLE field (id INTEGER PRIMARY KEY, line TEXT NOT NULL);
CREATE TABLE candidates (
  id INTEGER PRIMARY KEY,
  line TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  added TEXT NOT NULL
);
CREATE TABLE games (
  candidate INTEGER NOT NULL REFERENCES candidates(id),
  game INTEGER NOT NULL,
  score REAL NOT NULL CHECK (score IN (0, 0.5, 1)),
  reason TEXT NOT NULL,
  plies INTEGER NOT NULL,
  opponent TEXT NOT NULL,
  seed INTEGER NOT NULL,
  trace TEXT NOT NULL,
  finished TEXT NOT NULL,
  PRIMARY KEY (candidate, game)
);
)sql";

bool memory_path(const std::string& p) { return p.empty() || p == ":memory:"; }

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  Rng r(a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull));
  return r.next();
}

}  // namespace

Store::Store(const std::string& path, const Settings& s, const std::vector<std::string>& field)
    : db_(memory_path(path) ? ":memory:" : path, memory_path(path) || !std::filesystem::exists(path)
                                                     ? Db::Mode::kCreate
                                                     : Db::Mode::kReadWrite),
      settings_(s),
      memory_(memory_path(path)) {
  bool exists = false;
  {
    Stmt q(db_, "SELECT count(*) FROM sqlite_master WHERE type='table'");
    exists = q.step() && q.integer(0) > 0;
  }
  if (!exists) {
    Transaction t(db_);
    db_.exec(kSchema);
    Stmt(db_, "INSERT INTO analysis VALUES (1, 'stratego-strength', ?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        .bind(1, ladder::now_utc())
        .bind(2, s.variant)
        .bind(3, s.bot)
        .bind(4, s.nodes)
        .bind(5, s.field)
        .bind(6, s.field_file)
        .bind(7, std::int64_t(s.seed))
        .run();
    Stmt l(db_, "INSERT INTO field (line) VALUES (?1)");
    for (const auto& line : field) l.bind(1, line).run();
    db_.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    t.commit();
    if (!memory_) db_.exec("PRAGMA journal_mode=WAL");
    field_ = field;
  } else {
    std::int64_t version = 0;
    {
      Stmt q(db_, "PRAGMA user_version");
      if (q.step()) version = q.integer(0);
    }
    Stmt q(db_,
           "SELECT format, variant, bot, nodes, field, field_file, seed FROM analysis "
           "WHERE id = 1");
    bool ok = false;
    try {
      ok = q.step() && q.text(0) == "stratego-strength";
    } catch (const InputError&) {
    }
    if (!ok)
      throw InputError(path +
                       ": not a set-up strength database (made by `stratego analyze "
                       "strength --db`)");
    if (version > kSchemaVersion)
      throw InputError(path + ": strength schema version " + std::to_string(version) +
                       " is newer than this program's; use a newer stratego");
    Settings had;
    had.variant = q.text(1);
    had.bot = q.text(2);
    had.nodes = q.integer(3);
    had.field = q.text(4);
    had.field_file = q.text(5);
    had.seed = std::uint64_t(q.integer(6));
    auto differs = [&](const std::string& what, const std::string& a, const std::string& b) {
      if (a != b)
        throw InputError(path + ": the analysis was made with " + what + " " + a + ", not " + b +
                         "; use a new --db file for other settings");
    };
    differs("--variant", had.variant, s.variant);
    differs("--bot", had.bot, s.bot);
    differs("--nodes", std::to_string(had.nodes), std::to_string(s.nodes));
    differs("--field", had.field == "file" ? had.field_file : had.field,
            s.field == "file" ? s.field_file : s.field);
    differs("--seed", std::to_string(had.seed), std::to_string(s.seed));
    settings_ = had;
    db_.exec("PRAGMA synchronous=NORMAL");
    Stmt f(db_, "SELECT line FROM field ORDER BY id");
    while (f.step()) field_.push_back(f.text(0));
  }
}

Candidate Store::add_candidate(const std::string& line, const std::string& label) {
  {
    Stmt q(db_, "SELECT id, label FROM candidates WHERE line = ?1");
    q.bind(1, line);
    if (q.step()) return {q.integer(0), line, q.text(1)};
  }
  Transaction t(db_);
  Stmt(db_, "INSERT INTO candidates (line, label, added) VALUES (?1, ?2, ?3)")
      .bind(1, line)
      .bind(2, label)
      .bind(3, ladder::now_utc())
      .run();
  const std::int64_t id = db_.last_insert_id();
  t.commit();
  return {id, line, label};
}

std::vector<Candidate> Store::candidates() {
  std::vector<Candidate> out;
  Stmt q(db_, "SELECT id, line, label FROM candidates ORDER BY id");
  while (q.step()) out.push_back({q.integer(0), q.text(1), q.text(2)});
  return out;
}

std::vector<int> Store::played(std::int64_t candidate) {
  std::vector<int> out;
  Stmt q(db_, "SELECT game FROM games WHERE candidate = ?1 ORDER BY game");
  q.bind(1, candidate);
  while (q.step()) out.push_back(int(q.integer(0)));
  return out;
}

void Store::record(const std::vector<GameRow>& rows) {
  if (rows.empty()) return;
  Transaction t(db_);
  Stmt put(db_,
           "INSERT OR IGNORE INTO games (candidate, game, score, reason, plies, opponent, seed, "
           "trace, finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  const std::string now = ladder::now_utc();
  for (const GameRow& g : rows) {
    put.bind(1, g.candidate)
        .bind(2, std::int64_t(g.game))
        .bind(3, g.score)
        .bind(4, g.reason)
        .bind(5, std::int64_t(g.plies))
        .bind(6, g.opponent)
        .bind(7, std::int64_t(g.seed))
        .bind(8, g.trace)
        .bind(9, now)
        .run();
  }
  t.commit();
}

std::vector<GameRow> Store::games(std::int64_t candidate, int limit, bool traces) {
  std::vector<GameRow> out;
  Stmt q(db_, std::string("SELECT game, score, reason, plies, opponent, seed, ") +
                  (traces ? "trace" : "''") +
                  " FROM games WHERE candidate = ?1 AND (?2 < 0 OR game < ?2) ORDER BY game");
  q.bind(1, candidate).bind(2, std::int64_t(limit));
  while (q.step()) {
    GameRow g;
    g.candidate = candidate;
    g.game = int(q.integer(0));
    g.score = q.real(1);
    g.reason = q.text(2);
    g.plies = int(q.integer(3));
    g.opponent = q.text(4);
    g.seed = std::uint64_t(q.integer(5));
    g.trace = q.text(6);
    out.push_back(std::move(g));
  }
  return out;
}

namespace {
// The second game of a one-sided pair: another key, so another draw.
std::uint64_t second_of(int game, bool one_sided) {
  return one_sided && game % 2 ? 0x2d5eed0ddull : 0;
}
}  // namespace

std::string Store::opponent(int game, bool one_sided) const {
  if (field_.empty()) return "";
  Rng r(mix(settings_.seed, std::uint64_t(game / 2)) ^ 0x5eedull ^ second_of(game, one_sided));
  return field_[r.below(std::uint32_t(field_.size()))];
}

std::uint64_t Store::seed(int game, bool one_sided) const {
  return (mix(settings_.seed, std::uint64_t(game / 2)) ^ second_of(game, one_sided)) &
         0x7fffffffffffull;
}

}  // namespace stratego::strength
