/*
 * registry.c - the games yomi knows.  A new game adds one line here and its own files
 * under src/games/; nothing else changes.
 */
#include <strings.h>

#include "yomi/registry.h"

extern const struct game game_dobutsu, game_tictactoe;
extern const struct game game_othello, game_othello6, game_othello4;
extern const struct game game_shogi;

const struct game *const game_registry[] = {&game_dobutsu, &game_tictactoe, &game_othello,
                                            &game_othello6, &game_othello4, &game_shogi, NULL};

const struct game *game_find(const char *name)
{
	for (int i = 0; game_registry[i]; i++)
		if (strcasecmp(game_registry[i]->name, name) == 0)
			return game_registry[i];
	return NULL;
}
