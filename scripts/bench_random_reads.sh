#!/usr/bin/env bash
# What the machine's memory gives the generator's looks (bench/bench_random_reads.cpp), on one
# thread: bytes read at random from MIB MiB (default 512, a 6-piece table's plane) on huge pages,
# with 1 to 64 of them asked for before the first is read, and in a chain (the latency alone);
# RUNS times (default 3), the medians of the nanoseconds a read. No tables needed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench_lib.sh
scripts/build.sh >/dev/null
bench=${BUILD_DIR:-build}/bench/damatb_bench_random_reads
runs=${RUNS:-3}
out=$(for i in $(seq "$runs"); do "$bench" --mib "${MIB:-512}"; done)
echo "$out" | head -1
printf '%-10s %10s %22s\n' "in flight" "ns a read" "million reads a second"
for k in 1 2 4 8 16 32 64; do
  ns=$(echo "$out" | sed -nE "s/^in flight +$k: ([0-9.]+) ns.*/\1/p" | median)
  printf '%-10s %10s %22s\n' "$k" "$ns" "$(awk -v n="$ns" 'BEGIN {printf "%.1f", 1e3 / n}')"
done
printf '%-10s %10s\n' chained "$(echo "$out" | sed -nE 's/^chained: ([0-9.]+) ns.*/\1/p' | median)"
