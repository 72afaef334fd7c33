/*
 * shogi_record.h - shogi game records in the two formats shogi software exchanges: KIF
 * (Kakinoki's, what Japanese GUIs and databases write, UTF-8 here) and CSA (the Computer
 * Shogi Association's, what engine tournaments log).
 *
 * Why both directions here and not in the command line: a record's moves are notation of
 * the game (KIF names moves in kanji relative to the previous one), and the rules decide
 * each move's legality; the command line only picks the file and the format.
 */
#ifndef YOMI_SHOGI_RECORD_H
#define YOMI_SHOGI_RECORD_H

#include <stdio.h>

#include "games/shogi/shogi.h"

enum sg_record_format { SG_RECORD_KIF, SG_RECORD_CSA };

/* How a recorded game ended: `reason` is the game's (or the command's) reason text
 * ("checkmate", "resignation", "move limit", ...) or NULL while unfinished; `winner` the
 * winning colour (0 first player, 1 second) or -1 for a draw or no result. */
struct sg_record_end {
	const char *reason;
	int winner;
};

/* Writes the game from *start through moves[0..n-1] (all legal) with the players' names. */
void shogi_record_write(FILE *out, enum sg_record_format format, const struct shogi_pos *start,
                        const yomi_move *moves, int n, const char *first, const char *second,
                        struct sg_record_end end);

/* Reads a KIF or CSA record (told apart by its content): the start position into *start and
 * the main line's moves, each checked legal, into moves (at most max).  Returns the number
 * of moves, or -1 with err naming the line: "record: line 12: move 5: 7g7e: ...". */
int shogi_record_read(const char *text, struct shogi_pos *start, yomi_move *moves, int max,
                      struct yomi_error *err);

#endif
