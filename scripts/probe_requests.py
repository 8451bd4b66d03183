#!/usr/bin/env python3
"""The requests of damatb_bench_serve (bench/bench_serve.cpp) for scripts/bench_serve.sh and
scripts/soak_serve.sh: N random positions of the classes listed in CLASSES_FILE
(scripts/random_positions.py) that the tables in TABLES answer, each as its target
/api/v1/probe?fen=..., the byte count of its expected body and that body, `damatb probe
--json`'s answer, byte for byte.

Usage: probe_requests.py CLASSES_FILE N DAMATB TABLES > REQUESTS_FILE"""
import os
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_positions import positions  # noqa: E402


def main():
    classes_file, wanted, damatb, tables = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    out = sys.stdout.buffer
    kept = 0
    drawn = positions(open(classes_file).read().split())
    while kept < wanted:
        fen = next(drawn)
        r = subprocess.run([damatb, "probe", "--json", "--tables", tables, fen], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL)
        if r.returncode != 0:
            continue
        out.write(b"/api/v1/probe?fen=%s\n%d\n" % (urllib.parse.quote(fen, safe=":,").encode(), len(r.stdout)))
        out.write(r.stdout)
        kept += 1


if __name__ == "__main__":
    main()
