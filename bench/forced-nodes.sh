#!/bin/sh
# bench/forced-nodes.sh - how many nodes `yomi analyze` (no table) needs to prove each result
# of bench/forced-40.txt, and their total: the mate search's regression figure.  Nodes, not
# seconds: they do not depend on the machine's load, so two binaries compare in one run
# even on a shared machine (the search is deterministic with one thread).  A position not
# proven within the node cap counts the cap and is flagged.
#
#   sh bench/forced-nodes.sh [YOMI [HASH_MB [NODE_CAP [THREADS]]]]
#                                               defaults: ./yomi 256 150000000 1
# With THREADS above 1 the nodes are every thread's and vary run to run: the total against
# one thread's tells how much work the threads duplicate (time = nodes / (threads x speed)).
set -eu
DIR=$(cd "$(dirname "$0")/.." && pwd)
YOMI=${1:-./yomi}
HASH=${2:-256}
CAP=${3:-150000000}
THREADS=${4:-1}
grep -v '^# ' "$DIR/bench/forced-40.txt" | {
	total=0 wrong=0
	while IFS="$(printf '\t')" read -r want pos; do
		last=$("$YOMI" analyze --no-table --hash "$HASH" --nodes "$CAP" --threads "$THREADS" "$pos" | grep '^depth' | tail -1)
		got=$(echo "$last" | awk '{print $4}')
		nodes=$(echo "$last" | awk '{print $6}')
		flag=
		[ "$got" = "$want" ] || { flag=" NOT PROVEN (got $got)"; wrong=$((wrong + 1)); }
		printf '%-5s %12s  %s%s\n' "$want" "$nodes" "$pos" "$flag"
		total=$((total + nodes))
	done
	echo "total $total nodes, $wrong not proven"
}
