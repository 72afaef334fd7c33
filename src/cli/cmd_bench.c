/*
 * cmd_bench.c - `yomi bench [--depth N] [--file FILE] [--threads N]`: searches a fixed list
 * of positions to a fixed depth with a cleared table each, and prints per-position nodes and
 * a total.  The node total is the regression signature of search and rules: the same source
 * gives the same total on every machine (on one thread; with more, it varies run to run);
 * nps is the speed figure (every thread's nodes per second of wall time).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "yomi/search.h"

struct bench_opts {
	const struct game *game;
	int depth;
	size_t hash_mb;
	int hash_given;
	int threads;
	const char *file;
	const char *table;
};

enum { OPT_REFUSED = 0x400 };

/* bench takes only the game of the common options: the others are refused (not listed in
 * --help, which lists what bench takes) with a word on why. */
static const struct argp_option options[] = {
	{"game", 'g', "NAME", 0, "Game", 0},
	{"depth", 'd', "N", 0, "Search depth (default: the game's bench depth)", 0},
	{"hash", 'H', "MB", 0, "Transposition table size in MB (default 64)", 0},
	{"threads", 't', "N", 0, "Search threads (default 1: the node total is the signature "
	 "only then; 0 or all: every core)", 0},
	{"file", 'f', "FILE", 0, "Positions, one per line (default GAME/bench.txt in $YOMI_DATA, "
	 "./data, the binary's data or PREFIX/share/yomi)", 0},
	{"table", 'T', "FILE", 0, "Instead, time a solved table: opening, random probes cold "
	 "and warm", 0},
	{"moves", OPT_REFUSED, "M", OPTION_HIDDEN, NULL, 0},
	{"record", OPT_REFUSED + 1, "FILE", OPTION_HIDDEN, NULL, 0},
	{"json", OPT_REFUSED + 2, NULL, OPTION_HIDDEN, NULL, 0},
	{"notation", 'n', "NAME", OPTION_HIDDEN, NULL, 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct bench_opts *o = state->input;
	long v;
	switch (key) {
	case 'T':
		o->table = arg;
		return 0;
	case 'd':
	case 'H':
		v = cli_option_number(state, key == 'd' ? "--depth" : "--hash", arg, 1,
		                      key == 'd' ? 64 : 65536);
		if (key == 'd')
			o->depth = (int)v;
		else
			o->hash_mb = (size_t)v, o->hash_given = 1;
		return 0;
	case 'f':
		o->file = arg;
		return 0;
	case 'g':
		o->game = cli_game_option(state, arg);
		return 0;
	case OPT_REFUSED:
	case OPT_REFUSED + 1:
		argp_error(state, "%s: bench takes no position (see --file)",
		           key == OPT_REFUSED ? "--moves" : "--record");
		return 0;
	case OPT_REFUSED + 2:
		argp_error(state, "--json: bench prints no JSON");
		return 0;
	case 'n':
		argp_error(state, "--notation: bench prints no position");
		return 0;
	case 't':
		o->threads = cli_option_threads(state, "--threads", arg);
		return 0;
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case ARGP_KEY_ARG:
		argp_error(state, "bench takes no position (see --file)");
		return 0;
	case ARGP_KEY_SUCCESS:   /* options the chosen bench would ignore are refused */
		if (o->table && (o->depth || o->file || o->hash_given || o->threads))
			argp_error(state, "--table: times a table; %s goes with the search bench",
			           o->depth ? "--depth" : o->file ? "--file" : o->threads ? "--threads"
			           : "--hash");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

/* GAME/bench.txt from $YOMI_DATA, the current directory's data, the binary's directory's
 * data (a source tree's), or the installed data folder (PREFIX/share/yomi, where `make
 * install` puts them: after the others, so that a source tree's binary keeps reading its own
 * tree's); when none opens, *where lists the folders looked in (for the message). */
static FILE *open_bench_file(const struct bench_opts *o, char *path, size_t len, char *where,
                             size_t where_len)
{
	if (o->file) {
		snprintf(path, len, "%s", o->file);
		return cli_fopen_read(path);
	}
	const char *env = getenv("YOMI_DATA");
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	char *slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	const char *dirs[] = {env, "data", slash ? exe : NULL, table_installed_dir()};
	size_t at = 0;
	where[0] = '\0';
	for (int i = 0; i < 4; i++) {
		if (!dirs[i])
			continue;
		snprintf(path, len, i == 2 ? "%s/data/%s/bench.txt" : "%s/%s/bench.txt", dirs[i],
		         o->game->name);
		FILE *f = fopen(path, "r");
		if (f)
			return f;
		const int e = errno;
		char dir[PATH_MAX + 8], said[YOMI_ARG_SAID];   /* quoted as messages quote it */
		snprintf(dir, sizeof dir, i == 2 ? "%s/data" : i == 1 ? "./%s" : "%s", dirs[i]);
		cli_list_add(where, where_len, &at, ", ", yomi_arg_said(dir, said));
		errno = e;   /* the last one's, for the message */
	}
	snprintf(path, len, "%s/bench.txt", o->game->name);
	return NULL;
}

/* The games of --game, from the registry. */
static char *help_filter(int key, const char *text, void *input)
{
	(void)input;
	return cli_game_help(key, text);
}

int cmd_bench(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "",
		"Search the game's benchmark positions to a fixed depth and print each position's "
		"nodes, then 'bench NODES nodes NPS nps TIME s'.  The node total is the regression "
		"signature.",
		NULL, help_filter, NULL};
	struct bench_opts o = {.game = game, .hash_mb = 64};
	cli_argp_parse(&argp, argc, argv, &o);
	const struct game *g = o.game;
	if (o.table)
		return bench_table(g, o.table);
	char path[PATH_MAX + 64], where[3 * PATH_MAX];
	FILE *f = open_bench_file(&o, path, sizeof path, where, sizeof where);
	const int open_errno = errno;
	char said[YOMI_ARG_SAID];
	const char *name = yomi_arg_said(path, said);   /* path as messages quote it */
	if (!f && o.file) {
		cli_error("cannot open %s: %s", name, strerror(open_errno));
		return EXIT_USAGE;
	}
	if (!f) {   /* where it was looked for, and what to do */
		cli_error("cannot open %s in %s: %s (give --file FILE)", name, where,
		          strerror(open_errno));
		return EXIT_USAGE;
	}
	struct tt tt;
	struct search_ctx *ctx = malloc(sizeof *ctx);
	if (!ctx || tt_init(&tt, o.hash_mb)) {
		cli_error("out of memory");
		free(ctx);
		fclose(f);
		return EXIT_RUNTIME;
	}
	const struct search_limits limits = {.depth = o.depth ? o.depth : g->bench_depth,
	                                     .multipv = 1, .threads = o.threads};
	char score[32], move[YOMI_TEXT_MAX];
	struct cli_line in = {NULL, 0, 0};
	int got;
	uint64_t total = 0;
	double seconds = 0;
	int count = 0, lineno = 0, status = 0;
	while ((got = cli_line_read(f, &in)) > 0) {
		char *line = in.text;
		lineno++;
		if (got == 2 || strlen(line) != in.len) {
			cli_error("%s:%d: position: %s", name, lineno,
			          got == 2 ? CLI_LINE_TOO_LONG : "contains a NUL byte");
			status = EXIT_USAGE;
			break;
		}
		size_t end = strcspn(line, "\r\n#");
		while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
			end--;   /* the blanks before a comment are not the position's */
		line[end] = '\0';
		if (strspn(line, " \t") == end)
			continue;
		_Alignas(16) unsigned char pos[YOMI_POS_MAX];
		struct yomi_error err;
		if (g->parse(line, pos, &err)) {
			cli_error("%s:%d: %s", name, lineno, err.msg);
			status = EXIT_USAGE;
			break;
		}
		if (g->status(pos).outcome != GAME_ONGOING)
			continue;
		tt_clear(&tt);
		search_init(ctx, &tt, &limits);
		g->search(ctx, pos);
		const double t = search_clock() - ctx->start;
		total += ctx->nodes;
		seconds += t;
		search_format_score(ctx->lines[0].score, ctx->lines[0].proven, score, sizeof score);
		g->format_move(pos, ctx->lines[0].pv[0], move, sizeof move);
		printf("%2d %12llu nodes %8.3f s  best %-8s score %-6s %s\n", ++count,
		       (unsigned long long)ctx->nodes, t, move, score, line);
		fflush(stdout);
	}
	if (!status && ferror(f)) {
		cli_error("%s: %s", name, strerror(errno));
		status = EXIT_RUNTIME;
	}
	free(in.text);
	fclose(f);
	tt_free(&tt);
	free(ctx);
	if (status)
		return status;
	if (!count) {   /* no signature to give (it printed 'bench 0 nodes') */
		cli_error("%s holds no position to search (none, or only games that are over)",
		          name);
		return EXIT_USAGE;
	}
	printf("bench %llu nodes %.0f nps %.3f s\n", (unsigned long long)total,
	       seconds > 0 ? (double)total / seconds : 0, seconds);
	return 0;
}
