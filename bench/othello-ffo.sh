#!/bin/sh
# bench/othello-ffo.sh - exact solving of the FFO endgame suites with yomi, single-threaded,
# and optionally Edax side by side on the same machine (ratios matter: the machine is shared).
#
#   sh bench/othello-ffo.sh [FILE.obf ...]       default: data/othello/fforum-40-59.obf
#   EDAX=/tmp/edax/bin/lEdax-x86-64-v3 sh bench/othello-ffo.sh data/othello/fforum-40-59.obf
#
# Edax (built outside the repo, run from its bin/ directory, which needs problem/*.obf and a
# data/eval.dat; an all-zero weights file stands for "no evaluation weights"):
#   EDAX_DIR/bin/lEdax-* -n 1 -l 60 -solve problem/fforum-40-59.obf
# Prints yomi's per-position lines and totals, then Edax's table when EDAX is set.
# No timing assertion anywhere: this is a measurement, not a test.
set -eu
YOMI=${YOMI:-./yomi}
[ $# -gt 0 ] || set -- data/othello/fforum-40-59.obf
for f in "$@"; do
	echo "== yomi: $f"
	$YOMI --game othello solve "$f" || true
	if [ -n "${EDAX:-}" ]; then
		dir=$(dirname "$(dirname "$EDAX")")
		mkdir -p "$dir/bin/problem"
		cp "$f" "$dir/bin/problem/"
		echo "== edax: $f"
		(cd "$dir/bin" && "$EDAX" -n 1 -l 60 -solve "problem/$(basename "$f")")
	fi
done

# Measured (shared 2-core AMD EPYC, other jobs running, load 2 to 7, so wall times are
# inflated and CPU times a little too; node counts are load-independent).  The nodes include
# those of the ordering search; "cpu" is the user time of the process.  Edax 4.6 runs as
# lEdax-x86-64-v3 -n 1 -l 60 -solve with an all-zero eval.dat.
#
# 2026-11-21, one position per process (line N-39 of fforum-40-59.obf in ffo-N-N.obf):
#   nice -n 10 /usr/bin/time -f '%U %e %M' yomi --game othello solve ffo-N-N.obf
# "base" = main d93fc08 (one full-window PVS at the root), "new" = 1be36d3 (MTD-like root
# passes of width 2, deep keys after the table move).  Every result exact (best move among
# the file's, and its score).  Edax nodes: its #40-#52 run earlier the same day (its node
# counts repeat exactly: #45-#48 below gave the same four numbers).
#   #   score move | base nodes   cpu s  | new nodes    cpu s  | Edax nodes
#   40  +38   a2   |   0.017 G     0.7   |   0.017 G     0.4   |  0.021 G
#   41    0   h4   |   0.031 G     1.5   |   0.026 G     0.9   |  0.093 G
#   42   +6   g2   |   0.094 G     3.5   |   0.056 G     1.6   |  0.078 G
#   43  -12   c7   |   0.079 G     3.9   |   0.071 G     2.6   |  0.127 G
#   44  -14   b8   |   0.019 G     0.8   |   0.039 G     1.5   |  0.152 G
#   45   +6   b2   |   0.634 G    22.1   |   0.502 G    16.1   |  0.899 G
#   46   -8   b3   |   0.145 G     5.9   |   0.149 G     5.5   |  0.494 G
#   47   +4   g2   |   0.032 G     1.6   |   0.030 G     1.1   |  0.347 G
#   48  +28   f6   |   0.551 G    22.3   |   0.358 G    13.6   |  1.308 G
#   49  +16   e1   |   0.963 G    33.6   |   0.742 G    25.1   |  3.231 G
#   50  +10   d8   |   1.348 G    59.8   |   1.373 G    53.5   |  1.787 G
#   51   +6   a3   |   0.564 G    25.2   |   0.576 G    24.1   |  3.189 G
#   52    0   a3   |   0.519 G    21.9   |   0.433 G    16.7   |  4.836 G
#   #40-#52        |   4.995 G   202.9   |   4.372 G   162.7   | 16.56 G
#   53   -2   d8   |   3.585 G   138.6   |                     |
#   54   -2   c7   |  20.531 G   626.7   |                     |
#   55    0   b7   |  44.578 G  1656.3   |                     |
#   56   +2   h5   |                     |   3.347 G   143.2   |
#   57  -10   a6   |                     |  12.990 G   446.3   |
#   58   +4   g1   |                     |   4.570 G   180.0   |
#   59  +64   h4   |                     |   4.305 G   115.3   |
# (base ran at load about 2, new at load 4 to 7; #40-#52: 12% fewer nodes, 20% less CPU.)
# All 20 exact.  #40-#59 with "new" where it ran and "base" for #53-#55: 98.28 G nodes,
# 3469 cpu s (28.3 M nodes/cpu s); #53-#55 not yet run with "new".
# Side by side, one after another at the same load, FFO #45-#48 in one file:
#   Edax          3.046 G nodes, 80.8 cpu s (37.7 M nodes/cpu s)
#   yomi base     1.361 G nodes, 42.7 cpu s (31.9 M nodes/cpu s)
#   yomi new      1.039 G nodes, 34.7 and 36.6 cpu s in two runs (29.9, 28.4 M nodes/cpu s)
# Then the table from 8 empties and ETC from 10 (was 9 and 12), side by side with "new":
#   FFO #45-#48   0.958 G nodes, 33.1 and 32.8 cpu s (new: 1.039 G, 33.5 cpu s)
#   FFO #20-#47   0.992 G nodes, 34.9 cpu s (new: 1.089 G, 36.3 cpu s)
#
# Earlier figures (same machine): FFO #1-#19 2.87 M nodes; #20-#39 243 M nodes, 9.6 cpu s
# (before the MTD root; 1.089 G nodes for #20-#47 with it, 1.293 G before); Edax #40-#52
# 16.56 G nodes, 1028 s wall run at the same time as an older yomi (6.09 G nodes, 787 s).
# After the merge (main 84c3338), one position per file, yomi and Edax started together on
# the two cores of the otherwise idle machine:
#   /usr/bin/time -f '%U %e %M' ./yomi --game othello solve ffoN.obf
#   #53  -2 d8   3.354 G nodes, 130.3 cpu s (previous binary 3.585 G, 138.6 s)
#   #54  -2 c7  16.874 G nodes, 516.6 cpu s (previous binary 20.531 G, 626.7 s)
#   Edax #53 (-n 1 -l 60 -solve problem/ffo53.obf): not finished after 1465 cpu s, stopped.
# #40-#59 with these two: 94.39 G nodes, 3351 cpu s (#55 still from the base binary).
#
# 2026-11-21, session 5: the whole of #40-#59 in one process with main 84c3338 (copied to
# /tmp/yomi-main), Edax started at the same time on the other core; the machine otherwise
# idle but for a few short profiling runs (perf, callgrind) during #40-#53:
#   /usr/bin/time -f '%U user %e wall %M KB' yomi --game othello solve data/othello/fforum-40-59.obf
#   total 20 positions, 20 ok, 0 wrong, nodes 80807944770, time 2964.840 s,
#     cpu 2853.917 s, 28314751 nodes/cpu s; 264728 KB
#   per position (G nodes, wall s): #40 0.016 0.4, #41 0.024 0.8, #42 0.051 1.4,
#   #43 0.063 2.3, #44 0.032 1.3, #45 0.455 14.7, #46 0.138 5.0, #47 0.028 1.0,
#   #48 0.338 16.7, #49 0.673 28.3, #50 1.284 59.7, #51 0.544 25.9, #52 0.411 18.1,
#   #53 3.354 148.6, #54 16.874 556.6, #55 32.777 1233.1, #56 3.131 129.9, #57 12.272 430.0,
#   #58 4.333 178.9, #59 4.011 112.2  (#40-#52: 4.057 G nodes, 175.6 s wall)
#   Edax, problem/ffo40-52.obf (#40-#52): 16.56 G nodes, 488.3 cpu s, 570.4 s wall
#     (its own line: "16560659764 nodes in 9:29.940 (cpu = 8:08.233)").
#   Edax, problem/ffo53-59.obf under `timeout 2400`: #53 exact (-2, d8) in 26:17.5 wall,
#     48.77 G nodes; #54 not finished when the 40 minutes ran out (over 822 s on it).
#   So: #40-#52 yomi 175.6 s wall against Edax 570.4 s (0.31); #53 148.6 s against 1577.5 s
#   (0.094); #54 556.6 s against more than 822 s.  Raw speed over #40-#59: 28.3 M nodes per
#   cpu second (#45-#48 alone, idle: 30.3-30.9 M nodes/cpu s in four runs).
# Tried the same day and not kept (side by side on #45-#48 or #20-#39, same nodes unless
# said): -O3 (34.1 s against 31.7 s), -march=x86-64-v3 (one run after the other, not side
# by side: 31.8 s against 31.3 s), keying the
# moves after the table move only once it has failed to cut (31.8 s against 31.0 s), the
# ordering search's evaluation without stability (#45-#48 0.806 G nodes, 28.8 s against
# 0.958 G, 32.8 s; but #20-#39 0.256 G, 8.8 s against 0.184 G, 6.6 s).
#
# 2026-11-21, session 6: flips by lines with BMI2 (a43be06) and move generation with AVX2
# (d8aeb41), built with tools/cpu-flags (-mpopcnt -mavx2 -mbmi2).  The whole of #40-#59 in
# one process with d8aeb41; Edax on the other core for its #40-#52 during the first 9
# minutes, then short compiles, callgrind and side-by-side runs there:
#   /usr/bin/time -f '%U user %e wall %M KB' yomi --game othello solve data/othello/fforum-40-59.obf
#   all 20 exact; 80.81 G nodes (the same as session 5), 2638.6 cpu s, 2645.1 s wall,
#   265 MB: 30.63 M nodes per cpu second (session 5: 28.3 M, 2853.9 cpu s).
#   per position (G nodes, wall s): #40 0.016 0.4, #41 0.024 0.7, #42 0.051 1.3,
#   #43 0.063 2.1, #44 0.032 1.1, #45 0.455 12.4, #46 0.138 4.3, #47 0.028 1.0,
#   #48 0.338 11.3, #49 0.673 20.5, #50 1.284 44.5, #51 0.544 18.5, #52 0.411 13.5,
#   #53 3.354 108.6, #54 16.874 517.4, #55 32.777 1105.3, #56 3.131 118.4, #57 12.272 402.8,
#   #58 4.333 162.5, #59 4.011 98.1  (#40-#52: 4.057 G nodes, 131.5 s wall)
#   Edax, problem/ffo40-52.obf, started with it: 16.56 G nodes, 538.9 cpu s, 541.7 s wall
#   (30.6 M nodes/s by its count).  #40-#52: yomi 131.5 s against Edax 541.7 s (0.243).
# Then 11f2e30 (stability and full lines with AVX2): #45-#48 side by side 29.8/26.8 s
# against 30.9/27.7 s for d8aeb41 (same nodes), callgrind #44 10.85 G instructions
# against 11.94 G; not run on the whole of #40-#59.
# Tried and not kept: each child's replies by the AVX2 move generator in the ordering
# instead of two children at once with SSE2 (#20-#39: 5.71-5.87 s against 5.68-6.11 s,
# 1.5% fewer instructions); PGO (-fprofile-use trained on bench and #20-#39: #20-#39 7.4 s
# against 6.6 s) and -flto (7.1-7.6 s against 6.6 s) before these changes.
#
# 2026-11-26: the ordering searches evaluate with the trained patterns (weights of 8000
# games), 4 plies from 22 empties (othello_eg.h).  The whole of #40-#59 in one process,
# load 3-7 (niced jobs and a make check on the other core):
#   /usr/bin/time -f 'cpu %U wall %e' yomi --game othello solve data/othello/fforum-40-59.obf
#   all 20 exact; 43.28 G nodes (was 80.81 G), cpu 2217 s (was 2638.6 s idle), wall 2738 s.
#   per position (G nodes, wall s): #40 0.017 0.5, #41 0.028 1.2, #42 0.026 0.9,
#   #43 0.051 2.3, #44 0.051 2.4, #45 0.367 14.2, #46 0.095 4.6, #47 0.021 1.2,
#   #48 0.210 13.5, #49 0.520 25.7, #50 1.215 64.7, #51 0.499 28.6, #52 0.314 18.3,
#   #53 3.120 185.2, #54 6.997 308.4, #55 18.825 1253.0, #56 1.582 126.9, #57 2.518 241.6,
#   #58 2.447 229.1, #59 4.373 214.8
#
# 2026-11-26, later: on 8x8 the table from 7 empties and ETC from 9 (were 8 and 10), Edax's
# corner stability and potential mobility as tie-breaks of the fastest-first keys below 14
# empties (othello_eg.h), and the new `solve --hash MB` at 4096.  The whole of #40-#59 in one
# process, load 3-5 (a make check and other niced jobs on the machine's two cores):
#   nice -n 19 /usr/bin/time -f 'cpu %U wall %e' yomi --game othello solve --hash 4096 \
#     data/othello/fforum-40-59.obf
#   all 20 exact; 37.92 G nodes (was 43.28 G), cpu 2050 s (was 2217 s), wall 2491 s.
#   per position (G nodes, wall s): #40 0.015 0.8, #41 0.026 2.0, #42 0.023 1.9,
#   #43 0.045 4.3, #44 0.046 4.2, #45 0.319 15.6, #46 0.087 4.0, #47 0.020 1.1,
#   #48 0.194 12.5, #49 0.462 59.6, #50 1.016 209.1, #51 0.461 102.2, #52 0.291 68.3,
#   #53 2.832 199.1, #54 5.427 327.6, #55 17.031 991.2, #56 1.460 97.6, #57 2.224 124.1,
#   #58 2.113 125.0, #59 3.824 140.9
# The parts, on #45-#49 (G nodes; 1.2147 before): the tie-breaks 1.1737, then the table from
# 7 1.1174 and ETC from 9 1.1015 (CPU 44.6 s against 43.5 s side by side), then --hash 4096
# #45 alone 0.319 against 0.329.  The table's size, #45-#49 with the old order: 4 MB #45
# 0.437 G; 16 MB 1.340 G (#45 0.397, #49 0.609); 64 MB #45 0.380; 256 MB 1.215 G (#45 0.367).
# Not kept: the parity's weight 8 instead of 4 with the tie-breaks (1.2128 G).  Not measured
# for want of CPU time: #55 alone with 1024 and 4096 MB, so the hash's and the order's shares
# of the #53-#59 gains are not separated.
#
# 2026-11-27: the same binary (main b86fb5b; search and weights as 770b1cb) at the default
# table size, 256 MB: the whole of #40-#59 in one process, load 2-4 (a clean-clone CI, fits
# and matches of othello-train on the other core):
#   nice -n 19 /usr/bin/time -f 'cpu %U wall %e' yomi --game othello solve \
#     data/othello/fforum-40-59.obf
#   all 20 exact; 39.89 G nodes, under the 40 G of issue 49 at the default as well; cpu
#   1921 s, wall 2789 s.  per position (G nodes, wall s): #40 0.015 0.4, #41 0.026 1.0,
#   #42 0.023 0.8, #43 0.045 2.1, #44 0.046 2.1, #45 0.329 10.8, #46 0.087 3.5,
#   #47 0.020 1.0, #48 0.194 9.3, #49 0.471 16.6, #50 1.083 259.6, #51 0.465 25.3,
#   #52 0.294 17.2, #53 2.872 351.8, #54 6.264 287.5, #55 17.549 1339.9, #56 1.486 81.9,
#   #57 2.357 110.7, #58 2.349 139.1, #59 3.914 128.2
# So of the gain from 43.28 G (old order, 256 MB) to 37.92 G (new order, 4096 MB), the new
# order gives 3.39 G (to 39.89 G at 256 MB) and the larger table 1.97 G; #54 6.997 -> 6.264
# -> 5.427, #55 18.825 -> 17.549 -> 17.031.
