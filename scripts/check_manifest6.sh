#!/usr/bin/env bash
# Checks the 6-piece classes of the committed manifest (tables/manifest/end-of-move.king-wins.32.txt,
# which holds all 37 and KKKKKKvK of 7) by solving each again, and compares every table's
# statistics line. TABLES (default tables/end-of-move.king-wins.32) must hold the tables of up
# to 5 pieces (`damatb generate --pieces 5`, or scripts/check_manifest5.sh), and the 6-piece
# classes those checked read, if CLASSES names fewer (KKKKKvM needs KKKKKvK). By default
# KKKKKvK, KKKvKKK, KKKKvKK and KKKKKvM, about 10 minutes on 2 cores and 16 GiB. Others, in the
# manifest's order (the plan's): CLASSES="KKKKvKM KKKKvMM", some 35 minutes, 17 GiB; all 37,
# CLASSES="$(build/cli/damatb plan --pieces 6 | awk 'length($1) == 7 { print $1 }')", some 16
# hours on 2 cores as the project's run of all of 6 pieces took (docs/six-pieces.md), each class
# under this machine's memory less a margin; CLASSES=KKKKKKvK, the first class of 7 pieces
# (TABLES with KKKKKvK), some 6 minutes and 11 GiB. They are read, not changed: the classes
# are solved into a scratch folder that links to every other file of TABLES.
set -euo pipefail
cd "$(dirname "$0")/.."
tables=$(cd "${TABLES:-tables/end-of-move.king-wins.32}" && pwd)
classes=${CLASSES:-KKKKKvK KKKvKKK KKKKvKK KKKKKvM}
manifest=tables/manifest/end-of-move.king-wins.32.txt
scripts/build.sh >/dev/null
damatb=${BUILD_DIR:-build}/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tables"
# Every file of TABLES but those of the classes checked (a class before the '+', '-' or '.').
for f in "$tables"/*; do
  name=$(basename "$f")
  grep -qw -- "$(sed -E 's/[.+-].*//' <<<"$name")" <<<"$classes" || ln -s "$f" "$work/tables/$name"
done
failed=0
for class in $classes; do
  "$damatb" generate --material "$class" --threads "${THREADS:-2}" --out "$work/tables" \
    --manifest "$work/all.txt" | grep -E "^\[[0-9]+/[0-9]+\] $class:"
  grep -E "^$class[+-]? " "$work/all.txt" >"$work/generated.txt"
  grep -E "^$class[+-]? " "$manifest" >"$work/committed.txt" || true
  if [ ! -s "$work/committed.txt" ]; then
    echo "manifest: $class has no line in $manifest" >&2
    failed=1
  elif diff "$work/committed.txt" "$work/generated.txt"; then
    echo "manifest: $class as committed ($(wc -l <"$work/generated.txt") tables)"
  else
    echo "manifest: $class differs from the committed statistics (above)" >&2
    failed=1
  fi
done
exit $failed
