/*
 * bench/othello-train.c - the training data and fit of the Othello pattern evaluation
 * (src/games/othello/othello_pattern.h); bench/othello-train.sh runs it end to end.
 *
 *   othello-train games SEED FIRST COUNT EXACT [STRIDE] > GAMES
 *       COUNT self-play games of the series SEED, numbers FIRST, FIRST + STRIDE, ...
 *       (STRIDE default 1), one line each:
 *       the moves ("f5d6...", "pa" a pass), then "K:V" for each position K plies from the
 *       start with at most EXACT empty squares: V its exact final disc difference for the
 *       side to move, from the exact solver.  Game i depends on (SEED, i) alone, so a series
 *       dealt out to several processes (FIRST = j, STRIDE = the processes) is the same
 *       series.
 *       Each game: 4 to 16 random moves, then a depth-4 search with the hand-weighted
 *       evaluation (never the trained one: the data do not depend on the weights that they
 *       make), a random move one time in 8, to the end.
 *   othello-train fit -o FILE [--exact N] [--depth D] [--lambda L] [--margin M]
 *                     [--threads T] [--stages S] [--blend B] [--train-error] GAMES...
 *       The weights, stage by stage from the end (fit_stage): positions with up to N
 *       (20) empties learn their exact values, those beyond a depth-D (6) search's with the
 *       stages already fitted, blended with weight B (0) with the game's outcome (the exact
 *       value of its next labelled position, else its final score); a tenth of the games
 *       (by a hash of their moves) is held out, for the error report on stderr and the
 *       ProbCut fit stored with the weights.  --train-error: the error report is also made
 *       on the positions trained on (close to the held-out one: the fit lacks data; as low
 *       only: the features cannot say more).  Games without labels (EXACT 0) add positions
 *       beyond N empties only.
 *   othello-train mae FILE...
 *       Mean absolute errors of 0- to 4-ply searches against exact values, trained and
 *       hand-weighted, per empties: FILE holds "POSITION; V" lines or .obf answer lines.
 *   othello-train sample EMIN EMAX GAMES...
 *       One position per game, empties cycling from EMIN to EMAX, as "POSITION; V" with its
 *       exact value when the game has it (data/othello/exact-test.txt), else "POSITION".
 *   othello-train openings SEED COUNT PLIES
 *       COUNT distinct positions PLIES random moves after the start (data/othello/
 *       openings.txt, for yomi match --openings).
 *   othello-train probcut-hand GAMES...
 *       The hand-weighted evaluation's ProbCut fit (othello_eval_hand.h's table).
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

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

/* The exact value of *p for its side to move; keep: on the table of the solve before (the
 * game's previous position: much of this one's tree is there). */
static int solve(struct tt *tt, const struct othello_pos *p, int keep, uint64_t *nodes)
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
	if (othello_solve_sel(ctx, p, OTH_SEL_EXACT, keep, &score, &best))
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
	if (argc != 4 && argc != 5)
		die("usage: games SEED FIRST COUNT EXACT [STRIDE]");
	const uint64_t seed = strtoull(argv[0], NULL, 10);
	const long first = atol(argv[1]), count = atol(argv[2]);
	const int exact = atoi(argv[3]);
	const long stride = argc == 5 ? atol(argv[4]) : 1;
	if (count < 0 || first < 0 || stride < 1 || exact < 0 || exact > 60)
		die("games: bad SEED FIRST COUNT EXACT [STRIDE]");
	struct tt tt, tt_play;   /* the solver's, and the play's (cleared each game) */
	if (tt_init(&tt, 64) || tt_init(&tt_play, 16))
		die("out of memory");
	uint64_t nodes = 0;
	const double t0 = search_clock();
	printf("# othello-train games %llu %ld %ld %d %ld\n", (unsigned long long)seed, first,
	       count, exact, stride);
	for (long n = 0, gi = first; n < count; n++, gi += stride) {
		struct rng r = {mix64(seed * 0x100000001b3ULL + (uint64_t)gi)};
		struct othello_pos p;
		G->start(&p);
		tt_clear(&tt_play);
		char moves[2 * 128 + 1], labels[61 * 8 + 1];
		int ply = 0, at = 0, solved = 0;
		const int random_plies = RANDOM_MIN + (int)(rng_next(&r) % RANDOM_SPAN);
		for (;;) {
			yomi_move mv[OTH_MAX_MOVES];
			const int n = othello_gen(&p, mv);
			if (!n)
				break;
			if (64 - oth_popcount(p.p | p.o) <= exact)
				at += snprintf(labels + at, sizeof labels - (size_t)at, " %d:%d", ply,
				               solve(&tt, &p, solved++ > 0, &nodes));
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
	fprintf(stderr, "%ld games from %ld, every %ld: %.1f s, %.3f G solver nodes\n", count,
	        first, stride, search_clock() - t0, (double)nodes * 1e-9);
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

/* ---- fit: stage by stage, from the end of the game backwards ---- */

/* A position of the games: its discs, empties, label (hundredths of a disc; LABEL_NONE
 * until known), and whether it is held out. */
struct sample {
	uint64_t p, o;
	int16_t label;
	uint8_t empties;
	uint8_t held_out;
	uint8_t exact;           /* the label is the exact value */
	int16_t game;            /* the game's outcome for the side to move (hundredths): the
	                          * exact value of its next labelled position, else its final
	                          * disc difference (for --blend) */
};

enum { LABEL_NONE = -32768, HELD_OUT_ONE_IN = 10 };
static int margin = 2;   /* a stage learns from this many empties more on each side */
/* A search's label counts half an exact one in the fit (it is an estimate). */
static const double SEARCH_WEIGHT = 0.5;
/* A search's label is (1 - blend) search + blend game outcome (struct sample's game). */
static double blend = 0;

static struct sample *samples;
static size_t nsamples;

/* Reads every position of the GAMES files; a game is held out by a hash of its moves, so
 * the split does not depend on how the series was cut into files. */
static void read_samples(int argc, char **argv)
{
	static struct game_line gl;
	char line[4096];
	size_t cap = 1 << 16;
	samples = malloc(cap * sizeof *samples);
	for (int a = 0; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (!f)
			die("cannot open a GAMES file");
		while (fgets(line, sizeof line, f)) {
			if (read_game(line, &gl))
				continue;
			const char *sp = strchr(line, ' ');
			const size_t mlen = sp ? (size_t)(sp - line) : strcspn(line, "\n");
			const int held = XXH64(line, mlen, 49) % HELD_OUT_ONE_IN == 0;
			/* the outcome seen from each position: the next exact label, else the end */
			const struct othello_pos *end = &gl.pos[gl.plies];
			int outcome = oth_popcount(end->p) - oth_popcount(end->o), by = gl.plies;
			outcome += outcome > 0 ? empties_of(end) : outcome < 0 ? -empties_of(end) : 0;
			int game_of[MAX_PLIES + 1];
			for (int k = gl.plies; k >= 0; k--) {
				if (gl.exact[k] != EXACT_NONE)
					outcome = gl.exact[k], by = k;
				game_of[k] = gl.pos[k].white == gl.pos[by].white ? outcome : -outcome;
			}
			for (int k = 0; k <= gl.plies; k++) {
				yomi_move mv[OTH_MAX_MOVES];
				if (othello_gen(&gl.pos[k], mv) == 0)
					continue;   /* the game is over: nothing to evaluate */
				if (nsamples == cap) {
					cap *= 2;
					samples = realloc(samples, cap * sizeof *samples);
				}
				if (!samples)
					die("out of memory");
				struct sample *sm = &samples[nsamples++];
				sm->p = gl.pos[k].p;
				sm->o = gl.pos[k].o;
				sm->empties = (uint8_t)empties_of(&gl.pos[k]);
				sm->held_out = (uint8_t)held;
				sm->exact = gl.exact[k] != EXACT_NONE;
				sm->label = sm->exact ? (int16_t)(100 * gl.exact[k]) : LABEL_NONE;
				sm->game = (int16_t)(100 * game_of[k]);
			}
		}
		fclose(f);
	}
}

static struct oth_weights *weights;   /* being fitted; the searches evaluate with it */
static int label_depth = 6, threads = 2;
static uint32_t *canon;   /* each weight's canonical one (folded self-symmetric patterns) */

/* Labels of samples[from..to) that have none: a search of label_depth plies with the
 * weights fitted so far (its leaves lie in stages already fitted). */
struct label_job {
	size_t from, to;
	int id;
	uint64_t nodes;
};

static void *label_thread(void *arg)
{
	struct label_job *j = arg;
	struct tt tt;
	if (tt_init(&tt, 16))
		die("out of memory");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	struct search_limits lim = {0};
	lim.multipv = 1;
	lim.depth = label_depth;
	lim.exact_at = -1;
	for (size_t i = j->from + (size_t)j->id; i < j->to; i += (size_t)threads) {
		struct sample *sm = &samples[i];
		if (sm->label != LABEL_NONE)
			continue;
		struct othello_pos pos = {.p = sm->p, .o = sm->o, .mask = OTH_MASK8};
		search_init(ctx, &tt, &lim);
		G->search(ctx, &pos);
		int v = ctx->lines[0].score;
		if (ctx->lines[0].proven)
			v *= 100;   /* a proven value is in discs */
		else
			v = (int)lrint((1 - blend) * v + blend * sm->game);
		sm->label = (int16_t)(v > 6400 ? 6400 : v < -6400 ? -6400 : v);
		j->nodes += ctx->nodes;
	}
	free(ctx);
	tt_free(&tt);
	return NULL;
}

/* Labels every unlabelled sample whose empties lie in [lo, hi]. */
static void label_range(int lo, int hi)
{
	pthread_t th[16];
	struct label_job jobs[16];
	for (int t = 0; t < threads; t++)
		jobs[t] = (struct label_job){0, nsamples, t, 0};
	/* the threads walk all samples with a stride and label those still without one */
	for (size_t i = 0; i < nsamples; i++)
		if (samples[i].label == LABEL_NONE && (samples[i].empties < lo ||
		                                       samples[i].empties > hi || samples[i].held_out))
			samples[i].label = LABEL_NONE + 1;   /* not now (or never: held out) */
	for (int t = 0; t < threads; t++)
		pthread_create(&th[t], NULL, label_thread, &jobs[t]);
	uint64_t nodes = 0;
	for (int t = 0; t < threads; t++) {
		pthread_join(th[t], NULL);
		nodes += jobs[t].nodes;
	}
	for (size_t i = 0; i < nsamples; i++)
		if (samples[i].label == LABEL_NONE + 1)
			samples[i].label = LABEL_NONE;
	fprintf(stderr, "  labels for %d..%d empties: %.1f M nodes\n", lo, hi, (double)nodes * 1e-6);
}

/* Fits stage s's weights to the training samples of empties [4s+1 - margin, 4s+4 + margin]
 * by least squares, with a ridge of strength lambda towards `prior` (the stage before, or
 * zero): (A'A + lambda I) w = A'y + lambda prior, by conjugate gradients with the diagonal
 * as preconditioner.  Weights folded by symmetry are one unknown. */
static void fit_stage(int s, const int16_t *prior, double lambda, int16_t *out)
{
	const int lo = 4 * s + 1 - margin, hi = 4 * s + 4 + margin;
	size_t n = 0;
	for (size_t i = 0; i < nsamples; i++)
		n += !samples[i].held_out && samples[i].label != LABEL_NONE && samples[i].empties >= lo &&
		     samples[i].empties <= hi;
	uint32_t *feat = malloc(n * OTH_FEATURES * sizeof *feat);
	uint8_t *nf = malloc(n);
	double *y = malloc(n * sizeof *y), *wt = malloc(n * sizeof *wt);
	const size_t W = OTH_STAGE_WEIGHTS;
	double *x = calloc(W, sizeof *x), *r = calloc(W, sizeof *r), *z = calloc(W, sizeof *z);
	double *d = calloc(W, sizeof *d), *q = calloc(W, sizeof *q), *diag = calloc(W, sizeof *diag);
	double *t = malloc(n * sizeof *t);
	if (!feat || !nf || !y || !wt || !x || !r || !z || !d || !q || !diag || !t)
		die("out of memory");
	size_t k = 0;
	for (size_t i = 0; i < nsamples; i++) {
		const struct sample *sm = &samples[i];
		if (sm->held_out || sm->label == LABEL_NONE || sm->empties < lo || sm->empties > hi)
			continue;
		uint32_t *f = feat + k * OTH_FEATURES;
		nf[k] = (uint8_t)oth_pattern_features(sm->p, sm->o, f);
		wt[k] = sm->exact ? 1 : SEARCH_WEIGHT;
		for (int j = 0; j < nf[k]; j++) {
			f[j] = canon[f[j]];
			diag[f[j]] += wt[k];
		}
		y[k] = sm->label;
		k++;
	}
	/* b = A'y + lambda prior - (A'A + lambda I) prior: solve for x = w - prior */
	for (size_t i = 0; i < W; i++)
		diag[i] += lambda;
	for (size_t i = 0; i < n; i++) {
		double v = y[i];
		for (int j = 0; j < nf[i]; j++)
			v -= prior[feat[i * OTH_FEATURES + j]];
		v *= wt[i];
		for (int j = 0; j < nf[i]; j++)
			r[feat[i * OTH_FEATURES + j]] += v;
	}
	double rz = 0;
	for (size_t i = 0; i < W; i++) {
		z[i] = r[i] / diag[i];
		d[i] = z[i];
		rz += r[i] * z[i];
	}
	const double rz0 = rz;
	int it = 0;
	for (; it < 400 && rz > rz0 * 1e-10; it++) {
		memset(q, 0, W * sizeof *q);
		for (size_t i = 0; i < n; i++) {
			double v = 0;
			for (int j = 0; j < nf[i]; j++)
				v += d[feat[i * OTH_FEATURES + j]];
			t[i] = v * wt[i];
		}
		for (size_t i = 0; i < n; i++)
			for (int j = 0; j < nf[i]; j++)
				q[feat[i * OTH_FEATURES + j]] += t[i];
		double dq = 0;
		for (size_t i = 0; i < W; i++) {
			q[i] += lambda * d[i];
			dq += d[i] * q[i];
		}
		const double alpha = rz / dq;
		double rz_new = 0;
		for (size_t i = 0; i < W; i++) {
			x[i] += alpha * d[i];
			r[i] -= alpha * q[i];
			z[i] = r[i] / diag[i];
			rz_new += r[i] * z[i];
		}
		const double beta = rz_new / rz;
		rz = rz_new;
		for (size_t i = 0; i < W; i++)
			d[i] = z[i] + beta * d[i];
	}
	for (size_t i = 0; i < W; i++) {
		const double v = prior[canon[i]] + x[canon[i]];
		out[i] = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : lrint(v));
	}
	fprintf(stderr, "stage %2d (empties %d..%d): %zu positions, %d iterations\n", s,
	        lo < 0 ? 0 : lo, hi, n, it);
	free(feat);
	free(nf);
	free(y);
	free(wt);
	free(x);
	free(r);
	free(z);
	free(d);
	free(q);
	free(diag);
	free(t);
}

/* Mean absolute error in discs, per empties, of a depth-`depth` search against the exact
 * labels of the held-out samples (held 1) or of the trained ones (held 0); hand: the
 * hand-weighted evaluation. */
static void report_mae(int depth, int hand, int held, double *mae, int *cnt)
{
	struct tt tt;
	if (tt_init(&tt, 1))
		die("out of memory");
	struct search_limits lim = {0};
	lim.eval_material = hand;
	struct search_ctx *ctx = malloc(sizeof *ctx);
	for (int e = 0; e <= 60; e++)
		mae[e] = 0, cnt[e] = 0;
	for (size_t i = 0; i < nsamples; i++) {
		const struct sample *sm = &samples[i];
		if (sm->held_out != held || !sm->exact)
			continue;
		const struct othello_pos pos = {.p = sm->p, .o = sm->o, .mask = OTH_MASK8};
		search_init(ctx, &tt, &lim);
		double v = othello_eval_search(ctx, &pos, depth, -SCORE_INF, SCORE_INF) / 100.0;
		if (hand)   /* the hand evaluation's units are not discs: its fitted slope */
			v *= oth_probcut_hand.slope[depth < OTH_PC_DEPTHS ? depth : OTH_PC_DEPTHS - 1];
		mae[sm->empties] += fabs(v - sm->label / 100.0);
		cnt[sm->empties]++;
	}
	free(ctx);
	tt_free(&tt);
}


/* Prints the error report on stderr: depth-0 and depth-4 MAE per empties, trained and
 * hand-weighted, on the held-out samples (held 1) or the trained ones (held 0). */
static void print_mae(int held)
{
	double mae_new[61], mae_hand[61];
	int cnt[61];
	const char *set = held ? "held out" : "trained on";
	for (int depth = 0; depth <= 4; depth += 4) {
		report_mae(depth, 0, held, mae_new, cnt);
		report_mae(depth, 1, held, mae_hand, cnt);
		double tn = 0, th = 0;
		long tc = 0;
		for (int e = 0; e <= 60; e++) {
			if (!cnt[e])
				continue;
			fprintf(stderr, "%s, depth %d, %2d empties: %5d positions, MAE %.2f discs "
			        "(hand-weighted %.2f)\n", set, depth, e, cnt[e], mae_new[e] / cnt[e],
			        mae_hand[e] / cnt[e]);
			tn += mae_new[e];
			th += mae_hand[e];
			tc += cnt[e];
		}
		fprintf(stderr, "%s, depth %d: MAE %.2f discs (hand-weighted %.2f)\n", set, depth,
		        tn / tc, th / tc);
	}
}

/* The ProbCut fit (struct oth_probcut) of the evaluation in use (hand: the hand-weighted
 * one) on the exactly labelled held-out samples of 8 to 20 empties (the trained ones would
 * show the fit's own error, too small): per depth, the slope of exact
 * against search by least squares through 0, then the spread of the rest per empties,
 * fitted by a line in the empties.  Prints the table on stderr. */
static struct oth_probcut fit_probcut(int hand)
{
	enum { EMIN = 8, EMAX = 20, D = OTH_PC_DEPTHS };
	static double sxx[EMAX + 1][D], sxy[EMAX + 1][D], syy[EMAX + 1][D];
	static long cnt[EMAX + 1];
	memset(sxx, 0, sizeof sxx);
	memset(sxy, 0, sizeof sxy);
	memset(syy, 0, sizeof syy);
	memset(cnt, 0, sizeof cnt);
	struct tt tt;
	if (tt_init(&tt, 1))
		die("out of memory");
	struct search_limits lim = {0};
	lim.eval_material = hand;
	struct search_ctx *ctx = malloc(sizeof *ctx);
	for (size_t i = 0; i < nsamples; i++) {
		const struct sample *sm = &samples[i];
		if (!sm->exact || sm->empties < EMIN || sm->empties > EMAX || !sm->held_out)
			continue;
		const struct othello_pos pos = {.p = sm->p, .o = sm->o, .mask = OTH_MASK8};
		search_init(ctx, &tt, &lim);
		const double y = sm->label / 100.0;
		for (int d = 0; d < D; d++) {
			const double x = othello_eval_search(ctx, &pos, d, -SCORE_INF, SCORE_INF) / 100.0;
			sxx[sm->empties][d] += x * x;
			sxy[sm->empties][d] += x * y;
			syy[sm->empties][d] += y * y;
		}
		cnt[sm->empties]++;
	}
	free(ctx);
	tt_free(&tt);
	struct oth_probcut pc;
	for (int d = 0; d < D; d++) {
		double xx = 0, xy = 0;
		for (int e = EMIN; e <= EMAX; e++)
			xx += sxx[e][d], xy += sxy[e][d];
		const double a = xx > 0 ? xy / xx : 1;
		double n = 0, se = 0, sv = 0, see = 0, sev = 0;
		fprintf(stderr, "probcut depth %d: slope %.3f, spread by empties:", d, a);
		for (int e = EMIN; e <= EMAX; e++) {
			if (!cnt[e])
				continue;
			const double var = (syy[e][d] - 2 * a * sxy[e][d] + a * a * sxx[e][d]) / (double)cnt[e];
			const double sd = sqrt(var > 0 ? var : 0);
			fprintf(stderr, " %.2f", sd);
			n += 1, se += e, sv += sd, see += (double)e * e, sev += e * sd;
		}
		const double s1 = n > 1 ? (n * sev - se * sv) / (n * see - se * se) : 0;
		pc.slope[d] = (float)a;
		pc.sd1[d] = (float)s1;
		pc.sd0[d] = (float)(n > 0 ? (sv - s1 * se) / n : 5);
		fprintf(stderr, "\n  = %.3f + %.4f * empties\n", pc.sd0[d], pc.sd1[d]);
	}
	return pc;
}

static int cmd_fit(int argc, char **argv)
{
	const char *out = NULL;
	int exact_max = 20, stages = OTH_STAGES, train_error = 0;
	double lambda = 4;
	int a = 0;
	for (; a < argc && argv[a][0] == '-'; a += 2) {
		if (strcmp(argv[a], "--train-error") == 0) {
			train_error = 1;
			a--;   /* no value */
			continue;
		}
		if (a + 1 >= argc)
			die("fit: an option lacks its value");
		if (strcmp(argv[a], "-o") == 0)
			out = argv[a + 1];
		else if (strcmp(argv[a], "--exact") == 0)
			exact_max = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "--lambda") == 0)
			lambda = atof(argv[a + 1]);
		else if (strcmp(argv[a], "--depth") == 0)
			label_depth = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "--threads") == 0)
			threads = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "--margin") == 0)
			margin = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "--stages") == 0)
			stages = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "--blend") == 0)
			blend = atof(argv[a + 1]);
		else
			die("fit: unknown option");
	}
	if (!out || a >= argc || threads < 1 || threads > 16 || blend < 0 || blend > 1)
		die("usage: fit -o FILE [--exact N] [--lambda L] [--depth D] [--threads T] [--margin M] "
		    "[--stages S] [--blend B] [--train-error] GAMES...");
	read_samples(argc - a, argv + a);
	size_t held = 0, exact = 0;
	for (size_t i = 0; i < nsamples; i++) {
		held += samples[i].held_out;
		exact += samples[i].exact;
		if (samples[i].exact && samples[i].empties > exact_max) {
			samples[i].exact = 0;   /* beyond --exact: labelled by search like the rest */
			samples[i].label = LABEL_NONE;
		}
	}
	fprintf(stderr, "%zu positions (%zu held out), %zu exact labels\n", nsamples, held, exact);
	canon = malloc(OTH_STAGE_WEIGHTS * sizeof *canon);
	weights = calloc(1, sizeof *weights);
	if (!canon || !weights)
		die("out of memory");
	for (uint32_t i = 0; i < OTH_STAGE_WEIGHTS; i++)
		canon[i] = i;
	for (int k = 0; k < OTH_KINDS; k++) {
		uint32_t size = 1;
		for (int i = 0; i < oth_pattern_kinds[k].squares; i++)
			size *= 3;
		for (uint32_t c = 0; c < size; c++)
			canon[oth_pattern_kinds[k].offset + c] =
			        oth_pattern_kinds[k].offset + oth_pattern_canonical(k, c);
	}
	weights->probcut = oth_probcut_hand;
	othello_eval_use(weights);
	static int16_t zero[OTH_STAGE_WEIGHTS];
	for (int s = 0; s < stages; s++) {
		const int lo = 4 * s + 1 - margin, hi = 4 * s + 4 + margin;
		if (hi > exact_max)
			label_range(lo > exact_max ? lo : exact_max + 1, hi);
		fit_stage(s, s ? weights->w[s - 1] : zero, lambda, weights->w[s]);
	}
	/* held-out error (and trained-on with --train-error), the ProbCut fit of the weights */
	print_mae(1);
	if (train_error)
		print_mae(0);
	weights->probcut = fit_probcut(0);
	char about[160];   /* the file keeps its first 79 characters */
	snprintf(about, sizeof about, "othello-train: %zu positions, exact <= %d, depth %d, "
	         "lambda %g, blend %g", nsamples, exact_max, label_depth, lambda, blend);
	struct yomi_error err;
	if (othello_eval_save(weights, about, out, &err))
		die(err.msg);
	return 0;
}


/* ---- openings: distinct positions after random moves, for `yomi match --openings` ---- */

static int cmd_openings(int argc, char **argv)
{
	if (argc != 3)
		die("usage: openings SEED COUNT PLIES");
	struct rng r = {mix64(strtoull(argv[0], NULL, 10))};
	const int count = atoi(argv[1]), plies = atoi(argv[2]);
	uint64_t *seen = calloc((size_t)count, 2 * sizeof *seen);
	if (!seen)
		die("out of memory");
	for (int n = 0, tries = 0; n < count && tries < 1000 * count; tries++) {
		struct othello_pos p;
		G->start(&p);
		yomi_move mv[OTH_MAX_MOVES];
		int k = 0, m = 0;
		for (; k < plies && (m = othello_gen(&p, mv)) > 0; k++)
			othello_play(&p, mv[rng_next(&r) % (unsigned)m], &p);
		if (k < plies || othello_gen(&p, mv) == 0)
			continue;
		int dup = 0;
		for (int i = 0; i < n && !dup; i++)
			dup = seen[2 * i] == p.p && seen[2 * i + 1] == p.o;
		if (dup)
			continue;
		seen[2 * n] = p.p;
		seen[2 * n + 1] = p.o;
		n++;
		char text[YOMI_TEXT_MAX];
		G->format(&p, 0, text, sizeof text);
		printf("%s\n", text);
	}
	free(seen);
	return 0;
}


/* ---- sample: one labelled position per game, for tests ---- */

static int cmd_sample(int argc, char **argv)
{
	if (argc < 3)
		die("usage: sample EMIN EMAX GAMES...");
	const int emin = atoi(argv[0]), emax = atoi(argv[1]);
	static struct game_line gl;
	char line[4096];
	int n = 0;
	for (int a = 2; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (!f)
			die("cannot open a GAMES file");
		while (fgets(line, sizeof line, f)) {
			if (read_game(line, &gl))
				continue;
			const int want = emin + n % (emax - emin + 1);
			for (int k = 0; k < gl.plies; k++)
				if (empties_of(&gl.pos[k]) == want) {
					char text[YOMI_TEXT_MAX];
					G->format(&gl.pos[k], 0, text, sizeof text);
					if (gl.exact[k] != EXACT_NONE)
						printf("%s; %+d\n", text, gl.exact[k]);
					else   /* no label: the position alone (to solve) */
						printf("%s\n", text);
					n++;
					break;
				}
		}
		fclose(f);
	}
	return 0;
}


/* ---- mae: evaluation error against exact values in files of positions ---- */

/* Reads lines "POSITION; V" (othello-train sample) or .obf lines ("POSITION; MOVE:V; ...",
 * the first answer being the value) and prints, per empties and in all, the mean absolute
 * error in discs of searches of 0 to 4 plies with the weights in use and with the
 * hand-weighted evaluation (scaled to discs by its fitted slope). */
static int cmd_mae(int argc, char **argv)
{
	enum { D = 5 };
	static double err[61][2][D];
	static int cnt[61];
	struct tt tt;
	if (tt_init(&tt, 1))
		die("out of memory");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	char line[512];
	for (int a = 0; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (!f)
			die("cannot open a positions file");
		while (fgets(line, sizeof line, f)) {
			struct othello_pos p;
			struct yomi_error e;
			if (line[0] == '#' || G->parse(line, &p, &e))
				continue;
			const char *semi = strchr(line, ';');
			if (!semi)
				continue;
			const char *colon = strchr(semi, ':');
			const char *num = colon && colon < semi + 8 ? colon + 1 : semi + 1;
			const int exact = atoi(num), n = empties_of(&p);
			for (int hand = 0; hand <= 1; hand++)
				for (int d = 0; d < D; d++) {
					struct search_limits lim = {0};
					lim.eval_material = hand;
					search_init(ctx, &tt, &lim);
					double v = othello_eval_search(ctx, &p, d, -SCORE_INF, SCORE_INF) / 100.0;
					if (hand)
						v *= oth_probcut_hand.slope[d];
					err[n][hand][d] += fabs(v - exact);
				}
			cnt[n]++;
		}
		fclose(f);
	}
	double tot[2][D] = {{0}};
	int all = 0;
	printf("empties positions   MAE (discs) depth 0..%d: trained | hand-weighted\n", D - 1);
	for (int n = 0; n <= 60; n++) {
		if (!cnt[n])
			continue;
		printf("%7d %9d  ", n, cnt[n]);
		for (int hand = 0; hand <= 1; hand++) {
			for (int d = 0; d < D; d++) {
				printf(" %5.2f", err[n][hand][d] / cnt[n]);
				tot[hand][d] += err[n][hand][d];
			}
			printf(hand ? "\n" : "  |");
		}
		all += cnt[n];
	}
	printf("    all %9d  ", all);
	for (int hand = 0; hand <= 1; hand++) {
		for (int d = 0; d < D; d++)
			printf(" %5.2f", tot[hand][d] / all);
		printf(hand ? "\n" : "  |");
	}
	free(ctx);
	tt_free(&tt);
	return 0;
}

int main(int argc, char **argv)
{
	G = game_find("othello");
	if (argc >= 2 && strcmp(argv[1], "games") == 0)
		return cmd_games(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "mae") == 0) {
		othello_eval_init();
		return cmd_mae(argc - 2, argv + 2);
	}
	if (argc >= 2 && strcmp(argv[1], "sample") == 0)
		return cmd_sample(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "openings") == 0)
		return cmd_openings(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "fit") == 0)
		return cmd_fit(argc - 2, argv + 2);
	if (argc >= 3 && strcmp(argv[1], "probcut-hand") == 0) {
		read_samples(argc - 2, argv + 2);
		const struct oth_probcut pc = fit_probcut(1);
		printf("{");
		for (int k = 0; k < 3; k++) {
			const float *v = k == 0 ? pc.slope : k == 1 ? pc.sd0 : pc.sd1;
			printf("%s{%.3ff, %.3ff, %.3ff, %.3ff, %.3ff}", k ? ", " : "", v[0], v[1], v[2],
			       v[3], v[4]);
		}
		printf("}\n");
		return 0;
	}
	die("usage: othello-train games|fit|mae ...");
	return 2;
}
