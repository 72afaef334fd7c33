/*
 * think.h - the engine's move search on a thread of its own, for the protocols that must
 * read the GUI's next line while it runs (USI's stop and ponderhit, NBoard's ping): one
 * search at a time, stopped asynchronously through search_ctx's interrupt flag, its time
 * budget (yomi/timeman.h) kept by the search thread between iterations (the soft limit) and
 * by the protocol's reading loop, which wakes at think_deadline (the hard limit).
 *
 * Why the answer can wait: a GUI that says "go infinite" or "go ponder" wants the best move
 * only when it says stop or ponderhit, even if the search ended long before; the thread then
 * waits for that before it calls the protocol's done hook.
 *
 * A solved table (Dobutsu) answers instead of the search where it holds the position: the
 * best move at once (the shortest win, the longest resistance), with a perfect line.
 */
#ifndef YOMI_PROTO_THINK_H
#define YOMI_PROTO_THINK_H

#include <pthread.h>
#include <signal.h>

#include "yomi/game.h"
#include "yomi/search.h"
#include "yomi/table.h"
#include "yomi/timeman.h"
#include "yomi/tt.h"

enum { THINK_HISTORY = SEARCH_GAME_HISTORY };

/* One search to run. */
struct think_job {
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];   /* the game not over */
	struct game_key history[THINK_HISTORY];         /* positions before pos, oldest first */
	int history_len;
	struct search_limits limits;   /* depth, nodes, multipv (seconds: use budget) */
	struct time_budget budget;     /* soft and hard limits; 0 = none */
	int wait;                      /* infinite or ponder: the answer waits for think_stop
	                                  (or think_ponderhit when pondering) */
	int ponder;                    /* the budget's clock starts at think_ponderhit */
	int use_table;                 /* answer from the table where it holds pos */
};

/* What the search (or the table) found, for the done hook. */
struct think_result {
	int nlines;                    /* 0: no move found (cannot happen for a game not over) */
	const struct search_line *lines;
	int depth, seldepth;
	uint64_t nodes;
	double seconds;                /* since the search began */
	int from_table;                /* the lines come from the solved table (proven) */
	int stopped;                   /* stop, a time limit or a node limit ended it */
};

struct think_hooks {
	/* After each finished iteration (search thread). */
	void (*report)(void *arg, const struct search_report *r, const void *root);
	/* Once, with the answer, when it may be given (search thread). */
	void (*done)(void *arg, const struct think_result *res, const void *root);
	/* A note for the GUI, such as why the table did not answer (search thread). */
	void (*note)(void *arg, const char *text);
	void *arg;
};

struct think {
	const struct game *game;
	struct tt tt;
	size_t tt_mb;                 /* size of tt, 0 = none yet */
	struct search_ctx *ctx;
	struct table *table;          /* owned by the caller; NULL = none */
	struct think_hooks hooks;

	pthread_t thread;
	int running;                  /* a thread exists (not joined yet) */
	pthread_mutex_t lock;         /* guards what follows */
	pthread_cond_t cond;
	struct think_job job;
	struct timeman tm;
	double t0;                    /* when the budget's clock started */
	int pondering, waiting, quiet, finished;
	volatile sig_atomic_t stop;   /* the search's interrupt (atomic accesses) */
	struct search_line table_line;
};

/* Sets up t for game g (no table memory yet).  Returns 0, or -1 out of memory. */
int think_init(struct think *t, const struct game *g);
void think_free(struct think *t);

/* Gives the transposition table `mb` MB (a new, empty one if the size changed); t must be
 * idle.  Returns 0, or -1 out of memory (the old table is kept then). */
int think_hash(struct think *t, size_t mb);

/* think_init and think_hash(mb) at once, for an engine's start: on failure nothing is kept
 * and "yomi: WHO: out of memory ..." is said on stderr.  Returns 0 or -1. */
int think_open(struct think *t, const struct game *g, size_t mb, const char *who);

/* Empties the transposition table (a new game); t must be idle. */
void think_clear(struct think *t);

/* Starts searching job on a thread; t must be idle (think_join).  Returns 0, or -1 when the
 * thread cannot start (nothing runs then). */
int think_start(struct think *t, const struct think_job *job, const struct think_hooks *h);

/* Stops the search as soon as it can (at once when it ended and waits); the done hook
 * still gives the answer.  Returns at once. */
void think_stop(struct think *t);

/* The same, but without an answer (gameover, quit). */
void think_abandon(struct think *t);

/* The GUI's ponderhit: the budget's clock starts now; the answer is given when the
 * budget or the search ends. */
void think_ponderhit(struct think *t);

/* Waits until the thread has given its answer (or was abandoned) and ended. */
void think_join(struct think *t);

/* Whether a search thread runs and has not given its answer yet. */
int think_busy(struct think *t);

/* The clock time (search_clock) at which the search must stop, or 0 when none applies. */
double think_deadline(struct think *t);

/* Permille of the transposition table holding entries (a sample). */
int think_hashfull(const struct think *t);

#endif
