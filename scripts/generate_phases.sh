#!/usr/bin/env bash
# Where a generation's time went, from the lines of `damatb generate --verbose` (a file, or
# standard input): summed over all classes, the first look at every position (the moves that
# leave the class looked up), the first rounds, the later rounds (with the game without the
# limit), and the rest of each class (its results gathered, its files built and written); then
# the same time by step, summed from the solver's "time by step" line of each class or slice,
# with the evaluations and the successors they looked at.
# Usage: damatb generate --pieces 5 --verbose ... | tee LOG; scripts/generate_phases.sh LOG
set -euo pipefail
awk '
function secs(text,   n, a, s, i) {  # "1 min 39 s", "35.5 s", "0.1 s"
  n = split(text, a, " "); s = 0
  for (i = 1; i < n; i += 2) s += (a[i + 1] == "min") ? 60 * a[i] : a[i]
  return s
}
/: moves leaving the class looked up \(/ { match($0, /\(([0-9.]+) s\)/); t = substr($0, RSTART + 1, RLENGTH - 4); first += t; look = t }
/: round 1: / { match($0, /\(([0-9.]+) s\)/); t = substr($0, RSTART + 1, RLENGTH - 4); rounds1 += t - look; r1 = t }
/: without the limit: / { match($0, /\(([0-9.]+) s\)/); t = substr($0, RSTART + 1, RLENGTH - 4); later += t - r1; solved = t }
/positions solved in/ {
  match($0, /solved in [0-9. mins]+ \(/); total = secs(substr($0, RSTART + 10, RLENGTH - 12))
  if (solved > 0) files += total - solved
  classes++; all += total; solved = 0
}
/: time by step: / {
  line = substr($0, index($0, "time by step: ") + 14)
  n = split(line, part, /(, |; | \(|\), )/)
  for (i = 1; i <= n; i++) {
    if (match(part[i], / [0-9.]+ s\)?$/)) {
      name = substr(part[i], 1, RSTART - 1); t = substr(part[i], RSTART + 1) + 0
      if (!(name in step)) order[++steps] = name
      step[name] += t
    } else if (match(part[i], /^[0-9]+ evaluations/)) evaluations += part[i] + 0
    else if (match(part[i], /^[0-9]+ successors looked at/)) looks += part[i] + 0
    else if (match(part[i], /^[0-9]+ by losses/)) by_losses += part[i] + 0
  }
}
END {
  printf "%d classes, %.0f s in all: first look %.0f s, first rounds %.0f s, later rounds %.0f s, files %.0f s\n",
    classes, all, first, rounds1, later, files
  if (steps) {
    printf "by step:"
    for (i = 1; i <= steps; i++) printf "%s %s %.0f s", (i > 1 ? "," : ""), order[i], step[order[i]]
    printf "; %.0f million evaluations, %.0f million successors looked at, %.0f million by losses\n",
      evaluations / 1e6, looks / 1e6, by_losses / 1e6
  }
}' "${1:-/dev/stdin}"
