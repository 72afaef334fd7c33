/*
 * dobutsu_mate.h - what the search template asks of Dobutsu beyond the rules: the ordering
 * weight of tactical moves, and the cheap tests the mate search uses near its horizon
 * (can the side to move win at once; which quiet moves threaten; which moves cannot win
 * within 3 plies).  Inline: they run per node; a header of their own so that the unit
 * tests can check each one against plain play (tests/test_dobutsu.c).
 *
 * Why these tests are sound: pieces only step one square (no piece slides), so a move
 * changes what attacks what only at its two squares; an attack on the enemy lion or a safe
 * try can appear only through the moved piece, a vacated square, or a capture.
 */
#ifndef YOMI_GAMES_DOBUTSU_MATE_H
#define YOMI_GAMES_DOBUTSU_MATE_H

#include <string.h>

#include "games/dobutsu/dobutsu.h"
#include "games/dobutsu/dobutsu_eval.h"

/* The weight of a board move by a `mover` onto a square holding `victim` (0: empty), onto
 * its far rank or not, promoting or not: captures (most valuable victim first, the lion
 * above all), the lion onto its far rank (a try), promotions; 0 for any other move. */
static inline int dob_tactical_weight(int mover, int victim, int onto_far, int promo)
{
	if (victim == DOB_LION)
		return 1 << 20;
	if (mover == DOB_LION && onto_far)
		return 1 << 19;
	if (victim)
		return 16 * dob_board_value[victim] - dob_board_value[mover] / 16 + 1;
	return promo ? 8 : 0;
}

/* The squares a piece of `type` moves to tactically (dob_tactical_weight above 0): enemy
 * pieces, and the far rank for a chick (it promotes) and the lion (a try). */
static inline uint16_t dob_tactical_squares(int type, uint16_t far, uint16_t enemy)
{
	return enemy | (type == DOB_CHICK || type == DOB_LION ? far : 0);
}

/* Ordering weight of move m (S_TACTICAL): see dob_tactical_weight; 0 for a drop. */
static inline int dob_tactical(const struct dobutsu_pos *p, yomi_move m)
{
	const int to = DOB_TO(m);
	if (DOB_IS_DROP(m))
		return 0;
	return dob_tactical_weight(dob_type_at(p, DOB_FROM(m)), p->board[to] & 7,
	                           (dob_far_rank(p->stm) >> to) & 1, DOB_PROMO(m));
}

/* Captures, promotions and lion steps onto the far rank: what quiescence search plays,
 * in dobutsu_gen's order, with each move's dob_tactical weight in keys[] (the generator
 * knows the piece and the victim already).  Drops and other quiet moves are never generated
 * here (they are most of the list). */
static inline __attribute__((always_inline)) int
dob_gen_tactical_as(const struct dobutsu_pos *p, yomi_move *moves, int *keys, const int us)
{
	const uint16_t own = p->bb[us][0], enemy = p->bb[us ^ 1][0];
	const uint16_t far = dob_far_rank(us);
	int n = 0;
	for (uint16_t pieces = own; pieces; pieces &= pieces - 1) {
		const int from = __builtin_ctz(pieces);
		const int type = dob_type_at(p, from);
		const int promotes = type == DOB_CHICK;
		uint16_t targets = dob_att[us][type][from] & ~own &
		                   dob_tactical_squares(type, far, enemy);
		for (; targets; targets &= targets - 1) {
			const int to = __builtin_ctz(targets);
			const int onto_far = (far >> to) & 1;
			moves[n] = DOB_MOVE(from, to, promotes & onto_far);
			keys[n++] = dob_tactical_weight(type, p->board[to] & 7, onto_far,
			                                promotes & onto_far);
		}
	}
	return n;
}

static inline int dobutsu_gen_tactical(const struct dobutsu_pos *p, yomi_move *moves, int *keys)
{
	return p->stm ? dob_gen_tactical_as(p, moves, keys, 1) : dob_gen_tactical_as(p, moves, keys, 0);
}

/* The legal moves that dobutsu_gen_tactical leaves out (dob_tactical 0): every other board
 * move, then the drops; in dobutsu_gen's order. */
static inline __attribute__((always_inline)) int
dob_gen_quiet_as(const struct dobutsu_pos *p, yomi_move *moves, const int us)
{
	const uint16_t own = p->bb[us][0], enemy = p->bb[us ^ 1][0];
	const uint16_t far = dob_far_rank(us);
	int n = 0;
	for (uint16_t pieces = own; pieces; pieces &= pieces - 1) {
		const int from = __builtin_ctz(pieces);
		const int type = dob_type_at(p, from);
		for (uint16_t targets = dob_att[us][type][from] & ~own &
		                        ~dob_tactical_squares(type, far, enemy);
		     targets; targets &= targets - 1)
			moves[n++] = DOB_MOVE(from, __builtin_ctz(targets), 0);
	}
	return dob_gen_drops(p, us, moves, n);
}

static inline int dobutsu_gen_quiet(const struct dobutsu_pos *p, yomi_move *moves)
{
	return p->stm ? dob_gen_quiet_as(p, moves, 1) : dob_gen_quiet_as(p, moves, 0);
}

/* S_WIN_MOVE of the search template: a capture of the enemy lion (it ends the game, won),
 * or 0 when no piece attacks it.  Of several, the one dobutsu_gen lists first (the lowest
 * origin square), which is the one the move ordering would have played first. */
static inline __attribute__((always_inline)) yomi_move
dob_lion_capture_as(const struct dobutsu_pos *p, const int us)
{
	const int lion = p->lion[us ^ 1];
	if (lion >= DOB_SQUARES)
		return 0;
	const uint16_t attackers = dob_attackers(p, lion, us);
	if (!attackers)
		return 0;
	const int from = __builtin_ctz(attackers);
	const int promo = dob_type_at(p, from) == DOB_CHICK && ((dob_far_rank(us) >> lion) & 1);
	return DOB_MOVE(from, lion, promo);
}

static inline yomi_move dob_lion_capture(const struct dobutsu_pos *p)
{
	return p->stm ? dob_lion_capture_as(p, 1) : dob_lion_capture_as(p, 0);
}

/* Whether colour c surely has a move whenever it is to move, whatever the opponent does
 * meanwhile: a piece in hand (a board of 12 squares always has an empty one), or a square
 * next to its lion not held by its own pieces (an enemy piece there can be taken).  The
 * opponent's moves add none of c's pieces and take nothing from c's hand. */
static inline int dob_surely_moves(const struct dobutsu_pos *p, int c)
{
	return (p->hand[c][DOB_CHICK] | p->hand[c][DOB_ELEPHANT] | p->hand[c][DOB_GIRAFFE]) ||
	       (p->lion[c] < DOB_SQUARES && (dob_att[c][DOB_LION][p->lion[c]] & ~p->bb[c][0]));
}

/* Whether the side to move has a legal move: dob_surely_moves almost always says so. */
static inline int dob_has_moves(const struct dobutsu_pos *p)
{
	if (dob_surely_moves(p, p->stm))
		return 1;
	return dob_count_moves(p) > 0;
}

/* Whether the side to move (both lions on the board) can end the game now: capture the
 * enemy lion, or step its lion onto its far rank unattacked (attacks are single steps, so
 * "unattacked" can be read off the position before the move).  The solver's won-in-1 test
 * too; dob_move_outcome below tells the same of the position after a move. */
static inline int dob_wins_at_once(const struct dobutsu_pos *p)
{
	const int us = p->stm, them = us ^ 1;
	if (dob_attacked(p, p->lion[them], us))
		return 1;
	for (uint16_t t = dob_att[us][DOB_LION][p->lion[us]] & dob_far_rank(us) & ~p->bb[us][0];
	     t; t &= t - 1)
		if (!dob_attacked(p, __builtin_ctz(t), them))
			return 1;
	return 0;
}

/* S_MATE1 of the search template: 1 if the side to move can win at once (dob_wins_at_once);
 * 0 if not (then it has a move that does not end the game: every move loses at once only
 * when the enemy lion stands on our back rank, and then we attack it, or the game would be
 * over); -1 when a quiet move might leave the opponent without any move, or we might have
 * none (nothing in hand, lions boxed in). */
static inline int dob_mate1(const struct dobutsu_pos *p)
{
	if (dob_wins_at_once(p))
		return 1;
	if (!dob_surely_moves(p, 0) || !dob_surely_moves(p, 1))
		return -1;
	return 0;
}

/* S_THREAT of the search template: the moved or dropped piece attacks the enemy lion from
 * its new square, or the lion steps next to a far-rank square it could try on. */
static inline int dob_threat(const struct dobutsu_pos *p, yomi_move m)
{
	const int us = p->stm, to = DOB_TO(m), from = DOB_FROM(m);
	const int type = from >= DOB_SQUARES ? from - DOB_SQUARES
	               : DOB_PROMO(m) ? DOB_HEN : dob_type_at(p, from);
	if ((dob_att[us][type][to] >> p->lion[us ^ 1]) & 1)
		return 1;
	return type == DOB_LION && (dob_att[us][DOB_LION][to] & dob_far_rank(us) & ~p->bb[us][0]);
}

/* S_QUIET3 of the search template: the side to move (X) cannot win at once (dob_mate1 says
 * 0) and its opponent has a piece in hand.  Then a move that captures nothing, does not
 * promote, is not dob_threat, and does not leave a square next to X's lion on its far rank
 * cannot win within 3 plies: pieces only step (no move uncovers an attack), so after it X's
 * pieces attack the enemy lion only if the moved one does, and every far-rank square next
 * to X's lion is still X's own or attacked by the opponent (only a capture removes a guard);
 * the opponent then drops a piece anywhere (12 squares, at most 8 pieces: one is empty),
 * which moves no lion and removes no guard, and X has no win at once on the third ply. */
static inline int dob_quiet3(const struct dobutsu_pos *p)
{
	const int them = p->stm ^ 1;
	return (p->hand[them][DOB_CHICK] | p->hand[them][DOB_ELEPHANT] |
	        p->hand[them][DOB_GIRAFFE]) && dob_mate1(p) == 0;
}

static inline int dob_quiet3_move(const struct dobutsu_pos *p, yomi_move m)
{
	const int us = p->stm, from = DOB_FROM(m);
	if (dob_tactical(p, m) || dob_threat(p, m))
		return 0;
	return from >= DOB_SQUARES ||
	       !((dob_att[us][DOB_LION][p->lion[us]] & dob_far_rank(us)) >> from & 1);
}

/* S_SAFE2 of the search template: the side to move (Y) does not lose within 2 plies,
 * because it has a piece in hand and its opponent (X) has no win at once as things stand:
 * X attacks no Y lion, X's lion is not on its far rank (there Y must take it), and every
 * far-rank square next to X's lion is X's own or attacked by Y.  Y drops the piece: that
 * moves no lion and removes no guard (pieces only step), so X still has no win at once. */
static inline int dob_safe2(const struct dobutsu_pos *p)
{
	const int us = p->stm, them = us ^ 1;
	if (!(p->hand[us][DOB_CHICK] | p->hand[us][DOB_ELEPHANT] | p->hand[us][DOB_GIRAFFE]))
		return 0;
	const int lion = p->lion[them];
	if (((dob_far_rank(them) >> lion) & 1) || dob_attacked(p, p->lion[us], them))
		return 0;
	const uint16_t tries = dob_att[them][DOB_LION][lion] & dob_far_rank(them) & ~p->bb[them][0];
	return (tries & ~dob_attacks(p, us)) == 0;
}

/* What a position's moves are tested against (dob_outcome_setup): most moves change
 * neither side's attacks but those of the piece moved, so what does not change is
 * computed once per position instead of once per move. */
struct dob_outcome_ctx {
	uint16_t their_attacks;   /* the opponent's attacks now (changed only by a capture) */
	uint16_t our_attacks;     /* ours now */
	uint16_t tries;           /* far-rank squares next to the enemy lion, not its own */
	uint16_t try_zone;        /* far-rank squares next to the enemy lion */
};

static inline void dob_outcome_setup(const struct dobutsu_pos *p, struct dob_outcome_ctx *c)
{
	const int us = p->stm, them = us ^ 1;
	c->their_attacks = dob_attacks(p, them);
	c->our_attacks = dob_attacks(p, us);
	c->try_zone = dob_att[them][DOB_LION][p->lion[them]] & dob_far_rank(them);
	c->tries = c->try_zone & ~p->bb[them][0];
}

/* What legal move m of *p leads to, found on the type masks without playing it: 2 when m
 * ends the game (it takes the lion, or is a safe try: a win), 1 when the opponent can then
 * end it at once (take our lion, or make a safe try), else 0.  For positions whose enemy
 * lion is not on its far rank (every position of the solver's index; then no move ends the
 * game otherwise).  The solver's init and successor counts use it instead of playing each
 * move (measured in a harness, old and new in one process: init 10%, counts 20% faster).
 * *c is dob_outcome_setup's of *p.  Only a capture changes the opponent's attacks, and a
 * drop only adds to ours: the masks are recomputed only then, and ours only when the
 * opponent has a try square to guard. */
static inline int dob_move_outcome_at(const struct dobutsu_pos *p, const struct dob_outcome_ctx *c,
                                      yomi_move m)
{
	const int us = p->stm, them = us ^ 1, to = DOB_TO(m), from = DOB_FROM(m);
	const uint16_t to_bit = (uint16_t)(1u << to);
	if (from >= DOB_SQUARES) {   /* a drop: the opponent's attacks and tries are as they were */
		if ((c->their_attacks >> p->lion[us]) & 1)
			return 1;
		return (c->tries & ~(c->our_attacks | dob_att[us][from - DOB_SQUARES][to])) != 0;
	}
	const int victim = dob_type_at(p, to), type = dob_type_at(p, from);
	if (victim == DOB_LION)
		return 2;
	uint16_t their_attacks = c->their_attacks, tries = c->tries;
	if (victim) {
		uint16_t theirs[DOB_TYPES];
		memcpy(theirs, p->bb[them], sizeof theirs);
		theirs[victim] &= (uint16_t)~to_bit;
		their_attacks = dob_attacks_bb(theirs, them);
		tries |= c->try_zone & to_bit;
	}
	const int lion = type == DOB_LION ? to : p->lion[us];
	if (type == DOB_LION && (dob_far_rank(us) & to_bit) && !(their_attacks & to_bit))
		return 2;
	if ((their_attacks >> lion) & 1)
		return 1;
	if (!tries)
		return 0;
	uint16_t ours[DOB_TYPES];
	memcpy(ours, p->bb[us], sizeof ours);
	const uint16_t from_bit = (uint16_t)(1u << from);
	ours[type] &= (uint16_t)~from_bit;
	ours[DOB_PROMO(m) ? DOB_HEN : type] |= to_bit;
	return (tries & ~dob_attacks_bb(ours, us)) != 0;
}

/* Whether the mover X of *p surely has a move after playing m and any reply: what
 * dob_surely_moves tells of X in the position after m. */
static inline int dob_moves_after(const struct dobutsu_pos *p, yomi_move m)
{
	const int us = p->stm, to = DOB_TO(m), from = DOB_FROM(m);
	const int hand = dob_hand_size(p, us);
	const uint16_t to_bit = (uint16_t)(1u << to);
	if (from >= DOB_SQUARES)
		return hand > 1 || (dob_att[us][DOB_LION][p->lion[us]] & ~(p->bb[us][0] | to_bit));
	if (hand > 0 || dob_type_at(p, to))
		return 1;
	const uint16_t own = (uint16_t)((p->bb[us][0] & ~(1u << from)) | to_bit);
	const int lion = dob_type_at(p, from) == DOB_LION ? to : p->lion[us];
	return (dob_att[us][DOB_LION][lion] & ~own) != 0;
}

/* S_MATE2 of the search template, for the mate search two plies above its horizon, where a
 * node's value is the best of: win at once, lose at once after the move, or 0 (undecided
 * within 2 plies).  1 if the side to move (X) can win at once; 0 if it cannot and has a move
 * after which the opponent (Y) cannot win at once and X keeps a move whatever Y replies:
 * the value is then 0 exactly (Y always has a move, so X cannot win at the second ply
 * either); -1 when it cannot tell (Y might run out of moves, Y's lion stands on its far
 * rank, or no such move of X's was found: the moves are played then). */
static inline int dob_mate2(const struct dobutsu_pos *p)
{
	const int us = p->stm, them = us ^ 1;
	if (dob_wins_at_once(p))
		return 1;
	if (((dob_far_rank(them) >> p->lion[them]) & 1) || !dob_surely_moves(p, them))
		return -1;
	struct dob_outcome_ctx c;
	dob_outcome_setup(p, &c);
	yomi_move moves[DOB_MAX_MOVES];
	const int n = dobutsu_gen(p, moves);
	for (int i = 0; i < n; i++)
		if (dob_move_outcome_at(p, &c, moves[i]) == 0 && dob_moves_after(p, moves[i]))
			return 0;
	return -1;
}

/* dob_move_outcome_at for one move (what the unit tests check against play). */
static inline int dob_move_outcome(const struct dobutsu_pos *p, yomi_move m)
{
	struct dob_outcome_ctx c;
	dob_outcome_setup(p, &c);
	return dob_move_outcome_at(p, &c, m);
}

#endif
