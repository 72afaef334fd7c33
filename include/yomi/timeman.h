/*
 * timeman.h - how long to think on a move: a budget from the clock (remaining time,
 * increment, byoyomi, or a fixed time per move), and after each finished iteration the
 * decision whether to start another.
 *
 * Why two limits: the soft one is what the move should take, and iterations stop once the
 * next one would likely overrun it (an unfinished iteration is thrown away); the hard one is
 * what the clock can afford, and whoever runs the search stops it there, mid-iteration.  The
 * soft limit grows while the best move keeps changing or the score falls (the position is
 * hard: time spent there matters) and shrinks while it stays put (the answer is clear).
 * Written once for every game and every user (the USI and NBoard engines, match's own
 * engines): it knows only seconds and search reports.
 */
#ifndef YOMI_TIMEMAN_H
#define YOMI_TIMEMAN_H

#include "yomi/search.h"

/* The clock of the side to move, in seconds. */
struct time_clock {
	double remaining;     /* main time left (0 once only byoyomi is left) */
	double increment;     /* added after each move (Fischer) */
	double byoyomi;       /* a move may take this much once the main time is spent */
	double movetime;      /* > 0: exactly this per move; the rest is ignored */
	int moves_to_go;      /* moves until the next time control; 0 = sudden death */
	double overhead;      /* kept in reserve for the pipes and the scheduler */
};

struct time_budget {
	double soft, hard;    /* seconds from the start of the move; 0 = no limit */
};

/* The budget of a move from the clock, never more than the clock holds minus the overhead
 * (at least 1 ms: one iteration still finishes, see search_init). */
struct time_budget timeman_budget(const struct time_clock *c);

/* The state of one move's search. */
struct timeman {
	struct time_budget budget;
	double scale;         /* the soft limit's factor, 0.5 to 2.5 */
	yomi_move best;       /* the best move of the last iteration */
	int prev_score, iterations, stable;
	int moves;            /* legal moves at the root: with one, no search is needed */
};

void timeman_start(struct timeman *tm, struct time_budget b, int legal_moves);

/* After a finished iteration (report r, elapsed seconds since the move began): 1 to start
 * another, 0 to stop now. */
int timeman_next_iteration(struct timeman *tm, const struct search_report *r, double elapsed);

#endif
