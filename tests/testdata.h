/* testdata.h - helpers shared by the unit tests: finding data/ files, walking game trees. */
#ifndef YOMI_TESTDATA_H
#define YOMI_TESTDATA_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yomi/game.h"

/* Opens data/<rel> (or $YOMI_DATA/<rel>); fails the test run if it is missing. */
static inline FILE *open_data(const char *rel)
{
	const char *dir = getenv("YOMI_DATA");
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir ? dir : "data", rel);
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		exit(1);
	}
	return f;
}

/* Calls visit(pos, over, ctx) on every position of the game tree from *root down to `depth`
 * plies, root included; `over` is 1 for positions after a game-ending move (not expanded). */
typedef void (*tree_visit)(const struct game *g, const void *pos, int over, void *ctx);

static inline void walk_tree(const struct game *g, const void *pos, int over, int depth,
                             tree_visit visit, void *ctx)
{
	visit(g, pos, over, ctx);
	if (over || depth == 0)
		return;
	yomi_move moves[YOMI_MOVES_MAX];
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	const int n = g->moves(pos, moves);
	for (int i = 0; i < n; i++) {
		int ended = g->play(pos, moves[i], next);
		walk_tree(g, next, ended, depth - 1, visit, ctx);
	}
}

#endif
