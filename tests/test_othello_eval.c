/*
 * test_othello_eval.c - the trained Othello evaluation: its pattern indexes against a
 * square-by-square reference, its symmetry, the weights file (round trip, and every kind of
 * damage refused with its reason), the shipped weights beating the hand-weighted
 * evaluation on exact values, and the midgame search's ProbCut, which needs them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <unistd.h>
#include <xxhash.h>

#include "games/othello/othello.h"
#include "games/othello/othello_endgame.h"
#include "games/othello/othello_eval.h"
#include "testdata.h"
#include "yomi/registry.h"
#include "yomi/search.h"

static const struct game *G8;

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* A random position of 8x8 Othello after 4 to 59 random moves (game not over). */
static void random_position(struct othello_pos *p)
{
	for (;;) {
		G8->start(p);
		const int plies = 4 + (int)(rng() % 56);
		yomi_move mv[OTH_MAX_MOVES];
		int n = 0, k = 0;
		for (; k < plies && (n = othello_gen(p, mv)) > 0; k++)
			othello_play(p, mv[rng() % (uint64_t)n], p);
		if (othello_gen(p, mv) > 0)
			return;
	}
}

/* ---- the reference: squares one by one ---- */

static int flip_v(int sq) { return (7 - sq / 8) * 8 + sq % 8; }
static int flip_h(int sq) { return sq / 8 * 8 + 7 - sq % 8; }
static int transpose(int sq) { return sq % 8 * 8 + sq / 8; }

/* The square of the board that square sq of view k shows (othello_pattern.h's views: 1
 * ranks mirrored, 2 files, 3 both, 4..7 the same after the transposition). */
static int view_square(int k, int sq)
{
	if (k & 1)
		sq = flip_v(sq);
	if (k & 2)
		sq = flip_h(sq);
	if (k & 4)
		sq = transpose(sq);
	return sq;
}

static const int base_c3[] = {0, 1, 2, 8, 9, 10, 16, 17, 18, -1};
static const int base_c25[] = {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1};
static const int base_e2x[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 14, -1};

static uint32_t ref_index(uint64_t p, uint64_t o, int k, const int *base)
{
	uint32_t idx = 0, pow = 1;
	for (int i = 0; base[i] >= 0; i++, pow *= 3) {
		const int sq = view_square(k, base[i]);
		idx += pow * (uint32_t)((p >> sq & 1) ? 1 : (o >> sq & 1) ? 2 : 0);
	}
	return idx;
}

/* The reference's features in oth_pattern_features' order. */
static int ref_features(uint64_t p, uint64_t o, uint32_t *f)
{
	int n = 0, line[9], diag[5][9];
	for (int k = 0; k < 4; k++)
		f[n++] = OTH_OFF_C3 + ref_index(p, o, k, base_c3);
	for (int k = 0; k < 8; k++)
		f[n++] = OTH_OFF_C25 + ref_index(p, o, k, base_c25);
	static const int edge_views[4] = {0, 1, 4, 5};
	for (int j = 0; j < 4; j++) {
		const int k = edge_views[j];
		f[n++] = OTH_OFF_E2X + ref_index(p, o, k, base_e2x);
		for (int r = 1; r <= 3; r++) {
			for (int i = 0; i < 8; i++)
				line[i] = 8 * r + i;
			line[8] = -1;
			f[n++] = (uint32_t)(r == 1 ? OTH_OFF_H2 : r == 2 ? OTH_OFF_H3 : OTH_OFF_H4) +
			         ref_index(p, o, k, line);
		}
	}
	for (int d = 0; d <= 4; d++) {   /* the diagonal from file d of rank 1 */
		int i = 0;
		for (; d + i < 8; i++)
			diag[d][i] = 9 * i + d;
		diag[d][i] = -1;
	}
	for (int k = 0; k < 2; k++)
		f[n++] = OTH_OFF_D8 + ref_index(p, o, k, diag[0]);
	for (int k = 0; k < 4; k++) {
		f[n++] = OTH_OFF_D7 + ref_index(p, o, k, diag[1]);
		f[n++] = OTH_OFF_D6 + ref_index(p, o, k, diag[2]);
		f[n++] = OTH_OFF_D5 + ref_index(p, o, k, diag[3]);
		f[n++] = OTH_OFF_D4 + ref_index(p, o, k, diag[4]);
	}
	const uint64_t e = ~(p | o);
	int mp = 0, mo = 0;
	for (int sq = 0; sq < 64; sq++) {
		mp += (e >> sq & 1) && oth_flips(p, o, sq);
		mo += (e >> sq & 1) && oth_flips(o, p, sq);
	}
	f[n++] = OTH_OFF_MOB_P + (uint32_t)mp;
	f[n++] = OTH_OFF_MOB_O + (uint32_t)mo;
	if (oth_popcount(e) & 1)
		f[n++] = OTH_OFF_PARITY;
	f[n++] = OTH_OFF_CONST;
	return n;
}

/* The pattern indexes of 2000 random positions are the reference's, feature by feature. */
static void test_features_reference(void **state)
{
	(void)state;
	for (int t = 0; t < 2000; t++) {
		struct othello_pos p;
		random_position(&p);
		uint32_t got[OTH_FEATURES], want[OTH_FEATURES];
		const int n = oth_pattern_features(p.p, p.o, got);
		assert_int_equal(n, ref_features(p.p, p.o, want));
		for (int i = 0; i < n; i++)
			if (got[i] != want[i])
				fail_msg("position %d, feature %d: index %u, the reference's %u", t, i, got[i],
				         want[i]);
	}
}

/* Random weights, folded as the training folds them (a self-symmetric pattern's two
 * readings share a weight). */
static struct oth_weights *random_weights(void)
{
	struct oth_weights *w = calloc(1, sizeof *w);
	assert_non_null(w);
	for (int s = 0; s < OTH_STAGES; s++) {
		for (uint32_t i = 0; i < OTH_STAGE_WEIGHTS; i++)
			w->w[s][i] = (int16_t)((int)(rng() % 2001) - 1000);
		for (int k = 0; k < OTH_KINDS; k++) {
			uint32_t size = 1;
			for (int i = 0; i < oth_pattern_kinds[k].squares; i++)
				size *= 3;
			const uint32_t off = oth_pattern_kinds[k].offset;
			for (uint32_t c = 0; c < size; c++)
				w->w[s][off + c] = w->w[s][off + oth_pattern_canonical(k, c)];
		}
	}
	for (int d = 0; d < OTH_PC_DEPTHS; d++) {
		w->probcut.slope[d] = 1.0f;
		w->probcut.sd0[d] = 3.0f + (float)d;
		w->probcut.sd1[d] = 0.1f;
	}
	return w;
}

static uint64_t map_board(uint64_t b, int (*f)(int))
{
	uint64_t r = 0;
	for (int sq = 0; sq < 64; sq++)
		if (b >> sq & 1)
			r |= 1ULL << f(sq);
	return r;
}

static int rot90(int sq) { return flip_h(transpose(sq)); }
static int anti(int sq) { return flip_v(flip_h(transpose(sq))); }

/* The evaluation of a position is that of its 7 mirror images and rotations. */
static void test_eval_symmetry(void **state)
{
	(void)state;
	struct oth_weights *w = random_weights();
	int (*const sym[7])(int) = {flip_v, flip_h, transpose, rot90, anti, NULL, NULL};
	for (int t = 0; t < 500; t++) {
		struct othello_pos p;
		random_position(&p);
		const int v = oth_pattern_eval(w, p.p, p.o);
		for (int k = 0; k < 5; k++) {
			const uint64_t mp = map_board(p.p, sym[k]), mo = map_board(p.o, sym[k]);
			assert_int_equal(oth_pattern_eval(w, mp, mo), v);
		}
		/* the half-turn: both mirrors */
		const uint64_t hp = map_board(map_board(p.p, flip_v), flip_h);
		const uint64_t ho = map_board(map_board(p.o, flip_v), flip_h);
		assert_int_equal(oth_pattern_eval(w, hp, ho), v);
	}
	free(w);
}

/* ---- the file ---- */

static char *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	*size = (size_t)ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc(*size + 1);
	assert_non_null(b);
	assert_int_equal(fread(b, 1, *size, f), *size);
	fclose(f);
	return b;
}

static void write_all(const char *path, const char *b, size_t size)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, size, f), size);
	fclose(f);
}

/* The load of path fails with a message containing `want`. */
static void refused(const char *path, const char *want)
{
	struct yomi_error err;
	struct oth_weights *w = othello_eval_load(path, &err);
	if (w)
		fail_msg("%s loaded; expected '%s'", path, want);
	if (!strstr(err.msg, want) || strncmp(err.msg, "eval: ", 6) != 0)
		fail_msg("message '%s', expected '%s'", err.msg, want);
}

static void test_file(void **state)
{
	(void)state;
	char dir[] = "/tmp/yomi-eval-XXXXXX", path[64], bad[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/eval.bin", dir);
	snprintf(bad, sizeof bad, "%s/bad.bin", dir);
	struct oth_weights *w = random_weights();
	struct yomi_error err;
	assert_int_equal(othello_eval_save(w, "test weights", path, &err), 0);
	struct oth_weights *back = othello_eval_load(path, &err);
	assert_non_null(back);
	assert_memory_equal(back->w, w->w, sizeof w->w);
	assert_memory_equal(&back->probcut, &w->probcut, sizeof w->probcut);
	size_t size;
	char *b = read_all(path, &size);
	/* a flipped bit anywhere: the weights, the header, the checksum itself */
	const size_t at[] = {size / 2, 20, 40, size - 3};
	for (int i = 0; i < 4; i++) {
		b[at[i]] ^= 0x10;
		write_all(bad, b, size);
		refused(bad, i == 1 ? "where its header says" : "checksum mismatch");
		b[at[i]] ^= 0x10;
	}
	write_all(bad, b, size - 100);
	refused(bad, "truncated or corrupt");
	write_all(bad, b, 50);
	refused(bad, "too short to be an evaluation file");
	memcpy(b, "YOMIEVAX", 8);
	write_all(bad, b, size);
	refused(bad, "not a yomi evaluation file (bad magic)");
	memcpy(b, "YOMIEVAL", 8);
	b[8] = 9;   /* version 9, checksum made right: the version is named */
	uint64_t sum = XXH64(b, size - 8, 0);
	memcpy(b + size - 8, &sum, 8);
	write_all(bad, b, size);
	refused(bad, "format version 9, this yomi reads version 1");
	refused(dir, "not a regular file");
	snprintf(bad, sizeof bad, "%s/missing.bin", dir);
	refused(bad, "No such file or directory");
	free(b);
	free(back);
	free(w);
	snprintf(bad, sizeof bad, "%s/bad.bin", dir);
	unlink(bad);
	unlink(path);
	rmdir(dir);
}


/* Loads the shipped weights (data/othello/eval.bin, or $YOMI_DATA's) and puts them in use;
 * the caller ends with othello_eval_use(NULL) and frees them. */
static struct oth_weights *use_shipped_weights(void)
{
	const char *dir = getenv("YOMI_DATA");
	char path[512];
	snprintf(path, sizeof path, "%s/othello/eval.bin", dir ? dir : "data");
	struct yomi_error err;
	struct oth_weights *w = othello_eval_load(path, &err);
	if (!w)
		fail_msg("%s", err.msg);
	othello_eval_use(w);
	return w;
}

/* The shipped weights (data/othello/eval.bin) predict exact values better than the
 * hand-weighted evaluation (scaled by its fitted slope, to discs) on positions of games that
 * were never trained on (data/othello/exact-test.txt), by the evaluation alone and by a
 * 2-ply search: mean absolute errors, reported. */
static void test_shipped_weights(void **state)
{
	(void)state;
	struct oth_weights *w = use_shipped_weights();
	struct yomi_error err;
	struct tt tt;
	assert_int_equal(tt_init(&tt, 1), 0);
	struct search_ctx *ctx = malloc(sizeof *ctx);
	assert_non_null(ctx);
	FILE *f = open_data("othello/exact-test.txt");
	char line[256];
	double err_new[3] = {0}, err_hand[3] = {0};
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		struct othello_pos p;
		assert_int_equal(G8->parse(line, &p, &err), 0);
		const char *semi = strchr(line, ';');
		assert_non_null(semi);
		const int exact = atoi(semi + 1);
		for (int d = 0; d <= 2; d++) {
			for (int hand = 0; hand <= 1; hand++) {
				const struct search_limits limits = {.multipv = 1, .eval_material = hand};
				search_init(ctx, &tt, &limits);
				double v = othello_eval_search(ctx, &p, d, -SCORE_INF, SCORE_INF) / 100.0;
				v *= hand ? oth_probcut_hand.slope[d] : 1;
				*(hand ? &err_hand[d] : &err_new[d]) += fabs(v - exact);
			}
		}
		n++;
	}
	fclose(f);
	assert_true(n >= 300);
	for (int d = 0; d <= 2; d++) {
		print_message("depth %d: mean absolute error %.2f discs, hand-weighted %.2f (%d "
		              "positions)\n", d, err_new[d] / n, err_hand[d] / n, n);
		assert_true(err_new[d] < err_hand[d]);
	}
	othello_eval_use(NULL);
	free(ctx);
	tt_free(&tt);
	free(w);
}

/* Multi-ProbCut in the midgame search (othello.c): with the shipped weights, a fixed-depth
 * search of the bench's midgame positions (data/othello/bench.txt) visits fewer nodes with
 * it than without it (limits.probcut -1), in all and at each FFO position; and it stays off
 * where the search reaches the end of the game, so a search to the end of positions of
 * data/othello/exact-test.txt still proves their exact values. */
static void test_midgame_probcut(void **state)
{
	(void)state;
	struct oth_weights *w = use_shipped_weights();
	struct yomi_error err;
	struct tt tt;
	assert_int_equal(tt_init(&tt, 16), 0);
	struct search_ctx *ctx = malloc(sizeof *ctx);
	assert_non_null(ctx);
	FILE *f = open_data("othello/bench.txt");
	char line[256];
	uint64_t all[2] = {0, 0};
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		struct othello_pos p;
		assert_int_equal(G8->parse(line, &p, &err), 0);
		uint64_t nodes[2];
		for (int off = 0; off <= 1; off++) {
			const struct search_limits limits = {.multipv = 1, .depth = 7, .exact_at = -1,
			                                     .probcut = off ? -1 : 0};
			tt_clear(&tt);
			search_init(ctx, &tt, &limits);
			G8->search(ctx, &p);
			assert_int_equal(ctx->depth_done, 7);
			nodes[off] = ctx->nodes;
			all[off] += ctx->nodes;
		}
		if (n > 0)   /* (the start's small tree: the shallow searches cost more there) */
			assert_true(nodes[0] < nodes[1]);
		n++;
	}
	fclose(f);
	assert_true(n >= 5);
	print_message("depth 7, %d positions: %llu nodes with ProbCut, %llu without\n", n,
	              (unsigned long long)all[0], (unsigned long long)all[1]);
	assert_true(all[0] < all[1]);
	f = open_data("othello/exact-test.txt");
	n = 0;
	while (fgets(line, sizeof line, f) && n < 12) {
		struct othello_pos p;
		if (line[0] == '#' || G8->parse(line, &p, &err) || oth_popcount(~(p.p | p.o)) > 11)
			continue;
		const int exact = atoi(strchr(line, ';') + 1);
		const struct search_limits limits = {.multipv = 1, .exact_at = -1};
		tt_clear(&tt);
		search_init(ctx, &tt, &limits);
		G8->search(ctx, &p);
		assert_true(ctx->lines[0].proven);
		assert_int_equal(ctx->lines[0].score, exact);
		n++;
	}
	fclose(f);
	assert_int_equal(n, 12);
	othello_eval_use(NULL);
	free(ctx);
	tt_free(&tt);
	free(w);
}

int main(void)
{
	G8 = game_find("othello");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_features_reference),
		cmocka_unit_test(test_eval_symmetry),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_shipped_weights),
		cmocka_unit_test(test_midgame_probcut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
