// Set-up priors: a normalised probability model of where a player puts his pieces, learned
// from human set-ups (data/setups/) by `stratego analyze fit`, stored as a small text
// file in eval/data/ and compiled in. Variants without data get the set-up generator's prior:
// uniform over the legal set-ups (engine/setup.h random_setup).
//
// The model, on one side's set-up zone in its own frame (square f = row from the owner's back
// row * width + column, as in a set-up line), over symbols = the army's kinds plus "empty"
// where the zone has more squares than pieces:
//   1. the Flag's square, by a softmax over the zone of phi[f];
//   2. every other square in frame order (back row first, from column a), symbol s with
//      probability proportional to left[s] * exp(theta[f][s] + rel[r(f, flag)][s]
//      + sum over the orthogonal neighbours already placed, holding t, of pair[t][s]),
//      over the symbols with left[s] > 0, where r says whether f is next to the Flag
//      (orthogonally, diagonally, or two squares straight) and left[s] counts what is still
//      to be placed.
// With every parameter 0 this is exactly the uniform distribution over legal set-ups, so the
// parameters say how people differ from chance. A set-up and its left-right mirror are treated
// alike: theta and phi are tied between mirrored squares, and fitting sees every set-up both
// ways. log_prob() is an exact log-probability (it sums to 1 over all legal set-ups).
//
// Beliefs (eval/belief.h) use the per-square table marginal(f, kind): the fitted share of set-ups
// with that kind on f given f is occupied (mirror-averaged, Dirichlet-smoothed counts), and
// flag_lift(), the Bayes factor the model gives for "the Flag is on f" from a known piece near f.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/embedded_file.h"
#include "engine/variant.h"

namespace stratego::eval {

// The files of eval/data/ compiled into the binary (generated at build time).
const std::vector<EmbeddedFile>& builtin_prior_files();

constexpr int kEmptySymbol = kNumKinds;  // the symbol code of an empty set-up square

class SetupModel {
 public:
  // Relations of a square to the Flag's square that have parameters of their own.
  enum Relation { kAdjacent = 0, kDiagonal = 1, kTwoStraight = 2, kNumRelations = 3, kFar = 3 };

  // The set-up generator's prior for v: uniform over legal set-ups.
  static SetupModel uniform(const Variant& v);
  // The compiled-in model for v's base variant if there is one that fits v's army and zone,
  // else uniform(v).
  static SetupModel for_variant(const Variant& v);
  // Reads the text format of eval/data/*.prior; InputError names the origin and line.
  static SetupModel parse(std::string_view text, const std::string& origin);
  std::string format() const;

  bool fitted() const { return fitted_; }
  // One line: where the numbers come from ("fitted to ..." or "uniform over legal set-ups").
  const std::string& source() const { return source_; }
  const std::string& variant_name() const { return variant_; }
  int width() const { return width_; }
  int rows() const { return rows_; }
  int zone_size() const { return width_ * rows_; }
  // Army pieces (symbols other than empty).
  int pieces() const { return pieces_; }

  // A set-up as symbol codes per frame square (Kind, kEmptySymbol, or -1 for a lake square).
  // Throws InputError if the line is not a set-up of this model's army.
  std::vector<int> symbols_of(std::string_view line) const;
  // log P(set-up) in nats, and each square's term (the Flag's square gets the flag step's
  // term); terms sum to the total.
  double log_prob(const std::vector<int>& symbols, std::vector<double>* terms = nullptr) const;
  // log of the uniform prior's probability of any legal set-up: -log(number of set-ups).
  double uniform_log_prob() const;

  // P(kind k on frame square f | f holds a piece): the table beliefs use.
  double marginal(int f, Kind k) const;
  // P(symbol on f), empty included (the table itself).
  double symbol_share(int f, int symbol) const;
  // The factor by which a known symbol s on frame square t multiplies the odds that the Flag
  // stands on frame square f (1 when t is not near f).
  double flag_lift(int t, int s, int f) const;
  static Relation relation(int width, int a, int b);

  // Validation figures recorded by the fit (nats per piece; 0 if not fitted).
  struct Validation {
    int training = 0, validation = 0;
    double model = 0, per_square = 0, uniform = 0;
  };
  const Validation& validation() const { return validation_; }

  // --- what fitting sets (eval/setup_fit.cpp) ---
  struct Params {
    std::vector<double> phi;                             // tied square: flag logits
    std::vector<double> theta;                           // tied square * symbols
    std::array<std::vector<double>, kNumRelations> rel;  // symbols each
    std::vector<double> pair;  // symbols * symbols: [neighbour's symbol][this symbol]
  };
  SetupModel(const Variant& v, std::string source);
  int num_symbols() const { return int(symbols_.size()); }
  const std::vector<int>& symbols() const { return symbols_; }  // codes, in order
  const std::vector<int>& counts() const { return counts_; }    // per symbol index
  int symbol_index(int code) const { return index_of_[std::size_t(code)]; }
  int tied(int f) const;  // f and its mirror share parameters
  int num_tied() const { return rows_ * ((width_ + 1) / 2); }
  bool has_flag_step() const { return flag_index_ >= 0; }
  bool structure() const { return structure_; }
  Params& params() { return params_; }
  const Params& params() const { return params_; }
  void set_structure(bool on) { structure_ = on; }
  void set_table(std::vector<double> table, double smoothing);  // zone_size * symbols
  void set_fitted(std::string source, Validation v);
  // Squares of the zone in generation order after the Flag (no lakes).
  const std::vector<int>& order() const { return order_; }
  bool lake(int f) const { return lakes_[std::size_t(f)]; }
  // The conditional log-probabilities of every symbol index at frame square f, given the
  // symbols placed so far (placed[f] = symbol index or -1), the counts left and the Flag's
  // square (-1 if none); symbols with nothing left get -infinity.
  void conditional(int f, const std::vector<int>& placed, const std::vector<int>& left,
                   int flag_square, std::vector<double>& out) const;
  void flag_distribution(std::vector<double>& out) const;  // log P(flag on f) per frame square

 private:
  std::string variant_, source_;
  int width_ = 10, rows_ = 4, pieces_ = 0;
  std::vector<int> symbols_, counts_;
  std::array<int, kNumKinds + 1> index_of_{};
  int flag_index_ = -1;  // symbol index of the Flag when the flag step is used
  std::vector<bool> lakes_;
  std::vector<int> order_;
  bool fitted_ = false, structure_ = false;
  Params params_;
  std::vector<double> table_;  // zone_size * symbols
  double smoothing_ = 0;
  Validation validation_;
};

}  // namespace stratego::eval
