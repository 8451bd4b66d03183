#!/usr/bin/env bash
# Probe speed: generates the tables of up to PIECES (default 4) pieces into TABLES (default
# tables/end-of-move.king-wins.32, reused when there: generate resumes) and runs
# damatb_bench_probe on them: median latency of a probe with its block cached, on the first
# touch of a block, with cache 0, and of probe_root; probes per second on 1 and 2 threads.
# POSITIONS (default 100000) random positions; SECONDS_PER_RUN (default 2) per throughput run.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-4}
tables=${TABLES:-tables/end-of-move.king-wins.32}
scripts/build.sh >/dev/null
build=$(cd "${BUILD_DIR:-build}" && pwd)
"$build/cli/damatb" generate --pieces "$pieces" --out "$tables" | grep -E '^all done'
"$build/bench/damatb_bench_probe" "$tables" --positions "${POSITIONS:-100000}" \
  --seconds "${SECONDS_PER_RUN:-2}"
