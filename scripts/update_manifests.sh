#!/usr/bin/env bash
# Regenerates tables/manifest/<ruleset>.txt: the statistics of every table of up to
# PIECES (default 4) pieces under the default ruleset and each option. The tests
# compare freshly generated tables against these files; run this only when a
# change of the counts is intended, and say why in the commit. The lines of tables of more
# pieces already in a file (the default ruleset's file holds those of 5 pieces, which
# scripts/check_manifest5.sh checks) are kept as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-4}
scripts/build.sh >/dev/null
damatb=${BUILD_DIR:-build}/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# promotion, lone-pieces, king-move limit: the default, then one option changed at a time.
for ruleset in end-of-move.king-wins.32 immediate.king-wins.32 end-of-move.draw.32 \
               end-of-move.play-on.32 end-of-move.king-wins.0 end-of-move.king-wins.8; do
  IFS=. read -r promotion lone limit <<<"$ruleset"
  echo "== $ruleset"
  "$damatb" generate --pieces "$pieces" --promotion "$promotion" --lone-pieces "$lone" \
    --king-move-limit "$limit" --out "$work/$ruleset" --manifest "$work/$ruleset.txt" |
    grep -E 'all done'
  # The committed lines of tables of more than PIECES pieces (K and M in the name) follow.
  file=tables/manifest/$ruleset.txt
  if [ -f "$file" ]; then
    awk -v most="$pieces" '{ name = $1; if (gsub(/[KM]/, "", name) > most) print }' "$file" \
      >>"$work/$ruleset.txt"
  fi
  mv "$work/$ruleset.txt" "$file"
done
