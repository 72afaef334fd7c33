#!/bin/sh
# bench/othello6-start.sh - solve 6x6 Othello from the start position with the exact solver
# (one thread).  The known result (Feinstein, 1993; data/othello/known-results.txt) is a win
# by 4 for the second player, 16-20: the line must read "1 MOVE =-4 ...".
# Measured here (shared 2-core AMD EPYC): 2.79 G nodes, 160 CPU seconds with a 2 GB table
# (build with -DYOMI_SOLVE_HASH_MB=2048), about 3.5 minutes of wall clock.
# 2026-11-21, session 6 (11f2e30, flips and moves with BMI2/AVX2, the default 256 MB
# table): "1 c2 =-4 nodes 2223468136 time 79.461", cpu 79.43 s, wall 79.71 s.
set -eu
YOMI=${YOMI:-./yomi}
/usr/bin/time -f "cpu %U s, wall %e s" $YOMI --game othello6 solve
