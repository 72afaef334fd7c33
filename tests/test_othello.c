/*
 * test_othello.c - Othello through the game interface and its bitboard header: perft against
 * data/othello/perft.txt, move generation and flips against a square-by-square reference,
 * stability never lying, notation and bad input, the exact solver against plain minimax and
 * against FFO #1-#19 (+ a few of #20-#39), and the 4x4 result proven by solver and search.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/othello/othello.h"
#include "games/othello/othello_endgame.h"
#include "games/othello/othello_eval.h"
#include "games/othello/othello_last.h"
#include "testdata.h"
#include "yomi/registry.h"
#include "yomi/search.h"

static const struct game *G8, *G6, *G4;

/* A small deterministic generator for random playouts. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void test_perft(void **state)
{
	(void)state;
	FILE *f = open_data("othello/perft.txt");
	char line[256];
	struct othello_pos p;
	G8->start(&p);
	int checked = 0;
	while (fgets(line, sizeof line, f)) {
		int depth;
		unsigned long long leaves;
		if (line[0] == '#' || sscanf(line, "%d %llu", &depth, &leaves) != 2 || depth > 11)
			continue;
		assert_int_equal(G8->perft(&p, depth, NULL), leaves);
		checked++;
	}
	fclose(f);
	assert_int_equal(checked, 11);
}

/* Reference flips: walk each direction square by square. */
static uint64_t naive_flips(uint64_t p, uint64_t o, uint64_t mask, int sq)
{
	static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, df[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
	uint64_t all = 0;
	if (((p | o) >> sq) & 1)
		return 0;
	for (int d = 0; d < 8; d++) {
		uint64_t run = 0;
		int r = sq / 8 + dr[d], fl = sq % 8 + df[d];
		while (r >= 0 && r < 8 && fl >= 0 && fl < 8 && ((mask >> (r * 8 + fl)) & 1) &&
		       ((o >> (r * 8 + fl)) & 1)) {
			run |= 1ULL << (r * 8 + fl);
			r += dr[d];
			fl += df[d];
		}
		if (run && r >= 0 && r < 8 && fl >= 0 && fl < 8 && ((p >> (r * 8 + fl)) & 1))
			all |= run;
	}
	return all;
}

/* Reference full lines: walk both ways from each disc to the 8x8 edge; squares off the
 * mask count as filled. */
static uint64_t naive_full(uint64_t filled, uint64_t mask, int dir)
{
	const int dr = dir == 1 ? 0 : 1, df = dir == 8 ? 0 : dir == 7 ? -1 : 1;
	uint64_t full = 0;
	for (int sq = 0; sq < 64; sq++) {
		if (!((filled >> sq) & 1))
			continue;
		int ok = 1;
		for (int sign = -1; sign <= 1; sign += 2) {
			int r = sq / 8 + sign * dr, fl = sq % 8 + sign * df;
			for (; r >= 0 && r < 8 && fl >= 0 && fl < 8; r += sign * dr, fl += sign * df) {
				const int t = r * 8 + fl;
				if (((mask >> t) & 1) && !((filled >> t) & 1))
					ok = 0;
			}
		}
		if (ok)
			full |= 1ULL << sq;
	}
	return full;
}

/* Full lines against the reference, on random fillings of every board (dense ones too). */
static void test_full_lines(void **state)
{
	(void)state;
	const uint64_t masks[3] = {OTH_MASK8, OTH_MASK6, OTH_MASK4};
	static const int dirs[4] = {1, 8, 9, 7};
	for (int k = 0; k < 20000; k++) {
		const uint64_t m = masks[k % 3];
		const uint64_t filled = (rng() | rng() | (k & 4 ? rng() : 0)) & m;
		for (int d = 0; d < 4; d++)
			assert_true(oth_full_lines(filled, m, dirs[d]) == naive_full(filled, m, dirs[d]));
		/* all four at once (lanes of a vector with AVX2), and stability from them against
		 * the one-axis-at-a-time loop */
		const struct oth_full full = oth_full_all(filled, m);
		assert_true(full.h == naive_full(filled, m, 1) && full.v == naive_full(filled, m, 8) &&
		            full.d == naive_full(filled, m, 9) && full.a == naive_full(filled, m, 7));
		const uint64_t p = filled & rng();
		assert_true(oth_stable_in(p, m, full) == oth_stable_in_scalar(p, m, full));
		assert_true(oth_stable_in(filled & ~p, m, full) ==
		            oth_stable_in_scalar(filled & ~p, m, full));
	}
}

/* Flips on random boards of every size, sparse to nearly full, at every empty square:
 * oth_flips (by lines with BMI2, else by rays) and the portable oth_flips_rays both agree
 * with the reference, so either build's code is checked on any machine. */
static void test_flips_random(void **state)
{
	(void)state;
	const uint64_t masks[3] = {OTH_MASK8, OTH_MASK6, OTH_MASK4};
	long checked = 0;
	for (int k = 0; k < 60000; k++) {
		const uint64_t m = masks[k % 3];
		uint64_t filled = rng() | rng();
		if (k & 4)
			filled |= rng();
		if (k & 8)
			filled &= rng() | rng();
		const uint64_t split = rng(), p = filled & split & m, o = filled & ~split & m;
		for (uint64_t e = ~(p | o) & m; e; e &= e - 1) {
			const int sq = __builtin_ctzll(e);
			const uint64_t want = naive_flips(p, o, m, sq);
			assert_true(oth_flips(p, o, sq) == want);
			assert_true(oth_flips_rays(p, o, sq) == want);
			checked++;
		}
	}
	assert_true(checked > 500000);
}

/* Random games on every board: moves and flips agree with the reference; discs once
 * stable stay ours to the end. */
static void test_rules_and_stability(void **state)
{
	(void)state;
	const struct game *games[3] = {G8, G6, G4};
	for (int gi = 0; gi < 3; gi++) {
		for (int game = 0; game < 300; game++) {
			struct othello_pos p;
			games[gi]->start(&p);
			uint64_t stable_black = 0, stable_white = 0;
			for (int ply = 0; ply < 130; ply++) {
				const uint64_t e = ~(p.p | p.o) & p.mask;
				uint64_t want = 0;
				for (int sq = 0; sq < 64; sq++)
					if (((e >> sq) & 1) && naive_flips(p.p, p.o, p.mask, sq)) {
						want |= 1ULL << sq;
						assert_true(oth_flips(p.p, p.o, sq) ==
						            naive_flips(p.p, p.o, p.mask, sq));
					}
				assert_true(oth_moves_bb(p.p, p.o, e) == want);
				const uint64_t black = p.white ? p.o : p.p, white = p.white ? p.p : p.o;
				assert_true((stable_black & black) == stable_black);
				assert_true((stable_white & white) == stable_white);
				stable_black |= oth_stable(black, white, p.mask);
				stable_white |= oth_stable(white, black, p.mask);
				yomi_move moves[YOMI_MOVES_MAX];
				const int n = games[gi]->moves(&p, moves);
				if (n == 0)
					break;
				if (moves[0] == OTH_PASS)
					assert_int_equal(want, 0);
				else
					assert_int_equal(n, oth_popcount(want));
				games[gi]->play(&p, moves[rng() % (uint64_t)n], &p);
			}
			assert_int_not_equal(games[gi]->status(&p).outcome, GAME_ONGOING);
		}
	}
}

static void test_notation(void **state)
{
	(void)state;
	struct othello_pos p, q;
	struct yomi_error err;
	char text[YOMI_TEXT_MAX];
	G8->start(&p);
	G8->format(&p, 0, text, sizeof text);
	assert_string_equal(text, "---------------------------OX------XO--------------------------- X");
	assert_int_equal(G8->parse("--------/--------/--------/---OX---/---XO---/--------/"
	                           "--------/-------- x", &q, &err), 0);
	assert_memory_equal(&p, &q, sizeof p);
	assert_int_equal(G8->parse("........ ........ ........ ...O*... ...*O... ........ "
	                           "........ ........ X ; C4:+0;", &q, &err), 0);
	assert_memory_equal(&p, &q, sizeof p);
	G6->start(&p);
	G6->format(&p, 0, text, sizeof text);
	assert_string_equal(text, "--------------OX----XO-------------- X");
	G4->start(&p);
	G4->format(&p, 0, text, sizeof text);
	assert_string_equal(text, "-----OX--XO----- X");
	/* a pass, in each spelling, when it is the only move */
	assert_int_equal(G4->parse("XXXX XXXX XXXO XXX- O", &q, &err), 0);
	const char *passes[] = {"pass", "PA", "ps", "--", " Pass "};
	for (int i = 0; i < 5; i++) {
		yomi_move m = 0;
		assert_int_equal(G4->parse_move(&q, passes[i], &m, &err), 0);
		assert_int_equal(m, OTH_PASS);
	}
	yomi_move m;
	G8->start(&p);
	assert_int_equal(G8->parse_move(&p, "F5", &m, &err), 0);
	G8->format_move(&p, m, text, sizeof text);
	assert_string_equal(text, "f5");
	static const struct {
		const struct game **g;
		const char *text, *error;
	} bad[] = {
		{&G8, "", "0 cells"},
		{&G8, "---------------------------OX------XO---------------------------", "side to move"},
		{&G8, "---------------------------OX------XO---------------------------- X", "more than 64"},
		{&G8, "---------------------------OZ------XO--------------------------- X", "'Z' is not"},
		{&G8, "---------------------------OX------XO--------------------------- Y", "'Y' is not X or O"},
		{&G4, "-----O\xff--XO----- X", "cell 7: 0xff is not X, O"},   /* a byte, not '?' */
		{&G4, "-----OX--XO----- \xfe", "side to move: 0xfe is not X or O"},
		{&G8, "---------------------------OX------XO--------------------------- X junk", "unexpected 'junk' after the side to move"},
		{&G6, "-----OX--XO----- X",
		 "16 cells and the side to move (the 6x6 board has 36); a 4x4 board is --game othello4"},
		{&G8, "-----OX--XO----- O;", "16 cells and the side to move (the 8x8 board has 64); a 4x4"},
		{&G8, "-----OX--XO-----;", "16 cells (the 8x8 board has 64)"},
		{&G8, "-----OX--XO----- X-", "18 cells (the 8x8 board has 64)"},
		{&G4, "--------------OX----XO-------------- X",
		 "more than 16 cells (the 4x4 board); a 6x6 board is --game othello6"},
		{&G4, "-----OX--XO----- X O", "unexpected 'O' after the side to move"},
		{&G4, "-----OX--XO-----XO X", "more than 16 cells"},
		{&G4, "----//-OX-/-XO-/---- X", "'/' after 4 cells (rows have 4)"},
		{&G4, "--/---OX--XO----- X", "'/' after 2 cells (rows have 4)"},
		{&G4, "/-----OX--XO----- X", "'/' after 0 cells"},
		{&G4, "----/-OX-/-XO-/----// X", "'/' after 16 cells"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.msg[0] = '\0';
		assert_int_equal((*bad[i].g)->parse(bad[i].text, &q, &err), -1);
		if (!strstr(err.msg, bad[i].error))
			fail_msg("'%s': error '%s'; expected '%s'", bad[i].text, err.msg, bad[i].error);
	}
	static const struct {
		const char *move, *error;
	} bad_moves[] = {
		{"i1", "not a square"}, {"a9", "not a square"}, {"d4", "occupied"},
		{"a1", "flips no disc"}, {"pass", "has a legal move"}, {"f5x", "not a square"},
	};
	G8->start(&p);
	for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
		err.msg[0] = '\0';
		assert_int_equal(G8->parse_move(&p, bad_moves[i].move, &m, &err), -1);
		if (!strstr(err.msg, bad_moves[i].error))
			fail_msg("'%s': error '%s'; expected '%s'", bad_moves[i].move, err.msg,
			         bad_moves[i].error);
	}
	G4->start(&p);
	assert_int_equal(G4->parse_move(&p, "e1", &m, &err), -1);
}

/* Plain minimax on the final disc difference, through the interface only. */
static int minimax(const struct game *g, const struct othello_pos *p)
{
	yomi_move moves[YOMI_MOVES_MAX];
	const int n = g->moves(p, moves);
	if (n == 0)
		return oth_final_score(p->p, p->o, oth_popcount(p->mask));
	int best = -1000;
	for (int i = 0; i < n; i++) {
		struct othello_pos q;
		g->play(p, moves[i], &q);
		const int v = -minimax(g, &q);
		if (v > best)
			best = v;
	}
	return best;
}

static int solve(const struct game *g, struct tt *tt, const void *pos, yomi_move *best)
{
	struct search_ctx *ctx = malloc(sizeof *ctx);
	const struct search_limits limits = {.multipv = 1};
	assert_non_null(ctx);
	search_init(ctx, tt, &limits);
	int score;
	assert_int_equal(g->solve_exact(pos, ctx, &score, best), 0);
	free(ctx);
	return score;
}

/* Plays random moves from *p until `empties` squares are left or the game is over; returns
 * the number of legal moves of the position reached (0: the game is over). */
static int play_random_until(const struct game *g, struct othello_pos *p, int empties)
{
	yomi_move moves[YOMI_MOVES_MAX];
	int n;
	while ((n = g->moves(p, moves)) > 0 && oth_popcount(~(p->p | p->o) & p->mask) > empties)
		g->play(p, moves[rng() % (uint64_t)n], p);
	return n;
}

/* The solver agrees with minimax on random positions with up to 9 empties (all boards),
 * and its best move reaches its value. */
static void test_solver_vs_minimax(void **state)
{
	(void)state;
	const struct game *games[3] = {G8, G6, G4};
	struct tt tt;
	assert_int_equal(tt_init(&tt, 4), 0);
	for (int gi = 0; gi < 3; gi++) {
		for (int k = 0; k < 60; k++) {
			struct othello_pos p;
			games[gi]->start(&p);
			play_random_until(games[gi], &p, 1 + (int)(rng() % 9));
			yomi_move best;
			const int v = solve(games[gi], &tt, &p, &best);
			assert_int_equal(v, minimax(games[gi], &p));
			if (best) {
				struct othello_pos q;
				games[gi]->play(&p, best, &q);
				assert_int_equal(-minimax(games[gi], &q), v);
			}
		}
	}
	tt_free(&tt);
}

/* FFO positions: best move among the file's best moves, exact score. */
static void check_ffo(const char *file, int max_lines, const int *skip)
{
	struct tt tt;
	assert_int_equal(tt_init(&tt, 64), 0);
	FILE *f = open_data(file);
	char line[512];
	int lineno = 0;
	while (fgets(line, sizeof line, f) && lineno < max_lines) {
		lineno++;
		int skipped = 0;
		for (int i = 0; skip && skip[i]; i++)
			skipped |= skip[i] == lineno;
		if (skipped)
			continue;
		struct othello_pos p;
		struct yomi_error err;
		assert_int_equal(G8->parse(line, &p, &err), 0);
		yomi_move best;
		const int v = solve(G8, &tt, &p, &best);
		/* the answers: "; G8:+18; H1:+12; ..." best first */
		char *s = strchr(line, ';');
		assert_non_null(s);
		char want_move[8];
		int want = 0, top = 0, have = 0, ok = 0;
		while (s && sscanf(s, "; %7[^:]:%d", want_move, &want) == 2) {
			if (!have)
				top = want;
			have = 1;
			if (want != top)
				break;
			yomi_move m;
			if (G8->parse_move(&p, want_move, &m, &err) == 0 && m == best)
				ok = 1;
			s = strchr(s + 1, ';');
		}
		if (!have || v != top)
			fail_msg("%s line %d: score %d, expected %d", file, lineno, v, top);
		if (!ok)
			fail_msg("%s line %d: best move %u is not among the file's best", file, lineno,
			         best);
	}
	fclose(f);
	tt_free(&tt);
}

static void test_ffo_1_19(void **state)
{
	(void)state;
	check_ffo("othello/fforum-1-19.obf", 19, NULL);
}

/* #20-#39 without the slow ones (#24..#28, #30..#39: see bench/othello-ffo.sh). */
static void test_ffo_20_39_fast(void **state)
{
	(void)state;
	static const int skip[] = {5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0};
	check_ffo("othello/fforum-20-39.obf", 20, skip);
}

/* --multipv in the exact range (othello_solve_multipv): on FFO #1-#10 every listed move has
 * its own exact value, the values of the .obf answer line (which lists the best moves, best
 * first), and a k smaller than the moves lists the k best. */
static void test_solver_multipv_obf(void **state)
{
	(void)state;
	struct tt tt;
	assert_int_equal(tt_init(&tt, 16), 0);
	struct search_ctx *ctx = malloc(sizeof *ctx);
	assert_non_null(ctx);
	const struct search_limits limits = {.multipv = 1};
	FILE *f = open_data("othello/fforum-1-19.obf");
	char line[512];
	for (int lineno = 1; lineno <= 10 && fgets(line, sizeof line, f); lineno++) {
		struct othello_pos p;
		struct yomi_error err;
		assert_int_equal(G8->parse(line, &p, &err), 0);
		yomi_move want_move[OTH_MAX_MOVES];
		int want[OTH_MAX_MOVES], nwant = 0;
		char text[8];
		for (char *s = strchr(line, ';');
		     s && sscanf(s, "; %7[^:]:%d", text, &want[nwant]) == 2; s = strchr(s + 1, ';')) {
			assert_int_equal(G8->parse_move(&p, text, &want_move[nwant], &err), 0);
			nwant++;
		}
		assert_true(nwant >= 3);
		for (int k = 2; k <= nwant; k += nwant - 2) {
			yomi_move moves[OTH_MAX_MOVES];
			int scores[OTH_MAX_MOVES];
			search_init(ctx, &tt, &limits);
			ctx->start = search_clock();
			assert_int_equal(othello_solve_multipv(ctx, &p, k, 0, moves, scores), k);
			for (int i = 0; i < k; i++) {
				if (scores[i] != want[i])
					fail_msg("FFO #%d, k %d: line %d scores %d, the file's %d", lineno, k,
					         i + 1, scores[i], want[i]);
				int listed = 0;   /* the move is one of the file's with that score */
				for (int j = 0; j < nwant; j++)
					listed |= want_move[j] == moves[i] && want[j] == scores[i];
				if (!listed)
					fail_msg("FFO #%d: move %u is not the file's for %d", lineno, moves[i],
					         scores[i]);
			}
		}
	}
	fclose(f);
	free(ctx);
	tt_free(&tt);
}

/* Selective passes (ProbCut at 73% to 99%) on one table, then the exact pass on the same
 * table: each selective value is even and on the board's scale, and the exact pass always
 * gives the exact value (a less sure bound left in the table is never taken for an exact
 * one), on random positions of 12 to 18 empties of the 8x8 and 6x6 boards. */
static void test_selective_passes(void **state)
{
	(void)state;
	static const int confidence[] = {73, 87, 95, 98, 99};
	struct tt tt;
	assert_int_equal(tt_init(&tt, 16), 0);
	struct search_ctx *ctx = malloc(sizeof *ctx);
	assert_non_null(ctx);
	const struct search_limits limits = {.multipv = 1};
	const struct game *games[2] = {G8, G6};
	int differed = 0;   /* selective values that were not the exact one */
	for (int k = 0; k < 24; k++) {
		const struct game *g = games[k & 1];
		struct othello_pos p;
		g->start(&p);
		if (play_random_until(g, &p, 12 + (int)(rng() % 7)) == 0)
			continue;
		yomi_move best;
		const int exact = solve(g, &tt, &p, &best);
		const int squares = oth_popcount(p.mask);
		int score = 0;
		for (int i = 0; i < 5; i++) {
			search_init(ctx, &tt, &limits);
			ctx->start = search_clock();
			assert_int_equal(othello_solve_sel(ctx, &p, confidence[i], i > 0, &score, &best), 0);
			assert_true(score % 2 == 0 && score >= -squares && score <= squares);
			differed += score != exact;
		}
		search_init(ctx, &tt, &limits);
		ctx->start = search_clock();
		assert_int_equal(othello_solve_sel(ctx, &p, OTH_SEL_EXACT, 1, &score, &best), 0);
		assert_int_equal(score, exact);
		yomi_move pv[64];
		assert_true(othello_solve_pv(ctx, &p, score, pv, 64) >= 1);
	}
	print_message("selective values off the exact one: %d of 120\n", differed);
	free(ctx);
	tt_free(&tt);
}

/* The last-empty flip count agrees with the flips on random full boards (one empty square)
 * of every size, for both sides. */
static void test_last_flip_count(void **state)
{
	(void)state;
	const uint64_t masks[3] = {OTH_MASK8, OTH_MASK6, OTH_MASK4};
	for (int mi = 0; mi < 3; mi++)
		for (int k = 0; k < 20000; k++) {
			const uint64_t m = masks[mi];
			int sq;
			do
				sq = (int)(rng() % 64);
			while (!((m >> sq) & 1));
			const uint64_t p = rng() & m & ~(1ULL << sq), o = m & ~p & ~(1ULL << sq);
			assert_int_equal(oth_count_last_flips(p, sq), oth_popcount(oth_flips(p, o, sq)));
			assert_int_equal(oth_count_last_flips(o, sq), oth_popcount(oth_flips(o, p, sq)));
			assert_true((oth_around[sq] & (1ULL << sq)) == 0);
		}
}

/* The generic search instantiated for Othello with a key that is the same for every
 * position: every probe lands in one bucket with an equal key, so only the stored
 * bitboards (S_KEY_POS) keep one position from taking another's value.  The search to the
 * end must still agree with minimax. */
static inline int coll_gen(const struct othello_pos *p, yomi_move *m) { return othello_gen(p, m); }
static inline int coll_play(const struct othello_pos *p, yomi_move m, struct othello_pos *out)
{
	return othello_play(p, m, out);
}
static inline int coll_final(const struct othello_pos *p, int ply)
{
	(void)ply;
	return oth_final_score(p->p, p->o, oth_popcount(p->mask));
}
/* disc difference in hundredths would do too; whole discs keep scores comparable */
static inline int coll_eval(const struct othello_pos *p) { return oth_eval(p) / 100; }
static inline uint64_t coll_key(const struct othello_pos *p) { (void)p; return 0; }
#define S_PREFIX coll
#define S_POS struct othello_pos
#define S_MAX_MOVES OTH_MAX_MOVES
#define S_GEN coll_gen
#define S_GEN_TACTICAL(p, mv, keys) ((void)(p), (void)(mv), (void)(keys), 0)
#define S_PLAY coll_play
#define S_TERMINAL coll_final
#define S_NO_MOVES coll_final
#define S_EVAL coll_eval
#define S_KEY coll_key
#define S_KEY_POS(p, i) ((i) ? (p)->o : (p)->p)
#define S_TACTICAL(p, m) ((void)(p), (void)(m), 0)
#define S_MOVE_INDEX(m) ((int)(m))
#define S_REPETITION 0
#include "search/search_template.h"

static void test_midgame_tt_exact(void **state)
{
	(void)state;
	struct tt tt;
	assert_int_equal(tt_init(&tt, 1), 0);
	struct search_ctx *ctx = malloc(sizeof *ctx);
	assert_non_null(ctx);
	for (int k = 0; k < 40; k++) {
		struct othello_pos p;
		G6->start(&p);
		if (play_random_until(G6, &p, 9) == 0)
			continue;
		const struct search_limits limits = {.multipv = 1, .depth = 20};
		tt_clear(&tt);
		search_init(ctx, &tt, &limits);
		coll_search(ctx, &p);
		assert_int_equal(ctx->lines[0].score, minimax(G6, &p));
	}
	free(ctx);
	tt_free(&tt);
}

/* 4x4: the second player wins by 10 (empties to the winner): the solver says so, and so
 * does the generic search (exact solving off), which proves it by searching to the end. */
static void test_othello4(void **state)
{
	(void)state;
	struct tt tt;
	assert_int_equal(tt_init(&tt, 4), 0);
	struct othello_pos p;
	G4->start(&p);
	yomi_move best;
	assert_int_equal(solve(G4, &tt, &p, &best), -10);
	struct search_ctx *ctx = malloc(sizeof *ctx);
	assert_non_null(ctx);
	const struct search_limits limits = {.multipv = 1, .exact_at = -1};
	tt_clear(&tt);
	search_init(ctx, &tt, &limits);
	G4->search(ctx, &p);
	assert_int_equal(ctx->nlines, 1);
	assert_true(ctx->lines[0].proven);
	assert_int_equal(ctx->lines[0].score, -10);
	/* and the same through the exact switch of the search */
	const struct search_limits exact = {.multipv = 1};
	search_init(ctx, &tt, &exact);
	G4->search(ctx, &p);
	assert_true(ctx->lines[0].proven);
	assert_int_equal(ctx->lines[0].score, -10);
	free(ctx);
	tt_free(&tt);
}

/* The exact solver's table grows from its first part as the search goes on (tt.h), with
 * every entry in its position's bucket of the part in use, and tt_clear empties all that it
 * wrote, so the next search finds no stale entry.  A 6x6 position 20 empties from the end,
 * solved in a 16 MB table: its nodes are enough for at least one doubling. */
static void test_solver_table_growth(void **state)
{
	(void)state;
	struct tt tt;
	assert_int_equal(tt_init(&tt, 16), 0);
	assert_true(tt.mask + 1 > (uint64_t)TT_START_BYTES / TT_BUCKET_BYTES);
	struct othello_pos p;
	G6->start(&p);
	assert_true(play_random_until(G6, &p, 20) > 0);
	yomi_move best;
	solve(G6, &tt, &p, &best);
	assert_true(tt.live_mask > (uint64_t)TT_START_BYTES / TT_BUCKET_BYTES - 1);
	uint64_t entries;
	assert_int_equal(othello_solver_table_check(&tt, &entries), 0);
	assert_true(entries > 10000);
	const unsigned char *mem = tt.mem;
	const size_t bytes = tt_bytes(&tt) + TT_NEAR_BYTES;
	size_t beyond = 0;
	for (size_t i = TT_START_BYTES; i < tt_bytes(&tt); i++)
		beyond += mem[i] != 0;
	assert_true(beyond > 0);   /* the solver wrote past the first part */
	tt_clear(&tt);
	for (size_t i = 0; i < bytes; i++)
		if (mem[i])
			fail_msg("byte %zu of the table is %d after tt_clear", i, mem[i]);
	assert_true(tt.live_mask == TT_START_BYTES / TT_BUCKET_BYTES - 1);
	tt_free(&tt);
}

int main(void)
{
	G8 = game_find("othello");
	G6 = game_find("othello6");
	G4 = game_find("othello4");
	if (!G8 || !G6 || !G4)
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft),
		cmocka_unit_test(test_rules_and_stability),
		cmocka_unit_test(test_flips_random),
		cmocka_unit_test(test_full_lines),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_solver_vs_minimax),
		cmocka_unit_test(test_othello4),
		cmocka_unit_test(test_solver_table_growth),
		cmocka_unit_test(test_last_flip_count),
		cmocka_unit_test(test_midgame_tt_exact),
		cmocka_unit_test(test_ffo_1_19),
		cmocka_unit_test(test_solver_multipv_obf),
		cmocka_unit_test(test_selective_passes),
		cmocka_unit_test(test_ffo_20_39_fast),
	};
	return cmocka_run_group_tests_name("othello", tests, NULL, NULL);
}
