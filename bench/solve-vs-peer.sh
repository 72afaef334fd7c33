#!/bin/sh
# Side-by-side: yomi's Dobutsu solve against the clausecker/dobutsu tablebase generator,
# in one run on the same machine, so that the ratio means something on a noisy machine.
#   PEER_DIR  a built clausecker/dobutsu tree (outside this repository; see the issue note):
#             git clone, then `make INTLLDLIBS= build` (its gentb binary is used)
#   THREADS   threads for both (default 2)
#   WDL=1     also build yomi's WDL-only table (its size)
# Prints wall time, CPU time and peak memory of each, the size of each table, and the ratio.
set -eu
PEER_DIR=${PEER_DIR:-/tmp/dobutsu}
THREADS=${THREADS:-2}
YOMI=${YOMI:-./yomi}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
measure() {   # NAME CMD...: runs CMD under /usr/bin/time, prints "NAME wall cpu rss"
	name=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" "$@" >"$out/$name.log" 2>&1
	read -r wall user sys rss <"$out/$name.time"
	echo "$name: wall $wall s, cpu $(echo "$user + $sys" | bc) s, max rss $((rss / 1024)) MB"
	eval "${name}_wall=$wall"
}
measure peer sh -c "cd '$PEER_DIR' && ./gentb -j $THREADS '$out/peer.tb'"
measure yomi $YOMI solve --threads "$THREADS" -o "$out/yomi.yomi"
echo "table sizes: peer $(wc -c <"$out/peer.tb") bytes (uncompressed), yomi $(wc -c <"$out/yomi.yomi") bytes with distances"
if [ "${WDL:-0}" = 1 ]; then
	measure yomi_wdl $YOMI solve --threads "$THREADS" --wdl-only -o "$out/yomi-wdl.yomi"
	echo "yomi WDL-only: $(wc -c <"$out/yomi-wdl.yomi") bytes"
fi
echo "yomi / peer wall time: $(echo "scale=3; $yomi_wall / $peer_wall" | bc)"
grep -h "solved" "$out/yomi.log"
