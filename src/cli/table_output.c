/*
 * table_output.c - how the commands that read solved tables (probe, analyze) print what
 * they find (the table's own answers, the value notation and perfect lines, are in
 * src/solve/table_line.c; values under the game's history in table_history.c).
 */
#include <string.h>

#include "cli/cli.h"

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
