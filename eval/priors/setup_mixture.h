// The mixture set-up prior: what people do (the parametric model of eval/priors/setup_model.h, the
// set-ups people actually used, near copies of them and reused parts of them) and what
// opponents unlike people do (eval/priors/setup_styles.h), in one normalised distribution over one
// side's legal set-ups:
//
//   P(x) = sum over components c of w_c * P_c(x), the weights summing to 1, where P_c is
//   parametric  the fitted model (SetupModel::log_prob)
//   exact       a training set-up or its mirror, drawn uniformly (the 2N point masses)
//   resample:M  the same, then M distinct squares drawn uniformly and the pieces on them shuffled
//               uniformly (a near copy: at most M squares differ; normalised because a shuffle
//               keeps the army)
//   block:NAME  one training set-up's (or mirror's) pieces on the block NAME (a row or a half
//               row), the rest of the army uniformly on the other squares
//   pattern:NAME  one training set-up's (or mirror's) layout of a few classes of symbols (as
//               "empty / Flag / Bomb / any other piece"), each class's pieces uniformly on the
//               squares of that class
//               (or, for NAME+model, placed by the parametric model's conditionals restricted
//               to each square's class: still normalised, for any parameters; NAME+model~M:
//               the layout first has M squares resampled as resample:M does; NAME+model@K:
//               the layout first walks K adjacent swaps as swap:K does; NAME+placement and
//               NAME+placement@K: filled by the placement prior instead)
//   swap:K      a training set-up or its mirror with K swaps in turn, each of the contents of
//               two orthogonally adjacent squares of the zone drawn uniformly among all such
//               pairs (a swap of equal contents changes nothing): a piece moved one square,
//               two neighbours exchanged (normalised: every swap keeps the army)
//   shift:L     a training set-up or its mirror whose pieces (not its empty squares) are placed
//               again one by one, in a fixed order of kinds, each on a free square g drawn with
//               weight exp(-L * (|row - row(f)| + |column - column(f)|)) around its square f in
//               the training set-up (a smoothed copy: the pieces stay near where people put
//               them). P(x | t) sums the walks over the matchings of x's identical pieces to
//               t's; only for armies with at most kMaxShiftMatchings such matchings (Barrage,
//               Duel, not classic). Normalised: every walk ends on a legal set-up, and each
//               step is normalised over the free squares
//   exchange    a training set-up or its mirror with the contents of two squares holding
//               different pieces exchanged (the Marshal and the General, a Scout and the Miner:
//               people who reuse a set-up often swap two pieces' roles), the exchange drawn by
//               the kinds it exchanges, at rates estimated on the training split (how often
//               exchanging those two kinds in an entry gives another entry; smoothed). Every
//               set-up of an army offers the same exchanges of each pair of kinds, so the rates
//               are one distribution for every t (normalised). Only for training splits of at
//               most kMaxFamilyEntries entries
//   placement   the placement prior (eval/priors/placement_model.h): pieces placed one at a time,
//   each
//               by its square and its offsets from the pieces placed before; small armies only
//   NAME/family  for exact, resample:M, swap:K, shift:L and exchange: the same, the training
//               set-up t drawn by its family weight (the entries within two squares of t: its
//               copies and the set-ups one exchange of two squares away) instead of uniformly.
//               People who keep reusing a set-up with small changes reuse it again: on Barrage's
//               held-out tenth, entries with 8 or more such neighbours were copied or nearly copied
//               (two squares or fewer) about 50 times as often per entry as those with none. Only
//               for training splits of at most kMaxFamilyEntries entries (not classic: the families
//               cost a lookup per pair of squares per entry)
//   uniform, forward-bombs, flag-front, high-front   the styles
// Every component is a normalised distribution over legal set-ups, so the mixture is one
// (tests/setup_mixture_test.cpp sums it over every set-up of a small army). The weights are
// fitted by EM on the held-out tenth of the data (`stratego analyze fit`), with a floor on the
// broad components (uniform and styles) so that the game can move weight onto them.
//
// The training split is compiled in (eval/data/<variant>.mixture: weights, then one set-up line
// per training set-up) so that beliefs, bots and `analyze setup` know the set-ups people use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "eval/priors/placement_model.h"
#include "eval/priors/setup_model.h"
#include "eval/priors/setup_styles.h"

namespace stratego::eval {

const std::vector<EmbeddedFile>& builtin_mixture_files();  // eval/data/*.mixture

class SetupMixture {
 public:
  enum class Type {
    kParametric,
    kExact,
    kResample,
    kSwap,
    kShift,
    kExchange,
    kBlock,
    kPattern,
    kPlacement,
    kStyle
  };
  struct Component {
    Type type;
    std::string name;
    int block = -1;    // kBlock: index into blocks(); kPattern: into patterns(); kStyle: styles();
                       // kResample: the number of squares resampled; kSwap: the swaps;
                       // kShift: into shift_kernels()
    int resample = 0;  // kPattern: squares of the layout resampled (a near copy of a layout)
    int swaps = 0;     // kPattern: adjacent swaps of the layout (as swap:K, on the classes)
    bool placement = false;  // kPattern: filled by the placement prior, not the parametric model
    bool family = false;  // kExact, kResample, kSwap, kShift, kExchange: t drawn by family weight
    SetupStyle style = SetupStyle::kUniform;
    bool broad() const { return type == Type::kStyle; }
  };

  // training: set-ups as symbol codes (SetupModel::symbols_of); the mirrors are added here.
  SetupMixture(std::shared_ptr<const SetupModel> parametric,
               const std::vector<std::vector<int>>& training);

  // The compiled-in mixture of v's base variant, if there is one that fits; else nullptr.
  static std::shared_ptr<const SetupMixture> for_variant(const Variant& v);
  // The text of eval/data/*.mixture; parametric gives the shape and the first component.
  static SetupMixture parse(std::string_view text, const std::string& origin,
                            std::shared_ptr<const SetupModel> parametric);
  std::string format() const;

  const SetupModel& parametric() const { return *param_; }
  std::shared_ptr<const SetupModel> parametric_ptr() const { return param_; }
  const std::vector<Component>& components() const { return components_; }
  // Adds the component "placement" and each "+model" pattern filled by it, "NAME+placement" and
  // "NAME+placement@K" (weight 0 until set_weights or fit_weights).
  void add_placement(std::shared_ptr<const PlacementModel> placement);
  const PlacementModel* placement() const { return placement_.get(); }
  const std::vector<double>& weights() const { return weights_; }
  void set_weights(std::vector<double> w);
  const std::vector<std::vector<int>>& blocks() const { return blocks_; }  // frame squares
  // Block b's contents seen in the training entries (symbol index per block square) -> entries.
  const std::unordered_map<std::string, int>& block_counts(int b) const {
    return block_counts_[std::size_t(b)];
  }
  // Training entries (mirrors included) with x's pieces on block b.
  int block_matches(int b, const std::vector<int>& codes) const {
    const auto it = block_counts_[std::size_t(b)].find(block_key(b, indices_of(codes).data()));
    return it == block_counts_[std::size_t(b)].end() ? 0 : it->second;
  }
  const std::vector<StyleDistribution>& styles() const { return styles_; }
  // shift:L: the kernel exp(-L * distance) per pair of zone squares, and how many squares a
  // shift moves on average (twice the pieces that leave their square, on an empty board: what
  // the posterior conditions it as, resample:M).
  struct ShiftKernel {
    double decay = 0;
    std::vector<double> k;      // zone x zone, 0 on lakes
    std::vector<double> total;  // per zone square f: sum over zone squares g of k[f][g]
    int moved = 0;
  };
  static constexpr int kMaxShiftMatchings = 64;
  const std::vector<ShiftKernel>& shift_kernels() const { return shift_kernels_; }
  struct Pattern {
    std::string name;
    std::vector<int> class_of;  // per symbol index
    int classes = 0;
    bool model = false;  // within classes: the parametric model's conditionals, not uniform
    double log_within =
        0;  // uniform: log P(symbols | layout of classes), the same for every layout
    std::unordered_map<std::string, int> counts;       // layout -> entries
    std::unordered_map<std::uint64_t, double> hashed;  // the same, by Zobrist hash of the layout
    std::vector<int> class_counts;                     // squares of each class in every layout
  };
  const std::vector<Pattern>& patterns() const { return patterns_; }
  std::string pattern_key(int p, const std::uint8_t* s) const;
  // log P(x | x's layout of pattern p's classes) when the pattern places pieces by the model.
  double log_within_model(int p, const std::vector<int>& codes) const;

  // log P_c(x) per component and log P(x) of the mixture (x: symbol codes). weighted_only: -inf
  // for the components of weight 0 without scoring them (log_prob does so: the swap walks are
  // the costly part, and the fitted weights leave many components at 0).
  std::vector<double> component_log_probs(const std::vector<int>& codes,
                                          bool weighted_only = false) const;
  double log_prob(const std::vector<int>& codes) const;
  static double mix(const std::vector<double>& component_log_probs,
                    const std::vector<double>& weights);

  // EM on held-out set-ups (codes): the weights maximising their mean log P; broad components
  // keep at least `floor` each. Returns the mean log P per set-up reached.
  double fit_weights(const std::vector<std::vector<int>>& held_out, double floor,
                     int iterations = 200);
  static std::vector<double> em(const std::vector<std::vector<double>>& lps,
                                const std::vector<bool>& broad, double floor, int iterations);

  // Training set-ups (mirrors included: entry 2j is set-up j, 2j+1 its mirror), as symbol
  // indices per frame square (255 on lakes).
  int training_count() const { return int(train_.size() / std::size_t(zone_) / 2); }
  int entries() const { return 2 * training_count(); }
  const std::uint8_t* entry(int e) const { return &train_[std::size_t(e) * std::size_t(zone_)]; }
  std::string training_line(int j) const;  // set-up j as a set-up line
  // The weight a copying component draws entry e by (1, or its family weight), and their sum.
  double template_weight(int e, bool family) const {
    return family ? family_[std::size_t(e)] : 1.0;
  }
  double template_total(bool family) const { return family ? family_total_ : double(entries()); }
  static constexpr int kMaxFamilyEntries = 20000;
  // Each training set-up (not its mirror) with one exchange drawn by exchange_rate, per_setup
  // times (seeded), as symbol codes: the set-ups people make of theirs by swapping two pieces'
  // roles, which the placement prior is fitted on beside the training set-ups (PlacementModel).
  // Empty without exchange rates.
  std::vector<std::vector<int>> exchanged_copies(int per_setup, std::uint64_t seed) const;
  // exchange: the probability of each exchange of two pieces of symbol indices s and r (the
  // same for every set-up of the army); 0 for equal symbols and the empty square.
  double exchange_rate(int s, int r) const {
    return exchange_rate_.empty()
               ? 0.0
               : exchange_rate_[std::size_t(s) * std::size_t(param_->num_symbols()) +
                                std::size_t(r)];
  }

  // How x relates to the training split: entries equal to x (a set-up and its mirror count as
  // two entries; a symmetric set-up matches both), and the nearest entry's distance in squares.
  struct Match {
    int exact = 0;          // entries equal to x
    int exact_setups = 0;   // training set-ups equal to x or to its mirror
    int nearest = -1;       // differing squares to the nearest entry that is not equal
    int nearest_count = 0;  // entries at that distance
    int nearest_entry = -1;
  };
  Match match(const std::vector<int>& codes) const;

  std::vector<std::uint8_t> indices_of(const std::vector<int>& codes) const;

  // Validation figures recorded by the fit: nats per set-up.
  struct Validation {
    int held_out = 0;
    double parametric = 0, mixture = 0, uniform = 0, cross_validated = 0;
  };
  Validation validation;
  std::string source;

 private:
  std::string block_key(int b, const std::uint8_t* s) const;
  double log_uniform_rest(int b, const std::uint8_t* s) const;
  // Sum over every sequence of k adjacent swaps from s (hash h) of the table's weight of the
  // result (the entries equal to it, or their family weights); s is restored on return.
  double swap_walk(std::uint8_t* s, std::uint64_t h, int k,
                   const std::unordered_map<std::uint64_t, double>& table) const;
  // The entries within two squares of s: equal to it, or one exchange of two squares away.
  double family_of(const std::uint8_t* s) const;
  std::uint64_t hash_of(const std::uint8_t* s) const;
  // The hash of s (hash h) with the contents of squares a and b exchanged.
  std::uint64_t exchanged(std::uint64_t h, const std::uint8_t* s, int a, int b) const {
    const std::size_t n = std::size_t(param_->num_symbols());
    return h ^ zobrist_[std::size_t(a) * n + s[a]] ^ zobrist_[std::size_t(b) * n + s[b]] ^
           zobrist_[std::size_t(a) * n + s[b]] ^ zobrist_[std::size_t(b) * n + s[a]];
  }
  // Calls f(a, b) for every pair of squares a, b (a before b in the order) whose contents
  // differ, both pieces when pieces_only: the exchanges of s.
  template <class F>
  void for_each_exchange(const std::uint8_t* s, bool pieces_only, F&& f) const {
    const auto& order = param_->order();
    const int empty = param_->symbol_index(kEmptySymbol);
    for (std::size_t i = 0; i < order.size(); ++i)
      for (std::size_t j = i + 1; j < order.size(); ++j) {
        const int a = order[i], b = order[j];
        if (s[a] == s[b] || (pieces_only && (s[a] == empty || s[b] == empty))) continue;
        f(a, b);
      }
  }
  void add_exchange_component();
  double log_exchange(const std::vector<std::uint8_t>& x, bool family) const;
  std::vector<double> exchange_rate_;  // symbols x symbols

  std::shared_ptr<const SetupModel> param_;
  int zone_ = 0;
  std::vector<std::uint8_t> train_;
  // Zobrist hashes (one random word per square and symbol) of the entries, for exact, match and
  // swap:K, whose walks look up thousands of set-ups each; the entries per hash.
  std::vector<std::uint64_t> zobrist_;
  std::unordered_map<std::uint64_t, double> exact_hash_;
  // Per entry, its family weight (empty when the split is too large), their sum, and their sum
  // per Zobrist hash.
  std::vector<double> family_;
  double family_total_ = 0;
  std::unordered_map<std::uint64_t, double> family_hash_;
  std::vector<std::pair<int, int>> adjacent_;  // orthogonally adjacent zone squares (no lakes)
  std::vector<std::vector<int>> blocks_;
  std::vector<std::string> block_names_;
  std::vector<std::unordered_map<std::string, int>> block_counts_;
  std::vector<StyleDistribution> styles_;
  std::vector<ShiftKernel> shift_kernels_;
  // shift:L: the pieces of every entry in placement order (by symbol index, then square), and
  // every matching of a set-up's pieces in that order to another's (identical pieces permuted).
  std::vector<std::uint8_t> shift_pieces_;
  int pieces_ = 0;
  std::vector<std::vector<int>> matchings_;
  void add_shift_components();
  double log_shift(int kernel, const std::vector<std::uint8_t>& x, bool family) const;
  std::vector<Pattern> patterns_;
  std::shared_ptr<const PlacementModel> placement_;
  std::vector<Component> components_;
  std::vector<double> weights_;
  // log P(x | t) of resampling m squares of t, a = t's symbols on the d squares where x differs.
  double log_resample(int m, int d, const std::vector<int>& a) const {
    return log_resample(m, d, a, param_->counts());
  }
  double log_resample(int m, int d, const std::vector<int>& a,
                      const std::vector<int>& counts) const;
};

}  // namespace stratego::eval
