/*
 * search.h - iterative-deepening PVS, written once for every game (src/search/
 * search_template.h instantiates it per game at compile time, so no indirect call per node).
 *
 * Why all state lives in struct search_ctx: no globals means two searches (a match between
 * two engines, the threads of one search) never share anything by accident; the
 * transposition table is passed in, so it can be shared on purpose.
 *
 * Why lazy SMP for threads (limits.threads > 1): the helper threads run the same iterative
 * deepening as the main one, each with its own context (killers, history, line, small
 * table), at staggered depths, and share only the large transposition table, whose entries
 * stay exact under concurrent writes (tt.h).  The main thread reports; a helper's deeper
 * finished iteration or proof is taken when it comes first.  No split points, no locks on
 * the search's path: the table does the sharing, and scaling is what it allows.  In games
 * with a mate search, the first helper runs mate tests only (search_template.h says why).
 *
 * Scores are from the side to move's point of view.  A game-theoretic result reached in N
 * plies scores SCORE_WIN - N (won) or -(SCORE_WIN - N) (lost): shorter wins above longer
 * ones, the loser prefers the longest resistance.  Heuristic scores stay within
 * +-SCORE_HEURISTIC_MAX, in hundredths of a chick (Dobutsu) or of a disc.
 */
#ifndef YOMI_SEARCH_H
#define YOMI_SEARCH_H

#include <pthread.h>
#include <signal.h>
#include <stdint.h>

#include "yomi/game.h"
#include "yomi/tt.h"

enum {
	SCORE_INF = 32000,
	SCORE_WIN = 31000,
	SEARCH_MAX_PLY = 256,
	SCORE_WIN_MIN = SCORE_WIN - 2 * SEARCH_MAX_PLY,   /* scores above are wins */
	SCORE_HEURISTIC_MAX = 20000,
	SEARCH_MAX_MULTIPV = 64,
	SEARCH_HISTORY_MAX = 2048,   /* games' move indexes for the history table stay below */
	SEARCH_GAME_HISTORY = 1024,  /* positions of game history kept for repetition */
	SEARCH_FINISH_NODES = 20000000,  /* node budget to complete a proven line's PV */
	SEARCH_NO_REPEAT = SEARCH_MAX_PLY + 8,   /* no repetition (search_ctx.repeat_ply) */
	SEARCH_MAX_THREADS = 64,
	SEARCH_BUSY_SLOTS = 4096,    /* search_smp.busy; a power of two */
};

/* Why a search stopped: a limit (time, nodes, interrupt), only the node share of one
 * pass of the mate search (the search goes on), or a helper thread's finished result (the
 * main thread takes it: the search is done, not cut short). */
enum { SEARCH_STOP_LIMIT = 1, SEARCH_STOP_PASS = 2, SEARCH_STOP_HELPER = 3 };

static inline int score_is_win(int s) { return s >= SCORE_WIN_MIN; }
static inline int score_is_loss(int s) { return s <= -SCORE_WIN_MIN; }
static inline int score_is_mate(int s) { return score_is_win(s) || score_is_loss(s); }
/* Plies to the end for a won or lost score. */
static inline int score_distance(int s) { return SCORE_WIN - (s < 0 ? -s : s); }

struct search_limits {
	int depth;            /* 0 = no limit */
	int probcut;          /* games with Multi-ProbCut in the heuristic search (Othello on
	                         8x8): 0 = the game's default, -1 = off (the full-width
	                         search, for comparison), N > 0 = on with a margin of N
	                         hundredths of a standard deviation (in the padding before
	                         `seconds`: the layout of the others stays) */
	double seconds;       /* 0 = no limit */
	uint64_t nodes;       /* 0 = no limit */
	int multipv;          /* >= 1 */
	int prune;            /* forward pruning (inexact), off by default */
	int eval_material;    /* nonzero: the game's simpler evaluation, where it has one (to
	                         measure what the full evaluation adds): Dobutsu's material
	                         only, Othello's hand-weighted one (2: asked for as
	                         eval=hand); 0: the full one */
	int exact_at;         /* games with an exact endgame solver: solve exactly when at most
	                         this many empty squares are left; 0 = the game's default,
	                         -1 = never */
	int mate_max;         /* games with a mate search: the longest distance it tries;
	                         -1 = no mate search; 0 = the default: none when `depth` is
	                         given, else no limit */
	int threads;          /* search threads, 1 to SEARCH_MAX_THREADS (0: 1); with more than
	                         one, node counts and the line found may differ run to run */
};

struct search_line {
	int score;
	int proven;           /* score is exact (a mate score, or a fully searched value) */
	int len;
	yomi_move pv[SEARCH_MAX_PLY];
};

/* One finished iteration (or the final answer). */
struct search_report {
	int depth;
	int seldepth;
	uint64_t nodes;
	double seconds;
	int nlines;           /* multipv lines, best first */
	const struct search_line *lines;
	int final;            /* 1 for the last report of a search */
	int confidence;       /* a selective search's (Othello's endgame ProbCut): the percent
	                         chance that its result is right; 0: not selective */
};

typedef void (*search_report_fn)(const struct search_report *r, const void *root_pos, void *arg);

struct search_ctx;

/* What the threads of one search share (search.c makes it, the template runs it). */
struct search_smp {
	int threads;
	int stop;                      /* atomic: the helpers stop at their next check */
	int started;                   /* helpers running (pthread_create succeeded) */
	const void *root;              /* the root position, in the main thread's frame */
	void *(*helper)(void *ctx);    /* the game's helper loop: one call per thread */
	struct search_ctx *ctx[SEARCH_MAX_THREADS];   /* [0] the main thread's */
	pthread_t thread[SEARCH_MAX_THREADS];
	int at_depth[SEARCH_MAX_PLY];  /* atomic: threads searching each depth (staggering) */
	int lean;                      /* atomic: the main thread's last score (mate tests) */
	int mate_n[2];                 /* atomic: each kind's next mate test distance, every
	                                  shorter one refuted by some thread (0: none yet) */
	/* Atomic: the mate-search nodes that threads are searching now, one tag per slot
	 * (search/search_busy.h, SF(busy_*)): a thread defers a move whose child another thread
	 * is in, so that two threads on one test share its subtrees instead of both searching
	 * each (as in ABDADA). */
	uint64_t busy[SEARCH_BUSY_SLOTS];
	int multipv;                   /* the main thread's lines */
	/* The best a helper has finished (under lock): its deepest iteration's line, or a
	 * proven result; `best_depth` 0 while there is none. */
	pthread_mutex_t lock;
	int best_depth;                /* atomic (written under lock) */
	int best_proven;               /* atomic (written under lock) */
	struct search_line best;
	int best_seldepth;
};

struct search_ctx {
	/* set by the caller */
	struct tt *tt;
	struct search_limits limits;
	volatile sig_atomic_t *interrupt;   /* set asynchronously (Ctrl-C) to stop; may be NULL */
	search_report_fn report;
	void *report_arg;
	/* Called by search_check_limits (every few thousand nodes, ctx->nodes up to date) once
	 * search_clock() has passed progress_at, which it may move on: a progress line of a long
	 * search.  NULL: never. */
	void (*progress)(struct search_ctx *ctx, void *arg);
	void *progress_arg;
	double progress_at;
	/* Positions before the root that end the game as a draw when they stand again (under
	 * the threefold rule: those that stood twice; the caller applies the rule), oldest
	 * first.  A repetition along the searched line is a draw anyway. */
	uint64_t game_history[SEARCH_GAME_HISTORY];
	int game_history_len;

	/* threads (NULL and 0 for a search on one thread) */
	struct search_smp *smp;
	int thread;            /* 0: the main thread, which reports; 1..: helpers */
	void *near;            /* the small table of this thread (tt.h), tt->near for the main */
	uint64_t nodes_seen;   /* atomic: nodes, as of the last TT_TICK_NODES boundary */

	/* search state */
	uint64_t nodes;
	uint64_t horizon;      /* heuristic leaves and inexact TT cutoffs seen: 0 growth = exact */
	/* The mate search's repetitions in the subtree being searched: the lowest ply whose
	 * position one repeated (-1: the game before the root), and the lowest ply one was
	 * found at (both SEARCH_NO_REPEAT: none).  A node's result that rests on a repetition
	 * of a position above it may hold only on this line (see SF(node)). */
	int repeat_ply, repeat_at;
	double start;
	int stopped;          /* 0, SEARCH_STOP_LIMIT or SEARCH_STOP_PASS */
	uint64_t pass_nodes;  /* nonzero: stop (SEARCH_STOP_PASS) at this node count */
	int finishing;        /* completing a PV: only pass_nodes and the interrupt stop it */
	int root_depth;
	int seldepth;
	uint64_t path[SEARCH_MAX_PLY + 8];   /* repetition keys along the current line */
	/* A 64-bit filter of the keys before the root and path[i], path[i - 2], ... (two bits
	 * per key, from its hash): a key with a bit clear in it is none of them, and the
	 * repetition test skips its scan.  history_seen: the game history's bits alone. */
	uint64_t path_seen[SEARCH_MAX_PLY + 8];
	uint64_t history_seen;
	yomi_move killers[SEARCH_MAX_PLY][2];
	int32_t history[2][SEARCH_HISTORY_MAX];

	/* result */
	int nlines;
	struct search_line lines[SEARCH_MAX_MULTIPV];
	int depth_done;
};

/* Initializes ctx for a search with the given table and limits (history empty). */
void search_init(struct search_ctx *ctx, struct tt *tt, const struct search_limits *limits);

/* Seconds since an arbitrary fixed point (monotonic). */
double search_clock(void);

/* Called every few thousand nodes by the generic search: sets ctx->stopped to
 * SEARCH_STOP_LIMIT when a limit is reached or the interrupt flag is set (while finishing,
 * only the interrupt), else to SEARCH_STOP_PASS when ctx->pass_nodes is reached.  With
 * threads, a helper stops when told to; the main thread counts every thread's nodes
 * against the limit, and stops when a helper has finished the search (a proof, or the
 * last depth). */
void search_check_limits(struct search_ctx *ctx);

/* The nodes of every thread of ctx's search (as of their last TT_TICK_NODES boundary). */
uint64_t search_nodes(const struct search_ctx *ctx);

/* For the template: starts ctx->limits.threads - 1 helper threads running helper(their
 * context) on root, each context a copy of ctx's settings with its own small table.  Returns
 * 0, or -1 when not even one could start (the search then runs on one thread). */
int search_smp_start(struct search_ctx *ctx, const void *root, void *(*helper)(void *ctx));
/* Stops the helpers, waits for them, adds their nodes to ctx->nodes and frees them.  Returns
 * the depth of the helpers' best finished line (0: none) and, when best is not NULL, that
 * line in *best, whether it is proven in *proven and its seldepth in *seldepth. */
int search_smp_finish(struct search_ctx *ctx, struct search_line *best, int *proven,
                      int *seldepth);
/* A helper's finished iteration (depth, line): kept if it is the deepest so far, or proven. */
void search_smp_offer(struct search_ctx *ctx, int depth, const struct search_line *line);

/* Formats a score the way yomi prints it: "+35", "-120", "0", "#7", "#-12", "=0". */
void search_format_score(int score, int proven, char *buf, size_t len);

#endif
