/*
 * shogi_record.h - shogi game records in the two formats shogi software exchanges, as
 * record formats of the game (include/yomi/record.h): KIF (Kakinoki's, what Japanese GUIs
 * and databases write; UTF-8 here) and CSA (the Computer Shogi Association's, what engine
 * tournaments log).  yomi's own record format serves shogi too.
 *
 * Why here and not in the command line: a record's moves are notation of the game (KIF
 * names moves in kanji relative to the previous one), and the rules decide each move's
 * legality; the command line only picks the file.
 */
#ifndef YOMI_SHOGI_RECORD_H
#define YOMI_SHOGI_RECORD_H

#include "yomi/record.h"

/* KIF (.kif .kifu) and CSA (.csa), ended by a format whose name is NULL. */
extern const struct record_format shogi_record_formats[];

#endif
