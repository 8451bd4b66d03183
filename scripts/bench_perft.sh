#!/usr/bin/env bash
# Perft speed: the start position to depth 9 (bulk counting at the last ply) on one
# thread, RUNS times (default 5); prints each run's leaves per second and the median.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
depth=${DEPTH:-9}
scripts/build.sh >/dev/null
damatb=${BUILD_DIR:-build}/cli/damatb
rates=()
for i in $(seq "$runs"); do
  line=$("$damatb" perft --depth "$depth" --time | grep '^speed:')
  rate=$(echo "$line" | awk '{print $2}')
  echo "run $i: $line"
  rates+=("$rate")
done
median=$(printf '%s\n' "${rates[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
echo "perft depth $depth, one thread: median $(awk -v r="$median" 'BEGIN {printf "%.1f", r/1e6}') million leaves per second over $runs runs"
