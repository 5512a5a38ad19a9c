#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs every test with ctest; then,
# unless STRATEGO_SKIP_SANITIZERS=1, builds and runs the tests again under AddressSanitizer
# and UndefinedBehaviorSanitizer. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
jobs=$(nproc)
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"
if [ "${STRATEGO_SKIP_SANITIZERS:-0}" != 1 ]; then
  cmake --preset debug-asan >/dev/null
  cmake --build --preset debug-asan -j "$jobs" --target stratego_tests
  ctest --preset debug-asan -j "$jobs"
fi
