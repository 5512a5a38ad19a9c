#include "serve/slow_client_guard.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace stratego::serve {
namespace {

std::string key(const std::string& addr, int port) { return addr + ":" + std::to_string(port); }

// The port and address of a socket's end (AF_INET or AF_INET6), or port -1.
int socket_end(int fd, bool peer, std::string& addr) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  auto* sa = reinterpret_cast<sockaddr*>(&ss);
  if ((peer ? ::getpeername(fd, sa, &len) : ::getsockname(fd, sa, &len)) != 0) return -1;
  char buf[INET6_ADDRSTRLEN] = {};
  if (ss.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&ss);
    ::inet_ntop(AF_INET, &in->sin_addr, buf, sizeof buf);
    addr = buf;
    return ntohs(in->sin_port);
  }
  if (ss.ss_family == AF_INET6) {
    const auto* in = reinterpret_cast<const sockaddr_in6*>(&ss);
    ::inet_ntop(AF_INET6, &in->sin6_addr, buf, sizeof buf);
    addr = buf;
    return ntohs(in->sin6_port);
  }
  return -1;
}

}  // namespace

SlowClientGuard::SlowClientGuard(int port, std::chrono::milliseconds timeout)
    : port_(port), timeout_(timeout), thread_([this] { watch(); }) {}

SlowClientGuard::~SlowClientGuard() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void SlowClientGuard::request_read(const std::string& addr, int port) {
  std::lock_guard lock(mu_);
  auto& c = connections_[key(addr, port)];
  c.busy = true;
}

void SlowClientGuard::answered(const std::string& addr, int port) {
  std::lock_guard lock(mu_);
  auto& c = connections_[key(addr, port)];
  c.busy = false;
  c.since = std::chrono::steady_clock::now();
}

int SlowClientGuard::cut() const {
  std::lock_guard lock(mu_);
  return cut_;
}

void SlowClientGuard::watch() {
  const auto tick = std::max(std::chrono::milliseconds(50), timeout_ / 4);
  std::unique_lock lock(mu_);
  while (!wake_.wait_for(lock, tick, [this] { return stop_; })) {
    lock.unlock();
    scan();
    lock.lock();
  }
}

void SlowClientGuard::scan() {
  const auto now = std::chrono::steady_clock::now();
  std::error_code ec;
  std::map<std::string, int> open;  // peer -> descriptor
  for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    const int fd = std::atoi(e.path().filename().c_str());
    std::string local, peer;
    if (socket_end(fd, false, local) != port_) continue;  // not one of the server's
    const int peer_port = socket_end(fd, true, peer);
    if (peer_port >= 0) open[key(peer, peer_port)] = fd;  // the listening socket has none
  }
  std::lock_guard lock(mu_);
  for (auto it = connections_.begin(); it != connections_.end();)
    it = open.count(it->first) ? std::next(it) : connections_.erase(it);  // closed
  for (const auto& [peer, fd] : open) {
    auto [it, fresh] = connections_.try_emplace(peer);
    Connection& c = it->second;
    if (fresh) c.since = now;
    if (c.busy || now - c.since < timeout_) continue;
    // The descriptor was this connection's a moment ago. Were it closed and reused by a new
    // connection since, that one would be cut early and its client would retry.
    ::shutdown(fd, SHUT_RDWR);
    ++cut_;
    c.since = now;
  }
}

}  // namespace stratego::serve
