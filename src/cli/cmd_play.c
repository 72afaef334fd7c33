/*
 * cmd_play.c - `yomi play [--first SPEC] [--second SPEC] [POSITION]`: a game between a
 * person at the prompt and the engine (or any two players).  Moves are read one per line
 * from stdin, a terminal or not, so a game can be scripted; end of input ends it cleanly.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/player.h"
#include "yomi/record.h"
#include "yomi/table.h"

struct play_opts {
	struct cli_common common;
	struct player_options players;
	enum board_lang lang;
};

enum { OPT_JSON_REFUSED = 0x600 };

static const struct argp_option options[] = {
	{"lang", 'l', "LANG", 0, "Piece names on the board, and moves in the game's Japanese form "
	 "too where it has one: en (default) or ja", 0},
	/* refused, and so not offered by --help */
	{"json", OPT_JSON_REFUSED, NULL, OPTION_HIDDEN, NULL, 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct play_opts *o = state->input;
	switch (key) {
	case 'l':
		o->lang = cli_lang_option(state, arg);
		return 0;
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &o->common;
		state->child_inputs[1] = &o->players;
		return 0;
	case ARGP_KEY_END:
		if (o->common.from_stdin)
			argp_error(state, "play reads the moves from stdin: give the position as "
			           "an argument, not '-'");
		return 0;
	case OPT_JSON_REFUSED:
		argp_error(state, "--json: play has no JSON output (see match)");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

static const char *const side_name[2] = {"first", "second"};

/* Ctrl-C ends the game as end of input does: the result so far and the record (a second
 * Ctrl-C kills).  It interrupts a person's prompt (no SA_RESTART: the line read returns) and an
 * engine's search (player.interrupt), whose move is then not played. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* One game: the record, both players, the engine that gives hints (opened on demand). */
struct session {
	const struct cli_common *c;
	struct play_opts *o;
	struct game_record *r;
	struct player pl[2];
	struct player_spec spec[2];
	struct player hint;
	int has_hint;
	int interactive;
	const char *result;      /* "1-0", "0-1", "1/2-1/2", "*" */
	const char *reason;
	enum record_end end;     /* a resignation, an engine's illegal move */
	int winner;              /* 0, 1, -1 draw or unfinished */
	int input_failed;        /* stdin could not be read: exit status 1 */
};

/* Move m of *pos as typed (the canonical notation) and, with --lang ja, also in the game's
 * move notation called "ja" where it has one (shogi's ７六歩(77)). */
static void format_move_lang(const struct session *s, const void *pos, yomi_move m,
                             char *text, size_t len)
{
	const struct game *g = s->r->game;
	g->format_move(pos, m, text, len);
	const int ja = s->o->lang == LANG_JA ? game_move_notation(g, "ja") : -1;
	const size_t at = strlen(text);
	if (ja > 0 && at + 1 < len) {
		text[at] = ' ';
		game_format_move_as(g, pos, m, ja, text + at + 1, len - at - 1);
	}
}

static void print_moves(const struct session *s)
{
	const struct game *g = s->r->game;
	yomi_move moves[YOMI_MOVES_MAX];
	char text[YOMI_TEXT_MAX];
	const int n = g->moves(s->r->pos, moves);
	fputs("moves:", stdout);
	for (int i = 0; i < n; i++) {
		format_move_lang(s, s->r->pos, moves[i], text, sizeof text);
		printf(" %d %s%s", i + 1, text, i + 1 < n ? "," : "");
	}
	fputc('\n', stdout);
}

/* The last move (re-formatted from the position before it) and who played it. */
static void print_last_move(const struct session *s)
{
	const struct game_record *r = s->r;
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	if (r->len == 0)
		return;
	memcpy(p, r->start, r->game->pos_size);
	for (int i = 0; i + 1 < r->len; i++)
		r->game->play(p, r->moves[i], p);
	format_move_lang(s, p, r->moves[r->len - 1], text, sizeof text);
	printf("last move: %s (%s)\n", text, side_name[(r->len - 1) & 1]);
}

static void print_turn(const struct session *s)
{
	fputc('\n', stdout);
	print_last_move(s);
	s->r->game->render(s->r->pos, NULL, s->o->lang, stdout);
	printf("%s (%s) to play\n", side_name[record_side(s->r)],
	       s->spec[record_side(s->r)].text);
	print_moves(s);
}

static void print_help(void)
{
	puts("Type a move in any accepted notation, or its number in the move list, or:\n"
	     "  moves      list the legal moves, numbered\n"
	     "  undo       take back your last move and the reply\n"
	     "  hint       ask the engine for a move\n"
	     "  show       print the board, the position and the moves again\n"
	     "  save FILE  write the game record to FILE\n"
	     "  resign     give up the game\n"
	     "  quit       stop without a result (so does end of input)\n"
	     "  help       this list");
}

static void save_record(const struct session *s, const char *file)
{
	char said[YOMI_ARG_SAID];
	const char *name = yomi_arg_said(file, said);   /* file as messages quote it */
	if (table_file_is_table(file)) {   /* a perfect player may be reading it */
		printf("save: %s: a yomi table, not replaced by a game record\n", name);
		return;
	}
	const struct game *g = s->r->game;
	struct record *rec = malloc(sizeof *rec);
	struct yomi_error err;
	if (!rec) {
		puts("save: out of memory");
		return;
	}
	record_clear(rec, g);
	memcpy(rec->start, s->r->start, g->pos_size);
	rec->len = s->r->len;
	memcpy(rec->moves, s->r->moves, (size_t)s->r->len * sizeof *rec->moves);
	snprintf(rec->first, sizeof rec->first, "%s", s->spec[0].text);
	snprintf(rec->second, sizeof rec->second, "%s", s->spec[1].text);
	if (record_write_file(g, file, rec, &err) != 0)
		printf("save: %s\n", strncmp(err.msg, "record: ", 8) == 0 ? err.msg + 8 : err.msg);
	else
		printf("saved the game record to %s\n", name);
	free(rec);
}

static void give_hint(struct session *s)
{
	struct yomi_error err;
	if (!s->has_hint) {
		/* The opponent's engine or table if it has one, else an engine with the command's
		 * limits. */
		struct player_spec spec;
		const struct player_spec *other = &s->spec[record_side(s->r) ^ 1];
		if (other->kind == PLAYER_ENGINE || other->kind == PLAYER_PERFECT) {
			spec = *other;
		} else {
			player_parse_spec("engine", &spec, &err);
			player_spec_defaults(&spec, &s->o->players.limits, s->o->players.hash_mb, NULL);
		}
		if (player_open(&s->hint, &spec, s->r->game, &err)) {
			printf("hint: %s\n", err.msg);
			return;
		}
		s->has_hint = 1;
		s->hint.interrupt = &interrupted;
	}
	struct player_choice ch;
	char text[YOMI_TEXT_MAX];
	player_new_game(&s->hint, 0);
	if (player_choose(&s->hint, s->r, &ch, &err)) {   /* a table that fails, say */
		printf("hint: %s\n", err.msg);
		return;
	}
	if (interrupted)   /* the game ends (human_turn); a search cut short is no hint */
		return;
	format_move_lang(s, s->r->pos, ch.move, text, sizeof text);
	printf("hint: %s ", text);
	player_write_choice(s->r->game, s->r->pos, &ch, stdout);
	fputc('\n', stdout);
}

/* A whole line of digits: the move's number in the printed list (1-based), else 0. */
static int move_number(const char *s)
{
	if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 4)
		return 0;
	return atoi(s);
}

enum { TURN_MOVED, TURN_OVER };

/* Reads lines until the person to move plays a move (TURN_MOVED), or resigns, quits or
 * input ends (TURN_OVER, with the result set).  Refusals and answers go to stdout. */
static int human_turn(struct session *s, struct cli_line *in)
{
	const struct game *g = s->r->game;
	const int side = record_side(s->r);
	print_turn(s);
	for (;;) {
		if (s->interactive && !interrupted) {
			printf("%s> ", side_name[side]);
			fflush(stdout);
		}
		const int got = interrupted ? -1 : cli_line_read(stdin, in);
		ssize_t len = (ssize_t)in->len;
		if (got <= 0 || interrupted) {
			if (s->interactive)
				fputc('\n', stdout);
			s->result = "*";
			s->reason = "end of input";
			if (interrupted) {
				s->reason = "interrupted";
				clearerr(stdin);
			} else if (got < 0) {   /* not an end: a runtime failure (closed, unreadable) */
				cli_error("stdin: %s", strerror(errno));
				s->reason = "input error";
				s->input_failed = 1;
			}
			return TURN_OVER;
		}
		if (got == 2) {
			puts("the line is " CLI_LINE_TOO_LONG ": refused");
			continue;
		}
		if (memchr(in->text, '\0', (size_t)len)) {   /* read as text, it would stop there */
			puts("the line contains a NUL byte: refused");
			continue;
		}
		char *t = in->text;
		while (len > 0 && strchr(" \t\r\n", t[len - 1]))
			t[--len] = '\0';
		while (*t == ' ' || *t == '\t')
			t++;
		if (!*t)
			continue;
		yomi_move moves[YOMI_MOVES_MAX], m;
		const int n = g->moves(s->r->pos, moves);
		int k;
		if (strcmp(t, "help") == 0 || strcmp(t, "?") == 0) {
			print_help();
		} else if (strcmp(t, "moves") == 0) {
			print_moves(s);
		} else if (strcmp(t, "show") == 0) {
			char text[YOMI_TEXT_MAX];
			print_turn(s);
			g->format(s->r->pos, s->c->notation, text, sizeof text);
			printf("%s: %s\n", g->notations[s->c->notation].name, text);
		} else if (strcmp(t, "hint") == 0) {
			give_hint(s);
		} else if (strcmp(t, "undo") == 0) {
			if (s->r->len < 2) {
				puts("undo: no move of yours to take back");
			} else {
				record_pop(s->r, 2);
				puts("took back 2 plies");
				print_turn(s);
			}
		} else if (strncmp(t, "save", 4) == 0 && (t[4] == ' ' || t[4] == '\t' || !t[4])) {
			const char *file = t + 4 + strspn(t + 4, " \t");
			if (!*file)
				puts("save: give a file name: save FILE");
			else
				save_record(s, file);
		} else if (strcmp(t, "resign") == 0) {
			s->winner = side ^ 1;
			s->result = side ? "1-0" : "0-1";
			s->reason = "resignation";
			s->end = RECORD_END_RESIGN;
			printf("%s resigns\n", side_name[side]);
			return TURN_OVER;
		} else if (strcmp(t, "quit") == 0) {
			s->result = "*";
			s->reason = "stopped";
			return TURN_OVER;
		} else if ((k = move_number(t)) > 0 || strspn(t, "0123456789") == strlen(t)) {
			if (k < 1 || k > n) {
				printf("%s: the moves are numbered 1 to %d (type moves to list them)\n", t, n);
			} else {
				char text[YOMI_TEXT_MAX];
				format_move_lang(s, s->r->pos, moves[k - 1], text, sizeof text);
				printf("%s plays %s\n", side_name[side], text);
				record_push(s->r, moves[k - 1]);
				return TURN_MOVED;
			}
		} else {
			struct yomi_error err;
			if (g->parse_move(s->r->pos, t, &m, &err)) {
				/* "move: c3: that square is occupied" -> "c3: that square is occupied" */
				const char *msg = strncmp(err.msg, "move: ", 6) == 0 ? err.msg + 6 : err.msg;
				puts(msg);
			} else {
				char text[YOMI_TEXT_MAX];
				format_move_lang(s, s->r->pos, m, text, sizeof text);
				printf("%s plays %s\n", side_name[side], text);
				record_push(s->r, m);
				return TURN_MOVED;
			}
		}
	}
}

/* The engine, random or perfect player moves.  Returns 0 (also when interrupted: nothing is
 * played then), an exit status, or -1 when an external engine lost the game by its answer
 * (s->winner, result and reason set). */
static int machine_turn(struct session *s)
{
	const int side = record_side(s->r);
	struct player_choice ch;
	struct yomi_error err;
	char text[YOMI_TEXT_MAX];
	if (player_choose(&s->pl[side], s->r, &ch, &err)) {
		cli_error("%s", err.msg);
		return EXIT_RUNTIME;
	}
	if (interrupted)   /* a search cut short: its move is not the player's */
		return 0;
	if (ch.forfeit) {   /* an external engine resigned, failed, or answered no legal move */
		static char reason[2 * YOMI_ERROR_MAX];
		snprintf(reason, sizeof reason, "%s %s%s%s%s", side_name[side],
		         ch.forfeit == ENGINE_ILLEGAL ? "played an illegal move: " : "", err.msg,
		         ch.forfeit == ENGINE_ILLEGAL && ch.said[0] ? ", it answered " : "",
		         ch.forfeit == ENGINE_ILLEGAL ? ch.said : "");
		s->winner = side ^ 1;
		s->result = side ? "1-0" : "0-1";
		s->reason = reason;
		s->end = player_forfeit_end(ch.forfeit);
		return -1;   /* the game is over: the engine lost it */
	}
	format_move_lang(s, s->r->pos, ch.move, text, sizeof text);
	printf("%s plays %s", side_name[side], text);
	if (ch.score[0]) {
		fputs("  ", stdout);
		player_write_choice(s->r->game, s->r->pos, &ch, stdout);
	}
	fputc('\n', stdout);
	fflush(stdout);
	record_push(s->r, ch.move);
	return 0;
}

static int play_one(const struct cli_common *c, const void *pos, void *opts, int filter,
                    struct yomi_error *unreported)
{
	(void)unreported;   /* it reports its errors itself */
	struct play_opts *o = opts;
	struct session s = {.c = c, .o = o, .winner = -1};
	struct yomi_error err;
	int status = 0;
	(void)filter;
	if (player_options_specs(&o->players, c->game, s.spec, &err)) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	s.r = malloc(sizeof *s.r);
	if (!s.r) {
		cli_error("out of memory");
		return EXIT_RUNTIME;
	}
	const struct cli_history *h = c->history;
	if (c->record) {
		/* resumed: the record's moves (and --moves after them) are the game's */
		if (h->len > RECORD_MAX_PLIES) {
			cli_error("--record: %d plies, more than a game holds (%d)",
			          h->len, RECORD_MAX_PLIES);
			free(s.r);
			return EXIT_USAGE;
		}
		record_init(s.r, c->game, h->len ? h->pos[0] : pos, NULL, NULL, 0,
		            o->players.max_plies);
		for (int i = 0; i < h->len; i++)
			record_push(s.r, h->moves[i]);
	} else {
		record_init(s.r, c->game, pos, h->keys, h->pos, h->len, o->players.max_plies);
	}
	for (int i = 0; i < 2; i++)   /* before any program is started */
		if (player_check_start(&s.spec[i], c->game, s.r->start, &err)) {
			cli_error("--%s: %s, and the game starts from another (POSITION, --moves, "
			          "--record)", side_name[i], err.msg);
			free(s.r);
			return EXIT_USAGE;
		}
	for (int i = 0; i < 2; i++) {
		const int rc = player_open(&s.pl[i], &s.spec[i], c->game, &err);
		if (rc) {
			cli_error("--%s: %s", side_name[i], err.msg);
			if (i)
				player_close(&s.pl[0]);
			free(s.r);
			return rc;
		}
		player_new_game(&s.pl[i], player_seed_mix(o->players.seed, (uint64_t)i));
		s.pl[i].interrupt = &interrupted;
	}
	struct sigaction sa = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	s.interactive = isatty(STDIN_FILENO);
	printf("%s: first %s, second %s\n", c->game->title, s.spec[0].text, s.spec[1].text);
	if (c->record)
		printf("resuming the game of %s after %d plies\n", c->record, s.r->len);
	if (s.interactive)
		puts("Type help for the commands.");
	struct cli_line in = {NULL, 0, 0};
	for (;;) {
		const struct game_status st = record_status(s.r);
		if (interrupted) {
			s.result = "*";
			s.reason = "interrupted";
			break;
		}
		if (st.outcome != GAME_ONGOING) {
			s.winner = record_winner(s.r, st);
			s.result = s.winner == 0 ? "1-0" : s.winner == 1 ? "0-1" : "1/2-1/2";
			s.reason = st.reason;
			break;
		}
		const int side = record_side(s.r);
		if (s.spec[side].kind == PLAYER_HUMAN) {
			if (human_turn(&s, &in) == TURN_OVER) {
				status = s.input_failed ? EXIT_RUNTIME : 0;
				break;
			}
		} else if ((status = machine_turn(&s)) != 0) {
			if (status < 0) {   /* an external engine lost the game by its answer */
				status = 0;
				break;
			}
			s.result = "*";
			s.reason = "error";
			break;
		}
	}
	free(in.text);
	fputc('\n', stdout);
	print_last_move(&s);
	const struct game_status end = record_status(s.r);   /* a repetition's draw too */
	c->game->render(s.r->pos, &end, o->lang, stdout);
	if (s.winner >= 0)
		printf("result: %s (%s) wins (%s)\n", side_name[s.winner], s.spec[s.winner].text,
		       s.reason);
	else if (strcmp(s.result, "1/2-1/2") == 0)
		printf("result: draw (%s)\n", s.reason);
	else
		printf("result: unfinished (%s)\n", s.reason);
	fputs("record:", stdout);
	if (s.r->len)
		fputc(' ', stdout);
	record_write_moves(s.r, stdout);
	printf(" %s\n", s.result);
	if (o->players.save) {
		struct yomi_error err;
		if (record_save(s.r, o->players.save, 0, s.spec[0].text, s.spec[1].text, s.result,
		                s.reason, s.end, &err) == 0) {
			printf("saved the game record to %s\n",
			       yomi_arg_said(o->players.save, (char[YOMI_ARG_SAID]){0}));
		} else {
			cli_error("%s", err.msg);
			status = EXIT_RUNTIME;
		}
	}
	for (int i = 0; i < 2; i++)
		player_close(&s.pl[i]);
	if (s.has_hint)
		player_close(&s.hint);
	free(s.r);
	return status;
}

int cmd_play(int argc, char **argv, const struct game *game)
{
	static const struct argp_child children[] = {
		{&cli_common_argp_no_json, 0, NULL, 0},
		{&player_options_argp, 0, "Players:", 0},
		{0},
	};
	static const struct argp argp = {
		options, parse, "[POSITION]",
		"Play a game from POSITION (default: the start): a person against the engine by "
		"default (--first human --second engine).  Moves are read one per line from stdin, "
		"in any accepted notation or by their number in the printed list; the engine's moves "
		"print with their score and expected line.  Commands at the prompt: moves, undo, "
		"hint, show, save FILE, resign, quit, help.  The game ends with the result, the "
		"reason and the record; end of input or Ctrl-C stops it cleanly.",
		children, NULL, NULL};
	struct play_opts o = {.lang = LANG_EN};
	cli_common_init(&o.common, game);
	player_options_init(&o.players, "human", "engine");
	o.players.people = 1;
	return cli_run(&argp, argc, argv, &o, &o.common, play_one, &o);
}
