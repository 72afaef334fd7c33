#!/bin/sh
# bench/proto-elo.sh - yomi's strength anchors: longer matches against other engines over the
# engine protocols, at equal time a move, each printed by `yomi match` with its Elo
# difference and 95% margin (and the seconds each side took a move: "time a move").
#
#   sh bench/proto-elo.sh [GAMES [SECONDS]]     defaults: 40 games, 0.5 s a move
#
#   Dobutsu   yomi (search only) against Fairy-Stockfish (UCI_Variant dobutsu), the games
#             from data/dobutsu/openings.txt in pairs (each opening once with each colour)
#   Othello   yomi against grhino's gtp-rhino at level RHINO_LEVEL (default 4), its opening
#             book at the widest variation (-b 5) so that games differ (GTP cannot set up
#             a position).  gtp-rhino ignores clocks (it searches to its level's depths:
#             level 4 takes about 2.7 s a move here, level 3 about 0.2 s; level 5 did not
#             answer some midgame positions in minutes), so it plays at its own pace and
#             yomi gets OTHELLO_TIME seconds a move (default: SECONDS); set OTHELLO_TIME to
#             gtp-rhino's "time a move" of a first run for equal time
#   shogi     yomi against Fairy-Stockfish, once yomi plays shogi (--game shogi)
#
# Against Fairy-Stockfish both sides get the same time control (--tc SECONDS, a hard limit
# per move): a move past it by more than --time-margin loses.  Environment: YOMI (./yomi),
# FSF, RHINO (the engines' paths), JOBS (which matches: "dobutsu othello shogi"), SEED.
# Not part of make check: it takes minutes to hours.
# The machine may be shared: the time a move each side used is printed with each result.
set -u
GAMES=${1:-40}
TC=${2:-0.5}
YOMI=${YOMI:-./yomi}
FSF=${FSF:-/usr/games/fairy-stockfish}
RHINO=${RHINO:-/usr/games/gtp-rhino}
JOBS=${JOBS:-dobutsu othello shogi}
DIR=$(dirname "$0")/..
SEED=${SEED:-1}
for job in $JOBS; do
	case $job in
	dobutsu)
		echo "== Dobutsu: yomi against Fairy-Stockfish, $GAMES games, $TC s a move"
		nice "$YOMI" match --first engine --second "usi:$FSF" --tc "$TC" --games "$GAMES" \
			--openings "$DIR/data/dobutsu/openings.txt" --seed "$SEED" --max-plies 300
		;;
	othello)
		OT=${OTHELLO_TIME:-$TC}
		LEVEL=${RHINO_LEVEL:-4}
		echo "== Othello: yomi ($OT s a move) against gtp-rhino -l $LEVEL -b 5, $GAMES games"
		nice "$YOMI" --game othello match --first "engine:time=$OT" \
			--second "gtp:$RHINO -l $LEVEL -b 5" --time 600 --games "$GAMES" --seed "$SEED"
		;;
	shogi)
		if "$YOMI" --game shogi show >/dev/null 2>&1; then
			echo "== shogi: yomi against Fairy-Stockfish, $GAMES games, $TC s a move"
			nice "$YOMI" --game shogi match --first engine --second "usi:$FSF" --tc "$TC" \
				--games "$GAMES" --seed "$SEED" --max-plies 256
		else
			echo "== shogi: yomi does not play shogi yet (--game shogi): skipped"
		fi
		;;
	*)
		echo "proto-elo.sh: unknown job '$job' (dobutsu, othello, shogi)" >&2
		exit 2
		;;
	esac
done
