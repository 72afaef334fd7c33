/*
 * shogi_gen.h - legal move generation and counting for shogi, one walk for four uses: every
 * legal move, their count (perft's last ply), the tactical moves (captures, promotions, the
 * declaration: quiescence) and the quiet rest.  `mode` is a constant at each call site, so
 * the compiler builds four specialised walks.
 *
 * Why legal moves directly (no make-and-test): the side to move's pinned pieces and the
 * pieces giving check are known before generating, so each piece's targets are masked once
 * (a pinned piece stays on its line; in check, only captures of the checker and squares
 * between); only king moves test their squares one by one.  Counting then needs no list:
 * each piece's targets are counted with popcounts, promotion choices included (the peers'
 * "bulk counting" of perft's last ply, without writing the moves).
 *
 * Uchifuzume is tested only for the one square where a pawn drop gives check (in front of
 * the enemy king), and there only: can the pawn be taken by a piece other than the king
 * that is free to move, or can the king step to a square no longer attacked?
 */
#ifndef YOMI_SHOGI_GEN_H
#define YOMI_SHOGI_GEN_H

#include "games/shogi/shogi.h"

enum sg_gen_mode { SG_GEN_ALL, SG_GEN_COUNT, SG_GEN_TACTICAL, SG_GEN_QUIET };

/* Files (whole) where colour c has no unpromoted pawn: each file with a pawn has exactly
 * one in a legal position; rank 8's bit minus that pawn's bit clears the file's top bit. */
static inline sbb sg_no_pawn_files(const struct shogi_pos *p, int c)
{
	const sbb r8 = sg_t.rank_bb[8];
	const sbb top = (r8 - (p->group[G_PAWN] & p->occ[c])) & r8;
	return (top >> 8) * 0x1ff;
}

/* Whether the side to move's pawn drop on `to` (in front of the enemy king, giving check)
 * mates: no piece but the king can take the pawn (pinned pieces only along their line), and
 * the king has no square left that the dropping side does not attack. */
static inline int sg_pawn_drop_mates(const struct shogi_pos *p, int to)
{
	const int us = p->stm, them = us ^ 1, ek = p->king[them];
	const sbb occ = sg_occupied(p) | sbb_bit(to);
	sbb takers = sg_attackers(p, them, to, occ) & ~sbb_bit(ek);
	if (takers) {
		const sbb pinned = sg_pinned(p, them, occ);
		int s;
		SBB_FOR_EACH(s, takers)
			if (!sbb_test(pinned, s) || sg_t.dir[ek][s] == sg_t.dir[ek][to])
				return 0;
	}
	const sbb occ_noking = occ ^ sbb_bit(ek);
	sbb flights = sg_t.step[SG_KING][them][ek] & ~p->occ[them];
	int s;
	SBB_FOR_EACH(s, flights)
		if (!sg_attacked(p, us, s, occ_noking))
			return 0;
	return 1;
}

/* The entering-king declaration (the CSA 27-point rule): the side to move's king in the
 * enemy camp and not in check, at least 10 of its other pieces there, and 28 points (first
 * player) or 27 (second) counting those pieces and the hand, a rook or bishop (promoted or
 * not) 5 and any other piece 1. */
static inline int sg_can_declare(const struct shogi_pos *p)
{
	const int us = p->stm, ksq = p->king[us];
	if (ksq >= SG_SQUARES || !sg_in_zone(us, ksq) || p->checkers)
		return 0;
	const sbb camp = sg_zone(us) & p->occ[us] & ~sbb_bit(ksq);
	const int pieces = sbb_count(camp);
	if (pieces < 10)
		return 0;
	const int big = sbb_count(camp & (p->group[G_BISHOPS] | p->group[G_ROOKS]));
	int points = pieces + 4 * big;
	for (int t = SG_PAWN; t <= SG_GOLD; t++)
		points += p->hand[us][t] * (t == SG_BISHOP || t == SG_ROOK ? 5 : 1);
	return points >= (us == 0 ? 28 : 27);
}

/* Writes (or, for SG_GEN_COUNT, counts) the moves of a piece of `type` from `from` to the
 * squares of tos, with the promotion choices the rules allow. */
static inline __attribute__((always_inline)) int
sg_emit(int us, int type, int from, sbb tos, sbb enemy, yomi_move *mv, int n, const int mode)
{
	const sbb zone = sg_zone(us);
	sbb must = 0, may = 0;   /* squares where promotion is forced, allowed */
	switch (type) {
	case SG_PAWN:
	case SG_LANCE:
		must = sg_last_rank(us);
		may = zone;
		break;
	case SG_KNIGHT:
		must = sg_last_two(us);
		may = zone;
		break;
	case SG_SILVER:
	case SG_BISHOP:
	case SG_ROOK:
		may = sg_in_zone(us, from) ? SBB_ALL : zone;
		break;
	default:
		break;
	}
	if (mode == SG_GEN_COUNT)
		return n + sbb_count(tos) + sbb_count(tos & may & ~must);
	if (mode == SG_GEN_TACTICAL)
		tos &= enemy | may;
	else if (mode == SG_GEN_QUIET)
		tos &= ~enemy & ~must;
	int to;
	SBB_FOR_EACH(to, tos) {
		const int capture = sbb_test(enemy, to);
		if (sbb_test(may, to) && (mode != SG_GEN_QUIET))
			mv[n++] = SG_MOVE(from, to, 1);
		if (!sbb_test(must, to) && (mode != SG_GEN_TACTICAL || capture))
			mv[n++] = SG_MOVE(from, to, 0);
	}
	return n;
}

/* The legal moves of *p (mode SG_GEN_ALL), their number (SG_GEN_COUNT: mv unused), or the
 * tactical or quiet ones.  The side to move must not be able to take the enemy king (a
 * position the parser refuses). */
static inline __attribute__((always_inline)) int
sg_walk(const struct shogi_pos *p, yomi_move *mv, const int mode)
{
	const int us = p->stm, them = us ^ 1, ksq = p->king[us];
	const sbb own = p->occ[us], enemy = p->occ[them], occ = own | enemy;
	int n = 0, from;
	sbb target, drop_target;
	if (p->checkers) {
		if (sbb_more_than_one(p->checkers))
			goto king;
		const int csq = sbb_first(p->checkers);
		drop_target = sg_t.between[ksq][csq];
		target = drop_target | p->checkers;
	} else {
		target = SBB_ALL & ~own;
		drop_target = SBB_ALL & ~occ;
	}
	const sbb pinned = ksq < SG_SQUARES ? sg_pinned(p, us, occ) : 0;
	const sbb free = own & ~pinned;

	/* Pawns, all at once: one step forward. */
	{
		const sbb pawns = p->group[G_PAWN] & free;
		sbb tos = (us == 0 ? pawns >> 1 : pawns << 1) & target;
		const sbb zone = sg_zone(us), last = sg_last_rank(us);
		if (mode == SG_GEN_COUNT) {
			n += sbb_count(tos) + sbb_count(tos & zone & ~last);
		} else {
			if (mode == SG_GEN_TACTICAL)
				tos &= enemy | zone;
			else if (mode == SG_GEN_QUIET)
				tos &= ~enemy & ~last;
			int to;
			SBB_FOR_EACH(to, tos) {
				const int f = us == 0 ? to + 1 : to - 1;
				if (sbb_test(zone, to) && mode != SG_GEN_QUIET)
					mv[n++] = SG_MOVE(f, to, 1);
				if (!sbb_test(last, to) &&
				    (mode != SG_GEN_TACTICAL || sbb_test(enemy, to)))
					mv[n++] = SG_MOVE(f, to, 0);
			}
		}
	}
	sbb b = p->group[G_LANCE] & free;
	SBB_FOR_EACH(from, b)
		n = sg_emit(us, SG_LANCE, from, sg_lance_attacks(us, occ, from) & target, enemy, mv,
		            n, mode);
	b = p->group[G_KNIGHT] & free;
	SBB_FOR_EACH(from, b)
		n = sg_emit(us, SG_KNIGHT, from, sg_t.step[SG_KNIGHT][us][from] & target, enemy, mv,
		            n, mode);
	b = p->group[G_SILVER] & free;
	SBB_FOR_EACH(from, b)
		n = sg_emit(us, SG_SILVER, from, sg_t.step[SG_SILVER][us][from] & target, enemy, mv,
		            n, mode);
	b = p->group[G_GOLDS] & free;
	SBB_FOR_EACH(from, b)
		n = sg_emit(us, SG_GOLD, from, sg_t.step[SG_GOLD][us][from] & target, enemy, mv, n,
		            mode);
	b = p->group[G_BISHOPS] & free;
	SBB_FOR_EACH(from, b) {
		const int type = sg_type(p->board[from]);
		sbb a = sg_bishop_attacks(occ, from);
		if (type == SG_HORSE)
			a |= sg_t.step[SG_KING][us][from];
		n = sg_emit(us, type, from, a & target, enemy, mv, n, mode);
	}
	b = p->group[G_ROOKS] & free;
	SBB_FOR_EACH(from, b) {
		const int type = sg_type(p->board[from]);
		sbb a = sg_rook_attacks(occ, from);
		if (type == SG_DRAGON)
			a |= sg_t.step[SG_KING][us][from];
		n = sg_emit(us, type, from, a & target, enemy, mv, n, mode);
	}
	/* Pinned pieces: along the line through their king only. */
	b = pinned;
	SBB_FOR_EACH(from, b) {
		const int type = sg_type(p->board[from]);
		const sbb a = sg_attacks(type, us, from, occ) & target &
		              sg_t.ray[ksq][sg_t.dir[ksq][from]];
		n = sg_emit(us, type, from, a, enemy, mv, n, mode);
	}

	/* Drops. */
	if (mode != SG_GEN_TACTICAL) {
		const uint8_t *hand = p->hand[us];
		if (hand[SG_PAWN]) {
			sbb d = drop_target & ~sg_last_rank(us) & sg_no_pawn_files(p, us);
			const int ek = p->king[them];
			if (ek < SG_SQUARES) {
				const sbb front = sg_t.step[SG_PAWN][them][ek];
				if ((d & front) && sg_pawn_drop_mates(p, sbb_first(front)))
					d &= ~front;
			}
			if (mode == SG_GEN_COUNT) {
				n += sbb_count(d);
			} else {
				int to;
				SBB_FOR_EACH(to, d)
					mv[n++] = SG_DROP(SG_PAWN, to);
			}
		}
		for (int t = SG_LANCE; t <= SG_GOLD; t++) {
			if (!hand[t])
				continue;
			sbb d = drop_target;
			if (t == SG_LANCE)
				d &= ~sg_last_rank(us);
			else if (t == SG_KNIGHT)
				d &= ~sg_last_two(us);
			if (mode == SG_GEN_COUNT) {
				n += sbb_count(d);
			} else {
				int to;
				SBB_FOR_EACH(to, d)
					mv[n++] = SG_DROP(t, to);
			}
		}
	}

king:
	if (ksq < SG_SQUARES) {
		sbb tos = sg_t.step[SG_KING][us][ksq] & ~own;
		if (mode == SG_GEN_TACTICAL)
			tos &= enemy;
		else if (mode == SG_GEN_QUIET)
			tos &= ~enemy;
		const sbb occ_noking = occ ^ sbb_bit(ksq);
		int to;
		SBB_FOR_EACH(to, tos) {
			if (sg_attacked(p, them, to, occ_noking))
				continue;
			if (mode == SG_GEN_COUNT)
				n++;
			else
				mv[n++] = SG_MOVE(ksq, to, 0);
		}
	}
	if (mode != SG_GEN_QUIET && sg_can_declare(p)) {
		if (mode == SG_GEN_COUNT)
			n++;
		else
			mv[n++] = SG_MOVE_WIN;
	}
	return n;
}

static inline int sg_gen(const struct shogi_pos *p, yomi_move *mv)
{
	return sg_walk(p, mv, SG_GEN_ALL);
}
static inline int sg_count(const struct shogi_pos *p)
{
	return sg_walk(p, NULL, SG_GEN_COUNT);
}

#endif
