#!/usr/bin/env python3
"""Projects the wall time of a run across nodes (docs/cluster.md) from a plan.

Usage: damatb plan --pieces 7 --memory 64 --json > PLAN.json
       python3 scripts/project_cluster.py PLAN.json RATE [THREADS [NODES ...]]

RATE is positions a second per thread (e.g. 0.97e6), THREADS the threads of a node (16), NODES
the node counts to project (1 8 64). The units are handed out as gen::UnitQueue does: whenever
a node is free, the first unit of the plan whose needs are all done goes to it. A unit takes
its positions over THREADS threads at RATE; a class solved in slices takes nothing more (the
writing of its files from its slices is left out), nor does the distribution's own cost.
Prints, for each node count, the hours until the last unit is done.
"""
import heapq
import json
import sys


def project(units, rate, threads, nodes):
    index = {u["unit"]: i for i, u in enumerate(units)}
    needs = [[index[n] for n in u["needs"]] for u in units]
    takes = [0.0 if u["kind"] == "class" and u.get("in_slices") else u["positions"] / (threads * rate)
             for u in units]
    done_at = [None] * len(units)
    waiting = list(range(len(units)))  # in the plan's order
    running = []  # (end, unit)
    now, free = 0.0, nodes
    while waiting or running:
        # Every free node takes the first unit whose needs are done by now.
        while free:
            ready = next((w for w, i in enumerate(waiting)
                          if all(done_at[n] is not None and done_at[n] <= now for n in needs[i])), None)
            if ready is None:
                break
            i = waiting.pop(ready)
            heapq.heappush(running, (now + takes[i], i))
            free -= 1
        # The next unit to end, and every other that ends then.
        now, i = heapq.heappop(running)
        done_at[i] = now
        free += 1
        while running and running[0][0] <= now:
            done_at[heapq.heappop(running)[1]] = now
            free += 1
    return max(done_at)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        units = json.load(f)
    rate = float(sys.argv[2])
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    node_counts = [int(n) for n in sys.argv[4:]] or [1, 8, 64]
    positions = sum(u["positions"] for u in units if not (u["kind"] == "class" and u.get("in_slices")))
    print(f"{len(units)} units, {positions:.3g} positions solved, {positions / rate / 3600:.0f} thread-hours "
          f"at {rate / 1e6:.2f} million positions a second per thread")
    for nodes in node_counts:
        print(f"{nodes} nodes of {threads} threads: {project(units, rate, threads, nodes) / 3600:.1f} h")


if __name__ == "__main__":
    main()
