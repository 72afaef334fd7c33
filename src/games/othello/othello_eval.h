/*
 * othello_eval.h - the evaluation the Othello searches use, in hundredths of a disc for the
 * side to move: the trained patterns on 8x8 when their weights are loaded
 * (othello_pattern.h, othello_weights.c), else the hand-weighted features
 * (othello_eval_hand.h).  Inline: it runs at every leaf.
 *
 * Why the weights are read-only data behind one pointer, loaded once: every search (and
 * every thread) evaluates with the same tables; nothing of a search lives there.
 */
#ifndef YOMI_GAMES_OTHELLO_EVAL_H
#define YOMI_GAMES_OTHELLO_EVAL_H

#include "games/othello/othello.h"
#include "games/othello/othello_eval_hand.h"
#include "games/othello/othello_pattern.h"
#include "yomi/search.h"

/* The weights in use (NULL: none, the hand-weighted evaluation); set by othello_eval_init
 * or othello_eval_use before any search. */
extern const struct oth_weights *oth_weights_in_use;

/* Loads the weights file once (the first call; later calls return at once): othello/eval.bin
 * in the first of the data directories (othello_weights.c) that has it.  When none has it, or
 * it cannot be used, one note on standard error says so, and the hand-weighted evaluation
 * is used. */
void othello_eval_init(void);

/* Uses w (or the hand-weighted evaluation if NULL) from now on, whatever the file says
 * (the training tool, the tests); w must outlive every search. */
void othello_eval_use(const struct oth_weights *w);

/* Reads and checks a weights file (format in othello_weights.c) into a new struct; NULL
 * with err set ("eval: PATH: checksum mismatch: the file is corrupt"). */
struct oth_weights *othello_eval_load(const char *path, struct yomi_error *err);

/* Writes w to path (a temporary, fsynced, renamed), with `about` (a line saying how the
 * weights were made) in its header.  Returns 0, or -1 with err set. */
int othello_eval_save(const struct oth_weights *w, const char *about, const char *path,
                      struct yomi_error *err);

/* The evaluation of *pos; hand: the hand-weighted one whatever is loaded. */
static inline int oth_eval_with(const struct othello_pos *pos, int hand)
{
	const struct oth_weights *w = oth_weights_in_use;
	if (w && !hand && pos->mask == OTH_MASK8) {
		const int s = oth_pattern_eval(w, pos->p, pos->o);
		return s > SCORE_HEURISTIC_MAX - 1 ? SCORE_HEURISTIC_MAX - 1
		     : s < -(SCORE_HEURISTIC_MAX - 1) ? -(SCORE_HEURISTIC_MAX - 1) : s;
	}
	return oth_eval_hand(pos);
}

static inline int oth_eval(const struct othello_pos *pos) { return oth_eval_with(pos, 0); }

/* How well the evaluation in use (hand: the hand-weighted one) predicts exact values. */
static inline const struct oth_probcut *oth_probcut_of(int hand)
{
	const struct oth_weights *w = oth_weights_in_use;
	return w && !hand ? &w->probcut : &oth_probcut_hand;
}

#endif
