/*
 * search.h - iterative-deepening PVS, written once for every game (src/search/
 * search_template.h instantiates it per game at compile time, so no indirect call per node).
 *
 * Why all state lives in struct search_ctx: no globals means two searches (a match between
 * two engines, later threads) never share anything by accident; the transposition table is
 * passed in, so it can be shared on purpose.
 *
 * Scores are from the side to move's point of view.  A game-theoretic result reached in N
 * plies scores SCORE_WIN - N (won) or -(SCORE_WIN - N) (lost): shorter wins above longer
 * ones, the loser prefers the longest resistance.  Heuristic scores stay within
 * +-SCORE_HEURISTIC_MAX, in hundredths of a chick (Dobutsu) or of a disc.
 */
#ifndef YOMI_SEARCH_H
#define YOMI_SEARCH_H

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
};

/* Why a search stopped: a limit (time, nodes, interrupt), or only the node share of one
 * pass of the mate search (the search goes on). */
enum { SEARCH_STOP_LIMIT = 1, SEARCH_STOP_PASS = 2 };

static inline int score_is_win(int s) { return s >= SCORE_WIN_MIN; }
static inline int score_is_loss(int s) { return s <= -SCORE_WIN_MIN; }
static inline int score_is_mate(int s) { return score_is_win(s) || score_is_loss(s); }
/* Plies to the end for a won or lost score. */
static inline int score_distance(int s) { return SCORE_WIN - (s < 0 ? -s : s); }

struct search_limits {
	int depth;            /* 0 = no limit */
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
 * only the interrupt), else to SEARCH_STOP_PASS when ctx->pass_nodes is reached. */
void search_check_limits(struct search_ctx *ctx);

/* Formats a score the way yomi prints it: "+35", "-120", "0", "#7", "#-12", "=0". */
void search_format_score(int score, int proven, char *buf, size_t len);

#endif
