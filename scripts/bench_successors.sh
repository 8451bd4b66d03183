#!/usr/bin/env bash
# What a successor costs the generator (bench/bench_successors.cpp), on one thread: for each
# table of TABLES (default "KKKKvKM- KKKKvKM+ KKKKvKK+"), POSITIONS positions without a capture
# (default 2000000) at random over the table and as a run of consecutive indices, RUNS times
# each (default 3): the nanoseconds a successor's index takes, and its record's read, 3 bytes a
# record as the solver's and 1 byte; the medians of the runs. No tables needed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench_lib.sh
scripts/build.sh >/dev/null
bench=${BUILD_DIR:-build}/bench/damatb_bench_successors
runs=${RUNS:-3}
printf '%-10s %-8s %12s %10s %12s %14s\n' table order successors "index ns" "record ns" "1-byte rec ns"
for table in ${TABLES:-KKKKvKM- KKKKvKM+ KKKKvKK+}; do
  for order in random run; do
    flag=(); [ "$order" = run ] && flag=(--run)
    out=$(for i in $(seq "$runs"); do "$bench" "$table" --positions "${POSITIONS:-2000000}" "${flag[@]}"; done)
    each=$(echo "$out" | sed -nE 's/.*, ([0-9.]+) successors each.*/\1/p' | median)
    index=$(echo "$out" | sed -nE 's/^ns a successor: index ([0-9.]+),.*/\1/p' | median)
    record=$(echo "$out" | sed -nE 's/^ns a successor: .*record ([0-9.]+) \(.*/\1/p' | median)
    byte=$(echo "$out" | sed -nE 's/^ns a successor: .*of a byte: ([0-9.]+)\)/\1/p' | median)
    printf '%-10s %-8s %12s %10s %12s %14s\n' "$table" "$order" "$each" "$index" "$record" "$byte"
  done
done
