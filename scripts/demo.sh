#!/usr/bin/env bash
# Sets up, builds, and runs the main job on a small default: generates every table
# of up to PIECES (default 3) pieces into tables/<ruleset name>/ (reusing tables
# already there), shows the statistics of one class, answers a sample query (the
# tables' value of a position and of its moves), then perft of the start position and the
# legal moves of a sample position.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
damatb=${BUILD_DIR:-build}/cli/damatb
"$damatb" generate --pieces "${PIECES:-3}"
echo "KMvK, king and man against king (tables/end-of-move.king-wins.32/KMvK.stats):"
cat tables/end-of-move.king-wins.32/KMvK.stats
echo "a sample query: two white pieces against a king (docs/values.md: a win, DTZ 7):"
"$damatb" probe 'W:Wc2,Kf2:BKh8'
"$damatb" perft --depth 7 --time
sample='W:Wc6:Bc7,Kd8'
"$damatb" show "$sample"
echo "legal moves (promotion end-of-move):"
"$damatb" moves "$sample"
echo "legal moves (promotion immediate):"
"$damatb" moves --promotion immediate "$sample"
