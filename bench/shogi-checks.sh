#!/bin/sh
# bench/shogi-checks.sh - shogi's check extension (issue 45) measured: this tree's yomi
# against the same program without it, at equal time a move, in shogi's opening pairs.
#
#   sh bench/shogi-checks.sh [GAMES [SECONDS]]     defaults: 120 games, 0.1 s a move
#
# BASE_YOMI is the program without the extension; by default it is built from git commit
# BASE (default dc02652, main before the extension) in a temporary worktree.  It plays over
# USI (usi:BASE_YOMI usi, byoyomi SECONDS, MoveOverhead 0 and a 16 MB table as the engine
# side's; with the default 50 ms overhead it used 0.004 s of 0.05), this tree's YOMI
# (./yomi) as engine:time=SECONDS; `yomi match` prints the time a move each side used:
# check that they are close (0.094 s and 0.089 s at 0.1 in a trial).  Before the
# match, `yomi --game shogi bench` of both (the node-count signature and nodes/s; the
# extension searches more nodes to the same depth, so equal depth is no fair comparison).
# Every run is under nice; the machine may be shared (the load is printed).
# Not part of make check: about 1 to 2 hours for 120 games on a busy machine.
#
# The equal-node figures of the commit message came from an experimental build (branch exp
# of the author's clone, a var= SPEC switch choosing the variants in one binary), which is
# not in the tree: the usi: client sends time controls only.
set -u
GAMES=${1:-120}
T=${2:-0.1}
YOMI=${YOMI:-./yomi}
BASE=${BASE:-dc02652}
SEED=${SEED:-1}
DIR=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${BASE_YOMI:-}" ]; then
	WT=$(mktemp -d /tmp/yomi-base.XXXXXX)
	trap 'git -C "$DIR" worktree remove --force "$WT" >/dev/null 2>&1; rm -rf "$WT"' EXIT
	git -C "$DIR" worktree add -q --detach "$WT" "$BASE" || exit 1
	nice make -C "$WT" -j2 yomi >/dev/null || exit 1
	BASE_YOMI=$WT/yomi
fi
echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"
for y in "$YOMI" "$BASE_YOMI"; do
	echo "== $y --game shogi bench: $(nice "$y" --game shogi bench | tail -n 1)"
done
echo "== shogi: $YOMI (engine:time=$T) against $BASE_YOMI (usi, byoyomi $T s), $GAMES games"
nice "$YOMI" --game shogi match --first "engine:time=$T" --second "usi:$BASE_YOMI usi,MoveOverhead=0,USI_Hash=16" \
	--time "$T" --games "$GAMES" --openings "$DIR/data/shogi/openings.txt" \
	--max-plies 256 --seed "$SEED"
echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"
