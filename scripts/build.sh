#!/usr/bin/env bash
# Configures and builds damatb in build/ (Release unless BUILD_TYPE says otherwise).
# Extra arguments go to CMake's configure step, e.g. -DDAMATB_SANITIZE=ON.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$build_dir" -j "${JOBS:-2}"
