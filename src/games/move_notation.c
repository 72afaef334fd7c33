/* move_notation.c - a game's move notations by name, for the engine protocols (game.h). */
#include <strings.h>

#include "yomi/game.h"

int game_move_notation(const struct game *g, const char *name)
{
	if (!g->move_notations)
		return -1;
	for (int i = 0; g->move_notations[i].name; i++)
		if (strcasecmp(g->move_notations[i].name, name) == 0)
			return i;
	return -1;
}

void game_format_move_as(const struct game *g, const void *pos, yomi_move m, int notation,
                         char *buf, size_t len)
{
	if (notation > 0 && g->format_move_as)
		g->format_move_as(pos, m, notation, buf, len);
	else
		g->format_move(pos, m, buf, len);
}
