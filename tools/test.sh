#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs every test with ctest (the
# format check and the browser test among them); then, unless STRATEGO_SKIP_SANITIZERS=1,
# builds and runs the tests again under AddressSanitizer and UndefinedBehaviorSanitizer (the
# browser test and the format check only in release: the browser test drives the same server
# code the API tests cover there). Under the sanitizers the GoogleTest suite runs as one process
# a core at a time in small shards (tools/test_shards.sh), not one a test: a sanitized process
# takes 0.7 s to start.
# This is the README's test command and what CI runs; it prints its time at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
./tools/setup.sh
jobs=$(nproc)
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"
if [ "${STRATEGO_SKIP_SANITIZERS:-0}" != 1 ]; then
  cmake --preset debug-asan >/dev/null
  cmake --build --preset debug-asan -j "$jobs" --target stratego_tests
  ./tools/test_shards.sh build/asan/tests/stratego_tests "$jobs"
  ctest --preset debug-asan -R '^field_ladder_script$'
fi
echo "test.sh: every test passed in $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
