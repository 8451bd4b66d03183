#!/usr/bin/env bash
# Load test of `damatb serve`: generates the tables of up to PIECES (default 4) pieces into
# TABLES (default tables/end-of-move.king-wins.32, reused when there), draws POSITIONS (default
# 200) random positions of those classes that the tables answer, takes for each the answer of
# `damatb probe --json` (what /api/v1/probe must give, byte for byte), starts the server on a
# free loopback port (THREADS, default 2; its log to a file) and runs damatb_bench_serve RUNS
# times (default 3): CONNECTIONS (default 4) keep-alive clients for REQUESTS requests (default
# 200000) or DURATION (default 10) seconds, whichever ends first, every answer checked. Prints each run
# (requests per second, median and 99th-percentile latency) and the medians over the runs.
# The positions cycle, so after the first pass every probe finds its blocks cached.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-4}
tables=${TABLES:-tables/end-of-move.king-wins.32}
runs=${RUNS:-3}
scripts/build.sh >/dev/null
build=$(cd "${BUILD_DIR:-build}" && pwd)
damatb=$build/cli/damatb
"$damatb" generate --pieces "$pieces" --out "$tables" | grep -E '^all done'
source scripts/serve_lib.sh

# Random positions (scripts/random_positions.py), those the tables answer kept, each
# with its expected body: the target, the body's byte count, the body.
"$damatb" plan --pieces "$pieces" | awk '{print $1}' >"$work/classes"
python3 scripts/probe_requests.py "$work/classes" "${POSITIONS:-200}" "$damatb" "$tables" >"$work/requests"

start_server "$damatb" "$tables" "${THREADS:-2}"
echo "server on port $port, ${THREADS:-2} threads, tables up to $pieces pieces, ${POSITIONS:-200} positions, ${CONNECTIONS:-4} connections"
for run in $(seq "$runs"); do
  "$build/bench/damatb_bench_serve" "$port" "$work/requests" --connections "${CONNECTIONS:-4}" \
    --requests "${REQUESTS:-200000}" --seconds "${DURATION:-10}" | tee -a "$work/runs"
done
kill -TERM "$server"
wait "$server"
server=""
awk '{for (i = 1; i < NF; ++i) {if ($(i+1) == "requests/s,") r[NR] = $i; if ($i == "median") m[NR] = $(i+1); if ($i == "percentile") p[NR] = $(i+1)}}
  function median(a, n,   s, i, j, t) {for (i = 1; i <= n; ++i) s[i] = a[i]
    for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (s[j] < s[i]) {t = s[i]; s[i] = s[j]; s[j] = t}
    return s[int((n + 1) / 2)]}
  END {printf "median of %d runs: %d requests/s, latency median %d us, 99th percentile %d us\n", NR, median(r, NR), median(m, NR), median(p, NR)}' "$work/runs"
