// Plays the games of a strength analysis: for each candidate set-up, the games it lacks among
// 0 .. N-1 (each against its stored opponent set-up and seed, the same bot on both sides), on
// -j threads or on the other ranks of an MPI pool (ladder/mpi.h), writing finished games to
// the Store in batches (one transaction each) and keeping a progress line on stderr. What a run
// already wrote is never played again, so a killed run resumes and a larger N extends an analysis.
#pragma once

#include <iosfwd>
#include <memory>

#include "engine/variant.h"
#include "strength/store.h"

namespace stratego::ladder {
class MpiPool;
}

namespace stratego::strength {

struct LabOptions {
  int jobs = 1;
  // Under mpirun (--mpi): the other ranks play the games, in batches of a few; this process
  // only writes them. Null, or a pool without workers: the -j threads here.
  ladder::MpiPool* pool = nullptr;
  std::ostream* progress = nullptr;  // null: std::cerr
  bool quiet = false;                // no progress at all
};

class Lab {
 public:
  Lab(Store& store, const LabOptions& options);
  Store& store() { return store_; }
  const Variant& variant() const { return *variant_; }

  // Plays every game 0 .. games-1 (rounded up to whole pairs) that these candidates lack.
  // Returns the number of games played.
  int ensure(const std::vector<Candidate>& candidates, int games);
  // The candidate's pair scores (pair p = games 2p and 2p+1), for its first `pairs` complete
  // pairs (all with pairs < 0).
  std::vector<double> pair_scores(std::int64_t candidate, int pairs = -1);

  // Games played in this process, and the seconds spent in ensure().
  std::int64_t games_played() const { return played_; }
  double seconds() const { return seconds_; }

 private:
  Store& store_;
  LabOptions opt_;
  std::shared_ptr<const Variant> variant_;
  std::int64_t played_ = 0;
  double seconds_ = 0;
};

// One game: the candidate's set-up `line` as Red (even games) or Blue (Waterloo: its army's
// side in every game, strength/job.h) against game g's opponent, with the store's settings
// (strength/job.h). Never throws for what a bot does.
GameRow play_strength_game(const Store& store, const std::shared_ptr<const Variant>& v,
                           const Candidate& c, int game);

}  // namespace stratego::strength
