/* test_timeman.c - time budgets never exceed the clock; the stop rule after iterations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "yomi/timeman.h"

static void test_budgets(void **state)
{
	(void)state;
	struct time_budget b;
	/* a fixed time per move, less the overhead */
	b = timeman_budget(&(struct time_clock){.movetime = 0.5, .overhead = 0.05});
	assert_true(b.hard > 0.449 && b.hard < 0.451 && b.soft == b.hard);
	/* sudden death: a part of the clock, a reserve kept */
	b = timeman_budget(&(struct time_clock){.remaining = 10, .overhead = 0.05});
	assert_true(b.soft > 0.3 && b.soft < 0.5);
	assert_true(b.hard >= b.soft && b.hard <= 10 * 0.8);
	/* byoyomi only: all of it may be used, not more */
	b = timeman_budget(&(struct time_clock){.byoyomi = 1, .overhead = 0.05});
	assert_true(b.hard > 0.949 && b.hard < 0.951 && b.soft <= b.hard);
	/* main time and byoyomi: never past both */
	b = timeman_budget(&(struct time_clock){.remaining = 2, .byoyomi = 1, .overhead = 0.1});
	assert_true(b.hard <= 2.9 + 1e-9 && b.soft <= b.hard && b.soft > 1);
	/* an increment: it comes after the move, so it is not spent before */
	b = timeman_budget(&(struct time_clock){.remaining = 0.3, .increment = 5, .overhead = 0.05});
	assert_true(b.hard <= 0.3 * 0.8 - 0.05 + 1e-9);
	/* no time left: still a positive budget (one iteration) */
	b = timeman_budget(&(struct time_clock){.remaining = 0, .overhead = 0.05});
	assert_true(b.hard > 0 && b.soft > 0 && b.hard <= 0.001);
	/* moves to go spreads the clock over them */
	b = timeman_budget(&(struct time_clock){.remaining = 10, .moves_to_go = 2});
	assert_true(b.soft > 4.9 && b.soft <= 5.0 + 1e-9);
	for (double rem = 0; rem < 100; rem += 0.37)
		for (double byo = 0; byo < 3; byo += 0.5) {
			b = timeman_budget(&(struct time_clock){.remaining = rem, .byoyomi = byo,
			                                        .increment = 1, .overhead = 0.03});
			assert_true(b.soft <= b.hard);
			assert_true(b.hard <= (rem + byo - 0.03 > 0.001 ? rem + byo - 0.03 : 0.001) + 1e-9);
		}
}

static struct search_report report_of(struct search_line *l, yomi_move best, int score)
{
	l->len = 1;
	l->pv[0] = best;
	l->score = score;
	return (struct search_report){.depth = 1, .nlines = 1, .lines = l};
}

static void test_iterations(void **state)
{
	(void)state;
	struct timeman tm;
	struct search_line l;
	struct search_report r;
	/* one legal move: stop after the first iteration */
	timeman_start(&tm, (struct time_budget){1, 4}, 1);
	r = report_of(&l, 7, 0);
	assert_int_equal(timeman_next_iteration(&tm, &r, 0.001), 0);
	/* a steady best move stops before the soft limit, a changing one later */
	timeman_start(&tm, (struct time_budget){1, 4}, 20);
	for (int i = 0; i < 8; i++) {
		r = report_of(&l, 7, 10);
		assert_int_equal(timeman_next_iteration(&tm, &r, 0.01), 1);
	}
	r = report_of(&l, 7, 10);
	assert_int_equal(timeman_next_iteration(&tm, &r, 0.45), 0);
	timeman_start(&tm, (struct time_budget){1, 4}, 20);
	r = report_of(&l, 7, 10);
	timeman_next_iteration(&tm, &r, 0.01);
	r = report_of(&l, 9, 10);
	assert_int_equal(timeman_next_iteration(&tm, &r, 0.6), 1);
	/* no soft limit: always on (go infinite, depth, nodes) */
	timeman_start(&tm, (struct time_budget){0, 0}, 20);
	r = report_of(&l, 7, 10);
	assert_int_equal(timeman_next_iteration(&tm, &r, 1000), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_budgets),
		cmocka_unit_test(test_iterations),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
