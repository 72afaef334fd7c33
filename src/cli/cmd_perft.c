/* cmd_perft.c - `yomi perft --depth N [--divide] [POSITION|-]`: leaf counts. */
#include <stdlib.h>
#include <time.h>

#include "cli/cli.h"

struct perft_opts {
	struct cli_common common;
	int depth;
	int divide;
	int verbose;
};

static const struct argp_option options[] = {
	{"depth", 'd', "N", 0, "Depth in plies (required, 0 to 30)", 0},
	{"divide", 'D', NULL, 0, "First print each legal move with its leaf count", 0},
	{"verbose", 'v', NULL, 0, "Also count the leaves whose move ends the game, and print "
	 "time and leaves per second", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct perft_opts *o = state->input;
	switch (key) {
	case 'd':
		o->depth = (int)cli_option_number(state, "--depth", arg, 0, 30);
		return 0;
	case 'D':
		o->divide = 1;
		return 0;
	case 'v':
		o->verbose = 1;
		return 0;
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &o->common;
		return 0;
	case ARGP_KEY_SUCCESS:
		if (o->depth < 0)
			argp_error(state, "--depth N is required");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int perft_one(const struct cli_common *c, const void *pos, void *opts, int filter,
                     struct yomi_error *err)
{
	(void)err;
	const struct perft_opts *o = opts;
	const struct game *g = c->game;
	uint64_t total = 0, ends = 0;
	char text[YOMI_TEXT_MAX];
	const double t0 = now();
	if (o->divide && o->depth > 0 && !filter) {
		yomi_move moves[YOMI_MOVES_MAX];
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		const int n = g->moves(pos, moves);
		if (c->json)
			fputs("{\"divide\":[", stdout);
		for (int i = 0; i < n; i++) {
			uint64_t count = 0, e = 0;
			g->format_move(pos, moves[i], text, sizeof text);
			if (g->play(pos, moves[i], next))   /* a finished game: see the game's perft */
				count = o->depth == 1 ? 1 : g->perft(next, o->depth - 1, NULL),
				e = o->depth == 1;
			else
				count = g->perft(next, o->depth - 1, o->verbose ? &e : NULL);
			total += count;
			ends += e;
			if (c->json) {
				printf("%s{\"move\":", i ? "," : "");
				json_string(stdout, text);
				printf(",\"leaves\":%llu}", (unsigned long long)count);
			} else {
				printf("%s %llu\n", text, (unsigned long long)count);
			}
		}
		if (n == 0)   /* a finished game: its leaves as the game counts them (Othello: 1) */
			total = g->perft(pos, o->depth, o->verbose ? &ends : NULL);
		if (c->json)
			fputs("],", stdout);
	} else {
		total = g->perft(pos, o->depth, o->verbose ? &ends : NULL);
		if (c->json)
			fputc('{', stdout);
	}
	const double secs = now() - t0;
	if (c->json) {
		printf("\"depth\":%d,\"leaves\":%llu", o->depth, (unsigned long long)total);
		if (o->verbose)
			printf(",\"ends\":%llu,\"seconds\":%.3f", (unsigned long long)ends, secs);
		fputs("}\n", stdout);
		return 0;
	}
	if (o->verbose && !filter)
		printf("ends %llu\ntime %.3f s, %.1f M leaves/s\n", (unsigned long long)ends, secs,
		       secs > 0 ? (double)total / secs / 1e6 : 0.0);
	printf("perft %d %llu\n", o->depth, (unsigned long long)total);
	return 0;
}

int cmd_perft(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "--depth N [POSITION|-]",
		"Count the positions (leaves) at exactly N plies.  A move that ends the game is a "
		"leaf and is not expanded.  The last line is 'perft N COUNT'; with '-', that line "
		"once per stdin position.",
		cli_common_children, NULL, NULL};
	struct perft_opts o = {.depth = -1};
	cli_common_init(&o.common, game);
	return cli_run(&argp, argc, argv, &o, &o.common, perft_one, &o);
}
