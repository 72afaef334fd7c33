/*
 * registry.h - the list of games yomi knows, by name.  Adding a game means adding its
 * `struct game` here (src/games/registry.c) and nothing in search, solver or CLI.
 */
#ifndef YOMI_REGISTRY_H
#define YOMI_REGISTRY_H

#include "yomi/game.h"

/* The game called `name` (exact, case-insensitive), or NULL. */
const struct game *game_find(const char *name);

/* The registered games, NULL-terminated; [0] is the default. */
extern const struct game *const game_registry[];

#endif
