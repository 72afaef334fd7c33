/*
 * player.h - what `yomi play` and `yomi match` share: the players that choose moves (a
 * person at the prompt, the search engine, a uniformly random mover, the solved table), the
 * text that names them (a SPEC such as engine:depth=6,eval=material), and the game record.
 *
 * Why one module: both commands run the same loop (ask the player to move, play it, check
 * the end) and must agree on how a game ends (the game's own status, threefold repetition,
 * the ply limit), so that a match result means what a played game's result means.  Every
 * player owns its search state (struct search_ctx, its own transposition table): two
 * engines in one process never share anything by accident.
 *
 * Sides: "first" is the player to move in the starting position, "second" the other; plies
 * alternate (a pass is an ordinary move in the games that have one), so the side to move
 * after n plies is n % 2.  No game-specific knowledge is needed.
 */
#ifndef YOMI_CLI_PLAYER_H
#define YOMI_CLI_PLAYER_H

#include <argp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "yomi/game.h"
#include "yomi/proto.h"
#include "yomi/record.h"
#include "yomi/search.h"
#include "yomi/tt.h"

/* PLAYER_EXTERNAL: another program, spoken to over USI or GTP (yomi/proto.h). */
enum player_kind { PLAYER_HUMAN, PLAYER_ENGINE, PLAYER_RANDOM, PLAYER_PERFECT,
                   PLAYER_EXTERNAL };

enum { PLAYER_SPEC_MAX = 128 };

/* A player as the command line describes it. */
struct player_spec {
	enum player_kind kind;
	struct search_limits limits;  /* engine; depth, seconds, nodes 0 = not given */
	size_t hash_mb;               /* engine; 0 = not given */
	const char *table_path;       /* perfect; NULL = not given (table_find looks) */
	char text[PLAYER_SPEC_MAX];   /* the spec as written, for printing */
	struct engine_spec engine;    /* external: its command and options */
};

/* Parses SPEC: human | random | perfect[:table=FILE] |
 * engine[:depth=N,time=S,nodes=N,hash=MB,threads=N,eval=full|material|hand] |
 * usi:COMMAND[,NAME=VALUE...] |
 * gtp:COMMAND.  Returns 0, or -1 with err filled ("SPEC 'x': ..."). */
int player_parse_spec(const char *text, struct player_spec *spec, struct yomi_error *err);

/* Fills the limits, hash size and table path the spec left open from the defaults (the
 * command's --depth, --time, --nodes, --hash, --table); with no limit at all an engine
 * searches for 1 second. */
void player_spec_defaults(struct player_spec *spec, const struct search_limits *limits,
                          size_t hash_mb, const char *table_path);

/* The options `play` and `match` share (an argp child, input struct player_options):
 * --first/--second SPEC, the engines' default --depth/--time/--nodes/--hash, --table,
 * --seed and --max-plies. */
struct player_options {
	const char *spec_text[2];     /* NULL: the command's default */
	struct search_limits limits;
	size_t hash_mb;
	int hash_given;               /* --hash given (hash_mb has a default) */
	const char *table_path;
	uint64_t seed;
	int seeded;                   /* --seed given */
	int max_plies;
	int people;                   /* a person may play (play, not match): for --help, and
	                                 --save names one file, not one a game */
	const char *save;             /* --save FILE: each game's record, or NULL */
	int clocked;                  /* match --tc: engines without limits of their own keep to
	                                 the clock (no 1-second default) */
};
extern const struct argp player_options_argp;

/* Sets the defaults before parsing: the given specs, hash 16 MB, 1000 plies. */
void player_options_init(struct player_options *o, const char *first, const char *second);

/* Parses both specs and applies the defaults (player_spec_defaults); refuses a --save that
 * names a solved table, a folder or a file in no folder, or another game's record format
 * (a .kif for game g other than shogi: record_name_check) (match: its first game's file);
 * picks a seed from the clock when none was given.  Returns 0, or -1 with err filled. */
int player_options_specs(struct player_options *o, const struct game *g,
                         struct player_spec spec[2], struct yomi_error *err);

/* A game in progress: where it started, the moves since, and the positions before each
 * move (with any history before the start) for repetition. */
enum { RECORD_MAX_PLIES = 1000, RECORD_PRIOR_MAX = 1024 };

struct game_record {
	const struct game *game;
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];   /* the current position */
	int max_plies;                /* the game is drawn when it reaches this many plies */
	int len;                      /* plies played */
	yomi_move moves[RECORD_MAX_PLIES];
	int prior;                    /* positions before start (from --moves) */
	struct game_key keys[RECORD_PRIOR_MAX + RECORD_MAX_PLIES];  /* before each move */
	_Alignas(16) unsigned char before[RECORD_PRIOR_MAX + RECORD_MAX_PLIES][YOMI_POS_MAX];
};

/* Starts a record at pos.  prior_keys and prior_pos (NULL when nprior is 0) are the
 * positions played before it, oldest first, which count for repetition.  max_plies is
 * clamped to RECORD_MAX_PLIES. */
void record_init(struct game_record *r, const struct game *g, const void *pos,
                 const struct game_key *prior_keys,
                 const unsigned char (*prior_pos)[YOMI_POS_MAX], int nprior, int max_plies);

/* Plays legal move m at the current position. */
void record_push(struct game_record *r, yomi_move m);

/* Takes back the last n plies (n <= len). */
void record_pop(struct game_record *r, int n);

/* Whether the game is over and how: the game's status, then its repetition rule (threefold
 * unless the game says otherwise: game_repetition), then the ply limit ("move limit"). */
struct game_status record_status(const struct game_record *r);

/* Writes r (finished or not) to path in the record format its extension asks for
 * (record_write_file: shogi's .kif/.csa, else yomi's) with the players, the result ("1-0",
 * "0-1", "1/2-1/2" or "*"), the reason and how the loser lost when the rules did not end the
 * game (end: a resignation, a time loss, an illegal move); game > 0 (a game of a match) puts "-GAME" before
 * the extension: games.kif becomes games-1.kif, games-2.kif, ...  A solved table there is
 * not replaced (nor a folder).  Returns 0, or -1 with err ("record: PATH: ..."). */
int record_save(const struct game_record *r, const char *path, int game, const char *first,
                const char *second, const char *result, const char *reason,
                enum record_end end, struct yomi_error *err);

/* 0 when the first player (see above) is to move, 1 for the second. */
static inline int record_side(const struct game_record *r) { return r->len & 1; }

/* The winner of a finished game: 0 first, 1 second, -1 a draw. */
int record_winner(const struct game_record *r, struct game_status st);

/* Writes the moves in the game's notation, numbered per move pair: "1. Cb3xb2 Lb1xb2 2. ...". */
void record_write_moves(const struct game_record *r, FILE *out);

/* A player ready to move. */
struct player {
	struct player_spec spec;
	const struct game *game;
	struct tt tt;
	int has_tt;
	struct search_ctx *ctx;
	struct table *table;
	uint64_t rng;
	volatile sig_atomic_t *interrupt;   /* set by the caller to stop a search; may be NULL */
	/* The game's clock (match --tc), NULL when none: an engine without limits of its own
	 * keeps to it, an external one is told it; wait: the longest an external one's answer
	 * is waited for (0: its time a move and a second). */
	const struct engine_clock *clock;
	double wait;
	struct engine *engine;        /* external */
	int started;                  /* external: it knows the game under way */
};

/* What a player chose, with the reasons an engine or a table can give. */
struct player_choice {
	yomi_move move;
	char score[32];               /* "" for a random mover */
	int depth;                    /* engine: the depth completed */
	int pv_len;                   /* engine: the expected line, move first */
	yomi_move pv[SEARCH_MAX_PLY];
	/* external: an answer that loses the game (the mover's): ENGINE_RESIGN, ENGINE_ILLEGAL,
	 * ENGINE_TIMEOUT or ENGINE_FAILED (move 0, player_choose's err says why); 0 otherwise */
	int forfeit;
	char said[64];                /* external: what it answered */
	/* external: seconds spent before the move was asked, telling the engine of a new game
	 * (isready, and a restart after a failure or a time loss): not the move's time */
	double setup;
};

/* Prepares p for g: allocates an engine's table and search state, opens a perfect
 * player's solved table.  Returns 0, or an exit status with err filled (p is then closed):
 * EXIT_RUNTIME out of memory, EXIT_USAGE a table that does not open. */
int player_open(struct player *p, const struct player_spec *spec, const struct game *g,
                struct yomi_error *err);
void player_close(struct player *p);

/* Before each game: clears the engine's table (so games are reproducible) and reseeds the
 * random choices; an external engine is told of the new game at its first move. */
void player_new_game(struct player *p, uint64_t seed);

/* After each game: an external engine is told the result (1 it won, 0 a draw, -1 it lost). */
void player_game_over(struct player *p, int result);

/* Chooses a move at r's current position (the game not over); not for humans.  Returns 0,
 * or -1 with err filled (a table that cannot answer).  An external engine's answer that
 * loses the game returns 0 with out->forfeit set and err saying why. */
int player_choose(struct player *p, const struct game_record *r, struct player_choice *out,
                  struct yomi_error *err);

/* How a game an engine lost by its answer ended, as its record says it: a resignation, a
 * loss on time, an illegal move, a failure (it died or answered an error: a loss too, not
 * an unfinished game); RECORD_END_RULES for none. */
static inline enum record_end player_forfeit_end(int forfeit)
{
	return forfeit == ENGINE_RESIGN ? RECORD_END_RESIGN
	       : forfeit == ENGINE_ILLEGAL ? RECORD_END_ILLEGAL
	       : forfeit == ENGINE_TIMEOUT ? RECORD_END_TIME
	       : forfeit == ENGINE_FAILED ? RECORD_END_FAILED : RECORD_END_RULES;
}

/* 0 when the player can play a game starting at pos; -1 with err filled ("SPEC: a GTP engine
 * plays from the start position only") for a GTP engine and another position: GTP cannot
 * set one up, and a game the engine could not play was counted as its loss. */
static inline int player_check_start(const struct player_spec *spec, const struct game *g,
                                     const void *pos, struct yomi_error *err)
{
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	if (spec->kind != PLAYER_EXTERNAL || spec->engine.protocol != ENGINE_GTP)
		return 0;
	g->start(start);
	const struct game_key k0 = g->key(start), k1 = g->key(pos);
	if (memcmp(&k0, &k1, sizeof k0) == 0)
		return 0;
	return yomi_fail(err, "%s: a GTP engine plays from the start position only", spec->text);
}

/* Writes the choice's line ("score +35 depth 8 pv Cb3xb2 Lb1xb2") for the position pos. */
void player_write_choice(const struct game *g, const void *pos, const struct player_choice *c,
                         FILE *out);

/* The seed of stream i (a game, a player) derived from the user's seed: distinct streams
 * for distinct i, the same for the same seed. */
uint64_t player_seed_mix(uint64_t seed, uint64_t i);

/* A 64-bit seed from the clock and process, for when the user gave none. */
uint64_t player_random_seed(void);

#endif
