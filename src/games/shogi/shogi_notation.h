/*
 * shogi_notation.h - shogi positions and moves as text: SFEN and USI (the notations every
 * shogi engine and GUI speaks, kept exactly standard so that protocols pass them through),
 * board diagrams in English letters or kanji, Japanese move names, and KIF/CSA records.
 */
#ifndef YOMI_SHOGI_NOTATION_H
#define YOMI_SHOGI_NOTATION_H

#include <stdio.h>

#include "games/shogi/shogi.h"

#define SG_START_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* SFEN (or `startpos`, or `sfen SFEN` as USI's position command writes it) into *p, checked:
 * piece counts, pieces that could never move, nifu, the side not to move in check.  Returns
 * 0, or -1 with err ("position: rank 3 has 10 squares"). */
int shogi_parse(const char *text, struct shogi_pos *p, struct yomi_error *err);
void shogi_format(const struct shogi_pos *p, char *buf, size_t len);

/* USI moves: 7g7f, 8h2b+, P*5e, and `win` for the entering-king declaration; also read in
 * the Japanese long form (７六歩(77), ２二角成(88), ５五角打, 入玉宣言), the piece named checked. */
int shogi_parse_move(const struct shogi_pos *p, const char *text, yomi_move *m,
                     struct yomi_error *err);
void shogi_format_move(const struct shogi_pos *p, yomi_move m, char *buf, size_t len);
/* The Japanese long form: ７六歩(77), ２二角成(88), ５五歩打, 同　歩(76) when `prev_to` (the
 * previous move's square, or -1) is the same square; 入玉宣言 for the declaration. */
void shogi_format_move_ja(const struct shogi_pos *p, yomi_move m, int prev_to, char *buf,
                          size_t len);

void shogi_render(const struct shogi_pos *p, const struct game_status *status,
                  enum board_lang lang, FILE *out);

struct game_status shogi_status(const struct shogi_pos *p);

#endif
