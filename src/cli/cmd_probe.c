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
	long answered;
};

static const struct argp_option options[] = {
	{"all", 'a', NULL, 0, "Also list every legal move as MOVE:SCORE, best first", 0},
	{"line", 'l', NULL, 0, "Print a perfect-play line to the end of the game (the winner "
	 "takes the shortest way, the loser the longest)", 0},
	{"table", OPT_TABLE, "FILE", 0, "The table to read (default: $YOMI_TABLES/GAME.yomi, "
	 "else data/GAME.yomi)", 0},
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

static void print_line(const struct cli_common *c, struct table *t, const void *pos,
                       struct table_value v)
{
	char text[32];
	yomi_move line[LINE_MAX_PLIES];
	const int len = cli_table_line(t, c->game, pos, line, LINE_MAX_PLIES);
	table_format_value(v, text, sizeof text);
	if (c->json) {
		fputs("{\"score\":", stdout);
		json_string(stdout, text);
		fputs(",\"line\":[", stdout);
	} else {
		printf("%s line", text);
	}
	cli_print_moves(c->game, pos, line, len, c->json);
	fputs(c->json ? "]}\n" : "\n", stdout);
}

static int probe_one(const struct cli_common *c, const void *pos, void *opts, int filter)
{
	(void)filter;
	struct probe_opts *o = opts;
	const struct game *g = c->game;
	struct yomi_error err;
	struct table_value v;
	if (!o->table && !(o->table = cli_open_table(g, o->table_path)))
		exit(EXIT_USAGE);
	/* a long stream of positions: decompressing the whole table once pays (seconds, and
	 * the table's size in memory); a failure just keeps probing block by block */
	if (filter && ++o->answered == PRELOAD_AFTER)
		table_preload(o->table, parallel_cpus(), &err);
	if (table_probe(o->table, pos, &v, &err) != 0) {
		fprintf(stderr, "yomi: %s\n", err.msg);
		return EXIT_RUNTIME;
	}
	if (o->line) {
		print_line(c, o->table, pos, v);
		return 0;
	}
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	const int n = table_rank_moves(o->table, pos, moves, values, &err);
	if (n < 0) {
		fprintf(stderr, "yomi: %s\n", err.msg);
		return EXIT_RUNTIME;
	}
	char score[32], text[YOMI_TEXT_MAX];
	table_format_value(v, score, sizeof score);
	if (c->json) {
		fputs("{\"score\":", stdout);
		json_string(stdout, score);
		fputs(",\"best\":[", stdout);
	} else {
		printf("%s ", score);
	}
	int nbest = 0;
	for (int k = 0; k < n && table_value_cmp(values[k], values[0]) == 0; k++, nbest++) {
		g->format_move(pos, moves[k], text, sizeof text);
		if (c->json) {
			fputs(k ? "," : "", stdout);
			json_string(stdout, text);
		} else {
			printf("%s%s", k ? "," : "", text);
		}
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

int cmd_probe(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "[POSITION|-]",
		"Look positions up in a solved table (built by 'yomi solve').  Prints SCORE and "
		"every optimal move, comma-separated: #N a win in N plies for the side to move, "
		"#-N a loss in N plies, =0 a draw (win/loss in a table without distances).",
		cli_common_children, NULL, NULL};
	struct probe_opts o = {0};
	cli_common_init(&o.common, game);
	/* the table opens at the first position, once the options have chosen the game */
	const int status = cli_run(&argp, argc, argv, &o, &o.common, probe_one, &o);
	table_close(o.table);
	return status;
}
