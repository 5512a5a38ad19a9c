#!/usr/bin/env bash
# tools/field_ladder.sh end to end, small: the ladder holds the bot and the 40 strangers, the
# gauntlet plays the games asked for, a second run with the same arguments adds none, and a
# call without arguments is refused with exit 2.
set -uo pipefail
stratego=$1
script=$(dirname "$0")/../tools/field_ladder.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "field_ladder_test: $*" >&2; exit 1; }

"$script" >/dev/null 2>&1
[ $? -eq 2 ] || fail "no arguments: want exit 2"

STRATEGO=$stratego "$script" "$dir/f.db" "ismcts,threads=1,setup_prior=parametric" 2 20 7 2 >"$dir/out" 2>&1 ||
  fail "the run failed: $(tail -3 "$dir/out")"
ratings=$("$stratego" ladder ratings "$dir/f.db") || fail "ratings failed"
echo "$ratings" | grep -q "^games 2;" || fail "want 2 games: $ratings"
[ "$(echo "$ratings" | grep -cE "^ *[0-9]+ ")" -eq 41 ] || fail "want 41 participants: $ratings"
for name in ismcts default/human aggressive/forward-bombs near-random/high-front turtle/human reactive/uniform; do
  echo "$ratings" | grep -q " $name " || fail "$name is not in the ladder"
done
STRATEGO=$stratego "$script" "$dir/f.db" "ismcts,threads=1,setup_prior=parametric" 2 20 7 2 >"$dir/out2" 2>&1 ||
  fail "the second run failed: $(tail -3 "$dir/out2")"
"$stratego" ladder ratings "$dir/f.db" | grep -q "^games 2;" || fail "the second run played more games"
echo "field_ladder_test: ok"
