#include "eval/values/value_weights.h"

#include <charconv>
#include <cmath>
#include <map>
#include <memory>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/text_util.h"

namespace stratego::eval {
namespace {

constexpr std::string_view kMagic = "stratego-value-weights 1";

// Shortest text that reads back as the same double.
std::string exact(double x) {
  char buf[64];
  const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, p);
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

}  // namespace

std::string format_value_weights(const ValueWeights& v) {
  std::string out;
  for (const std::string& c : v.comments) out += c.empty() ? "#\n" : "# " + c + "\n";
  out += std::string(kMagic) + "\nvariant " + v.variant + "\n";
  for (int i = 0; i < kNumClassicFeatures; ++i)
    out +=
        "weight " + std::string(classic_feature_name(i)) + " " + exact(v.w[std::size_t(i)]) + "\n";
  return out;
}

ValueWeights parse_value_weights(std::string_view text, const std::string& origin) {
  ValueWeights v;
  std::map<std::string_view, int> index;
  for (int i = 0; i < kNumClassicFeatures; ++i) index[classic_feature_name(i)] = i;
  std::vector<bool> seen(kNumClassicFeatures, false);
  int line_no = 0;
  bool header = false;
  auto fail = [&](const std::string& what) {
    throw InputError(origin + ":" + std::to_string(line_no) + ": " + what);
  };
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line[0] == '#') {
      line.remove_prefix(1);
      if (!line.empty() && line[0] == ' ') line.remove_prefix(1);
      v.comments.emplace_back(line);
      continue;
    }
    const auto w = words(line);
    if (w.empty()) continue;
    if (!header) {
      if (line != kMagic) fail("expected '" + std::string(kMagic) + "'");
      header = true;
      continue;
    }
    if (w[0] == "variant") {
      if (w.size() != 2) fail("expected 'variant NAME'");
      if (!v.variant.empty()) fail("variant given twice");
      v.variant = std::string(w[1]);
    } else if (w[0] == "weight") {
      if (w.size() != 3) fail("expected 'weight FEATURE VALUE'");
      const auto it = index.find(w[1]);
      if (it == index.end()) fail("unknown feature '" + std::string(w[1]) + "'");
      if (seen[std::size_t(it->second)]) fail("feature '" + std::string(w[1]) + "' given twice");
      const auto x = text::parse_real(w[2]);
      if (!x || !std::isfinite(*x)) fail("'" + std::string(w[2]) + "' is not a finite number");
      seen[std::size_t(it->second)] = true;
      v.w[std::size_t(it->second)] = *x;
    } else {
      fail("unknown line '" + std::string(w[0]) + "' (expected variant or weight)");
    }
  }
  if (!header) fail("expected '" + std::string(kMagic) + "'");
  if (v.variant.empty()) fail("no 'variant' line");
  for (int i = 0; i < kNumClassicFeatures; ++i)
    if (!seen[std::size_t(i)])
      fail("no weight for feature '" + std::string(classic_feature_name(i)) + "'");
  return v;
}

void write_value_weights_file(const std::string& path, const ValueWeights& v) {
  write_text_file_atomically(path, format_value_weights(v));
}

ValueWeights read_value_weights_file(const std::string& path) {
  return parse_value_weights(read_text_file(path), path);
}

const ValueWeights* builtin_value_weights(std::string_view variant_name) {
  static const auto parsed = [] {
    std::vector<std::unique_ptr<ValueWeights>> out;
    for (const EmbeddedFile& f : builtin_value_weights_files())
      out.push_back(std::make_unique<ValueWeights>(
          parse_value_weights(f.text, "built-in weights " + std::string(f.name))));
    return out;
  }();
  const auto& files = builtin_value_weights_files();
  for (std::size_t i = 0; i < files.size(); ++i)
    if (files[i].name == variant_name) return parsed[i].get();
  return nullptr;
}

}  // namespace stratego::eval
