#include "ladder/sqlite.h"

#include <sqlite3.h>

#include "engine/error.h"

namespace stratego::ladder {

Db::Db(const std::string& path, Mode mode) : path_(path) {
  const int flags = mode == Mode::kReadOnly    ? SQLITE_OPEN_READONLY
                    : mode == Mode::kReadWrite ? SQLITE_OPEN_READWRITE
                                               : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw InputError(path + ": cannot open the ladder database: " + msg);
  }
  // Another process holding the write lock for a moment (a commit) is waited for; longer
  // than this and the file counts as locked.
  sqlite3_busy_timeout(db_, 5000);
  sqlite3_extended_result_codes(db_, 1);
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::fail(const std::string& what) const {
  const int code = sqlite3_extended_errcode(db_);
  std::string why = sqlite3_errmsg(db_);
  if ((code & 0xff) == SQLITE_READONLY) why += " (the file or its folder is read-only)";
  if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED)
    why += " (another process holds the database locked)";
  if ((code & 0xff) == SQLITE_FULL) why += " (the disk is full)";
  if ((code & 0xff) == SQLITE_NOTADB) why = "not an SQLite database, so not a ladder";
  throw InputError(path_ + ": " + what + ": " + why);
}

void Db::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    sqlite3_free(err);
    fail("'" + sql.substr(0, 40) + "'");
  }
}

std::int64_t Db::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

Stmt::Stmt(Db& db, const std::string& sql) : db_(db) {
  if (sqlite3_prepare_v2(db.handle(), sql.c_str(), int(sql.size()), &st_, nullptr) != SQLITE_OK)
    db.fail("cannot prepare '" + sql.substr(0, 60) + "'");
}

Stmt::~Stmt() { sqlite3_finalize(st_); }

Stmt& Stmt::bind(int i, std::int64_t v) {
  sqlite3_bind_int64(st_, i, v);
  return *this;
}
Stmt& Stmt::bind(int i, double v) {
  sqlite3_bind_double(st_, i, v);
  return *this;
}
Stmt& Stmt::bind(int i, const std::string& v) {
  sqlite3_bind_text(st_, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
  return *this;
}
Stmt& Stmt::bind_null(int i) {
  sqlite3_bind_null(st_, i);
  return *this;
}

bool Stmt::step() {
  const int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail(std::string("'") + sqlite3_sql(st_) + "'");
}

void Stmt::run() {
  while (step()) {
  }
  reset();
}

void Stmt::reset() {
  sqlite3_reset(st_);
  sqlite3_clear_bindings(st_);
}

std::int64_t Stmt::integer(int col) const { return sqlite3_column_int64(st_, col); }
double Stmt::real(int col) const { return sqlite3_column_double(st_, col); }
std::string Stmt::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, col));
  return p ? std::string(p, std::size_t(sqlite3_column_bytes(st_, col))) : std::string();
}
bool Stmt::is_null(int col) const { return sqlite3_column_type(st_, col) == SQLITE_NULL; }

Transaction::Transaction(Db& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }
Transaction::~Transaction() {
  if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}
void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace stratego::ladder
