/* timeman.c - time budgets from the clock, and the iteration stop rule (timeman.h). */
#include "yomi/timeman.h"

/* Moves the remaining time is spread over when the clock does not say (sudden death): most
 * games last longer, and the increment or byoyomi adds to each move besides. */
enum { TIMEMAN_SPREAD = 25 };

struct time_budget timeman_budget(const struct time_clock *c)
{
	struct time_budget b;
	const double ovh = c->overhead > 0 ? c->overhead : 0;
	if (c->movetime > 0) {
		b.hard = c->movetime - ovh;
		b.soft = b.hard;
	} else {
		const double rem = c->remaining > 0 ? c->remaining : 0;
		const double byo = c->byoyomi > 0 ? c->byoyomi : 0;
		const double inc = c->increment > 0 ? c->increment : 0;
		const int togo = c->moves_to_go > 0 ? c->moves_to_go : TIMEMAN_SPREAD;
		/* What this move may use at most: the main time (an increment comes only after the
		 * move) and the byoyomi, which starts when the main time is spent. */
		const double usable = rem + byo - ovh;
		/* Keep a reserve of the main time too, unless the byoyomi alone carries the move. */
		const double cap = byo > 0 ? usable : rem * 0.8 - ovh;
		b.soft = rem / togo + inc + byo;
		b.hard = b.soft * 4 + byo;
		if (b.soft > cap)
			b.soft = cap;
		if (b.hard > cap)
			b.hard = cap;
		if (b.hard > usable)
			b.hard = usable;
	}
	if (b.hard < 0.001)
		b.hard = 0.001;
	if (b.soft < 0.001)
		b.soft = 0.001;
	if (b.soft > b.hard)
		b.soft = b.hard;
	return b;
}

void timeman_start(struct timeman *tm, struct time_budget b, int legal_moves)
{
	tm->budget = b;
	tm->scale = 1.0;
	tm->best = 0;
	tm->prev_score = 0;
	tm->iterations = 0;
	tm->stable = 0;
	tm->moves = legal_moves;
}

int timeman_next_iteration(struct timeman *tm, const struct search_report *r, double elapsed)
{
	if (r->nlines < 1 || r->lines[0].len < 1)
		return 1;
	const struct search_line *l = &r->lines[0];
	if (tm->moves == 1 && tm->budget.soft > 0)
		return 0;   /* a forced move: the first iteration names it */
	if (tm->iterations > 0) {
		if (l->pv[0] != tm->best) {
			tm->scale *= 1.4;
			tm->stable = 0;
		} else if (++tm->stable >= 3) {
			tm->scale *= 0.9;
		}
		/* A falling score: the line that looked best ran into trouble. */
		if (!score_is_mate(l->score) && !score_is_mate(tm->prev_score) &&
		    l->score < tm->prev_score - 50)
			tm->scale *= 1.2;
		if (tm->scale < 0.5)
			tm->scale = 0.5;
		if (tm->scale > 2.5)
			tm->scale = 2.5;
	}
	tm->best = l->pv[0];
	tm->prev_score = l->score;
	tm->iterations++;
	if (tm->budget.soft <= 0)
		return 1;
	/* The next iteration takes about twice as long as all before it together: start it
	 * only if it can end near the soft limit. */
	return elapsed < tm->budget.soft * tm->scale * 0.5;
}
