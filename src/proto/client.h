/*
 * client.h - what the protocol clients (usi_client.c, gtp_client.c) share: the engine
 * process, its pipes, and lines to and from it with time limits (engine.c).
 *
 * Why every wait has a limit: an engine is another program, which may hang, crash, or never
 * answer; the match must go on (the engine loses that game) rather than wait for ever.
 */
#ifndef YOMI_PROTO_CLIENT_H
#define YOMI_PROTO_CLIENT_H

#include <sys/types.h>

#include "proto/io.h"
#include "yomi/proto.h"

enum { CLIENT_HELLO_SECONDS = 30, CLIENT_MAX_PLIES = 2048 };

struct engine {
	struct engine_spec spec;
	const struct game *game;
	char label[80];               /* "usi:COMMAND" (cut short), for messages */
	char name[128];               /* what the engine calls itself */
	pid_t pid;
	int to, from;                 /* its stdin, its stdout */
	struct proto_reader in;
	int alive;                    /* started and in step with the protocol */
	_Alignas(16) unsigned char start[YOMI_POS_MAX];   /* the game's first position */
	/* USI */
	int usi_notation, sfen_notation, has_variant;
	/* GTP: the moves the engine has (from the game's start) */
	int synced;
	int whole_seconds;            /* it refused a time in fractions of a second */
	yomi_move sent[CLIENT_MAX_PLIES];
};

/* Writes one line to the engine; 0, or -1 (err filled) when it is gone. */
int client_send(struct engine *e, struct yomi_error *err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The engine's next line within `wait` seconds (< 0: CLIENT_HELLO_SECONDS): 1 with *line;
 * 0 on a time-out, -1 at the end of its output, err filled (the engine is then out of step:
 * alive is 0). */
int client_line(struct engine *e, double wait, char **line, struct yomi_error *err);

/* Adds " (what)" to err's message; returns -1. */
int client_context(struct yomi_error *err, const char *what);

/* Per protocol: whether it plays game g (before any engine is started), the handshake after
 * the start, a new game, a move, the end of a game. */
int usi_client_speaks(const struct game *g);
int usi_client_hello(struct engine *e, struct yomi_error *err);
int usi_client_new_game(struct engine *e, struct yomi_error *err);
enum engine_answer usi_client_play(struct engine *e, const yomi_move *moves, int n,
                                   const struct engine_clock *c, double wait, yomi_move *move,
                                   char *text, size_t len, struct yomi_error *err);
void usi_client_game_over(struct engine *e, int result);

int gtp_client_speaks(const struct game *g);
int gtp_client_hello(struct engine *e, struct yomi_error *err);
int gtp_client_new_game(struct engine *e, const struct engine_clock *c, struct yomi_error *err);
enum engine_answer gtp_client_play(struct engine *e, const yomi_move *moves, int n,
                                   const struct engine_clock *c, double wait, yomi_move *move,
                                   char *text, size_t len, struct yomi_error *err);

#endif
