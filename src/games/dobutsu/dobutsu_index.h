/*
 * dobutsu_index.h - a bijective index of Dobutsu positions, and the un-move generator:
 * what retrograde analysis (src/solve/) needs from the game.
 *
 * Why this index: the side to move is turned to be the first player (the board rotated,
 * colours swapped), so a position and its rotation share an entry.  The two lions choose one
 * of 21 configurations: not adjacent (the mover would take the enemy lion), the mover's lion
 * not on its far rank (it would have won), the enemy lion not on the mover's back rank (its
 * try either succeeded or is capturable), and the left-right mirror folded (a pair with both
 * lions on the b file keeps both images: equal values, two entries).  On the ten other
 * squares, the six other pieces (two each of chick/hen, elephant, giraffe; identical pieces
 * unordered) take a pattern of kinds; then one owner bit per piece on the board, one
 * promotion bit per chick on the board, and how many of each kind in hand the mover holds.
 * Owner bits run from the piece on the last free square (the lowest bit) to the first: the
 * same table compresses 5.6% smaller with distances and 11% WDL-only than in square order
 * (zstd, 16K blocks; the index's order is the table's order on disk).
 * That is 21 x 11,878,227 = 249,442,767 entries, every one a legal position, no hole.
 * Patterns are ranked by two five-square halves with small tables, so encoding is a few
 * table lookups and short bit loops (hot: once per successor or predecessor).  Encoding a
 * position's predecessors incrementally (its board rotated, mirrored and squeezed once, then
 * one or two squares changed per predecessor) made the build no faster in paired runs
 * (+0.3 s twice, of about 70 s).
 */
#ifndef YOMI_GAMES_DOBUTSU_INDEX_H
#define YOMI_GAMES_DOBUTSU_INDEX_H

#include <stdint.h>

#include "games/dobutsu/dobutsu.h"

enum {
	DOBI_LION_CONFIGS = 21,
	DOBI_PER_CONFIG = 11878227,
	DOBI_STATES = 27,                 /* (chicks, elephants, giraffes) on the board, 0..2 each */
	DOBI_PATTERNS = 56236,            /* kind patterns of the ten free squares */
};
#define DOBI_SIZE ((uint64_t)DOBI_LION_CONFIGS * DOBI_PER_CONFIG)

struct dobi_tables {
	uint16_t rev12[4096];             /* square s -> 11 - s (the board turned) */
	uint16_t mir12[4096];             /* file a <-> file c */
	uint16_t spread5[32];             /* bit j -> 4^j */
	uint8_t lion_config[12][12];      /* [mover lion][enemy lion] -> config | mirror << 7, or 0xff */
	uint8_t config_lions[DOBI_LION_CONFIGS][2];
	uint16_t squeeze_lo[DOBI_LION_CONFIGS], squeeze_mid[DOBI_LION_CONFIGS],
	         squeeze_hi[DOBI_LION_CONFIGS];
	uint8_t free_squares[DOBI_LION_CONFIGS][10];
	uint8_t state5[1024];             /* digits of a half -> state, 0xff if a kind > 2 */
	uint32_t hi_base[1024];           /* offset of a high half's patterns */
	uint32_t lo_off[DOBI_STATES][1024];  /* offset of a low half given the high half's state */
	uint32_t block[DOBI_STATES];      /* entries of a pattern with these totals */
	/* decode: every pattern in index order, and a coarse map from an offset to the
	 * first pattern of its 256-entry stretch (blocks hold at least 27 entries, so a short
	 * forward scan finds the pattern: no binary search) */
	struct dobi_pattern {
		uint32_t offset;      /* within a lion configuration */
		uint32_t digits;      /* the ten kind digits, low half | high half << 10 */
		uint8_t state;        /* pieces on the board by kind (see DOBI_STATES) */
		uint8_t hands;        /* in-hand combinations: (3-c)(3-e)(3-g) */
		uint64_t recip;       /* ceil(2^32 / hands): division by multiplication */
	} patterns[DOBI_PATTERNS + 1];
	uint16_t coarse[(DOBI_PER_CONFIG >> 8) + 1];
	uint8_t hand_split[DOBI_STATES][27][3];   /* [state][hand index] -> chicks, eles, gifs */
	uint8_t extract5[32][32];         /* [mask][x]: the bits of x under mask, packed low */
};

extern struct dobi_tables dobi;

/* Fills the tables (idempotent, thread-safe); every entry point below needs it first. */
void dobi_init(void);

static inline int dobi_state_add(int a, int b)
{
	const int c = a / 9 + b / 9, e = a / 3 % 3 + b / 3 % 3, g = a % 3 + b % 3;
	return c > 2 || e > 2 || g > 2 ? -1 : c * 9 + e * 3 + g;
}

/* Removes bits a and b (a < b) of a 12-bit mask: the ten free squares of a config. */
static inline unsigned dobi_squeeze(unsigned x, int cfg)
{
	return (x & dobi.squeeze_lo[cfg]) | ((x >> 1) & dobi.squeeze_mid[cfg]) |
	       ((x >> 2) & dobi.squeeze_hi[cfg]);
}

/* The bits of the ten-bit x under mask, packed low in square order (a parallel bit
 * extract by two five-bit table look-ups: no loop, no BMI2 needed). */
static inline unsigned dobi_extract10(unsigned x, unsigned mask)
{
	return dobi.extract5[mask & 31][x & 31] |
	       (unsigned)dobi.extract5[mask >> 5][(x >> 5) & 31] << __builtin_popcount(mask & 31);
}

/* The index of *p (either side to move), or -1 when it has none (a lion is missing or the
 * lions stand as the index leaves out; see above). */
static inline int64_t dobi_encode(const struct dobutsu_pos *p)
{
	const int us = p->stm, them = us ^ 1;
	unsigned own_lion = p->bb[us][DOB_LION], opp_lion = p->bb[them][DOB_LION];
	unsigned chicks = p->bb[0][DOB_CHICK] | p->bb[1][DOB_CHICK] | p->bb[0][DOB_HEN] |
	                  p->bb[1][DOB_HEN];
	unsigned hens = p->bb[0][DOB_HEN] | p->bb[1][DOB_HEN];
	unsigned eles = p->bb[0][DOB_ELEPHANT] | p->bb[1][DOB_ELEPHANT];
	unsigned gifs = p->bb[0][DOB_GIRAFFE] | p->bb[1][DOB_GIRAFFE];
	unsigned opp = p->bb[them][0];
	if (!own_lion || !opp_lion)
		return -1;
	if (us) {
		own_lion = dobi.rev12[own_lion], opp_lion = dobi.rev12[opp_lion];
		chicks = dobi.rev12[chicks], hens = dobi.rev12[hens];
		eles = dobi.rev12[eles], gifs = dobi.rev12[gifs], opp = dobi.rev12[opp];
	}
	const unsigned c = dobi.lion_config[__builtin_ctz(own_lion)][__builtin_ctz(opp_lion)];
	if (c == 0xff)
		return -1;
	const int cfg = (int)(c & 0x7f);
	if (c & 0x80) {
		chicks = dobi.mir12[chicks], hens = dobi.mir12[hens];
		eles = dobi.mir12[eles], gifs = dobi.mir12[gifs], opp = dobi.mir12[opp];
	}
	chicks = dobi_squeeze(chicks, cfg), hens = dobi_squeeze(hens, cfg);
	eles = dobi_squeeze(eles, cfg), gifs = dobi_squeeze(gifs, cfg);
	opp = dobi_squeeze(opp, cfg);
	const unsigned lo = dobi.spread5[chicks & 31] + 2u * dobi.spread5[eles & 31] +
	                    3u * dobi.spread5[gifs & 31];
	const unsigned hi = dobi.spread5[chicks >> 5] + 2u * dobi.spread5[eles >> 5] +
	                    3u * dobi.spread5[gifs >> 5];
	const int nc = __builtin_popcount(chicks), ne = __builtin_popcount(eles),
	          ng = __builtin_popcount(gifs);
	/* owner bits, one per piece on the board, the piece on the last square lowest (see
	 * the top); promotion bits per chick in square order */
	const unsigned owner = dobi.rev12[dobi_extract10(opp, chicks | eles | gifs)] >>
	                       (12 - nc - ne - ng);
	const unsigned promo = dobi_extract10(hens, chicks);
	const int he = 3 - ne, hg = 3 - ng;
	const unsigned hand = (unsigned)(p->hand[us][DOB_CHICK] * he * hg +
	                                 p->hand[us][DOB_ELEPHANT] * hg + p->hand[us][DOB_GIRAFFE]);
	const unsigned hands = (unsigned)((3 - nc) * he * hg);
	const uint64_t sub = (uint64_t)((owner << nc) | promo) * hands + hand;
	return (int64_t)((uint64_t)cfg * DOBI_PER_CONFIG + dobi.hi_base[hi] +
	                 dobi.lo_off[dobi.state5[hi]][lo] + sub);
}

/* Fills *p (first player to move) from index idx < DOBI_SIZE; returns 0 (every index is a
 * position; -1 only for idx out of range). */
int dobi_decode(uint64_t idx, struct dobutsu_pos *p);

/* A decoded board and the run of indexes [lo, hi) that share it (they differ only in
 * what is in hand, the index's fastest digit): scans in index order decode a board once
 * per run and only set the hands for the rest. */
struct dobi_cursor {
	uint64_t lo, hi;             /* empty (lo == hi) before the first decode */
	uint8_t state;               /* pieces on the board by kind (see DOBI_STATES) */
	struct dobutsu_pos pos;      /* the board of the run (hands set per index) */
	/* The run's pattern (lions and kinds on squares), so that the next run of the same
	 * pattern, which differs only in owner and promotion bits, is placed without finding
	 * the pattern again or placing piece by piece (see dobi_decode_board). */
	uint64_t pattern_end;        /* the index after the pattern's last */
	uint64_t kinds_lo;           /* board bytes of the lions and the kinds (chick, elephant, */
	uint32_t kinds_hi;           /* giraffe: all the first player's), squares 0-7 and 8-11 */
	uint16_t mask[4];            /* squares of the six pieces, and of each kind of them */
	uint16_t lion[2];            /* each lion's square, as a mask */
	uint16_t bits;               /* the run's owner and promotion bits */
};

/* dobi_decode, also setting the cursor's run: returns 0, or -1 (idx out of range).  The run
 * right after the cursor's, when in the same pattern, is placed from the pattern kept. */
int dobi_decode_board(uint64_t idx, struct dobi_cursor *cur);

/* dobi_decode for scans in index order: the cursor's own position, its hands set for idx
 * (the board decoded only when idx leaves the cursor's run), valid until the next call; or
 * NULL (idx out of range).  Handing out the cursor's position instead of a copy: a board
 * just decoded is written a byte or two at a time, and the whole-struct loads of a copy
 * cannot be forwarded from those stores (they wait for them to reach the cache).  Dobutsu
 * build, two threads, alternating runs: init 6.0 / 5.9 s against 6.4 / 6.2 s, the whole
 * solve 27.9 / 27.6 s against 28.5 / 28.1 s. */
static inline const struct dobutsu_pos *dobi_decode_at(struct dobi_cursor *cur, uint64_t idx)
{
	if (idx - cur->lo >= cur->hi - cur->lo && dobi_decode_board(idx, cur) < 0)
		return 0;
	struct dobutsu_pos *p = &cur->pos;
	const uint8_t *in = dobi.hand_split[cur->state][idx - cur->lo];
	const int st = cur->state;
	p->hand[0][DOB_CHICK] = in[0];
	p->hand[0][DOB_ELEPHANT] = in[1];
	p->hand[0][DOB_GIRAFFE] = in[2];
	p->hand[1][DOB_CHICK] = (uint8_t)(2 - st / 9 - in[0]);
	p->hand[1][DOB_ELEPHANT] = (uint8_t)(2 - st / 3 % 3 - in[1]);
	p->hand[1][DOB_GIRAFFE] = (uint8_t)(2 - st % 3 - in[2]);
	return p;
}

/* *p turned left to right. */
void dobi_mirror(const struct dobutsu_pos *p, struct dobutsu_pos *out);

/* Every position with a legal, not game-ending move to *s: the last mover's piece on each
 * square went back to an empty square it could have come from (a hen on the far rank may
 * also have been a chick promoting), optionally leaving behind an enemy piece of a kind the
 * last mover holds in hand (a chick in hand may have been a hen), or went back into the
 * hand (drops).  Positions outside the index are filtered out by the caller (encode = -1).
 * Returns the count (<= SOLVE_MAX_PREDS). */
static inline int dobi_unmoves_of(const struct dobutsu_pos *s, struct dobutsu_pos *preds,
                                   uint16_t pieces);

static inline int dobi_unmoves(const struct dobutsu_pos *s, struct dobutsu_pos *preds)
{
	return dobi_unmoves_of(s, preds, s->bb[s->stm ^ 1][0]);
}

/* dobi_unmoves less predecessors in which the last mover attacks the mover's lion (won in
 * 1: the solver's rounds skip them), for the rounds: found without generating them.  A
 * piece of the last mover that attacks the lion in *s still does in every predecessor but
 * those of its own un-moves (pieces only step; the lion stays; an un-capture leaves a piece
 * of the mover's).  So with two such attackers there is none left, and with one only its
 * un-moves are made.  The rest may still be won at once (the caller tests each).  In the
 * first win round of the Dobutsu build, 87% of the predecessors were won at once. */
static inline int dobi_unmoves_open(const struct dobutsu_pos *s, struct dobutsu_pos *preds)
{
	const int last = s->stm ^ 1;
	const uint16_t attackers = dob_attackers(s, s->lion[s->stm], last);
	if (attackers & (attackers - 1))
		return 0;
	return dobi_unmoves_of(s, preds, attackers ? attackers : s->bb[last][0]);
}

/* dobi_unmoves of the last mover's pieces on `pieces` only. */
static inline int dobi_unmoves_of(const struct dobutsu_pos *s, struct dobutsu_pos *preds,
                                  uint16_t pieces)
{
	const int mover = s->stm, last = mover ^ 1;
	int n = 0;
	const uint16_t occupied = s->bb[0][0] | s->bb[1][0];
	for (; pieces; pieces &= pieces - 1) {
		const int to = __builtin_ctz(pieces);
		const int type = dob_type_at(s, to);
		/* drops */
		if (type >= DOB_CHICK && type <= DOB_GIRAFFE) {
			struct dobutsu_pos *q = &preds[n++];
			*q = *s;
			dob_remove(q, to);
			q->hand[last][type]++;
			q->stm = (uint8_t)last;
		}
		/* board moves: the same piece, or a chick that promoted on arriving */
		for (int variant = 0; variant < 2; variant++) {
			int before = type;
			if (variant == 1) {
				if (type != DOB_HEN || !((dob_far_rank(last) >> to) & 1))
					break;
				before = DOB_CHICK;
			} else if (type == DOB_CHICK && ((dob_far_rank(last) >> to) & 1)) {
				continue;   /* an unpromoted chick on the far rank was dropped there */
			}
			/* last's piece of type `before` on `from` attacks `to` exactly when the
			 * mover's would attack `from` from `to` */
			uint16_t froms = dob_att[mover][before][to] & ~occupied;
			for (; froms; froms &= froms - 1) {
				const int from = __builtin_ctz(froms);
				struct dobutsu_pos base = *s;
				dob_remove(&base, to);
				dob_put(&base, from, last, before);
				if (before == DOB_LION)
					base.lion[last] = (uint8_t)from;
				base.stm = (uint8_t)last;
				preds[n++] = base;
				for (int k = DOB_CHICK; k <= DOB_GIRAFFE; k++) {
					if (!s->hand[last][k])
						continue;
					for (int hen = 0; hen <= (k == DOB_CHICK); hen++) {
						struct dobutsu_pos *q = &preds[n++];
						*q = base;
						q->hand[last][k]--;
						dob_put(q, to, mover, hen ? DOB_HEN : k);
					}
				}
			}
		}
	}
	return n;
}

#endif
