/*
 * cmd_solve.c - `yomi solve`: build a game's whole table by retrograde analysis and write
 * it (-o FILE, default GAME.yomi in the table search path); `--verify FILE` recomputes every entry of a table
 * from its successors; `--stats FILE` prints its counts and distance histogram (an SVG plot
 * with --plot), and with --reachable those of the positions reachable from the start.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "solve/parallel.h"
#include "yomi/registry.h"
#include "yomi/search.h"
#include "yomi/solve.h"
#include "yomi/solve_plot.h"
#include "yomi/table.h"

enum { OPT_WDL = 0x300, OPT_VERIFY, OPT_STATS, OPT_REACHABLE, OPT_PLOT, OPT_TRY_RULE,
       OPT_THREADS, OPT_SAMPLE, OPT_SEED, OPT_JSON, OPT_FROM, OPT_HISTOGRAM, OPT_PART,
       OPT_HASH };

struct solve_opts {
	const struct game *game;
	const char *output;
	const char *verify, *stats, *plot;
	const char *from;       /* --from: the values of this table instead of solving */
	int wdl_only, reachable, histogram, verbose, threads, json;
	int threads_given, seed_given, try_rule_given;  /* so that an option with no effect
	                                                  can be refused */
	size_t hash_mb;         /* --hash: the exact solver's table (0: not given) */
	int late;               /* --try-rule survival: the game's late rule */
	long sample;
	long part, parts;       /* --part K/N: the K-th of N parts of the index (1-based) */
	unsigned long long seed;
	char **words;           /* FILE.obf, '-' or POSITION words (games solved position by
	                           position, with an exact solver) */
	int nwords;
};

static const struct argp_option options[] = {
	{"game", 'g', "NAME", 0, "Game to solve (default: the global --game, dobutsu)", 0},
	{"output", 'o', "FILE", 0, "Where to write the table (default: GAME.yomi in the first "
	 "folder of $YOMI_TABLES, $XDG_DATA_HOME/yomi (~/.local/share/yomi; made if need "
	 "be), PREFIX/share/yomi, ./data that can be written)", 0},
	{"wdl-only", OPT_WDL, NULL, 0, "Store win/draw/loss only, without distances (smaller)", 0},
	{"threads", OPT_THREADS, "N", 0, "Threads (0 or all: every core; default: every core "
	 "for a table, 1 for exact solves)", 0},
	{"verbose", 'v', NULL, 0, "Print statistics of each round", 0},
	{"from", OPT_FROM, "FILE", 0, "Take the values of table FILE (with distances, counted on "
	 "arrival) instead of solving again: to write it under the survival rule or as "
	 "win/draw/loss only", 0},
	{"try-rule", OPT_TRY_RULE, "RULE", 0, "How a try counts in distances: arrival (the game "
	 "ends on the ply the lion arrives safely, the default) or survival (one ply later, when "
	 "the lion has survived the reply; values are the same)", 0},
	{"verify", OPT_VERIFY, "FILE", 0, "Recompute every entry of table FILE from its "
	 "successors and report mismatches", 0},
	{"part", OPT_PART, "K/N", 0, "With --verify: only the K-th of N equal parts of the index "
	 "(the whole table is read: successors are anywhere)", 0},
	{"stats", OPT_STATS, "FILE", 0, "Print what table FILE holds: its counts of wins, draws "
	 "and losses and longest win, from its header (at once)", 0},
	{"histogram", OPT_HISTOGRAM, NULL, 0, "With --stats: also the wins and losses at each "
	 "distance (reads the whole table)", 0},
	{"reachable", OPT_REACHABLE, NULL, 0, "With --stats: count the positions reachable from "
	 "the start (reads the whole table)", 0},
	{"plot", OPT_PLOT, "SVG", 0, "With --stats: draw the distance histogram as an SVG file",
	 0},
	{"sample", OPT_SAMPLE, "N", 0, "Print N positions of the game's index drawn at random "
	 "(one per line; for tests and benchmarks)", 0},
	{"seed", OPT_SEED, "N", 0, "With --sample: the random seed (default 1)", 0},
	{"json", OPT_JSON, NULL, 0, "Exact solves (othello*): one JSON object per line", 0},
	{"hash", OPT_HASH, "MB", 0, "Exact solves (othello*): the transposition table in MB "
	 "(default 256; 1 to 65536)", 0},
	{0},
};

/* The first option given that only building a table takes, or NULL. */
static const char *build_option(const struct solve_opts *o)
{
	return o->output ? "-o" : o->wdl_only ? "--wdl-only" : o->from ? "--from"
	       : o->try_rule_given ? "--try-rule" : NULL;
}

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct solve_opts *o = state->input;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case 'g':
		o->game = cli_game_option(state, arg);
		return 0;
	case 'o':
		o->output = arg;
		return 0;
	case OPT_WDL:
		o->wdl_only = 1;
		return 0;
	case OPT_JSON:
		o->json = 1;
		return 0;
	case OPT_HASH:
		o->hash_mb = (size_t)cli_option_number(state, "--hash", arg, 1, 65536);
		return 0;
	case OPT_THREADS: {
		o->threads = cli_option_threads(state, "--threads", arg);
		o->threads_given = 1;
		return 0;
	}
	case 'v':
		o->verbose = 1;
		return 0;
	case OPT_TRY_RULE:
		if (strcasecmp(arg, "arrival") != 0 && strcasecmp(arg, "survival") != 0)
			argp_error(state, "--try-rule: '%s' is not arrival or survival",
			           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		o->late = strcasecmp(arg, "survival") == 0;
		o->try_rule_given = 1;
		return 0;
	case OPT_VERIFY:
		o->verify = arg;
		return 0;
	case OPT_FROM:
		o->from = arg;
		return 0;
	case OPT_STATS:
		if (arg[0] == '-' && arg[1] == '-')   /* `--stats --reachable FILE`: FILE first */
			argp_error(state, "--stats: takes the table FILE first ('%s' is an option): "
			           "--stats FILE [--reachable] [--histogram]",
			           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		o->stats = arg;
		return 0;
	case OPT_REACHABLE:
		o->reachable = 1;
		return 0;
	case OPT_HISTOGRAM:
		o->histogram = 1;
		return 0;
	case OPT_PART: {
		char k[24] = "", n[24] = "";
		const char *slash = strchr(arg, '/');
		if (slash && slash - arg < (long)sizeof k && strlen(slash + 1) < sizeof n) {
			snprintf(k, sizeof k, "%.*s", (int)(slash - arg), arg);
			snprintf(n, sizeof n, "%s", slash + 1);
		}
		if (cli_parse_long(n, 1, 1000000, &o->parts) || cli_parse_long(k, 1, o->parts, &o->part))
			argp_error(state, "--part: '%s' is not K/N with 1 <= K <= N <= 1000000",
			           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	}
	case OPT_PLOT:
		o->plot = arg;
		return 0;
	case OPT_SAMPLE:
		o->sample = cli_option_number(state, "--sample", arg, 1, 100000000);
		return 0;
	case OPT_SEED:
		o->seed = cli_option_seed(state, arg);
		o->seed_given = 1;
		return 0;
	case ARGP_KEY_ARG:
		if (!o->words)
			o->words = &state->argv[state->next - 1];
		o->nwords++;
		return 0;
	case ARGP_KEY_SUCCESS: {
		/* Each kind of run takes its own options: one of another kind is refused, not
		 * ignored. */
		const char *build = build_option(o);
		const char *table_run = o->verify ? "--verify" : o->stats ? "--stats" : NULL;
		if (o->verify && o->stats)
			argp_error(state, "--verify and --stats cannot be combined");
		if (o->sample && (table_run || build))
			argp_error(state, "--sample: it prints positions of the index; %s cannot be "
			           "combined with it", table_run ? table_run : build);
		if (o->part && !o->verify)
			argp_error(state, "--part goes with --verify FILE");
		if ((o->reachable || o->plot || o->histogram) && !o->stats)
			argp_error(state, "--%s goes with --stats FILE", o->reachable ? "reachable"
			           : o->plot ? "plot" : "histogram");
		if (build && table_run)
			argp_error(state, "%s: goes with building a table, not with %s%s", build,
			           table_run, strcmp(build, "--try-rule") == 0
			           ? " (a table records its rule)" : "");
		return 0;
	}
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

static struct solve_options solver_options(const struct solve_opts *o)
{
	const int tty = isatty(2) && !getenv("CI");
	return (struct solve_options){o->threads, o->verbose, tty, stderr, 0, 0, 0, 0};
}

/* What one step of a job takes against another, for the progress lines' time left in the
 * whole job.  Measured on Dobutsu, the one game whose steps take long (two threads, other
 * jobs running, ./yomi): the build 115.4 s, then writing its table 5.3 s; reading a table
 * (--from) 32.2 s, then writing 5.5 s; reading 33.3 s, the late pass 202 s and writing the
 * survival table 13.9 s (its late bits: LATE_WRITE times a plain table's writing); reading
 * 32.5 s, verifying the entries 208 s and the late bits 107 s (two passes then; since
 * one, a table with late bits verifies in about the time of one without: 125-142 s of cpu
 * against 130 s, one thread's worth each, load from other jobs).  The late pass against the
 * build is of two runs (the build's and the reading's). */
#define WRITE_PER_BUILD 0.046
#define WRITE_PER_READ 0.17
#define LATE_WRITE 2.5
#define LATE_PER_BUILD 1.75
#define LATE_PER_READ 6.1
#define VERIFY_PER_READ 6.4

/* A progress line for a step that reads a table: the whole job's time left when the rest
 * takes later_ratio times the reading (later_ratio < 0: not known yet). */
static struct parallel_progress reading_progress(const char *label, double later_ratio)
{
	return (struct parallel_progress){label, NULL, 1, later_ratio < 0 ? -1 : 1, 0,
	                                  later_ratio < 0 ? 0 : later_ratio};
}

static struct table *open_or_complain(const struct solve_opts *o, const char *path);

/* The values of the table --from names (with distances, under the index's own rule), or
 * NULL with the message printed and *status set: EXIT_USAGE for a table refused at open
 * or of the wrong kind, EXIT_RUNTIME for one that fails while it is read (a block,
 * memory), as --verify and --stats do. */
static uint8_t *values_from(const struct solve_opts *o, int *status)
{
	*status = EXIT_USAGE;
	struct table *t = open_or_complain(o, o->from);
	if (!t)
		return NULL;
	struct table_info in;
	table_get_info(t, &in);
	uint8_t *values = NULL;
	struct yomi_error err;
	/* then the late pass, if asked for, and the writing */
	const int late_pass = o->late && !o->wdl_only;
	const struct parallel_progress reading = reading_progress(
		"yomi: solve: reading --from",
		late_pass ? LATE_PER_READ + WRITE_PER_READ * LATE_WRITE : WRITE_PER_READ);
	char said[YOMI_ARG_SAID];
	if (in.wdl_only || table_has_late(t))
		cli_error("--from %s: needs a table with distances counted by "
		          "the %s rule (this one: %s, %s)", yomi_arg_said(o->from, said),
		          o->game->solver->rules,
		          in.wdl_only ? "win/draw/loss only" : "with distances", in.rules);
	else if (!(values = table_load_values(t, o->threads, solver_options(o).progress
	                                     ? &reading : NULL, &err))) {
		cli_error("%s", err.msg);
		*status = EXIT_RUNTIME;
	}
	table_close(t);
	return values;
}

static int build(const struct solve_opts *o)
{
	const struct game *g = o->game;
	const struct game_solver *s = g->solver;
	char path[4096];
	struct yomi_error err;
	if (o->output) {
		snprintf(path, sizeof path, "%s", o->output);
	} else if (table_default_output(g, path, sizeof path, 1, &err) != 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	if (table_check_output(path, &err)) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	table_remove_stale(path, stderr);   /* before the build: the space may be needed */
	if (o->from && cli_same_file(path, o->from)) {   /* a conversion may lose what it reads */
		char said[YOMI_ARG_SAID];
		cli_error("-o %s: it is the table --from reads; write to another file",
		          yomi_arg_said(path, said));
		return EXIT_USAGE;
	}
	const int late_pass = o->late && !o->wdl_only;   /* a WDL table is the same under either
	                                                    rule */
	struct solve_options so = solver_options(o);
	so.later_ratio = late_pass ? LATE_PER_BUILD + WRITE_PER_BUILD * LATE_WRITE   /* after */
	                           : WRITE_PER_BUILD;                                 /* the build */
	const double t0 = search_clock();
	int from_status = EXIT_RUNTIME;
	uint8_t *values = o->from ? values_from(o, &from_status)
	                          : parallel_huge_alloc(s->index_size);
	if (!values) {
		if (!o->from)
			cli_error("cannot allocate %llu bytes: %s",
			          (unsigned long long)s->index_size, strerror(errno));
		return from_status;
	}
	uint64_t *late = NULL;
	int status = 0;
	const int built = o->from ? 0 : s->build(values, &so);
	if (built != 0) {
		cli_error("%s", built == -1 ? "out of memory" :
		          "a successor count went wrong (a defect of the game's index or un-moves)");
		status = EXIT_RUNTIME;
	}
	if (!status && late_pass) {
		/* then the writing, estimated from the build's or the reading's time */
		so.later = (search_clock() - t0) * LATE_WRITE * (o->from ? WRITE_PER_READ
		                                                        : WRITE_PER_BUILD);
		so.later_ratio = 0;
		late = calloc((s->index_size + 63) / 64, 8);
		if (!late || s->late(values, late, &so) != 0) {
			cli_error("out of memory for the late bits");
			status = EXIT_RUNTIME;
		}
	}
	const double secs = search_clock() - t0;
	const double t1 = search_clock();
	const int written = status ? 0 : table_write(path, g, values, late, o->wdl_only,
	                                             o->threads, so.progress, &err);
	if (o->from)
		free(values);
	else
		parallel_huge_free(values, s->index_size);
	free(late);
	if (status)
		return status;
	if (written != 0) {
		cli_error("%s", err.msg);
		return EXIT_RUNTIME;
	}
	const double write_secs = search_clock() - t1;
	struct table *t = table_open(path, g, &err);   /* read back: the file checks out */
	if (!t) {
		cli_error("written, but: %s", err.msg);
		return EXIT_RUNTIME;
	}
	struct table_info in;
	table_get_info(t, &in);
	printf("%s %s: %llu positions: %llu wins, %llu draws, %llu losses; longest win %d "
	       "plies; %.1f s on %d thread%s\n", o->from ? "converted" : "solved", g->name,
	       (unsigned long long)(in.wins + in.draws + in.losses), (unsigned long long)in.wins,
	       (unsigned long long)in.draws, (unsigned long long)in.losses, in.max_distance, secs,
	       o->threads, o->threads == 1 ? "" : "s");
	char said[YOMI_ARG_SAID];
	printf("wrote %s: %llu bytes%s%s%s (%.1f s)\n", yomi_arg_said(path, said),
	       (unsigned long long)in.file_size,
	       in.wdl_only ? ", win/draw/loss only" : ", with distances",
	       in.wdl_only ? "" : ", rules ", in.wdl_only ? "" : in.rules, write_secs);
	table_close(t);
	return 0;
}

static struct table *open_or_complain(const struct solve_opts *o, const char *path)
{
	struct yomi_error err;
	struct table *t = table_open(path, o->game, &err);
	if (!t)
		cli_error("%s", err.msg);
	return t;
}

static int sample(const struct solve_opts *o)
{
	const struct game *g = o->game;
	uint64_t s = o->seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	for (long k = 0; k < o->sample; ) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		if (g->solver->decode(s % g->solver->index_size, pos) != 0)
			continue;
		g->format(pos, 0, text, sizeof text);
		puts(text);
		k++;
	}
	return 0;
}

/* Loads every value of table t, and its late bits when it has them (else *late = NULL),
 * then closes t; the job's steps after it take later_ratio times the reading of the values
 * (< 0: not known).  Returns 0, or -1 after printing why. */
static int load_entries(const struct solve_opts *o, struct table *t, uint8_t **values,
                        uint64_t **late, double later_ratio)
{
	struct yomi_error err;
	const int progress = solver_options(o).progress;
	const struct parallel_progress reading = reading_progress("yomi: solve: reading",
	                                                          later_ratio);
	const double t0 = search_clock();
	*values = table_load_values(t, o->threads, progress ? &reading : NULL, &err);
	struct parallel_progress late_bits = reading_progress("yomi: solve: late bits",
	                                                      later_ratio);
	late_bits.later = (search_clock() - t0) * late_bits.later_ratio;
	late_bits.later_ratio = 0;
	*late = *values && table_has_late(t)
	        ? table_load_late(t, o->threads, progress ? &late_bits : NULL, &err)
	        : NULL;
	const int failed = !*values || (table_has_late(t) && !*late);
	table_close(t);
	if (failed) {
		free(*values);
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

static int verify(const struct solve_opts *o)
{
	struct table *t = open_or_complain(o, o->verify);
	if (!t)
		return EXIT_USAGE;
	const int wdl = !table_has_distance(t);
	const double t0 = search_clock();
	const int has_late = table_has_late(t);
	uint8_t *values;
	uint64_t *late;
	const double part = o->part ? 1.0 / (double)o->parts : 1;   /* the share verified */
	if (load_entries(o, t, &values, &late, VERIFY_PER_READ * part) != 0)
		return EXIT_RUNTIME;
	struct solve_options so = solver_options(o);
	const struct game_solver *s = o->game->solver;
	const uint64_t size = s->index_size;
	if (o->part) {   /* the K-th of N parts: [size (K - 1) / N, size K / N) */
		so.lo = (uint64_t)((unsigned __int128)size * (uint64_t)(o->part - 1) / (uint64_t)o->parts);
		so.hi = (uint64_t)((unsigned __int128)size * (uint64_t)o->part / (uint64_t)o->parts);
	}
	uint64_t bad_late;
	const uint64_t bad = s->verify(values, late, wdl, &so, &bad_late);
	free(values);
	free(late);
	if (o->part)
		printf("verify %s: part %ld of %ld, entries %llu to %llu: %llu entries, %llu "
		       "mismatches", o->verify, o->part, o->parts, (unsigned long long)so.lo,
		       (unsigned long long)so.hi - 1, (unsigned long long)(so.hi - so.lo),
		       (unsigned long long)bad);
	else
		printf("verify %s: %llu entries, %llu mismatches", o->verify,
		       (unsigned long long)s->index_size, (unsigned long long)bad);
	if (has_late)
		printf(", %llu late-bit mismatches", (unsigned long long)bad_late);
	printf("%s (%.1f s)\n", wdl ? " (win/draw/loss only: each entry agrees with its "
	       "successors)" : "", search_clock() - t0);
	return bad || bad_late ? EXIT_RUNTIME : 0;
}

/* Counts the wins and losses of each distance (arrays of SOLVE_NONE + 1); late: the late
 * bits of a table under the late rule, or NULL. */
static void stats_histogram(const struct solve_opts *o, const uint8_t *values,
                            const uint64_t *late, uint64_t *wins, uint64_t *losses)
{
	const uint64_t n = o->game->solver->index_size;
	for (uint64_t i = 0; i < n; i++) {
		const uint8_t v = values[i];
		if (v == 0 || v == SOLVE_NONE)
			continue;
		const int dist = v - 1 + (late ? (int)(late[i >> 6] >> (i & 63)) & 1 : 0);
		(solve_is_win(v) ? wins : losses)[dist]++;
	}
}

/* Why the SVG file at path must not be written, or NULL: the plot replaces what is there,
 * which must not be a table (the one being read above all), nor anything but a file; a new
 * one needs its folder. */
static const char *plot_unfit(const char *path, const char *table)
{
	struct stat st;
	if (!*path)
		return "the file name is empty";
	if (stat(path, &st) != 0)   /* a new file: its folder must be there (fopen would say so
	                               only after the whole table is read) */
		return cli_folder_missing(path);
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	if (cli_same_file(path, table))
		return "it is the table being read";
	return table_file_is_table(path) ? "a yomi table, not replaced by a plot" : NULL;
}

static int stats(const struct solve_opts *o)
{
	struct table *t = open_or_complain(o, o->stats);
	if (!t)
		return EXIT_USAGE;
	struct table_info in;
	table_get_info(t, &in);
	char said[YOMI_ARG_SAID];
	if (in.wdl_only && (o->plot || o->histogram)) {
		cli_error("--%s: %s holds no distances%s", o->plot ? "plot" : "histogram",
		          yomi_arg_said(o->stats, said), o->plot ? " to plot" : "");
		table_close(t);
		return EXIT_USAGE;
	}
	const char *unfit = o->plot ? plot_unfit(o->plot, o->stats) : NULL;
	if (unfit) {
		cli_error("--plot: %s: %s", yomi_arg_said(o->plot, said), unfit);
		table_close(t);
		return EXIT_USAGE;
	}
	printf("table %s: game %s, rules %s, index %s, %llu entries, %llu bytes, %s, built by %s\n",
	       yomi_arg_said(o->stats, said), in.game, in.rules, in.encoding,
	       (unsigned long long)in.index_size, (unsigned long long)in.file_size,
	       in.wdl_only ? "win/draw/loss only" : "with distances", in.build);
	printf("positions %llu: wins %llu, draws %llu, losses %llu",
	       (unsigned long long)(in.wins + in.draws + in.losses), (unsigned long long)in.wins,
	       (unsigned long long)in.draws, (unsigned long long)in.losses);
	if (in.none)
		printf(" (%llu unused indexes)", (unsigned long long)in.none);
	printf("\n");
	if (!in.wdl_only)
		printf("longest win %d plies\n", in.max_distance);
	/* what the header holds is printed; the rest reads the whole table */
	const int histogram = o->histogram || o->plot;
	if (!histogram && !o->reachable) {
		table_close(t);
		return 0;
	}
	struct yomi_error err;
	uint8_t *values;
	uint64_t *late;
	/* the reachable walk's time is known only when it ends; the histogram's is nothing */
	if (load_entries(o, t, &values, &late, o->reachable ? -1 : 0) != 0)
		return EXIT_RUNTIME;
	int status = 0;
	if (histogram) {
		/* wins and losses by distance (under the late rule a distance may be either) */
		uint64_t wins[SOLVE_NONE + 1] = {0}, losses[SOLVE_NONE + 1] = {0};
		stats_histogram(o, values, late, wins, losses);
		printf("distance  wins(mover)  losses(mover)\n");
		for (int dist = 0; dist <= SOLVE_NONE; dist++)
			if (wins[dist] || losses[dist])
				printf("%3d  %12llu  %12llu\n", dist, (unsigned long long)wins[dist],
				       (unsigned long long)losses[dist]);
		if (o->plot) {
			if (solve_plot_svg(o->plot, wins, losses, SOLVE_NONE + 1, &err) != 0) {
				cli_error("%s", err.msg);
				status = EXIT_RUNTIME;
			} else {
				printf("plot written to %s\n", yomi_arg_said(o->plot, said));
			}
		}
	}
	if (o->reachable) {
		struct solve_counts on;
		uint64_t total = 0;
		const struct solve_options so = solver_options(o);
		if (o->game->solver->reachable(values, &on, &total, &so) != 0) {
			cli_error("out of memory for the reachable walk");
			status = EXIT_RUNTIME;
		} else {
			printf("reachable from the start: %llu indexed positions; not terminal %llu = "
			       "%llu wins + %llu draws + %llu losses\n", (unsigned long long)total,
			       (unsigned long long)(on.wins + on.draws + on.losses),
			       (unsigned long long)on.wins, (unsigned long long)on.draws,
			       (unsigned long long)on.losses);
		}
	}
	free(values);
	free(late);
	return status;
}

static int is_obf(const char *word)
{
	const size_t len = strlen(word);
	return len > 4 && strcasecmp(word + len - 4, ".obf") == 0;
}

/* Games with an exact solver (Othello): the words are an .obf file, '-' (one on stdin), or
 * a POSITION (none: the start position); solve_obf.c does the work. */
static int solve_exact_positions(const struct solve_opts *o)
{
	struct cli_common c;
	cli_common_init(&c, o->game);
	c.json = o->json;
	const char *path = NULL;
	struct stat st;
	struct yomi_error err;
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	if (o->nwords == 1 && strcmp(o->words[0], "-") == 0) {
		c.from_stdin = 1;
		path = "-";
	} else if (o->nwords == 1 && (stat(o->words[0], &st) == 0 || is_obf(o->words[0]))) {
		path = o->words[0];   /* a file that cannot be read is said so */
	} else if (o->nwords == 1 && o->game->parse(o->words[0], pos, &err)) {
		cli_common_free(&c);
		char said[YOMI_ARG_SAID];
		cli_error("'%s' is no file, nor a position (%s)", yomi_arg_said(o->words[0], said),
		          err.msg);
		return EXIT_USAGE;
	} else if (o->nwords > 0) {
		for (int k = 0; k < o->nwords; k++)
			if (is_obf(o->words[k])) {
				cli_common_free(&c);
				char said[YOMI_ARG_SAID];
				cli_error("%s: one .obf file at a time, and nothing else",
				          yomi_arg_said(o->words[k], said));
				return EXIT_USAGE;
			}
		size_t len = 1;
		for (int k = 0; k < o->nwords; k++)
			len += strlen(o->words[k]) + 1;
		c.position = calloc(1, len);
		if (!c.position) {
			cli_common_free(&c);
			cli_error("out of memory");
			return EXIT_RUNTIME;
		}
		for (int k = 0; k < o->nwords; k++) {
			strcat(c.position, o->words[k]);
			if (k + 1 < o->nwords)
				strcat(c.position, " ");
		}
	}
	const int status = cli_solve_obf(o->game, path, &c, o->threads_given ? o->threads : 1,
	                                 o->hash_mb);
	cli_common_free(&c);
	return status;
}

/* Writes the registry's games that solve position by position (exact), or that have any
 * solver, comma-separated, into buf. */
static void list_solvable(char *buf, size_t len, int exact)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; game_registry[i]; i++) {
		const struct game *g = game_registry[i];
		if (exact ? !g->solver && g->solve_exact : g->solver || g->solve_exact)
			cli_list_add(buf, len, &at, ", ", g->name);
	}
}

int cmd_solve(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "[-o FILE] [--wdl-only] [--try-rule arrival|survival] [--from FILE]\n"
		"--verify FILE [--part K/N]\n--stats FILE [--histogram] [--reachable] [--plot SVG]\n"
		"--sample N [--seed N]\n"
		"[FILE.obf|-|POSITION]   (games with an exact solver: othello*)",
		"Solve a whole game by retrograde analysis and write its table (win, draw or loss "
		"with the distance in plies of every position), or check or describe a table.  "
		"Games with an exact solver (Othello) solve positions instead: every position of an "
		".obf test file, '-' (stdin), or one POSITION (default: the start), a line each: "
		"'N MOVE =SCORE nodes N time T ok|WRONG', then a total; more than 36 empty squares "
		"(the 8x8 start) are out of reach and refused.", NULL, NULL, NULL};
	struct solve_opts o = {.game = game, .threads = parallel_cpus(), .seed = 1};
	cli_argp_parse(&argp, argc, argv, &o);
	/* the options of one kind of solve, named when given to the other kind */
	const char *table_option = build_option(&o) ? build_option(&o) : o.verify ? "--verify"
	                           : o.stats ? "--stats" : o.reachable ? "--reachable"
	                           : o.plot ? "--plot" : o.sample ? "--sample" : NULL;
	if (o.seed_given && !o.sample) {
		cli_error("--seed: only with --sample");
		return EXIT_USAGE;
	}
	if (!o.game->solver && o.game->solve_exact) {
		if (o.verbose) {
			cli_error("--verbose: %s's exact solver has no rounds to "
			          "print", o.game->name);
			return EXIT_USAGE;
		}
		if (table_option) {
			cli_error("%s: %s is solved position by position, without "
			          "a table", table_option, o.game->name);
			return EXIT_USAGE;
		}
		return solve_exact_positions(&o);
	}
	char names[400];
	if ((o.json || o.hash_mb) && o.game->solver) {
		list_solvable(names, sizeof names, 1);
		cli_error("%s: only for games solved position by position (%s)",
		          o.json ? "--json" : "--hash", names);
		return EXIT_USAGE;
	}
	if (!o.game->solver) {
		list_solvable(names, sizeof names, 0);
		cli_error("%s has no solver (games: %s)", o.game->name, names);
		return EXIT_USAGE;
	}
	if (o.nwords) {
		cli_error("%s: %s is solved as a whole; no FILE or POSITION "
		          "argument", o.words[0], o.game->name);
		return EXIT_USAGE;
	}
	if (o.try_rule_given && !o.game->solver->late_rules) {
		cli_error("--try-rule: %s has no try (its rules: %s)",
		          o.game->name, o.game->solver->rules);
		return EXIT_USAGE;
	}
	if (o.sample)
		return sample(&o);
	if (o.verify)
		return verify(&o);
	if (o.stats)
		return stats(&o);
	return build(&o);
}
