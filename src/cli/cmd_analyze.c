/*
 * cmd_analyze.c - `yomi analyze [OPTIONS] [POSITION|-]`: iterative-deepening search with
 * a line per finished iteration and a final `best` line; Ctrl-C stops and prints the best
 * line found so far.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "yomi/search.h"

struct analyze_opts {
	struct cli_common common;
	struct search_limits limits;
	size_t hash_mb;
	struct tt tt;
	const char *table_path;
	int no_table;
	int exact_at_given;     /* --exact-at was given: the game must have an exact solver */
	struct table *table;    /* a solved table of the game, when one is found */
	enum board_lang lang;   /* --lang: ja writes moves in the game's Japanese form */
};

/* Filter mode's budget per position when no limit is given (a filter must answer every
 * line): about a second of one core (bench: 3.4 M nodes a second in Dobutsu and Othello),
 * the same for the same line every time; within it the Othello games solve exactly from
 * 16 empty squares (about a million nodes at most: FFO #1-#19 take 2.9 M in all) instead of
 * 20, which a budget would cut short. */
enum { FILTER_NODES = 4000000, FILTER_EXACT_AT = 16 };

enum { OPT_HASH = 0x200, OPT_MULTIPV, OPT_PRUNE, OPT_THREADS, OPT_TIME, OPT_NODES, OPT_TABLE,
       OPT_NO_TABLE, OPT_EXACT_AT, OPT_LANG };

static const struct argp_option options[] = {
	{"depth", 'd', "N", 0, "Stop after depth N (plies)", 0},
	{"lang", OPT_LANG, "LANG", 0, "Moves in the game's Japanese form where it has one "
	 "(shogi: ３四歩(33)): en (default) or ja; --json keeps the canonical form", 0},
	{"time", OPT_TIME, "SECONDS", 0, "Stop after about SECONDS (fractions allowed)", 0},
	{"nodes", OPT_NODES, "N", 0, "Stop after about N nodes", 0},
	{"hash", OPT_HASH, "MB", 0, "Transposition table size in MB (default 256; 1 to 65536)", 0},
	{"multipv", OPT_MULTIPV, "K", 0, "Show the K best root moves (default 1)", 0},
	{"prune", OPT_PRUNE, NULL, 0, "Forward pruning: faster, but scores are no longer exact", 0},
	{"threads", OPT_THREADS, "N", 0, "Search threads (default 1; 0 or all: every core)", 0},
	{"table", OPT_TABLE, "FILE", 0, "Answer from this solved table (default: GAME.yomi in "
	 "$YOMI_TABLES, $XDG_DATA_HOME/yomi (~/.local/share/yomi), PREFIX/share/yomi or "
	 "./data, the first there, when there is one)", 0},
	{"no-table", OPT_NO_TABLE, NULL, 0, "Search even when a solved table is there", 0},
	{"exact-at", OPT_EXACT_AT, "N", 0, "Games with an exact endgame solver (othello*): solve "
	 "exactly at N empty squares or fewer (default: the game's; -1: never)", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct analyze_opts *o = state->input;
	switch (key) {
	case OPT_LANG:
		o->lang = cli_lang_option(state, arg);
		return 0;
	case 'd':
		o->limits.depth = (int)cli_option_number(state, "--depth", arg, 1,
		                                         SEARCH_MAX_PLY - 8);
		return 0;
	case OPT_TIME:
		if (cli_parse_seconds(arg, &o->limits.seconds))
			argp_error(state, "--time: '%s' is not a number of seconds " CLI_SECONDS_RANGE,
			           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	case OPT_TABLE:
		o->table_path = arg;
		return 0;
	case OPT_NO_TABLE:
		o->no_table = 1;
		return 0;
	case OPT_NODES:
		o->limits.nodes = (uint64_t)cli_option_number(state, "--nodes", arg, 1, 1L << 62);
		return 0;
	case OPT_HASH:
		o->hash_mb = (size_t)cli_option_number(state, "--hash", arg, 1, 65536);
		return 0;
	case OPT_MULTIPV:
		o->limits.multipv = (int)cli_option_number(state, "--multipv", arg, 1,
		                                           SEARCH_MAX_MULTIPV);
		return 0;
	case OPT_PRUNE:
		o->limits.prune = 1;
		return 0;
	case OPT_THREADS:
		o->limits.threads = cli_option_threads(state, "--threads", arg);
		return 0;
	case OPT_EXACT_AT:
		o->limits.exact_at = (int)cli_option_number(state, "--exact-at", arg, -1, 64);
		o->exact_at_given = 1;
		if (o->limits.exact_at == 0)
			o->limits.exact_at = -2;   /* 0 empties: only finished games, i.e. never */
		return 0;
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &o->common;
		return 0;
	case ARGP_KEY_SUCCESS:
		if (o->table_path && o->no_table)
			argp_error(state, "--table and --no-table cannot be combined");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Prints the moves of line from pos, space-separated in move notation number `notation`
 * (game_move_notation), or as JSON strings in the canonical one. */
static void print_pv(const struct game *g, const void *pos, const struct search_line *line,
                     int json, int notation)
{
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	memcpy(p, pos, g->pos_size);
	for (int i = 0; i < line->len; i++) {
		game_format_move_as(g, p, line->pv[i], json ? 0 : notation, text, sizeof text);
		if (json) {
			if (i)
				fputc(',', stdout);
			json_string(stdout, text);
		} else {
			printf(" %s", text);
		}
		if (g->play(p, line->pv[i], p))
			break;
	}
}

struct report_arg {
	const struct cli_common *common;
	int filter;
	int labels;   /* --multipv above 1: every line says its number, even when one move */
	int notation; /* the move notation of text output (--lang) */
};

static void report(const struct search_report *r, const void *root, void *varg)
{
	const struct report_arg *a = varg;
	const struct cli_common *c = a->common;
	const struct game *g = c->game;
	char score[32], move[YOMI_TEXT_MAX];
	const double nps = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
	if (!r->final) {
		if (a->filter)
			return;
		for (int k = 0; k < r->nlines; k++) {
			const struct search_line *l = &r->lines[k];
			search_format_score(l->score, l->proven, score, sizeof score);
			if (c->json) {
				printf("{\"depth\":%d,\"seldepth\":%d", r->depth, r->seldepth);
				if (r->confidence)
					printf(",\"confidence\":%d", r->confidence);
				if (a->labels)
					printf(",\"multipv\":%d", k + 1);
				printf(",\"score\":\"%s\",\"nodes\":%llu,\"nps\":%.0f,\"time\":%.3f,\"pv\":[",
				       score, (unsigned long long)r->nodes, nps, r->seconds);
				print_pv(g, root, l, 1, 0);
				fputs("]}\n", stdout);
			} else {
				printf("depth %d", r->depth);
				if (r->confidence)   /* a selective search: its depth and how sure */
					printf("@%d%%", r->confidence);
				if (a->labels)
					printf(" multipv %d", k + 1);
				printf(" score %s nodes %llu nps %.0f time %.3f pv", score,
				       (unsigned long long)r->nodes, nps, r->seconds);
				print_pv(g, root, l, 0, a->notation);
				fputc('\n', stdout);
			}
		}
		fflush(stdout);
		return;
	}
	if (r->nlines == 0)
		return;
	const struct search_line *l = &r->lines[0];
	search_format_score(l->score, l->proven, score, sizeof score);
	game_format_move_as(g, root, l->pv[0], c->json ? 0 : a->notation, move, sizeof move);
	if (c->json) {
		fputs("{\"best\":", stdout);
		json_string(stdout, move);
		printf(",\"score\":\"%s\",\"depth\":%d,\"nodes\":%llu,\"time\":%.3f,\"pv\":[", score,
		       r->depth, (unsigned long long)r->nodes, r->seconds);
		print_pv(g, root, l, 1, 0);
		fputs("]}\n", stdout);
	} else {
		printf("best %s score %s pv", move, score);
		print_pv(g, root, l, 0, a->notation);
		fputc('\n', stdout);
	}
	fflush(stdout);
}

enum { TABLE_LINE_MAX = 300, TABLE_DRAW_LINE = 40 };

/* The answer of a solved table: exact scores and perfect lines at once, in the form of a
 * search's output (a line per multipv line, only the first in filter mode, then `best`).
 * Returns 0, or -1 when the table cannot answer (the search runs instead). */
static int analyze_from_table(const struct cli_common *c, const struct analyze_opts *o,
                              const void *pos, int filter)
{
	const struct game *g = c->game;
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	struct yomi_error err;
	const double t0 = search_clock();
	int sure[YOMI_MOVES_MAX];
	const int n = cli_table_rank(o->table, g, pos, c->history->keys, c->history->pos,
	                             c->history->len, moves, values, sure, &err);
	if (n < 0)
		fprintf(stderr, "yomi: note: %s; searching instead\n", err.msg);
	if (n <= 0)
		return -1;
	const int lines = filter ? 1 : o->limits.multipv < n ? o->limits.multipv : n;
	if (cli_table_known(values, sure, n) < lines) {
		if (!filter)
			fprintf(stderr, "yomi: note: a position of --moves that stood twice may come "
			        "again, and the table knows nothing of repetition; searching instead\n");
		return -1;
	}
	static yomi_move all[YOMI_MOVES_MAX][TABLE_LINE_MAX + 1];   /* every line, then printed */
	int lens[YOMI_MOVES_MAX];
	/* the positions before each line, for its repetitions: the history, then pos (a line
	 * stops at a third occurrence, as the game does) */
	static struct game_key before[CLI_HISTORY_MAX + 1];
	static unsigned char before_pos[CLI_HISTORY_MAX + 1][YOMI_POS_MAX];
	const int nbefore = c->history->len + 1;
	memcpy(before, c->history->keys, (size_t)c->history->len * sizeof *before);
	memcpy(before_pos, c->history->pos, (size_t)c->history->len * sizeof *before_pos);
	before[c->history->len] = g->key(pos);
	memcpy(before_pos[c->history->len], pos, g->pos_size);
	/* after --moves, each ply of a line ranked under the history, as the first was */
	const int exact = c->history->len && table_has_distance(o->table);
	for (int k = 0; k < lines; k++) {   /* all lines first: a table error prints none */
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		all[k][0] = moves[k];
		lens[k] = 1;
		if (g->play(pos, moves[k], next) || cli_key_count(before, nbefore, g->key(next)) >= 2)
			continue;   /* the game ends: by the rules, or by repetition */
		const int max = values[k].outcome == GAME_DRAW ? TABLE_DRAW_LINE : TABLE_LINE_MAX;
		const int len = exact ? cli_table_line_exact(o->table, g, next, before,
		                                             (const unsigned char (*)[YOMI_POS_MAX])
		                                             before_pos, nbefore, all[k] + 1, max, &err)
		                      : table_line(o->table, g, next, before, nbefore, 3,
		                                       all[k] + 1, max, &err);
		if (len < 0) {
			fprintf(stderr, "yomi: note: %s; searching instead\n", err.msg);
			return -1;
		}
		lens[k] += len;
	}
	char score[32];
	for (int k = 0; k < lines; k++) {
		const yomi_move *line = all[k];
		const int len = lens[k];
		table_format_value(values[k], score, sizeof score);
		if (filter)
			continue;   /* filter mode: the best line only */
		const double secs = search_clock() - t0;
		if (c->json) {
			printf("{\"depth\":%d,\"seldepth\":%d,", len, len);
			if (o->limits.multipv > 1)
				printf("\"multipv\":%d,", k + 1);
			printf("\"score\":\"%s\",\"nodes\":0,\"nps\":0,\"time\":%.3f,\"table\":true,"
			       "\"pv\":[", score, secs);
			cli_print_moves(g, pos, line, len, 1);
			fputs("]}\n", stdout);
		} else {
			printf("depth %d", len);
			if (o->limits.multipv > 1)
				printf(" multipv %d", k + 1);
			printf(" score %s nodes 0 nps 0 time %.3f table pv", score, secs);
			cli_print_moves(g, pos, line, len, 0);
			fputc('\n', stdout);
		}
	}
	char move[YOMI_TEXT_MAX];
	g->format_move(pos, moves[0], move, sizeof move);
	table_format_value(values[0], score, sizeof score);
	if (c->json) {
		fputs("{\"best\":", stdout);
		json_string(stdout, move);
		printf(",\"score\":\"%s\",\"depth\":%d,\"nodes\":0,\"time\":%.3f,\"table\":true,"
		       "\"pv\":[", score, lens[0], search_clock() - t0);
		cli_print_moves(g, pos, all[0], lens[0], 1);
		fputs("]}\n", stdout);
	} else {
		printf("best %s score %s pv", move, score);
		cli_print_moves(g, pos, all[0], lens[0], 0);
		fputc('\n', stdout);
	}
	fflush(stdout);
	return 0;
}

/* After a search whose result is not proven: the score is the evaluation's estimate, and
 * how to get the exact value (a new user took +8 for the start's value, a loss in 78). */
static void estimate_note(const struct cli_common *c, const struct analyze_opts *o)
{
	const struct game *g = c->game;
	if (g->solver && !o->no_table && !o->table && table_default_exists(g))
		return;   /* one there that cannot be used: said so already, with how to mend it */
	if (g->solver && o->no_table && table_default_exists(g))
		fprintf(stderr, "yomi: note: the score is the search's heuristic estimate, not an "
		        "exact value; without --no-table the %s table answers exactly\n", g->name);
	else if (g->solver && !o->table)
		fprintf(stderr, "yomi: note: the score is the search's heuristic estimate, not an "
		        "exact value; build the %s table once with 'yomi --game %s solve', and "
		        "analyze answers exactly\n", g->name, g->name);
	else
		fprintf(stderr, "yomi: note: the score is the search's heuristic estimate, not an "
		        "exact value; without --depth, --time or --nodes the search runs until the "
		        "result is proven\n");
}

static int analyze_one(const struct cli_common *c, const void *start, void *opts, int filter,
                       struct yomi_error *err)
{
	(void)err;
	struct analyze_opts *o = opts;
	const struct game *g = c->game;
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	struct search_ctx *ctx = malloc(sizeof *ctx);
	const int ja = o->lang == LANG_JA ? game_move_notation(g, "ja") : -1;
	struct report_arg arg = {c, filter, o->limits.multipv > 1, ja > 0 ? ja : 0};
	if (!ctx) {
		cli_error("out of memory");
		return EXIT_RUNTIME;
	}
	memcpy(pos, start, g->pos_size);
	search_init(ctx, &o->tt, &o->limits);
	ctx->interrupt = &interrupted;
	ctx->report = report;
	ctx->report_arg = &arg;
	cli_search_history(ctx, c->history->keys, c->history->len);
	const struct game_status st = cli_status(c, pos);
	if (st.outcome != GAME_ONGOING) {
		/* A game scored by its final value (Othello's disc difference) says that value, as
		 * its solver does; a game won by an event says #0 or #-0. */
		char score[32];
		int value;
		yomi_move none;
		if (g->solve_exact && g->solve_exact(pos, ctx, &value, &none) == 0)
			search_format_score(value, 1, score, sizeof score);
		else
			snprintf(score, sizeof score, "%s", st.outcome == GAME_WIN ? "#0" :
			         st.outcome == GAME_LOSS ? "#-0" : "=0");
		if (c->json)
			printf("{\"best\":null,\"score\":\"%s\",\"over\":\"%s\",\"pv\":[]}\n", score, st.reason);
		else
			printf("best none score %s pv\n", score);
		if (!filter)
			cli_error("the game is over (%s)", st.reason);
		free(ctx);
		return 0;
	}
	if (o->table && analyze_from_table(c, o, pos, filter) == 0) {
		free(ctx);
		return 0;
	}
	if (filter)
		tt_clear(&o->tt);   /* each line answers alone, reproducibly */
	g->search(ctx, pos);
	if (!filter && ctx->nlines > 0 && !ctx->lines[0].proven)
		estimate_note(c, o);
	free(ctx);
	return 0;
}

int cmd_analyze(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "[POSITION|-]",
		"Search the position by iterative deepening (PVS with a transposition table) and "
		"print a line per finished depth: 'depth D score S nodes N nps X time T pv ...', "
		"then 'best MOVE score S pv ...'.  S is in hundredths of a chick (of a disc in Othello), #N a win in N "
		"plies, #-N a loss in N plies, =V a proven exact value (Othello: the final disc difference).  Without --depth, --time or "
		"--nodes it runs until the result is proven, or Ctrl-C.  With '-', one 'best' line "
		"per stdin position, each searched for 4000000 nodes at most (about a second) "
		"unless a limit is given.",
		cli_common_children, NULL, NULL};
	struct analyze_opts o = {.hash_mb = 256};
	o.limits.multipv = 1;
	cli_common_init(&o.common, game);
	cli_argp_parse(&argp, argc, argv, &o);
	if (o.table_path && !o.common.game->solver) {   /* as probe says it */
		cli_error("table: %s has no solved tables", o.common.game->name);
		cli_common_free(&o.common);
		return EXIT_USAGE;
	}
	if (o.exact_at_given && !o.common.game->solve_exact) {
		cli_error("--exact-at: %s has no exact endgame solver", o.common.game->name);
		cli_common_free(&o.common);
		return EXIT_USAGE;
	}
	if (tt_init(&o.tt, o.hash_mb)) {
		cli_error("--hash %zu: cannot allocate the table", o.hash_mb);
		cli_common_free(&o.common);
		return EXIT_RUNTIME;
	}
	if (o.common.game->solver && !o.no_table) {
		struct yomi_error err;
		o.table = table_find(o.common.game, o.table_path, &err);
		if (!o.table && o.table_path) {   /* asked for by name: it must open */
			cli_error("%s", err.msg);
			tt_free(&o.tt);
			cli_common_free(&o.common);
			return EXIT_USAGE;
		}
		/* found but unusable (an old format, a corrupt file): say so, then search */
		if (!o.table && table_default_exists(o.common.game))
			fprintf(stderr, "yomi: note: %s; searching without it\n", err.msg);
	}
	if (o.common.from_stdin && !o.limits.depth && !o.limits.seconds && !o.limits.nodes) {
		o.limits.nodes = FILTER_NODES;
		if (!o.exact_at_given)
			o.limits.exact_at = FILTER_EXACT_AT;
	}
	struct sigaction sa = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	int status = cli_for_each_position(&o.common, analyze_one, &o);
	table_close(o.table);
	tt_free(&o.tt);
	cli_common_free(&o.common);
	return status;
}
