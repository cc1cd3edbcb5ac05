#!/usr/bin/env bash
# Plays one engine build against another under c-gomoku-cli, the way the strength log's runs
# are played: 15×15 (unless SIZE says otherwise), one thread and 64 MiB each, one game at a
# time, each opening twice with colours swapped, in file order (so two runs over the same
# openings pair up game for game; see scripts/games.py).
#
#   [SIZE=20] scripts/match.sh ENGINE OPPONENT RULE OPENINGS OUTDIR LIMIT [FIRST LAST]
#
# ENGINE, OPPONENT  paths of pbrain-style engines (ENGINE plays under the name "sente")
# RULE              a Gomocup rule code: 0 freestyle, 1 standard, 4 renju
# OPENINGS          an opening file in c-gomoku-cli's offset format, one opening a line;
#                   lines starting with # are comments, left out before lines are counted
# OUTDIR            created; receives openings.txt, games.pgn, games.sgf, out.txt (the
#                   manager's report) and c-gomoku-cli.1.log (every line, with times)
# LIMIT             a node limit per move (200000), a time per move with a unit (1s, 500ms),
#                   or a game clock GAME/MOVE in seconds (18/3: 18 s a game, at most 3 s a move)
# FIRST LAST        the range of opening lines to play (default: every line)
# SIZE              the board's side, 5 to 22 (default 15); the openings must fit it
#
# The manager is `c-gomoku-cli` on PATH, or the program CGC names. The engines and the manager
# are built outside this repository (README, "The opponents"). Stop a run with
# `pkill -f OUTDIR`: the manager's command line holds the directory's name.
set -euo pipefail

usage() {
    sed -n '7p' "$0" >&2
    exit 2
}
[ $# -eq 6 ] || [ $# -eq 8 ] || usage
for file in "$1" "$2" "$4"; do
    [ -f "$file" ] || { echo "match.sh: no such file: $file" >&2 && exit 2; }
done
ENGINE=$(realpath "$1")
OPPONENT=$(realpath "$2")
RULE=$3
OPENINGS=$4
OUTDIR=$5
LIMIT=$6
SIZE=${SIZE:-15}
FIRST=${7:-1}
LAST=${8:-}
CGC=$(command -v "${CGC:-c-gomoku-cli}") ||
    { echo "match.sh: no c-gomoku-cli (set CGC)" >&2 && exit 2; }
CGC=$(realpath "$CGC")

case "$RULE" in 0 | 1 | 4) ;; *) echo "match.sh: RULE must be 0, 1 or 4" >&2 && exit 2 ;; esac
# c-gomoku-cli plays boards of 5 to 22.
case "$SIZE" in
[5-9] | 1[0-9] | 2[0-2]) ;;
*) echo "match.sh: SIZE must be 5 to 22" >&2 && exit 2 ;;
esac
NUMBER='[0-9]+([.][0-9]+)?'
if [[ $LIMIT =~ ^[0-9]+$ ]]; then
    # Under a node limit the clock only guards against a hang.
    TC="tc=0/10 nodes=$LIMIT"
elif [[ $LIMIT =~ ^${NUMBER}ms$ ]]; then
    TC="tc=0/$(awk "BEGIN { print ${LIMIT%ms} / 1000 }") tolerance=2"
elif [[ $LIMIT =~ ^${NUMBER}s$ ]]; then
    TC="tc=0/${LIMIT%s} tolerance=2"
elif [[ $LIMIT =~ ^${NUMBER}/${NUMBER}$ ]]; then
    # A game clock: c-gomoku-cli sends timeout_match, timeout_turn and time_left before each move.
    TC="tc=$LIMIT tolerance=2"
else
    echo "match.sh: LIMIT is a node count, a time such as 1s or a clock such as 18/3" >&2
    exit 2
fi

mkdir -p "$OUTDIR"
OUTDIR=$(realpath "$OUTDIR")
sed '/^#/d' "$OPENINGS" | sed -n "${FIRST},${LAST:-\$}p" >"$OUTDIR/openings.txt"
COUNT=$(wc -l <"$OUTDIR/openings.txt")
[ "$COUNT" -gt 0 ] ||
    { echo "match.sh: no openings in lines $FIRST to ${LAST:-the end}" >&2 && exit 2; }

# The manager writes its log (every line to and from the engines, with times) to the working
# directory; it starts each engine in the engine's own directory.
cd "$OUTDIR"
# shellcheck disable=SC2086
"$CGC" \
    -engine name=sente cmd="$ENGINE" \
    -engine name=opponent cmd="$OPPONENT" \
    -each $TC maxmemory=67108864 thread=1 \
    -rule "$RULE" -boardsize "$SIZE" \
    -openings file="$OUTDIR/openings.txt" type=offset order=sequential -repeat \
    -games $((2 * COUNT)) -concurrency 1 \
    -pgn "$OUTDIR/games.pgn" -sgf "$OUTDIR/games.sgf" -log \
    >"$OUTDIR/out.txt" 2>&1
tail -n 1 "$OUTDIR/out.txt"
