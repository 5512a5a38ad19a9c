// Small positions for rule tests: build a State from square names, play moves given as
// "e2-e3" (or any token of engine/move_text.h, e.g. "A:e5-e6", "A:-", "F:e4-e6"), and list
// legal moves as sorted strings so a test can compare whole move sets.
// Header-only; every helper throws std::logic_error on misuse so that GoogleTest reports the
// failing test instead of the process crashing on an illegal make().
#pragma once

#include <initializer_list>
#include <memory>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/state.h"
#include "engine/variant_loader.h"

namespace stratego::test_support {

struct Placed {
  std::string_view square;
  Side side;
  Kind kind;
  std::uint8_t flags = 0;
};

inline std::shared_ptr<const Variant> variant_of(std::string_view spec) {
  return std::make_shared<const Variant>(load_variant(spec));
}

inline int square_of(const State& s, std::string_view name) {
  const auto sq = s.geometry().parse_square(name);
  if (!sq) throw std::logic_error("not a square: " + std::string(name));
  return *sq;
}

// A position of the variant with exactly these pieces and the given side to move.
inline State position(std::string_view spec, std::initializer_list<Placed> pieces,
                      Side to_move = kRed) {
  State s(variant_of(spec));
  for (const Placed& p : pieces) {
    const int sq = square_of(s, p.square);
    if (s.at(sq) != kNoPiece) throw std::logic_error("square used twice: " + std::string(p.square));
    s.put(sq, p.side, p.kind, p.flags);
  }
  s.set_side_to_move(to_move);
  return s;
}

// "e2-e3" for a normal move; "rescue major@a1" and "decline" for V-5 decisions; the tokens
// of engine/move_text.h for the Clone Wars powers ("A:e5-e6", "A:-", "F:e4-e6").
inline std::string move_text(const State& s, Move m) {
  const Geometry& g = s.geometry();
  switch (m.type()) {
    case MoveType::kNormal:
      return g.square_name(m.from()) + "-" + g.square_name(m.to());
    case MoveType::kRescue:
      return "rescue " + std::string(kind_name(m.rescued_kind())) + "@" + g.square_name(m.to());
    case MoveType::kDeclineRescue:
      return "decline";
    default:
      return move_to_text(m, g);
  }
}

inline Move parse_move(const State& s, std::string_view text) {
  if (text.find(':') != std::string_view::npos) return stratego::parse_move(text, s.geometry());
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) throw std::logic_error("bad move: " + std::string(text));
  return Move::normal(square_of(s, text.substr(0, dash)), square_of(s, text.substr(dash + 1)));
}

inline std::set<std::string> legal_moves(const State& s) {
  MoveList list;
  generate_moves(s, list);
  std::set<std::string> out;
  for (Move m : list) out.insert(move_text(s, m));
  return out;
}

// Legal moves of the piece on `from`, as destination square names.
inline std::set<std::string> destinations(const State& s, std::string_view from) {
  const int sq = square_of(s, from);
  MoveList list;
  generate_moves(s, list);
  std::set<std::string> out;
  for (Move m : list)
    if (m.type() == MoveType::kNormal && m.from() == sq)
      out.insert(s.geometry().square_name(m.to()));
  return out;
}

inline bool legal(const State& s, std::string_view text) {
  return is_legal(s, parse_move(s, text));
}

// Plays a move that must be legal.
inline void play(State& s, Move m) {
  if (!is_legal(s, m)) throw std::logic_error("illegal move in test: " + move_text(s, m));
  s.make(m);
}
inline void play(State& s, std::string_view text) { play(s, parse_move(s, text)); }
inline void play(State& s, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) play(s, m);
}

inline bool revealed(const State& s, std::string_view sq) {
  return test(s.revealed_bb(), square_of(s, sq));
}
inline bool moved(const State& s, std::string_view sq) {
  return test(s.moved_bb(), square_of(s, sq));
}
inline Piece piece(Side side, Kind kind) { return make_piece(side, kind); }
inline Piece at(const State& s, std::string_view sq) { return s.at(square_of(s, sq)); }

inline Bitboard squares_named(const State& s, std::initializer_list<std::string_view> names) {
  Bitboard b = 0;
  for (std::string_view n : names) b |= square_bb(square_of(s, n));
  return b;
}

// Red `attacker` on e4 attacks Blue `defender` on e5. Both sides keep a Flag and a Scout far
// away so that the game goes on after the combat and only the combat is observed.
inline State after_attack(std::string_view spec, Kind attacker, Kind defender) {
  State s = position(spec, {{"e4", kRed, attacker},
                            {"e5", kBlue, defender},
                            {"a1", kRed, kFlag},
                            {"a3", kRed, kScout},
                            {"j10", kBlue, kFlag},
                            {"j8", kBlue, kScout}});
  play(s, "e4-e5");
  return s;
}

}  // namespace stratego::test_support

namespace stratego {
// Lets GoogleTest print a Result as "red/flag-captured" instead of raw bytes.
inline void PrintTo(const Result& r, std::ostream* os) {
  static constexpr const char* kWinners[] = {"none", "red", "blue", "draw"};
  *os << kWinners[int(r.winner)] << "/" << end_reason_name(r.reason);
}
}  // namespace stratego
