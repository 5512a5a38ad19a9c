// Features of a set-up for the fitted strength measure (strength/strength_model.h,
// docs/setup-strength.md "The fitted measure"): numbers computed from the set-up line alone,
// each with a name that a model file refers to. Two groups:
// - structure: where the Flag stands and what guards it, how the army is spread, where the
//   Marshal, General, Spy, Miner and Scouts stand (for any army of the classic family; a
//   feature of a kind the army lacks is 0);
// - familiarity: how usual the set-up is among people's set-ups: its log-probability under the
//   parametric set-up prior (the `--validate` baseline), and how many of the variant's human
//   training set-ups (with their mirrors) differ from it in at most d squares (log 1+count).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "eval/priors/setup_model.h"

namespace stratego::strength {

enum class FeatureGroup { kStructure, kFamiliarity };

struct FeatureInfo {
  std::string name;
  FeatureGroup group;
  std::string what;  // one line for docs and model files
};

// Every feature the measure knows, in a fixed order.
const std::vector<FeatureInfo>& all_features();
// The index of a feature by name, or -1.
int feature_index(const std::string& name);

// Computes features for set-up lines of one variant (the prior and the human set-ups are
// loaded once).
class FeatureComputer {
 public:
  explicit FeatureComputer(const Variant& v);
  // All features of a set-up line (in all_features() order). Throws InputError if the line is
  // not a set-up of the variant's army.
  std::vector<double> compute(const std::string& line) const;
  const Variant& variant() const { return v_; }
  const eval::SetupModel& prior() const { return *prior_; }
  int human_setups() const { return int(human_.size() / 2); }

 private:
  Variant v_;
  std::shared_ptr<const eval::SetupModel> prior_;
  std::vector<std::string> human_;  // the training set-ups and their mirrors
};

// The left-right mirror of a set-up line (rows of the variant's width).
std::string mirror_line(const std::string& line, int width);

}  // namespace stratego::strength
