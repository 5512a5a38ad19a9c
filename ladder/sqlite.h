// A thin RAII layer over the SQLite C API: one connection (Db) and prepared statements (Stmt).
// Every SQLite failure becomes an InputError naming the database file and what failed, so a
// locked, read-only or corrupt file is reported like any other bad input (exit 2).
#pragma once

#include <cstdint>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace stratego::ladder {

class Db {
 public:
  enum class Mode { kReadOnly, kReadWrite, kCreate };
  Db(const std::string& path, Mode mode);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  void exec(const std::string& sql);
  std::int64_t last_insert_id() const;
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }
  [[noreturn]] void fail(const std::string& what) const;

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

class Stmt {
 public:
  Stmt(Db& db, const std::string& sql);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  // Binds are 1-based, as in SQLite.
  Stmt& bind(int i, std::int64_t v);
  Stmt& bind(int i, double v);
  Stmt& bind(int i, const std::string& v);
  Stmt& bind_null(int i);
  // Steps once: true while a row is there.
  bool step();
  // Steps to the end (for statements without rows).
  void run();
  void reset();

  std::int64_t integer(int col) const;
  double real(int col) const;
  std::string text(int col) const;
  bool is_null(int col) const;

 private:
  Db& db_;
  sqlite3_stmt* st_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT; rolls back if destroyed before commit() (an exception).
class Transaction {
 public:
  explicit Transaction(Db& db);
  ~Transaction();
  void commit();

 private:
  Db& db_;
  bool done_ = false;
};

}  // namespace stratego::ladder
