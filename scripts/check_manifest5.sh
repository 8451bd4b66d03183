#!/usr/bin/env bash
# Checks the tables of up to 5 pieces, default ruleset, against the committed manifest
# (the lines of up to 5 pieces of tables/manifest/end-of-move.king-wins.32.txt; those of 5 no unit test
# reaches: generating them takes 10 to 20 minutes on 2 cores). Generates them into TABLES
# (default tables/end-of-move.king-wins.32; classes already there are read back and checked,
# so a second run takes minutes), then compares every table's statistics line. MEMORY=GIB
# generates them under that budget (`--memory`), the classes that do not fit whole in slices
# (under 2, 14 of them). Ends with the time and peak memory of the generation.
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${TABLES:-tables/end-of-move.king-wins.32}
scripts/build.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
budget=()
[ -n "${MEMORY:-}" ] && budget=(--memory "$MEMORY")
/usr/bin/time -f "%e %M" -o "$work/peak" "${BUILD_DIR:-build}/cli/damatb" generate --pieces 5 --threads "${THREADS:-2}" \
  "${budget[@]}" --out "$tables" --manifest "$work/manifest.txt" | grep -E '^\[|all done|slices$'
# The committed lines of up to 5 pieces (K and M in the name); those of 6 are
# scripts/check_manifest6.sh's.
awk '{ name = $1; if (gsub(/[KM]/, "", name) <= 5) print }' tables/manifest/end-of-move.king-wins.32.txt \
  >"$work/committed.txt"
if diff "$work/committed.txt" "$work/manifest.txt"; then
  echo "manifest: every table up to 5 pieces as committed ($(wc -l <"$work/manifest.txt") tables);" \
    "$(awk '{ printf "%d min %02d s, peak memory %.2f GiB", $1 / 60, $1 % 60, $2 / 1048576 }' "$work/peak")${MEMORY:+ under --memory $MEMORY}"
else
  echo "manifest: the tables differ from the committed statistics (above)" >&2
  exit 1
fi
