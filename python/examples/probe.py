#!/usr/bin/env python3
"""Probes a position and prints its value, its moves and the best line.

Usage: probe.py TABLES [FEN [COUNTER]]   (PYTHONPATH names the folder of the module)
"""
import sys

import damatb


def main():
    tables = sys.argv[1]
    fen = sys.argv[2] if len(sys.argv) > 2 else "W:Wc2,Kf2:BKh8"
    counter = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    with damatb.Tablebase(tables) as tb:
        try:
            v = tb.probe(fen, counter)
        except damatb.MissingTableError as e:
            sys.exit(f"not in the tables: {e}")
        print(f"{v.fen} at counter {v.counter}: {v.result} (wdl {v.wdl}, dtz {v.dtz})")
        for m in v.moves:
            print(f"  {m.move:10} {m.result:5} {m.wdl:13} dtz {m.dtz}")
        line = tb.line(fen, counter)
        print("best line:", " ".join(p.move for p in line.plies), "-", line.result, f"({line.why})")


if __name__ == "__main__":
    main()
