#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs the main job: a game in the
# terminal. Arguments go to `stratego selfplay` (e.g. --variant barrage --seed 7).
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target stratego
exec ./build/release/tools/stratego selfplay "$@"
