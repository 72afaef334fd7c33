/*
 * table_output.c - how the commands that read solved tables (probe, analyze) print what
 * they find, and value moves under the --moves history (the table's own answers, the value
 * notation and perfect lines, are in src/solve/table_line.c).
 */
#include <string.h>

#include "cli/cli.h"

int cli_repeats(const struct cli_common *c, const void *root, const void *pos)
{
	const struct game_key key = c->game->key(pos), r = c->game->key(root);
	int again = memcmp(&key, &r, sizeof key) == 0;
	for (int i = 0; i < c->history->len && !again; i++)
		again = memcmp(&key, &c->history->keys[i], sizeof key) == 0;
	return again;
}

/* Whether a position valued v, with side (0: the mover at the root, 1: the other) to move,
 * is good for winner at a distance shorter than d (or at all, without distances). */
static int winner_nearer(struct table_value v, int side, int winner, int d)
{
	const enum game_outcome good = side == winner ? GAME_WIN : GAME_LOSS;
	return v.outcome == good && (d < 0 || v.distance < d);
}

/* Why sure[] can rest on a few probes: under the winner's perfect play every position after
 * the move is won for the winner at a distance below d (the loser's other choices only lose
 * sooner), so an earlier position that is not can never come again.  A value can change
 * only towards a draw (a repetition is one): a win to a longer win or a draw, a loss to a
 * draw; a draw stays a draw. */
int cli_table_rank(const struct cli_common *c, struct table *t, const void *pos,
                   yomi_move *moves, struct table_value *values, int *sure,
                   struct yomi_error *err)
{
	const int n = table_rank_moves(t, pos, moves, values, err);
	const int hist = c->history->len;
	for (int k = 0; k < n; k++)
		sure[k] = 1;
	if (n <= 0 || hist == 0)
		return n;
	struct table_value before[CLI_HISTORY_MAX + 1];
	for (int i = 0; i <= hist; i++)   /* the history, then pos */
		if (table_probe(t, i < hist ? c->history->pos[i] : pos, &before[i], err))
			return -1;
	for (int k = 0; k < n; k++) {   /* a repetition first: it moves the move in the order */
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		c->game->play(pos, moves[k], next);
		if (cli_repeats(c, pos, next))
			values[k] = (struct table_value){GAME_DRAW, -1};
	}
	table_sort_moves(moves, values, n);
	for (int k = 0; k < n; k++) {
		if (values[k].outcome == GAME_DRAW)
			continue;   /* a draw stays a draw */
		const int winner = values[k].outcome == GAME_WIN ? 0 : 1;
		for (int i = 0; i <= hist && sure[k]; i++)
			if (winner_nearer(before[i], (hist - i) & 1, winner, values[k].distance))
				sure[k] = 0;
	}
	return n;
}

int cli_table_known(const struct table_value *values, const int *sure, int n)
{
	struct table_value best_unsure = {GAME_LOSS, 0};
	int unsure = 0;
	for (int k = 0; k < n; k++) {
		if (sure[k])
			continue;
		/* the best it can turn out to be: a win stays at most as short, a loss a draw */
		const struct table_value up = values[k].outcome == GAME_WIN
		                                  ? values[k] : (struct table_value){GAME_DRAW, -1};
		if (!unsure++ || table_value_cmp(up, best_unsure) > 0)
			best_unsure = up;
	}
	int known = 0;
	while (known < n && sure[known]
	       && (!unsure || table_value_cmp(values[known], best_unsure) >= 0))
		known++;
	return known;
}

void cli_print_moves(const struct game *g, const void *pos, const yomi_move *line, int len,
                     int json)
{
	_Alignas(16) unsigned char cur[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	memcpy(cur, pos, g->pos_size);
	for (int k = 0; k < len; k++) {
		g->format_move(cur, line[k], text, sizeof text);
		if (json) {
			fputs(k ? "," : "", stdout);
			json_string(stdout, text);
		} else {
			printf(" %s", text);
		}
		g->play(cur, line[k], cur);
	}
}
