#!/usr/bin/env bash
# Sets up, builds from nothing if need be, and runs every test (the slow label too).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure
