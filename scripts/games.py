#!/usr/bin/env python3
"""Scores c-gomoku-cli game records of Sente's matches (scripts/match.sh writes them).

    scripts/games.py score GAMES.pgn...
    scripts/games.py paired BASE.pgn [MORE-BASES.pgn...] NEW.pgn[:OFFSET]
    scripts/games.py paired BASE.pgn [MORE-BASES.pgn...] -- NEW.pgn[:OFFSET]...
    scripts/games.py times GAMES.sgf...
    scripts/games.py lengths GAMES.pgn...
    scripts/games.py judged OUTDIR...

`score` prints Sente's W-L-D over the games of all the files together, its score, the Elo
difference with a 95 % interval (normal approximation), and the record as black and as white.

`paired` compares two runs over the same openings in the same order, game for game: a pair is
an opening's two games (one with each colour), and its difference is what the new run scored
on them less what the base scored, in points per hundred games. A game's result depends mostly
on its opening, so the paired mean needs far fewer games than two separate scores would.
OFFSET is the number of games the new run's file starts later than the base's (a run taken up
from a later opening: 2 × (its first opening − the base's first)). Pairs holding a void game
(under 4 plies: the opponent failing at the start) in either run are left out.

With several base runs over the same openings (the same build, its games made to differ by a
neutral change such as another hash seed), an opening's base is their mean. At a node limit one
run of a build is one draw of how its games happen to go: every change screened against the
same single run inherits that run's luck, and several runs average it out. Openings past the
end of the shortest base run are left out. Several new runs (after `--`, all from the same
first opening, so one OFFSET) are averaged the same way: a change measured twice is compared
with its base as a whole rather than pass by pass.

`times` reads the SGF records (match.sh writes them too, with each move's time as the manager
measured it) and prints, for Sente and for its opponent, how many replies, their mean, median and
slowest time, then Sente's five slowest replies with where they were played (game number in the
files' order, ply counted from the first stone, opening stones included), and each side's time
over a whole game (mean, median, most: what a game clock limits).

`lengths` prints Sente's score by the length of the game: the plies played after the opening's
stones (the PGN's PlyCount), in bands of 15 and a last band for 75 and more. Against Rapfi Sente
holds its own in short games and loses most long ones (strength log, eightieth session).

`judged` prints Sente's score by how the opponent judged each game early on: the mean of the
last score it reported before each of its third to sixth moves (Rapfi's `MESSAGE ... | Eval E |`
lines in the manager's log, c-gomoku-cli.1.log in a run's directory; its own units, from its own
side, a mate it sees for either side counting as 10,000), in five bands from well behind to well
ahead. Games over before its third move are left out. Against Rapfi, Sente converts a small edge
far less often than Rapfi does (strength log, ninety-fourth session).

Each file may also be a run's directory as match.sh makes it (OUTDIR): its games.pgn is read,
or for `times` its games.sgf.

The engine under test plays under the name "sente" (match.sh names it so). c-gomoku-cli's PGN
gives the result as chess does: `1-0` means the engine of the `White` tag won.
"""

import math
import os
import re
import signal
import statistics
import sys
from dataclasses import dataclass

NAME = "sente"
# The name match.sh gives the other engine, under which the manager's log shows its lines.
OPPONENT = "opponent"
VOID_PLIES = 4
# `lengths`: the width of a band of game lengths, and the first band that holds every longer game.
LENGTH_BAND = 15
LAST_BAND = 5
# `judged`: the opponent's moves whose reported scores are averaged (the third to the sixth), and
# the edges of the bands of that mean.
JUDGED_MOVES = slice(2, 6)
JUDGED_EDGES = (-150, -60, 60, 150)
# What a reported mate (`+M7`, `-M10`) counts as.
MATE_SCORE = 10_000


@dataclass
class Game:
    black: str
    white: str
    result: str
    plies: int

    def sente_points(self):
        """Sente's points in this game (1, 0.5, 0), or None if Sente did not play it."""
        if NAME not in (self.black, self.white):
            return None
        if self.result == "1/2-1/2":
            return 0.5
        white_won = self.result == "1-0"
        return 1.0 if white_won == (self.white == NAME) else 0.0

    def void(self):
        return self.plies < VOID_PLIES


def record_file(path, extension):
    """The records to read for `path`: the file itself, or for a run's directory (match.sh's
    OUTDIR) its `games.pgn` or `games.sgf`."""
    if os.path.isdir(path):
        path = os.path.join(path, f"games.{extension}")
    if not os.path.isfile(path):
        sys.exit(f"games.py: no such file: {path}")
    return path


def read_games(path):
    games, tags = [], {}
    with open(record_file(path, "pgn"), encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r'\[(\w+) "(.*)"\]', line.strip())
            if m:
                tags[m.group(1)] = m.group(2)
                continue
            if tags and line.strip() in ("1-0", "0-1", "1/2-1/2", "*"):
                games.append(
                    Game(
                        tags.get("Black", ""),
                        tags.get("White", ""),
                        tags.get("Result", "*"),
                        int(tags.get("PlyCount", "0") or 0),
                    )
                )
                tags = {}
    return games


def elo(score):
    """The Elo difference a score stands for, as text (±∞ at 0 % and 100 %)."""
    if score >= 1:
        return "+∞"
    if score <= 0:
        return "−∞"
    value = round(-400 * math.log10(1 / score - 1))
    return "0" if value == 0 else f"{value:+d}".replace("-", "−")


def mean_and_margin(values):
    """The mean of `values` and the half-width of its 95 % interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(n - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n)


def record(points):
    w = sum(1 for p in points if p == 1.0)
    lo = sum(1 for p in points if p == 0.0)
    return w, lo, len(points) - w - lo


def finished_games(paths):
    """Every game in the files, and those of them Sente played to a finish (not void)."""
    games = [g for p in paths for g in read_games(p)]
    played = [g for g in games if not g.void() and g.sente_points() is not None]
    if not played:
        sys.exit("games.py: no finished game of sente's")
    return games, played


def score(paths):
    games, played = finished_games(paths)
    points = [g.sente_points() for g in played]
    mean, margin = mean_and_margin(points)
    low, high = elo(mean - margin), elo(mean + margin)
    w, lo, d = record(points)
    summary = f"{w}-{lo}-{d} over {len(points)}, {100 * mean:.1f} %"
    print(f"{summary}, Elo {elo(mean)} ({low} … {high})")
    for colour in ("black", "white"):
        side = [g.sente_points() for g in played if getattr(g, colour) == NAME]
        print(f"  as {colour} {'-'.join(map(str, record(side)))}")
    print(f"  {len(games) - len(played)} void game(s) left out")


def lengths(paths):
    _, played = finished_games(paths)
    bands = {}
    for g in played:
        band = min(g.plies // LENGTH_BAND, LAST_BAND)
        bands.setdefault(band, []).append(g.sente_points())
    for band in sorted(bands):
        points = bands[band]
        low = band * LENGTH_BAND
        span = f"{low} and more" if band == LAST_BAND else f"{low}–{low + LENGTH_BAND - 1}"
        w, lo, d = record(points)
        mean = sum(points) / len(points)
        print(f"{span:>11} plies: {len(points)} games, {w}-{lo}-{d}, {100 * mean:.1f} %")


def pairs(games):
    """Sente's points per opening: the games two by two, in file order."""
    out = []
    for i in range(0, len(games) - 1, 2):
        a, b = games[i], games[i + 1]
        if a.void() or b.void():
            out.append(None)
        else:
            out.append(a.sente_points() + b.sente_points())
    return out


def mean_pairs(runs):
    """Each opening's mean over several runs' pairs; None where any run's pair is void. zip
    stops at the shortest run."""
    return [None if None in points else sum(points) / len(points) for points in zip(*runs)]


def paired(base_paths, new_args):
    offsets = set()
    news = []
    for arg in new_args:
        new_path, _, offset = arg.partition(":")
        if not re.fullmatch(r"\d*", offset):
            sys.exit(f"games.py: OFFSET must be a number of games: {arg}")
        offset = int(offset or 0)
        if offset % 2:
            sys.exit("games.py: OFFSET must be even (two games an opening)")
        offsets.add(offset)
        news.append(pairs(read_games(new_path)))
    if len(offsets) > 1:
        sys.exit("games.py: the new runs must start at the same opening (one OFFSET)")
    offset = offsets.pop()
    bases = [pairs(read_games(path)[offset:]) for path in base_paths]
    base = mean_pairs(bases)
    new = mean_pairs(news)
    kept = [(b, n) for b, n in zip(base, new) if b is not None and n is not None]
    if len(kept) < 2:
        sys.exit("games.py: fewer than two pairs to compare")
    diffs = [n - b for b, n in kept]
    count = len(diffs)
    mean, margin = mean_and_margin(diffs)
    # A pair holds two games: a difference of 2 points is 100 points per hundred games.
    print(
        f"{50 * mean:+.1f} (±{50 * margin:.1f}, {count} pairs; "
        f"{sum(d == 0 for d in diffs)} the same, {sum(d > 0 for d in diffs)} better, "
        f"{sum(d < 0 for d in diffs)} worse)"
    )
    base_score = 50 * sum(b for b, _ in kept) / count
    new_score = 50 * sum(n for _, n in kept) / count
    left_out = min(len(base), len(new)) - count
    print(
        f"  base {base_score:.1f} %, new {new_score:.1f} % over the pairs; "
        f"{left_out} pair(s) with a void game left out"
    )


def read_reply_times(path):
    """Per game in the file: Sente's colour (None if Sente did not play it) and every timed move
    as (ply, colour, ms)."""
    with open(record_file(path, "sgf"), encoding="utf-8", errors="replace") as f:
        text = f.read()
    games = []
    for record_text in re.split(r"\(;FF", text)[1:]:
        black = re.search(r"PB\[(.*?)\]", record_text)
        white = re.search(r"PW\[(.*?)\]", record_text)
        colour = None
        if black and black.group(1) == NAME:
            colour = "B"
        elif white and white.group(1) == NAME:
            colour = "W"
        moves = re.findall(r";([BW])\[\w*\]C\[([^\]]*)\]", record_text)
        timed = [
            (ply, c, int(note[:-2]))
            for ply, (c, note) in enumerate(moves, start=1)
            if re.fullmatch(r"\d+ms", note)
        ]
        games.append((colour, timed))
    return games


def times(paths):
    every_game = (g for p in paths for g in read_reply_times(p))
    # Numbered in the files' order before the games Sente did not play are dropped.
    games = [(n, c, timed) for n, (c, timed) in enumerate(every_game, start=1) if c]
    sente = [(ms, n, ply) for n, colour, timed in games for ply, c, ms in timed if c == colour]
    opponent = [ms for _, colour, timed in games for _, c, ms in timed if c != colour]
    if not sente:
        sys.exit("games.py: no timed move of sente's")
    for name, replies in (("sente", [ms for ms, _, _ in sente]), ("opponent", opponent)):
        if replies:
            print(
                f"{name}: {len(replies)} replies, mean {statistics.mean(replies):.0f} ms, "
                f"median {statistics.median(replies):.0f} ms, slowest {max(replies)} ms"
            )
    slowest = sorted(sente, reverse=True)[:5]
    print("  sente's slowest: " + ", ".join(f"{ms} ms (game {n}, ply {p})" for ms, n, p in slowest))
    # Under a game clock what counts is each game's total, against the clock.
    for name, mine in (("sente", True), ("opponent", False)):
        totals = [
            sum(ms for _, c, ms in timed if (c == colour) == mine) / 1000
            for _, colour, timed in games
        ]
        print(
            f"{name}'s time a game: mean {statistics.mean(totals):.1f} s, "
            f"median {statistics.median(totals):.1f} s, most {max(totals):.1f} s"
        )


def read_opponent_scores(path):
    """Per game in a manager's log, the last score the opponent reported before each of its
    moves (None where it reported none)."""
    games, current, last = [], None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if f"{OPPONENT} <- START" in line:
                if current is not None:
                    games.append(current)
                current, last = [], None
                continue
            m = re.search(rf"{OPPONENT} -> MESSAGE .*\| Eval ([-+]?)(M?)(\d+)", line)
            if m:
                sign = -1 if m.group(1) == "-" else 1
                last = sign * (MATE_SCORE if m.group(2) else int(m.group(3)))
            elif re.search(rf"{OPPONENT} -> \d+,\d+\s*$", line) and current is not None:
                current.append(last)
                last = None
    if current is not None:
        games.append(current)
    return games


def band_label(low, high):
    """A band of the opponent's early score as text: "under −150", "−60 to 60", "150 and over"."""
    if low == -math.inf:
        text = f"under {high}"
    elif high == math.inf:
        text = f"{low} and over"
    else:
        text = f"{low} to {high}"
    return text.replace("-", "−")


def judged(paths):
    rows = []
    for path in paths:
        if not os.path.isdir(path):
            sys.exit(f"games.py: judged reads a run's directory (match.sh's OUTDIR): {path}")
        games = read_games(path)
        reports = read_opponent_scores(os.path.join(path, "c-gomoku-cli.1.log"))
        if len(reports) != len(games):
            sys.exit(f"games.py: {path}: {len(games)} games, {len(reports)} in the manager's log")
        for game, scores in zip(games, reports):
            points = game.sente_points()
            early = [s for s in scores[JUDGED_MOVES] if s is not None]
            if points is not None and not game.void() and early:
                rows.append((sum(early) / len(early), points))
    if not rows:
        sys.exit("games.py: no game with the opponent's early scores")
    edges = [-math.inf, *JUDGED_EDGES, math.inf]
    for low, high in zip(edges, edges[1:]):
        band = [p for s, p in rows if low <= s < high]
        line = f"opponent's early score {band_label(low, high)}: {len(band)} games"
        if band:
            line += f", {'-'.join(map(str, record(band)))}, {100 * sum(band) / len(band):.1f} %"
        print(line)


def main(argv):
    if len(argv) >= 2 and argv[0] == "score":
        score(argv[1:])
    elif len(argv) >= 3 and argv[0] == "paired" and "--" in argv:
        split = argv.index("--")
        if split < 2 or split == len(argv) - 1:
            sys.exit("games.py: paired needs base runs before -- and new runs after it")
        paired(argv[1:split], argv[split + 1 :])
    elif len(argv) >= 3 and argv[0] == "paired":
        paired(argv[1:-1], argv[-1:])
    elif len(argv) >= 2 and argv[0] == "times":
        times(argv[1:])
    elif len(argv) >= 2 and argv[0] == "lengths":
        lengths(argv[1:])
    elif len(argv) >= 2 and argv[0] == "judged":
        judged(argv[1:])
    else:
        sys.exit(__doc__.strip().split("\n\n")[1])


if __name__ == "__main__":
    # Piped into `head`, stop quietly when the reader has had enough, as a shell tool does.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main(sys.argv[1:])
