/*
 * server.h - what the server's parts share (src/serve/): the server's state, a request as
 * the API sees it, the JSON endpoints (api.c), the search queue (analysis.c) and the page's
 * files (web/, compiled in by tools/embed.c).
 *
 * Why tables are shared through handles: a table's probe keeps a small cache of decoded
 * chunks, so two threads must not probe through one struct table; each HTTP thread gets its
 * own handle (table_share) on the table opened once at start, on first use.
 */
#ifndef YOMI_SERVE_SERVER_H
#define YOMI_SERVE_SERVER_H

#include <pthread.h>
#include <signal.h>

#include "serve/json.h"
#include "yomi/serve.h"
#include "yomi/table.h"

enum { SERVE_GAMES_MAX = 32 };

struct analysis;

struct server {
	struct serve_options o;
	int ngames;                                  /* game_registry's */
	struct table *tables[SERVE_GAMES_MAX];       /* by registry index, NULL: none */
	const char *table_paths[SERVE_GAMES_MAX];
	pthread_key_t handles;                       /* each thread's struct handles */
	pthread_mutex_t handles_lock;
	struct handles *all_handles;                 /* every thread's, freed at the end */
	struct analysis *analysis;
};

/* This thread's handle on game gi's table, or NULL (no table, or no memory). */
struct table *server_table(struct server *s, int gi);

/* A request to the API, parsed and checked. */
struct request {
	struct server *server;
	const struct game *game;
	int gi;                                      /* game's registry index */
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	enum board_lang lang;
	double seconds;                              /* analyze: the time, capped */
};

/* The endpoints: each writes its answer (or {"error": ...}) to out and returns the HTTP
 * status. */
int api_games(struct server *s, struct json *out);
int api_game(const struct request *r, struct json *out);
int api_show(const struct request *r, struct json *out);
int api_moves(const struct request *r, struct json *out);
int api_probe(const struct request *r, struct json *out);
int api_line(const struct request *r, struct json *out);
/* The answer of a finished search (analysis.c), or with rep NULL of a finished game, whose
 * value is over_score ("#-0", "=12"). */
struct search_report;
void api_analysis(const struct game *g, const void *pos, const struct search_report *rep,
                  double seconds, const char *over_score, struct json *out);
/* {"error": msg} */
void api_error(struct json *out, const char *msg);

/* The search queue: `searches` workers, at most `queue` waiting. */
struct analysis *analysis_start(struct server *s, struct yomi_error *err);
/* Queues a search of r; done(arg) is called on a worker thread when the answer is in
 * *status and *body (malloc'd, the caller frees it).  client: the request's socket, open
 * until done is called (its connection is suspended), watched so that the search is
 * dropped when the client goes away.  Returns 0, or -1 when the queue is full or the
 * server is stopping (nothing is queued, done is not called). */
int analysis_submit(struct analysis *a, const struct request *r, int client, int *status,
                    char **body, size_t *len, void (*done)(void *arg), void *arg);
/* Stops the workers: the waiting searches are answered 503, then the running ones stop at
 * once (each worker's interrupt is set) and answer what they have. */
void analysis_stop(struct analysis *a);

/* The page's files (generated from src/serve/web/ at build time). */
struct web_file {
	const char *path;         /* "/app.js" */
	const char *type;         /* its Content-Type */
	const unsigned char *data;
	size_t size;
};
extern const struct web_file web_files[];   /* ended by a NULL path */

#endif
