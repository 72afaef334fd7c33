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
= ^option name Threads type spin default 1 min 1 max 64$
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
> setoption name Threads value 0
= ^info string error: setoption Threads: '0' is not a number from 1 to 64$
> setoption name Threads value 65
= ^info string error: setoption Threads: '65' is not a number from 1 to 64$
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
> setoption name Table value /nonexistent/\x1b[2Jdobutsu.yomi
> isready
= ^info string error: table: /nonexistent/\\x1b\[2Jdobutsu\.yomi: No such file or directory$
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
> foo７六歩
= ^info string error: unknown command 'foo７六歩' \(usi
> nul\x00byte
= ^info string error: a line holding a NUL byte was ignored$
long 1100000
= ^info string error: a line of more than 1048576 bytes was ignored$
> isready
= ^readyok$
close
exit 0
END

# ---- USI: a position of 4096 moves, the most it takes, and one of 4097 ----
# (the 4096th move was refused: "position: more than 4096 moves")
moves4096=$(awk 'BEGIN { for (i = 0; i < 1024; i++) printf " 2d3c 2a3b 3c2d 3b2a" }')
chat usi-moves-limit $YOMI usi <<END
> usi
< ^usiok$
> position startpos moves$moves4096
> go depth 1
= ^info depth 1 .* pv [^ ]
= ^bestmove [^ ]
> position startpos moves$moves4096 2d3c
= ^info string error: position: more than 4096 moves$
> go depth 1
= ^info string error: go: no position \(the last position command was refused\)$
> quit
exit 0
END

# a USI_Hash the machine cannot back (mmap refuses it where memory is not overcommitted
# without bounds): readyok all the same, the first table at the default size (isready
# went unanswered, and a GUI waited for readyok until it gave up on the engine)
mem_kb=$(awk '/^(MemTotal|SwapTotal):/ { kb += $2 } END { print kb + 0 }' /proc/meminfo 2>/dev/null)
if [ "$(cat /proc/sys/vm/overcommit_memory 2>/dev/null)" != 1 ] && [ "${mem_kb:-0}" -gt 0 ] &&
   [ "$mem_kb" -lt 60000000 ]; then
	chat usi-hash-too-big $YOMI usi <<'END'
> usi
< ^usiok$
> setoption name USI_Hash value 65536
> isready
= ^info string error: USI_Hash 65536 MB: out of memory \(the table is 16 MB, the default\)$
= ^readyok$
> position startpos
> go depth 2
< ^bestmove
> setoption name USI_Hash value 65536
> isready
= ^info string error: USI_Hash 65536 MB: out of memory \(the table stays at 16 MB\)$
= ^readyok$
> quit
exit 0
END
fi

# ---- USI: shogi, as shogi GUIs drive an engine ----
SMOVE='([1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])'
chat usi-shogi $YOMI usi --game shogi <<END
> usi
< ^option name UCI_Variant type combo default shogi var dobutsu var shogi$
= ^option name UseTable
< ^usiok$
> setoption name USI_Hash value 32
> setoption name USI_Ponder value true
> isready
= ^readyok$
> usinewgame
> position startpos moves 7g7f 3c3d 8h2b+ 3a2b
> go btime 1000 wtime 1000 byoyomi 100
< ^info depth [0-9]+ seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ hashfull [0-9]+ time [0-9]+ pv( $SMOVE)+\$
< ^bestmove $SMOVE( ponder $SMOVE)?\$
# the second player's clock (wtime) and an increment
> position startpos moves 7g7f
> go btime 100000 wtime 400 binc 100 winc 100
< ^bestmove $SMOVE
> position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d
> go movetime 200
< ^bestmove $SMOVE
# pondering on the expected reply, then ponderhit
> position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e
> go ponder btime 1000 wtime 1000 byoyomi 100
quiet 0.3 ^bestmove
> ponderhit
< ^bestmove $SMOVE
# a mate in 3 (sente drops the silver, the king or silver takes, the gold mates)
> position sfen 7nk/7s1/9/8N/9/9/9/9/4K4 b GS 1
> go mate 10000
< ^checkmate S\*2c( $SMOVE){2}\$
> go btime 0 wtime 0 byoyomi 2000
< score mate 3 .* pv S\*2c
< ^bestmove S\*2c ponder $SMOVE\$
> position startpos
> go mate 200
< ^checkmate timeout\$
# the entering-king declaration (27-point rule): the engine declares
> position sfen RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1
> go btime 1000 wtime 1000 byoyomi 100
< ^bestmove win\$
# the game after a declaration is over
> position sfen RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1 moves win
> go byoyomi 100
< ^info string the game is over \(entering-king declaration\)\$
= ^bestmove resign\$
# mated: nothing to play
> position sfen 7nk/7s1/9/8N/9/9/9/9/4K4 b GS 1 moves S*2c 2b2c G*2b
> go byoyomi 100
< ^info string the game is over \(checkmate\)\$
= ^bestmove resign\$
# shogi's errors: a move the rules refuse, a declaration out of place, a bad SFEN
> position startpos moves 7g7f 7g7f
= ^info string error: position: move 2 '7g7f': move: 7g7f: 
> position startpos moves win
= ^info string error: position: move 1 'win': move: win: no entering-king declaration: the king is not in the enemy camp\$
> position startpos moves 7g7f 3c3d P*5e
= ^info string error: position: move 3 'P\*5e': move: P\*5e: 
> position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1
= ^info string error: position: sfen .*: position: 
> go byoyomi 100
= ^info string error: go: no position
# back to Dobutsu and to shogi again
> setoption name UCI_Variant value dobutsu
> position startpos moves 2c2b
> go depth 2
< ^bestmove ([1-3][a-d][1-3][a-d]\+?|[CEG]\*[1-3][a-d])
> setoption name UCI_Variant value shogi
> position startpos
> go depth 2
< ^bestmove $SMOVE
> gameover win
> quit
exit 0
END

# ---- USI, GTP, NBoard: the search on several threads (lazy SMP) ----
# ponderhit with no main time left: both budgets count from ponderhit and hold the byoyomi
# (the hard one is four times the soft one plus the byoyomi, at most the main time and the
# byoyomi less MoveOverhead), so the answer neither comes at once nor after the byoyomi;
# the man page says so (it gave the hard one as 'at most four times that, never more than
# the clock holds', which with btime 0 reads as no time at all)
chat usi-ponderhit-byoyomi $YOMI usi --game shogi <<'END'
> usi
< ^usiok$
> isready
= ^readyok$
> position startpos
> go ponder btime 0 wtime 0 byoyomi 1000
sleep 0.3
quiet 0.1 ^bestmove
> ponderhit
quiet 0.15 ^bestmove
timeout 2
< ^bestmove
> quit
exit 0
END
if grep -q "plus the byoyomi); neither is more than the main time and the byoyomi less" man/yomi.1 &&
	grep -q "the engine still has up to the byoyomi less" man/yomi.1; then
	ok
else
	bad "man/yomi.1 (USI, Time) does not give the byoyomi in the hard budget after ponderhit"
fi

chat usi-threads $YOMI usi --threads 2 <<END
> usi
< ^option name Threads type spin default 2 min 1 max 64\$
< ^usiok\$
> position startpos moves 2c2b
> go movetime 300
< ^bestmove
> setoption name Threads value 3
> setoption name UCI_Variant value shogi
> position startpos moves 7g7f
> go btime 0 wtime 0 byoyomi 300
< ^info depth .* pv( $SMOVE)+\$
< ^bestmove $SMOVE
> go infinite
quiet 0.3 ^bestmove
> stop
< ^bestmove $SMOVE
> setoption name Threads value 1
> go depth 3
< ^bestmove $SMOVE
> quit
exit 0
END
chat gtp-threads $YOMI gtp --threads 2 --time 0.2 <<'END'
> boardsize 8
< ^=$
> play b d3
< ^=$
> genmove w
< ^= (C3|C5|E3)$
> genmove b
< ^= [A-H][1-8]$
> quit
< ^=$
exit 0
END
chat nboard-threads $YOMI nboard --threads 2 <<'END'
> nboard 2
= ^set myname yomi$
> set depth 6
> set game (;GM[Othello]TY[8];)
> go
< ^=== [A-H][1-8] 
> quit
exit 0
END
run 2 $YOMI gtp --threads x
err1 "yomi: gtp: --threads: 'x' is not a number of threads from 1 to 64, or 0 or all for every core"
run 2 $YOMI usi --threads 65
err1 "yomi: usi: --threads: '65' is not a number of threads from 1 to 64, or 0 or all for every core"
run 2 $YOMI nboard --threads -1
err1 "yomi: nboard: --threads: '-1' is not a number of threads"
run 2 $YOMI usi --game othello
err1 "yomi: usi: othello is not played over USI (USI games: dobutsu, shogi)"
# nboard takes --game as gtp does: an Othello until the GUI sets one (6x6: its first
# moves are no 8x8 one's), another game refused; the global --game when it is an Othello,
# else othello (-g shogi nboard once started Othello with no word of it in the man page)
chat nboard-game $YOMI nboard --game othello6 <<'END'
> nboard 2
= ^set myname yomi$
> set depth 2
> go
< ^=== (C2|B3|E4|D5) 
= ^status$
> quit
exit 0
END
chat nboard-global-game $YOMI -g shogi nboard <<'END'
> nboard 2
= ^set myname yomi$
> set depth 2
> go
< ^=== (D3|C4|F5|E6) 
= ^status$
> quit
exit 0
END
run 2 $YOMI nboard -g shogi
err1 "yomi: nboard: --game: shogi is not played over NBoard (NBoard games: othello, othello6, othello4)"
run 2 $YOMI gtp -g shogi
err1 "yomi: gtp: --game: shogi is not played over GTP (GTP games: othello, othello6, othello4, tictactoe)"

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

# An id of any size is repeated as given (GTP 2 bounds none; no number type may overflow):
# a misparse or an answer without it would leave the controller waiting.
chat gtp-ids $YOMI gtp --depth 2 <<'END'
> 99999999999 name
< ^=99999999999 yomi$
> 99999999999999999999 name
< ^=99999999999999999999 yomi$
> 00042 protocol_version
< ^=42 2$
> 12a name
< ^\? syntax error \('12a' is not an id: an id is a whole number\)$
> 1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123 name
< ^\? syntax error \(an id of 103 digits: at most 100\)$
> 8 name
< ^=8 yomi$
> quit
< ^=$
exit 0
END

chat gtp-errors $YOMI gtp --depth 2 <<'END'
> fly
= ^\? unknown command \(fly\)$
= ^$
> 3 fly
= ^\?3 unknown command \(fly\)$
> 5
< ^\?5 syntax error \(no command\)$
> set_game Go
< ^\? unsupported game$
> boardsize 9
< ^\? unacceptable size$
> boardsize 0
< ^\? unacceptable size$
> boardsize 99999999999999999999
< ^\? unacceptable size$
> boardsize -8
< ^\? syntax error \(boardsize N\)$
> boardsize x
< ^\? syntax error \(boardsize N\)$
> komi lots
< ^\? syntax error \(komi NUMBER\)$
= ^$
> komi nan
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi inf
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi -Infinity
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi 0x1p3
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi 1e999
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi 5.5x
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi
= ^\? syntax error \(komi NUMBER\)$
= ^$
> komi -7.5
= ^=$
> play red d3
< ^\? syntax error \(play COLOUR VERTEX\)$
> play black
< ^\? syntax error \(play COLOUR VERTEX\)$
> play black d3 e3
< ^\? syntax error \(play COLOUR VERTEX\)$
> play black z9
< ^\? illegal move \(z9: move: 'z9' is not a square \(a1 to h8\) or pass\)$
> play black ７六
< ^\? illegal move \(７六: move: '７六' is not a square \(a1 to h8\) or pass\)$
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
# a GGF board without TY[]: its BO[] gives the size (it was read as 8x8: '37 cells')
> set game (;GM[Othello]BO[6 --------------O*----*O-------------- *]B[C2];)
> go
< ^=== (B2|D2|B4) 
= ^status$
> quit
exit 0
END

chat nboard-errors $YOMI nboard <<'END'
> nboard two
= ^status error: nboard: two is not a version number from 0 to 1000$
= ^set myname yomi$
> nboard 99999999999999999999
= ^status error: nboard: 99999999999999999999 is not a version number from 0 to 1000$
= ^set myname yomi$
> nboard
= ^status error: nboard: \(nothing\) is not a version number from 0 to 1000$
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
> set game (;GM[Othello]TY[x];)
= ^status error: set game: TY\[x\] is not a board size \(8, 6 or 4\)$
> set game (;GM[Othello]TY[8]BO[8 ---- *];)
= ^status error: set game: BO\[8 ---- \*\]: position: 
> set game (;GM[Othello]TY[8]BO[6 --------------O*----*O-------------- *];)
= ^status error: set game: BO\[6 \.\.\.\] is a board of 6, TY\[8\] of 8$
> set game (;GM[Othello]BO[123 -];)
= ^status error: set game: BO\[123 \.\.\.\]: 123 is not a board size \(8, 6 or 4\)$
# the GGF's text is quoted, control bytes and all (TY, GM and a move's went out raw: an
# escape sequence reached the GUI's log and the terminal)
> set game (;GM[Othello]TY[\x1b[2J];)
= ^status error: set game: TY\[\\x1b\[2J\] is not a board size \(8, 6 or 4\)$
> set game (;GM[\x1b[31mOthello\x8e];)
= ^status error: set game: yomi does not play \\x1b\[31mOthello\\x8e on a board of 8$
> set game (;GM[Othello]TY[8]B[\x1b[31mF5];)
= ^status error: set game: move 1 B\[\\x1b\[31mF5\]: move: '\\x1b\[31mF5' is not a square
> set game (;GM[Othello]TY[8]B[F5]W[F5];)
= ^status error: set game: move 2 W\[F5\]: move: F5: that square is occupied$
> set game (;GM[Othello]TY[8]B[F5;)
= ^status error: set game: tag B is not closed$
> set game (;GM[Othello]ty[8];)
= ^status error: set game: expected a tag like TY\[8\] at ty\[8\];\)$
# a game yomi plays, but not over NBoard, is refused and the Othello game goes on (it was
# refused by accident, tic-tac-toe having no obf notation, as one yomi "does not play")
> set game (;GM[Tic-tac-toe]TY[3];)
= ^status error: set game: tictactoe is not played over NBoard \(NBoard games: othello, othello6, othello4\)$
> set game (;GM[Shogi]TY[9];)
= ^status error: set game: shogi is not played over NBoard \(NBoard games: othello, othello6, othello4\)$
> set depth 2
> go
= ^status yomi is thinking$
< ^=== (D6|F4|F6) 
= ^status$
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
run 0 $YOMI --game shogi match --first "usi:$SELF usi --threads 2" --second engine --tc 0.1 $M --games 2 --max-plies 60
played 2
has out "A   usi:$SELF usi --threads 2"
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
	# shogi, from two of the openings (each with both colours), cut at 80 plies
	run 0 $YOMI --game shogi match --first engine --second usi:$FSF --tc 0.1 $M --games 4 \
		--openings data/shogi/openings.txt --max-plies 80 --save "$tmp/fsf.kif"
	played 4
	# the games' records (KIF), the engine named
	run 0 cat "$tmp/fsf-2.kif"
	has out "先手：usi:$FSF"
	has out "後手：engine"
	run 0 $YOMI --game othello match --first "gtp:$RHINO -l 1" --second "gtp:$SELF gtp" --tc 5+0.05 $M --games 1
	played 1
else
	bad "fairy-stockfish or gtp-rhino is missing: run sh tools/deps"
fi

# engines that misbehave lose their game, and the match goes on
cat >"$tmp/usi-fake" <<'END'
#!/bin/sh
# a USI engine for Dobutsu whose go answers $1 (after $2 seconds; isready after $3)
while read -r cmd rest; do
	case $cmd in
	usi) echo "id name fake"; echo "option name UCI_Variant type combo default dobutsu var dobutsu"; echo usiok ;;
	isready) sleep "${3:-0}"; echo readyok ;;
	go) [ "$1" = chatty ] && { echo "info string thinking"; sleep 0.1; echo "info string still"; }
	    sleep "${2:-0}"; [ "$1" = die ] && exit 3; echo "bestmove $1" ;;
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
# the wait is the whole allowance, however many lines came before
run 0 $YOMI match --first "usi:$tmp/usi-fake chatty 1" --second engine:depth=2 --tc 0.2 --time-margin 0.1 --games 1
has out "B wins (A lost on time: usi:$tmp/usi-fake chatty 1: no answer within 0.30 s, 0 plies)"
run 0 $YOMI match --first engine:time=0.5 --second engine:depth=2 --tc 0.1 --games 1
has out "B wins (A lost on time (0."
# the time an engine takes to get ready for a game (isready, where engines load their
# evaluation; a restart after a time loss) is not its first move's: it lost every game at
# its first move ("A lost on time (0.5.. s), 0 plies"); now 2c2b is played, then again
run 0 $YOMI match --first "usi:$tmp/usi-fake 2c2b 0 0.5" --second engine:depth=2 --tc 0.2 --games 1
has out "B wins (illegal move '2c2b' by A: move: 2c2b: 2c is empty, 2 plies)"
hasnt out "lost on time"
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
run 2 $YOMI match --first "usi:$FSF,Hash=16,hash=32" --second engine
err1 "yomi: match: --first: player 'usi:$FSF,Hash=16,hash=32': option 'hash' given twice"
# a SPEC is quoted as every message quotes text (yomi_said): at most 60 bytes, cut before
# a character, not inside it (it was cut at 60 bytes, inside one: not UTF-8), control bytes
# as \xNN (an escape sequence reached the terminal)
kana=$(printf 'あ%.0s' $(seq 30))
run 2 $YOMI match --first "usi:$kana,x" --second engine
err1 "yomi: match: --first: player 'usi:ああああああああああああああああああ...': 'x' is not NAME=VALUE"
run 2 $YOMI match --first "usi:$FSF,x$(printf 'あ%.0s' $(seq 22))=1" --second engine
err1 ": option 'x$(printf 'あ%.0s' $(seq 19))...' is too long"
run 2 $YOMI match --first "usi:$FSF,$(printf 'x\033[31m')" --second engine
err1 "yomi: match: --first: player 'usi:$FSF,x\\x1b[31m': 'x\\x1b[31m' is not NAME=VALUE"
run 2 $YOMI match --first "gtp:$kana" --second engine
err1 "yomi: match: --first: gtp:ああああああああああああああああああああ...: dobutsu is not played over GTP"
run 2 $YOMI --game othello match --first "gtp:$RHINO,level=3" --second engine
err1 "a GTP engine takes no options (give them in its command)"
run 1 $YOMI match --first usi:/nonexistent/engine --second engine
err1 "yomi: match: --first: usi:/nonexistent/engine: cannot run /nonexistent/engine: No such file or directory"
# the command is quoted as the SPEC is (an escape sequence in it reached the terminal)
run 1 $YOMI match --first "usi:/nonexistent/$(printf '\033[2J')engine" --second engine
err1 "yomi: match: --first: usi:/nonexistent/\\x1b[2Jengine: cannot run /nonexistent/\\x1b[2Jengine: No such file or directory"
run 1 $YOMI match --first "usi:$FSF,Bogus=1" --second engine
err1 "yomi: match: --first: usi:$FSF: the engine has no option 'Bogus'"
# gpsshogi's USI engine plays shogi (it needs about a second a move); Dobutsu it cannot
if [ -x /usr/games/gpsusi ]; then
	run 0 $YOMI --game shogi match --first engine --second usi:/usr/games/gpsusi --tc 1 \
		--time-margin 1 --games 1 --max-plies 12 --save "$tmp/gps.csa"
	played 1
	run 0 cat "$tmp/gps-1.csa"
	has out "N-usi:/usr/games/gpsusi"
	run 1 $YOMI match --first usi:/usr/games/gpsusi --second engine
	has err "yomi: match: --first: usi:/usr/games/gpsusi: the engine has no UCI_Variant option, so it cannot be asked to play dobutsu"
fi
# a protocol that does not play the game is the SPEC's fault (exit 2), told before any
# program is started (it was started, then refused, exit 1)
run 2 $YOMI match --first "usi:$SELF usi" --second engine --game othello
err1 "yomi: match: --first: usi:$SELF usi: othello is not played over USI"
run 2 $YOMI match --first "gtp:$RHINO" --second engine
err1 "gtp:$RHINO: dobutsu is not played over GTP"
run 2 $YOMI --game tictactoe play --first "usi:touch $tmp/started" --second random
err1 "yomi: play: --first: usi:touch $tmp/started: tictactoe is not played over USI"
if [ -e "$tmp/started" ]; then bad "a USI engine was started for tic-tac-toe"; else ok; fi
run 1 $YOMI --game othello4 match --first "gtp:$RHINO" --second engine
err1 "gtp:$RHINO: the engine does not play on a board of 4"
# GTP sets up no position: a game that does not start at the start is refused before any
# program is started (each game was played, and counted lost by the GTP engine, exit 0:
# a match of 100 openings was 100 wins for the other side)
run 2 $YOMI --game othello match --first "gtp:touch $tmp/gtp-started" --second engine:depth=1 --games 1 -- ---------------------------OX------XXX-------------------------- O
err1 "yomi: match: --first: gtp:touch $tmp/gtp-started: a GTP engine plays from the start position only, and the games start from another (POSITION, --moves)"
if [ -e "$tmp/gtp-started" ]; then bad "a GTP engine was started for another position"; else ok; fi
run 2 $YOMI --game othello match --first engine:depth=1 --second "gtp:$SELF gtp" --games 2 --openings data/othello/openings.txt
err1 "yomi: match: --second: gtp:$SELF gtp: a GTP engine plays from the start position only, and opening 1 of --openings data/othello/openings.txt is another"
run 2 $YOMI --game othello match --first engine:depth=1 --second "gtp:$SELF gtp" --games 2 --moves f5
err1 "and the games start from another (POSITION, --moves)"
run 2 $YOMI --game othello play --first engine:depth=1 --second "gtp:$SELF gtp" --moves f5
err1 "yomi: play: --second: gtp:$SELF gtp: a GTP engine plays from the start position only, and the game starts from another (POSITION, --moves, --record)"
# from the start, and a record that starts there, it plays
printf '[Game "othello"]\n\nf5 d6 *\n' >"$tmp/two.txt"
: >"$tmp/in"
run 0 $YOMI --game othello play --first engine:depth=1 --second "gtp:$SELF gtp" --record "$tmp/two.txt"
has out "resuming the game of $tmp/two.txt after 2 plies"
has out "result: "
hasnt out "start position only"
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
	for s in usi-go:usi usi-mate:usi usi-errors:usi nboard:nboard gtp-commands:gtp \
	         usi-threads:usi,--threads,2 gtp-threads:gtp,--threads,2,--time,0.2 \
	         nboard-threads:nboard,--threads,2; do
		# shellcheck disable=SC2046
		if "$CHAT" "$tmp/${s%%:*}.chat" $YOMI_TSAN $(echo "${s#*:}" | tr , ' ') \
			>"$tmp/chat.out" 2>&1; then
			ok
		else
			bad "session ${s%%:*} under ThreadSanitizer: $(grep -m 1 '^proto_chat' "$tmp/chat.out") ... $(tail -n 30 "$tmp/chat.out")"
		fi
	done
else
	echo "cli_proto.sh: YOMI_TSAN not set: no session under ThreadSanitizer"
fi

finish
