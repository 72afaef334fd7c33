/*
 * test_tictactoe.c - tic-tac-toe through the generic game interface only, against the
 * counts in data/tictactoe/known-results.txt: perft 1..9, reachable and terminal positions
 * (also up to symmetry), complete games by result; notation and bad input; the solver's
 * verify pass catches a wrong entry, with distances and win/draw/loss only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testdata.h"
#include "yomi/registry.h"
#include "yomi/solve.h"

static const struct game *G;

/* Reads the numbers after `prefix` on its line of known-results.txt. */
static int known(const char *prefix, long *out, int max)
{
	FILE *f = open_data("tictactoe/known-results.txt");
	char line[512];
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		char *s = strstr(line, prefix);
		if (!s)
			continue;
		for (s += strlen(prefix); *s && n < max; ) {
			char *end;
			long v = strtol(s, &end, 10);
			if (end == s) {
				s++;
				continue;
			}
			out[n++] = v;
			s = end;
		}
		break;
	}
	fclose(f);
	if (n == 0)
		fail_msg("known-results.txt has no line '%s'", prefix);
	return n;
}

static void test_perft(void **state)
{
	(void)state;
	long want[9];
	assert_int_equal(known("perft from the empty board, depth 1..9:", want, 9), 9);
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	G->start(p);
	for (int d = 1; d <= 9; d++)
		assert_int_equal(G->perft(p, d, NULL), want[d - 1]);
	assert_int_equal(G->perft(p, 10, NULL), 0);
}

/* ---- whole-tree counts ---- */

struct census {
	uint8_t *seen;                /* by key: x | o << 9 | stm << 18 */
	long reachable, terminal, x_wins, o_wins, draws;
	uint8_t *seen_sym;
	long reachable_sym, terminal_sym;
	long games[4];                /* complete games by final outcome for x: win, loss, draw */
};

static unsigned transform(unsigned m, int t)
{
	unsigned r = 0;
	for (int sq = 0; sq < 9; sq++) {
		if (!((m >> sq) & 1))
			continue;
		int row = sq / 3, col = sq % 3, nr = row, nc = col;
		if (t & 1)
			nc = 2 - nc;                        /* mirror */
		if (t & 2)
			nr = 2 - nr;                        /* flip */
		if (t & 4) {
			int tmp = nr;                       /* transpose */
			nr = nc;
			nc = tmp;
		}
		r |= 1u << (nr * 3 + nc);
	}
	return r;
}

static void visit(const struct game *g, const void *pos, int over, void *vctx)
{
	struct census *c = vctx;
	const uint64_t k = g->key(pos).w[0];
	struct game_status st = g->status(pos);
	assert_int_equal(over, st.outcome != GAME_ONGOING);
	if (!c->seen[k]) {
		c->seen[k] = 1;
		c->reachable++;
		if (over) {
			c->terminal++;
			const int x_to_move = ((k >> 18) & 1) == 0;
			if (st.outcome == GAME_DRAW)
				c->draws++;
			else if ((st.outcome == GAME_WIN) == x_to_move)
				c->x_wins++;
			else
				c->o_wins++;
		}
		unsigned canon = ~0u;
		for (int t = 0; t < 8; t++) {
			unsigned v = transform(k & 511, t) | transform((k >> 9) & 511, t) << 9;
			canon = v < canon ? v : canon;
		}
		if (!c->seen_sym[canon]) {
			c->seen_sym[canon] = 1;
			c->reachable_sym++;
			c->terminal_sym += over;
		}
	}
}

/* Counts complete games (paths to a finished game) by result. */
static void count_games(const struct game *g, const void *pos, struct census *c)
{
	yomi_move moves[YOMI_MOVES_MAX];
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	const int n = g->moves(pos, moves);
	for (int i = 0; i < n; i++) {
		if (g->play(pos, moves[i], next)) {
			struct game_status st = g->status(next);
			const int x_to_move = ((g->key(next).w[0] >> 18) & 1) == 0;
			if (st.outcome == GAME_DRAW)
				c->games[2]++;
			else
				c->games[(st.outcome == GAME_WIN) == x_to_move ? 0 : 1]++;
		} else {
			count_games(g, next, c);
		}
	}
}

static void test_census(void **state)
{
	(void)state;
	struct census c = {0};
	c.seen = calloc(1u << 19, 1);
	c.seen_sym = calloc(1u << 18, 1);
	assert_non_null(c.seen);
	assert_non_null(c.seen_sym);
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	G->start(p);
	walk_tree(G, p, 0, 9, visit, &c);
	count_games(G, p, &c);
	long want[5];
	assert_int_equal(known("reachable positions including the empty board:", want, 2), 2);
	assert_int_equal(c.reachable, want[0]);
	assert_int_equal(c.reachable_sym, want[1]);
	assert_int_equal(known("terminal positions:", want, 5), 5);
	assert_int_equal(c.terminal, want[0]);
	assert_int_equal(c.x_wins, want[1]);
	assert_int_equal(c.o_wins, want[2]);
	assert_int_equal(c.draws, want[3]);
	assert_int_equal(c.terminal_sym, want[4]);
	assert_int_equal(known("complete games:", want, 4), 4);
	assert_int_equal(c.games[0] + c.games[1] + c.games[2], want[0]);
	assert_int_equal(c.games[0], want[1]);
	assert_int_equal(c.games[1], want[2]);
	assert_int_equal(c.games[2], want[3]);
	free(c.seen);
	free(c.seen_sym);
}

/* ---- notation ---- */

static void round_trip(const struct game *g, const void *pos, int over, void *ctx)
{
	char text[64], again[64];
	_Alignas(16) unsigned char q[YOMI_POS_MAX];
	struct yomi_error err;
	yomi_move moves[YOMI_MOVES_MAX], m;
	(void)over;
	(void)ctx;
	g->format(pos, 0, text, sizeof text);
	if (g->parse(text, q, &err))
		fail_msg("parse(%s): %s", text, err.msg);
	g->format(q, 0, again, sizeof again);
	assert_string_equal(text, again);
	assert_true(g->key(q).w[0] == g->key(pos).w[0]);
	const int n = g->moves(pos, moves);
	for (int i = 0; i < n; i++) {
		g->format_move(pos, moves[i], text, sizeof text);
		assert_int_equal(g->parse_move(pos, text, &m, &err), 0);
		assert_int_equal(m, moves[i]);
	}
}

static void test_notation(void **state)
{
	(void)state;
	_Alignas(16) unsigned char p[YOMI_POS_MAX], q[YOMI_POS_MAX];
	struct yomi_error err;
	char text[64];
	G->start(p);
	walk_tree(G, p, 0, 9, round_trip, NULL);
	assert_int_equal(G->parse("x.o/.x./... o", q, &err), 0);
	assert_int_equal(G->parse("x.o.x.... o", p, &err), 0);   /* slashes optional */
	assert_memory_equal(p, q, G->pos_size);
	assert_int_equal(G->parse("X-O/-X-/---", p, &err), 0);   /* side implied by counts */
	assert_memory_equal(p, q, G->pos_size);
	G->format(q, 0, text, sizeof text);
	assert_string_equal(text, "x.o/.x./... o");
	yomi_move m;
	assert_int_equal(G->parse_move(q, "c3", &m, &err), 0);
	assert_int_equal(G->play(q, m, p), 0);
	assert_int_equal(G->parse_move(p, "a3", &m, &err), 0);
	assert_int_equal(G->play(p, m, q), 0);
	assert_int_equal(G->parse_move(q, "b2", &m, &err), -1);
	assert_non_null(strstr(err.msg, "occupied"));
}

/* The first index whose value satisfies want, from lo. */
static uint64_t find_value(const uint8_t *v, uint64_t n, int (*want)(uint8_t))
{
	for (uint64_t i = 0; i < n; i++)
		if (v[i] != SOLVE_NONE && want(v[i]))
			return i;
	fail_msg("no such value in the table");
	return 0;
}

static int is_long_win(uint8_t v) { return solve_is_win(v) && v >= 4; }
static int is_win(uint8_t v) { return solve_is_win(v); }

/* Verify passes on the built table and finds a planted error: a win one distance longer
 * (caught with distances only), and a win turned into a loss (caught either way). */
static void test_verify(void **state)
{
	(void)state;
	const struct game_solver *s = G->solver;
	struct solve_options o = {1, 0, 0, NULL, 0, 0, 0, 0};
	uint8_t *v = malloc(s->index_size), *wdl = malloc(s->index_size);
	assert_non_null(v);
	assert_non_null(wdl);
	assert_int_equal(s->build(v, &o), 0);
	for (uint64_t i = 0; i < s->index_size; i++)   /* as a WDL-only table loads */
		wdl[i] = v[i] == 0 || v[i] == SOLVE_NONE ? v[i] : solve_is_win(v[i]) ? 2 : 3;
	uint64_t bad_late = 1;
	assert_int_equal(s->verify(v, NULL, 0, &o, &bad_late), 0);
	assert_int_equal(bad_late, 0);
	assert_int_equal(s->verify(wdl, NULL, 1, &o, &bad_late), 0);
	const uint64_t i = find_value(v, s->index_size, is_long_win);
	v[i] += 2;
	/* the entry, maybe its predecessors */
	assert_true(s->verify(v, NULL, 0, &o, &bad_late) >= 1);
	assert_int_equal(s->verify(wdl, NULL, 1, &o, &bad_late), 0);
	v[i] -= 2;
	const uint64_t j = find_value(v, s->index_size, is_win);
	v[j] += 1;
	wdl[j] = 3;
	assert_true(s->verify(v, NULL, 0, &o, &bad_late) >= 1);
	assert_true(s->verify(wdl, NULL, 1, &o, &bad_late) >= 1);
	/* parts of the index (--part): the entry itself, the parts before and after it; they
	 * add up to the whole */
	const uint64_t whole = s->verify(v, NULL, 0, &o, &bad_late);
	o.lo = j, o.hi = j + 1;
	assert_int_equal(s->verify(v, NULL, 0, &o, &bad_late), 1);
	o.lo = 0, o.hi = j;
	const uint64_t before = j ? s->verify(v, NULL, 0, &o, &bad_late) : 0;
	o.lo = j + 1, o.hi = 0;
	assert_int_equal(before + 1 + s->verify(v, NULL, 0, &o, &bad_late), whole);
	free(v);
	free(wdl);
}

static void test_bad_input(void **state)
{
	(void)state;
	static const struct { const char *text, *error; } cases[] = {
		{"", "position: 0 cells"},
		{"x.o/.x./.. o", "position: 8 cells"},
		{"x.o/.x./.... o", "more than 9 cells"},
		{"x.o/.z./... o", "cell 5: 'z' is not x, o or ."},
		{"x.o/.x./... q", "side to move: 'q' is not x or o"},
		{"x.o/.\xff./... o", "cell 5: 0xff is not x, o or ."},   /* a byte, not '?' */
		{"x.o/.x./... \xfe", "side to move: 0xfe is not x or o"},
		{"x.o/.x./... x", "it is o's turn"},
		{"xxo/.x./... o", "x has 3 marks and o 1"},
		{"xxx/ooo/... x", "both x and o have three in a row"},
		{"xxx/oo./o.. x", "play went on after x"},
		{"x.o/.x./... o extra", "unexpected 'extra' after the position"},
		{"x./o.x./... o", "'/' after 2 cells"},
		{"x.o//.x./... o", "'/' after 3 cells"},   /* an empty rank */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		_Alignas(16) unsigned char p[YOMI_POS_MAX];
		struct yomi_error err = {{0}};
		if (G->parse(cases[i].text, p, &err) == 0)
			fail_msg("'%s' parsed; expected error '%s'", cases[i].text, cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("'%s': error '%s'; expected '%s'", cases[i].text, err.msg, cases[i].error);
	}
	static const struct { const char *move, *error; } moves[] = {
		{"d1", "not a square"}, {"a4", "not a square"}, {"", "not a square"},
		{"a1x", "unexpected text"},
		/* a byte is quoted as \xNN, not '?'; a long text is cut with "..." */
		{"a\xff" "1", "move: 'a\\xff1' is not a square"},
		{" a1\n\x01 ", "move: 'a1\\x0a\\x01': unexpected text"},
		/* UTF-8 as typed (it was \xe3\x81\x82); a cut, stray or control one as \xNN */
		{"a1\xe3\x81\x82", "move: 'a1\xe3\x81\x82': unexpected text"},
		{"a1\xe3\x81", "move: 'a1\\xe3\\x81': unexpected text"},
		{"a1\xc2\x85", "move: 'a1\\xc2\\x85': unexpected text"},
		{"a1\xe2\x80\xa8", "move: 'a1\\xe2\\x80\\xa8': unexpected text"},
		{"a1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "'a1xxxxxxxxxxxxxxxxxxxxxxxxxx...': "},
	};
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	G->start(p);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		yomi_move m;
		struct yomi_error err = {{0}};
		assert_int_equal(G->parse_move(p, moves[i].move, &m, &err), -1);
		if (!strstr(err.msg, moves[i].error))
			fail_msg("'%s': error '%s'; expected '%s'", moves[i].move, err.msg, moves[i].error);
	}
}

int main(void)
{
	G = game_find("tictactoe");
	if (!G)
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perft),
		cmocka_unit_test(test_census),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_verify),
	};
	return cmocka_run_group_tests_name("tictactoe", tests, NULL, NULL);
}
