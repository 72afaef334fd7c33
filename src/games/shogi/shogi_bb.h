/*
 * shogi_bb.h - 81-square bitboards for shogi and the attack tables built on them.
 *
 * Why one 128-bit integer: the strong engines (YaneuraOu, Apery) keep 81 squares in two
 * 64-bit words; gcc's unsigned __int128 is exactly that pair, with shifts and carries that
 * cross the words for free, so a pawn push is one shift and a file is nine contiguous bits.
 * Squares are numbered file-major as in YaneuraOu: sq = 9 * file + rank, file 0 = USI file 1
 * (the first player's right), rank 0 = USI rank a (the second player's back rank).
 *
 * Why multiply-gathers for sliders, not magic tables or PEXT: along any line (a file, a
 * rank, either diagonal) the squares are evenly spaced (1, 9, 8 or 10 apart), so after a
 * shift the line's inner squares sit at multiples of the spacing in one 64-bit word, and one
 * multiplication gathers them into 7 index bits (the exponents of the partial products are
 * all distinct, so nothing carries: tests/test_shogi.c checks every line against a
 * square-by-square walk).  Tables stay small (under 40 KB in all, cache-resident), the code
 * needs no BMI2 (PEXT is microcoded on older AMD) and each line costs a few instructions.
 */
#ifndef YOMI_SHOGI_BB_H
#define YOMI_SHOGI_BB_H

#include <stdint.h>

typedef unsigned __int128 sbb;

enum {
	SG_FILES = 9,
	SG_RANKS = 9,
	SG_SQUARES = 81,
	SG_NO_SQUARE = 81,
};

static inline sbb sbb_bit(int sq) { return (sbb)1 << sq; }
static inline int sbb_test(sbb b, int sq) { return (int)(b >> sq) & 1; }
static inline uint64_t sbb_lo(sbb b) { return (uint64_t)b; }
static inline uint64_t sbb_hi(sbb b) { return (uint64_t)(b >> 64); }
static inline int sbb_count(sbb b)
{
	return __builtin_popcountll(sbb_lo(b)) + __builtin_popcountll(sbb_hi(b));
}
static inline int sbb_more_than_one(sbb b) { return (b & (b - 1)) != 0; }
/* The lowest square of b (b not empty). */
static inline int sbb_first(sbb b)
{
	const uint64_t lo = sbb_lo(b);
	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(sbb_hi(b));
}
/* Removes and returns the lowest square of *b (not empty). */
static inline int sbb_pop(sbb *b)
{
	const int sq = sbb_first(*b);
	*b &= *b - 1;
	return sq;
}
#define SBB_FOR_EACH(sq, bb) for (sbb bb_##sq = (bb); bb_##sq && ((sq) = sbb_pop(&bb_##sq), 1);)

static inline int sg_file(int sq) { return sq / 9; }
static inline int sg_rank(int sq) { return sq % 9; }
static inline int sg_square(int file, int rank) { return file * 9 + rank; }

#define SBB_ALL (((sbb)1 << 81) - 1)

/* Tables built once at start-up (shogi_tables.c). */
struct sg_tables {
	sbb step[16][2][SG_SQUARES];      /* [type][colour][sq]: a stepping piece's attacks */
	sbb between[SG_SQUARES][SG_SQUARES];   /* squares strictly between two on a line */
	sbb ray[SG_SQUARES][9];           /* from sq in direction d (1-8) to the edge */
	uint8_t dir[SG_SQUARES][SG_SQUARES];   /* direction 1-8 from a to b on a line, else 0 */
	/* Sliders: per square and line (0 file, 1 rank, 2 diagonal +10, 3 diagonal +8), the shift
	 * that brings the line's inner squares to multiples of its spacing from bit 0, their
	 * mask there, and where the line starts; patterns are 9-bit sets along a line. */
	uint8_t line_shift[4][SG_SQUARES];
	uint8_t line_start[4][SG_SQUARES];   /* lowest square of the line */
	uint8_t line_pos[4][SG_SQUARES];     /* sq's index along its line */
	uint8_t line_len[4][SG_SQUARES];
	uint64_t line_mask[4][SG_SQUARES];
	uint16_t line_att[10][9][128];       /* [length][position][inner occupancy] */
	uint16_t lance_att[2][9][128];       /* [colour][rank][inner occupancy of the file] */
	sbb spread[4][512];                  /* a line pattern as squares from square 0 */
	sbb rank_bb[SG_RANKS], file_bb[SG_FILES];
	sbb near2[SG_SQUARES];               /* squares at most two files and ranks away */
	uint64_t zob_board[32][SG_SQUARES];
	uint64_t zob_hand[2][8][20];
	uint64_t zob_side;
	/* The evaluation's incremental part (shogi_eval.c), first player's view: a piece on a
	 * square, and the value of the first n pieces of a type in a hand. */
	int16_t psq[32][SG_SQUARES];
	int16_t handv[2][8][20];
	uint64_t zob2_board[32][SG_SQUARES];   /* a second, independent key (game_key.w[1]) */
	uint64_t zob2_hand[2][8][20];
	uint64_t zob2_side;
};
extern struct sg_tables sg_t;
/* Builds sg_t (idempotent, thread-safe; called by the constructor and the entry points). */
void sg_tables_init(void);

/* Multiply-gather constants per line kind (see the top of this file). */
static const uint64_t sg_line_magic[4] = {
	0, 0x0202020202020200ULL, 0x0201008040201008ULL, 0x0204081020408000ULL};

/* Index (inner occupancy, up to 7 bits) of line `kind` through sq. */
static inline unsigned sg_line_index(sbb occ, int kind, int sq)
{
	const uint64_t x = (uint64_t)(occ >> sg_t.line_shift[kind][sq]) & sg_t.line_mask[kind][sq];
	if (kind == 0)
		return (unsigned)x;
	return (unsigned)((x * sg_line_magic[kind]) >> 57);
}

static inline sbb sg_line_attacks(sbb occ, int kind, int sq)
{
	const unsigned pat = sg_t.line_att[sg_t.line_len[kind][sq]][sg_t.line_pos[kind][sq]]
	                                  [sg_line_index(occ, kind, sq)];
	return sg_t.spread[kind][pat] << sg_t.line_start[kind][sq];
}

static inline sbb sg_file_attacks(sbb occ, int sq)
{
	const unsigned idx = (unsigned)(occ >> (sq - sg_rank(sq) + 1)) & 0x7f;
	return (sbb)sg_t.line_att[9][sg_rank(sq)][idx] << (sq - sg_rank(sq));
}

static inline sbb sg_lance_attacks(int colour, sbb occ, int sq)
{
	const unsigned idx = (unsigned)(occ >> (sq - sg_rank(sq) + 1)) & 0x7f;
	return (sbb)sg_t.lance_att[colour][sg_rank(sq)][idx] << (sq - sg_rank(sq));
}

static inline sbb sg_rook_attacks(sbb occ, int sq)
{
	return sg_file_attacks(occ, sq) | sg_line_attacks(occ, 1, sq);
}

static inline sbb sg_bishop_attacks(sbb occ, int sq)
{
	return sg_line_attacks(occ, 2, sq) | sg_line_attacks(occ, 3, sq);
}

#endif
