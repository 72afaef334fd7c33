/*
 * solve_obf.c - exact solving of positions with a game's solve_exact (Othello's endgame
 * solver): every line of an .obf test file, or one position.
 *
 * Why its own file: `yomi solve` dispatches here when the game has an exact solver, so the
 * driver stays apart from the retrograde-table solve command.
 *
 * Output, one line per position: "N MOVE =SCORE nodes N time T [ok|WRONG (want ...)]",
 * then "total P positions, K ok, W wrong, nodes N, time T s, X nodes/s, cpu C s, Y nodes/cpu s"
 * (the CPU time includes clearing the table before each position, not its one-time
 * allocation).  With --json one object per line instead.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "yomi/search.h"

/* Table size (MB) without --hash; a build may pick another with -DYOMI_SOLVE_HASH_MB=N. */
#ifndef YOMI_SOLVE_HASH_MB
#define YOMI_SOLVE_HASH_MB 256
#endif
enum { SOLVE_HASH_MB = YOMI_SOLVE_HASH_MB };

struct solve_run {
	const struct game *g;
	const struct cli_common *c;
	struct tt tt;
	struct search_ctx *ctx;
	int threads;          /* the exact solver's (split points: games/othello) */
	int count, ok, wrong;
	uint64_t nodes;
	double seconds;
	double cpu0;          /* process CPU seconds once the table is allocated */
	double cpu;           /* CPU seconds since cpu0, up to the last position solved */
	int progress;         /* a progress line on standard error (a terminal, not CI) */
	int total;            /* positions in the file (0: not known, stdin) */
	int number;           /* the position being solved: its number, and its place */
	int place;
	int shown;            /* the progress line is on the screen */
	int single;           /* the position of the command line, no file */
};

/* The progress line of a long solve, every second: position i of n, nodes, time. */
static void show_progress(struct search_ctx *ctx, void *arg)
{
	struct solve_run *r = arg;
	const double now = search_clock();
	ctx->progress_at = now + 1;
	fprintf(stderr, "\ryomi: solve: position %d", r->place);
	if (r->total)
		fprintf(stderr, " of %d", r->total);
	if (r->number != r->place)
		fprintf(stderr, " (#%d)", r->number);
	fprintf(stderr, ", %llu nodes, %.0f s   ", (unsigned long long)ctx->nodes,
	        now - ctx->start);
	fflush(stderr);
	r->shown = 1;
}

/* Clears the progress line, before a line of output or a message. */
static void clear_progress(struct solve_run *r)
{
	if (r->shown)
		fprintf(stderr, "\r%79s\r", "");
	r->shown = 0;
}

/* Ctrl-C stops the position being solved; the finished ones keep their total. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* CPU seconds of this process: on a shared machine, a fairer figure than the wall clock. */
static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The file's answer: its best score and the moves that reach it ("G8:+18; H1:+12; ..."). */
struct answer {
	int have;
	int score;
	int nbest;
	yomi_move best[YOMI_MOVES_MAX];
};

/* Parses the answers after the position ("G8:+18; H1:+12; ..."): each a legal move and a
 * disc difference from -64 to 64.  Returns 0, or -1 with err filled ("answer: ..."). */
static int parse_answer(const struct game *g, const void *pos, const char *s, struct answer *a,
                        struct yomi_error *err)
{
	a->have = 0;
	a->nbest = 0;
	while (s && *s) {
		while (*s == ';' || isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		const size_t len = strcspn(s, ";");
		const char *colon = memchr(s, ':', len);
		char text[64], said[48], said2[32];   /* what the file says, quoted as messages do */
		if (!colon) {
			snprintf(text, sizeof text, "%.*s", (int)(len < 60 ? len : 60), s);
			return yomi_fail(err, "answer: '%s' is not MOVE:SCORE",
			                 yomi_said(text, said, sizeof said));
		}
		char mv[16];
		if (colon - s >= (ptrdiff_t)sizeof mv) {
			snprintf(text, sizeof text, "%.*s", (int)(colon - s < 60 ? colon - s : 60), s);
			return yomi_fail(err, "answer: '%s' is not a move",
			                 yomi_said(text, said, 28));
		}
		snprintf(mv, sizeof mv, "%.*s", (int)(colon - s), s);
		char *end;
		errno = 0;
		const long v = strtol(colon + 1, &end, 10);
		const char *rest = end + strspn(end, " \t");
		if (end == colon + 1 || errno || v < -64 || v > 64 || (*rest && *rest != ';')) {
			const size_t n = strcspn(colon + 1, ";");
			snprintf(text, sizeof text, "%.*s", (int)(n < 60 ? n : 60), colon + 1);
			return yomi_fail(err, "answer: %s: '%s' is not a disc difference from -64 to 64",
			                 yomi_said(mv, said2, sizeof said2), yomi_said(text, said, sizeof said));
		}
		yomi_move m;
		struct yomi_error merr;
		if (g->parse_move(pos, mv, &m, &merr))
			return yomi_fail(err, "answer: %s", merr.msg);
		if (!a->have || v > a->score) {
			a->have = 1;
			a->score = (int)v;
			a->nbest = 0;
		}
		if (v == a->score && a->nbest < YOMI_MOVES_MAX)
			a->best[a->nbest++] = m;
		s = rest;
	}
	return 0;
}

/* solve_one's answer when Ctrl-C stopped it: not an exit status (those are 0, 1 and 2). */
enum { STOPPED = -1 };

/* Solves pos and prints its line; returns 0, STOPPED, or an exit status. */
static int solve_one(struct solve_run *r, int number, const void *pos, const struct answer *a)
{
	const struct game *g = r->g;
	struct search_limits limits = {.multipv = 1, .threads = r->threads};
	struct yomi_error err;
	if (g->solve_reach && g->solve_reach(pos, &err) != 0) {
		if (r->single)   /* the position of the command line */
			cli_error("%s", err.msg);
		else
			cli_error("position %d: %s", number, err.msg);
		return EXIT_USAGE;
	}
	search_init(r->ctx, &r->tt, &limits);
	r->ctx->interrupt = &interrupted;
	r->number = number;
	r->place++;
	if (r->progress) {
		r->ctx->progress = show_progress;
		r->ctx->progress_arg = r;
		r->ctx->progress_at = search_clock() + 1;
	}
	int score;
	yomi_move best;
	const int solved = g->solve_exact(pos, r->ctx, &score, &best);
	clear_progress(r);
	if (solved != 0) {
		if (interrupted) {
			cli_error("interrupted in position %d, after %d solved",
			          number, r->count);
			return STOPPED;
		}
		cli_error("position %d: stopped", number);
		return EXIT_RUNTIME;
	}
	const double t = search_clock() - r->ctx->start;
	char move[YOMI_TEXT_MAX], sc[32];
	if (best)
		g->format_move(pos, best, move, sizeof move);
	else
		snprintf(move, sizeof move, "none");
	search_format_score(score, 1, sc, sizeof sc);
	int match = -1;   /* no answer */
	if (a && a->have) {
		match = score == a->score && (!best || a->nbest == 0);
		for (int i = 0; i < a->nbest && score == a->score; i++)
			match |= a->best[i] == best;
	}
	r->count++;
	r->ok += match == 1;
	r->wrong += match == 0;
	r->nodes += r->ctx->nodes;
	r->seconds += t;
	r->cpu = cpu_seconds() - r->cpu0;   /* not a stopped position's part */
	if (r->c->json) {
		printf("{\"position\":%d,\"best\":", number);
		json_string(stdout, move);
		printf(",\"score\":\"%s\",\"nodes\":%llu,\"time\":%.3f", sc,
		       (unsigned long long)r->ctx->nodes, t);
		if (match >= 0)
			printf(",\"match\":%s", match ? "true" : "false");
		puts("}");
	} else {
		printf("%d %s %s nodes %llu time %.3f", number, move, sc,
		       (unsigned long long)r->ctx->nodes, t);
		if (match == 1)
			fputs(" ok", stdout);
		else if (match == 0) {   /* the score, and the moves when the score was right */
			printf(" WRONG (want %+d", a->score);
			for (int i = 0; i < a->nbest && score == a->score; i++) {
				g->format_move(pos, a->best[i], move, sizeof move);
				printf("%s%s", i ? "," : " ", move);
			}
			putchar(')');
		}
		putchar('\n');
	}
	fflush(stdout);
	return 0;
}

/* The first problem number: the first number in the file's name (fforum-40-59.obf and
 * ffo40-52.obf both count from 40), else 1; a number too large to count on from is 1. */
static int first_number(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	while (*base && !isdigit((unsigned char)*base))
		base++;
	const long n = *base ? strtol(base, NULL, 10) : 1;
	return n >= 1 && n <= 1000000000 ? (int)n : 1;
}

static int solve_file(struct solve_run *r, const char *path)
{
	if (strcmp(path, "-") == 0 && cli_stdin_unreadable())
		return EXIT_USAGE;
	FILE *f = strcmp(path, "-") == 0 ? stdin : cli_fopen_read(path);
	char said[YOMI_ARG_SAID];   /* path as messages quote it */
	if (!f) {
		const int e = errno;
		cli_error("cannot open %s: %s", yomi_arg_said(path, said), strerror(e));
		return EXIT_USAGE;
	}
	struct cli_line in = {NULL, 0, 0};
	int number = strcmp(path, "-") == 0 ? 1 : first_number(path), status = 0, got;
	const char *name = f == stdin ? "stdin" : yomi_arg_said(path, said);   /* for messages */
	long lineno = 0;
	if (r->progress && f != stdin) {   /* "position i of n": the file's n */
		while (cli_line_read(f, &in) > 0) {
			const char *t = in.text;
			r->total += t[strspn(t, " \t\r\n")] && t[strspn(t, " \t")] != '#';
		}
		rewind(f);
	}
	while ((got = cli_line_read(f, &in)) > 0) {
		char *line = in.text;
		lineno++;
		if (got == 2) {
			cli_error("%s:%ld: position: " CLI_LINE_TOO_LONG, name, lineno);
			status = EXIT_USAGE;
			break;
		}
		line[strcspn(line, "\r\n")] = '\0';
		if (line[strspn(line, " \t")] == '\0' || line[strspn(line, " \t")] == '#')
			continue;
		_Alignas(16) unsigned char pos[YOMI_POS_MAX];
		struct yomi_error err;
		if (r->g->parse(line, pos, &err)) {
			cli_error("%s:%ld: %s", name, lineno, err.msg);
			status = EXIT_USAGE;
			break;
		}
		struct answer a;
		if (parse_answer(r->g, pos, strchr(line, ';'), &a, &err)) {
			cli_error("%s:%ld: %s", name, lineno, err.msg);
			status = EXIT_USAGE;
			break;
		}
		const int rc = solve_one(r, number, pos, &a);
		number += number < INT_MAX;
		if (rc) {
			status = rc;
			break;
		}
	}
	free(in.text);
	if ((got < 0 || ferror(f)) && !status) {   /* not the end of the input: the rest went unsolved */
		cli_error("%s: %s", name, strerror(errno));
		status = EXIT_RUNTIME;
	}
	if (f != stdin)
		fclose(f);
	return status;
}

static int solve_position(struct solve_run *r)
{
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	if (!r->c->position)
		r->g->start(pos);
	else if (cli_parse_position(r->c, r->c->position, pos))
		return EXIT_USAGE;
	return solve_one(r, 1, pos, NULL);
}

int cli_solve_obf(const struct game *g, const char *path, const struct cli_common *c,
                  int threads, size_t hash_mb)
{
	if (!g->solve_exact) {
		cli_error("%s has no exact solver", g->name);
		return EXIT_USAGE;
	}
	struct solve_run r = {.g = g, .c = c, .threads = threads};
	r.ctx = malloc(sizeof *r.ctx);
	if (!hash_mb)
		hash_mb = SOLVE_HASH_MB;
	if (!r.ctx || tt_init(&r.tt, hash_mb)) {
		if (r.ctx)
			cli_error("--hash %zu: cannot allocate the table", hash_mb);
		else
			cli_error("out of memory");
		free(r.ctx);
		return EXIT_RUNTIME;
	}
	struct sigaction sa = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);   /* a second Ctrl-C kills */
	r.cpu0 = cpu_seconds();   /* after the table's one-time allocation (page faults) */
	r.progress = isatty(STDERR_FILENO) && !getenv("CI");
	r.total = r.single = !path;
	int status = path ? solve_file(&r, path) : solve_position(&r);
	if (status == STOPPED)   /* as analyze and match: stopped by the user, not a failure */
		status = 0;
	if ((r.count || (path && !status)) && !c->json)   /* a file without problems: 0 */
		printf("total %d position%s, %d ok, %d wrong, nodes %llu, time %.3f s, %.0f nodes/s, "
		       "cpu %.3f s, %.0f nodes/cpu s\n", r.count, r.count == 1 ? "" : "s", r.ok,
		       r.wrong, (unsigned long long)r.nodes, r.seconds,
		       r.seconds > 0 ? (double)r.nodes / r.seconds : 0.0, r.cpu,
		       r.cpu > 0 ? (double)r.nodes / r.cpu : 0.0);
	if (!status && r.wrong)
		status = EXIT_RUNTIME;
	tt_free(&r.tt);
	free(r.ctx);
	return status;
}
