#include "protocol/ucc/ucc_tracker.h"

#include <algorithm>
#include <array>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/text_util.h"

namespace stratego::protocol {
namespace {

using text::quoted;

std::string where(const Geometry& g, int sq) {
  return std::string("(") + std::to_string(ucc_x(g, sq)) + ", " + std::to_string(ucc_y(g, sq)) +
         ") = " + g.square_name(sq);
}

Outcome expected_outcome(UccOutcome o) {
  return o == UccOutcome::kKills  ? Outcome::kAttackerWins
         : o == UccOutcome::kDies ? Outcome::kDefenderWins
                                  : Outcome::kBothRemoved;
}

}  // namespace

UccTracker::UccTracker(std::shared_ptr<const Variant> variant, Side me,
                       std::string_view own_setup_line, std::uint64_t seed)
    : me_(me), state_(variant) {
  const Variant& v = *variant;
  const Setup own = parse_setup(v, me, own_setup_line);
  Rng rng(seed ^ 0x5543435472616b31ull);
  const Setup enemy = random_setup(v, other(me), rng);
  state_ = initial_state(variant, me == kRed ? own : enemy, me == kRed ? enemy : own);
}

std::vector<std::string> UccTracker::legal_tokens() const {
  MoveList list;
  generate_moves(state_, list);
  std::vector<std::string> out;
  out.reserve(std::size_t(list.size));
  for (int i = 0; i < list.size; ++i) out.push_back(move_to_text(list[i], state_.geometry()));
  return out;
}

void UccTracker::fix_enemy(int sq, std::optional<Kind> kind, std::string_view line) {
  const Side enemy = other(me_);
  const Variant& v = state_.variant();
  const Kind current = piece_kind(state_.at(sq));
  const bool revealed = state_.flags(sq) & kRevealedFlag;
  auto contradiction = [&](const std::string& what) {
    return InputError(std::string("UCC message ") + quoted(ucc_trim(line)) + ": " + what);
  };
  if (revealed || (!kind && v.can_move(current))) {
    if (kind && *kind != current)
      throw contradiction(std::string("the piece on ") + where(state_.geometry(), sq) +
                          " was shown to be a " + std::string(kind_name(current)) + ", not a " +
                          std::string(kind_name(*kind)));
    if (!kind && !v.can_move(current))
      throw contradiction(std::string("the ") + std::string(kind_name(current)) + " on " +
                          where(state_.geometry(), sq) + " cannot move");
    return;
  }
  // The unrevealed enemy pieces and the multiset of their placeholder kinds: that is what
  // the enemy has left whose place we do not know.
  std::vector<int> hidden;
  std::array<int, kNumKinds> left{};
  for (int s : squares(state_.side_bb(enemy)))
    if (!(state_.flags(s) & kRevealedFlag)) {
      hidden.push_back(s);
      ++left[piece_kind(state_.at(s))];
    }
  Kind pick = kind.value_or(kUnknown);
  if (!kind) {  // any kind that moves will do; take the commonest, which disturbs least
    int best = 0;
    for (Kind k : kAllKinds)
      if (v.can_move(k) && left[k] > best) best = left[k], pick = k;
    if (pick == kUnknown) throw contradiction("the enemy has no piece left that can move");
  } else if (!v.can_move(pick) && (state_.flags(sq) & kMovedFlag)) {
    throw contradiction(std::string("the piece on ") + where(state_.geometry(), sq) +
                        " has moved, so it is no " + std::string(kind_name(pick)));
  } else if (left[pick] == 0) {
    throw contradiction(std::string("the enemy has no ") + std::string(kind_name(pick)) +
                        " left whose place we do not know");
  }
  --left[pick];
  // Deal the rest: Bombs and the Flag first, to pieces that never moved; then the others.
  std::vector<int> still, moved;
  for (int s : hidden)
    if (s != sq) ((state_.flags(s) & kMovedFlag) ? moved : still).push_back(s);
  std::vector<std::pair<int, Kind>> deal{{sq, pick}};
  std::size_t next_still = 0;
  for (Kind k : kAllKinds) {
    if (v.can_move(k)) continue;
    for (; left[k] > 0; --left[k]) {
      if (next_still == still.size())
        throw contradiction(
            "the enemy's Bombs and Flag cannot all stand on pieces that never moved");
      deal.push_back({still[next_still++], k});
    }
  }
  std::vector<int> rest(still.begin() + std::ptrdiff_t(next_still), still.end());
  rest.insert(rest.end(), moved.begin(), moved.end());
  std::size_t next = 0;
  for (Kind k : kAllKinds)
    for (; left[k] > 0; --left[k]) deal.push_back({rest[next++], k});
  for (const auto& [s, k] : deal) state_.put(s, enemy, k, state_.flags(s));
}

std::optional<ObservedMove> UccTracker::apply(const UccConfirmation& c, Side mover,
                                              std::string_view line) {
  const Geometry& g = state_.geometry();
  auto contradiction = [&](const std::string& what) {
    return InputError(std::string("UCC confirmation ") + quoted(ucc_trim(line)) + ": " + what);
  };
  if (c.outcome == UccOutcome::kIllegal) {  // refused: the board stays as it was
    if (state_.side_to_move() == mover) pass();
    return std::nullopt;
  }
  if (c.outcome == UccOutcome::kVictoryAttrition) return std::nullopt;
  const Move m = ucc_to_move(g, c.move);
  const int from = m.from(), to = m.to();
  const Piece p = state_.at(from);
  if (p == kNoPiece || piece_side(p) != mover)
    throw contradiction(std::string("we know no ") + std::string(side_name(mover)) + " piece on " +
                        where(g, from));
  const bool combat = c.outcome != UccOutcome::kOk;
  const Piece target = state_.at(to);
  if (combat != (target != kNoPiece && piece_side(target) != mover))
    throw contradiction(combat ? "there is no enemy piece on " + where(g, to) + " to attack"
                               : "the move ends on " + where(g, to) + ", which is not empty");
  const Kind attacker = c.outcome == UccOutcome::kVictoryFlag ? kUnknown : c.attacker;
  const Kind defender = c.outcome == UccOutcome::kVictoryFlag ? kFlag : c.defender;
  if (mover == me_) {
    if (attacker != kUnknown && attacker != piece_kind(p))
      throw contradiction(std::string("our piece on ") + where(g, from) + " is a " +
                          std::string(kind_name(piece_kind(p))) + ", not a " +
                          std::string(kind_name(attacker)));
    if (combat) fix_enemy(to, defender, line);
  } else {
    if (combat && piece_kind(target) != defender)
      throw contradiction(std::string("our piece on ") + where(g, to) + " is a " +
                          std::string(kind_name(piece_kind(target))) + ", not a " +
                          std::string(kind_name(defender)));
    std::optional<Kind> shown;
    if (attacker != kUnknown) shown = attacker;
    if (c.move.steps > 1) {
      if (shown && *shown != kScout)
        throw contradiction("only a Scout moves more than one square, but the attacker was a " +
                            std::string(kind_name(*shown)));
      shown = kScout;
    }
    fix_enemy(from, shown, line);
  }
  state_.set_side_to_move(mover);
  if (!is_legal(state_, m))
    throw contradiction(std::string("the move ") + move_to_text(m, g) +
                        " is not legal in the position we track");
  if (combat && c.outcome != UccOutcome::kVictoryFlag &&
      state_.outcome_of(m) != expected_outcome(c.outcome))
    throw contradiction(std::string("by the rules a ") +
                        std::string(kind_name(piece_kind(state_.at(from)))) + " attacking a " +
                        std::string(kind_name(piece_kind(state_.at(to)))) + " does not give " +
                        std::string(ucc_outcome_name(c.outcome)));
  state_.make(m);
  return observe(state_, state_.history().back(), me_);
}

void UccTracker::pass() { state_.set_side_to_move(other(state_.side_to_move())); }

void UccTracker::check_board(const std::vector<std::string>& board) const {
  const Geometry& g = state_.geometry();
  const std::vector<std::string> ours = format_ucc_board(view());
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    const std::size_t y = std::size_t(ucc_y(g, sq)), x = std::size_t(ucc_x(g, sq));
    const char theirs = board[y][x], mine = ours[y][x];
    const bool enemy_there = mine == '#';
    // Any token is accepted on an enemy square: a manager may show pieces it revealed.
    const bool same = theirs == mine ||
                      (enemy_there && (theirs == '#' || kind_from_ucc_token(theirs))) ||
                      (kind_from_ucc_token(theirs) && kind_from_ucc_token(mine) &&
                       kind_from_ucc_token(theirs) == kind_from_ucc_token(mine));
    if (!same)
      throw InputError(std::string("UCC board line ") + std::to_string(y + 1) + " shows " +
                       quoted(std::string(1, theirs)) + " at " + where(g, sq) + " where we track " +
                       quoted(std::string(1, mine)) + " (the manager's game and ours differ)");
  }
}

}  // namespace stratego::protocol
