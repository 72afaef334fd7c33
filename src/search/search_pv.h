/*
 * search_pv.h - the search template's proven lines: a line with a proven mate score is
 * completed to the end of the game, the winner taking the shortest way and the loser the
 * longest.  Part of search_template.h, included by it once SF(mate) is declared; a file of
 * its own because finding a proven result's line is one concept and the node search another.
 *
 * Why one move at a time with null-window tests: the line's values are exact, so each move
 * needs only a yes or no (does it keep the value), and the tests find most of what they ask
 * in the table already (see SF(complete_pv)).
 */

/* Whether move m of *p (at ply k of the line, its mover's exact value `want`, a mate score
 * relative to the root) keeps that value: the game ends there with it, or the position
 * after it has the value -want.  The line's values are exact, so one null-window mate
 * search decides: a win (want > 0) needs the child to lose by the same ply; a loss needs the
 * child not to win two plies sooner (wins and losses each keep one parity of distance: see
 * search_mate.h), which looks left - 3 plies deep.  *next receives the position after m,
 * *over whether the game ended. */
static int SF(keeps_value)(struct search_ctx *ctx, const S_POS *p, uint64_t key, yomi_move m,
                           int k, int want, S_POS *next, uint64_t *next_key, int *over)
{
	const int left = score_distance(want) - k;
	struct search_line child;
	(void)key;   /* unused by games whose S_CHILD_KEY recomputes the key */
	*over = S_PLAY(p, m, next);
	if (*over)
		return -S_TERMINAL(next, k + 1) == want;
	*next_key = S_CHILD_KEY(p, m, key, next);
	ctx->repeat_ply = ctx->repeat_at = SEARCH_NO_REPEAT;
	if (want > 0)
		return SF(mate)(ctx, next, *next_key, -want, -want + 1, left - 1, k + 1, &child) <= -want;
	return SF(mate)(ctx, next, *next_key, -want + 1, -want + 2, left > 3 ? left - 3 : 0, k + 1,
	                &child) <= -want + 1;
}

/* Extends a line with a proven mate score (relative to the root) to the end of the game:
 * where its moves stop short of the end, one move at a time, the first of the position's
 * moves (the table's first, then captures) that SF(keeps_value) accepts.  The proof and the
 * test before it (no result two plies sooner) left in the table what these searches ask:
 * the winner's moves are the proof's, and each of the loser's longest replies was the
 * refutation that test found at the same depth.  A PV search with a window around each
 * value (the way before) had to refute every other move of the winner on the way (can it
 * win sooner?): on S/g-e/clC/---/ELG/-, 10.7 M nodes where this takes 0.1 M.  Bounded by
 * a node budget of its own rather than by the search's limits (a proven result is worth
 * its whole line); an interrupt still stops it, leaving the line shorter but legal. */
static void SF(complete_pv)(struct search_ctx *ctx, const S_POS *root, struct search_line *line)
{
	const int score = line->score, dist = score_distance(score);
	if (!score_is_mate(score) || dist > SEARCH_MAX_PLY - 8)
		return;
	const int stopped = ctx->stopped;
	const uint64_t cap = ctx->pass_nodes;
	ctx->stopped = 0;
	ctx->finishing = 1;
	ctx->pass_nodes = ctx->nodes + SEARCH_FINISH_NODES;
	S_POS pos = *root;
	uint64_t key = S_KEY(root);
	int k = 0, over = 0;
	for (; k < line->len && !over; k++) {   /* the moves the search gave */
		S_POS next;
		SF(path_set)(ctx, k, key);
		over = S_PLAY(&pos, line->pv[k], &next);
		if (!over)
			key = S_CHILD_KEY(&pos, line->pv[k], key, &next);
		pos = next;
	}
	line->len = k;
	while (!over && k < dist) {
		yomi_move moves[S_MAX_MOVES];
		const int n = S_GEN(&pos, moves);
		const struct SF(tt_entry) *bucket = SF(tt_bucket)(ctx->tt, ctx->near, key, dist - k);
		const yomi_move first = tt_d_move(SF(tt_find)(bucket, key, &pos));
		int keys[S_MAX_MOVES];
		for (int i = 0; i < n; i++)
			keys[i] = moves[i] == first ? 1 << 30 : S_TACTICAL(&pos, moves[i]);
		SF(path_set)(ctx, k, key);
		const int want = k % 2 ? -score : score;
		S_POS next;
		uint64_t next_key = 0;
		int found = 0;
		for (int i = 0; i < n && !found && !ctx->stopped; i++) {
			const yomi_move m = SF(pick)(moves, keys, n, i);
			found = SF(keeps_value)(ctx, &pos, key, m, k, want, &next, &next_key, &over);
			if (found)
				line->pv[k] = m;
		}
		if (!found || ctx->stopped)
			break;
		k++;
		line->len = k;
		pos = next;
		key = next_key;
	}
	ctx->stopped = ctx->stopped == SEARCH_STOP_LIMIT ? SEARCH_STOP_LIMIT : stopped;
	ctx->finishing = 0;
	ctx->pass_nodes = cap;
}
