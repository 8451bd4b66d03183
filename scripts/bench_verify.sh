#!/usr/bin/env bash
# The deep check: for each class of CLASSES (default KKKKKvK MMMvKK) in TABLES (which must hold
# it and every class it reads), runs `damatb verify --deep --material CLASS` and prints the wall
# time of the whole command, the positions checked a second, and the peak memory; then the same
# with `--sample N` (SAMPLE, default 1000000 positions a table). With BASE=PATH (another build's
# damatb, e.g. of an earlier commit), runs that one's full check after each of this build's, in
# turn, and prints the ratio of the wall times.
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${TABLES:?TABLES=DIR: a folder of the tables of the classes checked and those they read}
classes=${CLASSES:-KKKKKvK MMMvKK}
threads=${THREADS:-2}
sample=${SAMPLE:-1000000}
scripts/build.sh >/dev/null
damatb=$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # run LABEL DAMATB CLASS [OPTION...]: one check, its line of figures; the wall time in $work/wall
  local label=$1 bin=$2 class=$3
  shift 3
  /usr/bin/time -f "%e %M" -o "$work/time" \
    "$bin" verify --deep --threads "$threads" --tables "$tables" --material "$class" "$@" >"$work/log" ||
    { echo "$label $class: verify failed"; tail -5 "$work/log"; exit 1; }
  read -r wall kib <"$work/time"
  echo "$wall" >"$work/wall"
  # The summary: "...; N positions, ..., [sampled] C [of S positions (seed K)|checked] one ply deep in T s (...)".
  checked=$(tail -1 "$work/log" | sed -E 's/.*, (sampled )?([0-9]+) (of [0-9]+ positions \(seed [0-9]+\)|checked) one ply deep.*/\2/')
  awk -v l="$label" -v c="$class" -v n="$checked" -v w="$wall" -v k="$kib" \
    'BEGIN { printf "%-10s %-8s %12d %9.1fs %12.0f %9.2f\n", l, c, n, w, n / w / 1e3, k / 1048576 }'
}

printf '%-10s %-8s %12s %10s %12s %9s\n' build class checked wall "k pos/s" "peak GiB"
for class in $classes; do
  run this "$damatb" "$class"
  this=$(cat "$work/wall")
  if [ -n "${BASE:-}" ]; then
    run base "$BASE" "$class"
    awk -v a="$this" -v b="$(cat "$work/wall")" 'BEGIN { printf "%-10s %-8s base / this: %.2f\n", "ratio", "", b / a }'
  fi
  run sampled "$damatb" "$class" --sample "$sample"
done
