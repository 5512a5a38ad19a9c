// The posterior (waterloo_posterior.h): the hidden pieces of the view with what the view and the
// tracker allow each, one counting sampler per block, and the enemy's retreat sector.
#include "eval/waterloo_posterior.h"

#include <string>

#include "engine/error.h"

namespace stratego::eval {

using waterloo::Pile;
using waterloo::SeenUnit;
using waterloo::UnitClass;
using waterloo::WaterlooView;

namespace {

bool face_down(int p) {
  return p == int(Pile::kReserve) || p == int(Pile::kRecovering) || p == int(Pile::kPool);
}

[[noreturn]] void no_world(const WaterlooIdentities& ids, int b, const std::string& why) {
  std::string msg = "belief: no identities of the ";
  msg += ids.block_name(b);
  msg += " fit what ";
  msg += side_name(ids.viewer());
  msg += " observed: ";
  msg += why;
  throw InputError(msg);
}

}  // namespace

WaterlooPosterior::WaterlooPosterior(const WaterlooBelief& belief)
    : ids_(belief.identities_ptr()), view_(belief.view()) {
  const WaterlooIdentities& ids = *ids_;
  const int nb = ids.num_blocks();
  remaining_.assign(ids.all().size(), 0);
  for (std::size_t j = 0; j < ids.all().size(); ++j) remaining_[j] = ids.all()[j].total;
  std::vector<int> in_view(std::size_t(nb), 0);
  std::vector<Lineage> lineage;
  std::vector<std::vector<Lineage>> kept(std::size_t(nb * waterloo::kNumPiles));
  for (int b = 0; b < nb; ++b)
    for (int p = 0; p < waterloo::kNumPiles; ++p)
      if (!face_down(p))
        kept[std::size_t(b * waterloo::kNumPiles + p)] = belief.kept_lineages(Pile(p), b);
  // Every unit of a hidden army in the view: known ones count off their identity, hidden ones
  // become pieces with what their past allows.
  auto add = [&](const SeenUnit& u, int sq, int pile, int index) {
    const int b = ids.block_of(u);
    if (b < 0) return;
    ++in_view[std::size_t(b)];
    if (u.strength >= 0) {
      const int id = ids.find(u);
      if (id < 0 || --remaining_[std::size_t(id)] < 0)
        no_world(ids, b,
                 std::string("the view shows more ") +
                     (id < 0 ? std::string("pieces of this kind") : ids.name(id)) +
                     " than the army has");
      return;
    }
    pieces_.push_back({u.army, waterloo::apparent_class(u.cls), u.damage, sq, pile, b});
    pile_index_.push_back(index);
    if (sq >= 0) {
      lineage.push_back(belief.board_lineage(sq, b));
    } else if (face_down(pile)) {
      lineage.push_back(belief.pile_lineage(b, u.damage, Pile(pile)));
    } else {
      auto& k = kept[std::size_t(b * waterloo::kNumPiles + pile)];
      lineage.push_back(k.empty() ? belief.general(b) : k.back());
      if (!k.empty()) k.pop_back();
    }
  };
  const Geometry& g = view_.geometry();
  for (int sq = 0; sq < g.num_squares(); ++sq)
    if (view_.board[std::size_t(sq)]) add(*view_.board[std::size_t(sq)], sq, -1, -1);
  for (int p = 0; p < waterloo::kNumPiles; ++p)
    for (std::size_t i = 0; i < view_.piles[std::size_t(p)].size(); ++i)
      add(view_.piles[std::size_t(p)][i], -1, p, int(i));
  for (int b = 0; b < nb; ++b) {
    const int box = ids.block_total(b) - in_view[std::size_t(b)];
    if (box < 0) no_world(ids, b, "the view shows more of them than the army has");
    for (int k = 0; k < box; ++k) {  // not in the game yet (an army before its set-up)
      pieces_.push_back({ids.block_army(b), ids.block_class(b), 0, -1, -1, b});
      pile_index_.push_back(-1);
      lineage.push_back(belief.general(b));
    }
  }
  // What the view says of each piece beyond its class.
  view_mask_.resize(pieces_.size());
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const HiddenPiece& h = pieces_[i];
    std::uint32_t m = 0;
    for (int id : ids.block_types(h.block)) {
      const WaterlooIdentity& w = ids.all()[std::size_t(id)];
      bool ok = true;
      if (h.damage > 0) ok = w.cls == UnitClass::kHeavyCavalry && w.strength > h.damage;  // W-8.1
      if (h.pile == int(Pile::kLeft)) ok = ok && w.cls == UnitClass::kCommanderInChief;   // W-13.5
      if (view_.phase == waterloo::Phase::kBattleLust && h.square >= 0 &&
          (h.square == view_.melee.attacker_sq || h.square == view_.melee.defender_sq))
        ok = ok && w.cls != UnitClass::kCommanderInChief;  // I-8: strengths decide this melee
      if (ok) m |= std::uint32_t(1) << w.local;
    }
    view_mask_[i] = m;
  }
  blocks_.resize(std::size_t(nb));
  for (int b = 0; b < nb; ++b) build_block(belief, b, lineage);
  // W-11.1: the enemy's card, if drawn and unseen.
  if (view_.retreat_sector[other(view_.viewer)] == waterloo::kHiddenSector) {
    const std::uint8_t possible = belief.possible_sectors();
    const int n = std::popcount(unsigned(possible));
    for (int i = 0; i < 3; ++i) sectors_[std::size_t(i)] = (possible >> i & 1) ? 1.0 / n : 0.0;
  }
  build_template();
}

// One block: columns are the block's identities drawn from the unknown pool, then the entry
// columns still open; counts are what remains of each less what the entry columns hold.
void WaterlooPosterior::build_block(const WaterlooBelief& belief, int b,
                                    const std::vector<Lineage>& lineage) {
  const WaterlooIdentities& ids = *ids_;
  Block& blk = blocks_[std::size_t(b)];
  const std::vector<int>& types = ids.block_types(b);
  const int nt = int(types.size());
  for (int t = 0; t < nt; ++t) {
    blk.column_id.push_back(types[std::size_t(t)]);
    blk.counts.push_back(remaining_[std::size_t(types[std::size_t(t)])]);
  }
  const std::vector<EntryColumn>& entries = belief.columns(b);
  std::vector<int> column_of_entry(entries.size(), -1);
  for (std::size_t c = 0; c < entries.size(); ++c) {
    if (entries[c].type < 0 || entries[c].count == 0) continue;
    column_of_entry[c] = int(blk.column_id.size());
    blk.column_id.push_back(types[std::size_t(entries[c].type)]);
    blk.counts.push_back(entries[c].count);
    blk.counts[std::size_t(entries[c].type)] -= entries[c].count;
  }
  for (int t = 0; t < nt; ++t)
    if (blk.counts[std::size_t(t)] < 0)
      no_world(ids, b,
               std::string("more ") + ids.name(types[std::size_t(t)]) +
                   " went face down than remain unseen");
  // Too many entry columns for exact counting: merge those of one identity (every piece that
  // could take either may take the merged one -- more worlds, never fewer).
  if (CountSampler::state_space(blk.counts) > CountSampler::kMaxStates) {
    for (std::size_t c = 0; c < entries.size(); ++c) {
      if (column_of_entry[c] < 0) continue;
      for (std::size_t r = 0; r < c; ++r)
        if (column_of_entry[r] >= 0 && entries[r].type == entries[c].type) {
          blk.counts[std::size_t(column_of_entry[r])] +=
              blk.counts[std::size_t(column_of_entry[c])];
          blk.counts[std::size_t(column_of_entry[c])] = 0;
          column_of_entry[c] = column_of_entry[r];
          break;
        }
    }
  }
  for (int i = 0; i < int(pieces_.size()); ++i) {
    if (pieces_[std::size_t(i)].block != b) continue;
    const Lineage& lin = lineage[std::size_t(i)];
    const std::uint32_t allowed = view_mask_[std::size_t(i)];
    std::uint64_t m = lin.types & allowed;
    for (std::uint64_t e = lin.cols; e; e &= e - 1) {
      const auto c = std::size_t(__builtin_ctzll(e));
      if (c < entries.size() && column_of_entry[c] >= 0 && (allowed >> entries[c].type & 1))
        m |= std::uint64_t(1) << column_of_entry[c];
    }
    blk.pieces.push_back(i);
    blk.masks.push_back(m);
  }
  blk.sampler = CountSampler(blk.masks, blk.counts);
  if (!blk.sampler.feasible()) {
    std::string why = std::to_string(blk.pieces.size()) + " hidden, and unseen:";
    for (int t = 0; t < nt; ++t) {
      why += ' ';
      why += std::to_string(remaining_[std::size_t(types[std::size_t(t)])]);
      why += ' ';
      why += ids.name(types[std::size_t(t)]);
    }
    no_world(ids, b, why);
  }
}

Eigen::MatrixXd WaterlooPosterior::marginals() const {
  Eigen::MatrixXd out =
      Eigen::MatrixXd::Zero(Eigen::Index(pieces_.size()), Eigen::Index(ids_->all().size()));
  for (const Block& blk : blocks_) {
    if (blk.pieces.empty()) continue;
    const Eigen::MatrixXd m = blk.sampler.marginals();
    for (std::size_t k = 0; k < blk.pieces.size(); ++k)
      for (std::size_t c = 0; c < blk.column_id.size(); ++c)
        out(blk.pieces[k], blk.column_id[c]) += m(Eigen::Index(k), Eigen::Index(c));
  }
  return out;
}

void WaterlooPosterior::sample(Rng& rng, std::vector<int>& identity_of_piece) const {
  identity_of_piece.resize(pieces_.size());
  thread_local std::vector<int> columns;
  for (const Block& blk : blocks_) {
    if (blk.pieces.empty()) continue;
    blk.sampler.sample(rng, columns);
    for (std::size_t k = 0; k < blk.pieces.size(); ++k)
      identity_of_piece[std::size_t(blk.pieces[k])] = blk.column_id[std::size_t(columns[k])];
  }
}

std::vector<int> WaterlooPosterior::sample(Rng& rng) const {
  std::vector<int> out;
  sample(rng, out);
  return out;
}

bool WaterlooPosterior::admits(const std::vector<int>& identity_of_piece) const {
  if (identity_of_piece.size() != pieces_.size()) return false;
  for (const Block& blk : blocks_) {
    std::vector<std::uint64_t> masks = blk.masks;
    for (std::size_t k = 0; k < blk.pieces.size(); ++k) {
      const int want = identity_of_piece[std::size_t(blk.pieces[k])];
      if (want < 0) continue;
      std::uint64_t keep = 0;
      for (std::size_t c = 0; c < blk.column_id.size(); ++c)
        if (blk.column_id[c] == want) keep |= std::uint64_t(1) << c;
      masks[k] &= keep;
    }
    if (!CountSampler(masks, blk.counts).feasible()) return false;
  }
  return true;
}

int WaterlooPosterior::sample_sector(Rng& rng) const {
  if (!sector_hidden()) return -1;
  double u = rng.uniform01();
  int last = -1;
  for (int i = 0; i < 3; ++i) {
    if (sectors_[std::size_t(i)] <= 0) continue;
    last = i;
    if (u < sectors_[std::size_t(i)]) return i;
    u -= sectors_[std::size_t(i)];
  }
  return last;
}

WaterlooView WaterlooPosterior::full_view(const std::vector<int>& identity_of_piece,
                                          int sector) const {
  WaterlooView v = view_;
  v.full = true;
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const HiddenPiece& h = pieces_[i];
    SeenUnit* u = h.square >= 0 ? &*v.board[std::size_t(h.square)]
                  : h.pile >= 0 ? &v.piles[std::size_t(h.pile)][std::size_t(pile_index_[i])]
                                : nullptr;
    if (!u) continue;  // in the box: whatever is left stays there
    const WaterlooIdentity& w = ids_->all()[std::size_t(identity_of_piece[i])];
    u->cls = w.cls;
    u->strength = std::int8_t(w.strength);
  }
  if (sector_hidden()) v.retreat_sector[other(v.viewer)] = std::int8_t(sector);
  return v;
}

}  // namespace stratego::eval
