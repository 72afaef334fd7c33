/*
 * test_retro.c - the retrograde driver (src/solve/retro_template.h) on made-up games: random
 * game graphs whose positions are nodes and whose moves are edges, solved on two threads
 * and compared entry by entry with a plain one-thread solver written here.
 *
 * Why made-up games: the real ones never reach the driver's rare paths.  Here a node may
 * have up to 100 successors (counts above what the packed codes hold inline: the sparse
 * side array), a chain 200 plies long takes distances past the packed codes' room (the
 * build starts again with the counts apart), cycles give draws, and both the eager counts
 * and the lazy ones (R_INIT, as Dobutsu counts) are instantiated.  A third instantiation has
 * a late-end rule (R_END_LATE, as Dobutsu's survival try): some nodes have moves that end
 * the game at once, on time or one ply late, and the late pass's bits are checked against a
 * plain computation here too (Dobutsu's own late pass is too slow for the sanitizers), and
 * its values and late bits go through the table writer and reader: a table with a late-bits
 * section, as only Dobutsu's survival table has.  Under ThreadSanitizer (make tsan) this is
 * the threaded build's race check.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "solve/parallel.h"
#include "solve/table_format.h"
#include "yomi/game.h"
#include "yomi/solve.h"
#include "yomi/table.h"

enum { NODES = 6000, GRAPH_MOVES = 100 };

/* The graph: successors of each node (distinct), and predecessors. */
static struct graph {
	int nsucc[NODES], npred[NODES];
	int nend[NODES];              /* moves that end the game at once (won by the mover) */
	uint8_t end_late[NODES][2];   /* each one's end: 1 when the late rule counts it late */
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

static void make_graph(int chain, int ends)
{
	for (int i = 0; i < NODES; i++) {
		free(G.pred[i]);
		G.pred[i] = NULL;
		G.nsucc[i] = G.npred[i] = G.nend[i] = 0;
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
		/* with ends: one node in 8 has one or two game-ending moves, late or on time */
		if (ends && (i < gadget || i >= chain_from) && next_random() % 8 == 0) {
			G.nend[i] = 1 + (int)(next_random() % 2);
			for (int e = 0; e < G.nend[i]; e++)
				G.end_late[i][e] = (uint8_t)(next_random() % 2);
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

/* Moves: a successor node + 1, or END_MOVE + e for the node's game-ending move e, which
 * leaves in *o NODES + its late flag (outside the index: R_PLAY says the game is over). */
enum { END_MOVE = 1 << 20 };

static inline int g_gen(const struct gnode *p, yomi_move *moves)
{
	const int n = G.nsucc[p->node];
	for (int k = 0; k < n; k++)
		moves[k] = (yomi_move)G.succ[p->node][k] + 1;
	for (int e = 0; e < G.nend[p->node]; e++)
		moves[n + e] = END_MOVE + (yomi_move)e;
	return n + G.nend[p->node];
}

static inline int g_play(const struct gnode *p, yomi_move m, struct gnode *o)
{
	if (m >= END_MOVE) {
		o->node = NODES + G.end_late[p->node][m - END_MOVE];
		return 1;
	}
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
#define R_MAX_MOVES (GRAPH_MOVES + 2)
#define R_INDEX_SIZE NODES
#define R_DECODE(i, p) g_decode(i, p)
#define R_ENCODE(p) ((p)->node < NODES ? (int64_t)(p)->node : -1)   /* an ended game: none */
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
#undef R_PREFIX
#undef R_WINS_AT_ONCE
#undef R_INIT

#define R_PREFIX late
#define R_END_LATE(o) ((int)(o)->node - NODES)
#include "solve/retro_template.h"

/* The plain solver: distance by distance, a node is won in k when a successor is lost in
 * k - 1, lost in k when every successor is won and the longest in k - 1; the rest draw. */
static void reference(uint8_t *want)
{
	int *dist = malloc(sizeof(int) * NODES);
	assert_non_null(dist);
	for (int i = 0; i < NODES; i++)
		dist[i] = G.nsucc[i] || G.nend[i] ? -1 : 0;   /* no move: lost in 0 */
	for (int k = 1; k <= SOLVE_MAX_DISTANCE; k++) {
		int changed = 0;
		for (int i = 0; i < NODES; i++) {
			if (dist[i] >= 0)
				continue;
			int win = k == 1 && G.nend[i], all_won = !G.nend[i], longest = -1;
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
	make_graph(chain, 0);
	uint8_t *want = malloc(NODES), *got = parallel_huge_alloc(NODES);
	assert_non_null(want);
	assert_non_null(got);
	reference(want);
	struct solve_options o = {2, 0, 0, NULL, 0, 0, 0, 0};
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
	uint64_t bad_late = 1;
	assert_int_equal(lazy ? lazy_retro_verify(got, NULL, 0, &o, &bad_late)
	                      : eager_retro_verify(got, NULL, 0, &o, &bad_late), 0);
	assert_int_equal(bad_late, 0);
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

/* The late rule's bits, plainly: distance by distance, a win is late when none of its
 * optimal moves (to a successor one ply nearer the end, or ending the game when it is won in
 * 1) ends on time, a loss when one of them ends late. */
static void reference_late(const uint8_t *v, uint8_t *late)
{
	memset(late, 0, NODES);
	for (int val = 2; val < SOLVE_NONE; val++)
		for (int i = 0; i < NODES; i++) {
			if (v[i] != val)
				continue;
			int on_time = 0, is_late = 0;
			for (int e = 0; val == 2 && e < G.nend[i]; e++)
				*(G.end_late[i][e] ? &is_late : &on_time) = 1;
			for (int k = 0; k < G.nsucc[i]; k++) {
				const int s = G.succ[i][k];
				if (v[s] == val - 1)
					*(late[s] ? &is_late : &on_time) = 1;
			}
			late[i] = (uint8_t)(val % 2 == 0 ? !on_time : is_late);
		}
}

static int late_bit(const uint64_t *late, int i) { return (int)(late[i >> 6] >> (i & 63)) & 1; }

/* A table file under a late rule, of a made-up game whose index i holds the late graph's node
 * i % NODES: several blocks and a part of one, each with its late bits.  table_values: the
 * graph's values, which the solver's quick test reads (a win in 1 is not stored). */
enum { TABLE_ENTRIES = 3 * TABLE_BLOCK + 5000 };
static const uint8_t *table_values;

struct tpos {
	uint64_t i;
};

static int64_t t_encode(const void *p) { return (int64_t)((const struct tpos *)p)->i; }
static int t_decode(uint64_t i, void *p) { ((struct tpos *)p)->i = i; return 0; }
static uint8_t t_quick(const void *p)
{
	return table_values[((const struct tpos *)p)->i % NODES] == 2 ? 2 : 0;
}
static int t_never(const void *p) { (void)p; return 0; }

static const struct game_solver t_solver = {
	.index_size = TABLE_ENTRIES, .encoding = "graph", .encode = t_encode, .decode = t_decode,
	.quick = t_quick, .rules = "arrival", .late_rules = "survival", .ends_late = t_never,
	.wins_on_time = t_never,
};
static const struct game t_game = {.name = "graph", .solver = &t_solver};

/* Writes values and late bits (of NODES nodes) as that table, on two threads; reads it back
 * whole and probes entries one by one (through the late-bits cache): the same values, the
 * same bits, a late bit a ply more. */
static void check_late_table(const uint8_t *values, const uint64_t *late)
{
	uint8_t *all = malloc(TABLE_ENTRIES);
	uint64_t *all_late = calloc((TABLE_ENTRIES + 63) / 64, sizeof *all_late);
	assert_non_null(all);
	assert_non_null(all_late);
	for (int i = 0; i < TABLE_ENTRIES; i++) {
		all[i] = values[i % NODES];
		all_late[i >> 6] |= (uint64_t)late_bit(late, i % NODES) << (i & 63);
	}
	table_values = values;
	char dir[] = "/tmp/test_retro.XXXXXX", path[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/graph.yomi", dir);
	struct yomi_error err;
	if (table_write(path, &t_game, all, all_late, 0, 2, 0, &err) != 0)
		fail_msg("%s", err.msg);
	struct table *t = table_open(path, &t_game, &err);
	if (!t)
		fail_msg("%s", err.msg);
	assert_true(table_has_late(t));
	uint8_t *back = table_load_values(t, 2, NULL, &err);
	uint64_t *back_late = back ? table_load_late(t, 2, NULL, &err) : NULL;
	if (!back_late)
		fail_msg("%s", err.msg);
	assert_memory_equal(back, all, TABLE_ENTRIES);
	assert_memory_equal(back_late, all_late, (TABLE_ENTRIES + 63) / 64 * 8);
	for (int i = 0; i < TABLE_ENTRIES; i += 7) {   /* across every block, out of cache too */
		const int at = (int)((uint64_t)i * 40503 % TABLE_ENTRIES);
		struct table_value v;
		if (table_probe(t, &(struct tpos){(uint64_t)at}, &v, &err) != 0)
			fail_msg("%s", err.msg);
		const uint8_t want = all[at];
		const int lb = (int)(all_late[at >> 6] >> (at & 63)) & 1;
		assert_int_equal(v.outcome, want == 0 ? GAME_DRAW : solve_is_win(want) ? GAME_WIN
		                                                                        : GAME_LOSS);
		if (want)
			assert_int_equal(v.distance, want - 1 + lb);
	}
	table_close(t);
	free(back);
	free(back_late);
	free(all);
	free(all_late);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* A sweep for dead writers' temporary files, run again and again beside one writer.  */
struct sweep {
	const char *path;
	atomic_int done;
	int removed;
};

static void *sweep_loop(void *p)
{
	struct sweep *s = p;
	while (!atomic_load(&s->done))
		s->removed += table_remove_stale(s->path, NULL);
	return NULL;
}

/* Tables written while another solve's sweep runs (as two solves to one name do): the
 * sweep never removes a live writer's temporary file, so every write ends well and leaves
 * nothing behind.  The writer once closed, unlocking, its file before the rename, and a
 * sweep in between removed it: the rename failed (caught by tests/cli_solve.sh's
 * concurrent solves, once in many runs; here in 5 runs of 5). */
static void test_write_beside_sweep(void **state)
{
	(void)state;
	uint8_t *all = calloc(TABLE_ENTRIES, 1);
	assert_non_null(all);
	for (int i = 0; i < TABLE_ENTRIES; i++)
		all[i] = (uint8_t)(i % 7 == 0 ? 0 : i % 5);
	char dir[] = "/tmp/test_retro.XXXXXX", path[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/sweep.yomi", dir);
	struct sweep s = {path, 0, 0};
	pthread_t th;
	assert_int_equal(pthread_create(&th, NULL, sweep_loop, &s), 0);
	int failed = 0;
	struct yomi_error err = {0};
	for (int k = 0; k < 300 && !failed; k++)
		failed = table_write(path, &t_game, all, NULL, 1, 1, 0, &err) != 0;
	atomic_store(&s.done, 1);
	pthread_join(th, NULL);
	if (failed)
		fail_msg("%s (the sweep removed %d files)", err.msg, s.removed);
	assert_int_equal(table_remove_stale(path, NULL), 0);   /* nothing left behind */
	free(all);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* A graph with game-ending moves, late or on time: the values, then the late pass against
 * reference_late, its verify (which finds one bit flipped), and its table written and read
 * back. */
static void check_late(void)
{
	make_graph(0, 1);
	uint8_t *want = malloc(NODES), *want_late = malloc(NODES), *got = parallel_huge_alloc(NODES);
	uint64_t *late = calloc((NODES + 63) / 64, sizeof *late);
	assert_non_null(want);
	assert_non_null(want_late);
	assert_non_null(got);
	assert_non_null(late);
	reference(want);
	struct solve_options o = {2, 0, 0, NULL, 0, 0, 0, 0};
	assert_int_equal(late_retro_build(got, &o), 0);
	for (int i = 0; i < NODES; i++)
		if (got[i] != want[i])
			fail_msg("node %d (%d moves, %d ends): built %u, expected %u", i, G.nsucc[i],
			         G.nend[i], got[i], want[i]);
	uint64_t bad_late = 1;
	assert_int_equal(late_retro_verify(got, NULL, 0, &o, &bad_late), 0);
	assert_int_equal(bad_late, 0);
	struct solve_counts on;
	uint64_t reached = 0;
	assert_int_equal(late_retro_reachable(got, &on, &reached, &o), 0);
	assert_true(reached > 0);
	reference_late(want, want_late);
	assert_int_equal(late_retro_late(got, late, &o), 0);
	int late_wins = 0, wins = 0, late_losses = 0, losses = 0, late_ends_1 = 0;
	for (int i = 0; i < NODES; i++) {
		if (late_bit(late, i) != want_late[i])
			fail_msg("node %d (value %u, %d moves, %d ends): late bit %d, expected %d", i,
			         got[i], G.nsucc[i], G.nend[i], late_bit(late, i), want_late[i]);
		if (got[i] > 2 && solve_is_win(got[i]))
			wins++, late_wins += want_late[i];
		if (got[i] > 1 && solve_is_loss(got[i]))
			losses++, late_losses += want_late[i];
		late_ends_1 += got[i] == 2 && want_late[i];
	}
	/* every kind is there: wins in 1 ended late, longer wins and losses of both kinds */
	assert_true(late_ends_1 > 0);
	assert_true(late_wins > 0 && late_wins < wins);
	assert_true(late_losses > 0 && late_losses < losses);
	assert_int_equal(late_retro_verify(got, late, 0, &o, &bad_late), 0);
	assert_int_equal(bad_late, 0);
	check_late_table(got, late);
	/* verify finds a flipped bit (the values still agree): of a longer result; of a win
	 * in 1 ended late (its bit from the game-ending moves), checked in its part only */
	int flip = 0, flip1 = 0;
	while (got[flip] <= 2)
		flip++;
	while (got[flip1] != 2 || !want_late[flip1])
		flip1++;
	late[flip >> 6] ^= 1ull << (flip & 63);
	assert_int_equal(late_retro_verify(got, late, 0, &o, &bad_late), 0);
	assert_int_equal(bad_late, 1);
	late[flip >> 6] ^= 1ull << (flip & 63);
	late[flip1 >> 6] ^= 1ull << (flip1 & 63);
	uint64_t all_bad, below, above;
	assert_int_equal(late_retro_verify(got, late, 0, &o, &all_bad), 0);
	assert_true(all_bad >= 1);   /* and its predecessors' bits may disagree now too */
	o.lo = (uint64_t)flip1, o.hi = (uint64_t)flip1 + 1;
	assert_int_equal(late_retro_verify(got, late, 0, &o, &bad_late), 0);
	assert_int_equal(bad_late, 1);
	o.lo = 0, o.hi = (uint64_t)flip1;
	assert_int_equal(late_retro_verify(got, late, 0, &o, &below), 0);
	o.lo = (uint64_t)flip1 + 1, o.hi = NODES;
	assert_int_equal(late_retro_verify(got, late, 0, &o, &above), 0);
	assert_int_equal(below + 1 + above, all_bad);
	free(late);
	parallel_huge_free(got, NODES);
	free(want_late);
	free(want);
}

static void test_late(void **state)
{
	(void)state;
	for (int round = 0; round < 3; round++)
		check_late();
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
		cmocka_unit_test(test_late),
		cmocka_unit_test(test_write_beside_sweep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
