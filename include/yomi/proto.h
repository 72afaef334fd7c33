/*
 * proto.h - the engine protocols, both ways: yomi as an engine that a GUI drives (USI for
 * Dobutsu and shogi, GTP and NBoard for Othello), and yomi driving another engine in a
 * match (the clients).
 *
 * Why a layer of its own (src/proto/): a protocol is a translation between a GUI's lines
 * and the game interface (game.h) and search; it knows a game only by what game.h exposes
 * (its notations by name, its family and board side), so a new game that has the notations
 * a protocol needs is spoken at once, with no change here.
 */
#ifndef YOMI_PROTO_H
#define YOMI_PROTO_H

#include <stdio.h>

#include "yomi/game.h"

/* Whether g can be spoken by USI (it has the "usi" move notation and the "sfen" position
 * notation). */
int usi_speaks(const struct game *g);

/* Runs the USI engine for game g (the default of UCI_Variant), reading commands from the
 * descriptor `in` and answering on out, until quit or the end of input.  Returns the exit
 * status: 0, or 1 when memory or threads run out at the start. */
int usi_run(const struct game *g, int in, FILE *out);

#endif
