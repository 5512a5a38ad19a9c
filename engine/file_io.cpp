#include "engine/file_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/error.h"

namespace stratego {

std::string read_text_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path + ": cannot open the file: " + std::strerror(errno));
  std::string text;
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      throw InputError(path + ": cannot read the file: " + std::strerror(err));
    }
    if (n == 0) break;
    if (text.size() + std::size_t(n) > kMaxTextFileBytes) {  // /dev/zero, or a runaway file
      ::close(fd);
      throw InputError(path + ": the file is larger than " +
                       std::to_string(kMaxTextFileBytes >> 20) + " MiB");
    }
    text.append(chunk, std::size_t(n));
  }
  ::close(fd);
  return text;
}

bool file_exists(const std::string& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
    throw InputError(path + ": " + ec.message());
  return std::filesystem::exists(st);
}

bool is_readable_file(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

namespace {

// Writes all of text to fd, then fsync; closes fd either way. Returns 0 or the errno of the
// first failure (a full disk reports itself on the write after a short one).
int write_all_and_sync(int fd, const std::string& text) {
  std::size_t done = 0;
  int err = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      err = n < 0 ? errno : ENOSPC;
      break;
    }
    done += std::size_t(n);
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  return err;
}

}  // namespace

// Write, sync, rename: a crash at any moment leaves the old file or the new one, never a
// torn one (a rename alone may reach the disk before the data it names).
void write_text_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw InputError(tmp + ": cannot open the file for writing: " + std::strerror(errno));
  if (const int err = write_all_and_sync(fd, text)) {
    ::unlink(tmp.c_str());
    throw InputError(tmp + ": cannot write the file: " + std::strerror(err));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw InputError(path + ": cannot replace the file: " + ec.message());
}

void append_text_file_durably(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw InputError(path + ": cannot open the file for appending: " + std::strerror(errno));
  if (const int err = write_all_and_sync(fd, text))
    throw InputError(path + ": cannot append to the file: " + std::strerror(err));
}

}  // namespace stratego
