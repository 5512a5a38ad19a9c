// Set-up strength games (strength/): the trace of a game agrees with its final position,
// every candidate meets the same opponents and seeds, a stored analysis resumes and extends
// to exactly the games of one uninterrupted run, and the command names bad set-ups' lines and
// squares.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "protocol/bot_spec.h"
#include "referee/referee.h"
#include "strength/lab.h"
#include "strength/report.h"
#include "strength/trace.h"
#include "strength/why.h"
#include "support/command_run.h"

namespace stratego::strength {
namespace {

const char* kBarrageA = "AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE";
const char* kBarrageB = "AADAAAAAAAAAADAAAAAAKMAAAAAAAALBCEAAAAAA";

std::vector<std::string> small_field() {
  return {"AAAAAAAAAAAAAAKAAAAAACMEBAAAAAALDADAAAAA", "AAAAAAADMDAAAAAAALECAAAAAAAABKAAAAAAAAAA",
          kBarrageA};
}

Settings barrage_settings() {
  Settings s;
  s.variant = "barrage";
  s.field = "file";
  s.field_file = "test";
  s.seed = 5;
  return s;
}

TEST(StrengthGames, TraceAgreesWithTheFinalPosition) {
  // Slow obvious cross-check: play the game by hand, replay its record to the end, and count
  // the traced side's pieces left: the set-up's pieces minus those the trace says were lost.
  Store store("", barrage_settings(), small_field());
  const auto v = std::make_shared<const Variant>(load_variant("barrage"));
  const Candidate c = store.add_candidate(kBarrageA, "a");
  int flag_losses = 0;
  for (int g = 0; g < 16; ++g) {
    const Side side = g % 2 == 0 ? kRed : kBlue;
    referee::GameSettings gs;
    gs.variant = v;
    gs.variant_spec = "barrage";
    gs.seed = store.seed(g);
    gs.setup[side] = kBarrageA;
    gs.setup[other(side)] = store.opponent(g);
    auto red = protocol::make_bot_from_spec("rules"), blue = protocol::make_bot_from_spec("rules");
    const referee::GameOutcome o = referee::play_game(*red, *blue, gs);
    const GameRecord rec = parse_record(o.record);
    const GameTrace t = trace_game(rec, side);
    const State end = replay(rec);
    int left = 0, lost = 0;
    for (int sq = 0; sq < v->geometry.num_squares(); ++sq)
      left += end.at(sq) != kNoPiece && piece_side(end.at(sq)) == side;
    for (std::size_t i = 0; i < t.lost.size(); ++i) {
      lost += t.lost[i] >= 0;
      if (t.lost[i] >= 0) {
        EXPECT_NE(kBarrageA[i], 'A');
        EXPECT_GE(t.revealed[i], 0);
        EXPECT_LE(t.revealed[i], t.lost[i]);
        EXPECT_NE(t.taker[i], '-');
      }
    }
    EXPECT_EQ(left, 8 - lost) << g;
    const bool own_flag = o.reason == "flag-captured" && o.winner == winner_of(other(side));
    flag_losses += own_flag;
    EXPECT_EQ(!t.route.empty(), own_flag) << o.reason;
    if (own_flag) {
      EXPECT_EQ(kBarrageA[t.route.back()], 'M');  // the route ends on the flag
    }
    // The lab's game is the same game.
    const GameRow row = play_strength_game(store, v, c, g);
    EXPECT_EQ(row.trace, trace_to_json(t));
    EXPECT_EQ(row.plies, int(rec.moves.size()));
  }
  EXPECT_GT(flag_losses, 0);  // the route check was exercised
}

TEST(StrengthGames, CandidatesMeetTheSameOpponentsAndSeeds) {
  Store store("", barrage_settings(), small_field());
  for (int g = 0; g < 40; g += 2) {
    EXPECT_EQ(store.opponent(g), store.opponent(g + 1));  // a pair: both colours
    EXPECT_EQ(store.seed(g), store.seed(g + 1));
  }
  std::set<std::string> seen;
  for (int g = 0; g < 40; g += 2) seen.insert(store.opponent(g));
  EXPECT_EQ(seen.size(), 3u);  // the pairs draw from the whole field
  EXPECT_NE(store.seed(0), store.seed(2));
}

TEST(StrengthGames, AStoredAnalysisResumesAndExtendsToTheSameGames) {
  const std::string db = test_support::unique_temp_path("strength_resume.db");
  std::filesystem::remove(db);
  LabOptions lo;
  lo.quiet = true;
  lo.jobs = 2;
  std::vector<GameRow> once;
  {
    Store mem("", barrage_settings(), small_field());
    Lab lab(mem, lo);
    const Candidate a = mem.add_candidate(kBarrageA, "a"), b = mem.add_candidate(kBarrageB, "b");
    EXPECT_EQ(lab.ensure({a, b}, 40), 80);
    once = mem.games(a.id);
  }
  {
    Store s(db, barrage_settings(), small_field());
    Lab lab(s, lo);
    const Candidate a = s.add_candidate(kBarrageA, "a"), b = s.add_candidate(kBarrageB, "b");
    EXPECT_EQ(lab.ensure({a, b}, 16), 32);
  }
  {
    Store s(db, barrage_settings(), {});  // the stored field is used
    EXPECT_EQ(s.field(), small_field());
    Lab lab(s, lo);
    const auto c = s.candidates();
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(lab.ensure(c, 40), 48);  // only the missing games
    EXPECT_EQ(lab.ensure(c, 40), 0);
    const auto rows = s.games(c[0].id);
    ASSERT_EQ(rows.size(), once.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i].score, once[i].score) << i;
      EXPECT_EQ(rows[i].plies, once[i].plies) << i;
    }
    const auto table = summarize(s, c, 40);
    EXPECT_EQ(table[0].games, 40);
    EXPECT_EQ(table[0].score.n, 20);
  }
  Settings other = barrage_settings();
  other.bot = "random";
  EXPECT_THROW(Store(db, other, {}), InputError);
  std::filesystem::remove(db);
  std::filesystem::remove(db + "-wal");
  std::filesystem::remove(db + "-shm");
}

TEST(StrengthGames, WhyCountsAreSharesOfTheGames) {
  Store store("", barrage_settings(), small_field());
  LabOptions lo;
  lo.quiet = true;
  Lab lab(store, lo);
  const Candidate a = store.add_candidate(kBarrageA, "a");
  lab.ensure({a}, 30);
  const Why w = why_of(store, lab.variant(), a);
  EXPECT_EQ(w.games, 30);
  int flag_losses = 0;
  for (const auto& g : store.games(a.id))
    flag_losses += g.reason == "flag-captured" && g.score == 0;
  EXPECT_EQ(w.flag_losses, flag_losses);
  for (const SquareWhy& s : w.squares) {
    EXPECT_LE(s.lost_by[0], s.lost_by[1]);
    EXPECT_LE(s.lost_by[1], s.lost_by[2]);
    EXPECT_LE(s.lost_by[2], s.lost);
    EXPECT_LE(s.lost, w.games);
    EXPECT_LE(s.on_route, w.flag_losses);
    if (s.letter == 'A') {
      EXPECT_EQ(s.lost, 0);
    }
  }
  EXPECT_NE(why_summary(w, lab.variant()).find("your flag (j1) was taken in"), std::string::npos);
}

TEST(StrengthCommand, BadSetupsNameTheLineAndTheSquare) {
  const std::string file = test_support::unique_temp_path("strength_bad.txt");
  write_text_file_atomically(
      file, std::string("# two\n") + kBarrageA + "\nAAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALX\n");
  auto r = test_support::run_stratego("analyze strength -v barrage --file " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(
      r.out.find("error: " + file + ":3: set-up character 40 (j4): 'X' is not a set-up letter"),
      std::string::npos)
      << r.out;
  r = test_support::run_stratego(
      "analyze strength -v barrage AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALL");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error: set-up argument 1: set-up of red has 2 x marshal (L) on i4, j4; the "
                       "army of barrage has 1 (C-2)"),
            std::string::npos)
      << r.out;
  r = test_support::run_stratego(
      "analyze strength -v barrage AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDAL");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("set-up has 39 characters; barrage needs 40"), std::string::npos) << r.out;
  // A piece off the zone: classic fills its four rows, so a Flag on a lake row cannot be written
  // in a line; a lake square in the set-up of a variant with one is named (engine tests).
  // Waterloo's token lines: strength_waterloo_test.cpp.
  std::filesystem::remove(file);
}

TEST(StrengthCommand, PrintsTheTableWithIntervalsAndTheSvg) {
  const std::string svg = test_support::unique_temp_path("strength_svg");
  std::filesystem::remove_all(svg);
  const auto r =
      test_support::run_stratego(std::string("analyze strength -v barrage -q --games 40 ") +
                                 kBarrageA + " " + kBarrageB + " --why --svg " + svg);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("field human"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("best"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("your flag (j1) was taken in"), std::string::npos) << r.out;
  const std::string text = read_text_file(svg + "/arg-1.svg");
  EXPECT_EQ(text.rfind("<svg", 0), 0u);
  EXPECT_NE(text.find("the enemy's way to the flag"), std::string::npos);
  std::filesystem::remove_all(svg);
}

TEST(StrengthCommand, AKilledRunResumesToTheSameTable) {
  // kill -9 a run with --db after a moment, several times, then let it finish: the table is
  // exactly that of one run in memory (no game lost, none played twice or differently).
  const std::string db = test_support::unique_temp_path("strength_kill.db");
  for (const std::string& f : {db, db + "-wal", db + "-shm", db + ".lock"})
    std::filesystem::remove(f);
  const std::string args =
      std::string("analyze strength -v barrage -q --games 400 -j 2 ") + kBarrageA + " " + kBarrageB;
  const auto table = [](const std::string& out) {  // the rows, without the timing line
    std::string rows;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
      if (line.rfind("# ", 0) != 0 || line.find("games played") == std::string::npos)
        rows += line + "\n";
    return rows;
  };
  const auto once = test_support::run_stratego(args);
  ASSERT_EQ(once.status, 0) << once.out;
  int killed = 0;
  for (const char* after : {"0.05", "0.1", "0.15", "0.2"}) {
    const auto r = test_support::run_command("timeout -s KILL " + std::string(after) + " " +
                                             STRATEGO_BINARY + " " + args + " --db " + db);
    killed += r.status != 0;
  }
  const auto last = test_support::run_stratego(args + " --db " + db);
  ASSERT_EQ(last.status, 0) << last.out;
  EXPECT_EQ(table(last.out), table(once.out));
  EXPECT_GT(killed, 0);  // some run was really killed midway
  for (const std::string& f : {db, db + "-wal", db + "-shm", db + ".lock"})
    std::filesystem::remove(f);
}

}  // namespace
}  // namespace stratego::strength
