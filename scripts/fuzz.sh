#!/usr/bin/env bash
# Fuzzes the FEN reader, the table file reader, the PDN reader and the server's reading of a
# request: builds the fuzz targets of fuzz/ with clang (libFuzzer, address and
# undefined-behaviour sanitizers) in build-fuzz/ (FUZZ_BUILD_DIR), then runs each for FUZZ_SECONDS (default 60) on a copy of its seeds, fuzz/corpus/<target>/. Installs
# clang, its runtimes and LLVM's OpenMP (the project needs OpenMP) with apt-get when missing.
# A crash stops the script; the input that caused it is kept in build-fuzz/artifacts/.
# Usage: scripts/fuzz.sh [TARGET...]   (fen, table, pdn, http; default all)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
build_dir=${FUZZ_BUILD_DIR:-build-fuzz}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen table pdn http)

scripts/setup.sh >/dev/null
packages=(clang libclang-rt-dev libomp-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "fuzz: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

CC=clang CXX=clang++ cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDAMATB_FUZZ=ON -DDAMATB_SANITIZE=address -DDAMATB_BUILD_TESTS=OFF >/dev/null
cmake --build "$build_dir" -j "${JOBS:-2}" --target "${targets[@]/#/damatb_fuzz_}" >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$build_dir/artifacts"
for target in "${targets[@]}"; do
  cp -r "fuzz/corpus/$target" "$work/$target"
  echo "== $target: ${seconds} s"
  status=0
  "$build_dir/fuzz/damatb_fuzz_$target" "$work/$target" -max_total_time="$seconds" \
    -artifact_prefix="$build_dir/artifacts/$target-" -print_final_stats=1 \
    >"$work/$target.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$work/$target.log"
    echo "fuzz: $target failed; the input is in $build_dir/artifacts/"
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/$target.log"
  echo "$target: corpus grew from $(find "fuzz/corpus/$target" -type f | wc -l)" \
    "to $(find "$work/$target" -type f | wc -l) inputs"
done
