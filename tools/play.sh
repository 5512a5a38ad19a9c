#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs the main job: a game against
# the computer in the terminal. Arguments go to `stratego play` (e.g. --variant barrage
# --side blue, --variant waterloo-standard, --resume play-20261129-213904.rec); the game is
# saved in the folder the script was started from, and file arguments are read from there.
set -euo pipefail
here="$PWD"
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
./tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target stratego
cd "$here"
exec "$repo/build/release/tools/stratego" play "$@"
