/*
 * dobutsu_eval.h - static evaluation of a Dobutsu position for the side to move, in
 * hundredths of a chick.  Inline: it runs at every quiescence node.
 *
 * The terms follow the game's own lore, each cheap to compute from the attack tables:
 *   material      chick 100, elephant 300, giraffe 350, hen 420 on the board; a piece in
 *                 hand is worth more than on the board (it can be dropped anywhere): chick
 *                 130, elephant 340, giraffe 390.
 *   lion advance  20 per rank the lion has left its back rank (it threatens the try).
 *   try threat    a lion one step from an empty or enemy far-rank square that the enemy
 *                 does not attack is about to win: 900 if its side is to move (it wins
 *                 next ply), 250 otherwise (the opponent has one move to parry).
 *   lion attack   25 per square next to the enemy lion that we attack (the net closes).
 *   control       6 per square we attack (mobility without generating moves).
 *   tempo         15 for the side to move.
 */
#ifndef YOMI_GAMES_DOBUTSU_EVAL_H
#define YOMI_GAMES_DOBUTSU_EVAL_H

#include "games/dobutsu/dobutsu.h"

static const int dob_board_value[DOB_TYPES] = {0, 100, 300, 350, 0, 420};
static const int dob_hand_value[DOB_TYPES] = {0, 130, 340, 390, 0, 0};

/* Material of colour c, board and hand (spelt out: -O2 would not unroll a loop). */
static inline int dob_material(const struct dobutsu_pos *p, int c)
{
	const uint16_t *bb = p->bb[c];
	const uint8_t *hand = p->hand[c];
	return dob_popcount(bb[DOB_CHICK]) * dob_board_value[DOB_CHICK] +
	       dob_popcount(bb[DOB_ELEPHANT]) * dob_board_value[DOB_ELEPHANT] +
	       dob_popcount(bb[DOB_GIRAFFE]) * dob_board_value[DOB_GIRAFFE] +
	       dob_popcount(bb[DOB_HEN]) * dob_board_value[DOB_HEN] +
	       hand[DOB_CHICK] * dob_hand_value[DOB_CHICK] +
	       hand[DOB_ELEPHANT] * dob_hand_value[DOB_ELEPHANT] +
	       hand[DOB_GIRAFFE] * dob_hand_value[DOB_GIRAFFE];
}

static inline __attribute__((always_inline)) int dob_side_score(const struct dobutsu_pos *p, int c, uint16_t own_att,
                                 uint16_t enemy_att, int to_move)
{
	int s = dob_material(p, c);
	const int lion = p->lion[c];
	const int rank = lion / DOB_FILES;
	s += 20 * (c ? rank : DOB_RANKS - 1 - rank);
	const uint16_t far = dob_far_rank(c);
	if (dob_att[c][DOB_LION][lion] & far & ~p->bb[c][0] & ~enemy_att)
		s += to_move ? 900 : 250;
	const int enemy_lion = p->lion[c ^ 1];
	s += 25 * dob_popcount(dob_att[c][DOB_LION][enemy_lion] & own_att);
	s += 6 * dob_popcount(own_att);
	return s;
}

/* The evaluation with the side to move a constant: the colour-dependent masks, shifts and
 * table rows fold at compile time (one copy per colour: 3% fewer instructions in all on
 * yomi bench --depth 11, callgrind). */
static inline __attribute__((always_inline)) int dob_eval_as(const struct dobutsu_pos *p,
                                                              const int us)
{
	const int them = us ^ 1;
	const uint16_t a_us = dob_attacks(p, us), a_them = dob_attacks(p, them);
	return dob_side_score(p, us, a_us, a_them, 1) - dob_side_score(p, them, a_them, a_us, 0) + 15;
}

/* Score for the side to move of a position whose game is not over. */
static inline __attribute__((always_inline)) int dobutsu_eval(const struct dobutsu_pos *p)
{
	return p->stm ? dob_eval_as(p, 1) : dob_eval_as(p, 0);
}

/* Material only (the values above, board and hand), for the side to move: the baseline that
 * `yomi match` measures the full evaluation against (engine:eval=material). */
static inline int dobutsu_eval_material(const struct dobutsu_pos *p)
{
	return dob_material(p, p->stm) - dob_material(p, p->stm ^ 1);
}

#endif
