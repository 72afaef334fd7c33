/*
 * cmd_probe.c - `yomi probe [--all|--line] [--table FILE] [POSITION|-]`: values from a
 * solved table.  One line per position: SCORE and every optimal move; --all adds every
 * legal move with its value, best first; --line prints a perfect-play line instead.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "solve/parallel.h"
#include "yomi/table.h"

enum { OPT_TABLE = 0x200, LINE_MAX_PLIES = 400, PRELOAD_AFTER = 2000 };

struct probe_opts {
	struct cli_common common;
	int all, line;
	const char *table_path;
	struct table *table;
	int preload_tried, preloaded;
};

static const struct argp_option options[] = {
	{"all", 'a', NULL, 0, "Also list every legal move as MOVE:SCORE, best first", 0},
	{"line", 'l', NULL, 0, "Print a perfect-play line to the end of the game (the winner "
	 "takes the shortest way, the loser the longest)", 0},
	{"table", OPT_TABLE, "FILE", 0, "The table to read (default: GAME.yomi in "
	 "$YOMI_TABLES, $XDG_DATA_HOME/yomi (~/.local/share/yomi), PREFIX/share/yomi or "
	 "./data, the first there)", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct probe_opts *o = state->input;
	switch (key) {
	case 'a':
		o->all = 1;
		return 0;
	case 'l':
		o->line = 1;
		return 0;
	case OPT_TABLE:
		o->table_path = arg;
		return 0;
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &o->common;
		return 0;
	case ARGP_KEY_SUCCESS:
		if (o->all && o->line)
			argp_error(state, "--all and --line cannot be combined");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

/* Prints the line's answer, SCORE as text says it; returns 0, or -1 with err set when the
 * table fails.  The line stops where the game would, at a third occurrence too. */
static int print_line(const struct cli_common *c, struct table *t, const void *pos,
                      const char *text, struct yomi_error *err)
{
	yomi_move line[LINE_MAX_PLIES];
	const int len = c->history->len && table_has_distance(t)
	                ? cli_table_line_exact(t, c->game, pos, c->history->keys,
	                                       (const unsigned char (*)[YOMI_POS_MAX])
	                                       c->history->pos, c->history->len, line,
	                                       LINE_MAX_PLIES, err)
	                : table_line(t, c->game, pos, c->history->keys, c->history->len, 3,
	                                 line, LINE_MAX_PLIES, err);
	if (len < 0)
		return -1;
	if (c->json) {
		fputs("{\"score\":", stdout);
		json_string(stdout, text);
		fputs(",\"line\":[", stdout);
	} else {
		printf("%s line", text);
	}
	cli_print_moves(c->game, pos, line, len, c->json);
	fputs(c->json ? "]}\n" : "\n", stdout);
	return 0;
}

/* The answer for pos on out: SCORE and the best moves (and with --all every move).  Safe
 * on several threads once the table is preloaded (probes then only read). */
static int probe_answer(const struct cli_common *c, const void *pos, void *opts, FILE *out,
                        struct yomi_error *err)
{
	struct probe_opts *o = opts;
	const struct game *g = c->game;
	struct table_value v;
	if (table_probe(o->table, pos, &v, err) != 0)
		return EXIT_RUNTIME;
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	const int n = table_rank_moves(o->table, pos, moves, values, err);
	if (n < 0)
		return EXIT_RUNTIME;
	char score[32], text[YOMI_TEXT_MAX];
	table_format_value(v, score, sizeof score);
	if (c->json) {
		fputs("{\"score\":", out);
		json_string(out, score);
		fputs(",\"best\":[", out);
	} else {
		fputs(score, out);   /* fputs, not fprintf: this runs once per line of `probe -` */
		fputc(' ', out);
	}
	int nbest = 0;
	for (int k = 0; k < n && table_value_cmp(values[k], values[0]) == 0; k++, nbest++) {
		g->format_move(pos, moves[k], text, sizeof text);
		if (c->json) {
			fputs(k ? "," : "", out);
			json_string(out, text);
		} else {
			if (k)
				fputc(',', out);
			fputs(text, out);
		}
	}
	if (!c->json && nbest == 0)
		fputs("none", out);
	if (c->json)
		fputs("]", out);
	if (o->all) {
		if (c->json)
			fputs(",\"moves\":[", out);
		for (int k = 0; k < n; k++) {
			g->format_move(pos, moves[k], text, sizeof text);
			table_format_value(values[k], score, sizeof score);
			if (c->json) {
				fprintf(out, "%s{\"move\":", k ? "," : "");
				json_string(out, text);
				fputs(",\"score\":", out);
				json_string(out, score);
				fputs("}", out);
			} else {
				fprintf(out, " %s:%s", text, score);
			}
		}
		if (c->json)
			fputs("]", out);
	}
	fputs(c->json ? "}\n" : "\n", out);
	return 0;
}

/* Filter mode with a long stream: decompressing the whole table once pays (a fraction of a
 * second, and the table's size in memory), and then the probes only read, so batches run on
 * every core; a failed preload just keeps probing block by block on one thread. */
static int probe_threads(void *opts, long lines)
{
	struct probe_opts *o = opts;
	if (lines >= PRELOAD_AFTER && !o->preload_tried) {
		struct yomi_error err;
		o->preload_tried = 1;
		o->preloaded = table_preload(o->table, parallel_cpus(), &err) == 0;
	}
	return o->preloaded ? parallel_cpus() : 1;
}

/* The answer after --moves: the values under the game's history (cli_table_rank), with a
 * '?' after one that a repetition might still turn into a draw; the position's SCORE is
 * its best move's.  A position that stands for the third time is a draw, over. */
static int probe_history(const struct cli_common *c, const void *pos, struct probe_opts *o,
                         struct yomi_error *err)
{
	const struct game *g = c->game;
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	int sure[YOMI_MOVES_MAX];
	char score[40], text[YOMI_TEXT_MAX];
	int n = 0, known = 0;
	if (g->status(pos).outcome == GAME_ONGOING && cli_status(c, pos).outcome == GAME_DRAW) {
		snprintf(score, sizeof score, "=0");   /* threefold repetition: the game is over */
		if (o->line) {
			printf(c->json ? "{\"score\":\"=0\",\"line\":[]}\n" : "=0 line\n");
			return 0;
		}
	} else {
		n = cli_table_rank(o->table, g, pos, c->history->keys, c->history->pos,
		                   c->history->len, moves, values, sure, err);
		if (n < 0)
			return EXIT_RUNTIME;
		struct table_value v;
		if (n == 0 && table_probe(o->table, pos, &v, err) != 0)
			return EXIT_RUNTIME;
		known = cli_table_known(values, sure, n);
		struct table_value sv = n ? values[0] : v;
		if (!table_has_distance(o->table) && sv.outcome != GAME_DRAW)
			sv.distance = -1;   /* a win at once has a distance, the position's not */
		table_format_value(sv, score, sizeof score);
		if (n && !known)
			strcat(score, "?");
	}
	if (o->line)
		return print_line(c, o->table, pos, score, err) ? EXIT_RUNTIME : 0;
	if (c->json) {
		fputs("{\"score\":", stdout);
		json_string(stdout, score);
		fputs(",\"best\":[", stdout);
	} else {
		printf("%s ", score);
	}
	int nbest = 0;
	for (int k = 0; k < n && table_value_cmp(values[k], values[0]) == 0; k++) {
		if (known && !sure[k])
			continue;   /* as good only if no repetition comes: not a best move */
		g->format_move(pos, moves[k], text, sizeof text);
		if (c->json) {
			fputs(nbest ? "," : "", stdout);
			json_string(stdout, text);
		} else {
			printf("%s%s", nbest ? "," : "", text);
		}
		nbest++;
	}
	if (!c->json && nbest == 0)
		fputs("none", stdout);
	if (c->json)
		fputs("]", stdout);
	if (o->all) {
		if (c->json)
			fputs(",\"moves\":[", stdout);
		for (int k = 0; k < n; k++) {
			g->format_move(pos, moves[k], text, sizeof text);
			table_format_value(values[k], score, sizeof score);
			if (!sure[k])
				strcat(score, "?");
			if (c->json) {
				printf("%s{\"move\":", k ? "," : "");
				json_string(stdout, text);
				fputs(",\"score\":", stdout);
				json_string(stdout, score);
				fputs("}", stdout);
			} else {
				printf(" %s:%s", text, score);
			}
		}
		if (c->json)
			fputs("]", stdout);
	}
	fputs(c->json ? "}\n" : "\n", stdout);
	return 0;
}

static int probe_one(const struct cli_common *c, const void *pos, void *opts, int filter,
                     struct yomi_error *err)
{
	(void)filter;
	struct probe_opts *o = opts;
	if (c->history->len)
		return probe_history(c, pos, o, err);
	if (o->line) {
		struct table_value v;
		char score[32];
		if (table_probe(o->table, pos, &v, err) != 0)
			return EXIT_RUNTIME;
		table_format_value(v, score, sizeof score);
		return print_line(c, o->table, pos, score, err) ? EXIT_RUNTIME : 0;
	}
	return probe_answer(c, pos, opts, stdout, err);
}

int cmd_probe(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "[POSITION|-]",
		"Look positions up in a solved table (built by 'yomi solve').  Prints SCORE and "
		"every optimal move, comma-separated: #N a win in N plies for the side to move, "
		"#-N a loss in N plies, =0 a draw (win/loss in a table without distances).  After "
		"--moves the values count the repetition rule; a '?' ends one that a repetition "
		"might still turn into a draw.",
		cli_common_children, NULL, NULL};
	struct probe_opts o = {0};
	cli_common_init(&o.common, game);
	cli_argp_parse(&argp, argc, argv, &o);
	/* the table opens once the options have chosen the game */
	if (!(o.table = cli_open_table(o.common.game, o.table_path))) {
		cli_common_free(&o.common);
		return EXIT_USAGE;
	}
	int status;
	if (o.common.from_stdin && !o.common.moves && !o.line)
		status = cli_filter_batched(&o.common, probe_answer, &o, probe_threads);
	else
		status = cli_for_each_position(&o.common, probe_one, &o);
	cli_common_free(&o.common);
	table_close(o.table);
	return status;
}
