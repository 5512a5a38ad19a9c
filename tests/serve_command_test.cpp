// `stratego serve`'s command line: --request-timeout (ServeOptions::request_timeout_ms, the
// time a connection has to send a whole request) takes milliseconds within its range; a bad
// value is refused, naming the option, before anything listens; a good one is what the
// server holds a silent connection to.
#ifdef STRATEGO_HAVE_SERVE

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <chrono>

#include "support/command_run.h"
#include "support/serve_process.h"

namespace stratego::test_support {
namespace {

TEST(ServeCommand, ABadRequestTimeoutIsRefusedNamingIt) {
  const std::string dir = unique_temp_path("serve_command_games");
  for (const char* bad : {"0", "99", "-5", "3600001", "ten", "1.5", ""}) {
    const CommandRun r = run_stratego("serve --port 0 --games-dir " + dir + " --request-timeout '" +
                                      bad + "' </dev/null");
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("error: --request-timeout"), std::string::npos) << bad << ": " << r.out;
    EXPECT_EQ(r.out.find("listening"), std::string::npos) << bad << ": " << r.out;
  }
  const CommandRun help = run_stratego("serve --help");
  EXPECT_NE(help.out.find("--request-timeout"), std::string::npos) << help.out;
}

// A connection that sends nothing is shut down after the timeout given (10 s by default).
TEST(ServeCommand, ARequestTimeoutIsHowLongASilentConnectionIsHeld) {
  ServeProcess server(unique_temp_path("serve_command_timeout"), {"--request-timeout", "300"});
  ASSERT_GT(server.port(), 0);
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(std::uint16_t(server.port()));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  const auto start = std::chrono::steady_clock::now();
  pollfd p{fd, POLLIN, 0};
  const int ready = ::poll(&p, 1, 5000);  // the end of the stream, once shut down
  const double held =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ::close(fd);
  EXPECT_EQ(ready, 1);
  EXPECT_GE(held, 0.25);
  EXPECT_LT(held, 3.0);  // not httplib's 5 s read timeout, nor the default 10 s
}

}  // namespace
}  // namespace stratego::test_support

#endif
