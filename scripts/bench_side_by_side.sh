#!/usr/bin/env bash
# Two builds of the generator side by side: solves CLASS (default KKKvKKK) with this build and
# with BASE=PATH (another build's damatb, e.g. of an earlier commit) at the same time, on one
# thread each, RUNS times (default 2), so that both see the machine's pace of the moment (on a
# shared machine it changes by a third from minute to minute, which one build after the other
# would take for a difference). ARGS are more options of `generate` (e.g. "--memory 3 --slice
# 0"). TABLES must hold the classes CLASS reads; each run solves into a folder of its own that
# links to them. Prints each run's wall time and time by step (`generate --verbose`), then the
# medians of the wall times.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench_lib.sh
tables=$(cd "${TABLES:?TABLES=DIR: a folder of the tables the class reads}" && pwd)
base=${BASE:?BASE=PATH: the damatb of the build to compare with}
class=${CLASS:-KKKvKKK}
runs=${RUNS:-2}
read -r -a args <<<"${ARGS:-}"
scripts/build.sh >/dev/null
damatb=$(cd "${BUILD_DIR:-build}" && pwd)/cli/damatb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

folder() { # folder DIR: links to the files of TABLES (and of its scratch folder) but the class's own
  mkdir -p "$1/scratch"
  for f in "$tables"/*; do
    case "$(basename "$f")" in "$class"[+-.]* | scratch) continue ;; esac
    ln -s "$f" "$1/"
  done
  for f in "$tables"/scratch/*; do
    [ -e "$f" ] || continue
    case "$(basename "$f")" in "$class"[+-.]*) continue ;; esac
    ln -s "$f" "$1/scratch/"
  done
}
solve() { # solve LABEL DAMATB: one run into a fresh folder; its wall time in $work/LABEL.time
  rm -rf "$work/$1" && folder "$work/$1"
  /usr/bin/time -f "%e" -o "$work/$1.time" \
    "$2" generate --material "$class" --threads 1 --verbose --out "$work/$1" "${args[@]}" >"$work/$1.log" 2>&1 ||
    { echo "$1: generate failed"; tail -5 "$work/$1.log"; exit 1; }
}
for r in $(seq 1 "$runs"); do
  solve this "$damatb" &
  this=$!
  solve base "$base" &
  wait $! "$this"
  for l in this base; do
    echo "run $r, $l: $(cat "$work/$l.time") s; $(grep -h 'time by step' "$work/$l.log" | sed 's/.*time by step: //')"
    cat "$work/$l.time" >>"$work/$l.walls"
  done
done
echo "$class ${ARGS:-}: median wall $(median <"$work/this.walls") s this build, $(median <"$work/base.walls") s BASE ($runs runs side by side, a thread each)"
