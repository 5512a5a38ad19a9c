#!/usr/bin/env bash
# Fails, naming the files, when a C++ file of the tree differs from what clang-format makes of
# it with the committed .clang-format. `clang-format -i FILE` mends one. Exits 77 (skipped)
# without clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "SKIP: clang-format is not installed (apt-get install clang-format)"; exit 77; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -co --exclude-standard '*.cpp' '*.h')
else
  mapfile -t files < <(find . -path ./build -prune -o \( -name '*.cpp' -o -name '*.h' \) -print)
fi
# One run over every file: each difference is a warning naming its file.
mapfile -t bad < <(printf '%s\n' "${files[@]}" | xargs -r -P 2 -n 50 clang-format --dry-run 2>&1 |
                   sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: .*/\1/p' | sort -u)
if [ ${#bad[@]} -gt 0 ]; then
  echo "these files are not formatted as .clang-format says (clang-format -i FILE mends them):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "format: ${#files[@]} files as .clang-format says"
