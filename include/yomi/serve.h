/*
 * serve.h - `yomi serve`: an HTTP server with a JSON API over the solved tables and the
 * search, and a web page that draws every game (src/serve/).
 *
 * Why no state per user: every answer depends on the request alone (the position is in the
 * URL), so any number of copies can run behind a load balancer, and a page's URL is a link
 * to its position.  Tables are opened once, read-only, and shared by every thread; searches
 * run on a few worker threads fed by a bounded queue (a full queue answers 503).
 */
#ifndef YOMI_SERVE_H
#define YOMI_SERVE_H

#include <stddef.h>
#include <stdio.h>

#include "yomi/game.h"

enum { SERVE_TABLES_MAX = 16 };

struct serve_options {
	const char *bind;        /* numeric address to listen on: "127.0.0.1", "::1", "0.0.0.0" */
	int port;                /* 0 to 65535; 0: a free port chosen by the system */
	const char *tables[SERVE_TABLES_MAX];   /* --table files, each of any game */
	int ntables;
	int threads;             /* HTTP threads (at least 1) */
	int searches;            /* searches run at once (at least 1) */
	int queue;               /* searches waiting at most; one more is answered 503 */
	double default_time;     /* analyze without time=: seconds */
	double max_time;         /* analyze's time= is capped at this */
	size_t hash_mb;          /* each search's transposition table */
	int preload;             /* decompress the tables into memory at start */
	FILE *log;               /* a line per request, or NULL */
};

/* Opens the tables (the --table files, and each solvable game's default table where there is
 * one), listens, prints "yomi: serving http://ADDR:PORT/" and what it serves on stderr, and
 * answers until SIGINT or SIGTERM, then lets running requests finish (a second or two at
 * most) and returns 0.  When it cannot start, returns 2 with err filled for bad input (a
 * table that does not open, an address that is not one), 1 for the rest (an address in
 * use, no memory). */
int serve_run(const struct serve_options *o, struct yomi_error *err);

#endif
