#!/usr/bin/env bash
# Generator speed, memory and size: generates every class up to PIECES (default 4) pieces
# from nothing, on 1 thread and on 2 (THREADS, default "1 2"), RUNS times each (default 1), and prints the wall time,
# positions per second (per thread), the speed-up, the peak memory, and the size of the
# table files (values and progress files) in bits per position. MEMORY=GIB passes a memory
# budget (`--memory`): the classes that do not fit in it whole are solved in slices.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-4}
runs=${RUNS:-1}
thread_counts=${THREADS:-1 2}
budget=()
[ -n "${MEMORY:-}" ] && budget=(--memory "$MEMORY")
scripts/build.sh >/dev/null
damatb=$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

positions=$("$damatb" plan --pieces "$pieces" | awk '{s += $2} END {print s}')
echo "classes up to $pieces pieces: $positions positions (both sides to move, symmetries folded)"
declare -A median
for threads in $thread_counts; do
  times=()
  for run in $(seq "$runs"); do
    rm -rf "$work/tables"
    /usr/bin/time -f "%e %M" -o "$work/time" \
      "$damatb" generate --pieces "$pieces" --threads "$threads" "${budget[@]}" --out "$work/tables" >/dev/null
    read -r seconds kib <"$work/time"
    times+=("$seconds")
    echo "threads $threads run $run: $seconds s, peak memory $((kib / 1024)) MiB"
  done
  median[$threads]=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')
  awk -v n="$positions" -v s="${median[$threads]}" -v t="$threads" \
    'BEGIN {printf "threads %d: median %.1f s, %.0f positions/s, %.0f per thread\n", t, s, n/s, n/s/t}'
done
if [ -n "${median[1]:-}" ] && [ -n "${median[2]:-}" ]; then
  awk -v a="${median[1]}" -v b="${median[2]}" 'BEGIN {printf "speed-up from 1 to 2 threads: %.2f\n", a/b}'
fi
values=$(cat "$work"/tables/*.dtb | wc -c)
progress=$(cat "$work"/tables/*.dtp 2>/dev/null | wc -c)
awk -v v="$values" -v p="$progress" -v n="$positions" 'BEGIN {
  printf "table files: %d bytes (%d values, %d progress), %.3f bits per position (values files, WDL5 and DTZ: %.3f)\n",
    v + p, v, p, 8 * (v + p) / n, 8 * v / n}'
