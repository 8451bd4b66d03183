#!/usr/bin/env bash
# The command-line tool as a person uses it: outputs, JSON, help, exit codes.
# Usage: test_cli.sh PATH/TO/damatb
set -uo pipefail
damatb=$1
failures=0
passes=0

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then
    passes=$((passes + 1))
  else
    failures=$((failures + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}

exit_code() { "$@" >/dev/null 2>&1; echo $?; }

check "perft depth 4" "$(printf 'depth 1: 8\ndepth 2: 64\ndepth 3: 708\ndepth 4: 7538')" \
  "$("$damatb" perft --depth 4)"
check "perft divide sums" "708" \
  "$("$damatb" perft --depth 3 --divide | grep -v '^depth' | awk -F': ' '{s += $2} END {print s}')"
check "perft of a FEN under immediate" "depth 1: 4" \
  "$("$damatb" perft --depth 1 --promotion immediate 'W:Wc6:Bc7,Kd8')"
check "moves end-of-move" "c6xc8xe8  B:WKe8:B" "$("$damatb" moves 'W:Wc6:Bc7,Kd8')"
check "moves immediate count" "4" \
  "$("$damatb" moves --promotion immediate 'W:Wc6:Bc7,Kd8' | wc -l | tr -d ' ')"
check "moves json" "c6xc8xe8 B:WKe8:B" \
  "$("$damatb" moves --json 'W:Wc6:Bc7,Kd8' |
     python3 -c 'import json,sys; m=json.load(sys.stdin)[0]; print(m["move"], m["fen"])')"
check "show" "$(printf '8  . . . B . . . .\n7  . . b . . . . .\n6  . . w . . . . .')" \
  "$("$damatb" show 'W:Wc6:Bc7,Kd8' | head -3)"
check "game over by one piece each" "game over: the side to move (White) wins by the one-piece-each rule (lone king against lone man)" \
  "$("$damatb" moves 'W:WKa1:Bd5')"

check "help exits 0" 0 "$(exit_code "$damatb" --help)"
for cmd in perft moves show; do
  check "$cmd --help exits 0" 0 "$(exit_code "$damatb" "$cmd" --help)"
done
check "bad FEN exits 2" 2 "$(exit_code "$damatb" moves 'W:Wz9:Bb7')"
check "bad FEN names the token" "damatb: error: FEN token 'z9': unknown square" \
  "$("$damatb" moves 'W:Wz9:Bb7' 2>&1)"
check "missing FEN exits 2" 2 "$(exit_code "$damatb" moves)"
check "unknown command exits 2" 2 "$(exit_code "$damatb" frobnicate)"
check "unknown option exits 2" 2 "$(exit_code "$damatb" perft --bogus)"
check "bad promotion exits 2" 2 "$(exit_code "$damatb" perft --promotion sometimes)"
check "bad depth exits 2" 2 "$(exit_code "$damatb" perft --depth x)"

echo "cli: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
