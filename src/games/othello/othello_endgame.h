/*
 * othello_endgame.h - the exact endgame solver of Othello: final disc differences (empty
 * squares to the winner) under perfect play.
 *
 * Why a solver apart from the generic search: an endgame value is an exact small integer,
 * the tree is searched to the end, and the speed comes from techniques that only make sense
 * there (null windows on disc counts, specialised last-4-empties code, parity, fastest-first
 * ordering, stability cutoffs, a table that stores both bitboards).  It is reached through
 * struct game's solve_exact member and from the Othello search when few squares are empty.
 */
#ifndef YOMI_GAMES_OTHELLO_ENDGAME_H
#define YOMI_GAMES_OTHELLO_ENDGAME_H

#include "games/othello/othello.h"
#include "yomi/search.h"

/* Solves *pos exactly, using ctx->tt's memory as its table (it clears it first: the table
 * then holds only solver entries) and counting nodes in ctx->nodes.  On success returns 0
 * with *score = the final disc difference for the side to move and *best = a best move
 * (a square + 1, OTH_PASS, or 0 when the game is over).  Returns -1 when ctx's limits or
 * interrupt stopped it (ctx->stopped set).  ctx->start must be set (search_clock()). */
int othello_solve(struct search_ctx *ctx, const struct othello_pos *pos, int *score,
                  yomi_move *best);

/* Confidence of a selective pass, in percent: 73, 87, 95, 98, 99, or exact. */
enum { OTH_SEL_EXACT = 100 };

/* othello_solve with ProbCut at the given confidence (the next of 73, 87, 95, 98, 99 at or
 * above it; OTH_SEL_EXACT: none, an exact solve): the value is then what the search finds
 * with the nodes ProbCut judged cut taken as cut, right with about that probability at each
 * cut.  keep_table: keep what earlier passes on the same position stored in ctx->tt (their
 * moves order this pass, their bounds count where they are as sure) instead of clearing
 * it.  Entries record their pass's confidence, so a later surer pass never takes a less
 * sure bound for its own. */
int othello_solve_sel(struct search_ctx *ctx, const struct othello_pos *pos, int confidence,
                      int keep_table, int *score, yomi_move *best);

/* The k best moves of *pos (game not over) with their exact values, best first, into
 * moves[0..] and scores[0..] (as many as the legal moves, at most k; a pass alone when the
 * side to move must pass).  Each listed move's own value, not a bound: what an .obf answer
 * line gives.  keep_table as othello_solve_sel's.  Returns the count, or -1 when stopped. */
int othello_solve_multipv(struct search_ctx *ctx, const struct othello_pos *pos, int k,
                          int keep_table, yomi_move *moves, int *scores);

/* The evaluation's negamax value of *pos to `depth` plies within (alpha, beta), fail-soft,
 * in hundredths of a disc: the shallow search that orders the solver's moves and drives its
 * ProbCut (for the training tool's measurements), with the evaluation in use, or the
 * hand-weighted one if ctx->limits.eval_material.  Counts its nodes in ctx->nodes. */
int othello_eval_search(struct search_ctx *ctx, const struct othello_pos *pos, int depth,
                        int alpha, int beta);

/* After othello_solve gave *pos the value `score`: writes a best line (up to max moves,
 * to the end of the game when it fits) into pv, and returns its length.  Uses and extends
 * the same table; -1 if stopped. */
int othello_solve_pv(struct search_ctx *ctx, const struct othello_pos *pos, int score,
                     yomi_move *pv, int max);
/* The same after othello_solve_sel at `confidence` gave `score`: the line as that pass sees
 * it (it may stop short where a deeper look disagrees with a cut). */
int othello_solve_pv_sel(struct search_ctx *ctx, const struct othello_pos *pos, int score,
                         int confidence, yomi_move *pv, int max);

/* A check of the table othello_solve left in tt (for the tests): returns how many of its
 * entries are not in their position's bucket of the part in use, and sets *entries to how
 * many it holds.  0 after any solve: the solver's table grows as tt.h describes, moving its
 * entries along. */
uint64_t othello_solver_table_check(const struct tt *tt, uint64_t *entries);

#endif
