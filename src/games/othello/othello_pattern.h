/*
 * othello_pattern.h - the trained evaluation of 8x8 Othello: a sum of weights looked up by
 * the contents of board patterns, per game stage (Logistello's and Edax's design).
 *
 * Why patterns: the worth of a disc depends on its neighbours along edges, corners and
 * lines (a wedge, an unbalanced edge, a corner that cannot be taken yet), which no weighted
 * sum of counts can say; a table per pattern learns every configuration's worth from data.
 * The patterns, 46 instances of 11 kinds (Edax's set):
 *   C3   the 3x3 corner                      4 instances (a1, h1, a8, h8)
 *   C25  the 2x5 corner rectangle            8 (each corner, along the rank and the file)
 *   E2X  an edge and its two X squares       4
 *   H2, H3, H4   the 2nd, 3rd, 4th line      4 each (two ranks, two files)
 *   D8, D7, D6, D5, D4   the diagonals of 8 down to 4 squares   2, then 4 each
 * plus the mobility of each side (legal moves), the parity of the empty squares and a
 * constant.  A pattern's squares have weights 3^i in a fixed order, a square counting 0
 * empty, 1 the side to move's, 2 the opponent's.
 *
 * Why one table per kind for all its instances, read through board symmetries: every
 * instance of a kind is the base instance (at a1, along rank 1) of the board seen through
 * one of the 8 symmetries, so the 8 mirrored and rotated boards are computed once, and
 * each instance is the base squares of one of them, gathered by shifts and a multiply (no
 * per-square loop).  The evaluation is then exactly symmetric.  A kind that maps onto itself
 * (an edge read from the other end) has equal weights for the two readings: the training
 * folds them, and the file stores only one (oth_pattern_canonical).
 *
 * Stages: the weights of positions with 4s + 1 to 4s + 4 empty squares are stage s (and 0
 * empties stage 0): 15 stages, the last ending at 60, and one at 17-20 ending where the
 * exact labels of the training end.
 * Values are hundredths of a disc of final disc difference, for the side to move.
 */
#ifndef YOMI_GAMES_OTHELLO_PATTERN_H
#define YOMI_GAMES_OTHELLO_PATTERN_H

#include <stdint.h>

#include "games/othello/othello.h"
#include "games/othello/othello_eval_hand.h"

enum oth_pattern_kind {
	OTH_C3, OTH_C25, OTH_E2X, OTH_H2, OTH_H3, OTH_H4, OTH_D8, OTH_D7, OTH_D6, OTH_D5, OTH_D4,
	OTH_KINDS
};

enum {
	OTH_STAGES = 15,
	OTH_INSTANCES = 46,
	OTH_MOBILITY_MAX = 40,    /* mobility weights 0..39 (at most 32 legal moves exist) */
	/* The per-stage table: each kind's 3^squares configurations in turn, then the
	 * mobility of the side to move and of the opponent, the parity, the constant. */
	OTH_OFF_C3 = 0,
	OTH_OFF_C25 = OTH_OFF_C3 + 19683,
	OTH_OFF_E2X = OTH_OFF_C25 + 59049,
	OTH_OFF_H2 = OTH_OFF_E2X + 59049,
	OTH_OFF_H3 = OTH_OFF_H2 + 6561,
	OTH_OFF_H4 = OTH_OFF_H3 + 6561,
	OTH_OFF_D8 = OTH_OFF_H4 + 6561,
	OTH_OFF_D7 = OTH_OFF_D8 + 6561,
	OTH_OFF_D6 = OTH_OFF_D7 + 2187,
	OTH_OFF_D5 = OTH_OFF_D6 + 729,
	OTH_OFF_D4 = OTH_OFF_D5 + 243,
	OTH_OFF_MOB_P = OTH_OFF_D4 + 81,
	OTH_OFF_MOB_O = OTH_OFF_MOB_P + OTH_MOBILITY_MAX,
	OTH_OFF_PARITY = OTH_OFF_MOB_O + OTH_MOBILITY_MAX,
	OTH_OFF_CONST = OTH_OFF_PARITY + 1,
	OTH_STAGE_WEIGHTS = OTH_OFF_CONST + 1,
	/* the features of one position: the instances, two mobilities, parity, constant */
	OTH_FEATURES = OTH_INSTANCES + 4,
};

/* Each kind: its squares, the table's offset, and its self-symmetry as a permutation of
 * its squares (perm[i]: the square that reading from the other end puts at place i), or
 * none (perm[0] == 0xff). */
struct oth_pattern_kind_info {
	uint8_t squares;
	uint32_t offset;
	uint8_t perm[10];
};
static const struct oth_pattern_kind_info oth_pattern_kinds[OTH_KINDS] = {
	{9, OTH_OFF_C3, {0, 3, 6, 1, 4, 7, 2, 5, 8}},
	{10, OTH_OFF_C25, {0xff}},
	{10, OTH_OFF_E2X, {7, 6, 5, 4, 3, 2, 1, 0, 9, 8}},
	{8, OTH_OFF_H2, {7, 6, 5, 4, 3, 2, 1, 0}},
	{8, OTH_OFF_H3, {7, 6, 5, 4, 3, 2, 1, 0}},
	{8, OTH_OFF_H4, {7, 6, 5, 4, 3, 2, 1, 0}},
	{8, OTH_OFF_D8, {7, 6, 5, 4, 3, 2, 1, 0}},
	{7, OTH_OFF_D7, {6, 5, 4, 3, 2, 1, 0}},
	{6, OTH_OFF_D6, {5, 4, 3, 2, 1, 0}},
	{5, OTH_OFF_D5, {4, 3, 2, 1, 0}},
	{4, OTH_OFF_D4, {3, 2, 1, 0}},
};

/* The weights of every stage; probcut: how well searches with them predict exact values. */
struct oth_weights {
	int16_t w[OTH_STAGES][OTH_STAGE_WEIGHTS];
	struct oth_probcut probcut;
};

/* The canonical form of configuration c of kind k (othello_weights.c): the smaller of c
 * and its reading from the other end for a kind that maps onto itself, else c. */
uint32_t oth_pattern_canonical(int k, uint32_t c);

/* The stage of a position with `empties` empty squares. */
static inline int oth_stage(int empties) { return empties ? (empties - 1) >> 2 : 0; }

/* ---- board symmetries (a1 = bit 0, h1 = bit 7, a8 = bit 56) ---- */

static inline uint64_t oth_flip_v(uint64_t x) { return __builtin_bswap64(x); }   /* ranks */

static inline uint64_t oth_flip_h(uint64_t x)   /* files */
{
	x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
	x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
	return ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
}

static inline uint64_t oth_transpose(uint64_t x)   /* about the a1-h8 diagonal */
{
	uint64_t t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
	x ^= t ^ (t >> 28);
	t = 0x3333000033330000ULL & (x ^ (x << 14));
	x ^= t ^ (t >> 14);
	t = 0x5500550055005500ULL & (x ^ (x << 7));
	return x ^ t ^ (t >> 7);
}

/* The 8 views of the boards p and o: v[0] itself, v[1] ranks mirrored, v[2] files
 * mirrored, v[3] both, v[4..7] the same of the transposed board. */
#ifdef __AVX2__
/* With AVX2 the two colours (then the transposed boards too) go through the mirrors in the
 * lanes of one vector: about a quarter of the instructions. */
typedef uint8_t oth_b32 __attribute__((vector_size(32)));
static inline void oth_views(uint64_t p, uint64_t o, uint64_t *vp, uint64_t *vo)
{
	oth_v2 x = {p, o}, t;
	t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
	x ^= t ^ (t >> 28);
	t = 0x3333000033330000ULL & (x ^ (x << 14));
	x ^= t ^ (t >> 14);
	t = 0x5500550055005500ULL & (x ^ (x << 7));
	x ^= t ^ (t >> 7);
	const oth_v4 y = {p, o, x[0], x[1]};
	oth_v4 h = ((y >> 1) & 0x5555555555555555ULL) | ((y & 0x5555555555555555ULL) << 1);
	h = ((h >> 2) & 0x3333333333333333ULL) | ((h & 0x3333333333333333ULL) << 2);
	h = ((h >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((h & 0x0f0f0f0f0f0f0f0fULL) << 4);
	/* each lane's bytes reversed (ranks mirrored): one vpshufb; clang (the fuzzers' compiler)
	 * spells gcc's __builtin_shuffle so */
#ifdef __clang__
#define OTH_REV_LANES(v) ((oth_v4)__builtin_shufflevector((oth_b32)(v), (oth_b32)(v), \
	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,                         \
	23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24))
#else
	const oth_b32 rev = {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	                     23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24};
#define OTH_REV_LANES(v) ((oth_v4)__builtin_shuffle((oth_b32)(v), rev))
#endif
	const oth_v4 yv = OTH_REV_LANES(y);
	const oth_v4 hv = OTH_REV_LANES(h);
#undef OTH_REV_LANES
	vp[0] = p, vp[1] = yv[0], vp[2] = h[0], vp[3] = hv[0];
	vp[4] = y[2], vp[5] = yv[2], vp[6] = h[2], vp[7] = hv[2];
	vo[0] = o, vo[1] = yv[1], vo[2] = h[1], vo[3] = hv[1];
	vo[4] = y[3], vo[5] = yv[3], vo[6] = h[3], vo[7] = hv[3];
}
#else
static inline void oth_views1(uint64_t x, uint64_t *b)
{
	const uint64_t t = oth_transpose(x);
	b[0] = x;
	b[1] = oth_flip_v(x);
	b[2] = oth_flip_h(x);
	b[3] = oth_flip_v(b[2]);
	b[4] = t;
	b[5] = oth_flip_v(t);
	b[6] = oth_flip_h(t);
	b[7] = oth_flip_v(b[6]);
}

static inline void oth_views(uint64_t p, uint64_t o, uint64_t *vp, uint64_t *vo)
{
	oth_views1(p, vp);
	oth_views1(o, vo);
}
#endif

/* ---- the base instances' squares, gathered in ascending square order ---- */

#define OTH_MASK_C3 0x070707ULL
#define OTH_MASK_C25 0x1f1fULL
#define OTH_MASK_E2X 0x42ffULL
#define OTH_MASK_DIAG(f) ((0x8040201008040201ULL >> (9 * (f))) << (f))
#ifdef __BMI2__
/* With BMI2 each instance is one PEXT per colour (the same order: ascending squares). */
#include <immintrin.h>
static inline uint64_t oth_bits_c3(uint64_t x) { return _pext_u64(x, OTH_MASK_C3); }
static inline uint64_t oth_bits_c25(uint64_t x) { return _pext_u64(x, OTH_MASK_C25); }
static inline uint64_t oth_bits_e2x(uint64_t x) { return _pext_u64(x, OTH_MASK_E2X); }
static inline uint64_t oth_bits_rank(uint64_t x, int r) { return (x >> (8 * r)) & 0xff; }
static inline uint64_t oth_bits_diag(uint64_t x, int f)
{
	return _pext_u64(x, OTH_MASK_DIAG(f));
}
#else
#define OTH_DIAG_BYTE(x, mask) ((((x) & (mask)) * 0x0101010101010101ULL) >> 56)
static inline uint64_t oth_bits_c3(uint64_t x)   /* a1 b1 c1 a2 b2 c2 a3 b3 c3 */
{
	return (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1c0);
}
static inline uint64_t oth_bits_c25(uint64_t x) { return (x & 0x1f) | ((x >> 3) & 0x3e0); }
static inline uint64_t oth_bits_e2x(uint64_t x)   /* a1..h1, b2, g2 */
{
	return (x & 0xff) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200);
}
static inline uint64_t oth_bits_rank(uint64_t x, int r) { return (x >> (8 * r)) & 0xff; }
/* the diagonal from file f of rank 1 towards h (a1-h8 for f = 0): gathered into the top
 * byte by a multiply (its squares lie on distinct files, so nothing carries) */
static inline uint64_t oth_bits_diag(uint64_t x, int f)
{
	return OTH_DIAG_BYTE(x >> f, 0x8040201008040201ULL >> (9 * f));
}
#undef OTH_DIAG_BYTE
#endif

/* Binary digits read as ternary ones: oth_ternary[b] = sum of 3^i over the bits i of b. */
#define OTH_TERN(b) ((b) & 1) + ((b) >> 1 & 1) * 3 + ((b) >> 2 & 1) * 9 + ((b) >> 3 & 1) * 27 + \
	((b) >> 4 & 1) * 81 + ((b) >> 5 & 1) * 243 + ((b) >> 6 & 1) * 729 + ((b) >> 7 & 1) * 2187 + \
	((b) >> 8 & 1) * 6561 + ((b) >> 9 & 1) * 19683
#define OTH_TERN4(b) OTH_TERN(b), OTH_TERN((b) + 1), OTH_TERN((b) + 2), OTH_TERN((b) + 3)
#define OTH_TERN16(b) OTH_TERN4(b), OTH_TERN4((b) + 4), OTH_TERN4((b) + 8), OTH_TERN4((b) + 12)
#define OTH_TERN64(b) OTH_TERN16(b), OTH_TERN16((b) + 16), OTH_TERN16((b) + 32), \
	OTH_TERN16((b) + 48)
#define OTH_TERN256(b) OTH_TERN64(b), OTH_TERN64((b) + 64), OTH_TERN64((b) + 128), \
	OTH_TERN64((b) + 192)
static const uint16_t oth_ternary[1024] = {OTH_TERN256(0), OTH_TERN256(256), OTH_TERN256(512),
                                           OTH_TERN256(768)};
#undef OTH_TERN256
#undef OTH_TERN64
#undef OTH_TERN16
#undef OTH_TERN4
#undef OTH_TERN

/* Calls F(offset + index) for each of the 46 instances of the position (p to move, o), the
 * index of an instance in its kind's table being its squares read in ternary. */
#define OTH_IDX(bits_p, bits_o) ((uint64_t)oth_ternary[bits_p] + 2 * (uint64_t)oth_ternary[bits_o])
#define OTH_FOR_INSTANCES(p, o, F)                                                    \
	do {                                                                          \
		uint64_t vp_[8], vo_[8];                                              \
		oth_views(p, o, vp_, vo_);                                            \
		_Pragma("GCC unroll 8") for (int k_ = 0; k_ < 4; k_++)                \
			F(OTH_OFF_C3 + OTH_IDX(oth_bits_c3(vp_[k_]), oth_bits_c3(vo_[k_]))); \
		_Pragma("GCC unroll 8") for (int k_ = 0; k_ < 8; k_++)                \
			F(OTH_OFF_C25 + OTH_IDX(oth_bits_c25(vp_[k_]), oth_bits_c25(vo_[k_]))); \
		/* views 0, 1, 4, 5: the four edges */                                \
		_Pragma("GCC unroll 4") for (int j_ = 0; j_ < 4; j_++) {              \
			const int k_ = j_ < 2 ? j_ : j_ + 2;                          \
			const uint64_t p_ = vp_[k_], o_ = vo_[k_];                     \
			F(OTH_OFF_E2X + OTH_IDX(oth_bits_e2x(p_), oth_bits_e2x(o_))); \
			F(OTH_OFF_H2 + OTH_IDX(oth_bits_rank(p_, 1), oth_bits_rank(o_, 1))); \
			F(OTH_OFF_H3 + OTH_IDX(oth_bits_rank(p_, 2), oth_bits_rank(o_, 2))); \
			F(OTH_OFF_H4 + OTH_IDX(oth_bits_rank(p_, 3), oth_bits_rank(o_, 3))); \
		}                                                                     \
		_Pragma("GCC unroll 8") for (int k_ = 0; k_ < 2; k_++)                \
			F(OTH_OFF_D8 + OTH_IDX(oth_bits_diag(vp_[k_], 0), oth_bits_diag(vo_[k_], 0))); \
		/* views 0..3: the four diagonals of each shorter length */           \
		_Pragma("GCC unroll 8") for (int k_ = 0; k_ < 4; k_++) {              \
			const uint64_t p_ = vp_[k_], o_ = vo_[k_];                     \
			F(OTH_OFF_D7 + OTH_IDX(oth_bits_diag(p_, 1), oth_bits_diag(o_, 1))); \
			F(OTH_OFF_D6 + OTH_IDX(oth_bits_diag(p_, 2), oth_bits_diag(o_, 2))); \
			F(OTH_OFF_D5 + OTH_IDX(oth_bits_diag(p_, 3), oth_bits_diag(o_, 3))); \
			F(OTH_OFF_D4 + OTH_IDX(oth_bits_diag(p_, 4), oth_bits_diag(o_, 4))); \
		}                                                                     \
	} while (0)

/* The features of (p to move, o) in its stage's table, into f: the 46 instances, the two
 * mobilities, the parity (only with an odd number of empty squares) and the constant.
 * Returns their count (at most OTH_FEATURES). */
static inline int oth_pattern_features(uint64_t p, uint64_t o, uint32_t *f)
{
	int n = 0;
#define OTH_ADD_FEATURE(i) (f[n++] = (uint32_t)(i))
	OTH_FOR_INSTANCES(p, o, OTH_ADD_FEATURE);
#undef OTH_ADD_FEATURE
	const uint64_t e = ~(p | o);
	const int mp = oth_popcount(oth_moves_bb(p, o, e)), mo = oth_popcount(oth_moves_bb(o, p, e));
	f[n++] = OTH_OFF_MOB_P + (uint32_t)(mp < OTH_MOBILITY_MAX ? mp : OTH_MOBILITY_MAX - 1);
	f[n++] = OTH_OFF_MOB_O + (uint32_t)(mo < OTH_MOBILITY_MAX ? mo : OTH_MOBILITY_MAX - 1);
	if (oth_popcount(e) & 1)
		f[n++] = OTH_OFF_PARITY;
	f[n++] = OTH_OFF_CONST;
	return n;
}

/* The evaluation of (p to move, o) by the weights w (8x8 only), in hundredths of a disc. */
static inline int oth_pattern_eval(const struct oth_weights *w, uint64_t p, uint64_t o)
{
	const uint64_t e = ~(p | o);
	const int empties = oth_popcount(e);
	const int16_t *t = w->w[oth_stage(empties)];
	int s = 0;   /* (indexes are uint64_t: no sign extension per look-up) */
#define OTH_ADD_WEIGHT(i) (s += t[i])
	OTH_FOR_INSTANCES(p, o, OTH_ADD_WEIGHT);
#undef OTH_ADD_WEIGHT
	const int mp = oth_popcount(oth_moves_bb(p, o, e)), mo = oth_popcount(oth_moves_bb(o, p, e));
	s += t[OTH_OFF_MOB_P + (mp < OTH_MOBILITY_MAX ? mp : OTH_MOBILITY_MAX - 1)];
	s += t[OTH_OFF_MOB_O + (mo < OTH_MOBILITY_MAX ? mo : OTH_MOBILITY_MAX - 1)];
	s += (empties & 1) ? t[OTH_OFF_PARITY] : 0;
	s += t[OTH_OFF_CONST];
	return s;
}
#undef OTH_IDX

#endif
