/*
 * table_output.c - how the commands that read solved tables (probe, analyze) print what
 * they find: the value notation and perfect-play lines.
 */
#include <string.h>

#include "cli/cli.h"

/* "#N" (win in N plies), "#-N" (loss in N), "=0" (draw); "win"/"loss" without distances. */
void table_format_value(struct table_value v, char *buf, size_t len)
{
	if (v.outcome == GAME_DRAW)
		snprintf(buf, len, "=0");
	else if (v.distance < 0)
		snprintf(buf, len, "%s", v.outcome == GAME_WIN ? "win" : "loss");
	else
		snprintf(buf, len, "#%s%d", v.outcome == GAME_WIN ? "" : "-", v.distance);
}

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

/* How many of keys[0..n-1] equal key. */
static int key_count(const struct game_key *keys, int n, struct game_key key)
{
	int count = 0;
	for (int i = 0; i < n; i++)
		count += memcmp(&keys[i], &key, sizeof key) == 0;
	return count;
}

/* Whether the side to move at pos can win at once (a move that ends the game, lost for the
 * opponent). */
static int wins_at_once(const struct game *g, const void *pos)
{
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	yomi_move moves[YOMI_MOVES_MAX];
	const int n = g->moves(pos, moves);
	for (int k = 0; k < n; k++)
		if (g->play(pos, moves[k], next) && g->status(next).outcome == GAME_LOSS)
			return 1;
	return 0;
}

/* How much the side to move at pos can still resist: its moves after which the game goes on
 * and the opponent cannot win at once.  A line from a table without distances steers by it:
 * the winner to the position where the loser resists least (one more ply of lookahead than
 * the table's values give; proof-number search counts the same way), the loser to one
 * where the winner has no win at once. */
static int resistance(const struct game *g, const void *pos)
{
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	yomi_move moves[YOMI_MOVES_MAX];
	const int n = g->moves(pos, moves);
	int count = 0;
	for (int k = 0; k < n; k++)
		count += !g->play(pos, moves[k], next) && !wins_at_once(g, next);
	return count;
}

int cli_table_line(struct table *t, const struct game *g, const void *pos,
                   const struct game_key *before, int nbefore, int repeat_ends, yomi_move *line,
                   int max, struct yomi_error *err)
{
	_Alignas(16) unsigned char cur[YOMI_POS_MAX], next[YOMI_POS_MAX];
	memcpy(cur, pos, g->pos_size);
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	const int wdl = !table_has_distance(t);
	/* the line's positions, pos first: its repetitions end a draw, and WDL lines avoid them */
	static _Thread_local struct game_key keys[CLI_LINE_KEYS];
	int nkeys = 0, len = 0;
	keys[nkeys++] = g->key(pos);
	while (len < max && nkeys < CLI_LINE_KEYS) {
		const int n = table_rank_moves(t, cur, moves, values, err);
		if (n < 0)
			return -1;   /* a block that does not decode: no line rather than half of one */
		if (n == 0)
			break;
		/* Without distances: the best moves that end the game or reach a position not yet
		 * on the line, the winner's least resisted, the loser's most resisting. */
		int pick = 0, pick_resist = 0, fresh = 0;
		const int winning = values[0].outcome == GAME_WIN;
		for (int k = 0; wdl && values[0].outcome != GAME_DRAW && k < n &&
		                table_value_cmp(values[k], values[0]) == 0; k++) {
			if (g->play(cur, moves[k], next)) {   /* it ends the game: the best there is */
				pick = k;
				break;
			}
			const struct game_key key = g->key(next);
			if (key_count(keys, nkeys, key) || key_count(before, nbefore, key))
				continue;
			const int r = winning ? resistance(g, next) : !wins_at_once(g, next);
			if (!fresh++ || (winning ? r < pick_resist : r > pick_resist)) {
				pick = k;
				pick_resist = r;
			}
		}
		line[len++] = moves[pick];
		if (g->play(cur, moves[pick], next))
			break;
		memcpy(cur, next, g->pos_size);
		const struct game_key key = g->key(cur);
		if (1 + key_count(keys, nkeys, key) + key_count(before, nbefore, key) >= repeat_ends)
			break;
		keys[nkeys++] = key;
	}
	return len;
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
