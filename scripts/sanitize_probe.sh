#!/usr/bin/env bash
# The probe library and the table file reader under the sanitizers: builds the tests with the
# thread sanitizer in build-tsan/ and with the address and undefined-behaviour sanitizers in
# build-asan/, then runs the probe and table-file tests ([probe], [tablefile]) in each. Any
# report fails the run. Slow: a build of its own per sanitizer, and the thread sanitizer's
# probe tests take several minutes. Usage: scripts/sanitize_probe.sh [thread|address]...
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(thread address)
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="halt_on_error=1 ${ASAN_OPTIONS:-}"
for kind in "${kinds[@]}"; do
  case $kind in
    thread) build_dir=build-tsan ;;
    address) build_dir=build-asan ;;
    *) echo "sanitize_probe: thread or address, not $kind" >&2; exit 2 ;;
  esac
  echo "== $kind sanitizer ($build_dir)"
  BUILD_DIR=$build_dir scripts/build.sh -DDAMATB_SANITIZE="$kind" >/dev/null
  for tag in "[probe]" "[tablefile]"; do
    "$build_dir/tests/damatb_tests" "$tag" | tail -n 2
  done
done
