/*
 * dobutsu_solve.c - Dobutsu's binding to the retrograde solver: the generic passes of
 * src/solve/retro_template.h instantiated over the index of dobutsu_index.h.
 *
 * Game-ending moves from an indexed position are always wins for the mover (taking the
 * lion, or a safe try): a lion left standing on the mover's back rank is outside the index.
 */
#include "games/dobutsu/dobutsu_index.h"
#include "games/dobutsu/dobutsu_mate.h"
#include "yomi/solve.h"

/* The mirror image's index, when it has one of its own: both lions on the b file. */
static inline int64_t dob_fold(const struct dobutsu_pos *p)
{
	if (p->lion[0] % 3 != 1 || p->lion[1] % 3 != 1)
		return -1;
	struct dobutsu_pos m;
	dobi_mirror(p, &m);
	return dobi_encode(&m);
}

/* Not expanded by the reachable walk: the mover can take the enemy lion. */
static inline int dob_can_take_lion(const struct dobutsu_pos *p)
{
	const int them = p->stm ^ 1;
	return p->lion[them] < DOB_SQUARES && dob_attacked(p, p->lion[them], p->stm);
}

static inline uint8_t dob_fast_init(const struct dobutsu_pos *p);

/* 0 when the mover surely has a move the opponent cannot answer by taking the lion or by
 * a safe try (so it is not lost in 2).  Attacks are single steps, so a move other than the
 * lion's never exposes the lion; if the lion is not attacked now and the enemy lion is not
 * one step from its far rank, any such move (a drop, or a piece with a step) will do. */
static inline int dob_may_lose_in_2(const struct dobutsu_pos *p)
{
	const int us = p->stm, them = us ^ 1;
	if (dob_attacked(p, p->lion[us], them) ||
	    (dob_att[them][DOB_LION][p->lion[them]] & dob_far_rank(them)))
		return 1;
	if (p->hand[us][DOB_CHICK] | p->hand[us][DOB_ELEPHANT] | p->hand[us][DOB_GIRAFFE])
		return 0;
	const uint16_t own = p->bb[us][0];
	for (uint16_t pieces = own & ~p->bb[us][DOB_LION]; pieces; pieces &= pieces - 1) {
		const int from = __builtin_ctz(pieces);
		if (dob_att[us][dob_type_at(p, from)][from] & ~own)
			return 0;
	}
	return 1;
}

/* dob_key64 of the mirror image (files a and c swapped): the key is 4 bits per square,
 * square = rank * 3 + file. */
static inline uint64_t dob_key_mirror(uint64_t k)
{
	const uint64_t file_a = 0xf00f00f00full, file_c = file_a << 8;
	return (k & ~(file_a | file_c)) | (k & file_a) << 8 | (k & file_c) >> 8;
}

static inline int dob_successors(const struct dobutsu_pos *p, const yomi_move *moves, int n);

/* After a game-ending move: 1 when it was a try (the loser's lion is still on the board);
 * the survival rule counts it one ply later. */
static inline int dob_ends_by_try(const struct dobutsu_pos *o)
{
	return o->lion[o->stm] != DOB_NO_SQUARE;
}

#define R_PREFIX dobutsu
#define R_POS struct dobutsu_pos
#define R_MAX_MOVES DOB_MAX_MOVES
#define R_INDEX_SIZE DOBI_SIZE
#define R_DECODE(i, p) dobi_decode(i, p)
#define R_CURSOR struct dobi_cursor
#define R_DECODE_AT(c, i) dobi_decode_at(c, i)
#define R_ENCODE(p) dobi_encode(p)
#define R_OVER(p) GAME_ONGOING
#define R_GEN dobutsu_gen
#define R_PLAY dobutsu_play
#define R_END_LOST(p) 1
#define R_OUTSIDE(p) 2
#define R_UNMOVES dobi_unmoves_open
#define R_START dobutsu_start
#define R_FOLD dob_fold
#define R_TERMINAL dob_can_take_lion
#define R_INIT(p) dob_fast_init(p)
#define R_SUCCESSORS(p, moves, n) dob_successors(p, moves, n)
#define R_END_LATE(o) dob_ends_by_try(o)
#define R_WINS_ON_TIME(p) dob_can_take_lion(p)
#define R_WINS_AT_ONCE(p) dob_wins_at_once(p)
#include "solve/retro_template.h"

/* R_SUCCESSORS: the generic count (retro_template.h's _successors) without encoding or
 * playing (dob_move_outcome tells the successors won at once).  From an unresolved
 * position every successor not won at once is in the index (see the top), and two of them
 * share an index exactly when they are mirror images, unless both lions stand on the b
 * file: then each image has its index (R_FOLD).  So the count is that of distinct keys, a
 * key and its mirror's made one except on the b file. */
static inline int dob_successors(const struct dobutsu_pos *p, const yomi_move *moves, int n)
{
	const uint64_t key = dob_key64(p);
	int64_t seen[2 * DOB_MAX_MOVES];   /* keys: 61 bits */
	uint64_t filter[2] = {0, 0};
	int ns = 0;
	const int us = p->stm, them = us ^ 1, lion = p->lion[us];
	/* Most moves need no test (pieces only step, so a move changes only the attacks of the
	 * piece it moves or takes): with our lion attacked, a move of another piece that takes
	 * neither an attacker nor the enemy lion leaves it attacked (1); with it safe and no
	 * square for the enemy lion to try on, such a move that takes nothing leaves the
	 * opponent no win (0). */
	struct dob_outcome_ctx oc;
	dob_outcome_setup(p, &oc);
	const uint16_t attackers = dob_attackers(p, lion, them);
	uint16_t untested = 0;   /* destinations of the other pieces' moves told without a test */
	if (attackers)
		untested = (uint16_t)~(attackers | p->bb[them][DOB_LION]);
	else if (!oc.tries)   /* no square for the enemy lion to try on */
		untested = (uint16_t)~p->bb[them][0];
	/* Successors a1, a2 of moves m1, m2 with a2 the mirror image of a1 (or a1 its own) make
	 * the position and its own image differ only on the squares of m2 and the image of m1:
	 * four at most.  Where they differ on more (the key and its mirror's nibbles), every
	 * successor has an index, or two on the b file, of its own: counted without keys. */
	const uint64_t diff = key ^ dob_key_mirror(key);
	const int apart = __builtin_popcountll((diff | diff >> 1 | diff >> 2 | diff >> 3) &
	                                       0x111111111111ull) > 4;
	for (int k = 0; k < n; k++) {
		const int to = DOB_TO(moves[k]);
		const int outcome = DOB_FROM(moves[k]) != lion && ((untested >> to) & 1)
		                  ? attackers != 0 : dob_move_outcome_at(p, &oc, moves[k]);
		if (outcome == 2)
			return -1;   /* a game-ending move wins (see the top) */
		if (outcome)
			continue;    /* the successor is won at once */
		const int now = DOB_FROM(moves[k]) == lion ? to : lion;
		const int b_file = now % 3 == 1 && p->lion[them] % 3 == 1;
		if (apart) {
			ns += 1 + b_file;
			continue;
		}
		const uint64_t a = dob_key_after(p, moves[k], key), b = dob_key_mirror(a);
		if (b_file) {
			dobutsu_add_index(seen, &ns, filter, (int64_t)a);
			dobutsu_add_index(seen, &ns, filter, (int64_t)b);
		} else {
			dobutsu_add_index(seen, &ns, filter, (int64_t)(a < b ? a : b));
		}
	}
	return ns;
}

/* R_INIT: the generic init value (retro_template.h), lost in 2 included, computed on the
 * position itself: won in 1 when the mover can end the game now; lost in 0 without moves;
 * lost in 2 when every move lets the opponent end it (each move tested on the type masks by
 * dob_move_outcome_at, never played or encoded: the test replaces a look-up), which the
 * cheap filter rules out for most positions.  A position outside the index that a move reaches
 * lets its mover take the lion at once, which the same test sees. */
static inline uint8_t dob_fast_init(const struct dobutsu_pos *p)
{
	if (dob_wins_at_once(p))
		return 2;
	if (!dob_may_lose_in_2(p))
		return 0;
	yomi_move moves[DOB_MAX_MOVES];
	const int n = dobutsu_gen(p, moves);
	if (n == 0)
		return 1;
	/* The moves likeliest to leave the opponent no win first (the lion's, and captures:
	 * what answers a check or takes the piece that guards a try square), then the rest:
	 * most positions that pass the filter have such a move, so fewer moves are tested. */
	const int us = p->stm;
	const uint16_t enemy = p->bb[us ^ 1][0];
	struct dob_outcome_ctx oc;
	dob_outcome_setup(p, &oc);
	for (int pass = 0; pass < 2; pass++) {
		/* With our lion attacked, the others (not the lion's, taking nothing) leave it so */
		if (pass == 1 && ((oc.their_attacks >> p->lion[us]) & 1))
			break;
		for (int k = 0; k < n; k++) {
			const int likely = DOB_FROM(moves[k]) == p->lion[us] ||
			                   ((enemy >> DOB_TO(moves[k])) & 1);
			if (likely == pass)   /* pass 0: the likely ones; pass 1: the others */
				continue;
			const int outcome = dob_move_outcome_at(p, &oc, moves[k]);
			if (outcome == 2)
				return 2;   /* a game-ending move wins (see the top); not met after the test above */
			if (!outcome)
				return 0;
		}
	}
	return 3;
}

static int64_t s_encode(const void *pos)
{
	dobi_init();
	return dobi_encode(pos);   /* -1 without both lions */
}

static int s_decode(uint64_t idx, void *pos)
{
	dobi_init();
	return dobi_decode(idx, pos);
}

static int s_unmoves(const void *pos, void *preds)
{
	return dobi_unmoves(pos, preds);
}

static uint8_t s_quick(const void *pos)
{
	const struct dobutsu_pos *p = pos;
	if (p->lion[0] == DOB_NO_SQUARE || p->lion[1] == DOB_NO_SQUARE)
		return 0;
	return dob_wins_at_once(p) ? 2 : 0;
}

/* mark_quick of the solver: the index in runs of one board (dobi_decode_at's cursor; only
 * the hands differ within a run), each run's quick test made once, since whether the mover
 * wins at once (takes the lion, or tries safely) depends on the board alone.  Decoding and
 * testing index by index took most of a table's load: `solve --verify --part 200/200
 * --threads 1` of the Dobutsu table (almost all of it the load) took 16.2-16.6 s of cpu, 67%
 * of it in the decode (perf); with this, 4.8-4.9 s. */
static void s_mark_quick(uint64_t first, uint64_t n, uint8_t *values)
{
	dobi_init();
	struct dobi_cursor cur;
	memset(&cur, 0, sizeof cur);
	for (uint64_t k = 0; k < n;) {
		const struct dobutsu_pos *p = dobi_decode_at(&cur, first + k);
		if (!p)
			return;   /* past the index: no position */
		const uint64_t end = cur.hi - first < n ? cur.hi - first : n;
		if (s_quick(p) == 2)
			memset(values + k, 2, end - k);
		k = end;
	}
}

static int s_build(uint8_t *values, const struct solve_options *o)
{
	dobi_init();
	return dobutsu_retro_build(values, o);
}

static uint64_t s_verify(const uint8_t *values, const uint64_t *late, int wdl,
                         const struct solve_options *o, uint64_t *bad_late)
{
	dobi_init();
	return dobutsu_retro_verify(values, late, wdl, o, bad_late);
}

static int s_late(const uint8_t *values, uint64_t *late, const struct solve_options *o)
{
	dobi_init();
	return dobutsu_retro_late(values, late, o);
}

static int s_ends_late(const void *over)
{
	return dob_ends_by_try(over);
}

static int s_wins_on_time(const void *pos)
{
	return dob_can_take_lion(pos);
}

static int s_reachable(const uint8_t *values, struct solve_counts *ongoing, uint64_t *total,
                       const struct solve_options *o)
{
	dobi_init();
	return dobutsu_retro_reachable(values, ongoing, total, o);
}

const struct game_solver dobutsu_solver = {
	.index_size = DOBI_SIZE,
	.encoding = "dobutsu-21x11878227-v2",
	.encode = s_encode,
	.decode = s_decode,
	.unmoves = s_unmoves,
	.quick = s_quick,
	.mark_quick = s_mark_quick,
	.build = s_build,
	.verify = s_verify,
	.rules = "arrival",
	.late_rules = "survival",
	.late = s_late,
	.ends_late = s_ends_late,
	.wins_on_time = s_wins_on_time,
	.reachable = s_reachable,
};
