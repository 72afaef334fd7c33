/*
 * gtp.c - yomi as a GTP engine (the Go Text Protocol, version 2, as Quarry and grhino's
 * gtp-rhino use it for Othello): the games are found by their family name and board side
 * (game.h), so Othello on 8x8, 6x6 and 4x4 and tic-tac-toe are spoken alike.
 *
 * GTP is a strict exchange: each command gets one answer, "=[id] result" or "?[id] error",
 * ended by an empty line, and the controller waits for it; so the search runs to its end
 * before the answer (on think.c's thread, joined at once).  Colours: black is the side that
 * moves first from the start (Othello's black, tic-tac-toe's x); vertices are the game's
 * squares ("D3", any case), and "pass" the game's move of that name.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "proto/io.h"
#include "proto/think.h"
#include "yomi/proto.h"
#include "yomi/registry.h"

#ifndef YOMI_VERSION
#define YOMI_VERSION "0.1.0"
#endif

enum { GTP_MAX_PLIES = 1024, GTP_ID_DIGITS = 100 };

static const char *const gtp_commands[] = {
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo",
	"showboard", "time_settings", "time_left", "final_score", "list_games", "set_game", NULL};

struct gtp {
	const struct game *game;
	struct proto_out out;
	struct proto_reader in;
	struct think think;
	struct gtp_options opt;
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	int len;                       /* plies played from the start */
	yomi_move moves[GTP_MAX_PLIES];
	unsigned char implied[GTP_MAX_PLIES];   /* a pass played for a controller that left it out */
	/* the clock (time_settings, time_left) */
	int timed;
	double main_time, byo_time;
	int byo_stones;
	double left[2];
	int stones[2], has_left[2];
	/* the last search's answer (the done hook) */
	yomi_move best;
};

int gtp_speaks(const struct game *g) { return g->family && g->board_side > 0; }

/* The game of family `family` on a board of side n, or NULL. */
static const struct game *find_game(const char *family, int n)
{
	for (int i = 0; game_registry[i]; i++) {
		const struct game *g = game_registry[i];
		if (gtp_speaks(g) && strcasecmp(g->family, family) == 0 && (n == 0 || g->board_side == n))
			return g;
	}
	return NULL;
}

static void answer(struct gtp *e, const char *id, int ok, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void answer(struct gtp *e, const char *id, int ok, const char *fmt, ...)
{
	struct proto_text t;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t.s, sizeof t.s, fmt, ap);
	va_end(ap);
	proto_say(&e->out, "%c%s%s%s\n", ok ? '=' : '?', id, t.s[0] ? " " : "", t.s);
}

static void new_game(struct gtp *e)
{
	e->game->start(e->start);
	memcpy(e->pos, e->start, e->game->pos_size);
	e->len = 0;
	e->has_left[0] = e->has_left[1] = 0;
}

static void set_game(struct gtp *e, const struct game *g)
{
	if (g != e->game) {
		think_join(&e->think);
		e->game = g;
		e->think.game = g;
		think_clear(&e->think);
	}
	new_game(e);
}

/* Replays the moves from the start (after undo). */
static void replay(struct gtp *e)
{
	memcpy(e->pos, e->start, e->game->pos_size);
	for (int i = 0; i < e->len; i++)
		e->game->play(e->pos, e->moves[i], e->pos);
}

static void push(struct gtp *e, yomi_move m, int implied)
{
	if (e->len < GTP_MAX_PLIES) {
		e->implied[e->len] = (unsigned char)implied;
		e->moves[e->len++] = m;
	}
	e->game->play(e->pos, m, e->pos);
}

/* 0 black, 1 white, -1 not a colour. */
static int parse_colour(const char *s)
{
	if (!s)
		return -1;
	if (strcasecmp(s, "b") == 0 || strcasecmp(s, "black") == 0)
		return 0;
	if (strcasecmp(s, "w") == 0 || strcasecmp(s, "white") == 0)
		return 1;
	return -1;
}

/* The only legal move of the side to move when it is its pass, else 0. */
static yomi_move forced_pass(const struct gtp *e)
{
	yomi_move moves[YOMI_MOVES_MAX];
	char text[YOMI_TEXT_MAX];
	if (e->game->status(e->pos).outcome != GAME_ONGOING || e->game->moves(e->pos, moves) != 1)
		return 0;
	e->game->format_move(e->pos, moves[0], text, sizeof text);
	return strcasecmp(text, "pass") == 0 ? moves[0] : 0;
}

/* Makes `colour` the side to move: as it is, or by the other side's forced pass (a
 * controller may leave it out).  Returns 0, or -1. */
static int to_move(struct gtp *e, int colour)
{
	if ((e->len & 1) == colour)
		return 0;
	const yomi_move pass = forced_pass(e);
	if (!pass)
		return -1;
	push(e, pass, 1);
	return 0;
}

static void on_done(void *arg, const struct think_result *res, const void *root)
{
	(void)root;
	struct gtp *e = arg;
	e->best = res->nlines && res->lines[0].len ? res->lines[0].pv[0] : 0;
}

/* Searches the position for the side to move; returns its move (0 if none). */
static yomi_move search(struct gtp *e)
{
	static struct think_job job;   /* large; one search at a time */
	memset(&job.limits, 0, sizeof job.limits);
	job.limits.multipv = 1;
	job.limits.depth = e->opt.depth;
	job.limits.threads = e->opt.threads;
	job.budget = (struct time_budget){0, 0};
	job.wait = job.ponder = 0;
	job.use_table = 1;
	const int side = e->len & 1;
	if (e->timed) {
		struct time_clock c = {0};
		const double left = e->has_left[side] ? e->left[side] : e->main_time;
		const int stones = e->has_left[side] ? e->stones[side] : 0;
		c.remaining = left;
		if (stones > 0)
			c.moves_to_go = stones;   /* in byoyomi: this time for these moves */
		else if (e->byo_stones > 0)
			c.byoyomi = e->byo_time / e->byo_stones;
		c.overhead = e->opt.overhead;
		job.budget = timeman_budget(&c);
	} else if (!e->opt.depth) {
		job.budget = timeman_budget(&(struct time_clock){.movetime = e->opt.seconds});
	}
	memcpy(job.pos, e->pos, e->game->pos_size);
	job.history_len = 0;
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	memcpy(p, e->start, e->game->pos_size);
	const int from = e->len > THINK_HISTORY ? e->len - THINK_HISTORY : 0;
	for (int i = 0; i < e->len; i++) {
		if (i >= from)
			job.history[job.history_len++] = e->game->key(p);
		e->game->play(p, e->moves[i], p);
	}
	e->best = 0;
	const struct think_hooks hooks = {NULL, on_done, NULL, e};
	if (think_start(&e->think, &job, &hooks))
		return 0;
	think_join(&e->think);
	return e->best;
}

static void cmd_play(struct gtp *e, const char *id, char *rest)
{
	const int colour = parse_colour(proto_word(&rest));
	const char *vertex = proto_word(&rest);
	char q[100];
	if (colour < 0 || !vertex || proto_word(&rest)) {
		answer(e, id, 0, "syntax error (play COLOUR VERTEX)");
		return;
	}
	if (e->game->status(e->pos).outcome != GAME_ONGOING) {
		answer(e, id, 0, "illegal move (the game is over)");
		return;
	}
	const int len0 = e->len;
	if (to_move(e, colour)) {
		answer(e, id, 0, "illegal move (%s is not to move)", colour ? "white" : "black");
		return;
	}
	yomi_move m;
	struct yomi_error err;
	if (e->len >= GTP_MAX_PLIES) {
		answer(e, id, 0, "illegal move (more than %d moves)", GTP_MAX_PLIES);
	} else if (e->game->parse_move(e->pos, vertex, &m, &err)) {
		e->len = len0;   /* take back an implied pass */
		replay(e);
		answer(e, id, 0, "illegal move (%s: %s)", proto_quote(vertex, q, sizeof q), err.msg);
	} else {
		push(e, m, 0);
		answer(e, id, 1, "%s", "");
	}
}

/* The move's text as GTP writes vertices: upper case. */
static void vertex_text(const struct gtp *e, const void *pos, yomi_move m, char *buf, size_t len)
{
	e->game->format_move(pos, m, buf, len);
	for (char *c = buf; *c; c++)
		*c = (char)toupper((unsigned char)*c);
}

static void cmd_genmove(struct gtp *e, const char *id, char *rest, int play)
{
	const int colour = parse_colour(proto_word(&rest));
	if (colour < 0 || proto_word(&rest)) {
		answer(e, id, 0, "syntax error (%s COLOUR)", play ? "genmove" : "reg_genmove");
		return;
	}
	if (e->game->status(e->pos).outcome != GAME_ONGOING) {
		answer(e, id, 1, "resign");   /* no legal move: the game is over */
		return;
	}
	const int len0 = e->len;
	if (to_move(e, colour)) {
		answer(e, id, 0, "%s is not to move", colour ? "white" : "black");
		return;
	}
	const yomi_move m = search(e);
	char text[YOMI_TEXT_MAX];
	if (!m) {
		answer(e, id, 1, "resign");
		return;
	}
	vertex_text(e, e->pos, m, text, sizeof text);
	if (play && e->len < GTP_MAX_PLIES) {
		push(e, m, 0);
	} else {
		e->len = len0;
		replay(e);
	}
	answer(e, id, 1, "%s", text);
}

static void cmd_showboard(struct gtp *e, const char *id)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	if (!f) {
		answer(e, id, 0, "out of memory");
		return;
	}
	e->game->render(e->pos, NULL, LANG_EN, f);
	fclose(f);
	/* an empty line would end the answer early */
	size_t n = strlen(text);
	while (n > 0 && text[n - 1] == '\n')
		text[--n] = '\0';
	for (char *c = strstr(text, "\n\n"); c; c = strstr(c, "\n\n"))
		memmove(c, c + 1, strlen(c));
	answer(e, id, 1, "\n%s", text);
	free(text);
}

static void cmd_final_score(struct gtp *e, const char *id)
{
	const struct game_status st = e->game->status(e->pos);
	if (st.outcome == GAME_ONGOING) {
		answer(e, id, 0, "cannot score: the game is not over");
		return;
	}
	const int side = e->len & 1;   /* to move at the end */
	int score = st.outcome == GAME_WIN ? 1 : st.outcome == GAME_LOSS ? -1 : 0;
	if (e->game->solve_exact) {   /* the margin: at the end, a count */
		struct search_limits lim = {0};
		lim.multipv = 1;
		yomi_move best;
		search_init(e->think.ctx, &e->think.tt, &lim);
		if (e->game->solve_exact(e->pos, e->think.ctx, &score, &best)) {
			answer(e, id, 0, "cannot score");
			return;
		}
	}
	const int black = side ? -score : score;
	if (black == 0)
		answer(e, id, 1, "0");
	else
		answer(e, id, 1, "%c+%d", black > 0 ? 'B' : 'W', black > 0 ? black : -black);
}

/* time_settings MAIN BYO STONES, time_left COLOUR TIME STONES: GTP sends whole seconds;
 * fractions are read too (yomi match sends them for clocks under a second). */
static int parse_seconds(const char *s, double *v)
{
	if (!s)
		return -1;
	const char *p = s;
	while (isdigit((unsigned char)*p))
		p++;
	if (p == s || p - s > 9)
		return -1;
	if (*p == '.') {
		const char *f = ++p;
		while (isdigit((unsigned char)*p))
			p++;
		if (p == f || p - f > 6)
			return -1;
	}
	if (*p)
		return -1;
	*v = strtod(s, NULL);
	return 0;
}

/* KOMI: a float (GTP 2), written in decimal ("6.5", "-7", "1e1"): not nan, inf or a
 * hexadecimal float, which strtod reads too, nor one too large for a double. */
static int parse_komi(const char *s)
{
	char *end;
	if (!s || s[strspn(s, "0123456789+-.eE")])
		return -1;
	const double v = strtod(s, &end);
	return end == s || *end || !isfinite(v) ? -1 : 0;
}

/* STONES: a whole number. */
static int parse_stones(const char *s, double *v)
{
	long n;
	if (!s || proto_parse_int(s, 0, 100000000, &n))
		return -1;
	*v = (double)n;
	return 0;
}

/* Handles one command; returns 1 after quit. */
static int handle(struct gtp *e, char *line)
{
	char *rest = line, idbuf[GTP_ID_DIGITS + 1] = "";
	char *cmd = proto_word(&rest);
	if (!cmd)
		return 0;
	if (isdigit((unsigned char)*cmd)) {   /* an id */
		/* GTP 2 bounds no id, and the controller matches answers by it: an id of any size
		 * is repeated as given, its digits kept as text (leading zeros dropped) so that no
		 * number type can overflow; only an id longer than any controller sends is refused,
		 * with an answer that says so. */
		size_t n = strspn(cmd, "0123456789");
		char q[100];
		if (cmd[n]) {
			answer(e, "", 0, "syntax error ('%s' is not an id: an id is a whole number)",
			       proto_quote(cmd, q, sizeof q));
			return 0;
		}
		while (n > 1 && *cmd == '0') {
			cmd++;
			n--;
		}
		if (n > GTP_ID_DIGITS) {
			answer(e, "", 0, "syntax error (an id of %zu digits: at most %d)", n, GTP_ID_DIGITS);
			return 0;
		}
		memcpy(idbuf, cmd, n + 1);
		cmd = proto_word(&rest);
		if (!cmd) {
			answer(e, idbuf, 0, "syntax error (no command)");
			return 0;
		}
	}
	const char *id = idbuf;
	char q[100];
	if (strcmp(cmd, "protocol_version") == 0) {
		answer(e, id, 1, "2");
	} else if (strcmp(cmd, "name") == 0) {
		answer(e, id, 1, "yomi");
	} else if (strcmp(cmd, "version") == 0) {
		answer(e, id, 1, "%s", YOMI_VERSION);
	} else if (strcmp(cmd, "known_command") == 0) {
		const char *what = proto_word(&rest);
		int known = 0;
		for (int i = 0; what && gtp_commands[i]; i++)
			known |= strcmp(gtp_commands[i], what) == 0;
		answer(e, id, 1, known ? "true" : "false");
	} else if (strcmp(cmd, "list_commands") == 0) {
		struct proto_text t;
		proto_text_clear(&t);
		for (int i = 0; gtp_commands[i]; i++)
			proto_text_add(&t, "%s%s", i ? "\n" : "", gtp_commands[i]);
		answer(e, id, 1, "%s", t.s);
	} else if (strcmp(cmd, "quit") == 0) {
		answer(e, id, 1, "%s", "");
		return 1;
	} else if (strcmp(cmd, "list_games") == 0) {
		struct proto_text t;
		proto_text_clear(&t);
		for (int i = 0; game_registry[i]; i++) {
			const struct game *g = game_registry[i];
			if (gtp_speaks(g) && find_game(g->family, 0) == g)   /* each family once */
				proto_text_add(&t, "%s%s", t.len ? "\n" : "", g->family);
		}
		answer(e, id, 1, "%s", t.s);
	} else if (strcmp(cmd, "set_game") == 0) {
		const char *name = rest;
		while (isspace((unsigned char)*name))
			name++;
		const struct game *g = *name ? find_game(name, e->game->board_side) : NULL;
		if (!g && *name)
			g = find_game(name, 0);
		if (!g)
			answer(e, id, 0, "unsupported game");
		else {
			set_game(e, g);
			answer(e, id, 1, "%s", "");
		}
	} else if (strcmp(cmd, "boardsize") == 0) {
		const char *w = proto_word(&rest);
		long n;
		const struct game *g;
		/* any whole number is a size (GTP 2): one no game has, however large, is
		 * "unacceptable size", what a controller looks for */
		if (!w || w[strspn(w, "0123456789")])
			answer(e, id, 0, "syntax error (boardsize N)");
		else if (proto_parse_int(w, 1, 100, &n) || !(g = find_game(e->game->family, (int)n)))
			answer(e, id, 0, "unacceptable size");
		else {
			set_game(e, g);
			answer(e, id, 1, "%s", "");
		}
	} else if (strcmp(cmd, "clear_board") == 0) {
		new_game(e);
		answer(e, id, 1, "%s", "");
	} else if (strcmp(cmd, "komi") == 0) {
		if (parse_komi(proto_word(&rest)))
			answer(e, id, 0, "syntax error (komi NUMBER)");
		else
			answer(e, id, 1, "%s", "");   /* no komi in these games: taken, unused */
	} else if (strcmp(cmd, "play") == 0) {
		cmd_play(e, id, rest);
	} else if (strcmp(cmd, "genmove") == 0 || strcmp(cmd, "reg_genmove") == 0) {
		cmd_genmove(e, id, rest, cmd[0] == 'g');
	} else if (strcmp(cmd, "undo") == 0) {
		if (e->len == 0) {
			answer(e, id, 0, "cannot undo");
		} else {
			e->len--;
			if (e->len > 0 && e->implied[e->len - 1])   /* with the pass played for it */
				e->len--;
			replay(e);
			answer(e, id, 1, "%s", "");
		}
	} else if (strcmp(cmd, "showboard") == 0) {
		cmd_showboard(e, id);
	} else if (strcmp(cmd, "time_settings") == 0) {
		double main_time, byo, stones;
		if (parse_seconds(proto_word(&rest), &main_time) ||
		    parse_seconds(proto_word(&rest), &byo) || parse_stones(proto_word(&rest), &stones)) {
			answer(e, id, 0, "syntax error (time_settings MAIN BYOYOMI STONES)");
		} else {
			e->main_time = main_time;
			e->byo_time = byo;
			e->byo_stones = (int)stones;
			/* byoyomi time without stones: no time limit (GTP 2, 4.6) */
			e->timed = !(byo > 0 && stones == 0) && (main_time > 0 || byo > 0);
			e->has_left[0] = e->has_left[1] = 0;
			answer(e, id, 1, "%s", "");
		}
	} else if (strcmp(cmd, "time_left") == 0) {
		const int colour = parse_colour(proto_word(&rest));
		double left, stones;
		if (colour < 0 || parse_seconds(proto_word(&rest), &left) ||
		    parse_stones(proto_word(&rest), &stones)) {
			answer(e, id, 0, "syntax error (time_left COLOUR TIME STONES)");
		} else {
			e->left[colour] = left;
			e->stones[colour] = (int)stones;
			e->has_left[colour] = 1;
			answer(e, id, 1, "%s", "");
		}
	} else if (strcmp(cmd, "final_score") == 0) {
		cmd_final_score(e, id);
	} else {
		answer(e, id, 0, "unknown command (%s)", proto_quote(cmd, q, sizeof q));
	}
	return 0;
}

/* GTP's preprocessing (2.2): control bytes but tab and newline dropped, tabs as spaces,
 * '#' comments cut. */
static void preprocess(char *line)
{
	char *w = line;
	for (char *r = line; *r; r++) {
		unsigned char c = (unsigned char)*r;
		if (c == '#')
			break;
		if (c == '\t')
			*w++ = ' ';
		else if (c >= 32 && c != 127)
			*w++ = (char)c;
	}
	*w = '\0';
}

int gtp_run(const struct game *g, const struct gtp_options *opt, int in, FILE *out)
{
	struct gtp *e = calloc(1, sizeof *e);
	if (!e) {
		fprintf(stderr, "yomi: gtp: out of memory\n");
		return 1;
	}
	if (think_open(&e->think, g, opt->hash_mb ? opt->hash_mb : 16, "gtp")) {
		free(e);
		return 1;
	}
	e->opt = *opt;
	proto_out_init(&e->out, out);
	proto_reader_init(&e->in, in);
	e->game = g;
	new_game(e);
	for (;;) {
		char *line;
		const enum proto_read r = proto_read_line(&e->in, -1, &line);
		if (r == PROTO_EOF)
			break;
		if (r == PROTO_TOO_LONG) {
			answer(e, "", 0, "a line of more than %d bytes was ignored", PROTO_LINE_MAX);
			continue;
		}
		if (r == PROTO_NUL) {
			answer(e, "", 0, "a line holding a NUL byte was ignored");
			continue;
		}
		if (r != PROTO_GOT_LINE)
			continue;
		preprocess(line);
		if (handle(e, line))
			break;
	}
	think_free(&e->think);
	proto_reader_free(&e->in);
	proto_out_free(&e->out);
	free(e);
	return 0;
}
