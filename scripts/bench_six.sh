#!/usr/bin/env bash
# Six-piece classes: solves each class of CLASSES (default: the three of kings only, KKKKKvM,
# and KKKMvKK, the slowest class with men measured, in slices) into TABLES (default
# tables/end-of-move.king-wins.32), which must hold the tables of up to 5 pieces (`damatb
# generate --pieces 5`), and prints for each: the wall time of the whole command (reading the
# classes it needs included) and of the solver alone, its peak memory, positions per second per
# thread, the estimated peak (`damatb plan --json`), and the size of its files in bits per
# position, and its peak in bytes per position of the unit it solved (the class, or its largest
# slice). A class that does not fit in the memory budget whole (MEMORY=GIB, `--memory`; default
# this machine's memory less a margin) is solved in slices, as few as fit, and its estimate is
# then that of its dearest slice. A class already in TABLES is solved again: its files are
# removed first. Then the projected time of all of 6 pieces from the slowest rate seen.
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${TABLES:-tables/end-of-move.king-wins.32}
classes=${CLASSES:-KKKKKvK KKKvKKK KKKKvKK KKKKKvM KKKMvKK}
threads=${THREADS:-2}
budget=()
[ -n "${MEMORY:-}" ] && budget=(--memory "$MEMORY")
scripts/build.sh >/dev/null
damatb=$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$damatb" plan --pieces 6 --json "${budget[@]}" >"$work/plan.json"
field() { # field CLASS KEY: a field of the class's unit in the plan
  python3 -c "import json,sys; print(next(u['$2'] for u in json.load(open('$work/plan.json')) if u['unit'] == '$1'))"
}
sliced_estimate() { # sliced_estimate CLASS: the dearest of its slices in the plan under MEMORY, else in the most slices
  python3 -c "import json; units = json.load(open('$work/plan.json'))
print(max([u['memory'] for u in units if u.get('class') == '$1'] or [next(u['memory_in_slices'] for u in units if u['unit'] == '$1')]))"
}
printf '%-8s %12s %7s %9s %9s %10s %10s %14s %9s %10s\n' class positions slices wall solver "peak GiB" "estimate" "k pos/s/thread" "bits/pos" "B/pos unit"
slowest=""
for class in $classes; do
  positions=$(field "$class" positions)
  for t in $(field "$class" tables | tr -d "[]',"); do rm -f "$tables/$t.dtb" "$tables/$t.dtp"; done
  rm -f "$tables/$class.stats"
  /usr/bin/time -f "%e %M" -o "$work/time" \
    "$damatb" generate --material "$class" --threads "$threads" "${budget[@]}" --out "$tables" >"$work/log"
  read -r wall kib <"$work/time"
  slices=$(sed -nE "s/^$class: solved in ([0-9]+) slices$/\1/p" "$work/log")
  if [ -n "$slices" ]; then estimate=$(sliced_estimate "$class"); else slices=-; estimate=$(field "$class" memory); fi
  # The unit's positions: the class's, or its largest slice's ("CLASS slice k/n: N positions solved; ...").
  unit=$(sed -nE "s/^  $class slice [0-9]+\/[0-9]+: ([0-9]+) positions solved.*/\1/p" "$work/log" | sort -n | tail -1)
  unit=${unit:-$positions}
  # The solver's own time: the class's line, "[k/n] CLASS: N positions solved in T (R k/s); ...".
  solver=$(grep -E "^\[[0-9]+/[0-9]+\] $class: " "$work/log" | sed -E 's/.* solved in ([0-9.]+ s|[0-9]+ min [0-9]+ s|[0-9]+ h [0-9]+ min).*/\1/' |
    awk '{ if ($2 == "s") print $1; else if ($2 == "min") print $1 * 60 + $3; else print $1 * 3600 + $3 * 60 }')
  bytes=0
  for t in $(field "$class" tables | tr -d "[]',"); do
    bytes=$((bytes + $(stat -c %s "$tables/$t.dtb") + $( [ -f "$tables/$t.dtp" ] && stat -c %s "$tables/$t.dtp" || echo 0)))
  done
  awk -v c="$class" -v l="$slices" -v n="$positions" -v w="$wall" -v s="$solver" -v k="$kib" -v e="$estimate" -v t="$threads" -v b="$bytes" -v u="$unit" \
    'BEGIN { printf "%-8s %12.0f %7s %8.0fs %8.0fs %10.2f %10.2f %14.0f %9.3f %10.1f\n", c, n, l, w, s, k / 1048576, e / 1073741824, n / s / t / 1e3, 8 * b / n, k * 1024 / u }'
  rate=$(awk -v n="$positions" -v s="$solver" 'BEGIN { print n / s }')
  if [ -z "$slowest" ] || awk -v a="$rate" -v b="$slowest" 'BEGIN { exit !(a < b) }'; then slowest=$rate; fi
done
total=$(python3 -c "import json; print(sum(u['positions'] for u in json.load(open('$work/plan.json')) if len(u['unit']) == 7))")
awk -v n="$total" -v r="$slowest" -v t="$threads" 'BEGIN {
  printf "all of 6 pieces: %.3g positions; at the slowest rate above (%.0f k/s on %d threads): %.1f h here, %.1f h on 16 threads at the same rate per thread\n",
    n, r / 1e3, t, n / r / 3600, n / (r / t * 16) / 3600 }'
