#!/usr/bin/env python3
"""Random openings near the edges or near the centre of a 20×20 board, for screens there.

    scripts/region_openings.py edge|centre SEED COUNT > openings.txt

Seventeen of the 29 Gomocup 20×20 openings that are not won by black alone (`freestyle20.txt`,
lines 29 to 57) put stones within three lines of an edge, where Sente scores far less against
Rapfi than on openings near the centre (strength log, seventy-ninth session). This draws COUNT
distinct openings of the one kind or the other, in c-gomoku-cli's offset format (`dx,dy` from
the centre cell (10, 10), black first, the colours alternating), the same file for the same
SEED:

- each opening has 3, 4 or 5 stones; the first is the anchor; each coordinate of a later stone
  is within two of the stone before it (seven times in ten) or within three of the anchor;
- `edge`: the anchor is in a 6×6 corner block (six times in ten) or within four lines of an edge
  and away from the corners;
- `centre`: the anchor is within the 6×6 block around the centre;
- the opening is then turned or mirrored by one of the board's eight symmetries, so every
  corner and edge is used.

The openings are not balanced: many are won by the side to move. Each is played twice with the
colours swapped (scripts/match.sh), so a screen compares builds on them, not colours.
"""

import random
import sys

SIZE = 20
CENTRE = SIZE // 2


def anchor(kind, rng):
    if kind == "centre":
        return rng.randint(7, 12), rng.randint(7, 12)
    if rng.random() < 0.6:
        return rng.randint(0, 5), rng.randint(0, 5)
    x, y = rng.randint(0, 3), rng.randint(4, 15)
    return (y, x) if rng.random() < 0.5 else (x, y)


def symmetry(index, stone):
    x, y = stone
    if index & 1:
        x = SIZE - 1 - x
    if index & 2:
        y = SIZE - 1 - y
    return (y, x) if index & 4 else (x, y)


def near(previous, anchor, rng):
    """A coordinate of the next stone: within two of the stone before (seven times in ten) or
    within three of the anchor."""
    if rng.random() < 0.7:
        return previous + rng.randint(-2, 2)
    return anchor + rng.randint(-3, 3)


def opening(kind, rng):
    count = rng.choice([3, 4, 5])
    first = anchor(kind, rng)
    stones = [first]
    while len(stones) < count:
        x = near(stones[-1][0], first[0], rng)
        y = near(stones[-1][1], first[1], rng)
        if 0 <= x < SIZE and 0 <= y < SIZE and (x, y) not in stones:
            stones.append((x, y))
    turn = rng.randrange(8)
    return tuple(symmetry(turn, s) for s in stones)


def main(argv):
    usage = __doc__.strip().splitlines()[2].strip()
    if len(argv) != 3 or argv[0] not in ("edge", "centre"):
        sys.exit(usage)
    try:
        kind, seed, count = argv[0], int(argv[1]), int(argv[2])
    except ValueError:
        sys.exit(usage)
    rng = random.Random(seed)
    seen, lines = set(), []
    while len(lines) < count:
        stones = opening(kind, rng)
        if stones not in seen:
            seen.add(stones)
            lines.append(", ".join(f"{x - CENTRE},{y - CENTRE}" for x, y in stones))
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
