#!/bin/sh
# bench/shogi-perft.sh - shogi perft speed of yomi beside the peers, alternating in one run:
# ROUNDS rounds, each running `yomi --game shogi perft --depth DEPTH` from the start, then
# Fairy-Stockfish (USI `go perft`, the Debian package) and, if $YANEURAOU names a YaneuraOu
# binary built outside this tree, its `go perft`.  Each count must be 547,581,517 at depth 6
# (19,861,490 at 5).  Prints each program's best and median leaves per second of user CPU
# time (the machine may be shared: CPU time is steadier than wall time) and the ratios.
#
#   sh bench/shogi-perft.sh [ROUNDS [DEPTH [FAIRY_DEPTH]]]
#   YANEURAOU=/tmp/yo/YaneuraOu-by-gcc sh bench/shogi-perft.sh 3 6 5
# FAIRY_DEPTH (default DEPTH - 1): Fairy-Stockfish takes minutes at depth 6.
set -eu
YOMI=${YOMI:-./yomi}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
rounds=${1:-3}
depth=${2:-6}
fdepth=${3:-$((depth - 1))}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect() {
	case $1 in 1) echo 30 ;; 2) echo 900 ;; 3) echo 25470 ;; 4) echo 719731 ;;
	5) echo 19861490 ;; 6) echo 547581517 ;; 7) echo 15086269607 ;; *) echo unknown ;; esac
}
# run NAME DEPTH CMD...: one timed run; appends "LEAVES_PER_S" to $tmp/NAME
run() {
	name=$1 d=$2
	shift 2
	/usr/bin/time -f '%U' -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null </dev/null || true
	n=$(grep -Eo '(perft [0-9]+ |Nodes searched: )[0-9]+' "$tmp/out" | grep -Eo '[0-9]+$' | tail -n 1)
	if [ "$n" != "$(expect "$d")" ]; then
		echo "$name: perft $d gave '${n:-nothing}', expected $(expect "$d")" >&2
		exit 1
	fi
	awk -v n="$n" '{ printf "%.0f\n", n / ($1 > 0 ? $1 : 0.001) }' "$tmp/time" >>"$tmp/$name"
}
# $tmp/usi PROGRAM DEPTH [VARIANT]: perft over USI (a script, so that time can run it)
cat >"$tmp/usi" <<'EOF2'
#!/bin/sh
{
	echo usi
	[ -z "${3:-}" ] || echo "setoption name UCI_Variant value $3"
	echo isready
	echo "position startpos"
	echo "go perft $2"
	echo quit
} | "$1"
EOF2
chmod +x "$tmp/usi"
i=0
while [ "$i" -lt "$rounds" ]; do
	run yomi "$depth" $YOMI --game shogi perft --depth "$depth"
	run fairy-stockfish "$fdepth" "$tmp/usi" "$FAIRY" "$fdepth" shogi
	[ -z "${YANEURAOU:-}" ] || run yaneuraou "$depth" "$tmp/usi" "$YANEURAOU" "$depth"
	i=$((i + 1))
done
for name in yomi fairy-stockfish yaneuraou; do
	[ -f "$tmp/$name" ] || continue
	sort -n "$tmp/$name" | awk -v name="$name" '{ v[NR] = $1 }
		END { printf "%-16s best %6.1f  median %6.1f M leaves/s (user CPU time)\n",
		      name, v[NR] / 1e6, v[int((NR + 1) / 2)] / 1e6 }'
done | tee "$tmp/summary"
awk '{ m[$1] = $5 } END {
	for (k in m) if (k != "yomi") printf "yomi / %s: %.2f (medians)\n", k, m["yomi"] / m[k] }' \
	"$tmp/summary"
echo "depths: yomi $depth, Fairy-Stockfish $fdepth${YANEURAOU:+, YaneuraOu $depth}"
