#!/bin/sh
# A bot-protocol program that misbehaves on purpose, for tests/protocol_bot_test.cpp.
# Usage: protocol_fake.sh MODE. It completes the handshake (except in mode mute), answers
# isready, plays the first legal action, and misbehaves at the first `go` as MODE says:
#   good      no misbehaviour            crash     exits with status 3
#   hang      never answers              garbage   answers with a line that means nothing
#   early     exits with status 0 at newgame (before any request)
#   flood     20000 info lines           longline  one line of 2 MB
#   illegal   a bestmove that is not legal          error     answers `error ...`
#   chatty    after quit, writes on for a while before it exits
#   picky     rejects every setoption with an error line (and otherwise behaves)
#   mute      never answers the handshake
mode=$1
first=""
while read -r cmd rest; do
  case "$cmd" in
    stratego)
      [ "$mode" = mute ] && { sleep 30; exit 0; }
      echo "id name fake-$mode"
      echo "id author tests"
      echo "option name Speed type spin default 1 min 1 max 5"
      echo "stratego-ok 1" ;;
    isready) echo readyok ;;
    setoption) [ "$mode" = picky ] && echo "error I keep my settings" ;;
    newgame) [ "$mode" = early ] && exit 0 ;;
    legal) set -- $rest; first=$1 ;;
    setup) echo "bestsetup ${rest#*suggest }" ;;
    go)
      case "$mode" in
        crash) exit 3 ;;
        hang) sleep 30 ;;
        garbage) echo "hello referee, how are you" ;;
        flood) yes "info string flooding" | head -n 20000; echo "bestmove $first" ;;
        longline) head -c 2000000 /dev/zero | tr '\0' x; echo ;;
        illegal) echo "bestmove z9-z9" ;;
        error) echo "error I will not play" ;;
        *) echo "info depth 1 pv $first"; echo "bestmove $first" ;;
      esac ;;
    quit)
      if [ "$mode" = chatty ]; then
        i=0
        while [ $i -lt 200 ]; do echo "bestmove after quit $i"; i=$((i + 1)); done
        sleep 30
      fi
      exit 0 ;;
  esac
done
