// Perft counts (engine/perft.h) for fixed positions of every base variant and a few
// hand-made middle games. The counts are committed, so that any change of move generation or
// make/unmake shows as a changed number; and the first four plies are recounted with the
// reference generator (reference/movegen.h), which was written independently, so
// the committed numbers are not merely whatever the engine happened to produce.
//
// Start positions come from seeded::seeded_start(variant, seed) (support/seeded_games.h):
// per side, the set-up squares (Red rows 1..setup_rows, Blue the top rows, lakes left out)
// in index order, shuffled by Fisher-Yates with Rng(seed); the army in kind order (flag,
// spy, scout, ..., marshal, bomb) fills the first army_size shuffled squares; Red moves.
#include "engine/perft.h"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>

#include "engine/movegen.h"
#include "reference/movegen.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

struct Piece3 {
  const char* square;
  Side side;
  Kind kind;
};

State hand_made(std::string_view spec, std::initializer_list<Piece3> pieces) {
  State s(seeded::load(spec));
  for (const Piece3& p : pieces) s.put(*s.geometry().parse_square(p.square), p.side, p.kind);
  return s;
}

// Classic middle game: Red scouts on open lanes (column b up to a Blue scout, row 2 across
// the board, e6 between the lakes), a Blue scout on the open a-file, both marshals out.
State open_lanes() {
  return hand_made("classic",
                   {{"a1", kRed, kFlag},    {"b1", kRed, kBomb},     {"a2", kRed, kBomb},
                    {"d1", kRed, kMiner},   {"j2", kRed, kScout},    {"b3", kRed, kScout},
                    {"e4", kRed, kMarshal}, {"i4", kRed, kCaptain},  {"e6", kRed, kScout},
                    {"g3", kBlue, kScout},  {"f7", kBlue, kMarshal}, {"h7", kBlue, kSergeant},
                    {"a8", kBlue, kScout},  {"b8", kBlue, kScout},   {"d8", kBlue, kGeneral},
                    {"c9", kBlue, kMiner},  {"g9", kBlue, kSpy},     {"j9", kBlue, kBomb},
                    {"i10", kBlue, kBomb},  {"j10", kBlue, kFlag}});
}

// V-5 with V-3 and V-4: a Red lieutenant one step from Blue's back row with a major and two
// scouts in Red's captured pile (and a bomb, which may not come back); a Red scout that may
// reach the back row but cannot rescue; Red's flag and bomb may walk.
State rescue_ready() {
  State s = hand_made("classic+rescue+moving-flag+moving-bombs", {{"a1", kRed, kFlag},
                                                                  {"a2", kRed, kBomb},
                                                                  {"e2", kRed, kMarshal},
                                                                  {"c9", kRed, kLieutenant},
                                                                  {"h8", kRed, kScout},
                                                                  {"g4", kBlue, kMiner},
                                                                  {"a7", kBlue, kScout},
                                                                  {"f7", kBlue, kMarshal},
                                                                  {"d10", kBlue, kMajor},
                                                                  {"i10", kBlue, kBomb},
                                                                  {"j10", kBlue, kFlag}});
  s.set_captured(kRed, kMajor, 1, 0);
  s.set_captured(kRed, kScout, 2, 0);
  s.set_captured(kRed, kBomb, 1, 0);
  return s;
}

// Ultimate Lightning captains (C-4.5) in the open: two-step attacks past an empty square,
// turns, lakes in the way.
State captains_out() {
  return hand_made("ultimate-lightning", {{"a1", kRed, kFlag},
                                          {"b1", kRed, kBomb},
                                          {"a4", kRed, kScout},
                                          {"f4", kRed, kCaptain},
                                          {"b7", kRed, kCaptain},
                                          {"e3", kRed, kMarshal},
                                          {"j3", kBlue, kScout},
                                          {"f6", kBlue, kSergeant},
                                          {"g7", kBlue, kCaptain},
                                          {"a8", kBlue, kSpy},
                                          {"b8", kBlue, kMiner},
                                          {"e8", kBlue, kMarshal},
                                          {"j9", kBlue, kBomb},
                                          {"i10", kBlue, kBomb},
                                          {"j10", kBlue, kFlag}});
}

// Clone Wars powers (CW-3, CW-4) in a melee: Red's Anger Captain on e4 faces a column of Blue
// pieces it can chain through (up to Blue's own Anger Captain on e7); Red's Ranged Major on i4
// reaches the Spy on i6 over an empty square and the Sergeant next to it; Blue's Ranged Major
// on c8 fires down the c-file and along row 8.
State powers_melee() {
  return hand_made("clone-wars-powers", {{"a1", kRed, kFlag},
                                         {"b1", kRed, kBomb},
                                         {"e2", kRed, kMarshal},
                                         {"e4", kRed, kAngerCaptain},
                                         {"i4", kRed, kRangedMajor},
                                         {"b4", kRed, kMiner},
                                         {"j1", kRed, kScout},
                                         {"c7", kRed, kSergeant},
                                         {"e5", kBlue, kScout},
                                         {"e6", kBlue, kSergeant},
                                         {"f6", kBlue, kMiner},
                                         {"f7", kBlue, kLieutenant},
                                         {"e7", kBlue, kAngerCaptain},
                                         {"i6", kBlue, kSpy},
                                         {"j4", kBlue, kSergeant},
                                         {"c8", kBlue, kRangedMajor},
                                         {"a8", kBlue, kScout},
                                         {"i10", kBlue, kBomb},
                                         {"j10", kBlue, kFlag}});
}

// open_lanes() after both marshals went back and forth three times (C-6.1): Red's marshal
// may not go back a fourth time, and Blue's run is at its limit too.
State open_lanes_shuffled() {
  State s = open_lanes();
  for (const char* text : {"e4-e5", "f7-f8", "e5-e4", "f8-f7", "e4-e5", "f7-f8"}) {
    const std::string t(text);
    const Geometry& g = s.geometry();
    const Move m = Move::normal(*g.parse_square(t.substr(0, 2)), *g.parse_square(t.substr(3)));
    if (!is_legal(s, m)) throw std::logic_error("illegal set-up move " + t);
    s.make(m);
  }
  return s;
}

struct PerftCase {
  std::string name;
  std::function<State()> build;
  std::vector<std::uint64_t> counts;  // perft at depth 1, 2, ...
};

// Depths are chosen so that the whole table counts in well under a second (Release).
std::vector<PerftCase> perft_cases() {
  auto start = [](std::string spec, std::uint64_t seed) {
    return [spec, seed] { return seeded::seeded_start(seeded::load(spec), seed); };
  };
  return {
      {"classic", start("classic", 1), {10, 88, 1082, 12075, 160113, 1935224}},
      {"barrage", start("barrage", 1), {28, 979, 28911, 926953, 28335541}},
      {"duel", start("duel", 1), {29, 843, 25982, 754177, 23993682}},
      {"ultimate_lightning", start("ultimate-lightning", 1), {52, 1768, 92486, 3283683}},
      {"clone_wars", start("clone-wars", 1), {25, 600, 15880, 393494, 10783226}},
      {"classic_moving_bombs_moving_flag",
       start("classic+moving-bombs+moving-flag", 2),
       {6, 47, 502, 5738, 67207, 878654}},
      {"open_lanes", open_lanes, {45, 2047, 84314, 3841975}},
      {"open_lanes_shuffled", open_lanes_shuffled, {41, 1825, 70036, 3198519}},
      {"rescue_ready", rescue_ready, {23, 620, 14536, 386272, 9098610}},
      {"captains_out", captains_out, {33, 1055, 33950, 1063656}},
      {"powers_melee", powers_melee, {31, 832, 23758, 675436, 18659324}},
  };
}

constexpr int kReferenceDepth = 4;

class Perft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(Perft, CommittedCountsAndReferenceAgree) {
  const PerftCase& c = GetParam();
  State s = c.build();
  const State before = s;
  for (std::size_t d = 1; d <= c.counts.size(); ++d)
    EXPECT_EQ(perft(s, int(d)), c.counts[d - 1]) << c.name << " depth " << d;
  // Independent recount of the shallow plies (the reference is slow, so not all of them).
  for (int d = 1; d <= kReferenceDepth; ++d)
    EXPECT_EQ(reference::perft(s, d), perft(s, d)) << c.name << " depth " << d << "\n"
                                                   << reference::describe(s);
  EXPECT_TRUE(s == before) << "perft did not restore the state";
  EXPECT_EQ(s.ply(), before.ply());
}

TEST_P(Perft, DivideSplitsTheCountByFirstMove) {
  const PerftCase& c = GetParam();
  State s = c.build();
  const auto parts = perft_divide(s, 3);
  std::uint64_t sum = 0;
  for (const auto& [m, n] : parts) {
    s.make(m);
    EXPECT_EQ(n, perft(s, 2)) << reference::move_text(s.variant(), m);
    s.unmake();
    sum += n;
  }
  EXPECT_EQ(sum, perft(s, 3));
  EXPECT_EQ(parts.size(), perft(s, 1));
}

TEST(PerftBasics, DepthZeroIsOneAndFinishedGamesHaveNoMoves) {
  State s = seeded::seeded_start(seeded::load("duel"), 7);
  EXPECT_EQ(perft(s, 0), 1u);
  EXPECT_TRUE(perft_divide(s, 0).empty());
  s.declare_no_moves();
  EXPECT_EQ(perft(s, 1), 0u);
  EXPECT_EQ(perft(s, 3), 0u);
}

std::string case_name(const ::testing::TestParamInfo<PerftCase>& p) { return p.param.name; }

INSTANTIATE_TEST_SUITE_P(Positions, Perft, ::testing::ValuesIn(perft_cases()), case_name);

}  // namespace
}  // namespace stratego
