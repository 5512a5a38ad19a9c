// The tracker of waterloo_belief.h: each step is read through its token, the pieces it showed,
// captured and withdrew (squares before the step), and the views before and after it. Hidden
// pieces only ever move by their own moves (every melee and every fire shows both pieces,
// W-5.1, W-15.2), so following a hidden piece needs no rule of melee outcomes.
#include "eval/waterloo_belief.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "engine/error.h"
#include "eval/waterloo_posterior.h"

namespace stratego::eval {

using waterloo::Army;
using waterloo::ObservedStep;
using waterloo::Phase;
using waterloo::Pile;
using waterloo::SeenUnit;
using waterloo::UnitClass;
using waterloo::WaterlooView;

namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool face_down(Pile p) { return p == Pile::kReserve || p == Pile::kRecovering || p == Pile::kPool; }

struct MoveToken {
  int from = -1, to = -1;
  bool attack = false;
};

// "e5-e6" or "e5xe7/n" (action_token.h); anything with a prefix is not a move.
std::optional<MoveToken> parse_move(const Geometry& g, std::string_view t) {
  if (t.find(':') != std::string_view::npos) return std::nullopt;
  const auto sep = t.find_first_of("-x", 1);
  if (sep == std::string_view::npos) return std::nullopt;
  const auto slash = t.find('/');
  const auto from = g.parse_square(t.substr(0, sep));
  const auto to = g.parse_square(t.substr(
      sep + 1, slash == std::string_view::npos ? std::string_view::npos : slash - sep - 1));
  if (!from || !to) return std::nullopt;
  return MoveToken{*from, *to, t[sep] == 'x'};
}

// "place:I?@a10" or "prussian:*C?@l5": the square after the '@'.
std::optional<int> placed_square(const Geometry& g, std::string_view t) {
  const auto at = t.rfind('@');
  if (at == std::string_view::npos) return std::nullopt;
  return g.parse_square(t.substr(at + 1));
}

// Where a piece withdrawn by this step went (observation.cpp lists it with the square it left):
// a weakened heavy cavalry taken off recovers (W-8.2), a saved piece is saved (W-13.5), the
// loser of an R face retreats (W-5.5, I-10), and the only other way off the board is a
// commander-in-chief leaving as the pursuit starts (W-13.5).
Pile destination(const ObservedStep& step, const WaterlooView& before, int sq, Army army) {
  if (starts_with(step.action, "off:")) return Pile::kRecovering;
  if (starts_with(step.action, "save:")) return Pile::kSaved;
  if (before.phase == Phase::kDie && starts_with(step.action, "die:") &&
      step.action.back() == 'R' &&
      (sq == before.melee.attacker_sq || sq == before.melee.defender_sq))
    return army == Army::kPrussian ? Pile::kPool : Pile::kReserve;
  return Pile::kLeft;
}

[[noreturn]] void fail(const ObservedStep& step, const std::string& why) {
  std::string msg = "observation ";
  msg += std::to_string(step.number);
  msg += " (";
  msg += step.action;
  msg += "): ";
  msg += why;
  throw InputError(msg);
}

}  // namespace

WaterlooBelief::WaterlooBelief(std::shared_ptr<const Variant> variant, Side viewer)
    : WaterlooBelief(waterloo::make_view(waterloo::WaterlooState(std::move(variant)), viewer)) {}

WaterlooBelief::WaterlooBelief(const WaterlooView& view)
    : ids_(std::make_shared<const WaterlooIdentities>(*view.variant, view.viewer)), view_(view) {
  cols_.resize(std::size_t(ids_->num_blocks()));
  update_bags(view_);
  update_sectors(view_);
}

void WaterlooBelief::setup_bags(Side side, const WaterlooView& after) {
  const waterloo::Rules& r = after.rules();
  const bool early = side == kBlue && after.early_start && !r.early_reserve.empty();
  for (const SeenUnit& u : after.piles[int(Pile::kReserve)]) {
    const int b = ids_->block_of(u);
    if (b < 0 || u.strength >= 0 || waterloo::army_side(u.army) != side) continue;
    const int key = bag_key(b, u.damage, Pile::kReserve);
    if (bags_.count(key)) continue;
    Bag& bg = bag(b, u.damage, Pile::kReserve, Lineage{});
    if (early) {  // W-14.1, I-3: exactly these pieces wait in reserve
      for (const waterloo::UnitSpec& e : r.early_reserve) {
        const int id = ids_->find(u.army, e.cls, e.strength);
        if (id < 0 || ids_->all()[std::size_t(id)].block != b) continue;
        const int col = new_column(b, ids_->all()[std::size_t(id)].local);
        cols_[std::size_t(b)][std::size_t(col)].count = e.count;
        bg.lin.cols |= std::uint64_t(1) << col;
      }
      continue;
    }
    // W-4.2: commanders and commanders-in-chief are placed, never held back.
    for (int id : ids_->block_types(b)) {
      const UnitClass k = ids_->all()[std::size_t(id)].cls;
      if (k != UnitClass::kCommander && k != UnitClass::kCommanderInChief)
        bg.lin.types |= std::uint32_t(1) << ids_->all()[std::size_t(id)].local;
    }
  }
}

void WaterlooBelief::update_bags(const WaterlooView& after) {
  std::map<int, int> count;
  for (Pile p : {Pile::kReserve, Pile::kRecovering, Pile::kPool})
    for (const SeenUnit& u : after.piles[int(p)]) {
      const int b = ids_->block_of(u);
      if (b >= 0 && u.strength < 0) ++count[bag_key(b, u.damage, p)];
    }
  // W-8.2: a side's recovering heavy cavalry all go back to its reserve at full strength when
  // its turn begins; what they may be goes with them.
  for (auto it = bags_.begin(); it != bags_.end();) {
    const int key = it->first, block = key / (16 * 8);
    if (count.count(key)) {
      ++it;
      continue;
    }
    if (Pile(key % 8) == Pile::kRecovering) {
      const Lineage lin = it->second.lin;
      it = bags_.erase(it);
      Bag& to = bag(block, 0, Pile::kReserve, Lineage{});
      to.lin.cols |= lin.cols;
      to.lin.types |= lin.types;
      restamp(block, lin.cols);
      continue;
    }
    it = bags_.erase(it);  // an empty pile holds nothing any more
  }
  for (const auto& [key, n] : count)
    if (!bags_.count(key))
      bag(key / (16 * 8), key / 8 % 16, Pile(key % 8), general(key / (16 * 8)));
}

// W-11.1: after an action the side with two pieces on the enemy's sector wins at once; so a
// sector where the viewer had two pieces while the game went on is not the enemy's.
void WaterlooBelief::update_sectors(const WaterlooView& after) {
  const Side me = after.viewer, enemy = other(me);
  if (after.retreat_sector[enemy] != waterloo::kHiddenSector || waterloo::melee_live(after.phase))
    return;
  const bool won_here = after.result.over() && after.result.reason == EndReason::kLinesOfRetreat &&
                        after.result.winner == winner_of(me);
  if (after.result.over() && !won_here) return;  // ended otherwise: no check was made
  const Geometry& g = after.geometry();
  const int row = enemy == kBlue ? 0 : g.height() - 1, third = g.width() / 3;
  int on[3] = {0, 0, 0};
  for (int col = 0; col < g.width(); ++col) {
    const auto& u = after.board[std::size_t(g.square(col, row))];
    if (u && u->side() == me) ++on[std::min(2, col / third)];
  }
  std::uint8_t two = 0;
  for (int i = 0; i < 3; ++i)
    if (on[i] >= 2) two = std::uint8_t(two | 1 << i);
  sectors_ = std::uint8_t(won_here ? sectors_ & two : sectors_ & ~two);
  if (sectors_ == 0)
    throw InputError(
        "belief: every sector of the enemy's line of retreat has been ruled out (W-11.1)");
}

void WaterlooBelief::observe(const ObservedStep& step, const WaterlooView& after) {
  if (!after.variant || after.variant->spec != view_.variant->spec || after.viewer != view_.viewer)
    fail(step, "the view after it is of another game or player");
  const WaterlooView& before = view_;
  const Geometry& g = after.geometry();
  auto untrack = [&](int sq) { tracked_ &= ~square_bb(sq); };
  for (const auto& [sq, u] : step.shown) {
    if (sq < 0 || !test(tracked_, sq)) continue;
    const int id = ids_->find(u);
    const int b = board_block_[std::size_t(sq)];
    if (id < 0 || ids_->all()[std::size_t(id)].block != b)
      fail(step, "a piece showed an identity its class cannot have");
    if (!reveal(board_[std::size_t(sq)], b, ids_->all()[std::size_t(id)].local))
      fail(step, std::string("the piece on ") + g.square_name(sq) + " showed " + ids_->name(id) +
                     ", which it cannot be by where it came from (W-4.2, W-14.1, W-15.3)");
    untrack(sq);
  }
  for (const auto& [sq, u] : step.withdrawn) {
    const int b = ids_->block_of(u);
    if (sq < 0 || b < 0) continue;
    const auto& was = before.board[std::size_t(sq)];
    if (!was || ids_->block_of(*was) != b)
      fail(step, std::string("a piece left ") + g.square_name(sq) +
                     ", where the view showed none like it");
    const Pile to = destination(step, before, sq, u.army);
    int known = -1;
    Lineage lin = general(b);
    if (was->strength >= 0) {
      const int id = ids_->find(*was);
      if (id < 0)
        fail(step, std::string("a piece of an identity not in the army left ") + g.square_name(sq));
      known = ids_->all()[std::size_t(id)].local;
    } else if (test(tracked_, sq)) {
      lin = board_[std::size_t(sq)];
    }
    untrack(sq);
    if (face_down(to))
      enter(b, u.damage, to, known, lin);
    else if (known < 0 && !(lin == general(b)))
      kept_.push_back({to, b, lin});
  }
  for (const auto& [sq, u] : step.captured) {
    if (sq < 0 || !test(tracked_, sq)) continue;
    const int b = board_block_[std::size_t(sq)];
    if (const int id = ids_->find(u);
        u.strength >= 0 && id >= 0 && ids_->all()[std::size_t(id)].block == b) {
      if (!reveal(board_[std::size_t(sq)], b, ids_->all()[std::size_t(id)].local))
        fail(step, std::string("the piece captured on ") + g.square_name(sq) +
                       " cannot have been " + ids_->name(id));
    } else {
      kept_.push_back({Pile::kCaptured, b, board_[std::size_t(sq)]});
    }
    untrack(sq);
  }
  if (const auto m = parse_move(g, step.action); m && !step.chance && test(tracked_, m->from)) {
    int to = m->to;
    if (m->attack) {  // not shown yet: a Battle Lust question is pending (W-12.7, I-8)
      if (!waterloo::melee_live(after.phase) || after.melee.attacker_sq < 0)
        fail(step, "a hidden attacker was not shown by its melee (W-5.1)");
      to = after.melee.attacker_sq;
    }
    board_[std::size_t(to)] = board_[std::size_t(m->from)];
    board_block_[std::size_t(to)] = board_block_[std::size_t(m->from)];
    untrack(m->from);
    tracked_ |= square_bb(to);
  }
  const bool place = starts_with(step.action, "place:"),
             draw = starts_with(step.action, "prussian:");
  if (place || draw) {
    const auto sq = placed_square(g, step.action);
    if (!sq) fail(step, "no square after '@'");
    const auto& u = after.board[std::size_t(*sq)];
    if (!u) fail(step, std::string("the view shows no piece on ") + g.square_name(*sq));
    const int b = ids_->block_of(*u);
    if (b >= 0 && u->strength < 0) {
      const int key = bag_key(b, u->damage, draw ? Pile::kPool : Pile::kReserve);
      Lineage lin = general(b);
      if (auto it = bags_.find(key); it != bags_.end()) {
        lin = it->second.lin;
        it->second.current.fill(-1);  // later entries were not there when this piece left
      }
      board_[std::size_t(*sq)] = lin;
      board_block_[std::size_t(*sq)] = std::int8_t(b);
      tracked_ |= square_bb(*sq);
    }
  }
  if (step.setup && step.actor != viewer()) setup_bags(step.actor, after);
  for (int sq : squares(tracked_)) {  // every piece followed is still there, still hidden
    const auto& u = after.board[std::size_t(sq)];
    if (!u || u->strength >= 0 || ids_->block_of(*u) != board_block_[std::size_t(sq)])
      fail(step, std::string("the hidden piece followed to ") + g.square_name(sq) +
                     " is not there in the view after it");
  }
  view_ = after;
  update_bags(view_);
  update_sectors(view_);
}

Lineage WaterlooBelief::board_lineage(int sq, int block) const {
  return test(tracked_, sq) && board_block_[std::size_t(sq)] == block ? board_[std::size_t(sq)]
                                                                      : general(block);
}

Lineage WaterlooBelief::pile_lineage(int block, int damage, Pile pile) const {
  const auto it = bags_.find(bag_key(block, damage, pile));
  return it == bags_.end() ? general(block) : it->second.lin;
}

std::vector<Lineage> WaterlooBelief::kept_lineages(Pile pile, int block) const {
  std::vector<Lineage> out;
  for (const Kept& k : kept_)
    if (k.pile == pile && k.block == block) out.push_back(k.lin);
  return out;
}

WaterlooPosterior WaterlooBelief::posterior() const { return WaterlooPosterior(*this); }

}  // namespace stratego::eval
