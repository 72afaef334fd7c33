/* testline.h - the unit tests' check of a search's line (test_search.c, test_threads.c). */
#ifndef YOMI_TESTLINE_H
#define YOMI_TESTLINE_H

#include <string.h>

#include "yomi/game.h"
#include "yomi/search.h"

/* A line must be legal move by move; a won or lost one (mate score) must end the game with
 * its last move, after exactly its distance in plies (proven or not: a mate score comes
 * from a finished game at the end of its line). */
static inline void check_line(const struct game *g, const void *pos, const struct search_line *l)
{
	_Alignas(16) unsigned char p[YOMI_POS_MAX], next[YOMI_POS_MAX];
	char text[128];
	memcpy(p, pos, g->pos_size);
	g->format(pos, 0, text, sizeof text);
	int over = 0, i = 0;
	for (; i < l->len && !over; i++) {
		yomi_move moves[YOMI_MOVES_MAX];
		const int n = g->moves(p, moves);
		int legal = 0;
		for (int j = 0; j < n; j++)
			legal |= moves[j] == l->pv[i];
		if (!legal)
			fail_msg("%s: move %d of the line is not legal", text, i + 1);
		over = g->play(p, l->pv[i], next);
		memcpy(p, next, g->pos_size);
	}
	if (i < l->len)
		fail_msg("%s: the line goes on after the game ended (move %d of %d)", text, i, l->len);
	if (score_is_mate(l->score)) {
		if (!over && g->status(p).outcome == GAME_ONGOING)
			fail_msg("%s: the line of a win or loss stops before the end (%d moves)", text,
			         l->len);
		if (l->len != score_distance(l->score))
			fail_msg("%s: a result in %d plies with a line of %d moves", text,
			         score_distance(l->score), l->len);
	}
}

#endif
