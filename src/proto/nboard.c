/*
 * nboard.c - yomi as an NBoard engine (the protocol of the NBoard Othello GUI, version 2 as
 * its published description gives it): "set game" passes a whole game in GGF, "move" one
 * more move, "go" asks for the move to play ("=== MOVE EVAL TIME"), "hint N" for the N best
 * with their values ("search PV EVAL 0 DEPTH"), "ping N" stops what runs and answers
 * "pong N".
 *
 * The search runs on think.c's thread so that ping is answered while it searches.  A game
 * is found by its GGF name (GM[Othello]) and board size (TY[8]) as game.h's family and board
 * side, its board read through the game's "obf" notation.  The protocol asks an engine to
 * ignore what it does not understand; yomi also says why on a status line
 * ("status error: ...") and on standard error, so the user can see it.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "proto/io.h"
#include "proto/think.h"
#include "yomi/proto.h"
#include "yomi/registry.h"

enum { NB_MAX_PLIES = 1024 };

struct nboard {
	const struct game *game;
	struct proto_out out;
	struct proto_reader in;
	struct think think;
	struct nboard_options opt;
	int depth;                    /* set depth */
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	int len;
	yomi_move moves[NB_MAX_PLIES];
	int hint;                     /* the search running answers a hint (else a go) */
	struct think_job job;
};

static void complain(struct nboard *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void complain(struct nboard *e, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "yomi: nboard: %s\n", msg);
	proto_say(&e->out, "status error: %s", msg);
}

int nboard_speaks(const struct game *g)
{
	return g->family && strcasecmp(g->family, "Othello") == 0;
}

/* The game of GGF's GM[family] and TY[n] that NBoard plays (an Othello), or NULL. */
static const struct game *find_game(const char *family, int n)
{
	for (int i = 0; game_registry[i]; i++) {
		const struct game *g = game_registry[i];
		if (nboard_speaks(g) && strcasecmp(g->family, family) == 0 && g->board_side == n)
			return g;
	}
	return NULL;
}

/* A game yomi plays, but not over NBoard, that GM[family] names (by its family or its
 * name: GM[Tic-tac-toe], GM[Shogi]), or NULL. */
static const struct game *other_game(const char *family)
{
	for (int i = 0; game_registry[i]; i++) {
		const struct game *g = game_registry[i];
		if (!nboard_speaks(g) && ((g->family && strcasecmp(g->family, family) == 0) ||
		                          strcasecmp(g->name, family) == 0))
			return g;
	}
	return NULL;
}

const char *nboard_games(char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; game_registry[i] && n < len; i++)
		if (nboard_speaks(game_registry[i]))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
			                      game_registry[i]->name);
	return buf;
}

static int obf_notation(const struct game *g)
{
	for (int i = 0; g->notations[i].name; i++)
		if (strcasecmp(g->notations[i].name, "obf") == 0)
			return i;
	return -1;
}

/* The game's move named by text ("F5", "PA" a pass, any case), or -1 with err filled; plays
 * a pass the GGF leaves out when the other side must pass (the colour says whose move). */
static int nb_move(struct nboard *e, const char *text, int colour, struct yomi_error *err)
{
	yomi_move m;
	char buf[16];
	snprintf(buf, sizeof buf, "%s", text);
	if (strcasecmp(buf, "PA") == 0)
		snprintf(buf, sizeof buf, "pass");
	if (e->len >= NB_MAX_PLIES)
		return yomi_fail(err, "more than %d moves", NB_MAX_PLIES);
	if (colour >= 0 && (e->len & 1) != colour) {
		/* the other side's forced pass, left out */
		yomi_move moves[YOMI_MOVES_MAX];
		char t[YOMI_TEXT_MAX];
		if (e->game->status(e->pos).outcome != GAME_ONGOING ||
		    e->game->moves(e->pos, moves) != 1)
			return yomi_fail(err, "%s: not %s's move", buf, colour ? "white" : "black");
		e->game->format_move(e->pos, moves[0], t, sizeof t);
		if (strcasecmp(t, "pass") != 0)
			return yomi_fail(err, "%s: not %s's move", buf, colour ? "white" : "black");
		e->moves[e->len++] = moves[0];
		e->game->play(e->pos, moves[0], e->pos);
	}
	if (e->game->parse_move(e->pos, buf, &m, err))
		return -1;
	e->moves[e->len++] = m;
	e->game->play(e->pos, m, e->pos);
	return 0;
}

/* The side to move of a position that started at `start` with the side s0 to move: GGF's
 * board says who moves first; plies alternate (a pass is a ply). */
static int start_side(const char *obf)
{
	size_t n = strlen(obf);
	return n && obf[n - 1] == 'O';
}

/* set game (;GM[Othello]...TY[8]BO[8 ---...--- *]B[F5]W[F6/-1.0/2.3]...;) */
static void cmd_set_game(struct nboard *e, const char *ggf)
{
	char q[100];
	const char *s = strstr(ggf, "(;");
	if (!s) {
		complain(e, "set game: not a GGF game (it starts with '(;'): %s",
		         proto_quote(ggf, q, sizeof q));
		return;
	}
	s += 2;
	char family[64] = "Othello", board[600] = "";
	int side = 8, first = 0, typed = 0;   /* typed: TY[] gave the size */
	struct { char colour; char move[16]; } mv[NB_MAX_PLIES];
	int nmv = 0;
	while (*s && *s != ')') {
		while (isspace((unsigned char)*s) || *s == ';')
			s++;
		if (*s == ')' || !*s)
			break;
		char tag[8];
		int n = 0;
		while (isupper((unsigned char)*s) && n < 7)
			tag[n++] = *s++;
		tag[n] = '\0';
		if (!n || *s != '[') {
			complain(e, "set game: expected a tag like TY[8] at %s", proto_quote(s, q, sizeof q));
			return;
		}
		const char *val = ++s;
		while (*s && *s != ']') {
			if (*s == '\\' && s[1])
				s++;
			s++;
		}
		if (*s != ']') {
			complain(e, "set game: tag %s is not closed", tag);
			return;
		}
		const size_t len = (size_t)(s - val);
		s++;
		if (strcmp(tag, "GM") == 0) {
			snprintf(family, sizeof family, "%.*s", (int)len, val);
		} else if (strcmp(tag, "TY") == 0) {
			/* "8", or "8r" and the like: the size first */
			const long n = isdigit((unsigned char)*val) ? strtol(val, NULL, 10) : 0;
			if (n < 1 || n > 99) {
				char ty[24];
				snprintf(ty, sizeof ty, "%.*s", (int)(len < 20 ? len : 20), val);
				complain(e, "set game: TY[%s] is not a board size (8, 6 or 4)",
				         proto_quote(ty, q, sizeof q));
				return;
			}
			side = (int)n;
			typed = 1;
		} else if (strcmp(tag, "BO") == 0) {
			if (len >= sizeof board) {
				complain(e, "set game: BO[] is too long");
				return;
			}
			snprintf(board, sizeof board, "%.*s", (int)len, val);
		} else if ((strcmp(tag, "B") == 0 || strcmp(tag, "W") == 0) && nmv < NB_MAX_PLIES) {
			size_t k = strcspn(val, "/]");
			if (k > len)
				k = len;
			mv[nmv].colour = tag[0];
			snprintf(mv[nmv].move, sizeof mv[nmv].move, "%.*s", (int)(k < 15 ? k : 15), val);
			nmv++;
		}
	}
	/* BO[6 ...]: GGF's board starts with its size, which is the game's when TY[] is left out
	 * (the board was read as 8x8, its size and side to move as cells), and must be TY's */
	if (isdigit((unsigned char)board[0])) {
		const int digits = (int)strspn(board, "0123456789");
		const long bo = digits > 2 ? 0 : strtol(board, NULL, 10);
		if (bo < 1) {
			complain(e, "set game: BO[%.*s ...]: %.*s is not a board size (8, 6 or 4)",
			         digits < 20 ? digits : 20, board, digits < 20 ? digits : 20, board);
			return;
		}
		if (!typed) {
			side = (int)bo;
		} else if (bo != side) {
			complain(e, "set game: BO[%ld ...] is a board of %ld, TY[%d] of %d", bo, bo,
			         side, side);
			return;
		}
	}
	const struct game *g = find_game(family, side);
	const struct game *other = g ? NULL : other_game(family);
	if (other) {   /* the game played so far goes on */
		char games[200];
		complain(e, "set game: %s is not played over NBoard (NBoard games: %s)", other->name,
		         nboard_games(games, sizeof games));
		return;
	}
	if (!g || obf_notation(g) < 0) {
		complain(e, "set game: yomi does not play %s on a board of %d",
		         proto_quote(family, q, sizeof q), side);
		return;
	}
	/* BO[8 cells side]: '*' black, 'O' white, '-' empty, as the obf notation writes them
	 * with X for black */
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	if (board[0]) {
		char *b = board;
		while (isdigit((unsigned char)*b))
			b++;
		char obf[600];
		size_t n = 0;
		for (; *b && n + 2 < sizeof obf; b++) {
			if (isspace((unsigned char)*b)) {
				if (n && obf[n - 1] != ' ')
					obf[n++] = ' ';
				continue;
			}
			obf[n++] = *b == '*' ? 'X' : *b == 'o' ? 'O' : *b;
		}
		obf[n] = '\0';
		struct yomi_error err;
		if (g->parse(obf, start, &err)) {
			complain(e, "set game: BO[%s]: %s", proto_quote(board, q, sizeof q), err.msg);
			return;
		}
		first = start_side(obf);
	} else {
		g->start(start);
	}
	think_abandon(&e->think);
	think_join(&e->think);
	if (g != e->game) {
		e->game = g;
		e->think.game = g;
		think_clear(&e->think);
	}
	memcpy(e->start, start, g->pos_size);
	memcpy(e->pos, start, g->pos_size);
	e->len = 0;
	/* plies alternate from the side to move at the start: parity relative to it */
	for (int i = 0; i < nmv; i++) {
		struct yomi_error err;
		const int colour = (mv[i].colour == 'W') ^ first;
		if (nb_move(e, mv[i].move, colour, &err)) {
			complain(e, "set game: move %d %c[%s]: %s", i + 1, mv[i].colour,
			         proto_quote(mv[i].move, q, sizeof q), err.msg);
			memcpy(e->pos, start, g->pos_size);   /* the game as far as it is legal */
			for (int k = 0; k < e->len; k++)
				g->play(e->pos, e->moves[k], e->pos);
			return;
		}
	}
}

static double eval_of(const struct search_line *l)
{
	return l->proven ? (double)l->score : l->score / 100.0;
}

/* "F5d6C3": the pv as one word. */
static void add_pv(const struct nboard *e, struct proto_text *t, const void *root,
                   const struct search_line *l)
{
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char mv[YOMI_TEXT_MAX];
	memcpy(p, root, e->game->pos_size);
	for (int i = 0; i < l->len; i++) {
		e->game->format_move(p, l->pv[i], mv, sizeof mv);
		if (strcasecmp(mv, "pass") == 0)
			snprintf(mv, sizeof mv, "PA");
		for (char *c = mv; *c; c++)
			*c = (char)toupper((unsigned char)*c);
		proto_text_add(t, "%s%s", i ? "-" : "", mv);
		if (e->game->play(p, l->pv[i], p))
			break;
	}
}

static void on_report(void *arg, const struct search_report *r, const void *root)
{
	struct nboard *e = arg;
	proto_say(&e->out, "nodestats %llu %.2f", (unsigned long long)r->nodes, r->seconds);
	if (!e->hint)
		return;
	for (int k = 0; k < r->nlines; k++) {
		struct proto_text t;
		proto_text_clear(&t);
		proto_text_add(&t, "search ");
		add_pv(e, &t, root, &r->lines[k]);
		proto_text_add(&t, " %.2f 0 %d%s", eval_of(&r->lines[k]), r->depth,
		               r->lines[k].proven ? " exact" : "");
		proto_say(&e->out, "%s", t.s);
	}
}

static void on_done(void *arg, const struct think_result *res, const void *root)
{
	struct nboard *e = arg;
	if (!e->hint && res->nlines && res->lines[0].len) {
		char mv[YOMI_TEXT_MAX];
		e->game->format_move(root, res->lines[0].pv[0], mv, sizeof mv);
		if (strcasecmp(mv, "pass") == 0)
			snprintf(mv, sizeof mv, "PA");
		for (char *c = mv; *c; c++)
			*c = (char)toupper((unsigned char)*c);
		proto_say(&e->out, "=== %s %.2f %.1f", mv, eval_of(&res->lines[0]), res->seconds);
	}
	proto_say(&e->out, "status");
}

static void start_search(struct nboard *e, int hint, int n)
{
	struct think_job *job = &e->job;
	if (e->game->status(e->pos).outcome != GAME_ONGOING) {
		complain(e, "%s: the game is over", hint ? "hint" : "go");
		return;
	}
	memset(&job->limits, 0, sizeof job->limits);
	job->limits.multipv = hint ? n : 1;
	job->limits.depth = e->depth > 0 ? e->depth : 0;
	job->limits.threads = e->opt.threads;
	job->budget = (struct time_budget){0, 0};
	if (e->opt.seconds > 0)
		job->budget = timeman_budget(&(struct time_clock){.movetime = e->opt.seconds});
	job->wait = job->ponder = 0;
	job->use_table = 1;
	memcpy(job->pos, e->pos, e->game->pos_size);
	job->history_len = 0;   /* Othello has no repetition */
	e->hint = hint;
	proto_say(&e->out, "status yomi is thinking");
	const struct think_hooks hooks = {on_report, on_done, NULL, e};
	if (think_start(&e->think, job, &hooks))
		complain(e, "cannot start the search thread");
}

/* Handles one line; returns 1 after quit. */
static int handle(struct nboard *e, char *line)
{
	char q[100];
	char *rest = line;
	char *cmd = proto_word(&rest);
	if (!cmd)
		return 0;
	long v;
	if (strcmp(cmd, "nboard") == 0) {
		const char *w = proto_word(&rest);
		if (!w || proto_parse_int(w, 0, 1000, &v))
			complain(e, "nboard: %s is not a version number from 0 to 1000",
			         w ? proto_quote(w, q, sizeof q) : "(nothing)");
		proto_say(&e->out, "set myname yomi");
	} else if (strcmp(cmd, "set") == 0) {
		const char *what = proto_word(&rest);
		if (!what) {
			complain(e, "set: expected depth, game or contempt");
		} else if (strcmp(what, "depth") == 0) {
			const char *w = proto_word(&rest);
			if (!w || proto_parse_int(w, 1, SEARCH_MAX_PLY - 8, &v))
				complain(e, "set depth: %s is not a depth from 1 to %d",
				         w ? proto_quote(w, q, sizeof q) : "(nothing)", SEARCH_MAX_PLY - 8);
			else
				e->depth = (int)v;
		} else if (strcmp(what, "game") == 0) {
			cmd_set_game(e, rest);
		} else if (strcmp(what, "contempt") == 0 || strcmp(what, "time") == 0) {
			/* no contempt, no clock: the depth (and --time) rule */
		} else {
			complain(e, "set: unknown setting '%s'", proto_quote(what, q, sizeof q));
		}
	} else if (strcmp(cmd, "move") == 0) {
		const char *w = proto_word(&rest);
		char mv[16];
		struct yomi_error err;
		think_abandon(&e->think);
		think_join(&e->think);
		if (!w) {
			complain(e, "move: no move given");
			return 0;
		}
		snprintf(mv, sizeof mv, "%.*s", (int)strcspn(w, "/"), w);
		if (nb_move(e, mv, -1, &err))
			complain(e, "move %s: %s", proto_quote(w, q, sizeof q), err.msg);
	} else if (strcmp(cmd, "go") == 0 || strcmp(cmd, "hint") == 0) {
		int n = 1;
		if (cmd[0] == 'h') {
			const char *w = proto_word(&rest);
			if (!w || proto_parse_int(w, 1, 1000, &v)) {
				complain(e, "hint: %s is not a number of moves",
				         w ? proto_quote(w, q, sizeof q) : "(nothing)");
				return 0;
			}
			n = v > SEARCH_MAX_MULTIPV ? SEARCH_MAX_MULTIPV : (int)v;
		}
		if (think_busy(&e->think)) {
			complain(e, "%s: already searching (send ping first)", cmd);
			return 0;
		}
		think_join(&e->think);
		start_search(e, cmd[0] == 'h', n);
	} else if (strcmp(cmd, "ping") == 0) {
		const char *w = proto_word(&rest);
		think_abandon(&e->think);   /* what it found is for a position about to change */
		think_join(&e->think);
		proto_say(&e->out, "pong %s", w ? w : "");
	} else if (strcmp(cmd, "learn") == 0) {
		proto_say(&e->out, "learned");
	} else if (strcmp(cmd, "analyze") == 0) {
		/* a book-building request: yomi has no book */
	} else if (strcmp(cmd, "quit") == 0) {
		return 1;
	} else {
		complain(e, "unknown command '%s'", proto_quote(cmd, q, sizeof q));
	}
	return 0;
}

int nboard_run(const struct game *g, const struct nboard_options *opt, int in, FILE *out)
{
	struct nboard *e = calloc(1, sizeof *e);
	if (!e) {
		fprintf(stderr, "yomi: nboard: out of memory\n");
		return 1;
	}
	if (think_open(&e->think, g, opt->hash_mb ? opt->hash_mb : 16, "nboard")) {
		free(e);
		return 1;
	}
	e->opt = *opt;
	proto_out_init(&e->out, out);
	proto_reader_init(&e->in, in);
	e->game = g;
	e->depth = opt->depth;
	g->start(e->start);
	memcpy(e->pos, e->start, g->pos_size);
	for (;;) {
		char *line;
		const enum proto_read r = proto_read_line(&e->in, -1, &line);
		if (r == PROTO_EOF)
			break;
		if (r == PROTO_TOO_LONG) {
			complain(e, "a line of more than %d bytes was ignored", PROTO_LINE_MAX);
			continue;
		}
		if (r == PROTO_NUL) {
			complain(e, "a line holding a NUL byte was ignored");
			continue;
		}
		if (r == PROTO_GOT_LINE && handle(e, line))
			break;
	}
	think_abandon(&e->think);
	think_join(&e->think);
	think_free(&e->think);
	proto_reader_free(&e->in);
	proto_out_free(&e->out);
	free(e);
	return 0;
}
