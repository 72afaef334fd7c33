#!/bin/sh
# End-to-end tests of the engine protocols: scripted sessions (build/proto_chat plays the
# GUI, waiting for each answer) for every command and every error of `yomi usi`, `yomi gtp`
# and `yomi nboard`, the threaded ones again under ThreadSanitizer ($YOMI_TSAN).  Ends with "N passed, N failed".
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
		bad "session $chat_name: $(grep -m 1 '^proto_chat' "$tmp/chat.out") ... $(tail -n 30 "$tmp/chat.out")"
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

# ---- GTP: every command, as Quarry and gtp-rhino use them ----
chat gtp-commands $YOMI gtp --time 0.2 <<'END'
> protocol_version
= ^= 2$
= ^$
> 7 name
= ^=7 yomi$
= ^$
> version
= ^= [0-9]+\.[0-9]+\.[0-9]+$
> known_command genmove
< ^= true$
> known_command fly
< ^= false$
> list_commands
= ^$
= ^= protocol_version$
= ^name$
< ^set_game$
= ^$
> list_games
= ^= Tic-tac-toe$
= ^Othello$
= ^$
> set_game Othello
= ^=$
> boardsize 8
= ^$
= ^=$
> clear_board
= ^$
= ^=$
> komi 0.5
= ^$
= ^=$
> play black d3
= ^$
= ^=$
> 12 genmove white
= ^$
= ^=12 (C3|C5|E3)$
> undo
= ^$
= ^=$
> reg_genmove w
= ^$
= ^= (C3|C5|E3)$
> showboard
= ^$
= ^= $
= ^    a b c d e f g h$
= ^  1 \. \. \. \. \. \. \. \.$
= ^  2 \. \. \. \. \. \. \. \.$
= ^  3 \. \. \* X \* \. \. \.$
= ^  4 \. \. \. X X \. \. \.$
= ^  5 \. \. \* X O \. \. \.$
< ^O to move
= ^$
> time_settings 60 0 0
= ^=$
> time_left white 30 0
= ^$
= ^=$
> genmove white
= ^$
= ^= [A-H][1-8]$
> final_score
= ^$
= ^\? cannot score: the game is not over$
# Othello on 4x4: the black passes a controller leaves out are played for it
> boardsize 4
= ^$
= ^=$
> play b a2
< ^=$
> play w a3
< ^=$
> play b b4
< ^=$
> play w a1
< ^=$
> play b d3
< ^=$
> play w d2
< ^=$
> play b d1
< ^=$
> play w c4
< ^=$
> play b b1
< ^=$
> play w a4
< ^=$
> play w d4
< ^=$
> genmove white
= ^$
= ^= C1$
> genmove black
= ^$
= ^= resign$
> final_score
= ^$
= ^= W\+8$
# undo takes back the pass played for black with the move after it: black to pass again
> undo
= ^$
= ^=$
> play black pass
= ^$
= ^=$
> play white c1
= ^$
= ^=$
> final_score
= ^$
= ^= W\+8$
# tic-tac-toe
> set_game Tic-tac-toe
= ^$
= ^=$
> play b b2
= ^$
= ^=$
> play w a1
= ^$
= ^=$
> genmove b
= ^$
= ^= [A-C][1-3]$
> quit
= ^$
= ^=$
exit 0
END

chat gtp-errors $YOMI gtp --depth 2 <<'END'
> fly
= ^\? unknown command \(fly\)$
= ^$
> 3 fly
= ^\?3 unknown command \(fly\)$
> 99999999999 name
< ^\? syntax error \(a command's id is a number\)$
> 5
< ^\?5 syntax error \(no command\)$
> set_game Go
< ^\? unsupported game$
> boardsize 9
< ^\? unacceptable size$
> boardsize x
< ^\? syntax error \(boardsize N\)$
> komi lots
< ^\? syntax error \(komi NUMBER\)$
> play red d3
< ^\? syntax error \(play COLOUR VERTEX\)$
> play black
< ^\? syntax error \(play COLOUR VERTEX\)$
> play black d3 e3
< ^\? syntax error \(play COLOUR VERTEX\)$
> play black z9
< ^\? illegal move \(z9: move: 'z9' is not a square \(a1 to h8\) or pass\)$
> play black d4
< ^\? illegal move \(d4: move: d4: that square is occupied\)$
> play black a1
< ^\? illegal move \(a1: move: a1: it flips no disc\)$
> play black pass
< ^\? illegal move \(pass: move: pass: X has a legal move\)$
> play white c4
< ^\? illegal move \(white is not to move\)$
> genmove purple
< ^\? syntax error \(genmove COLOUR\)$
> reg_genmove
< ^\? syntax error \(reg_genmove COLOUR\)$
> genmove white
< ^\? white is not to move$
> undo
< ^\? cannot undo$
> time_settings 1 2
< ^\? syntax error \(time_settings MAIN BYOYOMI STONES\)$
> time_settings 1 2 x
< ^\? syntax error \(time_settings MAIN BYOYOMI STONES\)$
> time_left green 10 0
< ^\? syntax error \(time_left COLOUR TIME STONES\)$
> time_left black 10
< ^\? syntax error \(time_left COLOUR TIME STONES\)$
= ^$
# preprocessing: comments, tabs, control bytes, blank lines
> # a comment line

> 	name	# with a comment
= ^= yomi$
> na\x01me
= ^$
= ^= yomi$
> nul\x00line
= ^$
= ^\? a line holding a NUL byte was ignored$
long 1100000
= ^$
= ^\? a line of more than 1048576 bytes was ignored$
> name
= ^$
= ^= yomi$
close
exit 0
END

# ---- NBoard ----
chat nboard $YOMI nboard <<'END'
> nboard 2
= ^set myname yomi$
> set depth 4
> set contempt 0
> set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)
> ping 1
= ^pong 1$
> go
= ^status yomi is thinking$
< ^nodestats [0-9]+ [0-9]+\.[0-9]{2}$
< ^=== [A-H][1-8] -?[0-9]+\.[0-9]{2} [0-9]+\.[0-9]$
= ^status$
> hint 2
= ^status yomi is thinking$
< ^search [A-H][1-8](-[A-H][1-8]|-PA){3} -?[0-9]+\.[0-9]{2} 0 4$
= ^search [A-H][1-8](-[A-H][1-8]|-PA){3} -?[0-9]+\.[0-9]{2} 0 4$
= ^status$
> move d6/1.0/2
> move C3
> learn
= ^learned$
# a search stopped by ping: no answer after pong
> set depth 30
> go
= ^status yomi is thinking$
> ping 2
< ^pong 2$
! ^===
quiet 0.3 ^===
# the exact end: 4x4 from a GGF board, passes left out
> set game (;GM[Othello]TY[4]BO[4 -----O*--*O----- *]B[A2]W[A3]B[B4]W[A1]B[D3]W[D2]B[D1]W[C4]B[B1]W[A4]W[D4];)
> go
= ^status yomi is thinking$
< ^=== PA -8\.00 [0-9.]+$
> move PA
> go
< ^=== C1 8\.00 [0-9.]+$
> set depth 3
> set game (;GM[Othello]TY[6];)
> go
< ^=== [A-F][1-6] 
= ^status$
> quit
exit 0
END

chat nboard-errors $YOMI nboard <<'END'
> nboard two
= ^status error: nboard: expected a version number$
= ^set myname yomi$
> set
= ^status error: set: expected depth, game or contempt$
> set colour red
= ^status error: set: unknown setting 'colour'$
> set depth 0
= ^status error: set depth: 0 is not a depth from 1 to 248$
> set game GM[Othello]
= ^status error: set game: not a GGF game \(it starts with '\(;'\): GM\[Othello\]$
> set game (;GM[Go]TY[19];)
= ^status error: set game: yomi does not play Go on a board of 19$
> set game (;GM[Othello]TY[8]BO[8 ---- *];)
= ^status error: set game: BO\[8 ---- \*\]: position: 
> set game (;GM[Othello]TY[8]B[F5]W[F5];)
= ^status error: set game: move 2 W\[F5\]: move: F5: that square is occupied$
> set game (;GM[Othello]TY[8]B[F5;)
= ^status error: set game: tag B is not closed$
> set game (;GM[Othello]ty[8];)
= ^status error: set game: expected a tag like TY\[8\] at ty\[8\];\)$
> move
= ^status error: move: no move given$
> move Z9
= ^status error: move Z9: move: 'Z9' is not a square \(a1 to h8\) or pass$
> hint many
= ^status error: hint: many is not a number of moves$
> fly
= ^status error: unknown command 'fly'$
> nul\x00line
= ^status error: a line holding a NUL byte was ignored$
> ping 3
= ^pong 3$
close
exit 0
END

# ---- match: yomi driving engines over USI and GTP ----
FSF=/usr/games/fairy-stockfish
RHINO=/usr/games/gtp-rhino
# played: the games of the last match ended by the rules, none by a forfeit, no hang
played() {
	has out "games $1: A scores"
	hasnt out "illegal move"
	hasnt out "lost on time"
	hasnt out " failed: "
	has out "time a move: A "
}
case $YOMI in /*) SELF=$YOMI ;; *) SELF=$(pwd)/$YOMI ;; esac
# Moves count as on time up to half a second late: these games run beside other jobs on a
# shared machine, where a process may wait that long for a core.
M="--time-margin 0.5"
# yomi against its own USI and GTP engines (the client and the engines test each other)
run 0 $YOMI match --first engine --second "usi:$SELF usi" --tc 0.1 $M --games 2
played 2
run 0 $YOMI --game othello6 match --first "gtp:$SELF gtp" --second engine --tc 0.05 $M --games 2
played 2
run 0 $YOMI --game tictactoe match --first "gtp:$SELF gtp --depth 9" --second engine:depth=9 --games 2
played 2
has out "draws"
last "games 2: A scores 1.0 of 2, Elo difference A-B +0.0 (margin unknown: every game drawn)"
# and against the third-party engines (tools/deps installs them)
if [ -x $FSF ] && [ -x $RHINO ]; then
	run 0 $YOMI match --first engine --second usi:$FSF --tc 0.1 $M --games 2 --seed 1
	played 2
	has out "B   usi:$FSF"
	run 0 $YOMI match --first "usi:$FSF,Skill Level=0" --second engine --tc 1/0.05 $M --games 2 --json
	has out '"seconds_a_move":['
	hasnt out "illegal move"
	hasnt out "lost on time"
	run 0 $YOMI --game othello match --first engine --second gtp:$RHINO --tc 0.05 $M --games 2
	played 2
	run 0 $YOMI --game othello match --first "gtp:$RHINO -l 1" --second "gtp:$SELF gtp" --tc 5+0.05 $M --games 1
	played 1
else
	bad "fairy-stockfish or gtp-rhino is missing: run sh tools/deps"
fi

# engines that misbehave lose their game, and the match goes on
cat >"$tmp/usi-fake" <<'END'
#!/bin/sh
# a USI engine for Dobutsu whose go answers $1 (after $2 seconds)
while read -r cmd rest; do
	case $cmd in
	usi) echo "id name fake"; echo "option name UCI_Variant type combo default dobutsu var dobutsu"; echo usiok ;;
	isready) echo readyok ;;
	go) sleep "${2:-0}"; [ "$1" = die ] && exit 3; echo "bestmove $1" ;;
	quit) exit 0 ;;
	esac
done
END
chmod +x "$tmp/usi-fake"
run 0 $YOMI match --first engine:depth=2 --second "usi:$tmp/usi-fake 9z9z" --games 2
has out "game 1 opening 1: A 1-0 B, A wins (illegal move '9z9z' by B: move: '9z9z': expected a move like"
has out "game 2 opening 1: B 0-1 A, A wins (illegal move '9z9z' by B"
run 0 $YOMI match --first engine:depth=2 --second "usi:$tmp/usi-fake 1a1b" --games 1
has out "A wins (illegal move '1a1b' by B: move: 1a1b: an elephant moves one step diagonally, 1 plies)"
run 0 $YOMI match --first engine:depth=2 --second "usi:$tmp/usi-fake resign" --games 2
has out "A 1-0 B, A wins (B resigned, 1 plies)"
has out "B 0-1 A, A wins (B resigned, 0 plies)"
run 0 $YOMI match --first "usi:$tmp/usi-fake 2c2b 2" --second engine:depth=2 --tc 0.3 --games 2
has out "game 1 opening 1: A 0-1 B, B wins (A lost on time: usi:$tmp/usi-fake 2c2b 2: no answer within 0.40 s, 0 plies)"
has out "game 2 opening 1: B 1-0 A, B wins (A lost on time"
# late, but within the wait: the clock decides
run 0 $YOMI match --first "usi:$tmp/usi-fake 2c2b 0.3" --second engine:depth=2 --tc 0.1 --time-margin 0.1 --games 1
has out "B wins (A lost on time: usi:$tmp/usi-fake 2c2b 0.3: no answer within 0.20 s, 0 plies)"
run 0 $YOMI match --first engine:time=0.5 --second engine:depth=2 --tc 0.1 --games 1
has out "B wins (A lost on time (0."
# an engine that answers for another position where the side to move wins at once (its
# rules refused the move before: a move into capture, in Fairy-Stockfish's Dobutsu): the win
# is played for it
run 0 $YOMI match --first "usi:$tmp/usi-fake 3c3b" --second engine:depth=2 --games 1 -- 1le/gC1/3/ELG b C 3
has out "A wins (lion captured; played for A, whose engine answered '3c3b': its rules refuse the move before, 1 plies)"
run 0 $YOMI match --first engine:depth=2 --second "usi:$tmp/usi-fake die" --games 2
has out "A wins (B failed: usi:$tmp/usi-fake die: the engine ended (exit status 3), 1 plies)"
has out "games 2: A scores 2.0 of 2"

# play: a person against an external engine; its losing answers end the game
input Cb3xb2
run 0 $YOMI play --second "usi:$SELF usi" --time 0.1
has out "second plays "
has out "result: unfinished (end of input)"
run 0 $YOMI play --second "usi:$tmp/usi-fake resign"
has out "result: first (human) wins (second resigned)"
run 0 $YOMI play --second "usi:$tmp/usi-fake 9z9z"
has out "result: first (human) wins (second played an illegal move: move: '9z9z': "
: >"$tmp/in"

# what a SPEC or an engine gets wrong
run 2 $YOMI match --first usi: --second engine
err1 "yomi: match: --first: player 'usi:': no command after 'usi:'"
run 2 $YOMI match --first "usi:$FSF,Hash" --second engine
err1 "yomi: match: --first: player 'usi:$FSF,Hash': 'Hash' is not NAME=VALUE"
run 2 $YOMI --game othello match --first "gtp:$RHINO,level=3" --second engine
err1 "a GTP engine takes no options (give them in its command)"
run 1 $YOMI match --first usi:/nonexistent/engine --second engine
err1 "yomi: match: --first: usi:/nonexistent/engine: cannot run /nonexistent/engine: No such file or directory"
run 1 $YOMI match --first "usi:$FSF,Bogus=1" --second engine
err1 "yomi: match: --first: usi:$FSF: the engine has no option 'Bogus'"
if [ -x /usr/games/gpsusi ]; then
	run 1 $YOMI match --first usi:/usr/games/gpsusi --second engine
	has err "yomi: match: --first: usi:/usr/games/gpsusi: the engine has no UCI_Variant option, so it cannot be asked to play dobutsu"
fi
run 1 $YOMI match --first "usi:$SELF usi" --second engine --game othello
err1 "yomi: match: --first: usi:$SELF usi: othello is not played over USI"
run 1 $YOMI match --first "gtp:$RHINO" --second engine
err1 "gtp:$RHINO: dobutsu is not played over GTP"
run 1 $YOMI --game othello4 match --first "gtp:$RHINO" --second engine
err1 "gtp:$RHINO: the engine does not play on a board of 4"
run 0 $YOMI --game othello match --first "gtp:$SELF gtp" --second engine:depth=1 --games 1 -- ---------------------------OX------XXX-------------------------- O
has out "B wins (A failed: gtp:$SELF gtp: a GTP engine plays from the start position only, 0 plies)"
run 2 $YOMI match --first random --second random --tc 1+
err1 "yomi: match: --tc: '1+' is not S, S+I or S/B in seconds (0.5, 60+1, 60/10)"
run 2 $YOMI match --first random --second random --tc 0+1
err1 "yomi: match: --tc: '0+1' is not S, S+I or S/B"
run 2 $YOMI match --first random --second random --tc 0
err1 "yomi: match: --tc: '0' is not S, S+I or S/B"
run 2 $YOMI match --first random --second engine --tc 1 --time 1
err1 "yomi: match: give either --tc or --time, not both"
run 2 $YOMI match --first random --second random --time-margin x
err1 "yomi: match: --time-margin: 'x' is not a number of seconds"

# ---- the threaded sessions again under ThreadSanitizer ----
if [ -n "$YOMI_TSAN" ]; then
	for s in usi-go:usi usi-mate:usi usi-errors:usi nboard:nboard gtp-commands:gtp; do
		if "$CHAT" "$tmp/${s%:*}.chat" $YOMI_TSAN ${s#*:} >"$tmp/chat.out" 2>&1; then
			ok
		else
			bad "session ${s%:*} under ThreadSanitizer: $(grep -m 1 '^proto_chat' "$tmp/chat.out") ... $(tail -n 30 "$tmp/chat.out")"
		fi
	done
else
	echo "cli_proto.sh: YOMI_TSAN not set: no session under ThreadSanitizer"
fi

finish
