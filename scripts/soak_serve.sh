#!/usr/bin/env bash
# Soak run of `damatb serve`: CONNECTIONS (default 8) keep-alive clients for DURATION seconds
# (default 600), mixing good and bad requests, every answer checked, the server's resident memory
# read every INTERVAL seconds (default 10). The tables of up to PIECES (default 4) pieces are
# generated into TABLES (default tables/end-of-move.king-wins.32, reused when there). The good
# requests are POSITIONS (default 200) random positions, each answer byte for byte
# `damatb probe --json`'s; the bad ones (a bad FEN token, a counter out of range, a parameter
# missing, a FEN of 8,000 characters, a class not in the folder, an unknown path) must give, each
# time, the status and the body of their first answer, which must be a 400 or 404 error that
# names the problem. Prints the load test's line (requests, per second, latency, wrong answers)
# and the memory: after the first interval, at the end, and the largest, in MiB.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${PIECES:-4}
tables=${TABLES:-tables/end-of-move.king-wins.32}
duration=${DURATION:-600}
interval=${INTERVAL:-10}
scripts/build.sh >/dev/null
build=$(cd "${BUILD_DIR:-build}" && pwd)
damatb=$build/cli/damatb
"$damatb" generate --pieces "$pieces" --out "$tables" | grep -E '^all done'
source scripts/serve_lib.sh
start_server "$damatb" "$tables" "${THREADS:-2}"

# The good requests (as scripts/bench_serve.sh draws them), then the bad ones with their first
# answers, checked here to be errors naming the problem.
"$damatb" plan --pieces "$pieces" | awk '{print $1}' >"$work/classes"
python3 scripts/probe_requests.py "$work/classes" "${POSITIONS:-200}" "$damatb" "$tables" >"$work/requests"
python3 - "$port" >>"$work/requests" <<'PY'
import sys, urllib.error, urllib.request
port = sys.argv[1]
out = sys.stdout.buffer
bad = [  # target, status, a word the error must hold
    ("/api/v1/probe?fen=W:Wz9:BKa1", 400, "z9"),
    ("/api/v1/probe?fen=W:WKc3:BKe5&counter=99", 400, "counter"),
    ("/api/v1/probe", 400, "fen"),
    ("/api/v1/probe?fen=W:WK" + "z" * 8000 + ":BKh8", 400, "characters"),
    ("/api/v1/probe?fen=W:WKa1,Kb2,Kc1,Kd2,Ke1,Kf2:BKh8", 404, "KKKKKKvK"),
    ("/api/v1/nothing", 404, "nothing"),
]
for target, status, word in bad:
    try:
        urllib.request.urlopen("http://127.0.0.1:%s%s" % (port, target), timeout=10)
        sys.exit("%s was answered with 200" % target[:100])
    except urllib.error.HTTPError as e:
        body = e.read()
        if e.code != status or b'"error"' not in body or word.encode() not in body:
            sys.exit("%s: status %d, %r" % (target[:100], e.code, body[:300]))
    out.write(b"%d %s\n%d\n" % (status, target.encode(), len(body)))
    out.write(body)
PY

# The server's resident memory every interval, in KiB, while the clients run.
(while kill -0 "$server" 2>/dev/null; do
   awk '/^VmRSS/ {print $2}' "/proc/$server/status" 2>/dev/null || true
   sleep "$interval"
 done) >"$work/rss" &
sampler=$!
echo "server on port $port, ${THREADS:-2} threads, tables up to $pieces pieces, ${POSITIONS:-200} good and 6 bad requests cycled, ${CONNECTIONS:-8} connections, $duration s"
status=0
"$build/bench/damatb_bench_serve" "$port" "$work/requests" --connections "${CONNECTIONS:-8}" \
  --requests 1000000000 --seconds "$duration" || status=$?
kill "$sampler" 2>/dev/null || true
awk -v every="$interval" 'NR == 2 {first = $1} {last = $1; if ($1 > most) most = $1}
  END {printf "server memory: %.1f MiB after %d s, %.1f MiB at the end, %.1f MiB at most (%d readings)\n",
       first / 1024, every, last / 1024, most / 1024, NR}' "$work/rss"
exit "$status"
