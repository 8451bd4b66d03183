#!/usr/bin/env bash
# A generation under a memory budget against the same without one, in one sitting: every class
# up to PIECES (default 5) pieces from nothing on THREADS (default 2) threads, first without a
# budget, then with `--memory GIB` (MEMORY, default 4: the classes that do not fit in it whole
# are solved in slices), each into a folder of its own. Prints each run's time and peak memory,
# the time under the budget over the time without, the class in which the peak under the budget
# was reached, and whether both wrote the same bytes. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-5}
threads=${THREADS:-2}
memory=${MEMORY:-4}
scripts/build.sh >/dev/null
work=$(mktemp -d "${SCRATCH:-/tmp}/bench_budget.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb" "$work/damatb" # a rebuild meanwhile changes nothing here

run() { # run NAME [OPTIONS...]: prints "SECONDS KIB"
  local name=$1
  shift
  /usr/bin/time -f '%e %M' -o "$work/$name.time" "$work/damatb" generate --pieces "$pieces" \
    --threads "$threads" "$@" --out "$work/$name" >"$work/$name.log"
  cat "$work/$name.time"
}
read -r whole whole_kib < <(run whole)
read -r budget budget_kib < <(run budget --memory "$memory")
echo "up to $pieces pieces, $threads threads:"
printf 'without a budget:  %.1f s, peak %.2f GiB\n' "$whole" "$(echo "$whole_kib / 1048576" | bc -l)"
printf 'under --memory %s:  %.1f s, peak %.2f GiB (%d classes in slices)\n' "$memory" "$budget" \
  "$(echo "$budget_kib / 1048576" | bc -l)" "$(grep -c 'solved in [0-9]* slices' "$work/budget.log")"
printf 'time under the budget / without: %.2f\n' "$(echo "$budget / $whole" | bc -l)"
# Each class's line gives the peak so far: the first to give the last one is where it was reached.
peak=$(grep -o 'peak memory [0-9.]* [GM]iB' "$work/budget.log" | tail -1)
echo "under the budget, the $peak first reached by: $(grep "^\[.*$peak" "$work/budget.log" | head -1 | cut -d: -f1)"
same=yes
for f in "$work/whole"/*; do cmp -s "$f" "$work/budget/$(basename "$f")" || same=no; done
echo "the same bytes: $same"
