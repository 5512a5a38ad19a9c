// A whole-request deadline for `stratego serve`'s connections. httplib times each read on its
// own (--io-timeout), so a client that sends one header byte every few seconds holds a
// connection thread for ever; enough of them and the page waits. The guard gives every
// connection `timeout` to deliver a whole request, counted from when it is first seen or its
// last answer was sent, and shuts down the sockets that did not (the thread then goes free).
//
// httplib 0.11 does not hand out its connections' sockets, so the guard finds them as Linux
// shows them (/proc/self/fd: sockets whose local port is the server's, with a peer), and
// knows a connection by its peer address: the routes mark it busy when its request has been
// read (request_read) and idle again when the answer is written (answered).
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace stratego::serve {

class SlowClientGuard {
 public:
  SlowClientGuard(int port, std::chrono::milliseconds timeout);
  ~SlowClientGuard();  // stops the watch
  SlowClientGuard(const SlowClientGuard&) = delete;
  SlowClientGuard& operator=(const SlowClientGuard&) = delete;

  void request_read(const std::string& addr, int port);
  void answered(const std::string& addr, int port);
  int cut() const;  // connections shut down so far

 private:
  struct Connection {
    std::chrono::steady_clock::time_point since;  // seen, or answered last
    bool busy = false;                            // a request is being answered
  };
  void watch();
  void scan();

  const int port_;
  const std::chrono::milliseconds timeout_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  bool stop_ = false;
  int cut_ = 0;
  std::map<std::string, Connection> connections_;  // by "addr:port" of the peer
  std::thread thread_;
};

}  // namespace stratego::serve
