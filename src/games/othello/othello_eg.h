/*
 * othello_eg.h - the endgame solver's state (struct eg), its tuning constants and its
 * transposition table (entries holding both bitboards, bounds, best move and confidence,
 * under a per-entry lock for threads), node counting and limits.  Private to
 * othello_endgame.c, which includes it once: these are static inline so that the hot path
 * stays in one translation unit (no call per probe or per node).
 */
#ifndef YOMI_OTHELLO_EG_H
#define YOMI_OTHELLO_EG_H

#include "games/othello/othello_endgame.h"
#include "games/othello/othello_eval.h"
#include "search/split.h"

/* The table from 8 empties and ETC from 10 (were 9 and 12): with the root's repeated passes
 * more of the tree is found again; FFO #20-#47 0.992 G nodes instead of 1.089 G, #45-#48
 * 0.958 G instead of 1.039 G, 1-4% less CPU side by side (more table traffic).
 * Then on 8x8, with the pattern ordering and the corner-stability keys (below), from 7 and
 * 9 (struct eg's tt_min and etc_min; 6x6 and 4x4 keep 8 and 10, not measured there): FFO
 * #45-#49 1.174 G nodes -> 1.117 G (table from 7) -> 1.102 G (and ETC from 9), CPU 43.5 s
 * against 44.6 s side by side: the nodes saved about pay for the table traffic. */
enum {
	EG_SHALLOW = 6,     /* up to this many empties: eg_shallow */
	EG_TT_MIN = 8,      /* from this many empties: transposition table (6x6, 4x4) */
	EG_ETC_MIN = 10,    /* from this many empties: enhanced transposition cutoff (6x6, 4x4) */
	EG_TT_MIN8 = 7,     /* the same two on 8x8 */
	EG_ETC_MIN8 = 9,
	EG_DEEP_SORT = 14,  /* from this many empties: order by a shallow evaluated search */
	EG_PC_MIN = 10,     /* from this many empties: ProbCut in the selective passes */
	EG_INF = 127,
};
/* With threads: a node of at least this many empties whose first move did not cut shares
 * its other moves with the idle threads (split.h).  A build may try others with
 * -DEG_SPLIT_MIN=N. */
#ifndef EG_SPLIT_MIN
#define EG_SPLIT_MIN 12
#endif
/* The ordering search at n empties (n >= EG_DEEP_SORT): its plies, and the weight of its
 * value in a move's key (1/div of its hundredths of a disc, against EG_REPLY_W for each reply
 * the move leaves the opponent).  Two settings, by the evaluation that orders (struct eg's
 * hand, below):
 *   the hand-weighted one: 1 ply, 2 from 16 empties, 3 from 19; div 4.  Measured on FFO
 *   #20-#44: the earlier 1 ply (2 from 19 empties) took about 1.4x the time, 1.45x the nodes.
 *   the trained patterns (8x8 with the weights loaded): 4 plies from 22 empties, div 16.
 *   Measured with the weights of 8000 games, one thread, `yomi -g othello solve`, node
 *   counts (the ordering searches' included) and CPU seconds, hand-weighted -> patterns:
 *   FFO #40-#44 187.8 M -> 173.6 M (7.4 -> 7.8 s), #45-#49 1.632 G -> 1.215 G (62.0 ->
 *   51.7 s), #50-#52 2.240 G -> 2.028 G (102.3 -> 106.6 s; load 5-7, CPU times +-10%).
 *   Tried on #45-#49 (G nodes): patterns with div 8 and the hand order's plies 1.368, div 8
 *   and 4 plies from 22 1.254, div 12 1.209, div 32 1.549, EG_REPLY_W 8 1.295 and 32 1.512,
 *   5 plies from 24 1.473, 4 from 20 (3 from 17, 2 from 14) 1.422; the ordering search from
 *   12 empties 1.317, from 16 1.254.  A pattern leaf costs about three times a hand-weighted
 *   one: on the easy #40-#44 the fewer nodes do not quite pay for it. */
#ifndef EG_REPLY_W
#define EG_REPLY_W 16
#endif
/* Below the ordering searches (fewer than EG_DEEP_SORT empties, 8x8), two of Edax's terms
 * break the ties of the fastest-first key (scaled by EG_FAST_SCALE, so that a reply still
 * outweighs them): our corners after the move and our discs on the edges next to them
 * (EG_CORNER_STAB_W each: such a disc can never be flipped), and the opponent's potential
 * mobility, the empty squares next to our discs (EG_POT_MOB_W each, subtracted).  Measured
 * on FFO #45-#49, one thread, nodes (the ordering searches' included): 1.2147 G without
 * them; corner stability 64 alone 1.1822 G; 64 and potential mobility 16 1.1737 G; 128
 * and 32 1.1734 G; 64 and 64 1.1742 G; 64 and 16 with the parity's weight 8 instead of 4
 * 1.2128 G (CPU seconds the same within the load's noise).  Other boards keep their order
 * (not measured there). */
enum { EG_FAST_SCALE = 64, EG_CORNER_STAB_W = 64, EG_POT_MOB_W = 16 };

/* Corner stability, as Edax counts it: the corners held by x and the squares along the
 * edges next to them that x holds too (8x8). */
static inline int eg_corner_stability(uint64_t x)
{
	const uint64_t s = (((0x0100000000000001ULL & x) << 1) | ((0x8000000000000080ULL & x) >> 1) |
	                    ((0x0000000000000081ULL & x) << 8) | ((0x8100000000000000ULL & x) >> 8) |
	                    0x8100000000000081ULL) & x;
	return oth_popcount(s);
}
static inline int eg_sort_depth(int hand, int n)
{
	return !hand && n >= 22 ? 4 : n >= 19 ? 3 : n >= 16 ? 2 : 1;
}

static inline int eg_eval_div(int hand) { return hand ? 4 : 16; }

/* Plies of ProbCut's shallow search at n empties (n >= EG_PC_MIN). */
#ifndef EG_PC_DEPTH
#define EG_PC_DEPTH(n) ((n) >= 20 ? 4 : (n) >= 14 ? 2 : 0)
#endif

/* A table entry: the exact position and a data word with bounds on its value, its best
 * move and the bounds' confidence, read and written under the data word's lock (tt.h:
 * several threads may share the table):
 *   bits  0-7   lower (int8_t)       bits 24-31  empties (0: an empty entry)
 *   bits  8-15  upper (int8_t)       bits 32-39  sel: the bounds' confidence, the pass's
 *   bits 16-23  move (square + 1,                percent, OTH_SEL_EXACT exact
 *               0 if none)           bits 40-62  version; bit 63 TT_BUSY */
struct eg_entry {
	uint64_t p, o;
	uint64_t data;
	uint64_t pad;
};
_Static_assert(sizeof(struct eg_entry) * 2 == TT_BUCKET_BYTES, "two entries a bucket");
enum { EG_VERSION_SHIFT = 40 };

/* An entry's content, out of its data word. */
struct eg_hit {
	int lower, upper, move, empties, sel;
};

static inline struct eg_hit eg_unpack(uint64_t d)
{
	return (struct eg_hit){(int8_t)(d & 0xff), (int8_t)(d >> 8 & 0xff), (int)(d >> 16 & 0xff),
	                       (int)(d >> 24 & 0xff), (int)(d >> 32 & 0xff)};
}

static inline uint64_t eg_pack(struct eg_hit h)
{
	return (uint64_t)(uint8_t)(int8_t)h.lower | (uint64_t)(uint8_t)(int8_t)h.upper << 8 |
	       (uint64_t)(uint8_t)h.move << 16 | (uint64_t)(uint8_t)h.empties << 24 |
	       (uint64_t)(uint8_t)h.sel << 32;
}

static inline uint64_t eg_payload(uint64_t d) { return d & ((1ULL << EG_VERSION_SHIFT) - 1); }

struct eg {
	struct search_ctx *ctx;
	uint64_t nodes;             /* counted since the last eg_sync (no pointer chase per node) */
	struct split_thread *st;    /* with threads: this thread's (NULL: one thread) */
	uint64_t *helper_nodes;     /* with threads: the helpers' nodes, not yet in ctx (atomic) */
	struct eg_entry *table;     /* buckets of 2 entries */
	uint64_t buckets_mask;
	uint64_t mask;              /* the board's squares */
	int squares;
	uint8_t quad[64];           /* quadrant of each square, 0..3 */
	uint64_t quad_mask[4];
	uint64_t corners;
	uint64_t rank[3];           /* squares by static worth: corners, the rest, next to a corner */
	int sel;                    /* the pass's confidence in percent; OTH_SEL_EXACT: exact */
	int pc_t;                   /* ProbCut's margin in hundredths of a standard deviation */
	int hand;                   /* order with the hand-weighted evaluation (eval=hand, no
	                             * weights loaded, or not 8x8) */
	int pc_hand;                /* ProbCut with the hand-weighted evaluation */
	int tt_min, etc_min;        /* the table, and ETC, from this many empties */
};

static inline uint64_t eg_hash(uint64_t p, uint64_t o)
{
	uint64_t h = (p ^ (o * 0x9e3779b97f4a7c15ULL)) * 0xbf58476d1ce4e5b9ULL;
	return h ^ (h >> 31);
}

static inline struct eg_entry *eg_bucket(const struct eg *g, uint64_t p, uint64_t o)
{
	return g->table + 2 * (eg_hash(p, o) & g->buckets_mask);
}

/* Entry e's data word if it holds (p, o), as one writer left it; else 0 (a data word in use
 * is never 0: its empties are not). */
static inline uint64_t eg_read(const struct eg_entry *e, uint64_t p, uint64_t o)
{
	const uint64_t d = tt_read_begin(&e->data);
	const int same = tt_word(&e->p) == p && tt_word(&e->o) == o;
	return tt_read_end(&e->data, d) && same && (d >> 24 & 0xff) ? d : 0;
}

/* The entry of (p, o): 1 with *hit its content, or 0 when there is none. */
static inline int eg_probe(const struct eg *g, uint64_t p, uint64_t o, struct eg_hit *hit)
{
	const struct eg_entry *b = eg_bucket(g, p, o);
	for (int j = 0; j < 2; j++) {
		if (tt_word(&b[j].p) != p)
			continue;
		const uint64_t d = eg_read(&b[j], p, o);
		if (d) {
			*hit = eg_unpack(d);
			return 1;
		}
	}
	return 0;
}

/* Writes entry e (locked from data word `seen`) and unlocks it. */
static inline void eg_write(struct eg_entry *e, uint64_t seen, uint64_t p, uint64_t o,
                            uint64_t payload)
{
	tt_set_word(&e->p, p);
	tt_set_word(&e->o, o);
	tt_unlock(&e->data, payload | tt_version_next(seen, EG_VERSION_SHIFT));
}

/* Records value v of (p, o) searched with window (alpha, beta).  Entries busy with another
 * thread's store, or changed since they were read, make this store give up. */
static inline void eg_store(struct eg *g, uint64_t p, uint64_t o, int n, int alpha, int beta,
                            int v, int move)
{
	struct eg_entry *b = eg_bucket(g, p, o);
	const uint64_t d0 = tt_read_begin(&b[0].data), d1 = tt_read_begin(&b[1].data);
	const uint64_t p0 = tt_word(&b[0].p), o0 = tt_word(&b[0].o);
	const uint64_t p1 = tt_word(&b[1].p), o1 = tt_word(&b[1].o);
	struct eg_hit h = {-EG_INF, EG_INF, 0, 0, g->sel};
	struct eg_entry *e;
	uint64_t seen;
	if (p0 == p && o0 == o && eg_unpack(d0).empties) {
		e = &b[0], seen = d0, h = eg_unpack(d0);
	} else if (p1 == p && o1 == o && eg_unpack(d1).empties) {
		e = &b[1], seen = d1, h = eg_unpack(d1);
	} else if (n >= eg_unpack(d0).empties) {
		/* entry 0 keeps the larger subtree, entry 1 takes the rest: entry 0 moves to 1 */
		if (!tt_lock(&b[1].data, d1))
			return;
		if (!tt_lock(&b[0].data, d0)) {
			tt_unlock(&b[1].data, d1);   /* unchanged: the same version */
			return;
		}
		eg_write(&b[1], d1, p0, o0, eg_payload(d0));
		e = &b[0], seen = d0;
		goto locked;
	} else {
		e = &b[1], seen = d1;
	}
	if (!tt_lock(&e->data, seen))
		return;
locked:
	if (h.sel != g->sel) {
		/* bounds of another confidence: a surer entry keeps its bounds (only the move is
		 * taken), a less sure one is replaced */
		if (h.sel > g->sel) {
			if (move)
				h.move = move;
			eg_write(e, seen, p, o, eg_pack(h));
			return;
		}
		h.lower = -EG_INF;
		h.upper = EG_INF;
		h.sel = g->sel;
	}
	if (v < beta && v < h.upper)
		h.upper = v;
	if (v > alpha && v > h.lower)
		h.lower = v;
	h.empties = n;
	if (move)
		h.move = move;
	eg_write(e, seen, p, o, eg_pack(h));
}

/* Adds the nodes counted here to ctx->nodes. */
static inline void eg_sync(struct eg *g)
{
	g->ctx->nodes += g->nodes;
	g->nodes = 0;
}

/* The table's part in use doubles (tt.h says why it grows): each entry whose bucket is in
 * the new half moves there, into the same slot order, the first slot filled first (a
 * bucket's entry 0 is the one a store keeps).  A bucket with an entry busy or changed
 * meanwhile (another thread's store) is left as it is. */
static __attribute__((noinline, cold)) void eg_grow(struct eg *g)
{
	struct tt *tt = g->ctx->tt;
	const uint64_t old = tt_live_mask(tt) + 1;
	for (uint64_t b = 0; b < old; b++) {
		struct eg_entry *from = g->table + 2 * b, *to = g->table + 2 * (b + old);
		uint64_t d[2], fp[2], fo[2];
		int keep[2], nk = 0, move[2], nm = 0;
		for (int j = 0; j < 2; j++) {
			d[j] = tt_read_begin(&from[j].data);
			fp[j] = tt_word(&from[j].p);
			fo[j] = tt_word(&from[j].o);
			if (!eg_unpack(d[j]).empties)
				continue;
			if (eg_hash(fp[j], fo[j]) & old)
				move[nm++] = j;
			else
				keep[nk++] = j;
		}
		if (!nm)
			continue;
		uint64_t t[2] = {tt_word(&to[0].data), tt_word(&to[1].data)};
		int locked = 0;
		while (locked < 4 && tt_lock(locked < 2 ? &from[locked].data : &to[locked - 2].data,
		                             locked < 2 ? d[locked] : t[locked - 2]))
			locked++;
		if (locked < 4) {   /* put back what was taken, unchanged */
			for (int k = 0; k < locked; k++)
				tt_unlock(k < 2 ? &from[k].data : &to[k - 2].data, k < 2 ? d[k] : t[k - 2]);
			continue;
		}
		uint64_t mp[2] = {0, 0}, mo[2] = {0, 0}, md[2] = {0, 0};
		uint64_t kp[2] = {0, 0}, ko[2] = {0, 0}, kd[2] = {0, 0};
		for (int k = 0; k < nm; k++)
			mp[k] = fp[move[k]], mo[k] = fo[move[k]], md[k] = eg_payload(d[move[k]]);
		for (int k = 0; k < nk; k++)
			kp[k] = fp[keep[k]], ko[k] = fo[keep[k]], kd[k] = eg_payload(d[keep[k]]);
		for (int j = 0; j < 2; j++) {
			eg_write(&to[j], t[j], mp[j], mo[j], md[j]);
			eg_write(&from[j], d[j], kp[j], ko[j], kd[j]);
		}
	}
	tt_grown(tt);
	g->buckets_mask = tt_live_mask(tt);
}

/* The main thread's nodes with the helpers' so far, and its limits; a stop stops them all. */
static void eg_limits(struct eg *g)
{
	eg_sync(g);
	if (g->helper_nodes)
		g->ctx->nodes += __atomic_exchange_n(g->helper_nodes, 0, __ATOMIC_RELAXED);
	search_check_limits(g->ctx);
	if (g->ctx->stopped && g->st)
		split_stop_all(g->st->pool);
}

/* Whether the search must unwind: the limits stopped it, or (with threads) the split point
 * this thread works in was cut. */
static inline int eg_stopped(const struct eg *g)
{
	return g->ctx->stopped || split_stopped(g->st);
}

/* Counts a node; every TT_TICK_NODES, the limits (so --nodes stops within that many) and
 * the table's growth, as the search does.  A helper thread passes its nodes on instead. */
static inline void eg_count(struct eg *g)
{
	if (++g->nodes == TT_TICK_NODES) {
		if (g->st && g->st->id) {
			__atomic_add_fetch(g->helper_nodes, g->nodes, __ATOMIC_RELAXED);
			g->nodes = 0;
		} else {
			eg_limits(g);
		}
		if (tt_tick(g->ctx->tt))
			eg_grow(g);
		else   /* another thread may have grown it */
			g->buckets_mask = tt_live_mask(g->ctx->tt);
	}
}

#endif
