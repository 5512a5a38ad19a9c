// The games folder's files, read as data from a stranger: only a regular file (never a
// symbolic link, which could name a file anywhere, nor a FIFO or device, which could block
// the server), and no larger than a bound.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace stratego::serve {

inline constexpr std::size_t kMaxMetaBytes = 64 * 1024;
inline constexpr std::size_t kMaxSaveBytes = 16 * 1024 * 1024;

// Throws InputError naming the path and what is wrong with it. Never blocks.
std::string read_game_file(const std::filesystem::path& path, std::size_t max_bytes);

}  // namespace stratego::serve
