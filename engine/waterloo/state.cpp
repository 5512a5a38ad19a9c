// WaterlooState: construction, positions built by hand, the apply/undo entry points, chance
// outcomes, the turn flow (W-1.3, W-7, W-9.2 timing) and the victory checks (W-11, W-13.1,
// W-13.2). The rules of each action live in play.cpp, melee.cpp, cards.cpp and pursuit.cpp.
#include "engine/waterloo/state.h"

#include <algorithm>
#include <cstdio>

#include "engine/error.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {

WaterlooState::WaterlooState(std::shared_ptr<const Variant> variant)
    : variant_(std::move(variant)) {
  if (!variant_ || variant_->family != Family::kWaterloo)
    throw InputError("variant '" + (variant_ ? variant_->name : std::string("?")) +
                     "' is not a Waterloo variant (family = waterloo)");
  const Rules& r = rules();
  const Geometry& g = geometry();
  for (int a = 0; a < kNumArmies; ++a) {
    army_ids_[a][0] = int(info_.size());
    for (const UnitSpec& u : r.units) {
      if (int(u.army) != a) continue;
      for (int i = 0; i < u.count; ++i) {
        if (u.cls == UnitClass::kCommanderInChief) cic_[a] = int(info_.size());
        if (u.cls == UnitClass::kCommander) commander_[a] = int(info_.size());
        info_.push_back({u.army, u.cls, u.strength});
      }
    }
    army_ids_[a][1] = int(info_.size());
  }
  if (info_.size() > std::size_t(kMaxUnits - 1)) throw InputError("too many Waterloo units");
  tile_of_.fill(-1);
  for (std::size_t t = 0; t < r.tiles.size() && t < tile_sq_.size(); ++t) {
    const Tile& tile = r.tiles[t];
    tile_sq_[t] = tile.squares;
    for (int sq : squares(tile.squares)) tile_of_[sq] = std::int8_t(t);
    if (tile.kind == TileKind::kBuilding) building_sq_ |= tile.squares;
    if (tile.kind == TileKind::kHill) hill_sq_ |= tile.squares;
    if (tile.kind == TileKind::kVillage) village_sq_ |= tile.squares;
  }
  mud_sq_ = r.mud;
  for (int row = 0; row < variant_->setup_rows; ++row) {
    zone_[kBlue] |= g.row_bb(row);
    zone_[kRed] |= g.row_bb(g.height() - 1 - row);
  }
  back_row_[kBlue] = g.row_bb(0);
  back_row_[kRed] = g.row_bb(g.height() - 1);
  const int third = g.width() / 3;
  for (Side s : {kRed, kBlue})
    for (int sq : squares(back_row_[s]))
      sector_[s][std::min(2, g.col(sq) / third)] |= square_bb(sq);
  clear();
  // A real game: the armies wait in the box for their set-up, the Prussians in their pool.
  for (int id = army_begin(Army::kPrussian); id < army_end(Army::kPrussian); ++id)
    core_.units[id].where = Where::kPool;
  core_.turn = 1;
  for (int k = 0; k < kNumCardKinds; ++k) core_.pool[k] = std::uint8_t(r.cards_per_kind);
  if (r.early_start) {
    core_.phase = Phase::kEarlyStart;
    core_.decider = kBlue;
  } else if (r.cards_per_kind > 0) {
    core_.phase = Phase::kDraft;
    Engine::advance_draft(*this);
  } else {
    core_.phase = Phase::kSetup;
    core_.decider = kRed;
  }
}

void WaterlooState::clear() {
  core_ = Core{};
  core_.board.fill(kNoUnit);
  for (int id = 0; id < num_units(); ++id) core_.units[id].strength = info_[id].strength;
  for (std::size_t t = 0; t < rules().tiles.size() && t < 8; ++t)
    core_.tile_hp[t] = std::int8_t(rules().building_hp);
  core_.phase = Phase::kAction;
  const Rules& r = rules();
  const bool have_prussians = army_end(Army::kPrussian) > army_begin(Army::kPrussian);
  core_.prussians_come = r.prussian_roll ? -1 : (have_prussians && r.prussian_turn > 0 ? 1 : 0);
  history_.clear();
}

int WaterlooState::put(Army army, UnitClass c, int strength, int sq) {
  if (sq < 0 || sq >= geometry().num_squares()) throw InputError("put: no such square");
  if (core_.board[sq] != kNoUnit)
    throw InputError("put: " + geometry().square_name(sq) + " is occupied");
  for (int id = army_begin(army); id < army_end(army); ++id) {
    const UnitInfo& u = info_[id];
    if (core_.units[id].where != Where::kBox || u.cls != c) continue;
    if (strength >= 0 && u.strength != strength) continue;
    Engine::place_unit(*this, id, sq);
    return id;
  }
  throw InputError("put: no unused " + std::string(kArmyNames[int(army)]) + " " +
                   std::string(kClassNames[int(c)]) + " of strength " + std::to_string(strength));
}

void WaterlooState::move_unit_to(int id, Where where, int sq) {
  if (where == Where::kReserve || where == Where::kRecovering || where == Where::kPool) {
    Engine::withdraw(*this, id, where);
    return;
  }
  if (core_.units[id].where == Where::kBoard) Engine::lift_unit(*this, id);
  if (where == Where::kBoard) Engine::place_unit(*this, id, sq);
  core_.units[id].where = where;
}

void WaterlooState::begin_turn(int turn, Side s) {
  core_.turn = std::int16_t(turn);
  core_.pursuit = false;
  core_.result = {};
  Engine::begin_side_turn(*this, s);
}

bool WaterlooState::is_chance() const {
  switch (core_.phase) {
    case Phase::kRetreatCard:
    case Phase::kPrussianRoll:
    case Phase::kPrussianDraw:
    case Phase::kDie:
      return true;
    default:
      return false;
  }
}

int WaterlooState::chance_outcomes(Action* out, double* prob, int capacity) const {
  int n = 0;
  auto add = [&](Action a, double p) {
    if (n < capacity) {
      out[n] = a;
      prob[n] = p;
    }
    ++n;
  };
  switch (core_.phase) {
    case Phase::kRetreatCard:
      for (int i = 0; i < 3; ++i) add(Action::make(ActionType::kRetreatCard, 0, 0, 0, i), 1.0 / 3);
      break;
    case Phase::kPrussianRoll:  // W-14.2: three red faces of six
      add(Action::make(ActionType::kPrussianRoll, 0, 0, 0, 1), 0.5);
      add(Action::make(ActionType::kPrussianRoll, 0, 0, 0, 0), 0.5);
      break;
    case Phase::kPrussianDraw: {
      // Pieces of the same class and strength are one outcome, weighted by their count.
      int total = 0, flag = -1;
      for (int sq : squares(rules().prussian_squares & ~occupied())) {
        flag = sq;
        break;
      }
      std::array<int, kMaxUnits> count{};
      for (int id = army_begin(Army::kPrussian); id < army_end(Army::kPrussian); ++id) {
        if (core_.units[id].where != Where::kPool) continue;
        ++total;
        int first = id;
        for (int o = army_begin(Army::kPrussian); o < id; ++o)
          if (core_.units[o].where == Where::kPool && info_[o].cls == info_[id].cls &&
              info_[o].strength == info_[id].strength) {
            first = o;
            break;
          }
        ++count[first];
      }
      for (int id = army_begin(Army::kPrussian); id < army_end(Army::kPrussian); ++id)
        if (count[id])
          add(Action::make(ActionType::kDrawPrussian, id, flag), double(count[id]) / total);
      break;
    }
    case Phase::kDie:
      for (int f = 0; f < kNumDieFaces; ++f)
        add(Action::make(ActionType::kDie, 0, 0, 0, f), 1.0 / 6);
      break;
    default:
      break;
  }
  return n;
}

std::vector<std::pair<Action, double>> WaterlooState::chance_outcomes() const {
  Action a[kMaxUnits];
  double p[kMaxUnits];
  const int n = chance_outcomes(a, p, kMaxUnits);
  std::vector<std::pair<Action, double>> out;
  for (int i = 0; i < n; ++i) out.emplace_back(a[i], p[i]);
  return out;
}

void WaterlooState::end_externally(EndReason why, Side loser) {
  if (!is_external_end(why))
    throw InputError("end_externally: " + std::string(end_reason_name(why)) +
                     " is a rule's ending");
  if (why == EndReason::kDrawAgreed)
    core_.result = {Winner::kDraw, why, ResultKind::kIndecisive, 0};
  else
    core_.result = {winner_of(other(loser)), why, ResultKind::kDecisive, 0};
  core_.phase = Phase::kOver;
}

Action WaterlooState::apply_random_chance(Rng& rng) {
  Action a[kMaxUnits];
  double p[kMaxUnits];
  const int n = chance_outcomes(a, p, kMaxUnits);
  double x = rng.uniform01();
  int pick = n - 1;
  for (int i = 0; i < n; ++i) {
    if (x < p[i]) {
      pick = i;
      break;
    }
    x -= p[i];
  }
  apply_unchecked(a[pick]);
  return a[pick];
}

void WaterlooState::legal_actions(ActionList& list) const {
  list.clear();
  if (is_chance() || over() || core_.phase == Phase::kSetup) return;
  Engine::gen_actions(*this, list);
}

bool WaterlooState::is_legal(Action a) const {
  if (is_chance()) {
    for (const auto& [o, p] : chance_outcomes())
      if (o == a) return true;
    return false;
  }
  static thread_local ActionList list;
  legal_actions(list);
  return list.contains(a);
}

void WaterlooState::apply(Action a) {
  if (!is_legal(a))
    throw InputError("action '" + action_token(*this, a) + "' is not legal now (phase " +
                     std::string(phase_name(core_.phase)) + ")");
  apply_unchecked(a);
}

void WaterlooState::apply_unchecked(Action a) {
  if (keep_history_) history_.push_back(core_);
  switch (a.type()) {
    case ActionType::kRetreatCard:
      // The Allies draw first, then the French.
      core_.retreat_sector[core_.retreat_sector[kRed] < 0 ? kRed : kBlue] = std::int8_t(a.extra());
      if (core_.retreat_sector[kBlue] >= 0) Engine::start_play(*this);
      break;
    case ActionType::kPrussianRoll:
      core_.prussians_come = std::int8_t(a.extra());
      Engine::turn_start_events(*this);
      break;
    case ActionType::kDrawPrussian:
      Engine::place_unit(*this, a.from(), a.to());
      core_.units[a.from()].revealed = 0;  // W-9.1: hidden from both
      Engine::turn_start_events(*this);
      break;
    case ActionType::kDie:
      Engine::apply_die(*this, DieFace(a.extra()));
      break;
    default:
      Engine::do_decision(*this, a);
  }
}

void WaterlooState::undo() {
  if (history_.empty()) throw InputError("undo: nothing to undo");
  core_ = history_.back();
  history_.pop_back();
}

bool WaterlooState::operator==(const WaterlooState& o) const { return core_ == o.core_; }

std::string WaterlooState::clock_time() const {
  const int minutes = 11 * 60 + (core_.turn - 1) * 30;
  char buf[16];
  std::snprintf(buf, sizeof buf, "%02d:%02d", minutes / 60, minutes % 60);
  return buf;
}

bool WaterlooState::prussians_acting() const {
  const Rules& r = rules();
  return core_.prussians_come == 1 && r.prussian_turn > 0 && core_.turn > r.prussian_turn &&
         army_end(Army::kPrussian) > army_begin(Army::kPrussian);
}

int WaterlooState::actions_per_turn(Side s) const {
  const Rules& r = rules();
  if (s == kBlue) return std::max(0, r.actions - Engine::losses(*this, Army::kFrench));
  if (prussians_acting())
    return std::max(0, r.prussian_actions - Engine::losses(*this, Army::kAllied) -
                           Engine::losses(*this, Army::kPrussian));
  return std::max(0, r.actions - Engine::losses(*this, Army::kAllied));
}

int WaterlooState::actions_left() const {
  return std::max(0, actions_per_turn(core_.to_move) - core_.used);
}

int WaterlooState::tile_at(int sq) const { return tile_of_[sq]; }

std::optional<Side> WaterlooState::building_owner(int tile) const {
  if (tile < 0 || core_.tile_hp[tile] <= 0 || rules().tiles[tile].kind != TileKind::kBuilding)
    return std::nullopt;
  const Bitboard sqs = tile_sq_[tile];
  for (Side s : {kRed, kBlue})
    if ((core_.side_bb[s] & sqs) == sqs) return s;
  return std::nullopt;
}

int WaterlooState::melee_strength(int id, bool attacking) const {
  const Melee& m = core_.melee;
  const int other = attacking ? m.defender : m.attacker;
  return Engine::melee_strength(*this, id, attacking, other);
}

int WaterlooState::melee_strength(int id, bool attacking, int other) const {
  return Engine::melee_strength(*this, id, attacking, other);
}

// ---------------------------------------------------------------------------------------

void Engine::place_unit(S& s, int id, int sq) {
  Core& c = s.core_;
  c.board[sq] = std::uint8_t(id);
  c.side_bb[side_of(s, id)] |= square_bb(sq);
  if (s.info_[id].army == Army::kPrussian) c.prussian_bb |= square_bb(sq);
  c.units[id].where = Where::kBoard;
  c.units[id].sq = std::uint8_t(sq);
}

void Engine::lift_unit(S& s, int id) {
  Core& c = s.core_;
  const int sq = c.units[id].sq;
  c.board[sq] = kNoUnit;
  c.side_bb[side_of(s, id)] &= ~square_bb(sq);
  c.prussian_bb &= ~square_bb(sq);
}

void Engine::withdraw(S& s, int id, Where where) {
  Core& c = s.core_;
  if (c.units[id].where == Where::kBoard) lift_unit(s, id);
  c.units[id].where = where;
  // Once the blocks mix, only the owner knows which one this is (owner_knows in view.cpp;
  // for a Prussian nobody does), so the facts a view shows on a block drop back to those of
  // a fresh one. Kept, they would tell the enemy which reserve piece came back: its strength
  // through his reveal bit, and that it is the one that fought through the owner's bit and
  // the last attack (both public on the board). The clip of a weakened HC is on the block
  // itself and stays (W-8.1). I-22: W-8.2's wait counts from attacks after it is placed again.
  c.units[id].revealed = 0;
  c.units[id].last_attack = UnitState{}.last_attack;
}

}  // namespace stratego::waterloo
