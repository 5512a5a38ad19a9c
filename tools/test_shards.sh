#!/usr/bin/env bash
# Runs a GoogleTest binary as S shards (GTEST_TOTAL_SHARDS), at most N processes at a time, each
# shard taken by the next free process, from the binary's folder as ctest would; prints each
# failing shard's output and exits 1 if any shard failed. Why not ctest: it starts the binary
# once per test, and a sanitizer build of the suite takes 0.7 s to start, a third of the
# sanitizer stage's time for 650 tests. Why more shards than processes: GoogleTest deals the
# tests to shards by count, not time, and with one shard a process the last one ran a minute
# after the other had finished (274 s against 207 s, 2026-12-07); small shards taken from a
# queue end within a shard's time of each other.
# Usage: tools/test_shards.sh BINARY N [TIMEOUT_SECONDS] [SHARDS]   (SHARDS: default 6 * N)
set -uo pipefail
bin=$(realpath "$1")
procs=$2
limit=${3:-1800}
shards=${4:-$((6 * procs))}
cd "$(dirname "$bin")"
rm -f shard-*.log
run_shard() {
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$1 timeout "$limit" "$bin" --gtest_brief=1 \
    >"shard-$1.log" 2>&1
  echo $? >"shard-$1.status"
}
running=0
for ((i = 0; i < shards; i++)); do
  if ((running >= procs)); then
    wait -n
    running=$((running - 1))
  fi
  run_shard "$i" &
  running=$((running + 1))
done
wait
failed=0
for ((i = 0; i < shards; i++)); do
  status=$(cat "shard-$i.status" 2>/dev/null || echo 1)
  rm -f "shard-$i.status"
  if [ "$status" = 0 ]; then
    echo "shard $((i + 1)) of $shards: $(grep -E '^\[  PASSED  \]' "shard-$i.log")"
  else
    failed=1
    echo "shard $((i + 1)) of $shards FAILED (exit $status$([ "$status" = 124 ] && echo ": over ${limit} s")):"
    cat "shard-$i.log"
  fi
done
exit $failed
