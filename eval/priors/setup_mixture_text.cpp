// The text format of mixture set-up priors (eval/data/*.mixture, `analyze fit --mixture-out`):
// SetupMixture::format and SetupMixture::parse (eval/priors/setup_mixture.h).
#include <algorithm>
#include <sstream>

#include "engine/error.h"
#include "eval/priors/setup_mixture.h"

namespace stratego::eval {

std::string SetupMixture::format() const {
  std::ostringstream out;
  char buf[64];
  out << "stratego-mixture 1\nvariant " << param_->variant_name() << "\nsource " << source << "\n";
  std::snprintf(buf, sizeof buf, "%d %.4f %.4f %.4f %.4f", validation.held_out,
                validation.parametric, validation.mixture, validation.uniform,
                validation.cross_validated);
  out << "validation " << buf << "\n";
  for (std::size_t c = 0; c < components_.size(); ++c) {
    std::snprintf(buf, sizeof buf, "%.6g", weights_[c]);
    out << "weight " << components_[c].name << ' ' << buf << "\n";
  }
  if (placement_) out << placement_->format();
  out << "training " << training_count() << "\n";
  for (int j = 0; j < training_count(); ++j) out << training_line(j) << "\n";
  out << "end\n";
  return out.str();
}

SetupMixture SetupMixture::parse(std::string_view text, const std::string& origin,
                                 std::shared_ptr<const SetupModel> parametric) {
  std::istringstream in{std::string(text)};
  std::string line;
  int line_no = 0;
  auto fail = [&](const std::string& why) {
    throw InputError(origin + ":" + std::to_string(line_no) + ": " + why);
  };
  std::vector<std::pair<std::string, double>> weights;
  std::vector<std::vector<int>> training;
  std::shared_ptr<const PlacementModel> placement;
  Validation val;
  std::string source;
  int expected = -1;
  bool ended = false;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    if (ended) fail("text after 'end'");
    if (line_no == 1) {
      if (line != "stratego-mixture 1") fail("a mixture file starts with 'stratego-mixture 1'");
      continue;
    }
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (expected >= 0 && key != "end") {
      try {
        training.push_back(parametric->symbols_of(line));
      } catch (const InputError& e) {
        fail(e.what());
      }
      continue;
    }
    if (key == "variant") {
      std::string v;
      words >> v;
      if (v != parametric->variant_name())
        fail("the mixture is for " + v + ", not " + parametric->variant_name());
    } else if (key == "source") {
      source = line.size() > 7 ? line.substr(7) : "";
    } else if (key == "validation") {
      if (!(words >> val.held_out >> val.parametric >> val.mixture >> val.uniform >>
            val.cross_validated))
        fail("'validation' needs five numbers");
    } else if (key == "weight") {
      std::string name;
      double w = -1;
      if (!(words >> name >> w) || !(w >= 0))
        fail("'weight' needs a component name and a weight >= 0");
      weights.push_back({name, w});
    } else if (key == "placement") {
      int classes = 0;
      if (placement) fail("a second 'placement'");
      if (!(words >> classes)) fail("'placement' needs a number of classes");
      placement = std::make_shared<const PlacementModel>(
          PlacementModel::parse(*parametric, classes, in, origin, line_no));
    } else if (key == "training") {
      if (!(words >> expected) || expected < 0) fail("'training' needs a count");
    } else if (key == "end") {
      if (expected != int(training.size()))
        fail("'training " + std::to_string(expected) + "' but " + std::to_string(training.size()) +
             " set-ups");
      ended = true;
    } else {
      fail("unknown key '" + key + "'");
    }
  }
  if (!ended) fail("the file ends without 'end'");
  SetupMixture m(std::move(parametric), training);
  if (placement) m.add_placement(std::move(placement));
  std::vector<double> w(m.components_.size(), 0.0);
  for (const auto& [name, x] : weights) {
    const auto it = std::find_if(m.components_.begin(), m.components_.end(),
                                 [&](const Component& c) { return c.name == name; });
    if (it == m.components_.end())
      throw InputError(origin + ": no mixture component named '" + name + "' here");
    w[std::size_t(it - m.components_.begin())] = x;
  }
  if (!weights.empty()) m.set_weights(w);
  m.validation = val;
  m.source = source;
  return m;
}

}  // namespace stratego::eval
