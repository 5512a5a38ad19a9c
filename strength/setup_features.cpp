#include "strength/setup_features.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/error.h"
#include "engine/setup.h"
#include "eval/priors/setup_mixture.h"

namespace stratego::strength {

namespace {

constexpr auto S = FeatureGroup::kStructure;
constexpr auto F = FeatureGroup::kFamiliarity;

// The neighbour counts' distances (squares that differ, empty squares included).
constexpr int kNeighbourDistances[] = {4, 6, 8};

}  // namespace

const std::vector<FeatureInfo>& all_features() {
  static const std::vector<FeatureInfo> list = {
      {"flag_row", S, "the Flag's row, 0 for the back row"},
      {"flag_edge", S, "1 if the Flag stands in the first or last column"},
      {"flag_corner", S, "1 if the Flag stands in a back corner"},
      {"bombs_beside_flag", S, "Bombs on the squares next to the Flag (not diagonal)"},
      {"bombs_near_flag", S, "Bombs on the eight squares around the Flag"},
      {"pieces_near_flag", S, "pieces on the eight squares around the Flag"},
      {"high_near_flag", S, "Marshal and General on the eight squares around the Flag"},
      {"miner_near_flag", S, "Miners on the eight squares around the Flag"},
      {"columns_used", S, "columns that hold a piece"},
      {"rows_used", S, "rows that hold a piece"},
      {"span", S, "the last column holding a piece minus the first"},
      {"front_row", S, "pieces on the front row"},
      {"back_row", S, "pieces on the back row"},
      {"mean_row", S, "the mean row of the pieces (0 back)"},
      {"flag_side", S, "pieces on the Flag's half of the board (left or right)"},
      {"spread", S, "the mean distance (in moves) from a piece to its nearest other piece"},
      {"marshal_row", S, "the Marshal's row (0 back)"},
      {"general_row", S, "the General's row (0 back)"},
      {"marshal_general_near", S, "1 if the Marshal and the General touch (diagonals too)"},
      {"spy_near_general", S, "1 if a Spy touches the General (diagonals too)"},
      {"spy_row", S, "the mean row of the Spies"},
      {"miner_row", S, "the mean row of the Miners"},
      {"scouts_front", S, "Scouts on the front row"},
      {"scouts_lane", S, "Scouts on the front row in a lane (no lake ahead)"},
      {"high_lane", S, "Marshal and General on the front row in a lane"},
      {"familiarity", F, "log-probability under the parametric set-up prior (nats)"},
      {"neighbours_4", F, "log(1 + human set-ups, mirrors too, differing in at most 4 squares)"},
      {"neighbours_6", F, "log(1 + human set-ups, mirrors too, differing in at most 6 squares)"},
      {"neighbours_8", F, "log(1 + human set-ups, mirrors too, differing in at most 8 squares)"},
  };
  return list;
}

int feature_index(const std::string& name) {
  const auto& f = all_features();
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i].name == name) return int(i);
  return -1;
}

std::string mirror_line(const std::string& line, int width) {
  std::string out = line;
  for (std::size_t r = 0; r + std::size_t(width) <= line.size(); r += std::size_t(width))
    std::reverse(out.begin() + std::ptrdiff_t(r), out.begin() + std::ptrdiff_t(r) + width);
  return out;
}

FeatureComputer::FeatureComputer(const Variant& v)
    : v_(v), prior_(std::make_shared<const eval::SetupModel>(eval::SetupModel::for_variant(v))) {
  if (const auto mix = eval::SetupMixture::for_variant(v))
    for (int j = 0; j < mix->training_count(); ++j) {
      human_.push_back(mix->training_line(j));
      human_.push_back(mirror_line(human_.back(), v.width));
    }
}

std::vector<double> FeatureComputer::compute(const std::string& line) const {
  parse_setup(v_, kRed, line);  // throws InputError for a set-up not of the army
  const int w = v_.width, rows = v_.setup_rows;
  struct Piece {
    Kind kind;
    int row, col;
  };
  std::vector<Piece> pieces;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == 'A') continue;
    pieces.push_back({*kind_from_letter(c), int(i) / w, int(i) % w});
  }
  auto find = [&](Kind k) -> const Piece* {
    for (const Piece& p : pieces)
      if (p.kind == k) return &p;
    return nullptr;
  };
  auto touch = [](const Piece& a, const Piece& b) {
    return std::max(std::abs(a.row - b.row), std::abs(a.col - b.col)) == 1;
  };
  auto beside = [](const Piece& a, const Piece& b) {
    return std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1;
  };
  auto lane = [&](const Piece& p) {  // front row, and no lake on the square ahead
    return p.row == rows - 1 && !test(v_.lakes, rows * w + p.col);
  };
  auto mean_row = [&](Kind k) {
    double sum = 0;
    int n = 0;
    for (const Piece& p : pieces)
      if (p.kind == k) sum += p.row, ++n;
    return n ? sum / n : 0.0;
  };
  std::vector<double> x(all_features().size(), 0.0);
  auto set = [&](const char* name, double value) { x[std::size_t(feature_index(name))] = value; };

  const Piece* flag = find(kFlag);
  const Piece* marshal = find(kMarshal);
  const Piece* general = find(kGeneral);
  if (flag) {
    set("flag_row", flag->row);
    set("flag_edge", flag->col == 0 || flag->col == w - 1);
    set("flag_corner", flag->row == 0 && (flag->col == 0 || flag->col == w - 1));
    int bb = 0, bn = 0, pn = 0, hn = 0, mn = 0, side = 0;
    for (const Piece& p : pieces) {
      if (&p == flag) continue;
      if (p.kind == kBomb) bb += beside(p, *flag), bn += touch(p, *flag);
      if (touch(p, *flag)) {
        ++pn;
        hn += p.kind == kMarshal || p.kind == kGeneral;
        mn += p.kind == kMiner;
      }
      side += (p.col < w / 2) == (flag->col < w / 2);
    }
    set("bombs_beside_flag", bb);
    set("bombs_near_flag", bn);
    set("pieces_near_flag", pn);
    set("high_near_flag", hn);
    set("miner_near_flag", mn);
    set("flag_side", side);
  }
  std::vector<int> col_used(std::size_t(w), 0), row_used(std::size_t(rows), 0);
  int front = 0, back = 0, lo = w, hi = -1;
  double rsum = 0, spread = 0;
  for (const Piece& p : pieces) {
    col_used[std::size_t(p.col)] = row_used[std::size_t(p.row)] = 1;
    front += p.row == rows - 1;
    back += p.row == 0;
    lo = std::min(lo, p.col);
    hi = std::max(hi, p.col);
    rsum += p.row;
    int nearest = 1 << 20;
    for (const Piece& q : pieces)
      if (&q != &p) nearest = std::min(nearest, std::abs(p.row - q.row) + std::abs(p.col - q.col));
    spread += nearest;
  }
  const double n = double(std::max<std::size_t>(1, pieces.size()));
  set("columns_used", double(std::count(col_used.begin(), col_used.end(), 1)));
  set("rows_used", double(std::count(row_used.begin(), row_used.end(), 1)));
  set("span", hi >= lo ? hi - lo : 0);
  set("front_row", front);
  set("back_row", back);
  set("mean_row", rsum / n);
  set("spread", pieces.size() > 1 ? spread / n : 0);
  if (marshal) set("marshal_row", marshal->row);
  if (general) set("general_row", general->row);
  if (marshal && general) set("marshal_general_near", touch(*marshal, *general));
  if (general) {
    int near = 0;
    for (const Piece& p : pieces) near += p.kind == kSpy && touch(p, *general);
    set("spy_near_general", near > 0);
  }
  set("spy_row", mean_row(kSpy));
  set("miner_row", mean_row(kMiner));
  int sf = 0, sl = 0, hl = 0;
  for (const Piece& p : pieces) {
    if (p.kind == kScout) sf += p.row == rows - 1, sl += lane(p);
    if (p.kind == kMarshal || p.kind == kGeneral) hl += lane(p);
  }
  set("scouts_front", sf);
  set("scouts_lane", sl);
  set("high_lane", hl);

  set("familiarity", prior_->log_prob(prior_->symbols_of(line)));
  for (int d : kNeighbourDistances) {
    int count = 0;
    for (const std::string& h : human_) {
      int diff = 0;
      for (std::size_t i = 0; i < line.size() && diff <= d; ++i) diff += line[i] != h[i];
      count += diff <= d;
    }
    set(("neighbours_" + std::to_string(d)).c_str(), std::log1p(count));
  }
  return x;
}

}  // namespace stratego::strength
