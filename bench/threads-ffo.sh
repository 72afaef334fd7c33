#!/bin/sh
# bench/threads-ffo.sh - the Othello exact solver on 1 and THREADS threads (split points):
# FFO #40-#49 (the first ten lines of data/othello/fforum-40-59.obf, or FILE), solved ROUNDS
# times with each, alternating; every answer must be exact (the file's score and one of its
# best moves).  Prints each run's total line, then per position the median wall time with
# each thread count, and the ratio of the totals' medians.  Read it on an otherwise idle
# machine (check `uptime`): with other jobs on the cores the threads share them and the
# ratio means little; the node counts (every thread's) tell the extra work of the split
# points whatever the load.
#
#   sh bench/threads-ffo.sh [YOMI [ROUNDS [THREADS [FILE]]]]     defaults: ./yomi 1 2 (#40-#49)
set -eu
YOMI=${1:-./yomi}
ROUNDS=${2:-1}
THREADS=${3:-2}
DIR=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# (solve numbers the positions from the first number in the file's name)
if [ $# -ge 4 ]; then
	OBF=$tmp/$(basename "$4")
	cp "$4" "$OBF"
else
	OBF=$tmp/ffo40-49.obf
	head -n 10 "$DIR/data/othello/fforum-40-59.obf" >"$OBF"
fi
echo "load before: $(uptime | sed 's/.*load average: //')"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	for t in 1 "$THREADS"; do
		"$YOMI" --game othello solve --threads "$t" "$OBF" >"$tmp/out"
		tail -n 1 "$tmp/out" | sed "s/^/threads $t: /"
		if grep -q WRONG "$tmp/out"; then
			echo "threads $t: a wrong answer:"
			grep WRONG "$tmp/out"
			exit 1
		fi
		# lines "N MOVE =SCORE nodes N time T ok"
		awk -v t="$t" '$NF == "ok" {print $1, $5, $7}' "$tmp/out" >>"$tmp/pos$t"
		tail -n 1 "$tmp/out" | sed 's/.*time \([0-9.]*\) s.*/\1/' >>"$tmp/total$t"
	done
	i=$((i + 1))
done
echo "load after:  $(uptime | sed 's/.*load average: //')"
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
printf '%-4s %14s %10s %14s %10s %7s\n' "#" "nodes 1" "time 1" "nodes $THREADS" \
	"time $THREADS" ratio
for n in $(awk '{print $1}' "$tmp/pos1" | sort -n | uniq); do
	t1=$(awk -v n="$n" '$1 == n {print $3}' "$tmp/pos1" | median)
	tn=$(awk -v n="$n" '$1 == n {print $3}' "$tmp/pos$THREADS" | median)
	n1=$(awk -v n="$n" '$1 == n {print $2}' "$tmp/pos1" | median)
	nn=$(awk -v n="$n" '$1 == n {print $2}' "$tmp/pos$THREADS" | median)
	printf '%-4s %14s %10.3f %14s %10.3f %7.2f\n' "$n" "$n1" "$t1" "$nn" "$tn" \
		"$(echo "$t1 / $tn" | bc -l)"
done
T1=$(median <"$tmp/total1")
TN=$(median <"$tmp/total$THREADS")
printf 'total (medians): %.3f s on 1 thread, %.3f s on %s: %.2f times as fast\n' "$T1" "$TN" \
	"$THREADS" "$(echo "$T1 / $TN" | bc -l)"
