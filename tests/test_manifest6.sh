#!/usr/bin/env bash
# The 6-piece classes that CI can afford, generated again and compared with the committed
# manifest line by line: KKKKKvK (140 million positions, some 40 s and 6 GiB on 2 threads) and
# the classes of kings only it reads (KvK, KKvK, KKKvK, KKKKvK), each generated with
# --material, the ones before read back, as a run of 6 pieces across days does.
# Usage: test_manifest6.sh PATH/TO/damatb PATH/TO/manifest.txt
set -uo pipefail
damatb=$1
manifest=$2
source "$(dirname "$0")/check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for class in KvK KKvK KKKvK KKKKvK KKKKKvK; do
  "$damatb" generate --material "$class" --threads 2 --out "$work/tables" --manifest "$work/$class.txt" >"$work/log" 2>&1 ||
    { cat "$work/log"; check "generate $class" 0 1; }
  check "$class: the committed statistics" "$(grep -E "^$class[+-]? " "$manifest")" \
    "$(grep -E "^$class[+-]? " "$work/$class.txt")"
done
check "KKKKKvK: two tables in the manifest" 2 "$(grep -cE '^KKKKKvK[+-] ' "$manifest")"

report manifest6
