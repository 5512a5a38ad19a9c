// Ladders end to end in this process and through the `stratego ladder` command: the schedule
// (pairs on the same seed and set-ups, colours swapped), the modes, exports read back, the
// SPRT command, and bad input (a bot that does not start, a file that is not a ladder, a
// newer schema, a running ladder) refused with `error:` and exit 2, the file unchanged.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "ladder/coordinator.h"
#include "ladder/export.h"
#include "ladder/report.h"
#include "ladder/results.h"
#include "ladder/run_lock.h"
#include "ladder/schedule.h"
#include "ladder/store.h"
#include "support/command_run.h"

namespace stratego::ladder {
namespace {

using test_support::run_stratego;
using test_support::unique_temp_path;

// Every row of every table, as text: equal snapshots mean the ladder did not change.
std::string snapshot(const std::string& path) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  std::string out;
  const auto dump = [&](const std::string& sql) {
    sqlite3_exec(
        db, sql.c_str(),
        [](void* o, int n, char** v, char**) {
          for (int i = 0; i < n; ++i)
            *static_cast<std::string*>(o) += (v[i] ? v[i] : "NULL") + std::string("|");
          *static_cast<std::string*>(o) += "\n";
          return 0;
        },
        &out, nullptr);
  };
  dump("PRAGMA user_version");
  for (const char* t : {"ladder", "variants", "participants", "schedule", "games", "meta"})
    dump(std::string("SELECT * FROM ") + t);
  sqlite3_close(db);
  return out;
}

std::string fresh_ladder(const std::string& name,
                         const std::vector<std::string>& bots = {"random", "rules"}) {
  const std::string path = unique_temp_path(name);
  std::filesystem::remove(path);
  LadderConfig c;
  c.variants = {"barrage"};
  c.setups = "random";
  c.seed = 5;
  Store::create(path, c, {});
  Store s(path, true);
  for (std::size_t i = 0; i < bots.size(); ++i)
    s.add_participant(bots[i] + std::to_string(i), bots[i]);
  return path;
}

RunSummary run_quietly(const std::string& path, RunOptions opt) {
  std::ostringstream out;
  opt.out = &out;
  return run_ladder(path, opt);
}

TEST(LadderStore, RunPlaysThePlannedPairsOnTheSameSeedAndSetUpsWithColoursSwapped) {
  const std::string path = fresh_ladder("pairs.db", {"random", "random", "rules"});
  RunOptions opt;
  opt.games = 18;
  opt.jobs = 2;
  const RunSummary s = run_quietly(path, opt);
  EXPECT_EQ(s.played, 18);
  EXPECT_EQ(s.duplicates, 0);
  Store store(path, false);
  EXPECT_TRUE(store.unfinished().empty());
  const auto games = store.games();
  ASSERT_EQ(games.size(), 18u);
  std::map<std::int64_t, std::vector<FinishedGame>> by_pair;
  std::map<std::pair<std::int64_t, std::int64_t>, int> pairings;
  for (const auto& g : games) by_pair[g.s.pair].push_back(g);
  for (const auto& [pair, gs] : by_pair) {
    ASSERT_EQ(gs.size(), 2u);
    EXPECT_EQ(gs[0].s.seed, gs[1].s.seed);
    EXPECT_EQ(gs[0].s.red, gs[1].s.blue);
    EXPECT_EQ(gs[0].s.red_setup, gs[1].s.red_setup);
    EXPECT_EQ(gs[0].s.blue_setup, gs[1].s.blue_setup);
    EXPECT_EQ(gs[0].s.red_setup.size(), 40u);
    ++pairings[{std::min(gs[0].s.red, gs[0].s.blue), std::max(gs[0].s.red, gs[0].s.blue)}];
  }
  ASSERT_EQ(pairings.size(), 3u);  // round-robin: each of the 3 pairings 3 times
  for (const auto& [k, n] : pairings) EXPECT_EQ(n, 3);
}

TEST(LadderStore, GauntletPlaysOnlyItsParticipantAndRetiredOnesStop) {
  const std::string path = fresh_ladder("gauntlet.db", {"random", "random", "random"});
  {
    Store s(path, true);
    s.retire_participant("random1");
  }
  RunOptions opt;
  opt.games = 8;
  opt.mode_given = true;
  opt.mode = {Mode::kGauntlet, "random0", ""};
  run_quietly(path, opt);
  Store store(path, false);
  for (const auto& g : store.games()) {
    EXPECT_TRUE(g.s.red == 1 || g.s.blue == 1);
    EXPECT_TRUE(g.s.red != 2 && g.s.blue != 2);  // retired
  }
  opt.mode = {Mode::kLadder, "", ""};
  opt.games = 4;
  run_quietly(path, opt);
  EXPECT_EQ(Store(path, false).games().size(), 12u);
}

TEST(LadderStore, LadderModePicksTheClosestRatingsAmongEquallyPlayedPairings) {
  const std::string path = fresh_ladder("laddermode.db", {"random", "random", "random"});
  Store store(path, true);
  // One pair for each pairing: participant 1 wins everything, 2 and 3 split their pair.
  const auto play = [&](std::int64_t a, std::int64_t b, const char* r0, const char* r1) {
    auto pair = plan_next_pair(
        store, {Mode::kMatch, "random" + std::to_string(a - 1), "random" + std::to_string(b - 1)});
    pair = store.schedule_pair(pair);
    for (int g = 0; g < 2; ++g) {
      FinishedGame f;
      f.s = pair[std::size_t(g)];
      f.result = g == 0 ? r0 : r1;
      f.reason = "flag-captured";
      store.record_game(f);
    }
  };
  // Colours in a pair's first game: a is Red, so "1-0" then "0-1" means a won both.
  play(1, 2, "1-0", "0-1");
  play(1, 3, "1-0", "0-1");
  play(2, 3, "1-0", "1-0");  // one each
  const auto next = plan_next_pair(store, {Mode::kLadder, "", ""});
  ASSERT_EQ(next.size(), 2u);
  EXPECT_EQ(std::min(next[0].red, next[0].blue), 2);
  EXPECT_EQ(std::max(next[0].red, next[0].blue), 3);
}

TEST(LadderStore, SeveralVariantsTakeTurnsByPairAndRateSeparately) {
  const std::string path = unique_temp_path("variants.db");
  std::filesystem::remove(path);
  LadderConfig c;
  c.variants = {"barrage", "waterloo-basic"};
  c.setups = "own";
  Store::create(path, c, {});
  {
    Store s(path, true);
    s.add_participant("a", "random");
    s.add_participant("b", "rules");
  }
  RunOptions opt;
  opt.games = 8;
  run_quietly(path, opt);
  Store store(path, false);
  const auto games = store.games(true);
  ASSERT_EQ(games.size(), 8u);
  for (const auto& g : games) {
    EXPECT_EQ(g.s.variant, g.s.pair % 2 == 0 ? "barrage" : "waterloo-basic");
    EXPECT_EQ(g.s.red_setup, "");  // the bots' own
  }
  const auto r = run_stratego("ladder ratings " + path + " --variant waterloo-basic");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("games 4 of waterloo-basic"), std::string::npos) << r.out;
}

TEST(LadderStore, ExportsReplayAndPgnTagsReadBack) {
  const std::string path = fresh_ladder("export.db");
  RunOptions opt;
  opt.games = 6;
  run_quietly(path, opt);
  const std::string records = unique_temp_path("export.records"),
                    pgn = unique_temp_path("export.pgn");
  const auto r = run_stratego("ladder export " + path + " --records " + records + " --pgn " + pgn);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto check = run_stratego("check --record " + records);
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("ok: 6 records"), std::string::npos) << check.out;
  Store store(path, false);
  const auto games = store.games();
  const auto tags = parse_pgn(read_text_file(pgn));
  ASSERT_EQ(tags.size(), games.size());
  for (std::size_t i = 0; i < tags.size(); ++i) {
    for (const char* k :
         {"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "Termination"})
      EXPECT_TRUE(tags[i].count(k)) << k;
    EXPECT_EQ(tags[i].at("White"), games[i].s.red == 1 ? "random0" : "rules1");
    EXPECT_EQ(tags[i].at("Result"), games[i].result);
    EXPECT_EQ(tags[i].at("Variant"), "barrage");
    EXPECT_EQ(tags[i].at("Termination"), games[i].reason);
  }
}

TEST(LadderStore, ReportIsOneSelfContainedPage) {
  const std::string path = fresh_ladder("report.db");
  RunOptions opt;
  opt.games = 6;
  run_quietly(path, opt);
  Store store(path, false);
  const std::string html = report_html(store, "Test <ladder>");
  EXPECT_NE(html.find("<title>Test &lt;ladder&gt;</title>"), std::string::npos);
  for (const char* part :
       {"Ratings", "Pairwise scores", "Ratings over time", "Result reasons", "Game lengths"})
    EXPECT_NE(html.find(std::string("<h2>") + part + "</h2>"), std::string::npos) << part;
  EXPECT_GE(std::count(html.begin(), html.end(), '<'), 50);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("random0"), std::string::npos);
  for (const char* external : {"http:", "https:", "<script", "<link", "src="})
    EXPECT_EQ(html.find(external), std::string::npos) << external;
}

TEST(LadderStore, NothingToPlayWithoutAPlanAndTooFewParticipantsIsAnError) {
  const std::string path = fresh_ladder("few.db", {"random"});
  const auto r = run_stratego("ladder run " + path + " --games 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("two active participants"), std::string::npos) << r.out;
  const auto idle = run_stratego("ladder run " + path);
  EXPECT_EQ(idle.status, 0);
  EXPECT_NE(idle.out.find("nothing to play"), std::string::npos) << idle.out;
}

TEST(LadderStore, SprtCommandStopsWhenABoundIsCrossed) {
  const std::string path = fresh_ladder("sprt.db");
  const auto r =
      run_stratego("ladder sprt " + path + " rules1 random0 --elo0 0 --elo1 200 --logistic");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("LLR"), std::string::npos);
  EXPECT_NE(r.out.find("H1 accepted"), std::string::npos) << r.out;
  const auto again = run_stratego("ladder sprt " + path +
                                  " rules1 random0 --elo0 0 --elo1 200 --logistic --no-play");
  EXPECT_NE(again.out.find("H1 accepted"), std::string::npos) << again.out;
}

FinishedGame finished(std::int64_t red, std::int64_t blue, std::uint64_t seed, int game,
                      const std::string& result) {
  FinishedGame g;
  g.s.red = red;
  g.s.blue = blue;
  g.s.seed = seed;
  g.s.game = game;
  g.result = result;
  return g;
}

bool between(const FinishedGame& g, std::int64_t a, std::int64_t b) {
  return (g.s.red == a && g.s.blue == b) || (g.s.red == b && g.s.blue == a);
}

TEST(LadderSprt, TwinCountsScoreAsGameAgainstBsTwinAndSkipTheRest) {
  const std::int64_t a = 1, b = 2, f = 3, g = 4;
  const std::vector<FinishedGame> games = {
      finished(a, f, 7, 0, "1-0"),      // A wins as Red against f ...
      finished(b, f, 7, 0, "1/2-1/2"),  // ... its twin draws: 1 + 1 - 0.5 = 1.5
      finished(f, a, 7, 1, "1-0"),      // A loses as Blue ...
      finished(f, b, 7, 1, "0-1"),      // ... its twin wins: 0
      finished(g, a, 9, 0, "0-1"),      // A wins as Blue against g ...
      finished(g, b, 9, 0, "0-1"),      // ... and so does its twin: 1
      finished(a, g, 9, 1, "1-0"),      // no twin finished
      finished(b, g, 9, 1, "*"),        // (unfinished)
      finished(a, f, 11, 0, "1-0"),     // no twin: B met another opponent on this seed
      finished(b, g, 11, 0, "1-0"),
      finished(a, b, 13, 0, "1-0"),  // A against B is no twin of anything
      finished(b, a, 13, 0, "1-0"),
  };
  EXPECT_EQ(twin_counts(games, a, b), (Pentanomial{1, 0, 1, 1, 0}));
  EXPECT_EQ(twin_counts(games, b, a), (Pentanomial{0, 1, 1, 0, 1}));
}

TEST(LadderStore, FieldSprtPlaysTwinsOnTheSameSeedSetUpsAndColoursAndNeverAAgainstB) {
  const std::string path = fresh_ladder("field.db", {"rules", "random", "random"});
  RunOptions opt;
  opt.games = 6;  // rounded up to whole twin sets of four games: 8
  opt.jobs = 2;
  opt.mode_given = true;
  opt.mode = {Mode::kField, "rules0", "random1"};
  run_quietly(path, opt);
  Store store(path, false);
  const std::int64_t a = store.participant("rules0")->id, b = store.participant("random1")->id;
  const auto games = store.games();
  ASSERT_EQ(games.size(), 8u);
  std::map<std::pair<std::uint64_t, int>, std::vector<FinishedGame>> twins;
  for (const auto& g : games) {
    EXPECT_FALSE(between(g, a, b));
    twins[{g.s.seed, g.s.game}].push_back(g);
  }
  ASSERT_EQ(twins.size(), 4u);
  for (const auto& [key, gs] : twins) {
    ASSERT_EQ(gs.size(), 2u);
    EXPECT_EQ(gs[0].s.red_setup, gs[1].s.red_setup);
    EXPECT_EQ(gs[0].s.blue_setup, gs[1].s.blue_setup);
    EXPECT_EQ(gs[0].s.variant, gs[1].s.variant);
    // The same opponent in the same colour; A in one game, B in the other, in the same colour.
    const bool a_red = gs[0].s.red == a || gs[1].s.red == a;
    EXPECT_EQ(a_red ? gs[0].s.blue : gs[0].s.red, a_red ? gs[1].s.blue : gs[1].s.red);
    std::set<std::int64_t> sides = {a_red ? gs[0].s.red : gs[0].s.blue,
                                    a_red ? gs[1].s.red : gs[1].s.blue};
    EXPECT_EQ(sides, (std::set<std::int64_t>{a, b}));
  }
  int counted = 0;
  for (int n : twin_counts(games, a, b)) counted += n;
  EXPECT_EQ(counted, 4);
}

TEST(LadderStore, FieldSprtCommandStopsWhenABoundIsCrossed) {
  const std::string path = fresh_ladder("fieldsprt.db", {"rules", "random", "random"});
  const auto r = run_stratego("ladder sprt " + path +
                              " rules0 random1 --field --elo0 0 --elo1 200 --logistic -j 2");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("twins ["), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("H1 accepted"), std::string::npos) << r.out;
  Store store(path, false);
  const std::int64_t a = store.participant("rules0")->id, b = store.participant("random1")->id;
  for (const auto& g : store.games()) EXPECT_FALSE(between(g, a, b));
}

TEST(LadderBadInput, BotThatDoesNotStartIsRefusedAndTheLadderUnchanged) {
  const std::string path = fresh_ladder("badbot.db");
  const std::string before = snapshot(path);
  const auto r = run_stratego("ladder add " + path + " ghost cmd:/nonexistent/bot");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("error:"), std::string::npos) << r.out;
  EXPECT_EQ(snapshot(path), before);
  {  // one that was fine when added but no longer starts: the run writes nothing
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(
        db,
        "INSERT INTO participants (name, spec, added) VALUES ('gone', 'cmd:/nonexistent/bot', 'x')",
        nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  const std::string with_gone = snapshot(path);
  const auto run = run_stratego("ladder run " + path + " --games 4");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("does not start"), std::string::npos) << run.out;
  EXPECT_EQ(snapshot(path), with_gone);
}

TEST(LadderBadInput, GauntletOfAnUnknownParticipantChangesNothing) {
  const std::string path = fresh_ladder("badmode.db");
  const std::string before = snapshot(path);
  const auto r = run_stratego("ladder run " + path + " --games 2 --mode gauntlet nobody");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("no participant named 'nobody'"), std::string::npos) << r.out;
  EXPECT_EQ(snapshot(path), before);
}

TEST(LadderBadInput, FieldSprtWithoutAFieldChangesNothing) {
  const std::string path = fresh_ladder("nofield.db");
  const std::string before = snapshot(path);
  const auto r = run_stratego("ladder sprt " + path + " rules1 random0 --field");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("needs a field"), std::string::npos) << r.out;
  EXPECT_EQ(snapshot(path), before);
}

TEST(LadderBadInput, NotALadderAndNewerSchemaAreRefusedUntouched) {
  const std::string text = unique_temp_path("notdb.txt");
  write_text_file_atomically(text, "hello\n");
  auto r = run_stratego("ladder ratings " + text);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("not an SQLite database"), std::string::npos) << r.out;
  EXPECT_EQ(read_text_file(text), "hello\n");

  const std::string other = unique_temp_path("other.db");
  std::filesystem::remove(other);
  sqlite3* db = nullptr;
  sqlite3_open(other.c_str(), &db);
  sqlite3_exec(db, "CREATE TABLE t (x); INSERT INTO t VALUES (1)", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  r = run_stratego("ladder run " + other + " --games 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("not a ladder"), std::string::npos) << r.out;

  const std::string newer = fresh_ladder("newer.db");
  sqlite3_open(newer.c_str(), &db);
  sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  const std::string before = snapshot(newer);
  r = run_stratego("ladder run " + newer + " --games 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("newer"), std::string::npos) << r.out;
  EXPECT_EQ(snapshot(newer), before);
  r = run_stratego("ladder ratings /nonexistent/ladder.db");
  EXPECT_EQ(r.status, 2);
}

TEST(LadderBadInput, SecondRunOnARunningLadderIsRefused) {
  const std::string path = fresh_ladder("locked.db");
  const std::string before = snapshot(path);
  RunLock held(path);  // as a running `ladder run` holds it
  const auto r = run_stratego("ladder run " + path + " --games 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("a run is already going on this ladder (pid"), std::string::npos) << r.out;
  EXPECT_EQ(snapshot(path), before);
}

// Issue 58, point 9: the lock is on the file, not on its name. Before, DB.lock was made from
// the name given, and three runs went on at once through links to one database.
TEST(LadderBadInput, ASecondRunThroughASymbolicOrHardLinkIsRefused) {
  const std::string path = fresh_ladder("linked.db");
  const std::string symlink = unique_temp_path("linked-sym.db"),
                    hardlink = unique_temp_path("linked-hard.db");
  std::filesystem::create_symlink(path, symlink);
  std::filesystem::create_hard_link(path, hardlink);
  const std::string before = snapshot(path);
  {
    RunLock held(path);
    for (const std::string& link : {symlink, hardlink}) {
      EXPECT_THROW(RunLock{link}, InputError) << link;
      const auto r = run_stratego("ladder run " + link + " --games 2");
      EXPECT_EQ(r.status, 2) << link;
      EXPECT_NE(r.out.find("a run is already going on this ladder"), std::string::npos) << r.out;
    }
    EXPECT_EQ(snapshot(path), before);
  }
  for (const std::string& link : {symlink, hardlink}) {
    RunLock held(link);  // free again, through any name
    EXPECT_THROW(RunLock{path}, InputError);
  }
}

// Issue 58, point 10: a run whose first write fails (a full disk; here a trigger that refuses
// every new schedule row with SQLite's own message) leaves the plan as it was. Before, the
// plan was raised first, and the next run played games nobody asked for.
TEST(LadderBadInput, AFailedWriteLeavesThePlanAsItWas) {
  const std::string path = fresh_ladder("full.db");
  auto plan = [&] { return Store(path, false).meta("plan_target", "none"); };
  const std::string planned = plan();
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  ASSERT_EQ(sqlite3_exec(db,
                         "CREATE TRIGGER full BEFORE INSERT ON schedule BEGIN "
                         "SELECT RAISE(FAIL, 'database or disk is full'); END",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  const auto r = run_stratego("ladder run " + path + " --games 2");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("full"), std::string::npos) << r.out;
  EXPECT_EQ(plan(), planned);
}

// Found by the ladder-file fuzz target (issue 58): a damaged file whose schedule names a
// participant it does not have, or whose plan is not a number, was "error: map::at" or
// "error: stoll"; now each names what is damaged.
TEST(LadderBadInput, ADamagedFileNamesWhatIsDamaged) {
  const std::string path = fresh_ladder("damaged.db");
  ASSERT_EQ(run_stratego("ladder run " + path + " --games 2").status, 0);
  auto damage = [&](const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  };
  damage("UPDATE meta SET value = 'lots' WHERE key = 'plan_target'");
  auto r = run_stratego("ladder run " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("plan_target 'lots' is not a number of games"), std::string::npos) << r.out;
  damage("UPDATE schedule SET red = 99");
  r = run_stratego("ladder ratings " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("names participant 99, which the file does not have"), std::string::npos)
      << r.out;
}

// Issue 60: a draw at the move limit is a game the stronger side did not win, so the ratings
// say how many games were drawn and why.
TEST(LadderRatings, DrawsAreCountedByTheirReason) {
  const std::string path = fresh_ladder("draws.db");
  ASSERT_EQ(run_stratego("ladder run " + path + " --games 4").status, 0);
  auto r = run_stratego("ladder ratings " + path);
  ASSERT_EQ(r.status, 0) << r.out;
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  ASSERT_EQ(sqlite3_exec(db,
                         "UPDATE games SET result = '1/2-1/2', reason = 'move-limit' WHERE id IN "
                         "(SELECT id FROM games ORDER BY id LIMIT 2); UPDATE games SET result = "
                         "'1/2-1/2', reason = 'no-moves' WHERE id = (SELECT MAX(id) FROM games)",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  r = run_stratego("ladder ratings " + path);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("draws 3: move-limit 2 no-moves 1"), std::string::npos) << r.out;
}

TEST(LadderBadInput, WriteThroughAReadOnlyConnectionNamesTheCause) {
  // What a read-only file gives (root ignores permissions, so the connection is made
  // read-only here): SQLite's error, named, and nothing written.
  const std::string path = fresh_ladder("roconn.db");
  const std::string before = snapshot(path);
  Store store(path, false);
  try {
    store.add_participant("x", "random");
    FAIL() << "wrote through a read-only connection";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
  }
  EXPECT_EQ(snapshot(path), before);
}

TEST(LadderBadInput, ReadOnlyFileIsRefused) {
  if (geteuid() == 0) GTEST_SKIP() << "running as root, which ignores file permissions";
  const std::string path = fresh_ladder("readonly.db");
  std::filesystem::permissions(path, std::filesystem::perms::owner_read);
  const auto r = run_stratego("ladder add " + path + " x random");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("read-only"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace stratego::ladder
