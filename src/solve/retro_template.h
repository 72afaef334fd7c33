/*
 * retro_template.h - retrograde analysis, written once and instantiated per game at compile
 * time (no indirect call per position).  Include it from a game's translation unit (more
 * than once with different prefixes, if need be) after defining:
 *
 *   R_PREFIX              prefix of the functions defined (R_PREFIX##_retro_build, ...)
 *   R_POS                 the position type
 *   R_MAX_MOVES           bound of its legal move count
 *   R_INDEX_SIZE          number of indexes
 *   R_DECODE(i, p)        fills *p from index i; 0, or -1 when i is not a position
 *   R_ENCODE(p)           index of *p, or -1 when it has none
 *   R_CURSOR, R_DECODE_AT(c, i)  optional: a decoding cursor type (zeroed before use),
 *                         and the position of index i decoded through it (a pointer valid
 *                         until the next call, or NULL when i is not a position), faster
 *                         than R_DECODE when i grows in small steps
 *   R_OVER(p)             enum game_outcome of a decoded position (GAME_ONGOING unless over)
 *   R_GEN(p, mv)          legal moves of *p (not over), count
 *   R_PLAY(p, m, o)       plays m into *o; 1 when the game is over after m
 *   R_END_LOST(o)         after a game-ending move: 1 when the mover of *o has lost, 0 draw
 *   R_OUTSIDE(p)          value byte of a position the index leaves out (its game not over):
 *                         Dobutsu leaves out those whose mover takes the lion at once (2)
 *   R_UNMOVES(p, preds)   predecessors of *p inside the index, count (<= SOLVE_MAX_PREDS);
 *                         with R_WINS_AT_ONCE, those it tells won at once may be left out
 *   R_START(p)            the start position
 *   R_FOLD(p)             index of the symmetric image of *p when it differs from *p's own,
 *                         else -1 (the index keeps both images of a symmetric lion pair)
 *   R_TERMINAL(p)         a position of the index the reachable walk does not expand (its
 *                         mover can take the enemy lion, ...): counted, not "ongoing"
 *   R_END_LATE(o)         optional, for a game with a late rule: after a game-ending move, 1
 *                         when that rule counts the end one ply later (Dobutsu's survival
 *                         try), else 0 (positions the index leaves out end on time); defines
 *                         _retro_late (solve/retro_late.h) and _retro_verify's late bits
 *   R_INIT(p)             optional, with R_WINS_AT_ONCE: the init value below (lost in 2
 *                         included) found without encoding; the counts are then taken when
 *                         a loss round first reaches a position, so positions won before
 *                         that are never counted
 *   R_SUCCESSORS(p, mv, n) optional: _successors below (the count of an unresolved *p with
 *                         moves mv[n]), found without encoding
 *   R_WINS_AT_ONCE(p)     optional: 1 when *p's mover can end the game now, exactly the
 *                         positions init finds won in 1 (a test on the position that saves
 *                         encoding it: such successors are left out of the counts below,
 *                         and round d = 1 is skipped)
 *   R_WINS_ON_TIME(p)     optional, with R_END_LATE: a cheap test that *p's mover can end
 *                         the game now in a way counted on time (Dobutsu: take the lion)
 *
 * Algorithm (values as in yomi/solve.h):
 *   init: a position whose game is over is lost (or drawn) in 0; one with a move that ends
 *         the game in its mover's favour is won in 1; one without moves is lost in 0.  Every
 *         other position gets a count of its successors' distinct indexes (the index and
 *         the R_FOLD image of each, leaving out those won at once): the successors that
 *         must still turn out won before it is lost.  A count of 0 is a loss in 2; a
 *         position with a move to a draw, or outside the index to a position not won, can
 *         never be lost (R_NEVER).
 *   round d = 0, 1, ...: each position resolved at distance d hands its predecessors on:
 *         - d even (a loss): every unresolved predecessor is won in d + 1;
 *         - d odd (a win): every predecessor's count drops by one (once per distinct index
 *           of them: see _round_chunk); one that reaches 0 is lost in d + 1.
 *   until a round resolves nothing and no later distance is pending; the rest are draws.
 *   From d = 2 on, a win round also does round d + 1: each win it finds hands on at once.
 * The counts are exact because a predecessor's index q is reached from a win's entry j
 * exactly when one of q's successors has index j (the index folds the symmetries that
 * R_FOLD does not, and the un-moves of a decoded entry reach both images of each
 * predecessor), and each (j, q) pair counts once.  Counters cost a byte per position; they
 * replaced re-verifying every predecessor of a new win (its moves played and encoded again,
 * most of them for the candidates that did turn out lost): on Dobutsu those re-checks took
 * 15.9 s of a 49.3 s build on two threads.
 * What is cheap is done without encoding (R_WINS_AT_ONCE skips won-in-1 successors and
 * predecessors, the decoding cursor reuses a board, value summaries skip groups without the
 * round's value).
 * Threads share the value array: within a round every write stores the same value d + 2 and
 * every read that matters looks at values <= d + 1, so the result does not depend on timing
 * (relaxed atomic byte loads and stores make that well-defined).  The per-round counts do
 * not either: a backward win round claims an entry with a compare-exchange, so two threads
 * reaching the same predecessor count it once (a plain store let both count it: the round
 * counts of --verbose differed from run to run by a few dozen).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solve/parallel.h"
#include "yomi/search.h"
#include "yomi/solve.h"

#ifndef R_CURSOR
#define R_CURSOR R_POS
#define R_DECODE_AT(c, i) (R_DECODE(i, c) < 0 ? NULL : (const R_POS *)(c))
#endif

#define R_CAT2(a, b) a##b
#define R_CAT(a, b) R_CAT2(a, b)
#define R_FN(name) R_CAT(R_PREFIX, name)

#ifndef R_SUCCESSORS
#define R_SUCCESSORS(p, moves, n) R_FN(_successors)(p, moves, n)
#endif
#if defined(R_INIT) && !defined(R_WINS_AT_ONCE)
#error "R_INIT needs R_WINS_AT_ONCE (the lazy counts leave out successors won in 1)"
#endif

#ifndef YOMI_RETRO_ONCE   /* shared by every instantiation in a file */
enum { R_CHUNK = 1 << 16 };
#endif
/* A count that never reaches 0: a position takes at most one decrement per successor index
 * (2 * R_MAX_MOVES of them at most). */
#ifndef YOMI_RETRO_ONCE   /* shared by every instantiation in a file */
enum { R_NEVER = 255 };
#endif
_Static_assert(2 * R_MAX_MOVES < R_NEVER, "successor counts fit a byte and R_NEVER stays above 0");

/* Packed codes: the build keeps an unresolved position's count in its value byte, above the
 * values (distance + 1), so that it needs one byte per position, not two (Dobutsu: 250 MB
 * instead of 500 MB):
 *   R_CODE_NEVER        unresolved, never lost (R_NEVER above)
 *   R_CODE_UNCOUNTED    unresolved, not counted yet (R_INIT)
 *   R_CODE_UNCOUNTED-c  unresolved, count c (1..R_COUNT_INLINE)
 *   R_CODE_BIG          unresolved, count above R_COUNT_INLINE, kept in job->big (a sparse
 *                       byte per position: only the pages of such rare positions are used)
 *   1..R_CODE_BIG-1     resolved: the value
 * Dobutsu's counts stay below 64 and its values below 175.  A build whose values would
 * reach R_CODE_BIG starts again with the counts apart (job->packed 0: job->left). */
#ifndef YOMI_RETRO_ONCE
enum {
	R_COUNT_INLINE = 64,
	R_CODE_NEVER = 254,
	R_CODE_UNCOUNTED = 253,
	R_CODE_BIG = R_CODE_UNCOUNTED - R_COUNT_INLINE - 1,   /* 188: values up to 187 */
};
#endif
_Static_assert(2 * R_MAX_MOVES < 256, "a count fits a byte of job->big");

static inline uint8_t R_FN(_get)(const uint8_t *v, uint64_t i)
{
	return __atomic_load_n(&v[i], __ATOMIC_RELAXED);
}

/* The total of a per-thread count. */
static inline uint64_t R_FN(_sum)(const uint64_t count[PARALLEL_MAX_THREADS])
{
	uint64_t total = 0;
	for (int t = 0; t < PARALLEL_MAX_THREADS; t++)
		total += count[t];
	return total;
}

/* The value of *p when it needs no successor (game over: lost in 0 or drawn; no move: lost
 * in 0), else -1 with its moves in moves[*n]. */
static inline int R_FN(_settled)(const R_POS *p, yomi_move *moves, int *n)
{
	const enum game_outcome over = R_OVER(p);
	if (over != GAME_ONGOING)
		return over == GAME_LOSS ? 1 : 0;
	*n = R_GEN(p, moves);
	return *n == 0 ? 1 : -1;
}


/* Value summaries: one 256-bit set per group of 2^R_GROUP_SHIFT entries (a divisor of
 * R_CHUNK, so a chunk holds whole groups).  Late rounds resolve a few thousand positions:
 * without it, each would still scan the whole value array for its value.  Groups of 1K
 * entries (7.8 MB of sets for Dobutsu) rather than 16K: rounds 40-174 of the Dobutsu build
 * took 1.8-2.4 s instead of 3.8 s, their positions being spread over most 16K groups. */
#ifndef YOMI_RETRO_ONCE   /* shared by every instantiation in a file */
enum { R_GROUP_SHIFT = 10 };
#endif
#define R_GROUPS ((R_INDEX_SIZE >> R_GROUP_SHIFT) + 1)
#define R_PRESENT_BYTES ((uint64_t)R_GROUPS * 4 * sizeof(uint64_t))

static inline void R_FN(_mark)(uint64_t *present, uint64_t i, uint8_t v)
{
	uint64_t *w = &present[(i >> R_GROUP_SHIFT) * 4 + (v >> 6)];
	const uint64_t bit = 1ull << (v & 63);
	if (!(__atomic_load_n(w, __ATOMIC_RELAXED) & bit))
		__atomic_fetch_or(w, bit, __ATOMIC_RELAXED);
}

/* The first index of [i, hi) whose value is v, or hi: groups without v are skipped whole
 * by their summary, the rest 8 bytes at a time. */
static inline uint64_t R_FN(_find)(const uint8_t *values, const uint64_t *present, uint64_t i,
                                   uint64_t hi, uint8_t v)
{
	const uint64_t pattern = 0x0101010101010101ull * v;
	while (i < hi) {
		const uint64_t g = i >> R_GROUP_SHIFT;
		const uint64_t end = ((g + 1) << R_GROUP_SHIFT) < hi ? (g + 1) << R_GROUP_SHIFT : hi;
		if (!((__atomic_load_n(&present[g * 4 + (v >> 6)], __ATOMIC_RELAXED) >> (v & 63)) & 1)) {
			i = end;
			continue;
		}
		for (; i < end; i++) {
			if ((i & 7) == 0 && i + 8 <= end) {
				/* eight entries at a time (values is 8-aligned), atomically as the bytes
				 * are written: other threads write entries of the same word */
				uint64_t w = __atomic_load_n((const uint64_t *)(const void *)(values + i),
				                             __ATOMIC_RELAXED);
				w ^= pattern;
				if (!((w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull)) {
					i += 7;
					continue;
				}
			}
			if (R_FN(_get)(values, i) == v)
				return i;
		}
	}
	return hi;
}

struct R_FN(_job) {
	uint8_t *values;
	int round;                       /* d: positions of value d + 1 hand on */
	int fuse;                        /* d even: the wins found hand on too (_round_chunk) */
	/* per position: successors not yet known won, or R_NEVER (see the algorithm above).
	 * Apart from the values, not beside them: one array of (value, count) pairs, so that an
	 * entry misses once, was no faster (paired single-thread Dobutsu builds, +1.7 and -1.7 s
	 * of 70 s) and took 250 MB more; a bit set of resolved entries tested before the
	 * prefetch, to skip the 75-85% of a win round's predecessors already resolved, was
	 * 14-16 s slower (its own loads, over 31 MB and not prefetched, miss the caches too) */
	uint8_t *left;
	int packed;                      /* the counts are in values (see R_CODE_BIG), not left */
	uint8_t *big;                    /* packed: the counts of R_CODE_BIG entries */
	uint64_t count[PARALLEL_MAX_THREADS];
	uint64_t count2[PARALLEL_MAX_THREADS];
	uint64_t count3[PARALLEL_MAX_THREADS];
	uint64_t count4[PARALLEL_MAX_THREADS];
	/* present[g * 4 + v / 64] bit v % 64: group g of 2^R_GROUP_SHIFT entries holds value v
	 * (set when a value is written; a round scans only the groups holding its value) */
	uint64_t *present;
};

/* Adds index c to the set seen[*n] unless it is there already.  filter[2], zeroed with the
 * set, has bit h(c) set for each member: duplicates are rare, so most indexes miss it and
 * skip the scan (which made the set quadratic in its size). */
static inline void R_FN(_add_index)(int64_t *seen, int *n, uint64_t filter[2], int64_t c)
{
	const unsigned h = (unsigned)(((uint64_t)c * 0x9e3779b97f4a7c15ull) >> 57);
	const uint64_t bit = 1ull << (h & 63);
	if (filter[h >> 6] & bit) {
		for (int k = 0; k < *n; k++)
			if (seen[k] == c)
				return;
	}
	filter[h >> 6] |= bit;
	seen[(*n)++] = c;
}

/* The count of an unresolved position *p with moves[n] (see the algorithm above): its
 * successors' distinct indexes, those won at once left out; R_NEVER when a move ends the
 * game in a draw or leaves the index to a position not won; -1 when a move wins at once. */
static inline int R_FN(_successors)(const R_POS *p, const yomi_move *moves, int n)
{
	int64_t seen[2 * R_MAX_MOVES];
	uint64_t filter[2] = {0, 0};
	int ns = 0, never = 0;
	for (int k = 0; k < n; k++) {
		R_POS next;
		if (R_PLAY(p, moves[k], &next)) {
			if (R_END_LOST(&next))
				return -1;
			never = 1;   /* a drawn end */
			continue;
		}
		if (never)
			continue;    /* only a won end can still change the answer */
#ifdef R_WINS_AT_ONCE
		if (R_WINS_AT_ONCE(&next))
			continue;
#endif
		const int64_t c = R_ENCODE(&next);
		if (c < 0) {
			never = !solve_is_win((uint8_t)(R_OUTSIDE(&next)));
			continue;
		}
		R_FN(_add_index)(seen, &ns, filter, c);
		const int64_t f = R_FOLD(&next);
		if (f >= 0)
			R_FN(_add_index)(seen, &ns, filter, f);
	}
	return never ? R_NEVER : ns;
}

/* The init value of a position of the index (see the algorithm above), and in *left its
 * count when it is unresolved, else R_NEVER. */
static inline uint8_t R_FN(_init_value)(const R_POS *p, uint8_t *left)
{
	*left = R_NEVER;
#ifdef R_WINS_AT_ONCE
	if (R_WINS_AT_ONCE(p))
		return 2;
#endif
	yomi_move moves[R_MAX_MOVES];
	int n;
	const int settled = R_FN(_settled)(p, moves, &n);
	if (settled >= 0)
		return (uint8_t)settled;
	const int c = R_FN(_successors)(p, moves, n);
	if (c < 0)
		return 2;
	if (c == 0)
		return 3;   /* every move lets the opponent win at once */
	*left = (uint8_t)c;
	return 0;
}

static void R_FN(_init_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct R_FN(_job) *job = arg;
	uint8_t *values = job->values;
	uint64_t wins = 0, losses = 0, none = 0, lost2 = 0;
	R_CURSOR cur;
	memset(&cur, 0, sizeof cur);
	for (uint64_t i = lo; i < hi; i++) {
		uint8_t left = R_NEVER;
		const R_POS *p = R_DECODE_AT(&cur, i);
#ifdef R_INIT
		const uint8_t v = !p ? SOLVE_NONE : R_INIT(p);
		if (v == 0)
			left = 0;   /* counted when a loss round first reaches it */
#else
		const uint8_t v = !p ? SOLVE_NONE : R_FN(_init_value)(p, &left);
#endif
		wins += v == 2;
		losses += v == 1 || v == 3;
		lost2 += v == 3;
		none += v == SOLVE_NONE;
		R_FN(_mark)(job->present, i, v);
		if (!job->packed) {
			job->left[i] = left;
			values[i] = v;
		} else if (v != 0) {
			values[i] = v;
		} else if (left > R_COUNT_INLINE && left != R_NEVER) {
			job->big[i] = left;
			values[i] = R_CODE_BIG;
		} else {
			values[i] = (uint8_t)(left == R_NEVER ? R_CODE_NEVER : R_CODE_UNCOUNTED - left);
		}
	}
	job->count[thread] += wins;
	job->count2[thread] += losses;
	job->count3[thread] += none;
	job->count4[thread] += lost2;
}

/* The last writes of an entry q resolved with value next_value: for a loss (its count
 * reached 0) its value, claimed once (a resolved entry's count never reaches 0 again, so a
 * failed claim is a defect: wrong); then R_NEVER in its count (never read again, and it
 * tells later loss rounds so without a second miss on the value: win and loss rounds of
 * the Dobutsu build 28.8 s against 30.1 s, three alternating runs each) and its value in
 * the group's summary.  Done R_PENDING entries later, their lines prefetched meanwhile: a
 * loss's value and a win's count were not fetched with the rest, and each miss stalled
 * the next locked instruction.  Nothing in the round reads them before the round ends
 * (a count that reached 0 gets no more decrements; values d + 2 are next round's).  The
 * ring's length is a guess, not tuned.  The summary word is prefetched too, and the
 * summaries live in huge pages: its load had 18% of _apply's samples (build 28.4-28.8 s
 * against 29.3-30.1 s). */
#ifndef YOMI_RETRO_ONCE   /* shared by every instantiation in a file */
enum { R_PENDING = 32 };
#endif
/* A ring entry: the index, and above R_VALUE_SHIFT the value it gets. */
#ifndef YOMI_RETRO_ONCE   /* shared by every instantiation in a file */
enum { R_VALUE_SHIFT = 56 };
#endif
_Static_assert((uint64_t)R_INDEX_SIZE < 1ull << R_VALUE_SHIFT, "an index fits below its value");

/* A thread's entries resolved in this round whose writes wait (see above), and its counts:
 * resolved[1] losses, resolved[0] wins. */
struct R_FN(_ring) {
	uint64_t q[R_PENDING];
	uint64_t n;                  /* entries ever added: the last R_PENDING of them wait */
	uint64_t resolved[2], wrong;
};

static inline void R_FN(_settle)(struct R_FN(_job) *job, uint64_t entry, struct R_FN(_ring) *r)
{
	const uint64_t q = entry & ((1ull << R_VALUE_SHIFT) - 1);
	const uint8_t next_value = (uint8_t)(entry >> R_VALUE_SHIFT);
	const int loss = solve_is_loss(next_value);
	uint8_t unresolved = 0;
	if (job->packed) {   /* the value is written (_drop, _claim_win): the summary is left */
		R_FN(_mark)(job->present, q, next_value);
		r->resolved[loss]++;
		return;
	}
	if (loss && !__atomic_compare_exchange_n(&job->values[q], &unresolved, next_value, 0,
	                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		r->wrong++;
		return;
	}
	__atomic_store_n(&job->left[q], R_NEVER, __ATOMIC_RELAXED);
	R_FN(_mark)(job->present, q, next_value);
	r->resolved[loss]++;
}

/* One resolved entry's predecessor indexes, gathered (their entries prefetched) before
 * they are updated.  odd: the entry is a win (its predecessors' counts drop), else a loss
 * (its unresolved predecessors are won); next_value: the value a predecessor it resolves
 * gets. */
struct R_FN(_batch) {
	R_POS ps[SOLVE_MAX_PREDS];
	int64_t qs[2 * SOLVE_MAX_PREDS];
	short from[2 * SOLVE_MAX_PREDS];   /* the predecessor each index is of */
	int nq, odd;
	uint8_t next_value;
};

/* Wins found in a fused round (see _round_chunk) whose predecessors are still to be
 * handed on: copies of their positions (a batch's are overwritten two entries later). */
#ifndef YOMI_RETRO_ONCE   /* shared by every instantiation in a file */
enum { R_QUEUED = 4 * SOLVE_MAX_PREDS };
#endif
struct R_FN(_queue) {
	R_POS pos[R_QUEUED];
	unsigned head, tail;   /* pos[head % R_QUEUED .. tail % R_QUEUED) wait */
};

/* Fills *b with the predecessor indexes of position *s, resolved with the value next_value
 * - 1 (every index, or for a win each distinct one once), and prefetches what the update
 * will touch. */
static inline void R_FN(_gather_of)(struct R_FN(_job) *job, const R_POS *s, uint8_t next_value,
                                    struct R_FN(_batch) *b)
{
	const int odd = solve_is_loss(next_value);   /* the entry is a win */
	const int np = R_UNMOVES(s, b->ps);
	int nq = 0;
	uint64_t filter[2] = {0, 0};
	for (int k = 0; k < np; k++) {
#ifdef R_WINS_AT_ONCE
		if (R_WINS_AT_ONCE(&b->ps[k]))
			continue;   /* won in 1 since init, and so is its image */
#endif
		/* A position whose symmetric image has an index of its own hands on to both:
		 * only one of them need be the image that decoding this one gives back. */
		for (int image = 0; image < 2; image++) {
			const int64_t q = image ? R_FOLD(&b->ps[k]) : R_ENCODE(&b->ps[k]);
			if (q < 0)
				continue;
			__builtin_prefetch(odd && !job->packed ? (const void *)&job->left[q]
			                                       : (const void *)&job->values[q], 1);
			b->from[nq] = (short)k;   /* for a win, kept only if q is new */
			if (!odd)
				b->qs[nq++] = q;
			else
				R_FN(_add_index)(b->qs, &nq, filter, q);
		}
	}
	b->nq = nq;
	b->odd = odd;
	b->next_value = next_value;
}

/* _gather_of for the entry i of the round's value; returns 0, or -1 when i is not a
 * position. */
static inline int R_FN(_gather)(struct R_FN(_job) *job, R_CURSOR *cur, uint64_t i,
                                struct R_FN(_batch) *b)
{
	const R_POS *s = R_DECODE_AT(cur, i);
	if (!s)
		return -1;
	R_FN(_gather_of)(job, s, (uint8_t)(job->round + 2), b);
	return 0;
}

/* The count of unresolved *pq (predecessor of an entry a loss round reaches), counted when
 * first needed (R_INIT); <= 0 is wrong (init resolved those: won in 1, lost in 2). */
static inline int R_FN(_late_count)(const R_POS *pq)
{
	yomi_move moves[R_MAX_MOVES];
	const int n = R_GEN(pq, moves);
	return R_SUCCESSORS(pq, moves, n);
}

/* A loss round: one more successor of entry q (position *pq) is won.  Returns 1 when that
 * was its last one: q is lost, and this thread resolved it (packed: its value written). */
static inline int R_FN(_drop)(struct R_FN(_job) *job, uint64_t q, const R_POS *pq,
                              uint8_t next_value, struct R_FN(_ring) *r)
{
	if (!job->packed) {
#ifdef R_INIT
		if (__atomic_load_n(&job->left[q], __ATOMIC_RELAXED) == 0) {
			/* not counted yet, and unresolved (a resolved entry's count is R_NEVER):
			 * count it now (two threads may both count it; the first exchange stands) */
			const int c = R_FN(_late_count)(pq);
			if (c <= 0) {
				r->wrong++;
				return 0;
			}
			uint8_t zero = 0;
			__atomic_compare_exchange_n(&job->left[q], &zero, (uint8_t)c, 0,
			                            __ATOMIC_RELAXED, __ATOMIC_RELAXED);
		}
#else
		(void)pq;
#endif
		return __atomic_fetch_sub(&job->left[q], 1, __ATOMIC_RELAXED) == 1;
	}
	/* Packed: one exchange moves the code to the count one less, or to the value when it
	 * was the last; a resolved or never-lost entry is left as it is (no locked operation:
	 * most of a loss round's predecessors are resolved already). */
	uint8_t x = R_FN(_get)(job->values, q);
	for (;;) {
		if (x < R_CODE_BIG || x >= R_CODE_NEVER)
			return 0;
		int c;
		if (x == R_CODE_BIG) {
			/* the count was stored before the code (the release exchange below) */
			(void)__atomic_load_n(&job->values[q], __ATOMIC_ACQUIRE);
			if (__atomic_fetch_sub(&job->big[q], 1, __ATOMIC_RELAXED) != 1)
				return 0;
			if (__atomic_compare_exchange_n(&job->values[q], &x, next_value, 0,
			                                __ATOMIC_RELAXED, __ATOMIC_RELAXED))
				return 1;
			r->wrong++;   /* won meanwhile: its count was wrong */
			return 0;
		}
		if (x == R_CODE_UNCOUNTED) {
			c = R_FN(_late_count)(pq);
			if (c <= 0) {
				r->wrong++;
				return 0;
			}
			if (c > R_COUNT_INLINE) {
				/* the count goes to job->big (the first thread's stands), then the code */
				uint8_t zero = 0;
				__atomic_compare_exchange_n(&job->big[q], &zero, (uint8_t)c, 0,
				                            __ATOMIC_RELAXED, __ATOMIC_RELAXED);
				if (!__atomic_compare_exchange_n(&job->values[q], &x, R_CODE_BIG, 0,
				                                 __ATOMIC_RELEASE, __ATOMIC_RELAXED))
					continue;   /* x reloaded */
				x = R_CODE_BIG;
				continue;
			}
		} else {
			c = R_CODE_UNCOUNTED - x;
		}
		const uint8_t want = c == 1 ? next_value : (uint8_t)(R_CODE_UNCOUNTED - (c - 1));
		if (__atomic_compare_exchange_n(&job->values[q], &x, want, 0, __ATOMIC_RELAXED,
		                                __ATOMIC_RELAXED))
			return c == 1;
	}
}

/* A win round: entry q, if unresolved, is won with next_value.  Returns 1 when this thread
 * resolved it (the exchange makes exactly one thread count an entry that two threads'
 * predecessors both reach; the plain load first skips most resolved entries). */
static inline int R_FN(_claim_win)(struct R_FN(_job) *job, uint64_t q, uint8_t next_value)
{
	uint8_t x = R_FN(_get)(job->values, q);
	if (!job->packed) {
		return x == 0 && __atomic_compare_exchange_n(&job->values[q], &x, next_value, 0,
		                                             __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	}
	while (x >= R_CODE_BIG && x != SOLVE_NONE)   /* unresolved: its count may change */
		if (__atomic_compare_exchange_n(&job->values[q], &x, next_value, 0, __ATOMIC_RELAXED,
		                                __ATOMIC_RELAXED))
			return 1;
	return 0;
}

/* Hands on to the predecessor indexes of *b (one entry resolved at distance d): in a win
 * round each unresolved one is won, in a loss round each count drops by one and one that
 * reaches 0 is lost.  What is resolved goes through the ring; in a fused round a new win's
 * position also joins *wins, to be handed on in turn. */
static inline void R_FN(_apply)(struct R_FN(_job) *job, const struct R_FN(_batch) *b,
                                struct R_FN(_ring) *r, struct R_FN(_queue) *wins)
{
	uint8_t *values = job->values;
	const uint8_t next_value = b->next_value;
	for (int k = 0; k < b->nq; k++) {
		const uint64_t q = (uint64_t)b->qs[k];
		if (b->odd) {
			if (!R_FN(_drop)(job, q, &b->ps[b->from[k]], next_value, r))
				continue;
		} else {
			if (!R_FN(_claim_win)(job, q, next_value))
				continue;
			if (job->fuse)
				wins->pos[wins->tail++ % R_QUEUED] = b->ps[b->from[k]];
		}
		/* Resolved: what is left to write (a loss's value; R_NEVER; the summary) waits in
		 * the ring while its line is fetched (see _settle). */
		if (r->n >= R_PENDING)
			R_FN(_settle)(job, r->q[r->n % R_PENDING], r);
		r->q[r->n++ % R_PENDING] = q | (uint64_t)next_value << R_VALUE_SHIFT;
		if (!job->packed)
			__builtin_prefetch(b->odd ? (const void *)&values[q] : (const void *)&job->left[q], 1);
		__builtin_prefetch(&job->present[(q >> R_GROUP_SHIFT) * 4 + (next_value >> 6)], 1);
	}
}

/* Applies the waiting batch and makes b (gathered, or NULL when there is none) the waiting
 * one; then, while a fused round's queue holds wins, gathers the next into the other batch
 * and goes on the same way.  Returns the batch left waiting, or NULL. */
static inline const struct R_FN(_batch) *R_FN(_advance)(
	struct R_FN(_job) *job, struct R_FN(_batch) batch[2], const struct R_FN(_batch) *waiting,
	struct R_FN(_batch) *b, struct R_FN(_ring) *r, struct R_FN(_queue) *wins)
{
	for (;;) {
		if (waiting)
			R_FN(_apply)(job, waiting, r, wins);
		waiting = b;
		/* A loss applies here at most once between two times the queue is empty,
		 * adding at most 2 * SOLVE_MAX_PREDS wins: R_QUEUED bounds the queue. */
		if (wins->head == wins->tail)
			return waiting;
		b = waiting == &batch[0] ? &batch[1] : &batch[0];
		R_FN(_gather_of)(job, &wins->pos[wins->head++ % R_QUEUED], (uint8_t)(job->round + 3), b);
	}
}

/* A backward round: each position resolved at distance d hands on to its predecessors.
 * Even d (losses): unresolved predecessors are won in d + 1.  Odd d (wins): each
 * predecessor index's count drops by one, and one that reaches 0 is lost in d + 1.  One
 * entry's predecessor indexes are counted once each, however many un-moves reach them (a
 * position's count holds distinct successor indexes).  A fused round (job->fuse, d even)
 * also does round d + 1: each win it finds hands on at once, from the predecessor
 * position it was found as, which saves finding and decoding it again (and its symmetric
 * image hands on to the same indexes).  That is exact: every win of distance <= d - 1 has
 * handed on before, so a count reaching 0 here is a loss in d + 2, and a position with a
 * successor lost in d + 1 is never lost, so the two kinds of write never meet.  Adds to
 * job->count the wins found, to job->count3 the losses, and to job->count2 the counts
 * found wrong (reaching 0 on a resolved entry, or a late count of 0): a defect, never
 * expected. */
static void R_FN(_round_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct R_FN(_job) *job = arg;
	const uint8_t target = (uint8_t)(job->round + 1);
	struct R_FN(_ring) ring = {.n = 0};
	R_CURSOR cur;
	memset(&cur, 0, sizeof cur);
	/* Each entry's predecessor indexes are gathered and prefetched one entry ahead of
	 * their updates (the next entry's batch is gathered while the last one waits), so
	 * that the misses overlap with the next entry's decoding and encoding, not only with
	 * each other.  Dobutsu build, two threads, alternating runs: 32.9 s before _settle's
	 * ring, 31.7 s with it, 30.4-30.8 s with this as well; two or three entries ahead,
	 * 30.3-30.7 s (no faster).
	 * Measured on the Dobutsu build and not kept, both with the table unchanged:
	 * - the updates deferred into per-thread buckets by index region (64K entries;
	 *   a bucket of 4096 applied when full, the rest after the round; loss rounds
	 *   decoding a predecessor to count it), so that a region's updates share its
	 *   cache lines: no faster (paired single-thread runs of 75-80 s: win rounds
	 *   alone +2.9 s, both kinds -1.6 s; two threads 42.5 and 39.8 s against 41.8
	 *   and 39.3 s) and 120 MB more;
	 * - plain stores for the value exchanges where one thread already decides:
	 *   +1.9 and -0.1 s (the locked instructions do not hold the rounds). */
	struct R_FN(_batch) batch[2];
	struct R_FN(_queue) wins;   /* a fused round's wins, handed on in the same pipeline */
	wins.head = wins.tail = 0;
	const struct R_FN(_batch) *waiting = NULL;
	for (uint64_t i = lo; (i = R_FN(_find)(job->values, job->present, i, hi, target)) < hi; i++) {
		struct R_FN(_batch) *b = waiting == &batch[0] ? &batch[1] : &batch[0];
		if (R_FN(_gather)(job, &cur, i, b) == 0)
			waiting = R_FN(_advance)(job, batch, waiting, b, &ring, &wins);
	}
	while (waiting)
		waiting = R_FN(_advance)(job, batch, waiting, NULL, &ring, &wins);
	for (uint64_t k = ring.n > R_PENDING ? ring.n - R_PENDING : 0; k < ring.n; k++)
		R_FN(_settle)(job, ring.q[k % R_PENDING], &ring);
	job->count[thread] += ring.resolved[0];
	job->count3[thread] += ring.resolved[1];
	job->count2[thread] += ring.wrong;
}

static double R_FN(_clock)(void) { return search_clock(); }

/* Packed codes to values, at the end of a packed build: what is unresolved is a draw. */
static void R_FN(_unpack_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	(void)thread;
	uint8_t *values = ((struct R_FN(_job) *)arg)->values;
	for (uint64_t i = lo; i < hi; i++)
		if (values[i] >= R_CODE_BIG && values[i] != SOLVE_NONE)
			values[i] = 0;
}

/* _retro_build with the counts packed in the values (packed) or apart; returns as it, or
 * -3 when a packed build meets a value the codes leave no room for. */
static int R_FN(_build_as)(uint8_t *values, const struct solve_options *o, int packed)
{
	struct R_FN(_job) job;
	memset(&job, 0, sizeof job);
	job.values = values;
	job.packed = packed;
	if (packed)   /* sparse: a page is used only where a count is above R_COUNT_INLINE */
		job.big = parallel_sparse_alloc(R_INDEX_SIZE);
	else
		job.left = parallel_huge_alloc(R_INDEX_SIZE);   /* decremented at random */
	job.present = parallel_huge_alloc(R_PRESENT_BYTES);   /* marked at random */
	if (!(packed ? job.big : job.left) || !job.present) {
		parallel_sparse_free(job.big, R_INDEX_SIZE);
		parallel_huge_free(job.left, R_INDEX_SIZE);
		parallel_huge_free(job.present, R_PRESENT_BYTES);
		return -1;
	}
	const double t0 = R_FN(_clock)();
	/* the rounds that follow cannot be known before they begin */
	const struct parallel_progress init_progress = {"yomi: solve: init", NULL, 1, -1, 0, 0};
	parallel_for_progress(o->threads, R_INDEX_SIZE, R_CHUNK, R_FN(_init_chunk), &job,
	                      o->progress ? &init_progress : NULL);
	const uint64_t wins = R_FN(_sum)(job.count), losses = R_FN(_sum)(job.count2),
	               none = R_FN(_sum)(job.count3), lost2 = R_FN(_sum)(job.count4);
	if (o->progress)
		fputc('\n', stderr);
	if (o->verbose)
		fprintf(o->log, "round   0: %" PRIu64 " lost in 0, %" PRIu64 " won in 1, %" PRIu64
		        " lost in 2 (%.1f s)\n", losses - lost2, wins, lost2, R_FN(_clock)() - t0);
	uint64_t unresolved = R_INDEX_SIZE - wins - losses - none;   /* so far */
	uint64_t at[SOLVE_MAX_DISTANCE + 2] = {0};   /* positions resolved at each distance */
	at[1] = wins;
	int last = 2;   /* the longest distance resolved so far (init resolves up to 2) */
	at[2] = lost2;
	uint64_t wrong = 0;
	/* The rounds' progress: each round's scan on the bar, and for the whole build the share
	 * of positions resolved, with the time left estimated from the rate of the rounds so
	 * far and the positions still unresolved (an overestimate by the draws among them, which
	 * no round resolves: 1.3% of Dobutsu's), and the job's steps after the build (o->later
	 * and o->later_ratio times the build's time), so that it is the whole job's. */
	const double rounds_t0 = R_FN(_clock)();
	const uint64_t positions = R_INDEX_SIZE - none, unresolved_at_init = unresolved;
	for (int d = 0; d <= last && d < SOLVE_MAX_DISTANCE && !wrong; d++) {
#ifdef R_WINS_AT_ONCE
		if (d == 1)
			continue;   /* the counts leave out successors won in 1 */
#endif
		memset(job.count, 0, sizeof job.count);
		memset(job.count2, 0, sizeof job.count2);
		memset(job.count3, 0, sizeof job.count3);
		job.round = d;
		/* From d = 2 on, every win a win round finds is new, and hands on at once (see
		 * _round_chunk): round d + 1 has nothing left to do.  Dobutsu build, two
		 * threads, alternating runs: 25.7 / 25.6 s against 27.8 / 27.6 s unfused (the
		 * 56M wins past distance 1 are no longer found by a scan and decoded). */
		job.fuse = !(d & 1) && d >= 2 && d + 1 < SOLVE_MAX_DISTANCE;
		if (packed && d + 2 + job.fuse >= R_CODE_BIG) {   /* values would meet the codes */
			wrong = (uint64_t)-1;
			break;
		}
		char label[80], after[80];
		const double spent = R_FN(_clock)() - rounds_t0;
		const uint64_t resolved = unresolved_at_init - unresolved;
		snprintf(label, sizeof label, "yomi: solve: round %d", d + 1);
		const int n = snprintf(after, sizeof after, " | %.1f%% resolved",
		                       positions ? 100.0 * (double)(positions - unresolved) /
		                                   (double)positions : 100.0);
		const double left = resolved ? spent * (double)unresolved / (double)resolved : 0;
		if (resolved && spent > 1 && o->later >= 0)
			snprintf(after + n, sizeof after - (size_t)n, ", ~%.0f s left in all", left +
			         o->later + o->later_ratio * (R_FN(_clock)() - t0 + left));
		else if (resolved && spent > 1)
			snprintf(after + n, sizeof after - (size_t)n, ", ~%.0f s of rounds left", left);
		const struct parallel_progress round_progress = {label, after, 0, 0, 0, 0};
		parallel_for_progress(o->threads, R_INDEX_SIZE, R_CHUNK, R_FN(_round_chunk), &job,
		                      o->progress ? &round_progress : NULL);
		wrong = R_FN(_sum)(job.count2);
		for (int kind = 0; kind < 1 + job.fuse; kind++) {
			const int e = d + kind;   /* the round whose results these are */
			/* wins in count, losses in count3 (an unfused loss round's too: the d = 1
			 * of a game without R_WINS_AT_ONCE, whose losses once went uncounted, and
			 * the build stopped there when init had left last at 1: test_retro) */
			const uint64_t found = R_FN(_sum)(e & 1 ? job.count3 : job.count);
			at[e + 1] += found;
			unresolved -= found;
			if (o->verbose)
				fprintf(o->log, "%sround %3d: %" PRIu64 " %s in %d (%.1f s)\n",
				        o->progress && !kind ? "\n" : "", e + 1, found,
				        e & 1 ? "lost" : "won", e + 1, R_FN(_clock)() - t0);
			if (found)
				last = e + 1;
		}
		d += job.fuse;
	}
	if (o->progress)
		fputc('\n', stderr);
	if (packed && !wrong)
		parallel_for(o->threads, R_INDEX_SIZE, R_CHUNK, R_FN(_unpack_chunk), &job, NULL);
	parallel_sparse_free(job.big, R_INDEX_SIZE);
	parallel_huge_free(job.left, R_INDEX_SIZE);
	parallel_huge_free(job.present, R_PRESENT_BYTES);
	if (wrong == (uint64_t)-1)
		return -3;
	return wrong ? -2 : 0;   /* a count that went wrong (see _round_chunk) */
}

/* Builds the table; values[R_INDEX_SIZE].  Returns 0, -1 when out of memory, or -2 when a
 * successor count went wrong.  The counts are packed into the values (one byte per
 * position); a game whose distances go past the packed codes' room (186 plies) is built
 * again with them apart (two bytes per position). */
static int R_FN(_retro_build)(uint8_t *values, const struct solve_options *o)
{
	const int rc = R_FN(_build_as)(values, o, 1);
	if (rc != -3)
		return rc;
	if (o->verbose || o->progress)
		fprintf(o->log ? o->log : stderr, "yomi: solve: distances past %d plies: solving "
		        "again with the counts apart (a byte more per position)\n", R_CODE_BIG - 2);
	return R_FN(_build_as)(values, o, 0);
}

#ifdef R_END_LATE
#include "solve/retro_late.h"
#endif

#include "solve/retro_verify.h"

#include "solve/retro_reach.h"

#undef R_FN
#undef R_CAT
#undef R_CAT2
#define YOMI_RETRO_ONCE
