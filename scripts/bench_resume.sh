#!/usr/bin/env bash
# A class solved in slices, killed (kill -9) in the middle and resumed from its slice files:
# solves CLASS (default KKKvMM, 21 slices) in slices into a scratch folder that links to every
# other file of TABLES (default tables/end-of-move.king-wins.32, which must hold the classes it
# needs), kills the run once KILL_AFTER (default 11) slice files are written, runs it again,
# and prints the time to the kill, the time and peak memory of the resumed run, the slices it
# read back, and whether its files are the same bytes as those of CLASS in TABLES (when there).
set -euo pipefail
cd "$(dirname "$0")/.."
tables=$(cd "${TABLES:-tables/end-of-move.king-wins.32}" && pwd)
class=${CLASS:-KKKvMM}
kill_after=${KILL_AFTER:-11}
scripts/build.sh >/dev/null
damatb=$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in "$tables"/*; do
  name=$(basename "$f")
  [ "$(sed -E 's/[.+-].*//' <<<"$name")" = "$class" ] || ln -s "$f" "$work/$name"
done

start=$(date +%s.%N)
"$damatb" generate --material "$class" --slices --out "$work" >"$work/first.log" 2>&1 &
pid=$!
while [ "$(ls "$work/unfinished/$class".slice-*.dts 2>/dev/null | wc -l)" -lt "$kill_after" ]; do
  kill -0 "$pid" 2>/dev/null || { echo "the run ended before $kill_after slice files" >&2; exit 1; }
  sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
killed=$(date +%s.%N)
written=$(ls "$work/unfinished/$class".slice-*.dts | wc -l)
/usr/bin/time -f '%e %M' -o "$work/time" "$damatb" generate --material "$class" --slices --verbose \
  --out "$work" >"$work/resumed.log"
read -r seconds kib <"$work/time"
echo "$class: killed after $(printf '%.1f' "$(echo "$killed - $start" | bc)") s with $written slice files written"
echo "resumed run: ${seconds} s, peak $(printf '%.2f' "$(echo "$kib / 1048576" | bc -l)") GiB," \
  "$(grep -c 'read back from its slice file' "$work/resumed.log") slices read back"
grep -E "^\[[0-9]+/[0-9]+\] $class:" "$work/resumed.log"
same=yes
for f in "$work/$class"[-+.]*; do
  [ -L "$f" ] && continue
  if [ -e "$tables/$(basename "$f")" ]; then
    cmp -s "$f" "$tables/$(basename "$f")" || same=no
  else
    same="not in TABLES"
  fi
done
echo "the same bytes as TABLES: $same; slice folder left: $([ -e "$work/unfinished" ] && echo yes || echo no)"
