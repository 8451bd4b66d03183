#!/usr/bin/env bash
# Batch probing speed: generates the tables of up to PIECES (default 4) pieces into TABLES
# (default tables/end-of-move.king-wins.32, reused when there), writes POSITIONS (default
# 20000) random positions of those classes as FEN lines, repeats them REPEAT times (default 50,
# so that nearly every probe finds its block cached), and times `damatb probe --batch` on them,
# with --no-moves and with the moves, RUNS times each (default 3): lines per second (the whole
# command: start, opening the tables, reading and writing), median of the runs. One thread.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-4}
tables=${TABLES:-tables/end-of-move.king-wins.32}
runs=${RUNS:-3}
scripts/build.sh >/dev/null
damatb=$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb
"$damatb" generate --pieces "$pieces" --out "$tables" | grep -E '^all done'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Random positions of the plan's classes (scripts/random_positions.py), repeated.
"$damatb" plan --pieces "$pieces" | awk '{print $1}' >"$work/classes"
python3 scripts/random_positions.py "$work/classes" "${POSITIONS:-20000}" >"$work/positions"
for _ in $(seq "${REPEAT:-50}"); do cat "$work/positions"; done >"$work/lines"
count=$(wc -l <"$work/lines")
echo "$count lines ($(sort -u "$work/lines" | wc -l) positions), tables up to $pieces pieces"
for mode in --no-moves ""; do
  times=()
  for run in $(seq "$runs"); do
    /usr/bin/time -f "%e" -o "$work/time" "$damatb" probe --batch $mode --tables "$tables" \
      <"$work/lines" >"$work/out" || true
    times+=("$(cat "$work/time")")
  done
  errors=$(grep -c '"error"' "$work/out" || true)
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  awk -v n="$count" -v s="$median" -v m="${mode:-with the moves}" -v e="$errors" -v t="${times[*]}" \
    'BEGIN {printf "probe --batch %s: median %.2f s (runs: %s), %.0f lines per second, %d lines answered with an error\n", m, s, t, n / s, e}'
done
