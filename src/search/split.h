/*
 * split.h - parallel alpha-beta by split points (the Young Brothers Wait Concept, as Edax's
 * endgame search has it): a node whose first move did not cut hands its other moves to the
 * idle threads, which search them beside its own thread; a move that reaches beta cuts the
 * node, and every search still under way in it (and below it) stops at once.
 *
 * Why a module apart from the search that uses it: the threads, the split points and their
 * one lock are the same for any game; the search (the Othello exact solver) gives a function
 * that searches one move of a node, called once per move of a split node (an indirect call
 * per split move, never per node), and asks split_stopped() where it checks for a stop.
 *
 * Why one lock for the whole pool: a split point's moves are big subtrees (the search splits
 * only far from the leaves), so threads take the lock a few thousand times a second, not per
 * node; one lock keeps taking a move, merging a value and cutting the nodes below one
 * simple critical section.
 *
 * Why a waiting master helps only below its own node ("helpful master"): it must return as
 * soon as its last helper is done, so it may only take work that its helpers split off.
 */
#ifndef YOMI_SEARCH_SPLIT_H
#define YOMI_SEARCH_SPLIT_H

#include <pthread.h>

struct split_pool;

/* A node whose remaining moves several threads search.  Lives in the frame of the thread
 * that split it (its master), which returns only when every helper has left it.  Fields
 * under the pool's lock, but `cut` (atomic). */
struct split_point {
	struct split_point *parent;   /* the split point the master was working in, or NULL */
	const void *node;             /* the search's description of the node */
	int alpha, beta;              /* the window; alpha rises as the moves come back */
	int best, best_move;          /* fail-soft best value so far and its move (-1: none) */
	int next, count;              /* moves next..count-1 are still to be searched */
	int workers;                  /* threads searching one of its moves */
	int cut;                      /* atomic: a move reached beta, an ancestor was cut, or
	                                 the search was stopped: the other searches stop */
	struct split_point *prev, *next_sp;   /* the pool's list of split points */
};

/* One per thread, owned by it. */
struct split_thread {
	struct split_pool *pool;
	int id;                       /* 0: the thread that runs the search and its limits */
	struct split_point *sp;       /* the innermost split point it works in, or NULL */
	void *state;                  /* the search's per-thread state */
};

/* The value of move i of node for the side to move there, searched with window
 * (alpha, beta) the way the node's later moves are (a null window at alpha first). */
typedef int (*split_search_fn)(void *state, const void *node, int i, int alpha, int beta);

/* Starts threads - 1 helpers (threads >= 2) on thread[1..threads-1], whose `state` the
 * caller set; thread[0] is the caller's.  While thread 0 waits for helpers at its split
 * points, poll(poll_arg) is called every few milliseconds from it (its limits: it may call
 * split_stop_all).  Returns NULL when no helper could be started. */
struct split_pool *split_pool_start(int threads, struct split_thread *thread,
                                    split_search_fn search, void (*poll)(void *),
                                    void *poll_arg);
/* Stops the helpers (idle by now: the search has returned) and frees the pool. */
void split_pool_finish(struct split_pool *pool);

/* Idle threads at this moment (a hint for whether to split; no lock). */
int split_idle(const struct split_pool *pool);

/* Splits at sp (node, window, best so far from its first moves, moves next..count-1 left:
 * the caller fills those fields) and searches its moves with the idle threads; returns 0
 * when all are done or one reached beta (sp->best, sp->best_move hold the result), -1 when
 * the split was refused (the search is being stopped or cut above: the caller searches the
 * moves alone, or returns).  After it, the caller checks split_stopped() as after any
 * search below it. */
int split_run(struct split_thread *t, struct split_point *sp);

/* Whether the search of thread t should stop: the split point it works in was cut (its
 * values would be worthless).  The thread's own limits are the search's business. */
static inline int split_stopped(const struct split_thread *t)
{
	return t && t->sp && __atomic_load_n(&t->sp->cut, __ATOMIC_RELAXED);
}

/* Stops every thread's search: every split point is cut and none may start. */
void split_stop_all(struct split_pool *pool);

#endif
