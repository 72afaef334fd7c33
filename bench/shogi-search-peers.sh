#!/bin/sh
# bench/shogi-search-peers.sh - shogi search speed (nodes per second of user CPU time) of
# `yomi --game shogi bench` beside Fairy-Stockfish and, if $YANEURAOU names one built
# outside this tree (e.g. the material-evaluation edition), YaneuraOu, alternating in one
# run: ROUNDS rounds, each running every program once on the positions of
# data/shogi/bench.txt, one thread, a 64 MB table, each to its own depth (their pruning
# differs too much for equal depths to mean equal work: the figure is speed per node).
#
#   sh bench/shogi-search-peers.sh [ROUNDS [YOMI_DEPTH [FAIRY_DEPTH [YANEURAOU_DEPTH]]]]
#   YANEURAOU=/tmp/yo/YaneuraOu-by-gcc sh bench/shogi-search-peers.sh 3 5 9 12
set -eu
YOMI=${YOMI:-./yomi}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
DATA=${YOMI_DATA:-data}
rounds=${1:-3}
ydepth=${2:-5}
fdepth=${3:-9}
odepth=${4:-12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$DATA/shogi/bench.txt" | grep -v '^[[:space:]]*$' >"$tmp/positions"
# $tmp/usi PROGRAM DEPTH [VARIANT]: every position searched over USI; prints the nodes of
# each search's last info line, summed
cat >"$tmp/usi" <<'EOF2'
#!/bin/sh
{
	echo usi
	[ -z "${3:-}" ] || echo "setoption name UCI_Variant value $3"
	echo "setoption name Threads value 1"
	echo "setoption name USI_Hash value 64"
	echo "setoption name Hash value 64"
	echo "setoption name BookFile value no_book"
	echo "setoption name USI_OwnBook value false"
	echo isready
	while read -r pos; do
		echo usinewgame
		echo "position sfen $pos"
		echo "go depth $2"
		echo isready   # answered once the search is over
	done <"$POSITIONS"
	echo quit
} | "$1" | awk '/^info / { for (i = 1; i < NF; i++) if ($i == "nodes") last = $(i + 1) }
	/^bestmove/ { total += last; last = 0 } END { print "nodes " total }'
EOF2
chmod +x "$tmp/usi"
export POSITIONS="$tmp/positions"
run() {   # NAME CMD...: appends NODES_PER_CPU_SECOND to $tmp/NAME
	name=$1
	shift
	/usr/bin/time -f '%U' -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null </dev/null
	n=$(grep -Eo '(^bench |^nodes )[0-9]+' "$tmp/out" | grep -Eo '[0-9]+$' | tail -n 1)
	awk -v n="${n:-0}" '{ printf "%.0f %s\n", n / ($1 > 0 ? $1 : 0.001), n }' "$tmp/time" \
		>>"$tmp/$name"
}
i=0
while [ "$i" -lt "$rounds" ]; do
	run yomi $YOMI --game shogi bench --depth "$ydepth" --hash 64
	run fairy-stockfish "$tmp/usi" "$FAIRY" "$fdepth" shogi
	[ -z "${YANEURAOU:-}" ] || run yaneuraou "$tmp/usi" "$YANEURAOU" "$odepth"
	i=$((i + 1))
done
for name in yomi fairy-stockfish yaneuraou; do
	[ -f "$tmp/$name" ] || continue
	sort -n "$tmp/$name" | awk -v name="$name" '{ v[NR] = $1; n = $2 }
		END { printf "%-16s %10d nodes  best %6.2f  median %6.2f M nodes/s (user CPU time)\n",
		      name, n, v[NR] / 1e6, v[int((NR + 1) / 2)] / 1e6 }'
done | tee "$tmp/summary"
awk '{ m[$1] = $7 } END {
	for (k in m) if (k != "yomi") printf "yomi / %s: %.2f (medians)\n", k, m["yomi"] / m[k] }' \
	"$tmp/summary"
echo "depths: yomi $ydepth, Fairy-Stockfish $fdepth${YANEURAOU:+, YaneuraOu $odepth}"
