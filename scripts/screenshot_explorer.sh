#!/usr/bin/env bash
# Redraws docs/images/explorer.png, the web explorer's picture in docs/server.md: generates the tables
# of up to 3 pieces into a temporary folder (or serves TABLES=DIR), starts `damatb serve` on a
# free loopback port, and has a headless Chromium (scripts/setup.sh installs it) take the page
# showing FEN (default W:Wc2,Kf2:BKh8) at 1100x760. OUT=FILE writes elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
fen=${FEN:-W:Wc2,Kf2:BKh8}
out=${OUT:-docs/images/explorer.png}
build=$(cd "${BUILD_DIR:-build}" && pwd)
damatb=$build/cli/damatb
[ -x "$damatb" ] || scripts/build.sh >/dev/null
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "screenshot_explorer: no chromium (scripts/setup.sh installs it)" >&2; exit 1; }
source scripts/serve_lib.sh
tables=${TABLES:-$work/tables}
[ -n "${TABLES:-}" ] || "$damatb" generate --pieces 3 --out "$tables" >/dev/null

start_server "$damatb" "$tables" 1
url=http://127.0.0.1:$port/
query=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlencode({"fen": sys.argv[1], "counter": 0}))' "$fen")
# --virtual-time-budget: the page's requests to the API are answered before the picture.
timeout 60 "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$work/profile" --window-size=1100,760 --virtual-time-budget=5000 \
  --screenshot="$work/shot.png" "$url?$query" >/dev/null 2>&1
mv "$work/shot.png" "$out"
echo "wrote $out"
