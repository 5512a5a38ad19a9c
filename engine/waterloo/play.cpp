// Applying decisions: counting actions (W-7, W-9.3), moves (W-3), fire (W-6, W-10.3),
// placing (W-7.3), taking heavy cavalry off (W-8.2), and the routing of card, draft, Battle
// Lust and target decisions to their files.
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {
namespace {

// Counts one action of the side to move (W-7.1), Prussian or not (W-9.3).
void count_action(Core& c, bool prussian) {
  ++c.used;
  if (prussian) ++c.used_prussian;
  c.any_action = true;
}

}  // namespace

void Engine::do_decision(S& s, Action a) {
  Core& c = s.core_;
  switch (a.type()) {
    case ActionType::kEarlyStart:
      c.early_start = a.extra() != 0;
      if (s.rules().cards_per_kind > 0) {
        c.phase = Phase::kDraft;
        advance_draft(s);
      } else {
        c.phase = Phase::kSetup;
        c.decider = kRed;
      }
      return;
    case ActionType::kDraftTake:
    case ActionType::kDraftDiscard:
      draft(s, a);
      return;
    case ActionType::kEndTurn:
      end_turn(s);
      return;
    case ActionType::kTakeOff: {
      withdraw(s, c.board[a.from()], Where::kRecovering);
      return;
    }
    case ActionType::kPlace: {
      c.resume = c.phase;
      count_action(c, false);
      place_unit(s, a.from(), a.to());
      after_action(s);
      return;
    }
    case ActionType::kPlayCard: {
      const Side side = c.to_move;
      const int k = a.extra();
      count_action(c, false);
      c.card_played = true;
      --c.hand[side][k];
      ++c.played[side][k];
      play_card(s, CardKind(k));
      return;
    }
    case ActionType::kMove: {
      const int id = c.board[a.from()];
      c.resume = c.phase;
      if (c.phase == Phase::kAction) {
        count_action(c, s.info_[id].army == Army::kPrussian);
      } else if (c.phase == Phase::kInitiative) {
        ++c.card_count;
        c.card_squares |= square_bb(id);  // unit ids that moved
      } else if (c.phase == Phase::kCombined) {
        ++c.card_count;
        c.combined_used = std::uint8_t(c.combined_used |
                                       (is_infantry(s.info_[id].cls) ? kInfantryBit : kCavalryBit));
      }
      do_move(s, a);
      return;
    }
    case ActionType::kFire: {
      const int id = c.board[a.from()];
      c.resume = c.phase;
      if (c.phase == Phase::kAction) {
        count_action(c, s.info_[id].army == Army::kPrussian);
      } else if (c.phase == Phase::kCombined) {
        ++c.card_count;
        c.combined_used |= kArtilleryBit;
      } else if (c.phase == Phase::kBarrage) {
        if (c.card_count++ == 0) {
          // W-12.8: the group is the artillery orthogonally connected to the first firer.
          const Bitboard art = [&] {
            Bitboard b = 0;
            for (int sq : squares(c.side_bb[c.to_move]))
              if (s.info_[c.board[sq]].cls == UnitClass::kArtillery) b |= square_bb(sq);
            return b;
          }();
          Bitboard group = square_bb(a.from()), grow = group;
          while (grow) {
            grow = s.geometry().neighbours(grow) & art & ~group;
            group |= grow;
          }
          c.card_squares = 0;
          for (int sq : squares(group)) c.card_squares |= square_bb(c.board[sq]);
        }
        c.card_squares &= ~square_bb(id);  // fired
      }
      do_fire(s, a.from(), a.to(), a.extra() != 0);
      return;
    }
    case ActionType::kSave: {  // W-13.5: the loser saves a piece
      const int id = c.board[a.from()];
      c.resume = c.phase;
      count_action(c, s.info_[id].army == Army::kPrussian);
      lift_unit(s, id);
      c.units[id].where = Where::kSaved;
      after_action(s);
      return;
    }
    case ActionType::kCardDone:
      end_card(s);
      return;
    case ActionType::kReconPick:
      recon_pick(s, a.to());
      return;
    case ActionType::kChooseTarget:
      choose_target(s, a.to());
      return;
    case ActionType::kBattleLust:
      battle_lust(s, a.extra() != 0);
      return;
    default:
      return;
  }
}

void Engine::do_move(S& s, Action a) {
  Core& c = s.core_;
  const int id = c.board[a.from()];
  if (c.board[a.to()] == kNoUnit) {  // a plain move
    lift_unit(s, id);
    place_unit(s, id, a.to());
    after_action(s);
    return;
  }
  // An attack: walk to the square before the target (W-3.1), then fight (W-5).
  const Direction d = a.dir();
  const int approach = a.to() - s.geometry().delta(d);
  if (approach != a.from()) {
    lift_unit(s, id);
    place_unit(s, id, approach);
  }
  c.attacked = true;
  start_melee(s, id, a.to(), d, false);
}

void Engine::do_fire(S& s, int from, int to, bool building) {
  Core& c = s.core_;
  (void)from;
  if (building) {
    --c.tile_hp[s.tile_of_[to]];  // W-10.3: one hit point; at 0 the tile is plain ground
  } else {
    c.units[c.board[to]].revealed = 3;
    capture(s, c.board[to]);  // W-6.2
  }
  c.attacked = true;
  after_action(s);
}

}  // namespace stratego::waterloo
