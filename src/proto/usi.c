/*
 * usi.c - yomi as a USI engine (the Universal Shogi Interface of shogi GUIs, and of
 * Fairy-Stockfish and pychess for the variants): Dobutsu, and shogi, through game.h's "usi"
 * move notation and "sfen" position notation.
 *
 * The reading loop runs here; the search runs on think.c's thread, so that stop, ponderhit
 * and isready are answered while it searches.  A bad line is answered with
 * "info string error: ..." naming what is wrong, and has no other effect: the engine keeps
 * serving.  A refused position leaves no position, so that a following go cannot answer a
 * move of the wrong one.
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

#ifndef YOMI_VERSION
#define YOMI_VERSION "0.1.0"
#endif

enum { USI_MAX_PLIES = 4096, USI_HASH_MAX = 65536, USI_HASH_DEFAULT = 16, USI_OVERHEAD_MS = 50 };

enum go_kind { GO_MOVE, GO_MATE };

struct usi {
	const struct game *game;
	int move_notation, sfen_notation;
	struct proto_out out;
	struct proto_reader in;
	struct think think;

	/* options */
	size_t hash_mb;
	int multipv, ponder, overhead_ms, use_table, threads;
	char table_path[1024];        /* "" = the default places */
	struct table *table;
	int table_checked;            /* the table options were applied (isready, go) */

	/* the position: start, then the moves */
	int have_pos;
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	struct game_key history[THINK_HISTORY];   /* keys of the positions before pos */
	int history_len;

	enum go_kind kind;            /* of the search running or last run */
	struct think_job job;
};

int usi_speaks(const struct game *g)
{
	int sfen = -1;
	for (int i = 0; g->notations && g->notations[i].name; i++)
		if (strcasecmp(g->notations[i].name, "sfen") == 0)
			sfen = i;
	return sfen >= 0 && game_move_notation(g, "usi") >= 0;
}

static int sfen_index(const struct game *g)
{
	for (int i = 0; g->notations[i].name; i++)
		if (strcasecmp(g->notations[i].name, "sfen") == 0)
			return i;
	return 0;
}

static void say_error(struct usi *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say_error(struct usi *u, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	proto_say(&u->out, "info string error: %s", msg);
}

/* Side to move of pos as SFEN writes it: 0 for b (sente, the first player), 1 for w. */
static int sfen_side(const struct usi *u, const void *pos)
{
	char text[YOMI_TEXT_MAX];
	u->game->format(pos, u->sfen_notation, text, sizeof text);
	const char *sp = strchr(text, ' ');
	return sp && sp[1] == 'w';
}

/* " M1 M2 ..." of line from pos in USI, as far as it is legal (it always is). */
static void add_pv(const struct usi *u, struct proto_text *t, const void *pos,
                   const struct search_line *l)
{
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char mv[YOMI_TEXT_MAX];
	memcpy(p, pos, u->game->pos_size);
	for (int i = 0; i < l->len; i++) {
		game_format_move_as(u->game, p, l->pv[i], u->move_notation, mv, sizeof mv);
		proto_text_add(t, " %s", mv);
		if (u->game->play(p, l->pv[i], p))
			break;
	}
}

static void add_score(struct proto_text *t, const struct search_line *l)
{
	if (score_is_win(l->score))
		proto_text_add(t, " score mate %d", score_distance(l->score));
	else if (score_is_loss(l->score))
		proto_text_add(t, " score mate -%d", score_distance(l->score));
	else
		proto_text_add(t, " score cp %d", l->score);
}

static void info_lines(struct usi *u, int depth, int seldepth, uint64_t nodes, double secs,
                       int nlines, const struct search_line *lines, const void *root)
{
	const uint64_t ms = (uint64_t)(secs * 1000);
	const uint64_t nps = secs > 0 ? (uint64_t)((double)nodes / secs) : 0;
	const int hashfull = think_hashfull(&u->think);
	for (int k = 0; k < nlines; k++) {
		struct proto_text t;
		proto_text_clear(&t);
		proto_text_add(&t, "info depth %d seldepth %d", depth, seldepth > depth ? seldepth : depth);
		if (nlines > 1 || u->multipv > 1)
			proto_text_add(&t, " multipv %d", k + 1);
		add_score(&t, &lines[k]);
		proto_text_add(&t, " nodes %llu nps %llu hashfull %d time %llu pv",
		               (unsigned long long)nodes, (unsigned long long)nps, hashfull,
		               (unsigned long long)ms);
		add_pv(u, &t, root, &lines[k]);
		proto_say(&u->out, "%s", t.s);
	}
}

static void on_report(void *arg, const struct search_report *r, const void *root)
{
	struct usi *u = arg;
	info_lines(u, r->depth, r->seldepth, r->nodes, r->seconds, r->nlines, r->lines, root);
}

static void on_note(void *arg, const char *text)
{
	struct usi *u = arg;
	proto_say(&u->out, "info string %s", text);
}

static void on_done(void *arg, const struct think_result *res, const void *root)
{
	struct usi *u = arg;
	const struct search_line *best = res->nlines ? &res->lines[0] : NULL;
	if (res->from_table && best) {
		info_lines(u, res->depth, res->seldepth, 0, res->seconds, 1, best, root);
		proto_say(&u->out, "info string perfect play from the solved table: %s",
		          score_is_win(best->score) ? "the side to move wins"
		          : score_is_loss(best->score) ? "the side to move loses" : "a draw");
	}
	if (u->kind == GO_MATE) {
		struct proto_text t;
		proto_text_clear(&t);
		if (best && best->proven && score_is_win(best->score)) {
			proto_text_add(&t, "checkmate");
			add_pv(u, &t, root, best);
		} else if (best && best->proven) {
			proto_text_add(&t, "checkmate nomate");
		} else {
			proto_text_add(&t, "checkmate timeout");
		}
		proto_say(&u->out, "%s", t.s);
		return;
	}
	if (!best || best->len < 1) {
		proto_say(&u->out, "bestmove resign");
		return;
	}
	char mv[YOMI_TEXT_MAX], pmv[YOMI_TEXT_MAX];
	game_format_move_as(u->game, root, best->pv[0], u->move_notation, mv, sizeof mv);
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	if (best->len >= 2 && !u->game->play(root, best->pv[0], next)) {
		game_format_move_as(u->game, next, best->pv[1], u->move_notation, pmv, sizeof pmv);
		proto_say(&u->out, "bestmove %s ponder %s", mv, pmv);
	} else {
		proto_say(&u->out, "bestmove %s", mv);
	}
}

/* ---- options ---- */

static void list_options(struct usi *u)
{
	struct proto_text t;
	proto_say(&u->out, "option name USI_Hash type spin default %d min 1 max %d", USI_HASH_DEFAULT,
	          USI_HASH_MAX);
	proto_say(&u->out, "option name USI_Ponder type check default false");
	proto_say(&u->out, "option name MultiPV type spin default 1 min 1 max %d",
	          SEARCH_MAX_MULTIPV);
	/* The search's threads (lazy SMP): the default is --threads. */
	proto_say(&u->out, "option name Threads type spin default %d min 1 max %d", u->threads,
	          SEARCH_MAX_THREADS);
	proto_text_clear(&t);
	proto_text_add(&t, "option name UCI_Variant type combo default %s", u->game->name);
	for (int i = 0; game_registry[i]; i++)
		if (usi_speaks(game_registry[i]))
			proto_text_add(&t, " var %s", game_registry[i]->name);
	proto_say(&u->out, "%s", t.s);
	proto_say(&u->out, "option name UseTable type check default true");
	proto_say(&u->out, "option name Table type string default <empty>");
	proto_say(&u->out, "option name MoveOverhead type spin default %d min 0 max 5000",
	          USI_OVERHEAD_MS);
}

static int parse_bool(const char *v, int *out)
{
	if (strcasecmp(v, "true") == 0)
		*out = 1;
	else if (strcasecmp(v, "false") == 0)
		*out = 0;
	else
		return -1;
	return 0;
}

static void close_table(struct usi *u)
{
	if (u->table)
		table_close(u->table);
	u->table = NULL;
	u->think.table = NULL;
	u->table_checked = 0;
}

/* Opens the table the options ask for (once after each change); says which, or why not. */
static void apply_table(struct usi *u)
{
	if (u->table_checked)
		return;
	u->table_checked = 1;
	if (!u->use_table || !u->game->solver)
		return;
	struct yomi_error err;
	if (!u->table_path[0] && !table_default_exists(u->game))
		return;   /* no table where one is looked for: the search plays, nothing to say */
	u->table = table_find(u->game, u->table_path[0] ? u->table_path : NULL, &err);
	if (!u->table) {
		say_error(u, "%s", err.msg);
		return;
	}
	if (!table_has_distance(u->table)) {
		say_error(u, "table: it has no distances (solve it without --wdl-only): not used");
		close_table(u);
		u->table_checked = 1;
		return;
	}
	u->think.table = u->table;
	proto_say(&u->out, "info string solved table open: perfect play wherever it holds the "
	          "position");
}

static int set_game(struct usi *u, const struct game *g)
{
	close_table(u);
	u->game = g;
	u->think.game = g;
	u->move_notation = game_move_notation(g, "usi");
	u->sfen_notation = sfen_index(g);
	think_clear(&u->think);   /* entries of another game's layout */
	g->start(u->pos);
	u->have_pos = 1;
	u->history_len = 0;
	return 0;
}

/* setoption name NAME [value VALUE] */
static void cmd_setoption(struct usi *u, char *rest)
{
	char *name = strstr(rest, "name");
	if (!name || (name != rest && !isspace((unsigned char)name[-1]))) {
		say_error(u, "setoption: expected 'setoption name NAME [value VALUE]'");
		return;
	}
	name += 4;
	while (isspace((unsigned char)*name))
		name++;
	char *value = NULL;
	for (char *v = name; (v = strstr(v, "value")) != NULL; v += 5) {
		if (v > name && isspace((unsigned char)v[-1]) && (!v[5] || isspace((unsigned char)v[5]))) {
			value = v + 5;
			char *end = v - 1;
			while (end > name && isspace((unsigned char)end[-1]))
				end--;
			*end = '\0';
			while (isspace((unsigned char)*value))
				value++;
			break;
		}
	}
	size_t n = strlen(name);
	while (n > 0 && isspace((unsigned char)name[n - 1]))
		name[--n] = '\0';
	if (value) {
		size_t m = strlen(value);
		while (m > 0 && isspace((unsigned char)value[m - 1]))
			value[--m] = '\0';
	}
	char q[100];
	if (!*name) {
		say_error(u, "setoption: no option name");
		return;
	}
	if (think_busy(&u->think)) {
		say_error(u, "setoption %s: not while searching (send stop first)",
		          proto_quote(name, q, sizeof q));
		return;
	}
	think_join(&u->think);
	if (!value && strcasecmp(name, "Table") != 0) {
		say_error(u, "setoption %s: no value", proto_quote(name, q, sizeof q));
		return;
	}
	long v;
	int b;
	if (strcasecmp(name, "USI_Hash") == 0) {
		if (proto_parse_int(value, 1, USI_HASH_MAX, &v))
			say_error(u, "setoption USI_Hash: '%s' is not a number from 1 to %d",
			          proto_quote(value, q, sizeof q), USI_HASH_MAX);
		else
			u->hash_mb = (size_t)v;   /* the table is made at isready (or go) */
	} else if (strcasecmp(name, "USI_Ponder") == 0) {
		if (parse_bool(value, &b))
			say_error(u, "setoption USI_Ponder: '%s' is not true or false",
			          proto_quote(value, q, sizeof q));
		else
			u->ponder = b;
	} else if (strcasecmp(name, "MultiPV") == 0) {
		if (proto_parse_int(value, 1, SEARCH_MAX_MULTIPV, &v))
			say_error(u, "setoption MultiPV: '%s' is not a number from 1 to %d",
			          proto_quote(value, q, sizeof q), SEARCH_MAX_MULTIPV);
		else
			u->multipv = (int)v;
	} else if (strcasecmp(name, "Threads") == 0) {
		if (proto_parse_int(value, 1, SEARCH_MAX_THREADS, &v))
			say_error(u, "setoption Threads: '%s' is not a number from 1 to %d",
			          proto_quote(value, q, sizeof q), SEARCH_MAX_THREADS);
		else
			u->threads = (int)v;
	} else if (strcasecmp(name, "UCI_Variant") == 0) {
		const struct game *g = game_find(value);
		if (!g || !usi_speaks(g))
			say_error(u, "setoption UCI_Variant: '%s' is not a variant yomi plays over USI",
			          proto_quote(value, q, sizeof q));
		else if (g != u->game)
			set_game(u, g);
	} else if (strcasecmp(name, "UseTable") == 0) {
		if (parse_bool(value, &b)) {
			say_error(u, "setoption UseTable: '%s' is not true or false",
			          proto_quote(value, q, sizeof q));
		} else if (b != u->use_table) {
			close_table(u);
			u->use_table = b;
		}
	} else if (strcasecmp(name, "Table") == 0) {
		const char *path = !value || strcmp(value, "<empty>") == 0 ? "" : value;
		if (strlen(path) >= sizeof u->table_path) {
			say_error(u, "setoption Table: the path is too long");
		} else {
			close_table(u);
			snprintf(u->table_path, sizeof u->table_path, "%s", path);
		}
	} else if (strcasecmp(name, "MoveOverhead") == 0) {
		if (proto_parse_int(value, 0, 5000, &v))
			say_error(u, "setoption MoveOverhead: '%s' is not a number from 0 to 5000",
			          proto_quote(value, q, sizeof q));
		else
			u->overhead_ms = (int)v;
	} else {
		say_error(u, "setoption: unknown option '%s' (USI_Hash, USI_Ponder, MultiPV, "
		          "Threads, UCI_Variant, UseTable, Table, MoveOverhead)",
		          proto_quote(name, q, sizeof q));
	}
}

/* Makes the transposition table the options ask for: when that size cannot be had, the
 * table there was stays, or the first one is made at the default size, said on a line
 * info string error.  0, or -1 (said) out of memory even for that. */
static int ready(struct usi *u)
{
	if (think_hash(&u->think, u->hash_mb)) {
		const size_t asked = u->hash_mb;
		if (!u->think.tt_mb && asked > USI_HASH_DEFAULT &&
		    think_hash(&u->think, USI_HASH_DEFAULT) == 0) {
			say_error(u, "USI_Hash %zu MB: out of memory (the table is %d MB, the default)",
			          asked, USI_HASH_DEFAULT);
		} else {
			say_error(u, "USI_Hash %zu MB: out of memory (the table stays at %zu MB)", asked,
			          u->think.tt_mb);
		}
		u->hash_mb = u->think.tt_mb;
		if (!u->think.tt_mb)
			return -1;
	}
	apply_table(u);
	return 0;
}

/* ---- position ---- */

static void cmd_position(struct usi *u, char *rest)
{
	char q[100], said[100];
	u->have_pos = 0;   /* until this one is read */
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	char *w = proto_word(&rest);
	struct yomi_error err;
	if (w && strcmp(w, "startpos") == 0) {
		u->game->start(pos);
		w = proto_word(&rest);
	} else if (w && strcmp(w, "sfen") == 0) {
		char text[1024];
		size_t at = 0;
		text[0] = '\0';
		while ((w = proto_word(&rest)) != NULL && strcmp(w, "moves") != 0) {
			if (at + strlen(w) + 2 > sizeof text) {
				say_error(u, "position: the SFEN is too long");
				return;
			}
			at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", at ? " " : "", w);
		}
		if (!at) {
			say_error(u, "position: sfen: no position given");
			return;
		}
		if (u->game->parse(text, pos, &err)) {
			say_error(u, "position: sfen %s: %s", proto_quote(text, q, sizeof q), err.msg);
			return;
		}
	} else {
		say_error(u, "position: expected 'startpos' or 'sfen SFEN', not %s",
		          w ? proto_quote(w, q, sizeof q) : "nothing");
		return;
	}
	if (w && strcmp(w, "moves") != 0) {
		say_error(u, "position: expected 'moves' after the position, not '%s'",
		          proto_quote(w, q, sizeof q));
		return;
	}
	int len = 0;
	for (int i = 1; w && (w = proto_word(&rest)) != NULL; i++) {
		yomi_move m;
		if (i > USI_MAX_PLIES) {   /* USI_MAX_PLIES moves are taken, not one more */
			say_error(u, "position: more than %d moves", USI_MAX_PLIES);
			return;
		}
		if (u->game->parse_move(pos, w, &m, &err)) {
			say_error(u, "position: move %d '%s': %s", i, proto_quote(w, said, sizeof said),
			          err.msg);
			return;
		}
		if (len == THINK_HISTORY) {   /* only the latest positions can repeat */
			memmove(u->history, u->history + 1, sizeof u->history[0] * (THINK_HISTORY - 1));
			len--;
		}
		u->history[len++] = u->game->key(pos);
		u->game->play(pos, m, pos);
	}
	memcpy(u->pos, pos, u->game->pos_size);
	u->history_len = len;
	u->have_pos = 1;
}

/* ---- go ---- */

static void cmd_go(struct usi *u, char *rest)
{
	char q[100];
	if (think_busy(&u->think)) {
		say_error(u, "go: already searching (send stop first)");
		return;
	}
	think_join(&u->think);   /* the last search's thread, done with its answer */
	if (!u->have_pos) {
		say_error(u, "go: no position (the last position command was refused)");
		return;
	}
	struct think_job *job = &u->job;
	memset(&job->limits, 0, sizeof job->limits);
	job->limits.multipv = u->multipv;
	job->limits.threads = u->threads;
	job->budget = (struct time_budget){0, 0};
	job->wait = job->ponder = 0;
	double clock_ms[2] = {-1, -1}, inc_ms[2] = {0, 0}, byoyomi = 0, movetime = 0, mate = -1;
	long togo = 0, v;
	int infinite = 0, timed = 0, limited = 0;
	enum go_kind kind = GO_MOVE;
	char *w;
	while ((w = proto_word(&rest)) != NULL) {
		double *ms = NULL;
		if (strcmp(w, "ponder") == 0) {
			job->ponder = 1;
			continue;
		}
		if (strcmp(w, "infinite") == 0) {
			infinite = 1;
			continue;
		}
		char *arg = proto_word(&rest);
		if (strcmp(w, "mate") == 0) {
			kind = GO_MATE;
			if (arg && strcmp(arg, "infinite") == 0) {
				infinite = 1;
				continue;
			}
			ms = &mate;
		} else if (strcmp(w, "btime") == 0) {
			ms = &clock_ms[0];
		} else if (strcmp(w, "wtime") == 0) {
			ms = &clock_ms[1];
		} else if (strcmp(w, "binc") == 0) {
			ms = &inc_ms[0];
		} else if (strcmp(w, "winc") == 0) {
			ms = &inc_ms[1];
		} else if (strcmp(w, "byoyomi") == 0) {
			ms = &byoyomi;
		} else if (strcmp(w, "movetime") == 0) {
			ms = &movetime;
		} else if (strcmp(w, "depth") == 0 || strcmp(w, "nodes") == 0 ||
		           strcmp(w, "movestogo") == 0) {
			const int depth = w[0] == 'd', nodes = w[0] == 'n';
			if (!arg || proto_parse_int(arg, 1, depth ? SEARCH_MAX_PLY - 8 : nodes ? 1L << 62
			                                                                  : 100000, &v)) {
				say_error(u, "go: %s %s is not a number from 1 to %ld", w,
				          arg ? proto_quote(arg, q, sizeof q) : "(nothing)",
				          depth ? (long)SEARCH_MAX_PLY - 8 : nodes ? 1L << 62 : 100000);
				return;
			}
			if (depth)
				job->limits.depth = (int)v;
			else if (nodes)
				job->limits.nodes = (uint64_t)v;
			else
				togo = v;
			limited |= depth || nodes;
			continue;
		} else {
			say_error(u, "go: unknown word '%s' (btime wtime byoyomi binc winc movetime "
			          "movestogo depth nodes infinite ponder mate)", proto_quote(w, q, sizeof q));
			return;
		}
		if (!arg || proto_parse_ms(arg, ms)) {
			say_error(u, "go: %s %s is not a number of milliseconds", w,
			          arg ? proto_quote(arg, q, sizeof q) : "(nothing)");
			return;
		}
		if (ms != &mate)
			timed = 1;
	}
	const struct game_status st = u->game->status(u->pos);
	yomi_move moves[YOMI_MOVES_MAX];
	if (st.outcome != GAME_ONGOING || u->game->moves(u->pos, moves) == 0) {
		proto_say(&u->out, "info string the game is over (%s)",
		          st.reason ? st.reason : "no legal move");
		proto_say(&u->out, kind == GO_MATE ? "checkmate nomate" : "bestmove resign");
		return;
	}
	if (ready(u))
		return;
	const double ovh = u->overhead_ms / 1000.0;
	if (kind == GO_MATE) {   /* answered when proven, or at the time limit or stop */
		if (!infinite)
			job->budget.hard = mate / 1000.0 - ovh > 0.001 ? mate / 1000.0 - ovh : 0.001;
	} else if (infinite || (!timed && !limited)) {
		job->wait = 1;   /* until stop: go infinite, or go with no limit at all */
	} else if (timed) {
		const int side = sfen_side(u, u->pos);
		struct time_clock c = {0};
		c.remaining = clock_ms[side] > 0 ? clock_ms[side] / 1000.0 : 0;
		c.increment = inc_ms[side] / 1000.0;
		c.byoyomi = byoyomi / 1000.0;
		c.movetime = movetime / 1000.0;
		c.moves_to_go = (int)togo;
		c.overhead = ovh;
		job->budget = timeman_budget(&c);
	}
	if (job->ponder)
		job->wait = 1;   /* the answer waits for ponderhit or stop */
	memcpy(job->pos, u->pos, u->game->pos_size);
	memcpy(job->history, u->history, sizeof u->history[0] * (size_t)u->history_len);
	job->history_len = u->history_len;
	job->use_table = 1;
	u->kind = kind;
	const struct think_hooks hooks = {on_report, on_done, on_note, u};
	if (think_start(&u->think, job, &hooks))
		say_error(u, "go: cannot start the search thread");
}

/* ---- the loop ---- */

static void cmd_usi(struct usi *u)
{
	proto_say(&u->out, "id name yomi " YOMI_VERSION);
	proto_say(&u->out, "id author the yomi developers");
	list_options(u);
	proto_say(&u->out, "usiok");
}

/* Handles one line; returns 1 after quit. */
static int handle(struct usi *u, char *line)
{
	char q[100];
	char *rest = line;
	char *cmd = proto_word(&rest);
	if (!cmd)
		return 0;
	if (strcmp(cmd, "usi") == 0) {
		cmd_usi(u);
	} else if (strcmp(cmd, "isready") == 0) {
		if (!think_busy(&u->think))
			ready(u);   /* what fails is said; a GUI waits for readyok all the same */
		proto_say(&u->out, "readyok");
	} else if (strcmp(cmd, "setoption") == 0) {
		cmd_setoption(u, rest);
	} else if (strcmp(cmd, "usinewgame") == 0) {
		think_abandon(&u->think);
		think_join(&u->think);
		think_clear(&u->think);
	} else if (strcmp(cmd, "position") == 0) {
		think_abandon(&u->think);
		think_join(&u->think);
		cmd_position(u, rest);
	} else if (strcmp(cmd, "go") == 0) {
		cmd_go(u, rest);
	} else if (strcmp(cmd, "stop") == 0) {
		think_stop(&u->think);
		think_join(&u->think);
	} else if (strcmp(cmd, "ponderhit") == 0) {
		think_ponderhit(&u->think);
	} else if (strcmp(cmd, "gameover") == 0) {
		think_abandon(&u->think);
		think_join(&u->think);
		const char *r = proto_word(&rest);
		if (!r || (strcmp(r, "win") && strcmp(r, "lose") && strcmp(r, "draw")))
			say_error(u, "gameover: expected win, lose or draw, not %s",
			          r ? proto_quote(r, q, sizeof q) : "nothing");
	} else if (strcmp(cmd, "quit") == 0) {
		return 1;
	} else {
		say_error(u, "unknown command '%s' (usi isready setoption usinewgame position go "
		          "stop ponderhit gameover quit)", proto_quote(cmd, q, sizeof q));
	}
	return 0;
}

int usi_run(const struct game *g, const struct usi_options *opt, int in, FILE *out)
{
	struct usi *u = calloc(1, sizeof *u);
	if (!u || think_init(&u->think, g)) {
		free(u);
		fprintf(stderr, "yomi: usi: out of memory\n");
		return 1;
	}
	proto_out_init(&u->out, out);
	proto_reader_init(&u->in, in);
	u->hash_mb = USI_HASH_DEFAULT;
	u->multipv = 1;
	u->use_table = 1;
	u->overhead_ms = USI_OVERHEAD_MS;
	u->threads = opt && opt->threads > 0 ? opt->threads : 1;
	if (u->threads > SEARCH_MAX_THREADS)
		u->threads = SEARCH_MAX_THREADS;
	set_game(u, g);
	for (;;) {
		const double deadline = think_deadline(&u->think);
		const double wait = deadline > 0 ? deadline - search_clock() : -1;
		if (deadline > 0 && wait <= 0) {
			think_stop(&u->think);   /* the hard limit: answer with what is found */
			continue;
		}
		char *line;
		const enum proto_read r = proto_read_line(&u->in, wait, &line);
		if (r == PROTO_TIMEOUT)
			continue;
		if (r == PROTO_EOF)
			break;
		if (r == PROTO_TOO_LONG) {
			say_error(u, "a line of more than %d bytes was ignored", PROTO_LINE_MAX);
			continue;
		}
		if (r == PROTO_NUL) {
			say_error(u, "a line holding a NUL byte was ignored");
			continue;
		}
		if (handle(u, line))
			break;
	}
	think_abandon(&u->think);
	think_join(&u->think);
	close_table(u);
	think_free(&u->think);
	proto_reader_free(&u->in);
	proto_out_free(&u->out);
	free(u);
	return 0;
}
