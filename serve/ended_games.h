// The finished games of `stratego serve`, as the game list shows them. A finished game never
// changes again, so the server lets go of its GameSession (lock, meta strings, host, thread
// handle, map node: about 0.7 kB in several allocations, scattered among the pages the game's
// freed allocations leave) and keeps only its list entry: about 220 bytes of JSON text,
// appended to one buffer, with an index sorted by id. Its record and meta files stay in the games
// folder and are read from there when asked. Not locked: the server's lock guards it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stratego::serve {

class EndedGames {
 public:
  // Adds or replaces the entry of `id` (a game id: 16 lower-case hex digits).
  void add(const std::string& id, std::string_view entry);
  bool contains(const std::string& id) const;
  std::optional<std::string> find(const std::string& id) const;
  std::size_t size() const { return index_.size(); }
  // Calls f(id, entry) for every game, in the order of their ids.
  template <class F>
  void for_each(F f) const {
    for (const Entry& e : index_)
      f(id_text(e.id), std::string_view(text_).substr(e.offset, e.length));
  }
  // The bytes held (the text and the index, with their spare capacity).
  std::size_t bytes() const { return text_.capacity() + index_.capacity() * sizeof(Entry); }

 private:
  struct Entry {
    std::uint64_t id;              // the 16 hex digits as a number: the same order as the text
    std::uint32_t offset, length;  // in text_ (4 GB: millions of games)
  };
  static std::optional<std::uint64_t> id_number(const std::string& id);
  static std::string id_text(std::uint64_t id);
  const Entry* lookup(const std::string& id) const;  // nullptr if not there

  std::vector<Entry> index_;  // sorted by id
  std::string text_;          // the entries, one after another
};

}  // namespace stratego::serve
