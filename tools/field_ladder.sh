#!/usr/bin/env bash
# The field of strangers (issue 24): one bot against 40 `rules` opponents unlike our own, each of
# 8 play styles with each of 5 set-up styles (turtle and reactive, which wait at home, since
# 2026-12-07), in a gauntlet of one ladder file, so that a change
# to a bot is judged against opponents it was not tuned on. Games come in colour-swapped pairs
# on the same seeds, and the schedule depends only on the order participants were added, so the
# same arguments replay the same games for another version of the bot.
#
#   tools/field_ladder.sh DB BOT_SPEC [GAMES] [NODES] [SEED] [JOBS]
#   tools/field_ladder.sh field.db "ismcts,threads=1" 240 300 2412 2
#
# Then: stratego ladder ratings DB; stratego ladder report DB --html field.html. Started again
# on an existing DB (a killed run), it goes on with that ladder's plan to the games first asked.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 DB BOT_SPEC [GAMES=240] [NODES=300] [SEED=2412] [JOBS=nproc]" >&2
  exit 2
fi
db=$1 bot=$2 games=${3:-240} nodes=${4:-300} seed=${5:-2412} jobs=${6:-$(nproc)}
stratego=${STRATEGO:-"$(dirname "$0")/../build/release/tools/stratego"}
if [ ! -x "$stratego" ]; then
  echo "$0: $stratego is not built (cmake --build --preset release, or set STRATEGO)" >&2
  exit 2
fi
if [ -e "$db" ]; then  # a killed run: go on with its stored plan, to the games it was asked for
  exec "$stratego" ladder run "$db" -j "$jobs"
fi
"$stratego" ladder create "$db" --variant classic --setups own --nodes "$nodes" --seed "$seed"
"$stratego" ladder add "$db" ismcts "$bot"
for style in default aggressive passive scout-heavy few-pieces near-random turtle reactive; do
  for setups in human uniform forward-bombs flag-front high-front; do
    "$stratego" ladder add "$db" "$style/$setups" "rules,style=$style,setups=$setups"
  done
done
"$stratego" ladder run "$db" --games "$games" -j "$jobs" --mode gauntlet ismcts
