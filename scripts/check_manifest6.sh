#!/usr/bin/env bash
# Checks the 6-piece classes of the committed manifest (tables/manifest/end-of-move.king-wins.32.txt:
# KKKKKvK, KKKvKKK, KKKKvKK, KKKKKvM) by solving each again, and compares every table's
# statistics line. TABLES (default tables/end-of-move.king-wins.32) must hold the tables of up
# to 5 pieces (`damatb generate --pieces 5`, or scripts/check_manifest5.sh), and the 6-piece
# classes those checked need, if CLASSES names fewer (KKKKKvM needs KKKKKvK). KKKKvKM and
# KKKKvMM, solved in slices, are in the manifest too: CLASSES="KKKKvKM KKKKvMM", some 35
# minutes, 17 GiB (KKKKvMM alone needs KKKKvKM in TABLES); and KKKKMvK and KKKKMvM:
# CLASSES="KKKKMvK KKKKMvM", some 40 minutes, 20.5 GiB; and KKKMvKK, KKKvKKM, KKKMvKM, KKKvKMM
# KKMMvKK, KKMvKKM, KKKMMvM, KKKMvMM, KKKvMMM, KKMMMvK, KKMMvKM, KKMvKMM, KMMMvKK, KKMMMvM, KKMMvMM and KKMvMMM, some 8 hours (the manifest's order
# is the plan's); and KKKKKKvK, the first class of 7 pieces (TABLES with KKKKKvK):
# CLASSES=KKKKKKvK, some 6 minutes and 11 GiB. They are read, not
# changed: the classes are solved into a scratch folder that links to every other file of
# TABLES. About 10 minutes on 2 cores and 16 GiB.
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
