"""Random positions for the benchmarks: a class of the plan, its pieces on random squares (men on
ranks 2 to 7), either side to move. The same sequence every run (seed 1).

As a module: positions(classes) yields FENs without end. As a script:
    random_positions.py CLASSES_FILE COUNT    prints COUNT FENs, one a line.
"""
import random
import sys


def square(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


def positions(classes):
    rng = random.Random(1)
    while True:
        a, b = rng.choice(classes).split("v")
        free = list(range(64))
        rng.shuffle(free)
        lists = []
        for army in (a, b):
            pieces = []
            for p in army:
                s = next(s for s in free if p == "K" or 8 <= s < 56)
                free.remove(s)
                pieces.append(("K" if p == "K" else "") + square(s))
            lists.append(",".join(pieces))
        if rng.random() < 0.5:
            lists.reverse()
        yield "%s:W%s:B%s" % (rng.choice("WB"), lists[0], lists[1])


if __name__ == "__main__":
    classes = open(sys.argv[1]).read().split()
    drawn = positions(classes)
    sys.stdout.write("".join(next(drawn) + "\n" for _ in range(int(sys.argv[2]))))
