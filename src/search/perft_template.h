/*
 * perft_template.h - the generic perft loop, written once and instantiated per game at
 * compile time so that move generation and make-move are direct (inlinable) calls, never an
 * indirect call per node.  Include it from a game's translation unit after defining:
 *
 *   PERFT_NAME          name of the function to define
 *   PERFT_POS           the game's position type
 *   PERFT_MAX_MOVES     bound of its legal move count
 *   PERFT_GEN(p, mv)    fills mv with the legal moves of *p (game not over), returns count
 *   PERFT_PLAY(p, m, o) plays m from *p into *o, returns 1 when the game is over after m
 *   PERFT_COUNT(p)      optional: the number of legal moves of *p (game not over) without
 *                       listing them; the last ply is then counted with it when `ends` is
 *                       not asked for (shogi counts with popcounts, far faster than listing)
 *   PERFT_OVER_LEAVES   optional, default 0: leaves a finished game adds at every greater
 *                       depth (1 for Othello's published counts, where a side without a
 *                       move passes even when the game is over)
 *
 * Defines: static uint64_t PERFT_NAME(const PERFT_POS *p, int depth, uint64_t *ends)
 * Contract: leaves at exactly `depth` plies from *p (whose game must not be over); a move that
 * ends the game is a leaf and is not expanded, so a game that ends before `depth` adds
 * nothing.  *ends (if not NULL) is increased by the leaves whose last move ended the game.
 */
#include <stdint.h>

#ifndef PERFT_OVER_LEAVES
#define PERFT_OVER_LEAVES 0
#endif

static uint64_t PERFT_NAME(const PERFT_POS *p, int depth, uint64_t *ends)
{
	yomi_move moves[PERFT_MAX_MOVES];
	if (depth <= 0)
		return 1;
#ifdef PERFT_COUNT
	if (depth == 1 && !ends)
		return (uint64_t)PERFT_COUNT(p);
#endif
	const int n = PERFT_GEN(p, moves);
	if (depth == 1) {
		/* Bulk counting: every legal move is a leaf; only the ends need a play. */
		if (ends) {
			PERFT_POS next;
			for (int i = 0; i < n; i++)
				*ends += (uint64_t)PERFT_PLAY(p, moves[i], &next);
		}
		return (uint64_t)n;
	}
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		PERFT_POS next;
		if (!PERFT_PLAY(p, moves[i], &next))
			total += PERFT_NAME(&next, depth - 1, ends);
		else
			total += PERFT_OVER_LEAVES;
	}
	return total;
}

#undef PERFT_NAME
#undef PERFT_POS
#undef PERFT_MAX_MOVES
#undef PERFT_GEN
#undef PERFT_PLAY
#undef PERFT_COUNT
#undef PERFT_OVER_LEAVES
