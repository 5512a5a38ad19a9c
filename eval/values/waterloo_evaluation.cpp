#include "eval/values/waterloo_evaluation.h"

#include <algorithm>
#include <cmath>

namespace stratego::eval {
namespace {

using namespace waterloo;

constexpr double kCommanderValue = 6;      // an action a turn (W-7.1)
constexpr double kChiefValue = 12;         // its loss can end the game (W-11.3)
constexpr double kArtilleryValue = 4;      // printed 0, but fires (W-6)
constexpr double kRetreatPressure = 0.04;  // per row closer to the enemy's retreat sector

double unit_value(const WaterlooState& s, int id) {
  const UnitInfo& info = s.unit_info(id);
  switch (info.cls) {
    case UnitClass::kCommander:
      return kCommanderValue;
    case UnitClass::kCommanderInChief:
      return kChiefValue;
    case UnitClass::kArtillery:
      return kArtilleryValue;
    default:
      return s.unit(id).strength;
  }
}

bool in_play(Where w) {
  return w == Where::kBoard || w == Where::kReserve || w == Where::kRecovering;
}

double material(const WaterlooState& s, Side side, double& initial) {
  double now = 0;
  initial = 0;
  for (int id = 0; id < s.num_units(); ++id) {
    if (army_side(s.unit_info(id).army) != side) continue;
    const Where w = s.unit(id).where;
    if (w == Where::kBox) continue;
    initial += unit_value(s, id);
    if (in_play(w)) now += unit_value(s, id);
  }
  return now;
}

// Rows between side's most advanced board piece and the enemy back row in the enemy's
// retreat sector (or the whole back row while the sector is not drawn); 0 best.
int retreat_distance(const WaterlooState& s, Side side) {
  const Side them = other(side);
  const int sector = s.retreat_sector(them);
  const Bitboard target =
      sector >= 0 ? s.sector(them, sector) & s.back_row(them) : s.back_row(them);
  if (!target) return 0;
  const Geometry& g = s.geometry();
  const int target_row = g.row(lsb(target));
  int best = g.height();
  for (Bitboard b = s.side_bb(side); b; b &= b - 1)
    best = std::min(best, std::abs(g.row(lsb(b)) - target_row));
  return best;
}

}  // namespace

double waterloo_margin(const WaterlooState& s, Side side) {
  double init_us = 0, init_them = 0;
  const double us = material(s, side, init_us), them = material(s, other(side), init_them);
  const double scale = std::max(1.0, std::max(init_us, init_them));
  double m = (us / std::max(1.0, init_us) - them / std::max(1.0, init_them)) *
             (init_us + init_them) / (2 * scale);
  m += kRetreatPressure * (retreat_distance(s, other(side)) - retreat_distance(s, side));
  return m;
}

double waterloo_value(const WaterlooState& s, double scale) {
  if (s.over()) {
    const Winner w = s.result().winner;
    return w == Winner::kRed ? 1.0 : w == Winner::kBlue ? 0.0 : 0.5;
  }
  return 1.0 / (1.0 + std::exp(-6.0 * scale * waterloo_margin(s, kRed)));
}

}  // namespace stratego::eval
