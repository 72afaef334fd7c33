/*
 * bench/othello-train.c - the training data and fit of the Othello pattern evaluation
 * (src/games/othello/othello_pattern.h); bench/othello-train.sh runs it end to end.
 *
 *   othello-train games SEED FIRST COUNT EXACT > GAMES
 *       Self-play games FIRST .. FIRST+COUNT-1 of the series SEED, one line each:
 *       the moves ("f5d6...", "pa" a pass), then "K:V" for each position K plies from the
 *       start with at most EXACT empty squares: V its exact final disc difference for the
 *       side to move, from the exact solver.  Game i depends on (SEED, i) alone, so a series
 *       cut into ranges (one per core) is the same series.
 *       Each game: 4 to 16 random moves, then a depth-4 search with the hand-weighted
 *       evaluation (never the trained one: the data do not depend on the weights that they
 *       make), a random move one time in 8, to the end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/othello/othello.h"
#include "games/othello/othello_endgame.h"
#include "games/othello/othello_eval.h"
#include "yomi/registry.h"
#include "yomi/search.h"

/* ---- random numbers: splitmix64 of (series, game, draw) ---- */

static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct rng {
	uint64_t s;
};

static uint64_t rng_next(struct rng *r) { return mix64(r->s += 0x9e3779b97f4a7c15ULL); }

static const struct game *G;

static void die(const char *msg)
{
	fprintf(stderr, "othello-train: %s\n", msg);
	exit(1);
}

/* ---- games ---- */

enum { PLAY_DEPTH = 4, RANDOM_MIN = 4, RANDOM_SPAN = 13, RANDOM_ONE_IN = 8 };

/* A best move of *p by a search of `depth` plies with the hand-weighted evaluation. */
static yomi_move search_move(struct tt *tt, const struct othello_pos *p, int depth)
{
	struct search_limits lim = {0};
	lim.multipv = 1;
	lim.depth = depth;
	lim.exact_at = -1;
	lim.eval_material = 1;   /* the hand-weighted evaluation (othello.c) */
	struct search_ctx *ctx = malloc(sizeof *ctx);
	if (!ctx)
		die("out of memory");
	search_init(ctx, tt, &lim);
	G->search(ctx, p);
	const yomi_move m = ctx->lines[0].pv[0];
	free(ctx);
	return m;
}

/* The exact value of *p for its side to move. */
static int solve(struct tt *tt, const struct othello_pos *p, uint64_t *nodes)
{
	struct search_limits lim = {0};
	lim.multipv = 1;
	struct search_ctx *ctx = malloc(sizeof *ctx);
	if (!ctx)
		die("out of memory");
	search_init(ctx, tt, &lim);
	ctx->start = search_clock();
	int score;
	yomi_move best;
	if (othello_solve(ctx, p, &score, &best))
		die("the solver stopped");
	*nodes += ctx->nodes;
	free(ctx);
	return score;
}

static void format_move(yomi_move m, char *s)
{
	if (m == OTH_PASS) {
		s[0] = 'p';
		s[1] = 'a';
	} else {
		s[0] = (char)('a' + (m - 1) % 8);
		s[1] = (char)('1' + (m - 1) / 8);
	}
}

static int cmd_games(int argc, char **argv)
{
	if (argc != 4)
		die("usage: games SEED FIRST COUNT EXACT");
	const uint64_t seed = strtoull(argv[0], NULL, 10);
	const long first = atol(argv[1]), count = atol(argv[2]);
	const int exact = atoi(argv[3]);
	struct tt tt, tt_play;   /* the solver's, and the play's (cleared each game) */
	if (tt_init(&tt, 64) || tt_init(&tt_play, 16))
		die("out of memory");
	uint64_t nodes = 0;
	const double t0 = search_clock();
	printf("# othello-train games %llu %ld %ld %d\n", (unsigned long long)seed, first, count,
	       exact);
	for (long gi = first; gi < first + count; gi++) {
		struct rng r = {mix64(seed * 0x100000001b3ULL + (uint64_t)gi)};
		struct othello_pos p;
		G->start(&p);
		tt_clear(&tt_play);
		char moves[2 * 128 + 1], labels[61 * 8 + 1];
		int ply = 0, at = 0;
		const int random_plies = RANDOM_MIN + (int)(rng_next(&r) % RANDOM_SPAN);
		for (;;) {
			yomi_move mv[OTH_MAX_MOVES];
			const int n = othello_gen(&p, mv);
			if (!n)
				break;
			if (64 - oth_popcount(p.p | p.o) <= exact)
				at += snprintf(labels + at, sizeof labels - (size_t)at, " %d:%d", ply,
				               solve(&tt, &p, &nodes));
			const int rand_move = ply < random_plies || rng_next(&r) % RANDOM_ONE_IN == 0;
			const yomi_move m = n == 1 ? mv[0] : rand_move ? mv[rng_next(&r) % (unsigned)n]
			                                               : search_move(&tt_play, &p, PLAY_DEPTH);
			format_move(m, moves + 2 * ply);
			othello_play(&p, m, &p);
			ply++;
		}
		moves[2 * ply] = '\0';
		labels[at] = '\0';
		printf("%s%s\n", moves, labels);
		fflush(stdout);
	}
	fprintf(stderr, "games %ld..%ld: %.1f s, %.3f G solver nodes\n", first, first + count - 1,
	        search_clock() - t0, (double)nodes * 1e-9);
	tt_free(&tt);
	tt_free(&tt_play);
	return 0;
}

/* ---- reading the games back ---- */

enum { MAX_PLIES = 128 };

/* One game of a GAMES file: the positions before each move, and their exact labels. */
struct game_line {
	int plies;                          /* positions pos[0..plies] (the last: game over) */
	struct othello_pos pos[MAX_PLIES + 1];
	int exact[MAX_PLIES + 1];           /* EXACT_NONE where not labelled */
};

enum { EXACT_NONE = 1000 };

/* Parses a line of `games`; returns 0, -1 on a comment, or dies on a bad line. */
static int read_game(const char *line, struct game_line *gl)
{
	if (line[0] == '#' || line[0] == '\n')
		return -1;
	G->start(&gl->pos[0]);
	int k = 0;
	const char *s = line;
	for (; *s && *s != ' ' && *s != '\n'; s += 2) {
		if (k >= MAX_PLIES || !s[1])
			die("bad game line");
		yomi_move m = s[0] == 'p' ? OTH_PASS : (yomi_move)((s[1] - '1') * 8 + (s[0] - 'a') + 1);
		othello_play(&gl->pos[k], m, &gl->pos[k + 1]);
		k++;
	}
	gl->plies = k;
	for (int i = 0; i <= k; i++)
		gl->exact[i] = EXACT_NONE;
	while (*s == ' ') {
		int ply, v, used;
		if (sscanf(s, " %d:%d%n", &ply, &v, &used) != 2 || ply < 0 || ply > k)
			die("bad label");
		gl->exact[ply] = v;
		s += used;
	}
	return 0;
}

static int empties_of(const struct othello_pos *p) { return 64 - oth_popcount(p->p | p->o); }

/* ---- probcut: how well shallow searches predict the exact value ---- */

static int cmd_probcut(int argc, char **argv, int hand)
{
	enum { EMIN = 8, EMAX = 24, D = OTH_PC_DEPTHS };
	static double sxx[EMAX + 1][D], sxy[EMAX + 1][D], syy[EMAX + 1][D];
	static long cnt[EMAX + 1];
	struct tt tt;
	if (tt_init(&tt, 1))
		die("out of memory");
	struct search_limits lim = {0};
	lim.eval_material = hand;
	struct search_ctx *ctx = malloc(sizeof *ctx);
	static struct game_line gl;
	char line[4096];
	for (int a = 0; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (!f)
			die("cannot open a GAMES file");
		while (fgets(line, sizeof line, f)) {
			if (read_game(line, &gl))
				continue;
			for (int k = 0; k <= gl.plies; k++) {
				const int e = empties_of(&gl.pos[k]);
				if (gl.exact[k] == EXACT_NONE || e < EMIN || e > EMAX)
					continue;
				search_init(ctx, &tt, &lim);
				const double y = gl.exact[k];
				for (int d = 0; d < D; d++) {
					const double x = othello_eval_search(ctx, &gl.pos[k], d, -SCORE_INF,
					                                     SCORE_INF) / 100.0;
					sxx[e][d] += x * x;
					sxy[e][d] += x * y;
					syy[e][d] += y * y;
				}
				cnt[e]++;
			}
		}
		fclose(f);
	}
	/* per depth: one slope over all empties, then the spread's line in the empties */
	double slope[D], s0[D], s1[D];
	for (int d = 0; d < D; d++) {
		double xx = 0, xy = 0;
		for (int e = EMIN; e <= EMAX; e++) {
			xx += sxx[e][d];
			xy += sxy[e][d];
		}
		slope[d] = xx > 0 ? xy / xx : 1;
		double n = 0, se = 0, sv = 0, see = 0, sev = 0;
		for (int e = EMIN; e <= EMAX; e++) {
			if (!cnt[e])
				continue;
			const double a = slope[d];
			const double var = (syy[e][d] - 2 * a * sxy[e][d] + a * a * sxx[e][d]) / (double)cnt[e];
			const double sd = sqrt(var > 0 ? var : 0);
			printf("# depth %d empties %2d: %6ld positions, sd %.2f discs\n", d, e, cnt[e], sd);
			n += 1;
			se += e;
			sv += sd;
			see += (double)e * e;
			sev += e * sd;
		}
		s1[d] = n > 1 ? (n * sev - se * sv) / (n * see - se * se) : 0;
		s0[d] = n > 0 ? (sv - s1[d] * se) / n : 0;
	}
	printf("{");
	for (int d = 0; d < D; d++)
		printf("%s%.3ff", d ? ", " : "{", slope[d]);
	printf("}, ");
	for (int d = 0; d < D; d++)
		printf("%s%.3ff", d ? ", " : "{", s0[d]);
	printf("}, ");
	for (int d = 0; d < D; d++)
		printf("%s%.4ff", d ? ", " : "{", s1[d]);
	printf("}}\n");
	free(ctx);
	tt_free(&tt);
	return 0;
}

int main(int argc, char **argv)
{
	G = game_find("othello");
	if (argc >= 2 && strcmp(argv[1], "games") == 0)
		return cmd_games(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "probcut-hand") == 0)
		return cmd_probcut(argc - 2, argv + 2, 1);
	die("usage: othello-train games|fit|mae ...");
	return 2;
}
