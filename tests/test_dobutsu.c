/*
 * test_dobutsu.c - Dobutsu shogi rules and notation against independent results:
 * perft (leaves and game-ending leaves) from data/dobutsu/perft.txt, the attack tables
 * against the rules as stated, notation round trips over every position within 6 plies,
 * move round trips, every class of bad input, the mate search's shortcuts
 * (dobutsu_mate.h) against plain play, and the shape of dobutsu_policy.h's features.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/dobutsu/dobutsu.h"
#include "games/dobutsu/dobutsu_index.h"
#include "games/dobutsu/dobutsu_mate.h"
#include "games/dobutsu/dobutsu_policy.h"
#include "testdata.h"

static const struct game *G = &game_dobutsu;

static struct dobutsu_pos parse_ok(const char *text)
{
	struct dobutsu_pos p;
	struct yomi_error err = {{0}};
	if (G->parse(text, &p, &err) != 0)
		fail_msg("parse '%s': %s", text, err.msg);
	return p;
}

/* ---- rules ---- */

static void test_attack_tables(void **state)
{
	(void)state;
	/* Steps for the first player, forward = towards rank 1 (row index - 1). */
	static const int steps[DOB_TYPES][9][2] = {
		[DOB_CHICK] = {{-1, 0}},
		[DOB_ELEPHANT] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},
		[DOB_GIRAFFE] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}},
		[DOB_LION] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
		[DOB_HEN] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
	};
	for (int c = 0; c < 2; c++)
		for (int t = DOB_CHICK; t < DOB_TYPES; t++)
			for (int sq = 0; sq < DOB_SQUARES; sq++) {
				uint16_t want = 0;
				for (int k = 0; k < 9 && (steps[t][k][0] || steps[t][k][1]); k++) {
					int r = sq / 3 + (c ? -steps[t][k][0] : steps[t][k][0]);
					int f = sq % 3 + steps[t][k][1];
					if (r >= 0 && r < 4 && f >= 0 && f < 3)
						want |= (uint16_t)(1u << (r * 3 + f));
				}
				assert_int_equal(dob_att[c][t][sq], want);
			}
}

/* dob_attacks (shifts over the type masks) against the union of the attack tables, and the
 * incremental key against the packed key, in positions of random games from the start. */
static void test_attacks_union(void **state)
{
	(void)state;
	uint32_t seed = 12345;
	int checked = 0;
	for (int game = 0; game < 200; game++) {
		struct dobutsu_pos p;
		dobutsu_start(&p);
		for (int ply = 0; ply < 60; ply++) {
			for (int c = 0; c < 2; c++) {
				uint16_t want = 0;
				for (int sq = 0; sq < DOB_SQUARES; sq++)
					if (p.board[sq] && (p.board[sq] >> 3) == c)
						want |= dob_att[c][p.board[sq] & 7][sq];
				assert_int_equal(dob_attacks(&p, c), want);
				checked++;
			}
			yomi_move moves[DOB_MAX_MOVES];
			const int n = dobutsu_gen(&p, moves);
			seed = seed * 1103515245u + 12345u;
			if (n == 0)
				break;
			const yomi_move m = moves[(seed >> 16) % (uint32_t)n];
			const uint64_t after = dob_key_after(&p, m, dob_key64(&p));
			if (dobutsu_play(&p, m, &p))
				break;
			assert_true(after == dob_key64(&p));
		}
	}
	assert_true(checked > 1000);
}

static void test_perft_file(void **state)
{
	(void)state;
	FILE *f = open_data("dobutsu/perft.txt");
	char line[256], pos_text[128];
	int depth, checked = 0;
	unsigned long long leaves, ends;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || sscanf(line, "%127s %d %llu %llu", pos_text, &depth, &leaves,
		                             &ends) != 4)
			continue;
		struct dobutsu_pos p = parse_ok(pos_text);
		uint64_t got_ends = 0;
		uint64_t got = G->perft(&p, depth, &got_ends);
		if (got != leaves || got_ends != ends)
			fail_msg("perft %s depth %d: %llu leaves, %llu ends; expected %llu, %llu",
			         pos_text, depth, (unsigned long long)got, (unsigned long long)got_ends,
			         leaves, ends);
		/* Without the ends counter the leaves must not change (bulk counting path). */
		assert_true(G->perft(&p, depth, NULL) == leaves);
		checked++;
	}
	fclose(f);
	assert_true(checked >= 20);
}

static void test_start_and_moves(void **state)
{
	(void)state;
	struct dobutsu_pos s, p = parse_ok("gle/1c1/1C1/ELG b - 1");
	G->start(&s);
	assert_memory_equal(&s, &p, sizeof s);
	yomi_move moves[DOB_MAX_MOVES];
	char text[32];
	int n = G->moves(&s, moves);
	assert_int_equal(n, 4);
	const char *want[] = {"Cb3xb2", "Lb4-a3", "Lb4-c3", "Gc4-c3"};
	for (int i = 0; i < n; i++) {
		G->format_move(&s, moves[i], text, sizeof text);
		assert_string_equal(text, want[i]);
	}
}

/* The USI notation of Fairy-Stockfish and pychess: files from the right, ranks from the top. */
static void test_usi_moves(void **state)
{
	(void)state;
	const int usi = game_move_notation(G, "usi");
	assert_int_equal(usi, 1);
	assert_int_equal(game_move_notation(G, "long"), 0);
	assert_int_equal(game_move_notation(G, "kif"), -1);
	struct dobutsu_pos s, p;
	G->start(&s);
	yomi_move moves[DOB_MAX_MOVES], m;
	struct yomi_error err;
	char text[32];
	const int n = G->moves(&s, moves);
	const char *want[] = {"2c2b", "2d3c", "2d1c", "1d1c"};
	for (int i = 0; i < n; i++) {
		game_format_move_as(G, &s, moves[i], usi, text, sizeof text);
		assert_string_equal(text, want[i]);
		assert_int_equal(G->parse_move(&s, text, &m, &err), 0);
		assert_true(m == moves[i]);
	}
	/* a promotion and a drop (Fairy-Stockfish: 2b2a+, C*2d) */
	p = parse_ok("gle/1C1/3/ELG b c 1");
	assert_int_equal(G->parse_move(&p, "2b2a+", &m, &err), 0);
	game_format_move_as(G, &p, m, usi, text, sizeof text);
	assert_string_equal(text, "2b2a+");
	G->format_move(&p, m, text, sizeof text);
	assert_string_equal(text, "Cb2xb1+");
	assert_int_equal(G->parse_move(&p, "C*2c", &m, &err), -1);   /* the chick is the enemy's */
	p = parse_ok("gle/3/1C1/ELG b C 1");
	assert_int_equal(G->parse_move(&p, "C*2b", &m, &err), 0);
	game_format_move_as(G, &p, m, usi, text, sizeof text);
	assert_string_equal(text, "C*2b");
	/* messages name squares as the move did */
	assert_int_equal(G->parse_move(&s, "1c1b", &m, &err), -1);
	assert_string_equal(err.msg, "move: 1c1b: 1c is empty");
	assert_int_equal(G->parse_move(&s, "4c4b", &m, &err), -1);
	assert_int_equal(G->parse_move(&s, "2e2d", &m, &err), -1);
}

/* Rules that perft from three positions may not reach: each checked on a small position. */
static void test_rules_cases(void **state)
{
	(void)state;
	yomi_move moves[DOB_MAX_MOVES], m;
	struct yomi_error err;
	struct dobutsu_pos p, q;

	/* A chick dropped on the far rank stays a chick and never moves. */
	p = parse_ok("S/---/lc-/Eg-/GEL/C");
	assert_int_equal(G->parse_move(&p, "C*c1", &m, &err), 0);
	G->play(&p, m, &q);
	assert_int_equal(q.board[2], DOB_CHICK);
	q.stm = 0;   /* the first player to move again: that chick has no move */
	int n = G->moves(&q, moves);
	for (int i = 0; i < n; i++)
		assert_int_not_equal(DOB_FROM(moves[i]), 2);

	/* A chick moving onto the far rank promotes, and a captured hen is a chick in hand. */
	p = parse_ok("1l1/C1g/1e1/cLG b E");
	assert_int_equal(G->parse_move(&p, "Ca2-a1", &m, &err), 0);
	assert_int_equal(DOB_PROMO(m), 1);
	assert_int_equal(G->play(&p, m, &q), 0);
	assert_int_equal(q.board[0], DOB_HEN);
	assert_int_equal(G->parse_move(&q, "Lb1xa1", &m, &err), 0);
	G->play(&q, m, &p);
	assert_int_equal(p.hand[1][DOB_CHICK], 1);
	assert_int_equal(p.bb[0][DOB_HEN], 0);

	/* Safe try: the lion reaches the far rank unattacked, the game ends at once. */
	p = parse_ok("2l/L2/3/cGE b Gce");   /* nothing of the second player's attacks a1 */
	assert_int_equal(G->parse_move(&p, "La2-a1", &m, &err), 0);
	assert_int_equal(G->play(&p, m, &q), 1);
	assert_int_equal(G->status(&q).outcome, GAME_LOSS);   /* the second player has lost */
	assert_int_equal(G->moves(&q, moves), 0);

	/* Try onto an attacked square: not over; capturing the lion wins, anything else loses. */
	p = parse_ok("1l1/L2/3/cGE b Gce");
	assert_int_equal(G->parse_move(&p, "La2-a1", &m, &err), 0);
	assert_int_equal(G->play(&p, m, &q), 0);
	assert_int_equal(G->status(&q).outcome, GAME_ONGOING);
	n = G->moves(&q, moves);
	assert_true(n > 1);
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos r;
		int over = G->play(&q, moves[i], &r);
		assert_int_equal(over, 1);
		struct game_status st = G->status(&r);
		/* r has the first player to move: it won unless its lion was taken. */
		assert_int_equal(st.outcome, DOB_TO(moves[i]) == 0 ? GAME_LOSS : GAME_WIN);
	}

	/* A position where the lion already survived on the far rank is over, with no moves. */
	p = parse_ok("L2/1l1/3/cGE b Gce");
	assert_int_equal(G->status(&p).outcome, GAME_WIN);
	assert_int_equal(G->moves(&p, moves), 0);
	assert_int_equal(G->parse_move(&p, "La1-b1", &m, &err), -1);
	assert_non_null(strstr(err.msg, "game is over"));

	/* Moving the lion onto an attacked square is legal. */
	p = parse_ok("gle/1c1/1C1/ELG b - 1");
	assert_int_equal(G->parse_move(&p, "Lb4-a3", &m, &err), 0);
	p = parse_ok("3/1l1/3/1L1 b 2C2E2G");
	assert_int_equal(G->parse_move(&p, "Lb4-b3", &m, &err), 0);

	/* Identical pieces in hand give one drop per square, not two: 5 lion steps from b4,
	 * then 3 kinds x 10 empty squares. */
	p = parse_ok("3/1l1/3/1L1 b 2C2E2G");
	assert_int_equal(G->moves(&p, moves), 5 + 3 * 10);
}

/* ---- notation ---- */

struct walk_ctx {
	long positions, moves;
	struct { uint64_t key; uint64_t text_hash; } *seen;
	long nseen, cap;
};

static uint64_t fnv(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static void round_trip(const struct game *g, const void *pos, int over, void *vctx)
{
	struct walk_ctx *ctx = vctx;
	const struct dobutsu_pos *p = pos;
	char text[128], again[128];
	struct yomi_error err;
	(void)over;
	for (int nt = 0; nt < 2; nt++) {
		struct dobutsu_pos q;
		g->format(p, nt, text, sizeof text);
		if (g->parse(text, &q, &err) != 0)
			fail_msg("parse(format) of %s: %s", text, err.msg);
		g->format(&q, nt, again, sizeof again);
		assert_string_equal(text, again);
		assert_true(g->key(&q).w[0] == g->key(p).w[0]);
		if (nt == 0) {
			assert_int_equal(q.ply, p->ply);
			assert_memory_equal(&q, p, sizeof q);   /* every field, masks included */
		}
	}
	/* Keys identify positions: record (key, text without move number) pairs. */
	g->format(p, 0, text, sizeof text);
	*strrchr(text, ' ') = '\0';
	if (ctx->nseen == ctx->cap) {
		ctx->cap = ctx->cap ? 2 * ctx->cap : 4096;
		ctx->seen = realloc(ctx->seen, (size_t)ctx->cap * sizeof *ctx->seen);
		assert_non_null(ctx->seen);
	}
	ctx->seen[ctx->nseen].key = g->key(p).w[0];
	ctx->seen[ctx->nseen++].text_hash = fnv(text);
	ctx->positions++;

	yomi_move moves[DOB_MAX_MOVES], m;
	const int n = g->moves(p, moves);
	for (int i = 0; i < n; i++) {
		g->format_move(p, moves[i], text, sizeof text);
		if (g->parse_move(p, text, &m, &err) != 0)
			fail_msg("parse_move(%s): %s", text, err.msg);
		assert_int_equal(m, moves[i]);
		/* The short coordinate form and the tablebase program's drop form. */
		if (DOB_IS_DROP(moves[i]))
			snprintf(again, sizeof again, "%c  *%.2s", text[0], text + 2);
		else
			snprintf(again, sizeof again, "%.2s%.2s", text + 1, text + 4);
		if (g->parse_move(p, again, &m, &err) != 0)
			fail_msg("parse_move(%s): %s", again, err.msg);
		assert_int_equal(m, moves[i]);
		ctx->moves++;
	}
}

static int by_key(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

static int by_text(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[0] < y[0] ? -1 : x[0] > y[0];
}

static void test_round_trips(void **state)
{
	(void)state;
	struct walk_ctx ctx = {0};
	struct dobutsu_pos s;
	G->start(&s);
	walk_tree(G, &s, 0, 6, round_trip, &ctx);
	/* A second tree with hands full of pieces exercises drops and both hands. */
	s = parse_ok("S/---/le-/---/-LG/cCGe");
	walk_tree(G, &s, 0, 4, round_trip, &ctx);
	assert_true(ctx.positions > 80000);
	assert_true(ctx.moves > 1000000);
	/* Equal keys <=> equal texts. */
	qsort(ctx.seen, (size_t)ctx.nseen, sizeof *ctx.seen, by_key);
	for (long i = 1; i < ctx.nseen; i++)
		if (ctx.seen[i].key == ctx.seen[i - 1].key)
			assert_true(ctx.seen[i].text_hash == ctx.seen[i - 1].text_hash);
	qsort(ctx.seen, (size_t)ctx.nseen, sizeof *ctx.seen, by_text);
	for (long i = 1; i < ctx.nseen; i++)
		if (ctx.seen[i].text_hash == ctx.seen[i - 1].text_hash)
			assert_true(ctx.seen[i].key == ctx.seen[i - 1].key);
	free(ctx.seen);
}

static void test_notations_agree(void **state)
{
	(void)state;
	struct dobutsu_pos a = parse_ok("S/gle/-c-/-C-/ELG/-"), b = parse_ok("gle/1c1/1C1/ELG b - 1");
	assert_memory_equal(&a, &b, sizeof a);
	a = parse_ok("S/---/le-/---/-LG/cCGe");
	b = parse_ok("3/le1/3/1LG b GCec");
	assert_memory_equal(&a, &b, sizeof a);
	a = parse_ok("G/R-l/---/---/-Lr/GgEe");          /* hens as R, second player to move */
	b = parse_ok("+C1l/3/3/1L+c w GEge");
	assert_memory_equal(&a, &b, sizeof a);
	b = parse_ok("H1l/3/3/1Lh w GEge");               /* H for a hen */
	assert_memory_equal(&a, &b, sizeof a);
	b = parse_ok("  +C1l/3/3/1L+c   w  GEge  1 ");    /* spaces are free */
	assert_memory_equal(&a, &b, sizeof a);
	b = parse_ok("+C1l/3/3/1L+c w GEge 17");
	assert_int_equal(b.ply, 17);
	b = parse_ok("gle/1c1/1C1/ELG");                  /* side and hands may be left out */
	assert_int_equal(b.stm, 0);
	char text[128];
	G->format(&a, 0, text, sizeof text);
	assert_string_equal(text, "+C1l/3/3/1L+c w GEge 1");
	G->format(&a, 1, text, sizeof text);
	assert_string_equal(text, "G/R-l/---/---/-Lr/GgEe");
}

/* ---- bad input ---- */

/* A count of empty squares of 238.6 million digits summed past INT_MAX (UBSan: signed
 * overflow); any run of digits is refused without adding it up.  So is a move number of
 * any length, and the FEN's numbers. */
static void test_long_digit_runs(void **state)
{
	(void)state;
	const size_t n = (size_t)INT_MAX / 9 + 16;
	static const char *const wrap[][2] = {
		{"", "/1c1/1C1/ELG b - 1"},
		{"gle/1c1/1C1/ELG b - ", ""},
		{"gle/1c1/1C1/ELG[] w - - 0 ", ""},
	};
	static const char *const want[] = {"position: rank 1 has more than 1000 squares",
	                                   "position: move number must be 1 to 65535",
	                                   "position: FEN: the move number must be 1 to 32768"};
	char *text = malloc(n + 64);
	assert_non_null(text);
	for (int k = 0; k < 3; k++) {
		const size_t at = strlen(wrap[k][0]);
		memcpy(text, wrap[k][0], at);
		memset(text + at, '9', n);
		strcpy(text + at + n, wrap[k][1]);
		struct dobutsu_pos p;
		struct yomi_error err = {{0}};
		assert_int_equal(G->parse(text, &p, &err), -1);
		if (!strstr(err.msg, want[k]))
			fail_msg("%s: expected '%s'", err.msg, want[k]);
	}
	free(text);
}

static void test_bad_positions(void **state)
{
	(void)state;
	static const struct { const char *text, *error; } cases[] = {
		{"", "position: empty"},
		{"   ", "position: empty"},
		{"gle/1c1/1C1/ELGG b - 1", "position: rank 4 has 4 squares"},
		{"gle/1c/1C1/ELG b - 1", "position: rank 2 has 2 squares"},
		{"gle/1c1/1C1 b - 1", "position: 3 ranks"},
		{"gle/1c1/1C1/ELG/3 b - 1", "more than 4 ranks"},
		{"gle/1x1/1C1/ELG b - 1", "rank 2: 'x' is not a piece"},
		{"gle/1c1/1R1/ELG b - 1", "rank 3: 'R' is not a piece"},
		{"gle/1c1/+E2/ELG b - 1", "'+' must be followed by C or c"},
		{"gle/0c1/1C1/ELG b - 1", "'0' is not a count"},
		{"gle/1c1/1C1/ELG x - 1", "side to move: 'x' is not b"},
		{"gle/1c1/1C1/ELG bw - 1", "side to move"},
		{"gle/1c1/1C1/EL1 b X 1", "hand: 'X' is not a piece"},
		{"gle/1c1/1C1/EL1 b 3G 1", "hand: count 3"},
		/* the whole count, not its first digit */
		{"gle/1c1/1C1/EL1 b 12G 1", "hand: count 12 (at most 2 of a kind)"},
		{"gle/1c1/1C1/EL1 b 99999G 1", "hand: count 99999 (at most 2"},
		{"gle/1c1/1C1/ELG b - 0", "move number"},
		{"gle/1c1/1C1/ELG b - 1 x", "unexpected 'x' after the position"},
		{"gle/1c1/1C1/ELG b - 1x", "unexpected 'x'"},
		{"gle/1c1/1C1/ELG b C 1", "3 chicks or hens"},
		{"gle/1c1/1C1/ELG b Gg 1", "4 giraffes"},
		{"gle/1c1/1C1/E1G b - 1", "position: 1 lion (the game has 2"},
		{"lle/1c1/1C1/ELG b G 1", "position: 3 lions"},
		{"gLe/1c1/1C1/ELG b - 1", "the second player has no lion"},
		{"gle/1c1/1C1/E1G b L 1", "the first player has no lion"},
		{"g1e/1c1/1C1/E1G b Ll 1", "both lions are captured"},
		{"S/gle/-c-/-C-/ELG", "expected '/' after rank 4"},
		{"S/gle/-c-/-C-/EL/-", "rank 4 has 2 squares"},
		{"S/gle/-c-/-H-/ELG/-", "rank 3: 'H' is not a piece"},
		{"S/gle/-c-/-C-/ELG/x", "hand: 'x' is not a piece"},
		{"S/gle/-c-/-C-/ELG/", "no hands after the last '/'"},
		{"S/gle/-c-/-C-/ELG/ -", "no hands after the last '/'"},
		{"S/gle/-c-/-C-/ELG/- junk", "unexpected 'junk' after the position"},
		{"S/gle/-c-/-C-/ELG/CCC", "more than 2 C"},
		{"gle/1c1/1C1/ELG b - \x01", "unexpected 0x01"},
		{"gle/1c1/1C1/ELG b -\x01", "hand: '-' is not a piece"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dobutsu_pos p;
		struct yomi_error err = {{0}};
		if (G->parse(cases[i].text, &p, &err) == 0)
			fail_msg("'%s' parsed; expected error '%s'", cases[i].text, cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("'%s': error '%s'; expected it to contain '%s'", cases[i].text,
			         err.msg, cases[i].error);
		assert_null(strchr(err.msg, '\n'));
		assert_true(strncmp(err.msg, "position: ", 10) == 0);
	}
}

static void test_bad_moves(void **state)
{
	(void)state;
	static const struct { const char *pos, *move, *error; } cases[] = {
		{NULL, "", "expected a move like"},
		{NULL, "zz", "expected a move like"},
		{NULL, "Cb3-b1", "a chick moves one step forward"},
		{NULL, "Gc4-b3", "a giraffe moves one step orthogonally"},
		{NULL, "Ea4-a3", "an elephant moves"},
		{NULL, "Lb4-b2", "a lion moves one step in any direction"},
		{NULL, "Cb3-b2+", "this move does not promote"},
		{NULL, "Ga4-a3", "the piece on a4 is an elephant, not a giraffe"},
		{NULL, "a3a2", "a3 is empty"},
		{NULL, "Cb2-b3", "the chick on b2 is not yours"},
		{NULL, "Lb4-c4", "c4 holds your own giraffe"},
		{NULL, "C*a2", "no chick in hand"},
		{NULL, "L*a2", "a lion is never in hand"},
		{NULL, "Cb3xb2 x", "unexpected text after the move"},
		{NULL, "Cd3-b2", "expected a move like"},
		{"3/le1/3/1LG b GCec", "C*b4", "b4 is occupied"},
		{"3/le1/3/1LG b GCec", "C*a1+", "does not promote"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dobutsu_pos p;
		yomi_move m;
		struct yomi_error err = {{0}};
		if (cases[i].pos)
			p = parse_ok(cases[i].pos);
		else
			G->start(&p);
		if (G->parse_move(&p, cases[i].move, &m, &err) == 0)
			fail_msg("'%s' parsed; expected error '%s'", cases[i].move, cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("'%s': error '%s'; expected it to contain '%s'", cases[i].move, err.msg,
			         cases[i].error);
		assert_null(strchr(err.msg, '\n'));
	}
}

/* ---- the mate search's shortcuts against plain play ---- */

static int loses_within(const struct dobutsu_pos *p, int d);

/* Whether the side to move of *p (game not over) can force a win within d plies. */
static int wins_within(const struct dobutsu_pos *p, int d)
{
	yomi_move moves[DOB_MAX_MOVES];
	const int n = d > 0 ? dobutsu_gen(p, moves) : 0;
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos next;
		if (dobutsu_play(p, moves[i], &next)) {
			if (dobutsu_status(&next).outcome == GAME_LOSS)
				return 1;
		} else if (d >= 2 && loses_within(&next, d - 1)) {
			return 1;
		}
	}
	return 0;
}

/* Whether the side to move of *p (game not over) loses within d plies whatever it plays. */
static int loses_within(const struct dobutsu_pos *p, int d)
{
	yomi_move moves[DOB_MAX_MOVES];
	const int n = dobutsu_gen(p, moves);
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos next;
		if (dobutsu_play(p, moves[i], &next)) {
			if (dobutsu_status(&next).outcome != GAME_WIN)
				return 0;
		} else if (!wins_within(&next, d - 1)) {
			return 0;
		}
	}
	return 1;
}

/* Whether, whatever the side to move of *next replies (short of ending the game), the
 * other side then has a legal move. */
static int keeps_a_move(const struct dobutsu_pos *next)
{
	yomi_move replies[DOB_MAX_MOVES], after[DOB_MAX_MOVES];
	const int nr = dobutsu_gen(next, replies);
	for (int k = 0; k < nr; k++) {
		struct dobutsu_pos reply;
		if (!dobutsu_play(next, replies[k], &reply) && dobutsu_gen(&reply, after) == 0)
			return 0;
	}
	return 1;
}

/* Whether the side to move of *p (game not over) has a move after which the opponent
 * cannot win at once and no reply leaves the mover without a move: no loss within 2
 * plies, as the mate search counts them (a side without a move has lost). */
static int holds_2(const struct dobutsu_pos *p)
{
	yomi_move moves[DOB_MAX_MOVES];
	const int n = dobutsu_gen(p, moves);
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos next;
		if (!dobutsu_play(p, moves[i], &next) && !wins_within(&next, 1) && keeps_a_move(&next))
			return 1;
	}
	return 0;
}

/* Counts of the shortcuts a test met (each one checked). */
struct shortcut_counts {
	int mate1, mate2, moves_after, safe2, quiet, outcome[3];
};

/* dob_move_outcome (what each move leads to), dob_mate1 (a win at once, or a move that
 * does not end the game), dob_mate2 (a win at once, or a value of 0 within 2 plies),
 * dob_safe2 (no loss within 2 plies) and dob_quiet3_move (no win within 3 plies) on *p
 * (game not over, its legal moves in moves[n]), checked by playing every line. */
static void check_shortcuts(const struct dobutsu_pos *p, const yomi_move *moves, int n,
                            struct shortcut_counts *c)
{
	char text[64];
	if (!((dob_far_rank(p->stm ^ 1) >> p->lion[p->stm ^ 1]) & 1)) {
		/* dob_move_outcome (the solver's) against play: the move ends the game (2), or the
		 * opponent can then end it at once (1) */
		for (int i = 0; i < n; i++) {
			struct dobutsu_pos next;
			const int want = dobutsu_play(p, moves[i], &next) ? 2 : wins_within(&next, 1);
			const int got = dob_move_outcome(p, moves[i]);
			if (got != want) {
				char mv[16];
				dobutsu_format(p, 0, text, sizeof text);
				dobutsu_format_move(p, moves[i], mv, sizeof mv);
				fail_msg("%s: dob_move_outcome of %s is %d, play says %d", text, mv, got, want);
			}
			c->outcome[want]++;
		}
	}
	const int now = dob_mate1(p);
	if (now >= 0) {
		assert_int_equal(now, wins_within(p, 1));
		int goes_on = 0;
		for (int i = 0; i < n && !goes_on; i++) {
			struct dobutsu_pos next;
			goes_on = !dobutsu_play(p, moves[i], &next);
		}
		assert_true(now || goes_on);
		c->mate1++;
	}
	/* dob_moves_after: the mover keeps a move whatever the reply */
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos next;
		if (!dob_moves_after(p, moves[i]) || dobutsu_play(p, moves[i], &next))
			continue;
		if (!keeps_a_move(&next)) {
			dobutsu_format(p, 0, text, sizeof text);
			fail_msg("%s: dob_moves_after, but a reply leaves no move", text);
		}
		c->moves_after++;
	}
	const int two = dob_mate2(p);
	if (two == 1)
		assert_true(wins_within(p, 1));
	if (two == 0 && (wins_within(p, 2) || !holds_2(p))) {
		dobutsu_format(p, 0, text, sizeof text);
		fail_msg("%s: dob_mate2 says 0 within 2 plies, play says otherwise", text);
	}
	c->mate2 += two == 0;
	if (dob_safe2(p)) {
		if (loses_within(p, 2)) {
			dobutsu_format(p, 0, text, sizeof text);
			fail_msg("%s: dob_safe2, but lost within 2 plies", text);
		}
		c->safe2++;
	}
	if (!dob_quiet3(p))
		return;
	for (int i = 0; i < n; i++) {
		if (!dob_quiet3_move(p, moves[i]))
			continue;
		struct dobutsu_pos next;
		const int over = dobutsu_play(p, moves[i], &next);
		if (over ? dobutsu_status(&next).outcome == GAME_LOSS : loses_within(&next, 2)) {
			char mv[16];
			dobutsu_format(p, 0, text, sizeof text);
			dobutsu_format_move(p, moves[i], mv, sizeof mv);
			fail_msg("%s: %s wins within 3 plies", text, mv);
		}
		c->quiet++;
	}
}

/* S_STAGED's stages on *p (its legal moves in moves[n], in dobutsu_gen's order): the tactical
 * moves (dobutsu_gen_tactical) are exactly the legal moves dob_tactical keys above 0, with
 * those keys, and dobutsu_gen_quiet gives the others, each stage in dobutsu_gen's order (no
 * move lost or played twice between the stages).  Returns the number of tactical moves. */
static int check_stages(const struct dobutsu_pos *p, const yomi_move *moves, int n)
{
	yomi_move tact[DOB_MAX_MOVES], quiet[DOB_MAX_MOVES];
	int keys[DOB_MAX_MOVES];
	const int nt = dobutsu_gen_tactical(p, tact, keys);
	const int nq = dobutsu_gen_quiet(p, quiet);
	int t = 0, q = 0;
	for (int i = 0; i < n; i++) {
		const int weight = dob_tactical(p, moves[i]);
		if (weight > 0) {
			assert_true(t < nt);
			assert_int_equal(moves[i], tact[t]);
			assert_int_equal(weight, keys[t]);
			t++;
		} else {
			assert_true(q < nq);
			assert_int_equal(moves[i], quiet[q]);
			q++;
		}
	}
	assert_int_equal(t, nt);
	assert_int_equal(q, nq);
	return nt;
}

/* dob_policy_features on every move of *p that does not end the game (and dob_count_moves
 * on the position it leads to): at most PF_MAX features, each inside its group's range (an
 * index computed past its group would count as another group's feature), no group twice,
 * and every group but the optional three (PF_PROMO, PF_ESCAPE, PF_LOSES) present.
 * Returns the number of moves checked. */
static const int policy_base[] = {PF_KIND_VICTIM, PF_PROMO, PF_REL, PF_SAFE, PF_ESCAPE, PF_CHECK,
                                  PF_FLIGHT, PF_FLIGHT_DELTA, PF_LOSES, PF_TRY, PF_HANG_US,
                                  PF_HANG_THEM, PF_HAND_US, PF_HAND_THEM, PF_LION_THEM,
                                  PF_LION_US, PF_MOBILITY, PF_REL_US, PF_FLIGHT_US, PF_TRY_THEM,
                                  PF_COUNT};
enum { GROUPS = sizeof policy_base / sizeof policy_base[0] - 1 };

/* The group a feature index falls in (GROUPS when past the last). */
static int policy_group(int feature)
{
	int g = 0;
	while (g < GROUPS && feature >= policy_base[g + 1])
		g++;
	return g;
}

static int check_policy(const struct dobutsu_pos *p, const yomi_move *moves, int n)
{
	const int flight0 = dob_policy_flight(p, p->stm ^ 1, dob_attacks(p, p->stm));
	int checked = 0;
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos q;
		if (dobutsu_play(p, moves[i], &q))
			continue;
		int f[PF_MAX + 8];
		const int nf = dob_policy_features(p, moves[i], &q, flight0, f);
		assert_true(nf <= PF_MAX);
		int seen[GROUPS] = {0}, last = -1;
		for (int j = 0; j < nf; j++) {
			const int g = policy_group(f[j]);
			assert_true(f[j] >= 0 && g < GROUPS);
			assert_true(g > last);   /* ascending groups: none twice */
			seen[g] = 1;
			last = g;
		}
		for (int g = 0; g < GROUPS; g++)
			if (policy_base[g] != PF_PROMO && policy_base[g] != PF_ESCAPE &&
			    policy_base[g] != PF_LOSES)
				assert_true(seen[g]);
		assert_int_equal(seen[policy_group(PF_ESCAPE)], !DOB_IS_DROP(moves[i]));
		assert_int_equal(seen[policy_group(PF_LOSES)], dob_wins_at_once(&q));
		yomi_move replies[DOB_MAX_MOVES];   /* PF_MOBILITY counts what the generator lists */
		assert_int_equal(dob_count_moves(&q), dobutsu_gen(&q, replies));
		checked++;
	}
	return checked;
}

/* The shortcuts on positions of random games. */
static void test_mate_shortcuts(void **state)
{
	(void)state;
	uint32_t seed = 4242;
	int tactical = 0, policy = 0;
	struct shortcut_counts c = {0};
	for (int game = 0; game < 400; game++) {
		struct dobutsu_pos p;
		dobutsu_start(&p);
		for (int ply = 0; ply < 80; ply++) {
			if (dobutsu_status(&p).outcome != GAME_ONGOING)
				break;
			yomi_move moves[DOB_MAX_MOVES];
			const int n = dobutsu_gen(&p, moves);
			tactical += check_stages(&p, moves, n);
			check_shortcuts(&p, moves, n, &c);
			policy += check_policy(&p, moves, n);
			seed = seed * 1103515245u + 12345u;
			if (n == 0 || dobutsu_play(&p, moves[(seed >> 16) % (uint32_t)n], &p))
				break;
		}
	}
	assert_true(c.mate1 > 1000);
	assert_true(c.mate2 > 1000);
	assert_true(c.moves_after > 1000);
	assert_true(c.quiet > 1000);
	assert_true(c.safe2 > 500);
	assert_true(tactical > 1000);
	assert_true(policy > 10000);
	for (int k = 0; k < 3; k++)
		assert_true(c.outcome[k] > 1000);
}

/* The same shortcuts on positions decoded from random indexes of the solver's index: every
 * legal arrangement, not only what random games reach (boxed-in lions, crowded boards,
 * every piece in hand), first player to move. */
static void test_mate_shortcuts_index(void **state)
{
	(void)state;
	dobi_init();
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	int checked = 0, policy = 0;
	struct shortcut_counts c = {0};
	for (int k = 0; k < 20000; k++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		struct dobutsu_pos p;
		assert_int_equal(dobi_decode(seed % DOBI_SIZE, &p), 0);
		if (dobutsu_status(&p).outcome != GAME_ONGOING)
			continue;
		yomi_move moves[DOB_MAX_MOVES];
		const int n = dobutsu_gen(&p, moves);
		check_stages(&p, moves, n);
		check_shortcuts(&p, moves, n, &c);
		policy += check_policy(&p, moves, n);
		checked++;
	}
	assert_true(checked > 10000);
	assert_true(policy > 10000);
	assert_true(c.mate2 > 1000);
	assert_true(c.moves_after > 1000);
	assert_true(c.safe2 > 1000);
	assert_true(c.quiet > 1000);
	for (int k = 0; k < 3; k++)
		assert_true(c.outcome[k] > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_attack_tables),
		cmocka_unit_test(test_attacks_union),
		cmocka_unit_test(test_mate_shortcuts),
		cmocka_unit_test(test_mate_shortcuts_index),
		cmocka_unit_test(test_start_and_moves),
		cmocka_unit_test(test_rules_cases),
		cmocka_unit_test(test_notations_agree),
		cmocka_unit_test(test_bad_positions),
		cmocka_unit_test(test_long_digit_runs),
		cmocka_unit_test(test_bad_moves),
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_usi_moves),
		cmocka_unit_test(test_perft_file),
	};
	return cmocka_run_group_tests_name("dobutsu", tests, NULL, NULL);
}
