#!/usr/bin/env bash
# Redraws the pictures of the web pages in docs/server.md: generates the tables of up to 3 pieces
# into a temporary folder (or serves TABLES=DIR), starts `damatb serve` on a free loopback port,
# and has a headless Chromium (scripts/setup.sh installs it) take, into OUT_DIR (default
# docs/images):
#   explorer.png          the explorer on FEN (default W:Wc2,Kf2:BKh8), its moves grouped
#   explorer-flipped.png  the board turned around, on FLIPPED_FEN (default B:WKa1:BKb2,c2)
#   stats.png             the statistics page of CLASS (default KKvK), with its DTZ histogram
set -euo pipefail
cd "$(dirname "$0")/.."
fen=${FEN:-W:Wc2,Kf2:BKh8}
flipped_fen=${FLIPPED_FEN:-B:WKa1:BKb2,c2}
class=${CLASS:-KKvK}
out_dir=${OUT_DIR:-docs/images}
mkdir -p "$out_dir"
build=$(cd "${BUILD_DIR:-build}" && pwd)
damatb=$build/cli/damatb
[ -x "$damatb" ] || scripts/build.sh >/dev/null
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "screenshot_explorer: no chromium (scripts/setup.sh installs it)" >&2; exit 1; }
source scripts/serve_lib.sh
tables=${TABLES:-$work/tables}
[ -n "${TABLES:-}" ] || "$damatb" generate --pieces 3 --out "$tables" >/dev/null

start_server "$damatb" "$tables" 1
url=http://127.0.0.1:$port

# The query of a page's address: name=value pairs, percent-encoded.
query() { python3 -c 'import sys, urllib.parse; print(urllib.parse.urlencode(list(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }

# shot FILE WIDTH HEIGHT ADDRESS. --virtual-time-budget: the page's requests to the API are
# answered before the picture is taken.
shot() {
  timeout 60 "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$work/profile" --window-size="$2,$3" --virtual-time-budget=5000 \
    --screenshot="$work/shot.png" "$4" >/dev/null 2>&1
  mv "$work/shot.png" "$out_dir/$1"
  echo "wrote $out_dir/$1"
}

shot explorer.png 1100 960 "$url/?$(query fen "$fen" counter 0)"
shot explorer-flipped.png 1100 700 "$url/?$(query fen "$flipped_fen" counter 0 flip 1)"
shot stats.png 1100 860 "$url/stats?$(query class "$class")"
