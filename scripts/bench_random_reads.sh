#!/usr/bin/env bash
# What the machine's memory gives the generator's looks (bench/bench_random_reads.cpp), on one
# thread: bytes read at random from MIB MiB (default 512, a 6-piece table's plane) on huge pages:
# with 1 to 64 of them asked for before the first is read; in a chain (the latency alone); each
# asked for well ahead, with work between them that depends on each (what a read still costs
# beyond the work); and in a chain over 2 MiB of lines packed, then spread one to a 4 KiB page
# (what translating a page costs, from MIB 128 up). RUNS times (default 3), the medians of the
# nanoseconds a read. No tables needed.
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
work=$(echo "$out" | sed -nE 's/^with work: ([0-9.]+) ns.*/\1/p' | median)
alone=$(echo "$out" | sed -nE 's/^with work: .*, ([0-9.]+) ns the work alone/\1/p' | median)
printf '%-10s %10s (the work alone %s ns, the read asked for 8 reads ahead: %s ns beyond it)\n' "with work" "$work" "$alone" \
  "$(awk -v a="$work" -v b="$alone" 'BEGIN {printf "%.1f", a - b}')"
if echo "$out" | grep -q '^translation:'; then
  packed=$(echo "$out" | sed -nE 's/^translation: ([0-9.]+) ns.*/\1/p' | median)
  spread=$(echo "$out" | sed -nE 's/^translation: .*, ([0-9.]+) ns a read of them spread.*/\1/p' | median)
  printf '%-10s %10s (2 MiB of lines in a chain, packed: %s ns; spread one to a 4 KiB page: %s ns)\n' \
    translation "$(awk -v a="$spread" -v b="$packed" 'BEGIN {printf "%.1f", a - b}')" "$packed" "$spread"
fi
