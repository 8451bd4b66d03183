#!/usr/bin/env bash
# Sets up, builds, and runs the main job on a small default: perft of the start
# position and the legal moves of a sample position.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
damatb=${BUILD_DIR:-build}/cli/damatb
"$damatb" perft --depth 7 --time
sample='W:Wc6:Bc7,Kd8'
"$damatb" show "$sample"
echo "legal moves (promotion end-of-move):"
"$damatb" moves "$sample"
echo "legal moves (promotion immediate):"
"$damatb" moves --promotion immediate "$sample"
