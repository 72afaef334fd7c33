#!/bin/sh
# bench/bench-ab.sh - yomi bench's speed for several binaries side by side: ROUNDS rounds,
# each running every binary's `yomi bench` once in turn (alternating, so a machine that
# drifts during the run affects all alike), then each binary's best and median nodes/s and
# its node signature.  Ratios between binaries are the figure to read, not absolute speed.
#
#   sh bench/bench-ab.sh ROUNDS YOMI...        e.g. sh bench/bench-ab.sh 7 /tmp/yomi.old ./yomi
set -eu
[ $# -ge 2 ] || { echo "usage: sh bench/bench-ab.sh ROUNDS YOMI..." >&2; exit 2; }
rounds=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ "$i" -lt "$rounds" ]; do
	k=0
	for yomi in "$@"; do
		"$yomi" bench | tail -n 1 >>"$tmp/$k"
		k=$((k + 1))
	done
	i=$((i + 1))
done
k=0
for yomi in "$@"; do
	# lines "bench NODES nodes NPS nps TIME s", sorted by NPS
	sort -n -k 4 "$tmp/$k" | awk -v name="$yomi" '{ nps[NR] = $4; nodes = $2 }
		END { printf "%-24s nodes %s  best %d  median %d nodes/s\n",
		      name, nodes, nps[NR], nps[int((NR + 1) / 2)] }'
	k=$((k + 1))
done
