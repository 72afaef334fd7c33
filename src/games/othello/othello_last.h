/*
 * othello_last.h - flip counting for the last empty square, and the neighbour masks the
 * last-empties code tests before it computes any flip.
 *
 * Why count without flipping: with one empty square left every other playable square holds
 * a disc, so along each line through it a square is either ours or the opponent's.  The
 * line's squares of one colour, packed into one byte, then decide the flips on that line by
 * a table look-up: four look-ups replace the eight ray scans of oth_flips, and the board is
 * never changed.  The score needs only the count.
 *
 * Packing: the rank is a shift; the file, the diagonal and the anti-diagonal are masked and
 * gathered into the top byte by one multiplication (their squares lie in distinct files, or
 * distinct ranks for the file, so the partial products never carry).  Squares of a line
 * that lie off the board (short diagonals, the small boards' missing files and ranks) read
 * as "not ours", i.e. as opponent discs; they lie beyond the board's edge, past every real
 * square of the line, so a run through them never ends on one of our discs and flips
 * nothing: the count stays right on every board size.
 */
#ifndef YOMI_GAMES_OTHELLO_LAST_H
#define YOMI_GAMES_OTHELLO_LAST_H

#include "games/othello/othello.h"

/* Opponent discs flipped on one full line by a move at position `pos` (0..7) when `b` are
 * the positions of our discs on it (bit pos clear): runs towards higher positions ending on
 * one of ours, plus the same towards lower positions. */
#define OTH_CUP(pos, b) (((b) >> ((pos) + 1)) ? __builtin_ctz((unsigned)(b) >> ((pos) + 1)) : 0)
#define OTH_CDN(pos, b) ((((unsigned)(b) << (8 - (pos))) & 0xffu) \
	? __builtin_clz(((unsigned)(b) << (8 - (pos))) & 0xffu) - 24 : 0)
#define OTH_C1(pos, b) (OTH_CUP(pos, b) + OTH_CDN(pos, b))
static const uint8_t oth_line_count[8][256] = OTH_EACH_LINE_BYTE(OTH_C1);
#undef OTH_C1
#undef OTH_CDN
#undef OTH_CUP

/* Discs flipped when the side owning p plays on sq, the only empty square of the board
 * (every other playable square holds a disc of one side or the other). */
static inline __attribute__((always_inline)) int oth_count_last_flips(uint64_t p, int sq)
{
	const int file = sq & 7, rank = sq >> 3;
	const uint64_t *l = oth_lines[sq];
	int n = oth_line_count[file][(p >> (sq & 56)) & 0xff];
	n += oth_line_count[rank][(((p >> file) & 0x0101010101010101ULL) *
	                           0x0102040810204080ULL) >> 56];
	n += oth_line_count[file][((p & l[2]) * 0x0101010101010101ULL) >> 56];
	n += oth_line_count[file][((p & l[3]) * 0x0101010101010101ULL) >> 56];
	return n;
}

/* The 8 squares around each square (a move there must touch an opponent disc). */
#define OTH_NB(sq) ((((1ULL << (sq)) >> 1 & OTH_NOT_H) | ((1ULL << (sq)) << 1 & OTH_NOT_A) | \
	((1ULL << (sq)) >> 9 & OTH_NOT_H) | ((1ULL << (sq)) << 7 & OTH_NOT_H) | \
	((1ULL << (sq)) >> 7 & OTH_NOT_A) | ((1ULL << (sq)) << 9 & OTH_NOT_A) | \
	(1ULL << (sq)) >> 8 | (1ULL << (sq)) << 8))
static const uint64_t oth_around[64] = {OTH_EACH_SQUARE(OTH_NB)};
#undef OTH_NB

#endif
