// A bot program that misbehaves on purpose, in one chosen way, for tests/hostile_bot_test.cpp:
// every way docs/robustness.md says a bot can fail, in both protocols.
//
// Usage: hostile_bot PROTOCOL MODE [AT] [PIDFILE]
//   PROTOCOL  proto (the bot protocol, docs/protocol.md) or ucc (the 2012 UCC protocol)
//   AT        the request (1-based `go`, or UCC move request) at which it misbehaves (default 1)
//   PIDFILE   where it writes its own pid (setsid: its child's)
// Until then it plays correctly: the first legal action (proto), or SURRENDER-free UCC play is
// not attempted, so UCC modes misbehave at the first move request whatever AT says.
// Modes (at request AT unless said otherwise):
//   good       no misbehaviour (proto: plays the first legal action; ucc: surrenders)
//   crash      exits with status 3          exit0      exits with status 0
//   hang       never answers                late       answers after 800 ms
//   garbage    a line that means nothing    error      `error ...` (proto)
//   hugeline   100 MB without a newline     longline   one line of 2 MB
//   flood      20000 info lines (proto)     illegal    a move that is not legal
//   wrongside  a move of the opponent's piece (proto)
//   resign     resigns (proto) / SURRENDER (ucc)
//   closeout   closes its stdout and lives on, reading
//   deaf       stops reading its input (and answering) for good
//   deafstart  never reads past the handshake (proto) / the start line (ucc): a large
//              newgame cannot be written to it
//   deafmid    answers newgame's isready, then never reads again (proto): the observations
//              sent to it mid-game fill its pipe
//   mute       never answers the handshake (proto)
//   badsetup   a set-up token that is no piece    wrongarmy  a readable set-up, wrong army
//   forkcrash  a child holding its stdout stays, the program exits with status 3
//   setsid     at start a child in a session of its own (pid to PIDFILE) that outlives the
//              program unless the referee ends it; plays on correctly
// Every process it leaves ends by itself within 30 s, so a broken referee cannot leave a
// machine full of them.
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

std::string mode;
int at = 1;
std::string pidfile;

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

void say(const std::string& line) { std::cout << line << '\n' << std::flush; }

[[noreturn]] void hang_for_good() {
  for (;;) sleep_ms(1000);
}

// A process of its own session, outside the bot's process group.
void leave_setsid_child() {
  const pid_t child = ::fork();
  if (child == 0) {
    ::setsid();
    ::alarm(30);
    hang_for_good();
  }
  if (!pidfile.empty()) {
    const std::string tmp = pidfile + ".tmp";
    if (FILE* f = std::fopen(tmp.c_str(), "w")) {
      std::fprintf(f, "%d\n", int(child));
      std::fclose(f);
      std::rename(tmp.c_str(), pidfile.c_str());
    }
  }
}

void huge_line() {
  const std::string chunk(1 << 16, 'x');
  for (int i = 0; i < 1600 && std::cout; ++i) std::cout << chunk;  // ~100 MB
  std::cout << std::flush;
  hang_for_good();
}

void long_line() { say(std::string(2000000, 'x')); }

[[noreturn]] void close_out() {
  std::cout << std::flush;
  ::close(1);
  for (std::string line; std::getline(std::cin, line);) {
  }
  hang_for_good();
}

[[noreturn]] void fork_crash() {
  if (::fork() == 0) {  // keeps stdout open
    ::alarm(30);
    hang_for_good();
  }
  std::exit(3);
}

// The misbehaviours both protocols share; false if `mode` is not one of them.
bool common_misdeed() {
  if (mode == "crash") std::exit(3);
  if (mode == "exit0") std::exit(0);
  if (mode == "hang" || mode == "deaf") hang_for_good();
  if (mode == "hugeline") huge_line();
  if (mode == "closeout") close_out();
  if (mode == "forkcrash") fork_crash();
  if (mode == "longline") {
    long_line();
    hang_for_good();
  }
  return false;
}

int run_proto() {
  int gos = 0;
  std::string first, side = "red";
  bool in_game = false;
  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd == "stratego") {
      if (mode == "mute") hang_for_good();
      say("id name hostile-" + mode);
      say("id author tests");
      say("stratego-ok 1");
      if (mode == "deafstart") hang_for_good();
    } else if (cmd == "isready") {
      say("readyok");
      if (mode == "deafmid" && !side.empty() && in_game) hang_for_good();
    } else if (cmd == "newgame") {
      in_game = true;
      for (std::string w; words >> w;)
        if (w == "side") words >> side;
    } else if (cmd == "legal") {
      words >> first;
    } else if (cmd == "setup") {
      std::string setup = line.substr(line.find(" suggest ") + 9);
      if (mode == "badsetup") setup[0] = '#';
      if (mode == "wrongarmy")
        for (std::size_t i = 1; i < setup.size(); ++i)
          if (setup[i] != setup[0]) {
            setup[i] = setup[0];
            break;
          }
      say("bestsetup " + setup);
    } else if (cmd == "go") {
      if (++gos < at || mode == "good" || mode == "setsid") {
        say("bestmove " + first);
        continue;
      }
      common_misdeed();
      if (mode == "late") {
        sleep_ms(800);
        say("bestmove " + first);
      } else if (mode == "garbage") {
        say("hello referee, how are you");
      } else if (mode == "error") {
        say("error I will not play");
      } else if (mode == "flood") {
        for (int i = 0; i < 20000; ++i) say("info string flooding");
        say("bestmove " + first);
      } else if (mode == "illegal") {
        say("bestmove a1-a1");
      } else if (mode == "wrongside") {
        say(side == "red" ? "bestmove a7-a6" : "bestmove a4-a5");
      } else if (mode == "resign") {
        say("resign");
      } else {
        say("bestmove " + first);
      }
    } else if (cmd == "quit") {
      return 0;
    }
  }
  return 0;
}

int run_ucc() {
  std::string line;
  if (!std::getline(std::cin, line)) return 0;
  if (mode == "deafstart") hang_for_good();
  std::string army =
      "1233444555566667777888889999999"
      "9sBBBBBBF";
  if (mode == "wrongarmy") army[army.find('9')] = '1';  // two Marshals, one Scout short
  if (mode == "badsetup") army[7] = 'Z';
  for (int r = 0; r < 4; ++r) say(army.substr(std::size_t(r * 10), 10));
  for (int board_lines = 0; std::getline(std::cin, line);) {
    if (line.rfind("QUIT", 0) == 0) return 0;
    if (line.size() != 10 || line.find(' ') != std::string::npos) continue;
    if (++board_lines < 10) continue;
    board_lines = 0;
    common_misdeed();
    if (mode == "late") {
      sleep_ms(800);
      say("SURRENDER");
    } else if (mode == "garbage") {
      say("hello manager");
    } else if (mode == "illegal") {
      say("NO_MOVE");
    } else {
      say("SURRENDER");
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: hostile_bot proto|ucc MODE [AT] [PIDFILE]\n";
    return 64;
  }
  mode = argv[2];
  if (argc > 3) at = std::atoi(argv[3]);
  if (argc > 4) pidfile = argv[4];
  ::alarm(30);  // never outlive a broken test by long
  ::signal(SIGPIPE, SIG_DFL);
  if (mode == "setsid") {
    leave_setsid_child();
  } else if (!pidfile.empty()) {
    const std::string tmp = pidfile + ".tmp";
    if (FILE* f = std::fopen(tmp.c_str(), "w")) {
      std::fprintf(f, "%d\n", int(::getpid()));
      std::fclose(f);
      std::rename(tmp.c_str(), pidfile.c_str());
    }
  }
  return std::string(argv[1]) == "ucc" ? run_ucc() : run_proto();
}
