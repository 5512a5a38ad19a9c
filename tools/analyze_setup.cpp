// `stratego analyze setup`: the log-probability of set-ups under the prior, and which squares
// are the most and least expected; `stratego analyze fit`: fits a prior to a file of human
// set-ups (data/setups/), reports it on the held-out validation split and writes the
// `.prior` file that eval/data/ holds and the build compiles in.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_fit.h"
#include "eval/priors/setup_mixture.h"
#include "tools/analyze.h"
#include "tools/seed_option.h"

namespace stratego::analyze {
namespace {

std::string fixed(double x, int decimals = 3) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string symbol_name(int code) {
  return code == eval::kEmptySymbol ? std::string("empty") : std::string(kind_name(Kind(code)));
}

// Frame square f named as Red's square: the owner's row 1 is his back row, columns as on the
// board.
std::string frame_square(const Variant& v, int f) { return v.geometry.square_name(f); }

struct SetupOptions {
  std::string file, variant = "classic", prior, mixture;
  bool squares = false, components = false;
  int show = 3;
};

std::shared_ptr<const eval::SetupMixture> load_mixture(
    const Variant& v, const std::string& file, std::shared_ptr<const eval::SetupModel> prior) {
  if (file.empty()) return eval::SetupMixture::for_variant(v);
  return std::make_shared<const eval::SetupMixture>(
      eval::SetupMixture::parse(read_text_file(file), file, prior));
}

// What the mixture knows of a set-up: whether people used it, how near the nearest known one
// is, which of its rows and half rows people used, and (with --components) how likely each
// component finds it.
void print_known(const eval::SetupMixture& mix, const std::vector<int>& symbols, bool components) {
  const auto lps = mix.component_log_probs(symbols);
  const double total = eval::SetupMixture::mix(lps, mix.weights());
  const eval::SetupMixture::Match m = mix.match(symbols);
  std::cout << "  mixture: " << fixed(total) << "; ";
  if (m.exact_setups > 0)
    std::cout << "matches " << m.exact_setups << " set-up" << (m.exact_setups == 1 ? "" : "s")
              << " of the data";
  else
    std::cout << "matches no set-up of the data";
  if (m.nearest >= 0)
    std::cout << "; nearest other differs in " << m.nearest << " square"
              << (m.nearest == 1 ? "" : "s") << " (" << m.nearest_count << " such)";
  std::cout << "\n";
  std::string parts;
  for (std::size_t c = 0; c < mix.components().size(); ++c) {
    const auto& comp = mix.components()[c];
    if (comp.type != eval::SetupMixture::Type::kBlock || !std::isfinite(lps[c])) continue;
    parts += (parts.empty() ? "" : ", ") + comp.name.substr(6) + " " +
             std::to_string(mix.block_matches(comp.block, symbols));
  }
  std::cout << "  parts people used (training set-ups and mirrors with the same pieces there): "
            << (parts.empty() ? "none of its rows or half rows" : parts) << "\n";
  if (!components) return;
  for (std::size_t c = 0; c < mix.components().size(); ++c) {
    const double post = std::isfinite(lps[c]) ? mix.weights()[c] * std::exp(lps[c] - total) : 0.0;
    std::cout << "    " << mix.components()[c].name << ": "
              << (std::isfinite(lps[c]) ? fixed(lps[c]) : "impossible") << ", posterior "
              << fixed(post, 4) << "\n";
  }
}

void run_setup(const SetupOptions& o) {
  const Variant v = load_variant(o.variant);
  const auto model = load_prior(v, o.prior);
  const SetupFile file = read_setup_file(o.file, v);  // names the file and line of a bad set-up
  std::cout << "# " << v.spec << " prior: " << model->source() << "\n";
  std::cout << "# log-probability in nats (per piece in brackets); uniform over legal set-ups: "
            << fixed(model->uniform_log_prob()) << " ("
            << fixed(model->uniform_log_prob() / model->pieces()) << ")\n";
  const auto mixture = load_mixture(v, o.mixture, model);
  if (mixture) std::cout << "# mixture: " << mixture->source << "\n";
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const std::vector<int> symbols = model->symbols_of(file.lines[i]);
    const double lp = model->log_prob(symbols);
    std::cout << "line " << file.line_numbers[i] << ": " << fixed(lp) << " ("
              << fixed(lp / model->pieces()) << ")\n";
    if (mixture) print_known(*mixture, symbols, o.components);
    if (!o.squares) continue;
    // How expected each piece is on its square: the prior's per-square share of that kind.
    std::vector<std::pair<double, int>> shares;
    for (int f : model->order())
      if (symbols[std::size_t(f)] != eval::kEmptySymbol)
        shares.push_back({model->marginal(f, Kind(symbols[std::size_t(f)])), f});
    std::stable_sort(shares.begin(), shares.end(),
                     [](auto& a, auto& b) { return a.first > b.first; });
    auto list = [&](auto begin, auto end) {
      std::string out;
      for (auto it = begin; it != end; ++it) {
        if (!out.empty()) out += ", ";
        out += frame_square(v, it->second);
        out += ' ';
        out += symbol_name(symbols[std::size_t(it->second)]);
        out += ' ';
        out += fixed(100 * it->first, 1);
        out += '%';
      }
      return out;
    };
    const std::size_t k = std::min<std::size_t>(std::size_t(o.show), shares.size());
    std::cout << "  most expected: " << list(shares.begin(), shares.begin() + std::ptrdiff_t(k))
              << "\n";
    std::cout << "  least expected: " << list(shares.rbegin(), shares.rbegin() + std::ptrdiff_t(k))
              << "\n";
  }
}

struct FitCommandOptions {
  std::string variant = "classic", data, out, mixture_out;
  eval::FitOptions fit;
  eval::PlacementModel::Options placement;
  // Exchanged copies of each training set-up the placement prior is also fitted on. Barrage's
  // mixture held out (one fit of the placement prior): 8 copies 9.987, 12 9.994, 24 9.973.
  int placement_exchanges = 12;
  double floor = 0.005;
};

void run_fit(const FitCommandOptions& o) {
  const Variant v = load_variant(o.variant);
  const SetupFile file = read_setup_file(o.data, v);
  const eval::SetupModel shape = eval::SetupModel::uniform(v);
  const eval::SetupData data = eval::split_setups(shape, file.lines, file.line_numbers, o.data);
  const std::string name = std::filesystem::path(o.data).filename().string();
  std::cout << name << ": " << file.lines.size() << " set-ups; fitting to " << data.training.size()
            << ", holding out " << data.validation.size() << " (every " << eval::kValidationEvery
            << "th set-up)\n";
  const double pieces = shape.pieces();
  eval::FitOptions per_square = o.fit;
  per_square.structure = false;
  const eval::SetupModel flat = eval::fit_setup_model(shape, data, per_square);
  eval::FitOptions structured = o.fit;
  structured.structure = true;
  eval::SetupModel model = eval::fit_setup_model(shape, data, structured);
  eval::SetupModel::Validation val;
  val.training = int(data.training.size());
  val.validation = int(data.validation.size());
  val.uniform = shape.uniform_log_prob() / pieces;
  val.per_square = eval::mean_log_prob(flat, data.validation) / pieces;
  val.model = eval::mean_log_prob(model, data.validation) / pieces;
  std::cout << "nats per piece           training   validation\n";
  std::cout << "  uniform                " << fixed(val.uniform) << "     " << fixed(val.uniform)
            << "\n";
  std::cout << "  per-square             "
            << fixed(eval::mean_log_prob(flat, data.training) / pieces) << "     "
            << fixed(val.per_square) << "\n";
  std::cout << "  per-square + structure "
            << fixed(eval::mean_log_prob(model, data.training) / pieces) << "     "
            << fixed(val.model) << "\n";
  const auto& p = model.params();
  std::cout << "structure (logit added when next to the Flag: adjacent / diagonal / two straight; "
               "per neighbour of the same kind, from the pair table):\n";
  for (int s = 0; s < model.num_symbols(); ++s)
    std::cout << "  " << symbol_name(model.symbols()[std::size_t(s)]) << ": "
              << fixed(p.rel[0][std::size_t(s)], 2) << " / " << fixed(p.rel[1][std::size_t(s)], 2)
              << " / " << fixed(p.rel[2][std::size_t(s)], 2) << "; "
              << fixed(p.pair[std::size_t(s * model.num_symbols() + s)], 2) << "\n";
  model.set_fitted("fitted to " + name + " (" + std::to_string(data.training.size()) + " of " +
                       std::to_string(file.lines.size()) + " set-ups; every " +
                       std::to_string(eval::kValidationEvery) +
                       "th held out) by stratego analyze fit",
                   val);
  if (!o.out.empty()) {
    write_text_file_atomically(o.out, model.format());
    std::cout << "written to " << o.out << "\n";
  }
  // The mixture: this model, the training set-ups and their parts, and the broad components,
  // weighted by EM on the held-out set-ups.
  eval::SetupMixture mix(std::make_shared<const eval::SetupModel>(model), data.training);
  // The placement prior has thousands of parameters a class: only with data enough to fit them
  // (Barrage's 2,841 training set-ups, not Duel's 54).
  constexpr std::size_t kPlacementMinTraining = 500;
  if (o.placement.classes > 0 && eval::PlacementModel::fits(shape) &&
      data.training.size() >= kPlacementMinTraining) {
    auto placement = std::make_shared<const eval::PlacementModel>(
        eval::PlacementModel::fit(shape, data.training, o.placement,
                                  mix.exchanged_copies(o.placement_exchanges, o.placement.seed)));
    double held = 0;
    for (const auto& s : data.validation) held += placement->log_prob(s);
    held /= double(std::max<std::size_t>(data.validation.size(), 1));
    std::cout << "placement prior (" << placement->classes() << " classes), nats per set-up on the "
              << "held-out set-ups: " << fixed(held, 2) << " ("
              << fixed(held - shape.uniform_log_prob(), 2) << " against uniform)\n";
    mix.add_placement(std::move(placement));
  }
  const double mixed = mix.fit_weights(data.validation, o.floor);
  mix.validation.parametric = val.model * pieces;
  mix.validation.uniform = val.uniform * pieces;
  mix.validation.mixture = mixed;
  mix.source = "weights fitted by EM on the " + std::to_string(data.validation.size()) +
               " held-out set-ups of " + name + " (broad components at least " + fixed(o.floor, 4) +
               " each) by stratego analyze fit";
  std::cout << "mixture, nats per set-up on the held-out set-ups (against uniform):\n"
            << "  uniform                " << fixed(mix.validation.uniform, 2) << "\n"
            << "  parametric             " << fixed(mix.validation.parametric, 2) << " ("
            << fixed(mix.validation.parametric - mix.validation.uniform, 2) << ")\n"
            << "  mixture                " << fixed(mixed, 2) << " ("
            << fixed(mixed - mix.validation.uniform, 2) << ")\n  mixture, 2-fold cv     "
            << fixed(mix.validation.cross_validated, 2) << " ("
            << fixed(mix.validation.cross_validated - mix.validation.uniform, 2) << ")\n  weights:";
  for (std::size_t c = 0; c < mix.components().size(); ++c)
    std::cout << (c % 6 == 0 ? "\n   " : "") << " " << mix.components()[c].name << " "
              << fixed(mix.weights()[c], 4);
  std::cout << "\n";
  if (!o.mixture_out.empty()) {
    write_text_file_atomically(o.mixture_out, mix.format());
    std::cout << "mixture written to " << o.mixture_out << "\n";
  }
}

}  // namespace

void register_setup(CLI::App* analyze) {
  auto o = std::make_shared<SetupOptions>();
  auto* cmd =
      analyze->add_subcommand("setup", "Log-probability of each set-up of a file under the prior");
  cmd->add_option("file", o->file, "A file of set-up lines")->required();
  cmd->add_option("--variant,-v", o->variant, "Variant of the set-ups")->capture_default_str();
  cmd->add_flag("--squares", o->squares, "Also print the most and least expected squares");
  cmd->add_option("--show", o->show, "Squares to list each way with --squares")
      ->capture_default_str();
  cmd->add_option("--mixture", o->mixture, "A .mixture file to use instead of the built-in one");
  cmd->add_flag("--components", o->components,
                "Also print each mixture component's log-probability");
  cmd->add_option("--prior", o->prior, "A .prior file to use instead of the built-in one");
  cmd->callback([o] { run_setup(*o); });
}

void register_fit(CLI::App* analyze) {
  auto o = std::make_shared<FitCommandOptions>();
  auto* cmd = analyze->add_subcommand(
      "fit", "Fit a set-up prior to human set-ups and report it on held-out data");
  cmd->add_option("--variant,-v", o->variant, "Variant of the set-ups")->capture_default_str();
  cmd->add_option("--data", o->data, "A file of human set-up lines")->required();
  cmd->add_option("--out,-o", o->out, "Write the fitted prior here (e.g. eval/data/classic.prior)");
  cmd->add_option("--steps", o->fit.steps, "Adam steps")->capture_default_str();
  cmd->add_option(
         "--placement-classes", o->placement.classes,
         "Classes of the placement prior, for armies of at most 12 pieces and at least 500 "
         "training set-ups (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd->add_option("--placement-l2", o->placement.l2,
                  "Gaussian prior weight on the placement prior's parameters (the shared ones "
                  "when --placement-class-l2 is above 0)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--placement-class-l2", o->placement.class_l2,
                  "Gaussian prior weight on each class's deviation from the parameters the "
                  "classes share (0: no sharing; --placement-l2 then weighs each class's own)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--placement-seed", o->placement.seed,
                  "Seed of the placement prior's start and of its exchanged copies")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("--placement-ensemble", o->placement.ensemble,
                  "Fits of the placement prior from successive seeds, their classes mixed equally")
      ->capture_default_str()
      ->check(CLI::Range(1, 8));
  cmd->add_option("--placement-smooth", o->placement.smooth,
                  "Gaussian prior weight on the difference of the placement prior's neighbouring "
                  "parameters (0: none)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--placement-exchanges", o->placement_exchanges,
                  "Copies of each training set-up with two pieces exchanged (by the exchange "
                  "component's rates) that the placement prior is also fitted on")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd->add_option("--placement-exchange-weight", o->placement.extra_weight,
                  "The weight of each such copy in the placement fit (a training set-up: 1)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--placement-steps", o->placement.iterations, "Adam steps of the placement prior")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--batch", o->fit.batch, "Set-ups per step")->capture_default_str();
  cmd->add_option("--l2", o->fit.l2, "Gaussian prior weight on every parameter (smoothing)")
      ->capture_default_str();
  cmd->add_option("--seed", o->fit.seed, "Seed of the mini-batch draws")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("--mixture-out", o->mixture_out,
                  "Write the mixture prior (weights and training set-ups) here (e.g. "
                  "eval/data/classic.mixture)");
  cmd->add_option("--floor", o->floor, "Least weight of each broad mixture component")
      ->capture_default_str();
  cmd->callback([o] { run_fit(*o); });
}

}  // namespace stratego::analyze
