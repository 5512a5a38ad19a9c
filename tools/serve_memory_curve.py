#!/usr/bin/env python3
"""The memory of `stratego serve` over many games (issue 58), by hand:

    tools/serve_memory_curve.py build/release/tools/stratego [GAMES]

starts the server on a free port with a games folder of its own, then creates GAMES games
(default 1000) one after another against `random`, gives each the suggested set-up and
resigns it, and prints the server's VmSize and VmRSS (/proc/PID/status) after 10 games and
every 100, then the growth from 10 games to the last (issue 58's goal: within 10%). The games
folder is removed at the end. Standard library only."""
import http.client, json, os, shutil, socket, subprocess, sys, tempfile, time


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    binary = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    port = free_port()
    folder = tempfile.mkdtemp(prefix="serve-memory-")
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--games-dir", folder,
                               "--max-running", "4"], stdout=subprocess.DEVNULL)
    conn = None
    for _ in range(100):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", "/api/info")
            conn.getresponse().read()
            break
        except OSError:
            time.sleep(0.1)

    def call(method, path, body=None):
        conn.request(method, path, None if body is None else json.dumps(body),
                     {"Content-Type": "application/json"})
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"null")

    def wait(gid, want):
        while True:
            _, st = call("GET", "/api/games/" + gid)
            if want(st):
                return st
            time.sleep(0.002)

    def memory():
        fields = {}
        with open("/proc/%d/status" % server.pid) as f:
            for line in f:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        return fields["VmSize"], fields["VmRSS"]

    first = last = None
    try:
        for i in range(1, games + 1):
            status, made = call("POST", "/api/games", {"variant": "barrage", "bot": "random",
                                                       "movetime_ms": 10, "side": "red"})
            assert status == 201, made
            gid = made["id"]
            st = wait(gid, lambda s: s["player"] and s["player"]["pending"] == "setup")
            call("POST", "/api/games/%s/setup" % gid, {"line": st["player"]["setup"]["line"]})
            wait(gid, lambda s: not s["running"] or s["player"]["pending"] == "action")
            call("POST", "/api/games/%s/resign" % gid, {})
            wait(gid, lambda s: s["status"] == "over")
            if i == 10 or i % 100 == 0:
                size, rss = memory()
                print("games %5d  VmSize %12s  VmRSS %10s" % (i, size, rss), flush=True)
                last = (int(size.split()[0]), int(rss.split()[0]))
                first = first or last
        if first:
            print("from 10 games to %d: VmSize %+.1f%%, VmRSS %+.1f%%" %
                  (i, 100.0 * (last[0] / first[0] - 1), 100.0 * (last[1] / first[1] - 1)))
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
