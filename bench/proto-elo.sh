#!/bin/sh
# bench/proto-elo.sh - yomi's strength anchors: longer matches against other engines over the
# engine protocols, at (about) equal time a move, each printed by `yomi match` with its Elo
# difference and 95% margin, and the seconds each side used a move ("time a move").
#
#   sh bench/proto-elo.sh [GAMES [SECONDS]]     defaults: 40 games, yomi 0.2 s a move
#
# Equal time a move: yomi's engine gets SECONDS a move (engine:time=SECONDS); an engine that
# manages its own time gets the allowance under which it uses about as much, measured on
# this machine (then check the "time a move" line of each result):
#   shogi     against Fairy-Stockfish (USI, UCI_Variant shogi), the games from
#             data/shogi/openings.txt in pairs.  Fairy-Stockfish reads a
#             byoyomi B as a clock of B plus an increment of B, and uses 0.2 B to 0.8 B a
#             move: --time 0.25 gave 0.174 s a move, 0.35 gave 0.233 s, so it gets
#             FSF_SHOGI_TIME (default 1.5 x SECONDS)
#   shogi-odds  the same at time odds (not in the default JOBS): Fairy-Stockfish gets
#             FSF_SHOGI_ODDS_TIME (default SECONDS / 4), for a finite Elo where equal time
#             gives (almost) nothing but losses
#   dobutsu   against Fairy-Stockfish (UCI_Variant dobutsu), the games from
#             data/dobutsu/openings.txt in pairs (each opening once with each colour);
#             FSF_DOBUTSU_TIME (default 2 x SECONDS: 0.25 gave 0.093 s, 0.35 gave 0.164 s).
#             yomi's search stops early once it proves a result, so it may use less
#   othello   against grhino's gtp-rhino at level RHINO_LEVEL (default 3), its opening book
#             at the widest variation (-b 5) so that games differ (GTP cannot set up a
#             position).  gtp-rhino ignores clocks (it searches to its level's depths: level
#             3 used 0.042 s a move here, level 4 about 2.7 s; level 5 did not answer some
#             midgame positions in minutes), so yomi gets OTHELLO_TIME a move (default 0.05 s,
#             level 3's pace)
# Environment: YOMI (./yomi), FSF, RHINO (the engines' paths), JOBS (which matches:
# "shogi dobutsu othello"), SEED.  Every match runs under nice.  An external engine that
# does not answer within its allowance plus 1 s loses on time.
# Not part of make check: it takes minutes to hours.  The machine may be shared: the time a
# move each side used is printed with each result.
set -u
GAMES=${1:-40}
T=${2:-0.2}
YOMI=${YOMI:-./yomi}
FSF=${FSF:-/usr/games/fairy-stockfish}
RHINO=${RHINO:-/usr/games/gtp-rhino}
JOBS=${JOBS:-shogi dobutsu othello}
DIR=$(dirname "$0")/..
SEED=${SEED:-1}
# Othello's evaluation weights (data/othello/eval.bin) wherever YOMI is: without them it
# plays with the hand-weighted evaluation (and says so).
export YOMI_DATA="${YOMI_DATA:-$DIR/data}"
scale() { echo "$1 $2" | awk '{ printf "%g", $1 * $2 }'; }
for job in $JOBS; do
	case $job in
	shogi)
		FT=${FSF_SHOGI_TIME:-$(scale "$T" 1.5)}
		echo "== shogi: yomi ($T s a move) against Fairy-Stockfish (byoyomi $FT s), $GAMES games"
		nice "$YOMI" --game shogi match --first "engine:time=$T" --second "usi:$FSF" \
			--time "$FT" --games "$GAMES" --openings "$DIR/data/shogi/openings.txt" \
			--seed "$SEED" --max-plies 320
		;;
	shogi-odds)
		FT=${FSF_SHOGI_ODDS_TIME:-$(scale "$T" 0.25)}
		echo "== shogi at time odds: yomi ($T s a move) against Fairy-Stockfish (byoyomi $FT s), $GAMES games"
		nice "$YOMI" --game shogi match --first "engine:time=$T" --second "usi:$FSF" \
			--time "$FT" --games "$GAMES" --openings "$DIR/data/shogi/openings.txt" \
			--seed "$SEED" --max-plies 320
		;;
	dobutsu)
		FT=${FSF_DOBUTSU_TIME:-$(scale "$T" 2)}
		echo "== Dobutsu: yomi ($T s a move) against Fairy-Stockfish (byoyomi $FT s), $GAMES games"
		nice "$YOMI" match --first "engine:time=$T" --second "usi:$FSF" --time "$FT" \
			--games "$GAMES" --openings "$DIR/data/dobutsu/openings.txt" \
			--seed "$SEED" --max-plies 300
		;;
	othello)
		OT=${OTHELLO_TIME:-0.05}
		LEVEL=${RHINO_LEVEL:-3}
		echo "== Othello: yomi ($OT s a move) against gtp-rhino -l $LEVEL -b 5, $GAMES games"
		nice "$YOMI" --game othello match --first "engine:time=$OT" \
			--second "gtp:$RHINO -l $LEVEL -b 5" --time 600 --games "$GAMES" --seed "$SEED"
		;;
	*)
		echo "proto-elo.sh: unknown job '$job' (shogi, shogi-odds, dobutsu, othello)" >&2
		exit 2
		;;
	esac
done
