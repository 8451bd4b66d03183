#!/usr/bin/env bash
# Sets up, builds from nothing if need be, and runs every test (the slow label too), the tool
# built with MPI (tests/test_mpi.sh runs it under mpirun).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh -DDAMATB_MPI=ON
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure
