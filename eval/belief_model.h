// One interface to what a player believes about the hidden pieces, for both families, so that
// the analysis commands (`stratego analyze RECORD`, `analyze decisions`, the browser's replay)
// are written once: observe a step, the marginals of every hidden piece over identities with
// their names, a sampled world, and how well the belief scores against the truth.
// classic_belief_model() puts eval::Belief (belief.h: the set-up prior, behaviour, IPF)
// behind it, waterloo_belief_model() eval::WaterlooBelief with its exact posterior
// (waterloo_belief.h, waterloo_posterior.h). A piece's identity is a kind in the classic family
// and an (army, class, printed strength) in Waterloo; a BeliefTable names its columns either way.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/rng.h"
#include "engine/state.h"
#include "engine/view.h"
#include "engine/waterloo/state.h"
#include "eval/belief.h"
#include "eval/waterloo_belief.h"
#include "eval/waterloo_posterior.h"

namespace stratego::eval {

// One step as its player saw it, with the player's view after it, of either family.
struct ClassicSeen {
  ObservedMove step;
  View after;
};
using SeenStep = std::variant<ClassicSeen, ViewedStep>;
// The true state, to score a belief against (the game is replayed from its record).
using TrueWorld = std::variant<const State*, const waterloo::WaterlooState*>;

// One hidden piece (a row of the table).
struct PieceBelief {
  int square = -1;            // where it stands, or -1 off the board
  std::string place;          // off the board: "captured face down", "french reserve", ...
  int start = -1;             // classic: its start square, -1 if not known
  std::optional<bool> moved;  // classic: whether it has moved (Waterloo: not kept)
  bool known = false;         // one identity left
  bool shown = false;         // on the board face up: the view names it (rows after the hidden)
  int group = 0;              // the columns it may take are those of its group (Waterloo: block)
  std::vector<double> p;      // P(identity) over BeliefTable::names, summing to 1
};

struct BeliefTable {
  std::string enemy;                // whose pieces: "blue", "french and prussian"
  std::string whose;                // the same before "pieces": "blue's", "the french and prussian"
  std::vector<std::string> names;   // the identities, for people ("marshal", "french inf 6")
  std::vector<std::string> tokens;  // the same as the page names them (kind names, unit tokens)
  std::vector<int> groups;          // each column's group (PieceBelief::group)
  std::vector<PieceBelief> pieces;  // every enemy piece the view hides (on the board or off it),
                                    // then every one the view shows on the board (`shown`)
  bool converged = true;            // classic: IPF's fit (eval/ipf.h)
  double max_error = 0;
  // The columns of a row, most likely first, the zero ones left out.
  std::vector<std::pair<int, double>> ranked(std::size_t row) const;
};

// How a board square looks in a heat map: what stands there for the viewer.
struct SquareLook {
  enum class What { kEmpty, kBlocked, kOwn, kEnemyKnown, kEnemyOpen };
  What what = What::kEmpty;
  std::string label;  // kOwn, kEnemyKnown: the piece's short name
  int row = -1;       // kEnemyOpen: its row of the table, or -1 if it has none
};

// A belief scored against the truth over the hidden rows on the board (off-board piles are
// unordered, so which hidden piece there is which is not a fact to score).
struct TruthScore {
  int pieces = 0;       // rows scored
  int correct = 0;      // rows whose most likely identity is the true one
  double log_loss = 0;  // sum over rows of -ln P(true identity), nats
  double min_prob = 1;  // the smallest probability given to a truth
  double mean() const { return pieces ? log_loss / pieces : 0; }
};

class BeliefModel {
 public:
  virtual ~BeliefModel() = default;
  // The next step the player observed (InputError when it contradicts what was tracked).
  virtual void observe(const SeenStep& step) = 0;
  virtual BeliefTable marginals() const = 0;
  // One world drawn from the belief: a column of marginals() for each of its rows.
  virtual std::vector<int> sample(Rng& rng) const = 0;
  // The true column of each row of `t` (this model's marginals()), -1 for rows off the board.
  virtual std::vector<int> truth(const TrueWorld& world, const BeliefTable& t) const = 0;
  // Every square of the board as the viewer sees it, with the table's row of each open piece.
  virtual std::vector<SquareLook> board(const BeliefTable& t) const = 0;
  virtual const Geometry& geometry() const = 0;
  virtual Side viewer() const = 0;
  // Where the belief's prior comes from ("the built-in classic prior", ...), for headings.
  virtual std::string prior_source() const = 0;

  // The table's log-loss and accuracy against the truth.
  TruthScore score(const TrueWorld& world, const BeliefTable& t) const;
};

// The table of a classic belief and its marginals (the live page's, which keeps its Belief), and
// of a Waterloo posterior (a search's, which has one).
BeliefTable belief_table(const Belief& b, const Marginals& m);
BeliefTable belief_table(const WaterlooPosterior& post);

// eval::Belief behind the interface: from the view at the start, with these options and prior
// (nullptr: the variant's built-in one).
std::unique_ptr<BeliefModel> classic_belief_model(const View& start, const BeliefOptions& o,
                                                  std::shared_ptr<const SetupModel> prior);
// eval::WaterlooBelief behind the interface: from the start of a game of the variant (before
// the draft and the set-ups), or from any view without its history.
std::unique_ptr<BeliefModel> waterloo_belief_model(std::shared_ptr<const Variant> variant,
                                                   Side viewer);
std::unique_ptr<BeliefModel> waterloo_belief_model(const waterloo::WaterlooView& view);

}  // namespace stratego::eval
