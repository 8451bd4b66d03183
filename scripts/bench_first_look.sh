#!/usr/bin/env bash
# What the generator's first look computes for a position (bench/bench_first_look.cpp), on one
# thread: for each table of TABLES (default "KKKvKKK KKKKvKM+ KKKKvKM-"), a run of POSITIONS
# consecutive indices (default 2000000, the first look's order), RUNS times (default 3): the
# nanoseconds a position takes to be decoded, to have its moves that leave the class made
# (captures and crownings), and to have the indices after those computed; the medians of the
# runs. No tables needed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench_lib.sh
scripts/build.sh >/dev/null
bench=${BUILD_DIR:-build}/bench/damatb_bench_first_look
runs=${RUNS:-3}
printf '%-10s %10s %12s %10s %14s %12s\n' table "captures" "moves out" "decode ns" "moves out ns" "indices ns"
for table in ${TABLES:-KKKvKKK KKKKvKM+ KKKKvKM-}; do
  out=$(for i in $(seq "$runs"); do "$bench" "$table" --positions "${POSITIONS:-2000000}"; done)
  captures=$(echo "$out" | sed -nE 's/.*, ([0-9.]+) % with a capture.*/\1/p' | median)
  moves=$(echo "$out" | sed -nE 's/.*, ([0-9.]+) moves leaving the class.*/\1/p' | median)
  decode=$(echo "$out" | sed -nE 's/^ns a position: decode ([0-9.]+),.*/\1/p' | median)
  made=$(echo "$out" | sed -nE 's/^ns a position: .*moves leaving the class ([0-9.]+),.*/\1/p' | median)
  indices=$(echo "$out" | sed -nE 's/^ns a position: .*the indices after them ([0-9.]+)/\1/p' | median)
  printf '%-10s %9s%% %12s %10s %14s %12s\n' "$table" "$captures" "$moves" "$decode" "$made" "$indices"
done
