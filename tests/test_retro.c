/*
 * test_retro.c - the retrograde driver (src/solve/retro_template.h) on made-up games: random
 * game graphs whose positions are nodes and whose moves are edges, solved on two threads
 * and compared entry by entry with a plain one-thread solver written here.
 *
 * Why made-up games: the real ones never reach the driver's rare paths.  Here a node may
 * have up to 100 successors (counts above what the packed codes hold inline: the sparse
 * side array), a chain 200 plies long takes distances past the packed codes' room (the
 * build starts again with the counts apart), cycles give draws, and both the eager counts
 * and the lazy ones (R_INIT, as Dobutsu counts) are instantiated.  Under ThreadSanitizer
 * (make tsan) this is the threaded build's race check.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "solve/parallel.h"
#include "yomi/game.h"
#include "yomi/solve.h"

enum { NODES = 6000, GRAPH_MOVES = 100 };

/* The graph: successors of each node (distinct), and predecessors. */
static struct graph {
	int nsucc[NODES], npred[NODES];
	uint16_t succ[NODES][GRAPH_MOVES];
	uint16_t *pred[NODES];
} G;

struct gnode {
	uint32_t node;
};

static uint64_t rng = 88172645463325252ull;
static uint32_t next_random(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/* A random graph: most nodes have 0 to 5 successors, some 70 to 100 (more than the packed
 * codes count inline), and with chain set a path of 200 nodes with one successor each that
 * ends in a node without moves (a loss in 0: distances up to 200).  Before the chain, a
 * gadget whose counts above the inline room are used to the end: node B has 80 successors,
 * each won in 3 (W3 -> L2 -> W1 -> T, T without moves), so B is lost in 4 once its count
 * has gone from 80 to 0; node B2 has 79 of them and a draw (a two-node cycle), so its count
 * stops at 1; node P moves to B (won in 5). */
enum { GADGET = 247 };
static void add_edge(int from, int to)
{
	G.succ[from][G.nsucc[from]++] = (uint16_t)to;
}

static void make_gadget(int g0)
{
	for (int j = 0; j < 80; j++) {
		add_edge(g0 + 1 + j, g0);             /* W1 -> T */
		add_edge(g0 + 81 + j, g0 + 1 + j);    /* L2 -> W1 */
		add_edge(g0 + 161 + j, g0 + 81 + j);  /* W3 -> L2 */
		add_edge(g0 + 241, g0 + 161 + j);     /* B -> W3 */
		if (j < 79)
			add_edge(g0 + 244, g0 + 161 + j);   /* B2 -> W3 */
	}
	add_edge(g0 + 242, g0 + 243);   /* the cycle */
	add_edge(g0 + 243, g0 + 242);
	add_edge(g0 + 244, g0 + 242);   /* B2 -> a draw */
	add_edge(g0 + 245, g0 + 241);   /* P -> B */
	add_edge(g0 + 246, g0 + 244);   /* -> B2 */
}

static void make_graph(int chain)
{
	for (int i = 0; i < NODES; i++) {
		free(G.pred[i]);
		G.pred[i] = NULL;
		G.nsucc[i] = G.npred[i] = 0;
	}
	const int chain_from = NODES - 201, gadget = chain_from - GADGET;
	make_gadget(gadget);
	for (int i = 0; i < NODES; i++) {
		if (i >= gadget && i < chain_from)
			continue;
		int n = next_random() % 100 < 3 ? 70 + (int)(next_random() % 31)
		                                : (int)(next_random() % 6);
		if (chain && i >= chain_from)
			n = i + 1 < NODES;   /* the chain: i -> i + 1, the last one has no move */
		for (int k = 0; k < n; k++) {
			const uint16_t to = chain && i >= chain_from ? (uint16_t)(i + 1)
			                    : (uint16_t)(next_random() % (uint32_t)chain_from);
			int dup = to == i;
			for (int j = 0; j < G.nsucc[i] && !dup; j++)
				dup = G.succ[i][j] == to;
			if (!dup)
				G.succ[i][G.nsucc[i]++] = to;
		}
	}
	for (int i = 0; i < NODES; i++)
		for (int k = 0; k < G.nsucc[i]; k++)
			G.npred[G.succ[i][k]]++;
	for (int i = 0; i < NODES; i++) {
		G.pred[i] = malloc(sizeof(uint16_t) * (size_t)(G.npred[i] ? G.npred[i] : 1));
		assert_non_null(G.pred[i]);
		G.npred[i] = 0;
	}
	for (int i = 0; i < NODES; i++)
		for (int k = 0; k < G.nsucc[i]; k++) {
			const int to = G.succ[i][k];
			G.pred[to][G.npred[to]++] = (uint16_t)i;
		}
}

static inline int g_gen(const struct gnode *p, yomi_move *moves)
{
	for (int k = 0; k < G.nsucc[p->node]; k++)
		moves[k] = (yomi_move)G.succ[p->node][k] + 1;
	return G.nsucc[p->node];
}

static inline int g_play(const struct gnode *p, yomi_move m, struct gnode *o)
{
	(void)p;
	o->node = m - 1;
	return 0;
}

static inline int g_unmoves(const struct gnode *p, struct gnode *preds)
{
	for (int k = 0; k < G.npred[p->node]; k++)
		preds[k].node = G.pred[p->node][k];
	return G.npred[p->node];
}

static inline int g_decode(uint64_t i, struct gnode *p)
{
	p->node = (uint32_t)i;
	return 0;
}

/* R_WINS_AT_ONCE for the lazy instantiation: a move to a node without moves. */
static inline int g_wins_at_once(const struct gnode *p)
{
	for (int k = 0; k < G.nsucc[p->node]; k++)
		if (G.nsucc[G.succ[p->node][k]] == 0)
			return 1;
	return 0;
}

/* R_INIT: won in 1, lost in 0, lost in 2 (every move lets the opponent win at once), else
 * unresolved (counted later). */
static inline uint8_t g_init(const struct gnode *p)
{
	if (g_wins_at_once(p))
		return 2;
	if (G.nsucc[p->node] == 0)
		return 1;
	for (int k = 0; k < G.nsucc[p->node]; k++)
		if (!g_wins_at_once(&(struct gnode){G.succ[p->node][k]}))
			return 0;
	return 3;
}

#define R_POS struct gnode
#define R_MAX_MOVES GRAPH_MOVES
#define R_INDEX_SIZE NODES
#define R_DECODE(i, p) g_decode(i, p)
#define R_ENCODE(p) ((int64_t)(p)->node)
#define R_OVER(p) GAME_ONGOING
#define R_GEN g_gen
#define R_PLAY g_play
#define R_END_LOST(p) 1
#define R_OUTSIDE(p) 2
#define R_UNMOVES g_unmoves
#define R_START(p) ((p)->node = 0)
#define R_FOLD(p) ((int64_t)-1)
#define R_TERMINAL(p) 0

#define R_PREFIX eager
#include "solve/retro_template.h"
#undef R_PREFIX

#define R_PREFIX lazy
#define R_WINS_AT_ONCE(p) g_wins_at_once(p)
#define R_INIT(p) g_init(p)
#include "solve/retro_template.h"

/* The plain solver: distance by distance, a node is won in k when a successor is lost in
 * k - 1, lost in k when every successor is won and the longest in k - 1; the rest draw. */
static void reference(uint8_t *want)
{
	int *dist = malloc(sizeof(int) * NODES);
	assert_non_null(dist);
	for (int i = 0; i < NODES; i++)
		dist[i] = G.nsucc[i] ? -1 : 0;   /* no move: lost in 0 */
	for (int k = 1; k <= SOLVE_MAX_DISTANCE; k++) {
		int changed = 0;
		for (int i = 0; i < NODES; i++) {
			if (dist[i] >= 0)
				continue;
			int win = 0, all_won = 1, longest = -1;
			for (int j = 0; j < G.nsucc[i]; j++) {
				const int s = dist[G.succ[i][j]];
				if (s >= 0 && s < k && !(s & 1) && s == k - 1)
					win = 1;
				if (s < 0 || s >= k || !(s & 1))
					all_won = 0;
				else if (s > longest)
					longest = s;
			}
			if (win || (all_won && longest == k - 1)) {
				dist[i] = -2 - k;   /* set after the pass: k's nodes use only < k */
				changed = 1;
			}
		}
		for (int i = 0; i < NODES; i++)
			if (dist[i] < -1)
				dist[i] = -2 - dist[i];
		if (!changed && k > 2)
			break;
	}
	for (int i = 0; i < NODES; i++)
		want[i] = dist[i] < 0 ? 0 : (uint8_t)(dist[i] + 1);
	free(dist);
}

/* Builds the graph's table (chain: the long one) with the lazy or eager counts, packed
 * (with the fall back to counts apart on the long chain) or with the counts apart (split),
 * and checks it. */
static void check(int chain, int lazy, int split)
{
	make_graph(chain);
	uint8_t *want = malloc(NODES), *got = parallel_huge_alloc(NODES);
	assert_non_null(want);
	assert_non_null(got);
	reference(want);
	struct solve_options o = {2, 0, 0, NULL, 0, 0};
	if (split)
		assert_int_equal(lazy ? lazy_build_as(got, &o, 0) : eager_build_as(got, &o, 0), 0);
	else
		assert_int_equal(lazy ? lazy_retro_build(got, &o) : eager_retro_build(got, &o), 0);
	int longest = 0, big = 0, wrong = -1;
	for (int i = 0; i < NODES; i++) {
		if (got[i] != want[i] && wrong < 0)
			wrong = i;
		if (want[i] > longest)
			longest = want[i];
		big += G.nsucc[i] > 64;
	}
	if (wrong >= 0) {
		const unsigned w = want[wrong], b = got[wrong];
		free(want);
		parallel_huge_free(got, NODES);
		fail_msg("node %d (%d moves): built %u, expected %u", wrong, G.nsucc[wrong], b, w);
	}
	/* the graphs do reach the rare paths: the gadget's B lost in 4, B2 drawn, P won in 5 */
	const int g0 = NODES - 201 - GADGET;
	assert_true(big > 2);
	assert_int_equal(got[g0 + 241], 5);
	assert_int_equal(got[g0 + 244], 0);
	assert_int_equal(got[g0 + 245], 6);
	if (chain)
		assert_true(longest > 190);
	else
		assert_true(longest < 180);
	assert_int_equal(lazy ? lazy_retro_verify(got, 0, &o) : eager_retro_verify(got, 0, &o), 0);
	/* the reachable walk: as many nodes as a breadth-first search from node 0 finds */
	uint8_t *seen = calloc(NODES, 1);
	int *queue = malloc(sizeof(int) * NODES), head = 0, tail = 0;
	assert_non_null(seen);
	assert_non_null(queue);
	seen[0] = 1, queue[tail++] = 0;
	while (head < tail)
		for (int k = 0, u = queue[head++]; k < G.nsucc[u]; k++)
			if (!seen[G.succ[u][k]])
				seen[G.succ[u][k]] = 1, queue[tail++] = G.succ[u][k];
	struct solve_counts on;
	uint64_t total = 0;
	assert_int_equal(lazy ? lazy_retro_reachable(got, &on, &total, &o)
	                      : eager_retro_reachable(got, &on, &total, &o), 0);
	assert_int_equal(total, tail);
	free(seen);
	free(queue);
	parallel_huge_free(got, NODES);
	free(want);
}

static void test_eager(void **state)
{
	(void)state;
	for (int round = 0; round < 3; round++)
		check(0, 0, 0);
	check(0, 0, 1);
}

static void test_eager_long(void **state)
{
	(void)state;
	check(1, 0, 0);
}

static void test_lazy(void **state)
{
	(void)state;
	for (int round = 0; round < 3; round++)
		check(0, 1, 0);
	check(0, 1, 1);
}

static void test_lazy_long(void **state)
{
	(void)state;
	check(1, 1, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eager),
		cmocka_unit_test(test_eager_long),
		cmocka_unit_test(test_lazy),
		cmocka_unit_test(test_lazy_long),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
