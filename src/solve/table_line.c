/*
 * table_line.c - what a solved table answers beyond one probe, for every reader of tables
 * (the command line, the server): the value notation and perfect-play lines.
 */
#include <stdio.h>
#include <string.h>

#include "yomi/table.h"

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

int table_line(struct table *t, const struct game *g, const void *pos,
               const struct game_key *before, int nbefore, int repeat_ends, yomi_move *line,
               int max, struct yomi_error *err)
{
	_Alignas(16) unsigned char cur[YOMI_POS_MAX], next[YOMI_POS_MAX];
	memcpy(cur, pos, g->pos_size);
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	const int wdl = !table_has_distance(t);
	/* the line's positions, pos first: its repetitions end a draw, and WDL lines avoid them */
	static _Thread_local struct game_key keys[TABLE_LINE_KEYS];
	int nkeys = 0, len = 0;
	keys[nkeys++] = g->key(pos);
	while (len < max && nkeys < TABLE_LINE_KEYS) {
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
