#include "serve/ended_games.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace stratego::serve {
namespace {

constexpr auto id_less = [](const auto& entry, std::uint64_t id) { return entry.id < id; };

}  // namespace

std::optional<std::uint64_t> EndedGames::id_number(const std::string& id) {
  std::uint64_t n = 0;
  const char* end = id.data() + id.size();
  if (id.size() != 16 || !std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      }))
    return std::nullopt;
  const auto r = std::from_chars(id.data(), end, n, 16);
  if (r.ec != std::errc() || r.ptr != end) return std::nullopt;
  return n;
}

std::string EndedGames::id_text(std::uint64_t id) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(id));
  return buf;
}

const EndedGames::Entry* EndedGames::lookup(const std::string& id) const {
  const auto n = id_number(id);
  if (!n) return nullptr;
  const auto it = std::lower_bound(index_.begin(), index_.end(), *n, id_less);
  return it != index_.end() && it->id == *n ? &*it : nullptr;
}

void EndedGames::add(const std::string& id, std::string_view entry) {
  const auto n = id_number(id);
  if (!n) throw std::invalid_argument("EndedGames: not a game id: " + id);
  // A replaced entry's old text stays in the buffer: a game ends once, so that is rare.
  const Entry e{*n, std::uint32_t(text_.size()), std::uint32_t(entry.size())};
  text_.append(entry);
  const auto it = std::lower_bound(index_.begin(), index_.end(), *n, id_less);
  if (it != index_.end() && it->id == *n)
    *it = e;
  else
    index_.insert(it, e);
}

bool EndedGames::contains(const std::string& id) const { return lookup(id) != nullptr; }

std::optional<std::string> EndedGames::find(const std::string& id) const {
  const Entry* e = lookup(id);
  if (!e) return std::nullopt;
  return text_.substr(e->offset, e->length);
}

}  // namespace stratego::serve
