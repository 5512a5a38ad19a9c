#!/usr/bin/env python3
"""A bot for the stratego bot protocol (docs/protocol.md), in Python 3 with the standard
library only: proof that the protocol is language-neutral, and a template for your own bot.

It plays a uniformly random legal action for every request, in every variant of both
families (classic and Waterloo), and answers each set-up request with the legal set-up the
referee suggests. Try it:  stratego match --variant barrage --bot1 random \\
    --bot2 "cmd:python3 bots/examples/random_bot.py" --games 10
"""
import random
import sys

PROTOCOL_VERSION = "1"


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(1)
    legal = []
    inline_lines = 0  # lines of an inline variant still to skip
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        if inline_lines > 0:
            inline_lines -= 1
            continue
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "stratego":
            if words[1:] != [PROTOCOL_VERSION]:
                send("error unsupported protocol version " + " ".join(words[1:]))
                continue
            send("id name python-random")
            send("id author stratego examples")
            send("stratego-ok " + PROTOCOL_VERSION)
        elif command == "isready":
            send("readyok")
        elif command == "newgame":
            # newgame variant SPEC side SIDE seed N [opponent NAME]; an inline variant's
            # lines follow: "variant inline COUNT".
            if "seed" in words:
                rng = random.Random(int(words[words.index("seed") + 1]))
            if words[2:3] == ["inline"]:
                inline_lines = int(words[3])
            legal = []
        elif command == "legal":
            legal = words[1:]
        elif command == "go":
            if not legal:
                send("error go without a legal line")
                continue
            send("bestmove " + rng.choice(legal))
            legal = []
        elif command == "setup":
            # setup [limits] suggest SETUP...: the suggestion is a legal set-up.
            if "suggest" not in words:
                send("error this bot needs a suggested set-up")
                continue
            send("bestsetup " + " ".join(words[words.index("suggest") + 1:]))
        elif command in ("observe", "view", "stop", "gameover", "setoption"):
            if command == "setoption":
                send("error this bot has no options")
        elif command == "quit":
            return
        else:
            send("error unknown command '" + command + "'")


if __name__ == "__main__":
    main()
