/*
 * shogi_record_io.h - what the KIF and CSA readers and writers (shogi_kif.c, shogi_csa.c)
 * share with shogi_record.c, which binds them to the record-format hook: a reader's state
 * over the text, the end of a game in both formats' words.
 * Internal to src/games/shogi/.
 */
#ifndef YOMI_SHOGI_RECORD_IO_H
#define YOMI_SHOGI_RECORD_IO_H

#include <stdio.h>
#include <string.h>

#include "games/shogi/shogi.h"
#include "yomi/record.h"

/* How a recorded game ended: yomi's reason text ("checkmate", "resignation", ...) or NULL
 * while unfinished, the winning colour (0 first player, 1 second) or -1, and how the side
 * to move lost when not by the rules (the record's end: a resignation, a time loss, an
 * illegal move). */
struct sg_record_end {
	const char *reason;
	int winner;
	enum record_end how;
};

struct sg_reader {
	const char *s;       /* the text left */
	int line;            /* number of the line being read */
	struct shogi_pos pos;
	struct record *rec;  /* start, moves, names and result go here */
	yomi_move *moves;    /* rec->moves */
	int max, n;
	struct yomi_error *err;
	char names[2][RECORD_TAG_MAX];   /* the first and the second player's */
	int winner;          /* the colour that won, -1 a draw, -2 unfinished */
	const char *reason;  /* how the record says it ended, or NULL */
	int max_moves;       /* the move limit its header gives (KIF's 最大手数), or 0 */
};


/* KIF's and CSA's words for the end of a game (a special move), by yomi's reason. */
void sg_end_words(struct sg_record_end end, int to_move, const char **kif, const char **csa);
/* Whether the game ended by the move limit (a draw): then the formats write the limit in
 * their header (KIF 最大手数：N, CSA $MAX_MOVES:N), N the record's moves. */
static inline int sg_end_move_limit(struct sg_record_end end)
{
	return end.reason && end.winner < 0 && strcmp(end.reason, "move limit") == 0;
}
/* The text of the comment after the special move, yomi's reason, when the loser's engine
 * failed (written as a resignation: sg_end_words), else NULL. */
const char *sg_end_note(struct sg_record_end end, int to_move);
/* Writes note as a comment line starting with mark ("*" KIF, "'" CSA). */
void sg_write_note(FILE *out, const char *mark, const char *note);
/* The end and the colours' names of record r (its "first" player is the one to move at its
 * start, not necessarily shogi's first player). */
struct sg_record_end sg_record_end_of(const struct record *r, const char **black,
                                      const char **white);
/* The result and reason a special move (KIF's word or CSA's %WORD) gives, at r's position. */
void sg_set_end(struct sg_reader *r, const char *word);
/* The offset of the first byte of text[0..len) that is not well-formed UTF-8, or len. */
size_t sg_utf8_bad(const char *text, size_t len);
/* The number of the line of text that byte offset at is on (from 1). */
int sg_line_at(const char *text, size_t at);
/* Record text[len] (a `format`, "KIF" or "CSA") as UTF-8, which the readers read: *out NULL
 * when it is UTF-8 already, else the text converted from Shift_JIS (malloc'd, for the
 * caller to free).  decl[0..decl_len), on a line of text: the encoding the record declares
 * after the words `key` ("'CSA encoding=", "encoding="), which decides (a byte sequence may
 * read in both); NULL: none, the bytes decide (Shift_JIS when not UTF-8).  Returns 0, or -1
 * with err filled naming the line: neither encoding, not the one declared, another encoding
 * declared. */
int sg_record_utf8(const char *text, size_t len, const char *format, const char *key,
                   const char *decl, size_t decl_len, char **out, struct yomi_error *err);
/* Sets the name of colour c's player to s, cut short before a UTF-8 character that does
 * not fit (RECORD_TAG_MAX). */
void sg_set_name(struct sg_reader *r, int c, const char *s);
/* Copies the next line (without its end) into buf; 0 at the end of the text. */
int sg_next_line(struct sg_reader *r, char *buf, size_t len);
/* Plays the move written `usi` at r's position, or fails naming the line and the move. */
int sg_play_usi(struct sg_reader *r, const char *usi);

int sg_kif_write(const struct game *g, const struct record *r, FILE *out);
int sg_csa_write(const struct game *g, const struct record *r, FILE *out);
int sg_read_kif(struct sg_reader *r);
/* KIF text[len] as UTF-8 (sg_record_utf8): an encoding its "#KIF version=2.0
 * encoding=Shift_JIS" line declares decides, else the bytes. */
int sg_kif_utf8(const char *text, size_t len, char **out, struct yomi_error *err);
/* CSA text[len] as UTF-8, which the reader reads: *out NULL when it is UTF-8 already, else
 * text converted from Shift_JIS (CP932, malloc'd, for the caller to free), when a line
 * 'CSA encoding=SHIFT_JIS says so (CSA V3.0) or, undeclared, the text is not UTF-8 (older
 * files, with names or comments in Japanese).  Returns 0, or -1 with err filled naming the
 * line: neither encoding, not UTF-8 where declared so, another encoding declared. */
int sg_csa_utf8(const char *text, size_t len, char **out, struct yomi_error *err);
int sg_read_csa(struct sg_reader *r);
int sg_kif_detect(const char *text, size_t len);
/* The first line of text that is a KI2 move ("▲７六歩", "△同　銀"; UTF-8 or Shift_JIS), or
 * NULL: KI2 records are refused as such (shogi_record.c). */
const char *sg_ki2_first_move(const char *text);
int sg_csa_detect(const char *text, size_t len);

#endif
