#!/bin/sh
# bench/threads-search.sh - what a second search thread (lazy SMP) buys the heuristic search:
#   1. `yomi bench` nodes per second with 1 and THREADS threads (every thread's nodes);
#   2. the wall time of `yomi analyze --depth DEPTH` on the Dobutsu start position (no table,
#      so no mate search) with 1 and THREADS threads.
# ROUNDS rounds, each running every variant once in turn (alternating, so that a machine
# whose load drifts affects all alike); prints each variant's median and best, and the
# ratios of the medians.  Read it on an otherwise idle machine: with other jobs on the cores,
# the threads do not get a core each and the ratios mean little (check `uptime` first).
#
#   sh bench/threads-search.sh [YOMI [ROUNDS [THREADS [DEPTH]]]]   defaults: ./yomi 5 2 17
set -eu
YOMI=${1:-./yomi}
ROUNDS=${2:-5}
THREADS=${3:-2}
DEPTH=${4:-17}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "load before: $(uptime | sed 's/.*load average: //')"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	for t in 1 "$THREADS"; do
		"$YOMI" bench --threads "$t" | tail -n 1 | awk '{print $4}' >>"$tmp/nps$t"
		s=$(date +%s.%N)
		"$YOMI" analyze --no-table --depth "$DEPTH" --threads "$t" >/dev/null
		echo "$(date +%s.%N) - $s" | bc >>"$tmp/time$t"
	done
	i=$((i + 1))
done
echo "load after:  $(uptime | sed 's/.*load average: //')"
median() { sort -g "$1" | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
best() { sort -g "$1" | awk -v max="$2" 'NR == 1 {lo = $1} {hi = $1} END {print max ? hi : lo}'; }
for t in 1 "$THREADS"; do
	printf 'threads %-3s bench nps median %10.0f best %10.0f' "$t" "$(median "$tmp/nps$t")" \
		"$(best "$tmp/nps$t" 1)"
	printf '   depth %s time median %7.3f s best %7.3f s\n' "$DEPTH" \
		"$(median "$tmp/time$t")" "$(best "$tmp/time$t" 0)"
done
printf 'ratios (%s threads against 1, medians): nodes/s %.2f, time to depth %s %.2f %s\n' \
	"$THREADS" "$(echo "$(median "$tmp/nps$THREADS") / $(median "$tmp/nps1")" | bc -l)" "$DEPTH" \
	"$(echo "$(median "$tmp/time1") / $(median "$tmp/time$THREADS")" | bc -l)" "times as fast"
