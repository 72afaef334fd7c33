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

int cli_table_line(struct table *t, const struct game *g, const void *pos, yomi_move *line,
                   int max)
{
	_Alignas(16) unsigned char cur[YOMI_POS_MAX], next[YOMI_POS_MAX];
	memcpy(cur, pos, g->pos_size);
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	struct yomi_error err;
	int len = 0;
	while (len < max) {
		const int n = table_rank_moves(t, cur, moves, values, &err);
		if (n <= 0)
			break;
		line[len++] = moves[0];
		if (g->play(cur, moves[0], next))
			break;
		memcpy(cur, next, g->pos_size);
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
