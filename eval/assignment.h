// Exact count constraints on assigning identities to hidden pieces, for any game family: n
// pieces, m <= 64 identities; piece i may take identity j iff bit j of its mask is set, and
// identity j must be taken by exactly counts[j] pieces. Whether a complete assignment exists is
// Hall's condition over the unions of the pieces' masks; the same test, run per (piece,
// identity) pair, narrows each mask to the identities that occur in at least one complete
// assignment, so beliefs never give weight to a world that cannot be, and the sampler never
// walks into a dead end. Nothing here knows about Stratego.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace stratego::eval {

using IdMask = std::uint64_t;
constexpr int kMaxIdentities = 64;

// Why no complete assignment exists: `pieces` pieces can only take identities of `ids`, whose
// counts add up to `capacity` < pieces (or, with ids == 0, the counts do not add up to the
// number of pieces).
struct HallViolation {
  IdMask ids = 0;
  int pieces = 0, capacity = 0;
};

// Hall's condition for the pieces that are still to be assigned, kept incrementally: for every
// union T of the distinct masks, slack(T) = (sum of the counts left in T) - (pieces left whose
// mask lies inside T). A complete assignment exists iff the counts left add up to the pieces
// left and every slack is >= 0 (Hall's theorem for b-matchings: the worst set of pieces for a
// given neighbourhood T is all pieces whose masks lie inside T, and only unions of masks can be
// such neighbourhoods).
//
// Cost: the number of distinct unions is at most 2^(identities in use); with the few distinct
// masks that observation histories produce it is small (a nested family of g masks has g).
class HallIndex {
 public:
  HallIndex() = default;
  HallIndex(std::span<const IdMask> masks, std::span<const int> counts);

  bool feasible() const { return total_ok_ && violation_.pieces == 0; }
  // Meaningful when !feasible(); computed at construction.
  HallViolation violation() const { return violation_; }

  // The identities a piece with this mask may take so that the others can still be completed
  // (assumes feasible()): those with a count left whose use keeps every slack >= 0.
  IdMask allowed(IdMask mask) const;
  // Books one piece with this mask as taking identity id (which allowed(mask) must contain).
  void assign(IdMask mask, int id);

 private:
  std::vector<IdMask> unions_;
  std::vector<int> slack_, left_;  // per union; per identity: the count still to give out
  IdMask available_ = 0;           // identities with left_ > 0
  HallViolation violation_;
  bool total_ok_ = true;
};

// Narrows every mask to the identities the piece takes in at least one complete assignment
// (arc consistency for the counting constraint). Returns false and leaves the masks alone if
// no complete assignment exists, with the reason in *why when given.
bool narrow_masks(std::span<IdMask> masks, std::span<const int> counts,
                  HallViolation* why = nullptr);

}  // namespace stratego::eval
