#!/bin/sh
# End-to-end tests of the engine protocols: scripted sessions (build/proto_chat plays the
# GUI, waiting for each answer) for every command and every error of `yomi usi`, the
# threaded parts again under ThreadSanitizer ($YOMI_TSAN).  Ends with "N passed, N failed".
. "${0%/*}/lib.sh"
CHAT=${CHAT:-build/proto_chat}
YOMI_TSAN=${YOMI_TSAN:-}
TABLE=${DOBUTSU_TABLE:-}
# A race or a lock-order problem ends the engine at once (and so its session).
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"

# chat NAME CMD...: plays the session script read from stdin against CMD (@TABLE@ in it is
# the Dobutsu table's path).
chat() {
	chat_name=$1
	shift
	sed "s|@TABLE@|$TABLE|g" >"$tmp/$chat_name.chat"
	if "$CHAT" "$tmp/$chat_name.chat" "$@" >"$tmp/chat.out" 2>&1; then
		ok
	else
		bad "session $chat_name: $(tail -n 40 "$tmp/chat.out")"
	fi
}

# ---- USI: the handshake and every option ----
chat usi-options $YOMI usi <<'END'
> usi
= ^id name yomi [0-9]
= ^id author
= ^option name USI_Hash type spin default 16 min 1 max 65536$
= ^option name USI_Ponder type check default false$
= ^option name MultiPV type spin default 1 min 1 max 64$
= ^option name Threads type spin default 1 min 1 max 1$
= ^option name UCI_Variant type combo default dobutsu var dobutsu
= ^option name UseTable type check default true$
= ^option name Table type string default <empty>$
= ^option name MoveOverhead type spin default 50 min 0 max 5000$
= ^usiok$
> isready
= ^readyok$
> setoption name USI_Hash value 8
> setoption name USI_Ponder value true
> setoption name MultiPV value 2
> setoption name Threads value 1
> setoption name UCI_Variant value dobutsu
> setoption name MoveOverhead value 10
> setoption name UseTable value false
> setoption name Table value <empty>
> isready
= ^readyok$
> usinewgame
> position startpos moves 2c2b 1a2b
> go depth 4
< ^info depth 4 seldepth [0-9]+ multipv 1 score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ hashfull [0-9]+ time [0-9]+ pv( [1-3][a-d][1-3][a-d]\+?| [CEG]\*[1-3][a-d])+$
= ^info depth 4 seldepth [0-9]+ multipv 2 score
= ^bestmove ([1-3][a-d][1-3][a-d]\+?|[CEG]\*[1-3][a-d]) ponder
> gameover lose
> quit
exit 0
END

# ---- USI: position and go, each way of giving them ----
chat usi-go $YOMI usi <<'END'
> position sfen gle/1c1/1C1/ELG b - 1 moves 2c2b 1a2b
> go nodes 2000
< ^bestmove
> position startpos
> go depth 3
< ^info depth 3 
= ^bestmove
! ^info depth 4
> go movetime 300
< ^bestmove
> go btime 500 wtime 600 binc 100 winc 100
< ^bestmove
> go btime 0 wtime 0 byoyomi 200
< ^bestmove
> go btime 3000 wtime 3000 movestogo 20
< ^bestmove
# go with no limit, and go infinite, wait for stop
> go
quiet 0.4 ^bestmove
> stop
< ^bestmove
> go infinite depth 2
quiet 0.4 ^bestmove
> isready
= ^readyok$
> stop
< ^bestmove
> stop
quiet 0.2
# pondering: the answer waits for ponderhit, then comes by the budget
> go ponder btime 1000 wtime 1000
quiet 0.4 ^bestmove
> ponderhit
< ^bestmove
# a ponder miss: stop answers at once
> go ponder btime 1000 wtime 1000
> stop
< ^bestmove
> ponderhit
quiet 0.2
# the second player to move: its own clock counts (wtime)
> position startpos moves 2c2b
> go btime 100000 wtime 300 byoyomi 0
< ^bestmove
> quit
exit 0
END

# ---- USI: go mate ----
chat usi-mate $YOMI usi <<'END'
# the lion can be taken at once
> position startpos moves 2c2b 3a3b
> go mate 2000
< ^checkmate 2b2a\+$
> go mate infinite
< ^checkmate 2b2a\+$
# the side to move loses in 2: no mate for it
> position sfen l2/CG1/L1E/3 w Gec 56
> go mate 5000
< ^checkmate nomate$
# the start: no proof in 0.2 s
> position startpos
> go mate 200
< ^checkmate timeout$
> go mate infinite
quiet 0.3 ^checkmate
> stop
< ^checkmate timeout$
# the game is over: nothing to mate
> position startpos moves 2c2b 3a3b 2b2a+
> go mate 1000
< ^checkmate nomate$
> go
< ^info string the game is over \(lion captured\)$
= ^bestmove resign$
> quit
exit 0
END

# ---- USI: every error is answered, and the engine goes on ----
chat usi-errors $YOMI usi <<'END'
> hello
= ^info string error: unknown command 'hello' \(usi isready setoption usinewgame position go stop ponderhit gameover quit\)$
> setoption
= ^info string error: setoption: expected 'setoption name NAME \[value VALUE\]'$
> setoption name
= ^info string error: setoption: no option name$
> setoption name USI_Hash
= ^info string error: setoption USI_Hash: no value$
> setoption name Colour value red
= ^info string error: setoption: unknown option 'Colour'
> setoption name USI_Hash value 0
= ^info string error: setoption USI_Hash: '0' is not a number from 1 to 65536$
> setoption name USI_Hash value 12x
= ^info string error: setoption USI_Hash: '12x' is not a number from 1 to 65536$
> setoption name USI_Ponder value maybe
= ^info string error: setoption USI_Ponder: 'maybe' is not true or false$
> setoption name MultiPV value 65
= ^info string error: setoption MultiPV: '65' is not a number from 1 to 64$
> setoption name Threads value 2
= ^info string error: setoption Threads: '2': the search runs on 1 thread only$
> setoption name UCI_Variant value othello
= ^info string error: setoption UCI_Variant: 'othello' is not a variant yomi plays over USI$
> setoption name UseTable value 1
= ^info string error: setoption UseTable: '1' is not true or false$
> setoption name MoveOverhead value -5
= ^info string error: setoption MoveOverhead: '-5' is not a number from 0 to 5000$
> setoption name Table value /nonexistent/dobutsu.yomi
> isready
= ^info string error: table: /nonexistent/dobutsu.yomi: 
= ^readyok$
> setoption name UseTable value false
> position
= ^info string error: position: expected 'startpos' or 'sfen SFEN', not nothing$
> go
= ^info string error: go: no position \(the last position command was refused\)$
> position start
= ^info string error: position: expected 'startpos' or 'sfen SFEN', not start$
> position sfen
= ^info string error: position: sfen: no position given$
> position sfen gle/1c1/1C1/EL b - 1
= ^info string error: position: sfen gle/1c1/1C1/EL b - 1: position: rank 4 has 2 squares
> position startpos 2c2b
= ^info string error: position: expected 'moves' after the position, not '2c2b'$
> position startpos moves 2c2b 2c2b
= ^info string error: position: move 2 '2c2b': move: 2c2b: 2c is empty$
> position startpos moves 2c2b 3a3b 2b2a+ 1a2b
= ^info string error: position: move 4 '1a2b': move: 1a2b: the game is over \(lion captured\)$
> go depth 2
= ^info string error: go: no position
> position startpos
> go depth 0
= ^info string error: go: depth 0 is not a number from 1 to 248$
> go nodes
= ^info string error: go: nodes \(nothing\) is not a number from 1 to
> go btime soon
= ^info string error: go: btime soon is not a number of milliseconds$
> go movetime -1
= ^info string error: go: movetime -1 is not a number of milliseconds$
> go wtime 100 searchmoves 2c2b
= ^info string error: go: unknown word 'searchmoves'
> go infinite
> go depth 3
< ^info string error: go: already searching \(send stop first\)$
> setoption name MultiPV value 2
< ^info string error: setoption MultiPV: not while searching \(send stop first\)$
> stop
< ^bestmove
> gameover maybe
= ^info string error: gameover: expected win, lose or draw, not maybe$
> bad\x01byte
= ^info string error: unknown command 'bad\\x01byte'
> nul\x00byte
= ^info string error: a line holding a NUL byte was ignored$
long 1100000
= ^info string error: a line of more than 1048576 bytes was ignored$
> isready
= ^readyok$
close
exit 0
END

# ---- USI: perfect play from the solved table ----
if [ -n "$TABLE" ]; then
	chat usi-table $YOMI usi <<'END'
> setoption name Table value @TABLE@
> isready
= ^info string solved table open: perfect play wherever it holds the position$
= ^readyok$
> position startpos
> go btime 1000 wtime 1000
= ^info depth 78 seldepth 78 score mate -78 nodes 0 nps 0 hashfull [0-9]+ time [0-9]+ pv( [^ ]+){78}$
= ^info string perfect play from the solved table: the side to move loses$
= ^bestmove (3d3c|1d1c|2d3c|2d1c) ponder
> position sfen l2/CG1/L1E/3 w Gec 56
> go mate 1000
< ^info depth 2 .*score mate -2 
= ^info string perfect play from the solved table: the side to move loses$
= ^checkmate nomate$
> position sfen l2/1G1/L1E/3 w Ge2c 50
> go mate 1000
< score mate 
< ^checkmate( [^ ]+)+$
> setoption name UseTable value false
> position startpos
> go depth 2
! ^info string solved
< ^bestmove
> quit
exit 0
END
else
	echo "cli_proto.sh: DOBUTSU_TABLE not set: the solved table's USI sessions are skipped"
fi

# ---- the threaded sessions again under ThreadSanitizer ----
if [ -n "$YOMI_TSAN" ]; then
	for s in usi-go usi-mate usi-errors; do
		cp "$tmp/$s.chat" "$tmp/$s-tsan.chat"
		if "$CHAT" "$tmp/$s-tsan.chat" $YOMI_TSAN usi >"$tmp/chat.out" 2>&1; then
			ok
		else
			bad "session $s under ThreadSanitizer: $(tail -n 40 "$tmp/chat.out")"
		fi
	done
else
	echo "cli_proto.sh: YOMI_TSAN not set: no session under ThreadSanitizer"
fi

finish
