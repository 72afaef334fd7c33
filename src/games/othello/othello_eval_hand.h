/*
 * othello_eval_hand.h - the hand-weighted evaluation of an Othello position for the side to
 * move, in hundredths of a disc: the one every board had before the trained patterns
 * (othello_pattern.h), and still the 6x6 and 4x4 boards' (and `eval=hand`'s).
 *
 * Why these terms: they are the classic hand-made features every Othello program started
 * from, each a few bitboard operations:
 *   mobility            120 per legal move more than the opponent has
 *   potential mobility   30 per empty square next to an opponent disc, minus the same for
 *                       us (room to find moves later)
 *   frontier            -40 per own disc next to an empty square (walls give moves away)
 *   corners             600 per corner held
 *   X squares           -300 per disc diagonally next to an empty corner (gives it away)
 *   C squares           -120 per disc orthogonally next to an empty corner
 *   stable discs        150 per disc that can never be flipped (edge anchors, full lines)
 *   parity              120 when the number of empty squares is odd (we keep the last move)
 *   discs                 5 per disc (a tie-breaker only: discs early are not worth much)
 * Stability is the costliest term, so it is computed only once corners are taken.
 */
#ifndef YOMI_GAMES_OTHELLO_EVAL_HAND_H
#define YOMI_GAMES_OTHELLO_EVAL_HAND_H

#include "games/othello/othello.h"
#include "yomi/search.h"

/* Empty squares next to any of x (8-neighbourhood), without wrapping files. */
static inline uint64_t oth_neighbours(uint64_t x)
{
	const uint64_t w = (x >> 1) & OTH_NOT_H, e = (x << 1) & OTH_NOT_A;
	const uint64_t row = x | w | e;
	return w | e | (row << 8) | (row >> 8);
}

/* The corners of the board of mask m (a1 and the far corners of the small boards). */
static inline uint64_t oth_corners(uint64_t m)
{
	const int n = oth_popcount(m) == 64 ? 8 : oth_popcount(m) == 36 ? 6 : 4;
	const int far = n - 1;
	return 1ULL | 1ULL << far | 1ULL << (8 * far) | 1ULL << (8 * far + far);
}

static inline int oth_eval_hand(const struct othello_pos *pos)
{
	const uint64_t p = pos->p, o = pos->o, m = pos->mask, e = ~(p | o) & m;
	const int mp = oth_popcount(oth_moves_bb(p, o, e)), mo = oth_popcount(oth_moves_bb(o, p, e));
	int s = 120 * (mp - mo);
	s += 30 * (oth_popcount(oth_neighbours(o) & e) - oth_popcount(oth_neighbours(p) & e));
	const uint64_t near_empty = oth_neighbours(e);
	s -= 40 * (oth_popcount(p & near_empty) - oth_popcount(o & near_empty));
	const uint64_t corners = oth_corners(m);
	s += 600 * (oth_popcount(p & corners) - oth_popcount(o & corners));
	/* squares next to an empty corner */
	const uint64_t ec = corners & e;
	const uint64_t x_sq = (((ec << 9) & OTH_NOT_A) | ((ec >> 9) & OTH_NOT_H) |
	                       ((ec << 7) & OTH_NOT_H) | ((ec >> 7) & OTH_NOT_A)) & m;
	const uint64_t c_sq = (((ec << 1) & OTH_NOT_A) | ((ec >> 1) & OTH_NOT_H) |
	                       (ec << 8) | (ec >> 8)) & m;
	s -= 300 * (oth_popcount(p & x_sq) - oth_popcount(o & x_sq));
	s -= 120 * (oth_popcount(p & c_sq) - oth_popcount(o & c_sq));
	if ((p | o) & corners) {
		const struct oth_full full = oth_full_all(p | o, m);
		s += 150 * (oth_popcount(oth_stable_in(p, m, full)) -
		            oth_popcount(oth_stable_in(o, m, full)));
	}
	if (oth_popcount(e) & 1)
		s += 120;
	s += 5 * (oth_popcount(p) - oth_popcount(o));
	return s > SCORE_HEURISTIC_MAX - 1 ? SCORE_HEURISTIC_MAX - 1
	     : s < -(SCORE_HEURISTIC_MAX - 1) ? -(SCORE_HEURISTIC_MAX - 1) : s;
}

/* How well a search of d plies (0 to OTH_PC_DEPTHS - 1) with an evaluation predicts the
 * exact final disc difference: exact = slope[d] * v / 100 on average, v the search's value,
 * with an error of standard deviation sd0[d] + sd1[d] * empties discs (the endgame solver's
 * ProbCut; measured by bench/othello-train.c probcut). */
enum { OTH_PC_DEPTHS = 5 };
struct oth_probcut {
	float slope[OTH_PC_DEPTHS], sd0[OTH_PC_DEPTHS], sd1[OTH_PC_DEPTHS];
};

/* The hand-weighted evaluation's (its scale is not discs: a disc is about 130 of its units),
 * measured by `othello-train probcut-hand` on the exact values of 567 self-play games'
 * positions at 8 to 20 empties (about 11 000): a spread of 9 to 14 discs. */
static const struct oth_probcut oth_probcut_hand = {
	{0.787f, 0.757f, 0.733f, 0.711f, 0.690f},
	{11.626f, 10.409f, 9.865f, 8.976f, 8.654f},
	{0.1112f, 0.1458f, 0.1281f, 0.1528f, 0.1371f},
};

#endif
