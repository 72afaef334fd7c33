/*
 * record.h - game records as files hold them (a start position, the moves played from it,
 * the players and the result), and the move lists of --moves.
 *
 * Why a hook in struct game: a game may have record formats of its own (shogi's KIF and
 * CSA), which its users already have files in.  A game lists them in game->record_formats;
 * yomi's own format serves every game besides, so a game with none needs nothing.  yomi's
 * format is PGN-like text:
 *
 *   [Game "dobutsu"]
 *   [Position "gle/1c1/1C1/ELG b - 1"]      any notation the game reads (start if left out)
 *   [First "human"]
 *   [Second "engine:depth=8"]
 *   [Result "*"]                            1-0, 0-1, 1/2-1/2, or * (unfinished)
 *   [Reason "stopped"]                      optional
 *
 *   1. Cb3xb2 Ec1xb2 2. ... *
 *
 * The moves are read as --moves reads them (record_next_move), so a file holding just a
 * move list ("f5d6c3d3c4") is a record too.  Reading tries the game's formats (each one's
 * detect), then yomi's; writing uses the format whose extension ends the file name, else
 * yomi's.  A reader fills *r with a legal sequence: the caller replays it without checks.
 */
#ifndef YOMI_RECORD_H
#define YOMI_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include "yomi/game.h"

enum {
	RECORD_MAX_MOVES = 1024,        /* plies a record holds */
	RECORD_FILE_MAX = 1 << 20,      /* bytes of a record file read at most */
	RECORD_TAG_MAX = 128,           /* bytes of a tag's value, its '\0' included */
};

/* How a game ended when its loser gave it up or broke a rule of the match, not of the game:
 * the loser is the side to move after the record's moves.  Formats with words of their own
 * for these (shogi's KIF and CSA: 投了, 切れ負け, 反則負け) write and read them; yomi's format
 * keeps the reason's text only. */
enum record_end {
	RECORD_END_RULES,     /* the game's rules ended it, or it is not known how */
	RECORD_END_RESIGN,    /* a resignation */
	RECORD_END_TIME,      /* a loss on time */
	RECORD_END_ILLEGAL,   /* an illegal move (not among the record's moves) */
	RECORD_END_FAILED,    /* its program failed: it died, closed its pipe or answered an
	                         error (KIF and CSA have no word for it: written as a
	                         resignation, with a comment saying what happened) */
};

struct record {
	_Alignas(16) unsigned char start[YOMI_POS_MAX];   /* the position the moves start from */
	int len;                                          /* moves[0..len) */
	yomi_move moves[RECORD_MAX_MOVES];
	char first[RECORD_TAG_MAX], second[RECORD_TAG_MAX];   /* players; "" unknown */
	char result[16];                /* "1-0", "0-1", "1/2-1/2", or "*" (unfinished) */
	char reason[RECORD_TAG_MAX];    /* how it ended or stopped; "" unknown */
	enum record_end end;            /* a resignation, a time loss, an illegal move */
};

/* One record file format (the game's own, or yomi's: record_format_yomi). */
struct record_format {
	const char *name;         /* "yomi", "kif", ...: NULL ends game->record_formats */
	const char *extensions;   /* file name endings it is written for, blank-separated
	                             (".kif .kifu"), matched without regard to case; may be "" */
	/* 1 when text[len] (a whole file, NUL-terminated) is in this format. */
	int (*detect)(const char *text, size_t len);
	/* Reads text[len] (NUL-terminated, no NUL inside) for game g into *r (every field set).
	 * Returns 0, or -1 with err filled: one line naming the line and what is wrong
	 * ("line 7: move 12: ..."). */
	int (*read)(const struct game *g, const char *text, size_t len, struct record *r,
	            struct yomi_error *err);
	/* Writes *r; returns 0, or -1 when out fails (errno set).  NULL: a format known so as to
	 * be refused by name (KI2): its read fails saying so, record_name_check refuses its
	 * extension. */
	int (*write)(const struct game *g, const struct record *r, FILE *out);
};

extern const struct record_format record_format_yomi;

/* An empty record of g: the start position, no moves, result "*". */
void record_clear(struct record *r, const struct game *g);

/* Reads the record file at path for game g: its size checked (RECORD_FILE_MAX), the format
 * found (see the top).  Returns 0, or -1 with err filled ("record: PATH: ..."). */
int record_read_file(const struct game *g, const char *path, struct record *r,
                     struct yomi_error *err);

/* The format a record written to path takes (see the top). */
const struct record_format *record_format_for(const struct game *g, const char *path);

/* 0 when a record of g may be written to path; -1 with err filled ("record: PATH: KIF is a
 * record format of shogi, not dobutsu ...") when path ends as another game's format does
 * and g has no format of that name: yomi's format in a .kif file would be read by no KIF
 * reader, nor taken for KIF by yomi. */
int record_name_check(const struct game *g, const char *path, struct yomi_error *err);

/* Writes *r to path in record_format_for(g, path), when record_name_check allows it: to a
 * new temporary file beside it, fsynced, renamed over path.  Returns 0, or -1 with err filled ("record: PATH: ..."). */
int record_write_file(const struct game *g, const char *path, const struct record *r,
                      struct yomi_error *err);

/* ---- move lists ---- */

/* A list of moves in text, read one move at a time: moves are separated by blanks or
 * commas; a word that is no move but starts with one is a run of moves written without
 * separators (an Othello transcript, "f5d6c3d3c4"), in which a forced move (the only legal
 * one, such as a pass) may be left out.  With movetext set, as in a record's text, move
 * numbers ("12." "12..."), comments ("{...}", ";" to the end of the line) are skipped and
 * a result (1-0 0-1 1/2-1/2 *) ends the list. */
struct move_list {
	const char *s;           /* what is still to be read */
	int movetext;
	int n;                   /* moves read so far */
	int line;                /* the line s is on, from 1 */
	const char *run;         /* the rest of a run being split, or NULL */
	const char *word;        /* the word (or run) the last move came from */
	size_t word_len;
	char said[64];           /* the text of the last move, as written ("" if left out) */
	char result[16];         /* movetext: the result that ended the list, else "" */
	size_t first_len;        /* a run: the length of its first move as written (0: left out) */
	struct yomi_error word_err;   /* a run: why the whole word is not one move */
	int unclosed;            /* movetext: a '{' comment ran to the end of the text */
};

void move_list_init(struct move_list *ml, const char *text, int movetext);

/* Reads the next move of the list, legal at *pos, into *m.  Returns 1, 0 at the end of the
 * list, or -1 with err filled ("move N: ...", the game's message; a '{' comment not closed,
 * ml->line then the line it opens on).  A word that is one move
 * and text that cannot start another (Lb4-a3+, Cb3-b2-b1, 7g7f+) is reported as that one
 * move, with the word's own message. */
int move_list_next(struct move_list *ml, const struct game *g, const void *pos, yomi_move *m,
                   struct yomi_error *err);

#endif
