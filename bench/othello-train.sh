#!/bin/sh
# bench/othello-train.sh - rebuilds the trained Othello evaluation, data/othello/eval.bin,
# from nothing: self-play games with exact labels, then the fit (bench/othello-train.c).
#
#   sh bench/othello-train.sh [GAMES [JOBS]]        defaults: 8000 games, 2 processes
#
# Steps, each under `nice -n 19` (idle CPU only):
#   1. games 0 .. GAMES-1 of series 1 (4 to 16 random opening moves, then depth-4 play by the
#      hand-weighted evaluation, a random move one time in 8), each position with 20 empty
#      squares or fewer solved exactly; dealt out to JOBS processes (game j, j + JOBS, ...:
#      the same games whatever JOBS is), into build/othello-train/games-J.txt.  A finished
#      file is kept: a run stopped midway starts again where it was.
#   2. the fit, stage by stage from the end of the game: exact labels up to 20 empties,
#      depth-6 searches with the stages already fitted beyond; a tenth of the games held out
#      for the error report (stderr); writes data/othello/eval.bin.
# Time: about 0.4 cpu s a game for step 1 and 0.3 for step 2 on this project's machine (an
# idle 2-core EPYC: 8000 games in about 50 minutes); the exact solves of step 1 go faster
# when data/othello/eval.bin is already there (their results do not depend on it).
set -eu
DIR=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${1:-8000}
JOBS=${2:-2}
WORK=$DIR/build/othello-train
mkdir -p "$WORK"
make -s -C "$DIR" yomi
BIN=$WORK/othello-train
OBJS=$(find "$DIR/build/rel/src" -name '*.o' ! -path '*/cli/*' ! -path '*/serve/*' ! -path '*/proto/*')
# shellcheck disable=SC2086
gcc -std=c17 -O2 -Wall -Wextra -Werror $(sh "$DIR/tools/cpu-flags") -I"$DIR/include" \
	-I"$DIR/src" -D_GNU_SOURCE "$DIR/bench/othello-train.c" $OBJS -o "$BIN" \
	-lzstd -lxxhash -lpthread -lm
cd "$DIR"
j=0
while [ "$j" -lt "$JOBS" ]; do
	n=$(( (GAMES - j + JOBS - 1) / JOBS ))   # games j, j + JOBS, ... below GAMES
	out=$WORK/games-$j-of-$JOBS-$GAMES.txt
	if [ ! -s "$out" ]; then
		( nice -n 19 "$BIN" games 1 "$j" "$n" 20 "$JOBS" >"$out.tmp" && mv "$out.tmp" "$out" ) &
	fi
	j=$((j + 1))
done
wait
for f in $(j=0; while [ "$j" -lt "$JOBS" ]; do echo "$WORK/games-$j-of-$JOBS-$GAMES.txt"; j=$((j + 1)); done); do
	[ -s "$f" ] || { echo "othello-train: $f was not made" >&2; exit 1; }
done
nice -n 19 "$BIN" fit -o "$DIR/data/othello/eval.bin" --threads "$JOBS" --depth 6 \
	"$WORK"/games-*-of-"$JOBS"-"$GAMES".txt
