/*
 * test_threads.c - what several threads sharing one transposition table must keep:
 *   - the hammer: threads store and probe a few hundred positions crowded into a few buckets
 *     of one table (and double its part in use meanwhile), through the search template's own
 *     entry code, both layouts (an exact 64-bit key; a shared key with the position's two
 *     words, S_KEY_POS): every hit must be the probed position's own entry, never another's
 *     nor a mix of two writes;
 *   - lazy SMP: proofs of data/dobutsu/search-known.txt (an independent tablebase's values)
 *     with 2 and 3 threads are the exact values, lines legal and as long as their distance;
 *     a 6x6 Othello midgame search to the end with 2 threads gives the exact solver's value;
 *     a search to a fixed depth with helpers finishes that depth;
 *   - the Othello exact solver's split points (search/split.h): FFO #1-#19 solved on 2 and
 *     3 threads give the file's scores and one of its best moves; a solve stopped by a node
 *     limit on 2 threads returns stopped, and the next one is exact again.
 * Built twice by make check: with AddressSanitizer like every unit test, and with
 * ThreadSanitizer (make tsan), which also reports any access to shared memory that is not
 * atomic.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "testdata.h"
#include "testline.h"
#include "yomi/registry.h"
#include "yomi/search.h"

/* ---- a made-up game whose positions are two words, for the template's table code ---- */
struct hpos {
	uint64_t a, b;
};
static inline int h_gen(const struct hpos *p, yomi_move *m) { (void)p, (void)m; return 0; }
static inline int h_play(const struct hpos *p, yomi_move m, struct hpos *out)
{
	(void)m;
	*out = *p;
	return 1;
}
static inline int h_final(const struct hpos *p, int ply) { (void)p, (void)ply; return 0; }
static inline int h_eval(const struct hpos *p) { (void)p; return 0; }
/* hk: the key is the position's first word (exact, as Dobutsu's packed key). */
static inline uint64_t hk_key(const struct hpos *p) { return p->a; }
/* hp: many positions share a key (its top bits), and only the stored words tell them apart. */
static inline uint64_t hp_key(const struct hpos *p) { return p->a >> 48; }

#define S_POS struct hpos
#define S_MAX_MOVES 4
#define S_GEN h_gen
#define S_GEN_TACTICAL(p, mv, keys) ((void)(p), (void)(mv), (void)(keys), 0)
#define S_PLAY h_play
#define S_TERMINAL h_final
#define S_NO_MOVES h_final
#define S_EVAL h_eval
#define S_TACTICAL(p, m) ((void)(p), (void)(m), 0)
#define S_MOVE_INDEX(m) ((int)(m))
#define S_REPETITION 0

#define S_PREFIX hk
#define S_KEY hk_key
#include "search/search_template.h"
#undef S_PREFIX
#undef S_KEY

#define S_PREFIX hp
#define S_KEY hp_key
#define S_KEY_POS(p, i) ((i) ? (p)->b : (p)->a)
#include "search/search_template.h"
#undef S_PREFIX
#undef S_KEY
#undef S_KEY_POS

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 29;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 32);
}

/* What position p's entry holds, derived from p alone: a reader can tell its own. */
struct want {
	yomi_move move;
	int score, depth, bound, exact;
};
static struct want want_of(const struct hpos *p)
{
	const uint64_t h = mix(p->a * 3 + p->b);
	return (struct want){(yomi_move)(h & 0x7fff) + 1, (int)(h >> 16 & 0x3fff) - 8192,
	                     3 + (int)(h >> 32 & 63), 1 + (int)(h >> 40) % 3, (int)(h >> 44 & 1)};
}

/* Each thread runs for HAMMER_SECONDS (and at least HAMMER_OPS operations): long enough
 * that the threads overlap on a busy machine and with ThreadSanitizer's slowdown. */
enum { HAMMER_THREADS = 4, HAMMER_POSITIONS = 64, HAMMER_BUCKETS = 4, HAMMER_OPS = 100000 };
#define HAMMER_SECONDS 0.4

struct hammer {
	struct tt tt;
	int layout;                          /* 0: hk, 1: hp */
	struct hpos pos[HAMMER_POSITIONS];
	uint64_t wrong, hits, stores;        /* atomic */
	pthread_barrier_t start;             /* every thread under way before the first op */
};

struct hammer_arg {
	struct hammer *h;
	uint64_t seed;
};

static void *hammer_thread(void *varg)
{
	struct hammer_arg *arg = varg;
	struct hammer *h = arg->h;
	uint64_t rng = arg->seed, wrong = 0, hits = 0, stores = 0;
	pthread_barrier_wait(&h->start);
	const double end = search_clock() + HAMMER_SECONDS;
	for (int op = 0; op < HAMMER_OPS || (op % 1024 || search_clock() < end); op++) {
		rng = mix(rng + 0x9e3779b97f4a7c15ULL);
		const struct hpos *p = &h->pos[rng % HAMMER_POSITIONS];
		const struct want w = want_of(p);
		if (op % 1024 == 1023 && tt_tick(&h->tt)) {   /* grow while the others go on */
			if (h->layout)
				hp_tt_grow(&h->tt);
			else
				hk_tt_grow(&h->tt);
		}
		if (h->layout) {
			struct hp_tt_entry *b = hp_tt_bucket(&h->tt, h->tt.near, hp_key(p), w.depth);
			if (rng >> 63) {
				hp_tt_store(b, tt_age(&h->tt), p, hp_key(p), w.move, w.score, w.depth,
				            w.bound, w.exact, 0);
				stores++;
				continue;
			}
			const uint64_t d = hp_tt_find(b, hp_key(p), p);
			if (!d)
				continue;
			hits++;
			wrong += tt_d_move(d) != w.move || tt_d_score(d) != w.score ||
			         tt_d_depth(d) != w.depth || tt_d_bound(d) != w.bound ||
			         tt_d_exact(d) != w.exact;
		} else {
			struct hk_tt_entry *b = hk_tt_bucket(&h->tt, h->tt.near, hk_key(p), w.depth);
			if (rng >> 63) {
				hk_tt_store(b, tt_age(&h->tt), p, hk_key(p), w.move, w.score, w.depth,
				            w.bound, w.exact, 0);
				stores++;
				continue;
			}
			const uint64_t d = hk_tt_find(b, hk_key(p), p);
			if (!d)
				continue;
			hits++;
			wrong += tt_d_move(d) != w.move || tt_d_score(d) != w.score ||
			         tt_d_depth(d) != w.depth || tt_d_bound(d) != w.bound ||
			         tt_d_exact(d) != w.exact;
		}
	}
	__atomic_add_fetch(&h->wrong, wrong, __ATOMIC_RELAXED);
	__atomic_add_fetch(&h->hits, hits, __ATOMIC_RELAXED);
	__atomic_add_fetch(&h->stores, stores, __ATOMIC_RELAXED);
	return NULL;
}

/* The positions of one layout, all in the first HAMMER_BUCKETS buckets of the table's first
 * part: hk by keys picked for their hash, hp by HAMMER_BUCKETS keys shared by many positions
 * each (a 2-way bucket, so most of a key's positions are always being replaced). */
static void hammer_positions(struct hammer *h)
{
	const uint64_t live = tt_live_mask(&h->tt);
	int n = 0;
	uint64_t x = 12345;
	if (h->layout) {
		uint64_t keys[HAMMER_BUCKETS];
		int nk = 0;
		for (uint64_t k = 1; nk < HAMMER_BUCKETS; k++)
			if ((XXH3_64bits(&k, sizeof k) & live) < HAMMER_BUCKETS)
				keys[nk++] = k;
		for (; n < HAMMER_POSITIONS; n++) {
			x = mix(x);
			h->pos[n].a = keys[n % HAMMER_BUCKETS] << 48 | (x & 0xffffffffffffULL);
			h->pos[n].b = mix(x + 1);
		}
		return;
	}
	while (n < HAMMER_POSITIONS) {
		x = mix(x);
		if ((XXH3_64bits(&x, sizeof x) & live) < HAMMER_BUCKETS) {
			h->pos[n].a = x;
			h->pos[n].b = 0;
			n++;
		}
	}
}

static void hammer(int layout)
{
	struct hammer *h = calloc(1, sizeof *h);
	assert_non_null(h);
	h->layout = layout;
	/* 8 MB: the search starts on its first 4 MB (tt.h), so one doubling happens during the run. */
	assert_int_equal(tt_init(&h->tt, 8), 0);
	assert_true(tt_live_mask(&h->tt) < h->tt.mask);
	hammer_positions(h);
	pthread_barrier_init(&h->start, NULL, HAMMER_THREADS);
	pthread_t t[HAMMER_THREADS];
	struct hammer_arg args[HAMMER_THREADS];
	for (int i = 0; i < HAMMER_THREADS; i++) {
		args[i] = (struct hammer_arg){h, (uint64_t)i * 1000003 + 7};
		assert_int_equal(pthread_create(&t[i], NULL, hammer_thread, &args[i]), 0);
	}
	for (int i = 0; i < HAMMER_THREADS; i++)
		pthread_join(t[i], NULL);
	if (getenv("HAMMER_VERBOSE"))
		fprintf(stderr, "layout %d: %llu stores, %llu hits, %llu wrong\n", layout,
		        (unsigned long long)h->stores, (unsigned long long)h->hits,
		        (unsigned long long)h->wrong);
	if (h->wrong)
		fail_msg("layout %d: %llu of %llu hits were another position's entry", layout,
		         (unsigned long long)h->wrong, (unsigned long long)h->hits);
	assert_true(h->hits > HAMMER_OPS / 20);   /* the probes did find entries */
	assert_true(h->tt.live_mask == h->tt.mask);   /* and the table doubled meanwhile */
	pthread_barrier_destroy(&h->start);
	tt_free(&h->tt);
	free(h);
}

static void test_hammer_exact_key(void **state)
{
	(void)state;
	hammer(0);
}

static void test_hammer_key_and_position(void **state)
{
	(void)state;
	hammer(1);
}

/* ---- lazy SMP ---- */

static struct tt table;

static void smp_search(const struct game *g, const void *pos, struct search_ctx *ctx,
                       const struct search_limits *lim)
{
	tt_clear(&table);
	search_init(ctx, &table, lim);
	g->search(ctx, pos);
}

/* The forced results of search-known.txt at distances 9 to 15 (a second each, at most, under
 * ThreadSanitizer), proven with 2 and 3 threads: the table's value, one of its best moves. */
static void test_smp_dobutsu_known(void **state)
{
	(void)state;
	const struct game *D = game_find("dobutsu");
	FILE *f = open_data("dobutsu/search-known.txt");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	char line[512];
	int checked = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *pos_text = strtok(line, "\t\n"), *value = strtok(NULL, "\t\n"),
		     *best = strtok(NULL, "\t\n");
		if (!pos_text || !value || !best || value[0] != '#')
			continue;
		const int n = atoi(value[1] == '-' ? value + 2 : value + 1);
		if (n < 9 || n > 15)
			continue;
		_Alignas(16) unsigned char p[YOMI_POS_MAX];
		struct yomi_error err;
		if (D->parse(pos_text, p, &err))
			fail_msg("%s: %s", pos_text, err.msg);
		for (int threads = 2; threads <= 3; threads++) {
			const struct search_limits lim = {.multipv = 1, .threads = threads,
			                                  .nodes = 20000000};
			smp_search(D, p, ctx, &lim);
			const struct search_line *l = &ctx->lines[0];
			char got[32], move[32], list[256], needle[40];
			search_format_score(l->score, l->proven, got, sizeof got);
			D->format_move(p, l->pv[0], move, sizeof move);
			if (strcmp(got, value) != 0 || !l->proven)
				fail_msg("%s, %d threads: search %s, table %s", pos_text, threads, got, value);
			check_line(D, p, l);
			snprintf(list, sizeof list, ",%s,", best);
			snprintf(needle, sizeof needle, ",%s,", move);
			if (!strstr(list, needle))
				fail_msg("%s, %d threads: best move %s is not among %s", pos_text, threads,
				         move, best);
			checked++;
		}
	}
	fclose(f);
	free(ctx);
	assert_true(checked >= 16);
}

/* 6x6 Othello positions 10 empties from the end, searched to the end with the midgame search
 * (the exact solver off) on 2 threads: the exact solver's value (the entries hold two
 * words of position each: the layout with S_KEY_POS). */
static void test_smp_othello_exact(void **state)
{
	(void)state;
	const struct game *G6 = game_find("othello6");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	uint64_t seed = 99;
	int checked = 0;
	for (int k = 0; k < 12; k++) {
		_Alignas(16) unsigned char p[YOMI_POS_MAX], next[YOMI_POS_MAX];
		yomi_move moves[YOMI_MOVES_MAX];
		G6->start(p);
		int n = 0;
		for (int ply = 0; ply < 22 && (n = G6->moves(p, moves)) > 0; ply++) {
			seed = mix(seed);
			G6->play(p, moves[seed % (uint64_t)n], next);
			memcpy(p, next, G6->pos_size);
		}
		if (G6->status(p).outcome != GAME_ONGOING)
			continue;
		const struct search_limits exact = {.multipv = 1};
		tt_clear(&table);
		search_init(ctx, &table, &exact);
		int want;
		yomi_move best;
		assert_int_equal(G6->solve_exact(p, ctx, &want, &best), 0);
		const struct search_limits lim = {.multipv = 1, .threads = 2, .exact_at = -1};
		smp_search(G6, p, ctx, &lim);
		assert_true(ctx->lines[0].proven);
		assert_int_equal(ctx->lines[0].score, want);
		check_line(G6, p, &ctx->lines[0]);
		checked++;
	}
	free(ctx);
	assert_true(checked >= 8);
}

/* A search to a fixed depth with 3 threads: it finishes at that depth with a legal line, not
 * stopped, and the helpers are gone. */
static void test_smp_fixed_depth(void **state)
{
	(void)state;
	const struct game *D = game_find("dobutsu");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	D->start(p);
	const struct search_limits lim = {.multipv = 1, .threads = 3, .depth = 9};
	smp_search(D, p, ctx, &lim);
	assert_int_equal(ctx->depth_done, 9);
	assert_int_equal(ctx->stopped, 0);   /* done, not stopped (if a helper finished first) */
	assert_true(ctx->nlines == 1 && ctx->lines[0].len > 0);
	check_line(D, p, &ctx->lines[0]);
	assert_null(ctx->smp);
	free(ctx);
}

/* ---- the Othello exact solver on several threads ---- */

/* Position `line` of FFO file `file` (1-based) into *pos, its best score into *want and the
 * text after it (the answers) into answers. */
static void ffo_line(const struct game *g, const char *file, int line, void *pos, int *want,
                     char *answers, size_t len)
{
	FILE *f = open_data(file);
	char text[512];
	for (int i = 0; i < line; i++)
		assert_non_null(fgets(text, sizeof text, f));
	fclose(f);
	struct yomi_error err;
	assert_int_equal(g->parse(text, pos, &err), 0);
	const char *s = strchr(text, ';');
	assert_non_null(s);
	snprintf(answers, len, "%s", s);
	char mv[8];
	assert_int_equal(sscanf(s, "; %7[^:]:%d", mv, want), 2);
}

/* Whether move m of pos is among the answers' moves of score want ("; G8:+18; H1:+12"). */
static int ffo_best(const struct game *g, const void *pos, const char *answers, int want,
                    yomi_move m)
{
	char mv[8];
	int v;
	for (const char *s = answers; s && sscanf(s, "; %7[^:]:%d", mv, &v) == 2 && v == want;
	     s = strchr(s + 1, ';')) {
		yomi_move b;
		struct yomi_error err;
		if (g->parse_move(pos, mv, &b, &err) == 0 && b == m)
			return 1;
	}
	return 0;
}

static void test_split_ffo(void **state)
{
	(void)state;
	const struct game *G8 = game_find("othello");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	for (int threads = 2; threads <= 3; threads++)
		for (int line = 1; line <= 19; line++) {
			_Alignas(16) unsigned char p[YOMI_POS_MAX];
			char answers[400];
			int want, v;
			yomi_move best;
			ffo_line(G8, "othello/fforum-1-19.obf", line, p, &want, answers, sizeof answers);
			const struct search_limits lim = {.multipv = 1, .threads = threads};
			search_init(ctx, &table, &lim);
			assert_int_equal(G8->solve_exact(p, ctx, &v, &best), 0);
			if (v != want || !ffo_best(G8, p, answers, want, best))
				fail_msg("FFO #%d, %d threads: %+d with move %u, the file says %s", line,
				         threads, v, best, answers);
		}
	free(ctx);
}

static void test_split_stopped(void **state)
{
	(void)state;
	const struct game *G8 = game_find("othello");
	struct search_ctx *ctx = malloc(sizeof *ctx);
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char answers[400];
	int want, v;
	yomi_move best;
	ffo_line(G8, "othello/fforum-40-59.obf", 1, p, &want, answers, sizeof answers);
	const struct search_limits lim = {.multipv = 1, .threads = 2, .nodes = 300000};
	search_init(ctx, &table, &lim);
	ctx->start = search_clock();
	assert_int_equal(G8->solve_exact(p, ctx, &v, &best), -1);
	assert_true(ctx->stopped);
	assert_true(ctx->nodes >= 300000 && ctx->nodes < 3000000);
	ffo_line(G8, "othello/fforum-1-19.obf", 2, p, &want, answers, sizeof answers);
	const struct search_limits free_run = {.multipv = 1, .threads = 2};
	search_init(ctx, &table, &free_run);
	assert_int_equal(G8->solve_exact(p, ctx, &v, &best), 0);
	assert_int_equal(v, want);
	free(ctx);
}

int main(void)
{
	(void)hk_search;
	(void)hp_search;
	if (tt_init(&table, 16))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hammer_exact_key),
		cmocka_unit_test(test_hammer_key_and_position),
		cmocka_unit_test(test_smp_dobutsu_known),
		cmocka_unit_test(test_smp_othello_exact),
		cmocka_unit_test(test_smp_fixed_depth),
		cmocka_unit_test(test_split_ffo),
		cmocka_unit_test(test_split_stopped),
	};
	const int failed = cmocka_run_group_tests(tests, NULL, NULL);
	tt_free(&table);
	return failed;
}
