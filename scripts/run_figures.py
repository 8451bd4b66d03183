"""The figures of a run of `damatb generate`, class by class, from its folder and its logs: what
docs/performance.md reports of all of 6 pieces. A run stopped and started again writes a log for
each start; give them in the order they were written.

    run_figures.py --tables DIR [--pieces N] [--threads T] LOG...

For each class of N pieces (default 6) whose statistics are in DIR, one row of a Markdown table:
its positions; its slices; its wall time (below); its positions a second per thread; its peak
(the class's own) against its estimate; the bits a position of its values files (.dtb) and of its
progress files (.dtp), apart; its longest win and the position the .stats file names. Then the
totals and the longest win of them all.

A class's wall time is that of the runs that worked on it, summed over the logs: where a run
finished it, its own line's time (the slices read back from their files after a restart
included); where a run stopped within it, the time up to its last slice done there. The part of
a slice that a stop cut short is not counted: it was solved again. A class read back whole from
its files ("reused") counts nothing.
"""
import argparse
import os
import re
import sys

CLASS_LINE = re.compile(
    r"^\[\d+/\d+\] (\w+): \d+ positions (solved|reused) in ([^(]+) \(.*"
    r"\(this class ([\d.]+ \w+), estimated ([\d.]+ \w+)\)")
SLICE_LINE = re.compile(r"^  (\w+) slice \d+/(\d+): \d+ positions (solved|read back from its slice file); (.+?) so far")
SLICES_LINE = re.compile(r"^(\w+): solved in (\d+) slices$")
UNITS = {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30}


def seconds(text):
    """'1 h 06 min', '42 min 15 s', '34.1 s' as seconds."""
    total = 0.0
    for number, unit in re.findall(r"([\d.]+) (h|min|s)\b", text):
        total += float(number) * {"h": 3600, "min": 60, "s": 1}[unit]
    return total


def gib(text):
    number, unit = text.split()
    return float(number) * UNITS[unit] / 2**30


def clock(s):
    if s < 60:
        return f"{s:.1f} s"
    h, rest = divmod(int(round(s)), 3600)
    return f"{h} h {rest // 60:02d} min" if h else f"{rest // 60} min {rest % 60:02d} s"


def plies(n):
    return f"{n} ply" if n == 1 else f"{n} plies"


def read_logs(paths):
    """Per class, in the order the logs name them: wall seconds, slices, peak and estimate in GiB
    (once a run finished it), and whether a run resumed it."""
    runs = {}

    def entry(name):
        return runs.setdefault(name, {"wall": 0.0, "slices": None, "resumed": False, "done": False})

    for path in paths:
        last = {}  # class -> seconds of its last slice line in this log (the class not finished here)
        with open(path, errors="replace") as f:
            for line in f:
                m = CLASS_LINE.match(line)
                if m:
                    name, how, took, own, estimate = m.groups()
                    last.pop(name, None)
                    if how != "solved":
                        continue
                    r = entry(name)
                    r["wall"] += seconds(took)
                    r["peak"], r["estimate"], r["done"] = gib(own), gib(estimate), True
                    continue
                m = SLICES_LINE.match(line)
                if m:
                    entry(m[1])["slices"] = int(m[2])
                    continue
                m = SLICE_LINE.match(line)
                if m:
                    r = entry(m[1])
                    r["slices"] = int(m[2])
                    r["resumed"] = r["resumed"] or m[3] != "solved"
                    last[m[1]] = seconds(m[4])
        for name, s in last.items():  # stopped within the class: its slices done in this run
            runs[name]["wall"] += s
            runs[name]["resumed"] = True
    return runs


def stats_of(path):
    """Per table of a .stats file: positions, longest win (DTZ) and the position named."""
    tables = {}
    name = None
    with open(path) as f:
        for line in f:
            fields = line.split()
            if not line.startswith(" ") and len(fields) > 2 and fields[1] == "positions":
                name = fields[0]
                values = dict(zip(fields[1::2], fields[2::2]))
                tables[name] = {"positions": int(values["positions"]), "dtz_win": int(values.get("dtz-win", 0)),
                                "longest_win": None}
            elif name and line.strip().startswith("longest win:"):
                tables[name]["longest_win"] = line.split(":", 1)[1].strip()
    return tables


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", required=True)
    parser.add_argument("--pieces", type=int, default=6)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    runs = read_logs(args.logs)
    order = {name: k for k, name in enumerate(runs)}
    classes = sorted((f[:-6] for f in os.listdir(args.tables)
                      if f.endswith(".stats") and len(f[:-6].replace("v", "")) == args.pieces),
                     key=lambda c: (order.get(c, len(order)), c))
    if not classes:
        sys.exit(f"no class of {args.pieces} pieces in {args.tables}")
    print("| class | positions | slices | wall | positions/s per thread | peak | estimate | "
          "bits/position values | bits/position progress | longest win |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    total = {"positions": 0, "wall": 0.0, "dtb": 0, "dtp": 0}
    longest = (0, "", "")
    for name in classes:
        tables = stats_of(os.path.join(args.tables, name + ".stats"))
        positions = sum(t["positions"] for t in tables.values())
        dtb = sum(size(os.path.join(args.tables, t + ".dtb")) for t in tables)
        dtp = sum(size(os.path.join(args.tables, t + ".dtp")) for t in tables)
        best = max(tables.items(), key=lambda kv: kv[1]["dtz_win"])
        if best[1]["dtz_win"] > longest[0]:
            longest = (best[1]["dtz_win"], best[0], best[1]["longest_win"])
        r = runs.get(name)
        total["positions"] += positions
        total["dtb"] += dtb
        total["dtp"] += dtp
        if r and r["wall"] > 0:
            total["wall"] += r["wall"]
            wall = clock(r["wall"]) + (" (resumed)" if r["resumed"] else "")
            rate = f"{positions / r['wall'] / args.threads / 1e6:.2f} million"
        else:
            wall, rate = "not in these logs", ""
        peak = f"{r['peak']:.2f} GiB" if r and r["done"] else ""
        estimate = f"{r['estimate']:.2f} GiB" if r and r["done"] else ""
        slices = str(r["slices"]) if r and r["slices"] else "whole"
        print(f"| {name} | {positions:,} | {slices} | {wall} | {rate} | {peak} | {estimate} | "
              f"{8 * dtb / positions:.3f} | {8 * dtp / positions:.3f} | {plies(best[1]['dtz_win'])}, "
              f"{best[0]} `{best[1]['longest_win']}` |")
    print(f"\n{len(classes)} classes, {total['positions']:,} positions; the wall times above sum to "
          f"{clock(total['wall'])}", end="")
    if total["wall"]:
        print(f", {total['positions'] / total['wall'] / args.threads / 1e6:.2f} million positions/s per thread "
              f"(the classes timed in these logs)", end="")
    print(f"; values {total['dtb'] / 2**30:.2f} GiB ({8 * total['dtb'] / total['positions']:.3f} bits a position), "
          f"progress {total['dtp'] / 2**30:.2f} GiB ({8 * total['dtp'] / total['positions']:.3f} bits a position)")
    print(f"the longest win: {plies(longest[0])}, {longest[1]} {longest[2]}")


if __name__ == "__main__":
    main()
