// Sides and piece kinds of the classic family.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace stratego {

enum Side : std::uint8_t { kRed = 0, kBlue = 1 };
constexpr Side other(Side s) { return Side(s ^ 1); }
constexpr std::string_view side_name(Side s) { return s == kRed ? "red" : "blue"; }

// Kinds in rank order; the value of Spy..Marshal is the rank printed on the piece (C-2). The
// two Clone Wars powered pieces (CW-2a) come after the Bomb: each is a distinct identity for
// set-ups and beliefs, and fights with the rank of its rank-mates (rank_of).
enum Kind : std::uint8_t {
  kFlag = 0,
  kSpy = 1,
  kScout = 2,
  kMiner = 3,
  kSergeant = 4,
  kLieutenant = 5,
  kCaptain = 6,
  kMajor = 7,
  kColonel = 8,
  kGeneral = 9,
  kMarshal = 10,
  kBomb = 11,
  kAngerCaptain = 12,  // CW-3: the rank-6 piece with Anger
  kRangedMajor = 13,   // CW-4: the rank-7 piece with Ranged attack
  kUnknown = 15,       // in a player's view: an enemy piece whose kind that player does not know
};
// Kinds fit 4 bits (a Piece keeps the kind in its low nibble) and kUnknown is never a real kind.
constexpr int kNumKinds = 14;
static_assert(kNumKinds <= kUnknown);
constexpr std::array<Kind, kNumKinds> kAllKinds{
    kFlag,  kSpy,     kScout,   kMiner,   kSergeant, kLieutenant,   kCaptain,
    kMajor, kColonel, kGeneral, kMarshal, kBomb,     kAngerCaptain, kRangedMajor};

constexpr std::array<std::string_view, kNumKinds> kKindNames{
    "flag",  "spy",     "scout",   "miner",   "sergeant", "lieutenant",    "captain",
    "major", "colonel", "general", "marshal", "bomb",     "anger-captain", "ranged-major"};

// Letters of the Gravon archive and of data/setups (A is an empty square); N and O,
// which the archive does not use, are the Clone Wars powered pieces.
constexpr std::array<char, kNumKinds> kKindLetters{'M', 'C', 'D', 'E', 'F', 'G', 'H',
                                                   'I', 'J', 'K', 'L', 'B', 'N', 'O'};

// The rank a piece fights with (C-5.2): Spy 1 .. Marshal 10, the powered pieces those of their
// rank-mates. Flag and Bomb never compare ranks (combat.h handles them first).
constexpr int rank_of(Kind k) { return k == kAngerCaptain ? 6 : k == kRangedMajor ? 7 : int(k); }

constexpr std::string_view kind_name(Kind k) { return kKindNames[k]; }
constexpr char kind_letter(Kind k) { return kKindLetters[k]; }

inline std::optional<Kind> kind_from_name(std::string_view name) {
  for (Kind k : kAllKinds)
    if (kKindNames[k] == name) return k;
  return std::nullopt;
}
inline std::optional<Kind> kind_from_letter(char upper) {
  for (Kind k : kAllKinds)
    if (kKindLetters[k] == upper) return k;
  return std::nullopt;
}

// A square's content in the mailbox: 0 is empty, otherwise side * 16 + kind + 1.
using Piece = std::uint8_t;
constexpr Piece kNoPiece = 0;
constexpr Piece make_piece(Side s, Kind k) { return Piece(s * 16 + k + 1); }
constexpr Side piece_side(Piece p) { return Side((p - 1) >> 4); }
constexpr Kind piece_kind(Piece p) { return Kind((p - 1) & 15); }

}  // namespace stratego
