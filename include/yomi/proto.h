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

struct usi_options {
	int threads;          /* the Threads option's default (0: 1) */
};

/* Runs the USI engine for game g (the default of UCI_Variant), reading commands from the
 * descriptor `in` and answering on out, until quit or the end of input.  Returns the exit
 * status: 0, or 1 when memory or threads run out at the start. */
int usi_run(const struct game *g, const struct usi_options *opt, int in, FILE *out);

/* Whether GTP speaks g: it has a family name and a board side (Othello, tic-tac-toe). */
int gtp_speaks(const struct game *g);

struct gtp_options {
	double seconds;       /* per move when the controller sets no clock (and no depth) */
	int depth;            /* > 0: search this deep instead (a fixed strength) */
	size_t hash_mb;       /* the transposition table */
	double overhead;      /* seconds kept from the clock for the pipes */
	int threads;          /* search threads (lazy SMP; 0: 1) */
};

/* Runs the GTP engine, starting with game g (its family and board side until set_game and
 * boardsize), until quit or the end of input.  Returns the exit status (0, or 1 when memory
 * runs out at the start). */
int gtp_run(const struct game *g, const struct gtp_options *opt, int in, FILE *out);

struct nboard_options {
	int depth;            /* until the GUI's set depth (0: no limit but --time's) */
	double seconds;       /* > 0: at most this per search */
	size_t hash_mb;
	int threads;          /* search threads (lazy SMP; 0: 1) */
};

/* Whether NBoard speaks g: an Othello (family "Othello", any board size). */
int nboard_speaks(const struct game *g);

/* The games NBoard plays, by name, for a message ("othello, othello6, othello4"), written to
 * buf (len bytes, cut if need be); returns buf. */
const char *nboard_games(char *buf, size_t len);

/* Runs the NBoard engine (Othello: the games of family "Othello", by GGF's board size),
 * starting at g's start position, until quit or the end of input.  Returns the exit
 * status. */
int nboard_run(const struct game *g, const struct nboard_options *opt, int in, FILE *out);

/* ---- the clients: yomi driving another engine (yomi match) ---- */

enum engine_protocol { ENGINE_USI, ENGINE_GTP };
enum { ENGINE_OPTIONS_MAX = 16, ENGINE_COMMAND_MAX = 512 };

/* An external engine as a player SPEC names it: usi:COMMAND[,NAME=VALUE...] (USI options,
 * set with setoption) or gtp:COMMAND.  COMMAND is run by /bin/sh. */
struct engine_spec {
	enum engine_protocol protocol;
	char command[ENGINE_COMMAND_MAX];
	int noptions;
	char name[ENGINE_OPTIONS_MAX][64];
	char value[ENGINE_OPTIONS_MAX][256];
};

/* Parses text ("usi:..." or "gtp:..."); returns 0, 1 when text names no external engine
 * (another kind of player), or -1 with err filled. */
int engine_spec_parse(const char *text, struct engine_spec *s, struct yomi_error *err);

/* The clock of the game as the match keeps it, in seconds.  Sides: 0 is the player to move
 * at the start of the game, 1 the other. */
struct engine_clock {
	double per_move;       /* > 0: this much a move, nothing else */
	double remaining[2];   /* main time left */
	double increment;      /* added after each move */
	double byoyomi;        /* a move may take this much once the main time is spent */
};

enum engine_answer {
	ENGINE_MOVE = 0,       /* *move is legal */
	ENGINE_RESIGN,         /* the engine resigned */
	ENGINE_ILLEGAL,        /* it answered an illegal or unreadable move (err says which) */
	ENGINE_TIMEOUT,        /* no answer before the deadline */
	ENGINE_FAILED,         /* it died or answered an error (err says what) */
};

struct engine;

/* 0 when the protocol of s plays game g (USI: shogi and Dobutsu; GTP: the games with a
 * family, Othello and tic-tac-toe), else -1 with err filled ("usi:CMD: GAME is not played
 * over USI"): a SPEC that cannot work, told before any program is started. */
int engine_speaks(const struct engine_spec *s, const struct game *g, struct yomi_error *err);

/* Starts the engine for game g and goes through its protocol's handshake (USI: usi,
 * options, UCI_Variant when the engine has it, isready; GTP: set_game and boardsize).
 * Returns NULL with err filled ("usi:CMD: ...") when it does not start or answer. */
struct engine *engine_start(const struct engine_spec *s, const struct game *g,
                            struct yomi_error *err);

/* Before each game: a new game for the engine (an engine that failed is started again).
 * start is the game's first position; a GTP engine plays from the game's start only.
 * Returns 0, or -1 with err filled. */
int engine_new_game(struct engine *e, const void *start, const struct engine_clock *c,
                    struct yomi_error *err);

/* Asks for a move at the position after moves[0..n) from the game's first position, and
 * waits for it at most `wait` seconds.  *text receives what the engine answered. */
enum engine_answer engine_play(struct engine *e, const yomi_move *moves, int n,
                               const struct engine_clock *c, double wait, yomi_move *move,
                               char *text, size_t len, struct yomi_error *err);

/* The game is over: result 1 the engine won, 0 a draw, -1 it lost (USI gameover). */
void engine_game_over(struct engine *e, int result);

/* The engine's name (USI id name, GTP name), or its command. */
const char *engine_name(const struct engine *e);

/* Ends the engine (quit, then a signal if it does not exit). */
void engine_close(struct engine *e);

#endif
