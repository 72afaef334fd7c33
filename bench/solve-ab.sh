#!/bin/sh
# bench/solve-ab.sh - two yomi binaries' Dobutsu builds run at the same time, one thread
# each, so that both see the same machine: on this noisy VM, the same binary's build varies
# by 10-15% from one run to the next, more than most changes gain, and alternating runs
# needed many repetitions to tell a 1% change from noise.  Paired runs share the noise.
#
#   sh bench/solve-ab.sh BINARY_A BINARY_B [RUNS]      (RUNS default 1)
#
# Copy the binaries out of the tree first (cp yomi /tmp/yomi.a).  Prints, per run and
# binary, the seconds of init, of the win rounds, of the loss rounds, and of the whole
# build, summed from `yomi solve --verbose`; then each run's difference B - A.
set -eu
[ $# -ge 2 ] || { echo "usage: sh bench/solve-ab.sh BINARY_A BINARY_B [RUNS]" >&2; exit 2; }
a=$1 b=$2 runs=${3:-1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
phases() {   # LOG: "init I win W loss L total T" from the round lines' cumulative times
	awk '/^round/ { t = $(NF - 1); gsub(/\(/, "", t); d = $2; sub(":", "", d); d += 0
	                dt = t - prev; prev = t
	                if (d == 0) init = dt; else if (d % 2 == 0) loss += dt; else win += dt }
	     END { printf "init %.1f win %.1f loss %.1f total %.1f\n", init, win, loss, prev }' "$1"
}
for run in $(seq "$runs"); do
	"$a" solve --threads 1 --verbose -o "$out/a.yomi" >"$out/a.log" 2>&1 &
	pa=$!
	"$b" solve --threads 1 --verbose -o "$out/b.yomi" >"$out/b.log" 2>&1 &
	pb=$!
	wait "$pa" "$pb"
	sa=$(phases "$out/a.log") sb=$(phases "$out/b.log")
	echo "run $run A $a: $sa"
	echo "run $run B $b: $sb"
	echo "$sa $sb" | awk '{ printf "run %d B - A: init %+.1f win %+.1f loss %+.1f total %+.1f\n",
	                        r, $10 - $2, $12 - $4, $14 - $6, $16 - $8 }' r="$run"
	cmp -s "$out/a.yomi" "$out/b.yomi" || echo "run $run: the two tables differ"
done
