/*
 * game.h - the one interface that every game implements and that the command line,
 * search and solver are written against.
 *
 * Why two faces: the command line needs a uniform, cold API (parse, format, list moves,
 * render) and may pay an indirect call for each of those.  Hot loops (perft now, search and
 * retrograde passes later) must not pay an indirect call per node, so each game instantiates
 * the generic loop bodies at compile time (see src/search/perft_template.h) and exposes only
 * the finished entry point (`perft`) through this struct: one indirect call per run.
 *
 * Positions are opaque, fixed-size blobs of `pos_size` bytes that the caller allocates
 * (YOMI_POS_MAX is enough for every game) and copies with memcpy: every game is copy-make.
 */
#ifndef YOMI_GAME_H
#define YOMI_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A move, in a game-specific encoding; 0 is never a legal move ("no move"). */
typedef uint32_t yomi_move;

enum {
	/* Bounds for the cold paths (command line, tables); a hot loop sizes its arrays by its
	 * own game's bound (S_MAX_MOVES), so a large bound here costs the small games nothing.
	 * Shogi: up to 593 legal moves (+ the entering-king declaration), a 400-byte position. */
	YOMI_POS_MAX = 512,     /* upper bound of any game's pos_size */
	YOMI_MOVES_MAX = 600,   /* upper bound of any game's legal move count */
	YOMI_TEXT_MAX = 256,    /* enough for any formatted position or move */
	YOMI_ERROR_MAX = 200,
};

/* A one-line error: "what: detail", e.g. "position: rank 2 has 4 squares". */
struct yomi_error {
	char msg[YOMI_ERROR_MAX];
};

/* Outcome of a position, from the side to move's point of view. */
enum game_outcome {
	GAME_ONGOING = 0,
	GAME_WIN,   /* the side to move has won (e.g. its lion survived on the far rank) */
	GAME_LOSS,  /* the side to move has lost (lion captured, opponent's try, no move) */
	GAME_DRAW,
};

struct game_status {
	enum game_outcome outcome;
	const char *reason;   /* static text, e.g. "lion captured"; NULL while ongoing */
};

/* The exact packed identity of a position (used by transposition tables and repetition). */
struct game_key {
	uint64_t w[2];
};

/* How to print a position: the game's canonical notation or an alternative one. */
struct game_notation {
	const char *name;     /* "sfen", "clausecker", ... */
	const char *summary;  /* one line for --help / the man page */
};

enum board_lang { LANG_EN = 0, LANG_JA = 1 };

/* How a game's board looks, for a program that draws it (the web page of `yomi serve`):
 * plain data, so that the drawing code stays generic and the game's knowledge stays in the
 * game's folder.  The board is a grid of width x height squares, numbered row by row from
 * the top left as the game's own diagram shows them (square = row * width + column). */
enum { GAME_SQUARES_MAX = 128, GAME_KINDS_MAX = 16 };

struct game_piece_kind {
	const char *letter;     /* as in the notation: "L", "+P"; NULL when it has none */
	const char *name[2];    /* [board_lang]: "lion", "ライオン" */
	const char *label[2];   /* written on the piece, [board_lang]: "L", "ラ"; NULL: none */
	unsigned steps;         /* the steps a Dobutsu tile shows as dots: bit 3 * row + column
	                           of the 3x3 around it, row 0 towards the opponent; 0: none */
	const char *color;      /* "#rrggbb" accent of the piece, or NULL */
};

struct game_look {
	/* How pieces are drawn: "tile" (Dobutsu's square tiles), "koma" (shogi's pentagons;
	 * the second player's turned round), "disc" (Othello: black for the first player),
	 * "mark" (tic-tac-toe: x for the first player, o for the second). */
	const char *style;
	int width, height;
	const char *files[2];   /* column labels, left to right, blank-separated, [board_lang] */
	const char *ranks[2];   /* row labels, top to bottom */
	const char *sides[2][2];   /* [side][board_lang]: "first player", "先手" */
	int hands;              /* captured pieces go to the captor's hand and can be dropped */
	int nkinds;
	const struct game_piece_kind *kinds;
};

/* What stands where in a position, in the form of the game's look. */
struct game_board {
	int8_t square[GAME_SQUARES_MAX];   /* 0 empty; k > 0 a piece of kind k - 1 of the first
	                                      player; -k one of the second player */
	uint8_t hand[2][GAME_KINDS_MAX];   /* pieces in hand, [side][kind] */
	int turn;                          /* the side to move: 0 first, 1 second */
};

struct search_ctx;
struct game_solver;
struct record_format;

struct game {
	const char *name;           /* registry name, e.g. "dobutsu" */
	const char *title;          /* human name, e.g. "Dobutsu shogi (3x4)" */
	size_t pos_size;            /* bytes of a position, <= YOMI_POS_MAX */
	int max_moves;              /* upper bound of legal moves, <= YOMI_MOVES_MAX */
	const struct game_notation *notations;  /* NULL-terminated; [0] is canonical */

	/* Sets *pos to the start position. */
	void (*start)(void *pos);

	/* Parses any accepted notation into *pos.  Returns 0, or -1 with err filled
	 * ("position: ..."); *pos is unspecified then.  Never reads past the string. */
	int (*parse)(const char *text, void *pos, struct yomi_error *err);

	/* Formats *pos in notation number `notation` (index into notations). */
	void (*format)(const void *pos, int notation, char *buf, size_t len);

	/* Writes a board diagram (multi-line) in the given language, ending with a line of
	 * *status: the side to move, or the result.  status NULL: the position's own status;
	 * a caller that knows more (a draw by repetition, which depends on the history)
	 * passes it. */
	void (*render)(const void *pos, const struct game_status *status, enum board_lang lang,
	               FILE *out);

	/* Whether the game is over at *pos, and how. */
	struct game_status (*status)(const void *pos);

	/* Fills moves[] with every legal move (none when the game is over) and returns
	 * the count, at most max_moves.  The order is deterministic. */
	int (*moves)(const void *pos, yomi_move *moves);

	/* Plays legal move m from *pos into *out (which may alias pos).  Returns 1 when the
	 * game is over after m, 0 when it goes on. */
	int (*play)(const void *pos, yomi_move m, void *out);

	/* Parses a move in any accepted notation and checks it is legal at *pos.  Returns 0,
	 * or -1 with err saying why ("move: Cb3-b1: a chick moves one step forward"). */
	int (*parse_move)(const void *pos, const char *text, yomi_move *m,
	                  struct yomi_error *err);

	/* Formats legal move m of *pos in the canonical long notation. */
	void (*format_move)(const void *pos, yomi_move m, char *buf, size_t len);

	/* The exact packed key of *pos (equal keys <=> equal positions, move number aside). */
	struct game_key (*key)(const void *pos);

	/* Leaf count at exactly `depth` plies (a move that ends the game is a leaf and is not
	 * expanded); *ends, if not NULL, receives how many of those leaves end the game.
	 * Instantiated from the generic template: no indirect call per node. */
	uint64_t (*perft)(const void *pos, int depth, uint64_t *ends);

	/* Iterative-deepening search of *pos (game not over) with ctx's limits, table and
	 * report callback (include/yomi/search.h).  Instantiated from the generic template. */
	void (*search)(struct search_ctx *ctx, const void *pos);

	int bench_depth;            /* default depth of `yomi bench` */

	/* Retrograde analysis over a position index (include/yomi/solve.h); NULL when the
	 * game is not solvable that way. */
	const struct game_solver *solver;
	/* Exact solver of the game's final value, or NULL if the game has none (Othello: the
	 * final disc difference, empty squares to the winner).  Solves *pos (game not over or
	 * over) with ctx's limits, table (whose memory it may clear and reuse) and interrupt;
	 * sets ctx->start itself.  Returns 0 with *score = the exact final value for the side
	 * to move and *best = a best move (0 if the game is over), or -1 when stopped by ctx's
	 * limits.  Nodes are counted in ctx->nodes. */
	int (*solve_exact)(const void *pos, struct search_ctx *ctx, int *score, yomi_move *best);
	/* Whether solve_exact can be expected to finish on *pos in hours rather than years:
	 * 0, or -1 with err saying why not (Othello: too many empty squares).  NULL: always. */
	int (*solve_reach)(const void *pos, struct yomi_error *err);

	/* Record file formats of the game's own (shogi's KIF and CSA: include/yomi/record.h),
	 * ended by one whose name is NULL; NULL when it has none.  yomi's own format serves
	 * every game besides: a record is read in the first of these whose detect() takes it,
	 * else in yomi's; written in the one whose extension ends the file name, else yomi's. */
	const struct record_format *record_formats;

	/* How the board looks, and *pos in that form (struct game_board, above); both NULL
	 * for a game that has no board to draw (the page then shows render's diagram). */
	const struct game_look *look;
	void (*board)(const void *pos, struct game_board *b);

	/* How a repetition ends the game, or NULL: a position standing for the third time is a
	 * draw.  Called when *pos stands for the count-th time (count >= 2), `plies` plies after
	 * it first stood; returns GAME_ONGOING while the game goes on (shogi: the fourth time,
	 * and a loss for a side that checked on every move since the first). */
	struct game_status (*repetition)(const void *pos, int count, int plies);
	/* For the engine protocols (src/proto/), which know a game only by what follows.
	 * move_notations: the move notations by name, NULL-terminated, [0] the canonical one
	 * that format_move writes; NULL when the game has only that one.  A protocol speaks a
	 * game that has the notation it needs ("usi": Dobutsu's 2c2b, C*2b as Fairy-Stockfish
	 * and pychess write it).  format_move_as formats legal move m of *pos in notation
	 * number `notation` (NULL: only the canonical one); parse_move reads them all. */
	const struct game_notation *move_notations;
	void (*format_move_as)(const void *pos, yomi_move m, int notation, char *buf, size_t len);
	/* The name that the variants of one game on boards of different sizes share, as GUIs
	 * know it ("Othello": GTP's list_games and set_game, GGF's GM[]), and the board's side
	 * (GTP's boardsize, GGF's TY[]); NULL and 0 when no protocol names the game so. */
	const char *family;
	int board_side;
};

/* The status a repetition gives (see game.repetition): count >= 2 occurrences of *pos, the
 * first `plies` plies before it. */
static inline struct game_status game_repetition(const struct game *g, const void *pos,
                                                 int count, int plies)
{
	if (g->repetition)
		return g->repetition(pos, count, plies);
	if (count >= 3)
		return (struct game_status){GAME_DRAW, "threefold repetition"};
	return (struct game_status){GAME_ONGOING, NULL};
}

/* The index of g's move notation called `name` (0 for the canonical one), or -1 if g has
 * none of that name. */
int game_move_notation(const struct game *g, const char *name);

/* Formats legal move m of *pos in g's move notation number `notation`
 * (game_move_notation). */
void game_format_move_as(const struct game *g, const void *pos, yomi_move m, int notation,
                         char *buf, size_t len);

/* The word at s (up to white space, at most 20 printable characters, then "...") in quotes,
 * into buf, for a message: "unexpected 'junk' after the position".  s must not be empty;
 * an unprintable first character is shown as 0xNN. */
const char *yomi_word(const char *s, char buf[32]);

/* One character for a message, into buf: 'c' if printable (not a quote), "end of text" for
 * '\0', else 0xNN, so that a bad byte is never shown as a character the user did not type. */
const char *yomi_char(int c, char buf[8]);

/* What the user typed, for a message quoting it ("move: 'Xz9': ..."), into buf (len >= 8):
 * s without its leading and trailing white space, a byte that is not printable as \xNN
 * (the text may hold a newline or control bytes, and a message is one line) but a
 * well-formed UTF-8 character as it is (７六歩), cut short with "..." where it does not fit,
 * never inside a character. */
const char *yomi_said(const char *s, char *buf, size_t len);
/* The length of the well-formed UTF-8 character at s (1 to 4 bytes, 1 for ASCII), or 0: a
 * stray or cut byte, an overlong form, a surrogate.  JSON text must be UTF-8 (RFC 8259), so
 * what a JSON string takes from a file or a user passes through it. */
int yomi_utf8_length(const char *s);
/* As yomi_said, but the white space at either end is kept (a blank shown as it is, other
 * white space as \xNN): for text where it matters, such as a player's SPEC. */
const char *yomi_said_whole(const char *s, char *buf, size_t len);
/* What a user gave as one argument (a file's path, an option's value, a command name) as a
 * message quotes it, as every message quotes what a user gave (yomi_said_whole: a control
 * byte or a stray byte as \xNN, a character of another script as it is), cut with "..."
 * after about 120 bytes so that what is wrong with it still fits the message: "record: PATH:
 * reason" (a plain path shorter than that reads as it is).  Returns buf. */
enum { YOMI_ARG_SAID = 128 };
const char *yomi_arg_said(const char *s, char buf[YOMI_ARG_SAID]);

/* Formats err with printf-style arguments; returns -1 so parsers can `return yomi_fail(...)`. */
int yomi_fail(struct yomi_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
