#include "serve/game_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/error.h"

namespace stratego::serve {

std::string read_game_file(const std::filesystem::path& path, std::size_t max_bytes) {
  const std::string name = path.string();
  // O_NOFOLLOW refuses a symbolic link; O_NONBLOCK keeps a FIFO from blocking the open.
  const int fd = ::open(name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    throw InputError(name + ": cannot open it" + (errno == ELOOP ? " (a symbolic link)" : "") +
                     ": " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw InputError(name + ": not a regular file");
  if (std::size_t(st.st_size) > max_bytes)
    throw InputError(name + ": larger than " + std::to_string(max_bytes) + " bytes");
  std::string text(std::size_t(st.st_size), '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError(name + ": cannot read it: " + std::strerror(errno));
    if (n == 0) break;  // shrank while read
    done += std::size_t(n);
  }
  text.resize(done);
  return text;
}

}  // namespace stratego::serve
