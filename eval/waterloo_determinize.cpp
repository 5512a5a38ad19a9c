// Determinizations (waterloo_posterior.h). One world is built the slow, obvious way: the view
// with every hidden piece filled in, read as a full view (notation.h, state_from_full_view). Its
// hidden units are then only relabelled per sample: the units of each identity change places,
// each taking the state of the place it goes to (where, square, clip, reveals, last attack),
// and the pieces the engine follows by unit id (the melee, Initiative and Barrage) are found
// again by square. No allocation per sample.
#include <algorithm>

#include "engine/error.h"
#include "engine/waterloo/notation.h"
#include "eval/waterloo_posterior.h"

namespace stratego::eval {

using waterloo::Pile;
using waterloo::UnitState;
using waterloo::WaterlooState;
using waterloo::Where;

namespace {

constexpr Where kPileWhere[waterloo::kNumPiles] = {Where::kReserve, Where::kRecovering,
                                                   Where::kPool,    Where::kCaptured,
                                                   Where::kSaved,   Where::kLeft};

}  // namespace

void WaterlooPosterior::build_template() {
  Rng rng(0x5eed);
  std::vector<int> assign;
  sample(rng, assign);
  const int sector = sector_hidden() ? sample_sector(rng) : 0;
  template_ = std::make_shared<const WaterlooState>(
      waterloo::state_from_full_view(full_view(assign, sector)));
  const WaterlooState& s = *template_;
  const Side viewer = view_.viewer;
  // The template's unit for each piece: by square on the board; off the board, the hidden
  // units of the same pile, block and clip, in order (they look alike, so any order will do).
  std::vector<bool> used(std::size_t(s.num_units()), false);
  slot_.resize(pieces_.size());
  unit_of_identity_.assign(ids_->all().size(), {});
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const HiddenPiece& h = pieces_[i];
    int unit = -1;
    if (h.square >= 0) {
      unit = s.unit_at(h.square);
    } else {
      const Where where = h.pile >= 0 ? kPileWhere[h.pile] : Where::kBox;
      for (int id = s.army_begin(h.army); id < s.army_end(h.army) && unit < 0; ++id) {
        const waterloo::UnitInfo& info = s.unit_info(id);
        if (used[std::size_t(id)] || s.unit(id).where != where ||
            waterloo::apparent_class(info.cls) != h.shown ||
            info.strength - s.unit(id).strength != h.damage)
          continue;
        if (where != Where::kBox && waterloo::identity_known(s, id, viewer)) continue;
        unit = id;
      }
    }
    if (unit < 0 || used[std::size_t(unit)])
      throw InputError("belief: the determinized world lost a hidden piece (internal error)");
    used[std::size_t(unit)] = true;
    slot_[i] = s.unit(unit);
    unit_of_identity_[std::size_t(assign[i])].push_back(unit);
  }
}

void WaterlooPosterior::determinize(Rng& rng, WaterlooState& world) const {
  thread_local std::vector<int> assign;
  thread_local std::vector<int> next;
  sample(rng, assign);
  waterloo::Core c = template_->core();
  next.assign(unit_of_identity_.size(), 0);
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const auto j = std::size_t(assign[i]);
    const int id = unit_of_identity_[j][std::size_t(next[j]++)];
    UnitState u = slot_[i];
    u.strength = std::uint8_t(template_->unit_info(id).strength - pieces_[i].damage);
    c.units[std::size_t(id)] = u;
    if (u.where == Where::kBoard) c.board[u.sq] = std::uint8_t(id);
  }
  if (waterloo::melee_live(view_.phase)) {
    const auto unit_on = [&](int sq) {
      return sq < 0 ? waterloo::kNoUnit : c.board[std::size_t(sq)];
    };
    c.melee.attacker = unit_on(view_.melee.attacker_sq);
    c.melee.defender = unit_on(view_.melee.defender_sq);
  }
  if (view_.card.active && (view_.card.kind == waterloo::CardKind::kInitiative ||
                            view_.card.kind == waterloo::CardKind::kArtilleryBarrage)) {
    c.card_squares = 0;
    for (int sq : squares(view_.card.squares))
      c.card_squares |= square_bb(c.board[std::size_t(sq)]);
  }
  if (sector_hidden()) c.retreat_sector[other(view_.viewer)] = std::int8_t(sample_sector(rng));
  if (world.variant_ptr() != template_->variant_ptr() || world.history_size() > 0)
    world = *template_;
  world.set_core(c);
}

WaterlooState WaterlooPosterior::determinize(Rng& rng) const {
  WaterlooState out = *template_;
  determinize(rng, out);
  return out;
}

WaterlooState determinize(const waterloo::WaterlooView& start, std::span<const ViewedStep> history,
                          Rng& rng) {
  WaterlooBelief belief(start);
  for (const ViewedStep& s : history) belief.observe(s.step, s.after);
  return belief.posterior().determinize(rng);
}

}  // namespace stratego::eval
