#!/usr/bin/env python3
"""A fake program for the 2012 UCC Stratego protocol, for tests of UccBot (protocol/ucc/ucc_bot.h).

Usage: ucc_fake.py MODE [SEED]
  random     plays uniformly random legal moves, worked out from the board lines alone
  garbage    answers its first move request with a line that is not a move
  illegal    answers its first move request by moving a Bomb
  surrender  answers its first move request with SURRENDER
  crash      exits with status 1 at its first move request
  hang       never answers its first move request
  badsetup   sends a set-up with a token that is not a piece

In every mode it checks what the manager sends, strictly: the start message, the order of
the messages (its own move's confirmation right after its move, the opponent's before each
board), the confirmation of its own move, and that the board lines show its own pieces where
its own bookkeeping (from the confirmations alone) puts them. A violation is reported on
stderr and ends the program with status 3, which the test sees as a crash.
"""
import random
import sys
import time

TOKENS = "1" + "2" + "33" + "444" + "5555" + "6666" + "7777" + "88888" + "99999999" + "s" + "BBBBBB" + "F"
DIRS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}


def fail(why):
    sys.stderr.write("ucc_fake: protocol violation: %s\n" % why)
    sys.exit(3)


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)  # the manager went away
    return line.strip()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "random"
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    words = read().split()
    if len(words) != 4 or words[0] not in ("RED", "BLUE") or words[2:] != ["10", "10"]:
        fail("bad start message %r" % " ".join(words))
    colour = words[0]
    tokens = list(TOKENS)
    rng.shuffle(tokens)
    if mode == "badsetup":
        tokens[7] = "Z"
    rows = ["".join(tokens[i * 10:(i + 1) * 10]) for i in range(4)]
    for r in rows:
        send(r)
    first_y = 0 if colour == "RED" else 6
    mine = {}  # (x, y) -> token, kept from the confirmations alone
    for i, r in enumerate(rows):
        for x, t in enumerate(r):
            mine[(x, first_y + i)] = t
    expect = "start" if colour == "RED" else "opponent"
    sent = None
    while True:
        line = read()
        if line.startswith("QUIT"):
            sys.exit(0)
        if line == "START":
            if expect != "start":
                fail("START when expecting %s" % expect)
            expect = "board"
            continue
        if " " not in line and len(line) == 10:
            if expect != "board":
                fail("board line when expecting %s" % expect)
            board = [line] + [read() for _ in range(9)]
            check_board(board, mine)
            sent = answer(mode, board, rng)
            if sent is None:
                sys.exit(0)
            expect = "own"
            continue
        w = line.split()
        if len(w) < 4 or w[2] not in DIRS:
            fail("unreadable line %r (expecting %s)" % (line, expect))
        steps = int(w[3]) if w[3].isdigit() else 1
        rest = w[4:] if w[3].isdigit() else w[3:]
        x, y, d = int(w[0]), int(w[1]), w[2]
        dx, dy = DIRS[d]
        to = (x + dx * steps, y + dy * steps)
        if expect == "own":
            if [x, y, d, steps] != sent:
                fail("confirmation %r of a move we did not make (%r)" % (line, sent))
            own_result(mine, (x, y), to, rest)
            expect = "opponent"
        elif expect == "opponent":
            their_result(mine, to, rest)
            expect = "board"
        else:
            fail("confirmation %r when expecting %s" % (line, expect))


def own_result(mine, frm, to, rest):
    piece = mine.pop(frm, None)
    if piece is None:
        fail("own move from an empty square %r" % (frm,))
    if rest[0] in ("OK", "KILLS", "VICTORY_FLAG"):
        mine[to] = piece
    elif rest[0] in ("DIES", "BOTHDIE"):
        pass
    else:
        fail("outcome %r of our own move" % rest[0])
    if rest[0] in ("KILLS", "DIES", "BOTHDIE") and rest[1] != piece:
        fail("confirmation names our attacker %r, but we moved %r" % (rest[1], piece))


def their_result(mine, to, rest):
    if rest[0] in ("KILLS", "BOTHDIE", "VICTORY_FLAG"):
        if to not in mine:
            fail("the opponent attacked %r where we have nothing" % (to,))
        if rest[0] != "VICTORY_FLAG" and rest[2] != mine[to]:
            fail("the defender is named %r but ours is %r" % (rest[2], mine[to]))
        del mine[to]
    elif rest[0] == "DIES":
        if to not in mine or rest[2] != mine[to]:
            fail("the opponent died on %r against %r" % (to, rest[2]))
    elif rest[0] != "OK":
        fail("opponent's outcome %r" % rest[0])


def check_board(board, mine):
    for y, row in enumerate(board):
        for x, c in enumerate(row):
            expected = mine.get((x, y))
            if expected is not None and c != expected:
                fail("board shows %r at (%d, %d), we have %r" % (c, x, y, expected))
            if expected is None and c not in ".#+":
                fail("board shows our %r at (%d, %d), where we have nothing" % (c, x, y))
    lakes = [(x, y) for x in (2, 3, 6, 7) for y in (4, 5)]
    for (x, y) in lakes:
        if board[y][x] != "+":
            fail("no lake at (%d, %d)" % (x, y))


def legal_moves(board):
    moves = []
    for y in range(10):
        for x in range(10):
            t = board[y][x]
            if t in ".#+BF":
                continue
            for d, (dx, dy) in DIRS.items():
                n = 1
                while True:
                    tx, ty = x + dx * n, y + dy * n
                    if not (0 <= tx < 10 and 0 <= ty < 10):
                        break
                    c = board[ty][tx]
                    if c == "+" or (c not in ".#"):
                        break
                    moves.append([x, y, d, n])
                    if c == "#" or t != "9":
                        break
                    n += 1
    return moves


def answer(mode, board, rng):
    if mode == "garbage":
        send("I would rather not")
        return []
    if mode == "surrender":
        send("SURRENDER")
        return []
    if mode == "crash":
        sys.exit(1)
    if mode == "hang":
        time.sleep(60)
        sys.exit(0)
    if mode == "illegal":
        for y in range(10):
            for x in range(10):
                if board[y][x] == "B":
                    d = "DOWN" if y < 5 else "UP"
                    send("%d %d %s" % (x, y, d))
                    return [x, y, d, 1]
    moves = legal_moves(board)
    if not moves:
        send("NO_MOVE")
        return []
    m = rng.choice(moves)
    send("%d %d %s" % (m[0], m[1], m[2]) + (" %d" % m[3] if m[3] > 1 else ""))
    return m


if __name__ == "__main__":
    main()
