# Sourced by the scripts that run `damatb serve` (bench_serve.sh, screenshot_explorer.sh): a work
# folder removed at exit with the server stopped, and start_server, which starts it on a free
# loopback port and sets $server (its process) and $port once it listens.
work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

start_server() { # start_server DAMATB TABLES THREADS
  "$1" serve --tables "$2" --port 0 --threads "$3" 2>"$work/serve.log" &
  server=$!
  for _ in $(seq 200); do
    grep -q 'listening on' "$work/serve.log" && break
    sleep 0.05
  done
  port=$(grep -oE 'listening on http://127\.0\.0\.1:[0-9]+' "$work/serve.log" | grep -oE '[0-9]+$')
}
