/*
 * othello.h - Othello (8x8, 6x6, 4x4) on bitboards: the rules every other Othello file
 * builds on (move generation, flips, final score, stability).
 *
 * Why bitboards relative to the side to move (P = player to move, O = opponent): a move is
 * a handful of shifts and masks, a pass is a swap, and the same (P, O) pair means the same
 * problem whatever the colours, so search tables need no colour bit.
 *
 * Squares: bit = rank * 8 + file, a1 = bit 0, h1 = bit 7, a8 = bit 56 (rank 1 is the top
 * row of the standard board strings).  The small boards use the top-left corner (a1..f6,
 * a1..d4) of the same 8x8 bitboard with a mask of playable squares: squares off the mask are
 * never empty, never a disc, so rays and fills stop there as at the edge.
 *
 * Flips without a per-square loop, two ways: by rays (portable: each of the 8 directions
 * finds the nearest square that is not an opponent disc with one bit scan; if it is our
 * disc, the squares in between flip), or by lines where the CPU has fast BMI2 (each of the
 * 4 lines through the square gathered into a byte, two byte tables, scattered back: about
 * 20% fewer instructions in the solver).  Compile-time tables only.
 */
#ifndef YOMI_OTHELLO_H
#define YOMI_OTHELLO_H

#include <stdint.h>

#include "yomi/game.h"

enum {
	OTH_PASS = 65,            /* move code of a pass; squares are bit + 1 (1..64) */
	OTH_MAX_MOVES = 33,       /* at most 32 legal squares (a known bound), or one pass */
};

#define OTH_MASK8 0xffffffffffffffffULL
#define OTH_MASK6 0x00003f3f3f3f3f3fULL
#define OTH_MASK4 0x000000000f0f0f0fULL
#define OTH_NOT_A 0xfefefefefefefefeULL   /* every file but a */
#define OTH_NOT_H 0x7f7f7f7f7f7f7f7fULL   /* every file but h */

/* A position: the discs of the side to move and of its opponent, and who that is. */
struct othello_pos {
	uint64_t p;          /* discs of the side to move */
	uint64_t o;          /* discs of the opponent */
	uint64_t mask;       /* playable squares (the board size) */
	uint8_t white;       /* 1 if white (O) is to move; black (X) moves first */
	uint8_t pad[3];
	uint32_t ply;        /* 1 + discs played since the start, for display */
};

static inline int oth_popcount(uint64_t x) { return __builtin_popcountll(x); }

/* Squares where the side owning p may play: empty (within e) and flipping something.
 * In each of the 8 directions, runs of opponent discs grown from ours: one step, then two
 * doubling steps over pairs of opponent discs (covers runs of up to 6, the longest). */
#ifdef __AVX2__
/* With AVX2 the four directions of each sense run in the four lanes of one vector (shift
 * counts per lane): the same steps in a quarter of the instructions. */
typedef uint64_t oth_v4 __attribute__((vector_size(32)));
static inline __attribute__((always_inline)) uint64_t
oth_moves_bb(uint64_t p, uint64_t o, uint64_t e)
{
	const uint64_t oh = o & 0x7e7e7e7e7e7e7e7eULL;
	const oth_v4 om = {oh, o, oh, oh}, s1 = {1, 8, 7, 9}, s2 = {2, 16, 14, 18};
	const oth_v4 pv = {p, p, p, p};
	const oth_v4 pair_l = om & (om << s1), pair_r = om & (om >> s1);
	oth_v4 l = om & (pv << s1), r = om & (pv >> s1);
	l |= om & (l << s1);
	r |= om & (r >> s1);
	l |= pair_l & (l << s2);
	r |= pair_r & (r >> s2);
	l |= pair_l & (l << s2);
	r |= pair_r & (r >> s2);
	const oth_v4 m = (l << s1) | (r >> s1);
	return (m[0] | m[1] | m[2] | m[3]) & e;
}
#else
static inline __attribute__((always_inline)) uint64_t
oth_moves_bb(uint64_t p, uint64_t o, uint64_t e)
{
	const uint64_t oh = o & 0x7e7e7e7e7e7e7e7eULL;   /* runs that do not wrap a file */
	uint64_t moves = 0, t, pair;
#define OTH_DIR(SHIFT, SHIFT2, OM)                                                      \
	t = (OM) & (p SHIFT);                                                           \
	t |= (OM) & (t SHIFT);                                                          \
	pair = (OM) & ((OM) SHIFT);                                                     \
	t |= pair & (t SHIFT2);                                                         \
	t |= pair & (t SHIFT2);                                                         \
	moves |= t SHIFT;
	OTH_DIR(<< 1, << 2, oh)
	OTH_DIR(>> 1, >> 2, oh)
	OTH_DIR(<< 8, << 16, o)
	OTH_DIR(>> 8, >> 16, o)
	OTH_DIR(<< 7, << 14, oh)
	OTH_DIR(>> 7, >> 14, oh)
	OTH_DIR(<< 9, << 18, oh)
	OTH_DIR(>> 9, >> 18, oh)
#undef OTH_DIR
	return moves & e;
}
#endif

/* Two positions' moves at once (two 64-bit lanes; SSE2 on x86-64, plain code elsewhere):
 * the same steps as oth_moves_bb, lane by lane. */
typedef uint64_t oth_v2 __attribute__((vector_size(16)));
static inline __attribute__((always_inline)) oth_v2 oth_moves_v2(oth_v2 p, oth_v2 o, oth_v2 e)
{
	const oth_v2 oh = o & 0x7e7e7e7e7e7e7e7eULL;
	oth_v2 moves = o & 0, t, pair;
#define OTH_DIR(SHIFT, SHIFT2, OM)                                                      \
	t = (OM) & (p SHIFT);                                                           \
	t |= (OM) & (t SHIFT);                                                          \
	pair = (OM) & ((OM) SHIFT);                                                     \
	t |= pair & (t SHIFT2);                                                         \
	t |= pair & (t SHIFT2);                                                         \
	moves |= t SHIFT;
	OTH_DIR(<< 1, << 2, oh)
	OTH_DIR(>> 1, >> 2, oh)
	OTH_DIR(<< 8, << 16, o)
	OTH_DIR(>> 8, >> 16, o)
	OTH_DIR(<< 7, << 14, oh)
	OTH_DIR(>> 7, >> 14, oh)
	OTH_DIR(<< 9, << 18, oh)
	OTH_DIR(>> 9, >> 18, oh)
#undef OTH_DIR
	return moves & e;
}

/* The four lines through each square: rank, file, a1-h8 diagonal, h1-a8 diagonal (constant
 * expressions, so the table is built by the compiler; the shift counts are masked only so
 * that the branch not taken has no negative count to warn about). */
#define OTH_LR(sq) (0xffULL << ((sq) & 56))
#define OTH_LF(sq) (0x0101010101010101ULL << ((sq) & 7))
#define OTH_LD(sq) (((sq) & 7) >= ((sq) >> 3) \
	? 0x8040201008040201ULL >> ((8 * (((sq) & 7) - ((sq) >> 3))) & 63) \
	: 0x8040201008040201ULL << ((8 * (((sq) >> 3) - ((sq) & 7))) & 63))
#define OTH_LA(sq) (((sq) & 7) + ((sq) >> 3) <= 7 \
	? 0x0102040810204080ULL >> ((8 * (7 - ((sq) & 7) - ((sq) >> 3))) & 63) \
	: 0x0102040810204080ULL << ((8 * (((sq) & 7) + ((sq) >> 3) - 7)) & 63))
/* F(sq) for the 64 squares in order, comma-separated: the initializer of a per-square
 * table whose entry F computes as a constant expression. */
#define OTH_EACH8(F, r) F(8 * (r)), F(8 * (r) + 1), F(8 * (r) + 2), F(8 * (r) + 3), \
	F(8 * (r) + 4), F(8 * (r) + 5), F(8 * (r) + 6), F(8 * (r) + 7)
#define OTH_EACH_SQUARE(F) OTH_EACH8(F, 0), OTH_EACH8(F, 1), OTH_EACH8(F, 2), OTH_EACH8(F, 3), \
	OTH_EACH8(F, 4), OTH_EACH8(F, 5), OTH_EACH8(F, 6), OTH_EACH8(F, 7)
#define OTH_L4(sq) {OTH_LR(sq), OTH_LF(sq), OTH_LD(sq), OTH_LA(sq)}
static const uint64_t oth_lines[64][4] = {OTH_EACH_SQUARE(OTH_L4)};

/* The 8 rays from each square, split off the lines: [0..3] the squares of lines 0..3
 * above sq (towards higher bits), [4..7] those below. */
#define OTH_LINE(sq, i) ((i) == 0 ? OTH_LR(sq) : (i) == 1 ? OTH_LF(sq) : (i) == 2 ? OTH_LD(sq) \
                         : OTH_LA(sq))   /* oth_lines[sq][i] as a constant expression */
#define OTH_RU(sq, i) (OTH_LINE(sq, i) & (~1ULL << (sq)))
#define OTH_RD(sq, i) (OTH_LINE(sq, i) & ((1ULL << (sq)) - 1))
#define OTH_R8(sq) {OTH_RU(sq, 0), OTH_RU(sq, 1), OTH_RU(sq, 2), OTH_RU(sq, 3), \
	OTH_RD(sq, 0), OTH_RD(sq, 1), OTH_RD(sq, 2), OTH_RD(sq, 3)}
static const uint64_t oth_rays[64][8] = {OTH_EACH_SQUARE(OTH_R8)};
#undef OTH_R8
#undef OTH_RD
#undef OTH_RU
#undef OTH_LINE

/* Flips along a ray towards higher bits (`no` = not an opponent disc): t is the nearest
 * square that is not an opponent disc, if it is ours (else 0); the squares before it flip. */
static inline __attribute__((always_inline)) uint64_t
oth_flips_up(uint64_t ray, uint64_t p, uint64_t no)
{
	const uint64_t x = ray & no, t = x & (0 - x) & p;
	return (t - (uint64_t)(t != 0)) & ray;
}

/* The same towards lower bits: the nearest square is the highest one. */
static inline __attribute__((always_inline)) uint64_t
oth_flips_down(uint64_t ray, uint64_t p, uint64_t no)
{
	const uint64_t x = ray & no;
	const uint64_t t = (1ULL << (63 ^ __builtin_clzll(x | 1))) & x & p;
	return ray & (0 - (t << 1));
}

/* Discs flipped when the side owning p plays on the empty square sq (0 if illegal), by
 * the eight rays.  (One ray at a time keeps every value in a register: no spills.)  The
 * portable way; oth_flips below uses it where the CPU has no BMI2. */
static inline __attribute__((always_inline)) uint64_t
oth_flips_rays(uint64_t p, uint64_t o, int sq)
{
	const uint64_t *r = oth_rays[sq], no = ~o;
	uint64_t f = oth_flips_up(r[0], p, no);
	f |= oth_flips_up(r[1], p, no);
	f |= oth_flips_up(r[2], p, no);
	f |= oth_flips_up(r[3], p, no);
	f |= oth_flips_down(r[4], p, no);
	f |= oth_flips_down(r[5], p, no);
	f |= oth_flips_down(r[6], p, no);
	f |= oth_flips_down(r[7], p, no);
	return f;
}

/* F(pos, b) for pos 0..7 and every byte b: the initializer of an [8][256] line table
 * (othello_last.h builds its count table with it too) */
#define OTH_T4(F, pos, b) F(pos, b), F(pos, (b) + 1), F(pos, (b) + 2), F(pos, (b) + 3)
#define OTH_T16(F, pos, b) OTH_T4(F, pos, b), OTH_T4(F, pos, (b) + 4), OTH_T4(F, pos, (b) + 8), \
	OTH_T4(F, pos, (b) + 12)
#define OTH_T64(F, pos, b) OTH_T16(F, pos, b), OTH_T16(F, pos, (b) + 16), \
	OTH_T16(F, pos, (b) + 32), OTH_T16(F, pos, (b) + 48)
#define OTH_T256(F, pos) {OTH_T64(F, pos, 0), OTH_T64(F, pos, 64), OTH_T64(F, pos, 128), \
	OTH_T64(F, pos, 192)}
#define OTH_EACH_LINE_BYTE(F) {OTH_T256(F, 0), OTH_T256(F, 1), OTH_T256(F, 2), OTH_T256(F, 3), \
	OTH_T256(F, 4), OTH_T256(F, 5), OTH_T256(F, 6), OTH_T256(F, 7)}

#ifdef __BMI2__
#include <immintrin.h>

/* The same by lines (BMI2): each of the four lines through sq is gathered into a byte
 * (PEXT), where sq sits at position `pos`; two byte tables give the line's flips, which
 * PDEP scatters back.  Why: four lines of a few instructions each instead of eight rays,
 * and flipping is the solver's costliest step (about a third of its instructions).
 *   oth_line_ends[pos][o]   for the opponent's discs o on the line: the square just past
 *                           the run of them on each side of pos (none if no run), the
 *                           squares that must be ours for the run to flip;
 *   oth_line_between[pos][y]  the squares strictly between pos and the squares of y.
 * A line shorter than 8 reads as empty past its end, so no run ends there on our disc. */
/* run above pos: the lowest square above pos that is not in o, if pos + 1 is in o */
#define OTH_UP1(pos, o) (((pos) < 7 && (((o) >> ((pos) + 1)) & 1)) \
	? (1u << ((pos) + 1 + __builtin_ctz(~((unsigned)(o) >> ((pos) + 1))))) & 0xffu : 0u)
/* run below pos: the highest square below pos that is not in o, if pos - 1 is in o */
#define OTH_DN1(pos, o) (((pos) > 0 && (((o) >> ((pos) - 1)) & 1)) \
	? ((0x80000000u >> __builtin_clz(~((unsigned)(o) << ((32 - (pos)) & 31)))) >> ((32 - (pos)) & 31)) \
	  & 0xffu : 0u)
#define OTH_END1(pos, o) (uint8_t)(OTH_UP1(pos, o) | OTH_DN1(pos, o))
/* the squares above and below pos on the line */
#define OTH_HI(pos) ((0xffu << ((pos) + 1)) & 0xffu)
#define OTH_LO(pos) ((1u << (pos)) - 1u)
/* the lowest square of y above pos and the highest below, and the squares up to them */
#define OTH_LOWEST(x) ((x) & (0u - (x)))
#define OTH_HIGHEST(x) ((x) ? 0x80000000u >> __builtin_clz(x) : 0u)
#define OTH_BTW1(pos, y) (uint8_t)( \
	(OTH_LOWEST((y) & OTH_HI(pos)) ? (OTH_LOWEST((y) & OTH_HI(pos)) - 1u) & OTH_HI(pos) : 0u) | \
	(OTH_LO(pos) & (0u - (OTH_HIGHEST((y) & OTH_LO(pos)) << 1))))
static const uint8_t oth_line_ends[8][256] = OTH_EACH_LINE_BYTE(OTH_END1);
static const uint8_t oth_line_between[8][256] = OTH_EACH_LINE_BYTE(OTH_BTW1);
#undef OTH_HIGHEST
#undef OTH_LOWEST
#undef OTH_LO
#undef OTH_HI
#undef OTH_BTW1
#undef OTH_END1
#undef OTH_DN1
#undef OTH_UP1
/* Position of sq within each of its four lines (the line's squares below it). */
#define OTH_P4(sq) {__builtin_popcountll(OTH_LR(sq) & ((1ULL << (sq)) - 1)), \
	__builtin_popcountll(OTH_LF(sq) & ((1ULL << (sq)) - 1)), \
	__builtin_popcountll(OTH_LD(sq) & ((1ULL << (sq)) - 1)), \
	__builtin_popcountll(OTH_LA(sq) & ((1ULL << (sq)) - 1))}
static const uint8_t oth_line_pos[64][4] = {OTH_EACH_SQUARE(OTH_P4)};
#undef OTH_P4

static inline __attribute__((always_inline)) uint64_t
oth_flips_line(uint64_t p, uint64_t o, uint64_t line, int pos)
{
	const unsigned ends = oth_line_ends[pos][_pext_u64(o, line)] & (unsigned)_pext_u64(p, line);
	return _pdep_u64(oth_line_between[pos][ends], line);
}

static inline __attribute__((always_inline)) uint64_t oth_flips(uint64_t p, uint64_t o, int sq)
{
	const uint64_t *l = oth_lines[sq];
	const uint8_t *pos = oth_line_pos[sq];
	return oth_flips_line(p, o, l[0], pos[0]) | oth_flips_line(p, o, l[1], pos[1]) |
	       oth_flips_line(p, o, l[2], pos[2]) | oth_flips_line(p, o, l[3], pos[3]);
}
#else
static inline __attribute__((always_inline)) uint64_t oth_flips(uint64_t p, uint64_t o, int sq)
{
	return oth_flips_rays(p, o, sq);
}
#endif

/* Final disc difference for the side owning p when the game ends here: the empty squares
 * (n_squares minus the discs) go to the winner. */
static inline int oth_final_score(uint64_t p, uint64_t o, int n_squares)
{
	const int np = oth_popcount(p), no = oth_popcount(o);
	const int diff = np - no, empties = n_squares - np - no;
	return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

/* Squares of f from which f runs unbroken, in steps of +s (a right shift brings square
 * x + s to x), up to an `edge` square (one whose next step leaves the board), itself in f.
 * Kogge-Stone: runs of 1, 2, then 4 steps; m1, m2, m4 drop the squares whose 1, 2 or 4
 * steps would wrap around a file. */
static inline uint64_t oth_run_r(uint64_t f, uint64_t edge, int s, uint64_t m1, uint64_t m2,
                                 uint64_t m4)
{
	uint64_t g = f & edge, p = f;
	g |= p & (g >> s) & m1;
	p &= (p >> s) & m1;
	g |= p & (g >> (2 * s)) & m2;
	p &= (p >> (2 * s)) & m2;
	return g | (p & (g >> (4 * s)) & m4);
}

/* The same in steps of -s (a left shift). */
static inline uint64_t oth_run_l(uint64_t f, uint64_t edge, int s, uint64_t m1, uint64_t m2,
                                 uint64_t m4)
{
	uint64_t g = f & edge, p = f;
	g |= p & (g << s) & m1;
	p &= (p << s) & m1;
	g |= p & (g << (2 * s)) & m2;
	p &= (p << (2 * s)) & m2;
	return g | (p & (g << (4 * s)) & m4);
}

/* Squares whose line along one direction (1 rank, 8 file, 9 diagonal, 7 anti-diagonal) is
 * filled up to both walls (the walls being the board's edge and the squares off `mask`,
 * which count as filled: they lie past the ends of the board's lines).  `filled` has the
 * discs. */
static inline uint64_t oth_full_lines(uint64_t filled, uint64_t mask, int dir)
{
	const uint64_t f = filled | ~mask;
	uint64_t t;
	switch (dir) {
	case 1:   /* a rank is full when its 8 bits are: folded onto file a */
		t = f & (f >> 1);
		t &= t >> 2;
		t &= t >> 4;
		return ((t & 0x0101010101010101ULL) * 0xff) & filled;
	case 8:   /* a file: folded onto rank 1 */
		t = f & (f >> 8);
		t &= t >> 16;
		t &= t >> 32;
		return ((t & 0xff) * 0x0101010101010101ULL) & filled;
	case 9:
		return oth_run_r(f, 0xff80808080808080ULL, 9, OTH_NOT_H, 0x3f3f3f3f3f3f3f3fULL,
		                 0x0f0f0f0f0f0f0f0fULL) &
		       oth_run_l(f, 0x01010101010101ffULL, 9, OTH_NOT_A, 0xfcfcfcfcfcfcfcfcULL,
		                 0xf0f0f0f0f0f0f0f0ULL) & filled;
	default:  /* 7 */
		return oth_run_r(f, 0xff01010101010101ULL, 7, OTH_NOT_A, 0xfcfcfcfcfcfcfcfcULL,
		                 0xf0f0f0f0f0f0f0f0ULL) &
		       oth_run_l(f, 0x80808080808080ffULL, 7, OTH_NOT_H, 0x3f3f3f3f3f3f3f3fULL,
		                 0x0f0f0f0f0f0f0f0fULL) & filled;
	}
}

/* The full lines of the four axes (rank, file, diagonal, anti-diagonal), for oth_stable_in. */
struct oth_full {
	uint64_t h, v, d, a;
};
#ifdef __AVX2__
/* The four axes in the four lanes of one vector (rank, file, diagonal, anti-diagonal: steps
 * 1, 8, 9, 7): oth_full_lines' runs to both walls, each lane with its own edges and
 * wrap masks (the rank's and file's are the same runs as the diagonals', not folds). */
#define OTH_V4_NH {OTH_NOT_H, ~0ULL, OTH_NOT_H, OTH_NOT_A}   /* steps towards higher bits */
#define OTH_V4_NL {OTH_NOT_A, ~0ULL, OTH_NOT_A, OTH_NOT_H}   /* steps towards lower bits */
static inline struct oth_full oth_full_all(uint64_t filled, uint64_t mask)
{
	const uint64_t f1 = filled | ~mask;
	const oth_v4 f = {f1, f1, f1, f1}, s = {1, 8, 9, 7};
	const oth_v4 edge_r = {0x8080808080808080ULL, 0xff00000000000000ULL, 0xff80808080808080ULL,
	                       0xff01010101010101ULL};
	const oth_v4 r1 = OTH_V4_NH;
	const oth_v4 r2 = {0x3f3f3f3f3f3f3f3fULL, ~0ULL, 0x3f3f3f3f3f3f3f3fULL, 0xfcfcfcfcfcfcfcfcULL};
	const oth_v4 r4 = {0x0f0f0f0f0f0f0f0fULL, ~0ULL, 0x0f0f0f0f0f0f0f0fULL, 0xf0f0f0f0f0f0f0f0ULL};
	const oth_v4 edge_l = {0x0101010101010101ULL, 0xffULL, 0x01010101010101ffULL,
	                       0x80808080808080ffULL};
	const oth_v4 l1 = OTH_V4_NL;
	const oth_v4 l2 = {0xfcfcfcfcfcfcfcfcULL, ~0ULL, 0xfcfcfcfcfcfcfcfcULL, 0x3f3f3f3f3f3f3f3fULL};
	const oth_v4 l4 = {0xf0f0f0f0f0f0f0f0ULL, ~0ULL, 0xf0f0f0f0f0f0f0f0ULL, 0x0f0f0f0f0f0f0f0fULL};
	oth_v4 gr = f & edge_r, pr = f, gl = f & edge_l, pl = f;
	gr |= pr & (gr >> s) & r1;
	pr &= (pr >> s) & r1;
	gl |= pl & (gl << s) & l1;
	pl &= (pl << s) & l1;
	gr |= pr & (gr >> (s + s)) & r2;
	pr &= (pr >> (s + s)) & r2;
	gl |= pl & (gl << (s + s)) & l2;
	pl &= (pl << (s + s)) & l2;
	gr |= pr & (gr >> (4 * s)) & r4;
	gl |= pl & (gl << (4 * s)) & l4;
	const oth_v4 full = gr & gl & filled;
	return (struct oth_full){full[0], full[1], full[2], full[3]};
}
#else
static inline struct oth_full oth_full_all(uint64_t filled, uint64_t mask)
{
	return (struct oth_full){oth_full_lines(filled, mask, 1), oth_full_lines(filled, mask, 8),
	                         oth_full_lines(filled, mask, 9), oth_full_lines(filled, mask, 7)};
}
#endif

/* Discs of p that can never be flipped (a conservative set): along each of the four axes a
 * disc is safe if its line is full, or a neighbour on that axis is a wall or a safe disc
 * of the same colour.  Iterated to a fixed point from the full lines `full` of the board
 * (oth_full_all of both sides' discs), which both sides can share. */
static inline uint64_t oth_stable_in_scalar(uint64_t p, uint64_t mask, struct oth_full full)
{
	const uint64_t wall = ~mask;
	const uint64_t fh = full.h, fv = full.v, fd = full.d, fa = full.a;
	/* a wall neighbour: off the 8x8 board or off the mask */
	const uint64_t wh = 0x8181818181818181ULL | ((wall >> 1) & OTH_NOT_H) | ((wall << 1) & OTH_NOT_A);
	const uint64_t wv = 0xff000000000000ffULL | (wall >> 8) | (wall << 8);
	const uint64_t wd = 0xff818181818181ffULL | ((wall >> 9) & OTH_NOT_H) | ((wall << 9) & OTH_NOT_A);
	const uint64_t wa = 0xff818181818181ffULL | ((wall >> 7) & OTH_NOT_A) | ((wall << 7) & OTH_NOT_H);
	const uint64_t sh = fh | wh, sv = fv | wv, sd = fd | wd, sa = fa | wa;
	uint64_t s = p & sh & sv & sd & sa, prev;
	if (!s)
		return 0;
	do {
		prev = s;
		const uint64_t h = sh | ((s >> 1) & OTH_NOT_H) | ((s << 1) & OTH_NOT_A);
		const uint64_t v = sv | (s >> 8) | (s << 8);
		const uint64_t d = sd | ((s >> 9) & OTH_NOT_H) | ((s << 9) & OTH_NOT_A);
		const uint64_t a = sa | ((s >> 7) & OTH_NOT_A) | ((s << 7) & OTH_NOT_H);
		s |= p & h & v & d & a;
	} while (s != prev);
	return s;
}

#ifdef __AVX2__
/* The same with the four axes in the lanes of one vector. */
static inline uint64_t oth_stable_in(uint64_t p, uint64_t mask, struct oth_full full)
{
	const uint64_t w = ~mask;
	const oth_v4 wall = {w, w, w, w}, step = {1, 8, 9, 7}, nh = OTH_V4_NH, nl = OTH_V4_NL;
	const oth_v4 edges = {0x8181818181818181ULL, 0xff000000000000ffULL, 0xff818181818181ffULL,
	                      0xff818181818181ffULL};
	const oth_v4 safe = (oth_v4){full.h, full.v, full.d, full.a} | edges |
	                    ((wall >> step) & nh) | ((wall << step) & nl);
	uint64_t s = p & safe[0] & safe[1] & safe[2] & safe[3], prev;
	if (!s)
		return 0;
	do {
		prev = s;
		const oth_v4 sv = {s, s, s, s};
		const oth_v4 ok = safe | ((sv >> step) & nh) | ((sv << step) & nl);
		s |= p & ok[0] & ok[1] & ok[2] & ok[3];
	} while (s != prev);
	return s;
}
#undef OTH_V4_NL
#undef OTH_V4_NH
#else
static inline uint64_t oth_stable_in(uint64_t p, uint64_t mask, struct oth_full full)
{
	return oth_stable_in_scalar(p, mask, full);
}
#endif

/* Discs of p that can never be flipped (oth_stable_in), o being the opponent's. */
static inline uint64_t oth_stable(uint64_t p, uint64_t o, uint64_t mask)
{
	return oth_stable_in(p, mask, oth_full_all(p | o, mask));
}

/* ---- the position-level rules (othello.c) ---- */

/* Legal moves of *p in ascending square order; a single OTH_PASS when the side to move has
 * none but the opponent has; 0 moves when the game is over. */
int othello_gen(const struct othello_pos *p, yomi_move *moves);
/* Plays legal move m (a square or OTH_PASS) into *out (may alias p); returns 1 when the
 * game is over after it (neither side can move). */
int othello_play(const struct othello_pos *p, yomi_move m, struct othello_pos *out);
/* Number of playable squares of the board of *p. */
static inline int othello_squares(const struct othello_pos *p) { return oth_popcount(p->mask); }

#endif
