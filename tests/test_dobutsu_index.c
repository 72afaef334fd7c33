/*
 * test_dobutsu_index.c - the Dobutsu position index is a bijection, and un-move generation
 * is the inverse of move generation.
 *
 *   - encode(decode(i)) == i for every index of two whole lion configurations and for a
 *     million random indexes spread over all of them; decoded positions are well formed
 *     (two of each kind, in hand or on the board).
 *   - the index agrees with the game: a position and its rotation (other side to move,
 *     board turned) and mirror image have the same index (mirror: the same value).
 *   - every predecessor from dobi_unmoves has a legal, not game-ending move to the position;
 *     conversely every such move of a random indexed position is undone by dobi_unmoves.
 *   - dobi_unmoves_open leaves out only predecessors won at once: both lists, those left
 *     out, are the same positions in the same order.
 *   - the solver's mark_quick (a table load's fill of the won-in-1 entries, in runs of one
 *     board) marks exactly the indexes that decode and quick, index by index, call won.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "games/dobutsu/dobutsu_index.h"
#include "games/dobutsu/dobutsu_mate.h"
#include "yomi/solve.h"

static uint64_t rng(uint64_t *s)
{
	*s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
	return *s;
}

static int well_formed(const struct dobutsu_pos *p)
{
	int count[DOB_TYPES] = {0};
	for (int sq = 0; sq < DOB_SQUARES; sq++) {
		const int t = p->board[sq] & 7;
		count[t == DOB_HEN ? DOB_CHICK : t]++;
	}
	for (int c = 0; c < 2; c++)
		for (int t = DOB_CHICK; t <= DOB_GIRAFFE; t++)
			count[t] += p->hand[c][t];
	return count[DOB_LION] == 2 && count[DOB_CHICK] == 2 && count[DOB_ELEPHANT] == 2 &&
	       count[DOB_GIRAFFE] == 2;
}

/* Also checks the scanning decoder: through the cursor, the same position as decoding
 * afresh, whether i continues the cursor's run or not. */
static void check_index(uint64_t i, struct dobi_cursor *cur)
{
	struct dobutsu_pos p;
	assert_int_equal(dobi_decode(i, &p), 0);
	assert_true(well_formed(&p));
	assert_int_equal(dobi_encode(&p), (int64_t)i);
	const struct dobutsu_pos *q = dobi_decode_at(cur, i);
	assert_non_null(q);
	assert_memory_equal(&p, q, sizeof p);
}

static void test_bijection(void **state)
{
	(void)state;
	dobi_init();
	assert_int_equal(DOBI_SIZE, 249442767);
	struct dobi_cursor cur;
	memset(&cur, 0, sizeof cur);
	for (uint64_t i = 0; i < DOBI_PER_CONFIG; i++)
		check_index(i, &cur);
	for (uint64_t i = 20 * (uint64_t)DOBI_PER_CONFIG; i < DOBI_SIZE; i++)
		check_index(i, &cur);
	uint64_t seed = 12345;
	for (int k = 0; k < 1000000; k++)   /* random jumps, and short strides from them */
		check_index((k & 1 ? cur.lo + rng(&seed) % 40 : rng(&seed)) % DOBI_SIZE, &cur);
	struct dobutsu_pos p;
	assert_int_equal(dobi_decode(DOBI_SIZE, &p), -1);
	assert_null(dobi_decode_at(&cur, DOBI_SIZE));
}

/* mark_quick over [first, first + n) against decode and quick index by index: the entries
 * it marks are those, the others untouched (a filler byte around them too). */
static void check_mark_quick(uint64_t first, uint64_t n, uint8_t *got, uint8_t *want)
{
	memset(got, 7, n + 2);
	memset(want, 7, n + 2);
	dobutsu_solver.mark_quick(first, n, got + 1);
	for (uint64_t k = 0; k < n; k++) {
		struct dobutsu_pos p;
		if (dobutsu_solver.decode(first + k, &p) == 0 && dobutsu_solver.quick(&p) == 2)
			want[1 + k] = 2;
	}
	assert_memory_equal(got, want, n + 2);
}

static void test_mark_quick(void **state)
{
	(void)state;
	enum { N = 200000 };
	static uint8_t got[N + 2], want[N + 2];
	check_mark_quick(0, N, got, want);
	check_mark_quick(DOBI_SIZE - N, N, got, want);   /* the index's end */
	check_mark_quick(DOBI_SIZE - 5, 5, got, want);
	uint64_t seed = 777, marked = 0;
	for (int k = 0; k < 40; k++) {   /* starts within runs, short and long ranges */
		const uint64_t n = 1 + rng(&seed) % (k & 1 ? 50 : 20000);
		check_mark_quick(rng(&seed) % (DOBI_SIZE - n), n, got, want);
		for (uint64_t j = 1; j <= n; j++)
			marked += got[j] == 2;
	}
	assert_true(marked > 0);   /* the ranges held won-in-1 entries */
}

/* p turned for the other side to move: squares 11 - s, colours swapped. */
static void rotate(const struct dobutsu_pos *p, struct dobutsu_pos *out)
{
	memset(out, 0, sizeof *out);
	for (int sq = 0; sq < DOB_SQUARES; sq++)
		if (p->board[sq])
			out->board[11 - sq] = p->board[sq] ^ 8;
	for (int t = 0; t < DOB_TYPES; t++)
		out->hand[0][t] = p->hand[1][t], out->hand[1][t] = p->hand[0][t];
	out->stm = p->stm ^ 1;
	out->ply = p->ply;
	dobutsu_sync(out);
}

/* *p's type masks and lion squares are those dobutsu_sync builds from its board. */
static void assert_masks_of_board(const struct dobutsu_pos *p)
{
	struct dobutsu_pos board = *p;
	dobutsu_sync(&board);
	assert_memory_equal(board.bb, p->bb, sizeof p->bb);
	assert_memory_equal(board.lion, p->lion, sizeof p->lion);
}

static void test_symmetry(void **state)
{
	(void)state;
	dobi_init();
	uint64_t seed = 777;
	for (int k = 0; k < 200000; k++) {
		const uint64_t i = rng(&seed) % DOBI_SIZE;
		struct dobutsu_pos p, r, m;
		dobi_decode(i, &p);
		assert_masks_of_board(&p);   /* decoding builds the masks of its board */
		rotate(&p, &r);
		assert_int_equal(dobi_encode(&r), (int64_t)i);
		dobi_mirror(&p, &m);
		assert_masks_of_board(&m);   /* and so does the mirror, by its own tables */
		const int a = dobi.config_lions[i / DOBI_PER_CONFIG][0] % 3,
		          b = dobi.config_lions[i / DOBI_PER_CONFIG][1] % 3;
		if (a != 1 || b != 1)   /* lions off the b file: the mirror folds onto i */
			assert_int_equal(dobi_encode(&m), (int64_t)i);
		else
			assert_true(dobi_encode(&m) / DOBI_PER_CONFIG == (int64_t)(i / DOBI_PER_CONFIG));
	}
}

static int same_key(const struct dobutsu_pos *a, const struct dobutsu_pos *b)
{
	return dob_key64(a) == dob_key64(b);
}

static void test_unmoves_inverse(void **state)
{
	(void)state;
	dobi_init();
	static struct dobutsu_pos preds[SOLVE_MAX_PREDS];
	uint64_t seed = 4242, checked_preds = 0, checked_moves = 0;
	for (int k = 0; k < 20000; k++) {
		struct dobutsu_pos s;
		dobi_decode(rng(&seed) % DOBI_SIZE, &s);
		if (k & 1) {   /* both colours to move */
			struct dobutsu_pos r;
			rotate(&s, &r);
			s = r;
		}
		const int np = dobi_unmoves(&s, preds);
		assert_true(np <= SOLVE_MAX_PREDS);
		/* each predecessor reaches s by a legal move that does not end the game */
		for (int j = 0; j < np; j++) {
			if (dobi_encode(&preds[j]) < 0)
				continue;
			yomi_move mv[DOB_MAX_MOVES];
			const int n = dobutsu_gen(&preds[j], mv);
			int found = 0;
			for (int q = 0; q < n && !found; q++) {
				struct dobutsu_pos next;
				found = !dobutsu_play(&preds[j], mv[q], &next) && same_key(&next, &s);
			}
			assert_true(found);
			checked_preds++;
		}
		/* each such move of s is undone */
		yomi_move mv[DOB_MAX_MOVES];
		const int n = dobutsu_gen(&s, mv);
		for (int q = 0; q < n; q++) {
			struct dobutsu_pos next;
			if (dobutsu_play(&s, mv[q], &next) || dobi_encode(&next) < 0)
				continue;
			const int nb = dobi_unmoves(&next, preds);
			int found = 0;
			for (int j = 0; j < nb && !found; j++)
				found = same_key(&preds[j], &s);
			assert_true(found);
			checked_moves++;
		}
	}
	assert_true(checked_preds > 100000);
	assert_true(checked_moves > 100000);
}

/* preds[0..n) less those won at once, in order, into keys; returns how many. */
static int open_keys(const struct dobutsu_pos *preds, int n, uint64_t *keys)
{
	int k = 0;
	for (int j = 0; j < n; j++)
		if (!dob_wins_at_once(&preds[j]))
			keys[k++] = dob_key64(&preds[j]);
	return k;
}

static void test_unmoves_open(void **state)
{
	(void)state;
	dobi_init();
	static struct dobutsu_pos all[SOLVE_MAX_PREDS], open[SOLVE_MAX_PREDS];
	uint64_t want[SOLVE_MAX_PREDS], got[SOLVE_MAX_PREDS];
	uint64_t seed = 99, kept = 0, left_out = 0, skipped = 0;
	for (int k = 0; k < 200000; k++) {
		struct dobutsu_pos s;
		dobi_decode(rng(&seed) % DOBI_SIZE, &s);
		const int na = dobi_unmoves(&s, all), no = dobi_unmoves_open(&s, open);
		const int nw = open_keys(all, na, want), ng = open_keys(open, no, got);
		assert_int_equal(ng, nw);
		assert_memory_equal(got, want, sizeof *got * (size_t)nw);
		kept += (uint64_t)nw;
		left_out += (uint64_t)(na - no);
		skipped += no < na && nw == 0;
	}
	/* both kinds of position are met: with predecessors to hand on, and without */
	assert_true(kept > 100000 && left_out > 100000 && skipped > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bijection),
		cmocka_unit_test(test_symmetry),
		cmocka_unit_test(test_unmoves_inverse),
		cmocka_unit_test(test_unmoves_open),
		cmocka_unit_test(test_mark_quick),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
