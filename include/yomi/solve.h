/*
 * solve.h - retrograde analysis of a whole game over a bijective position index.
 *
 * Why an index: a dense array of one byte per position is the only store small and fast
 * enough for Dobutsu's quarter billion positions; each game maps its positions (side to
 * move turned to be the first player, mirror-folded) onto 0..index_size-1 and back.  The
 * generic driver (src/solve/retro_template.h) is instantiated by each solvable game at
 * compile time, so the passes pay no indirect call per position; the game exposes only the
 * finished entry points through struct game_solver.
 *
 * Values, one byte per index (the in-memory and on-disk code):
 *   0            draw (or not yet resolved during the build)
 *   1..254       distance + 1: plies to the end under perfect play; an odd distance is a
 *                win for the side to move (1 = it ends the game now), an even one a loss
 *                (0 = it has already lost, e.g. no legal move)
 *   255          not a position (an index the game does not use)
 */
#ifndef YOMI_SOLVE_H
#define YOMI_SOLVE_H

#include <stdint.h>
#include <stdio.h>

#include "yomi/game.h"

enum {
	SOLVE_DRAW = 0,
	SOLVE_NONE = 255,
	SOLVE_MAX_DISTANCE = 253,
	SOLVE_MAX_PREDS = 512,   /* bound of any game's predecessor count */
};

static inline int solve_is_win(uint8_t v) { return v != SOLVE_NONE && v != 0 && !(v & 1); }
static inline int solve_is_loss(uint8_t v) { return v != SOLVE_NONE && (v & 1); }
static inline int solve_distance(uint8_t v) { return v - 1; }

struct solve_options {
	int threads;          /* >= 1 */
	int verbose;          /* per-round statistics on `log` */
	int progress;         /* a progress line on stderr (a terminal) */
	FILE *log;            /* where --verbose goes (stderr) */
	uint64_t lo, hi;      /* verify: only the indexes [lo, hi) (hi 0: all) */
	/* For the progress line's time left in the whole job: what the job does after this
	 * call is expected to take, later seconds and later_ratio times the call's first pass
	 * over the index (a build's init, a verify's); later < 0: not known. */
	double later, later_ratio;
};

/* Counts of one table, by value. */
struct solve_counts {
	uint64_t wins, draws, losses, none;
	uint64_t by_value[256];   /* histogram of the value byte */
};

struct game_solver {
	uint64_t index_size;
	const char *encoding;    /* short description of the index, stored in table headers */

	/* The index of *pos, or -1 when pos has no index (Dobutsu: its game is over, or its side
	 * to move wins at once).  The table value of an indexed position is exact whether its
	 * game is over or not (tic-tac-toe indexes finished boards too), so probes read it
	 * without asking the game's status.  Canonical for the position's orbit only as far as
	 * the index folds symmetry (equal values are guaranteed, not equal indexes). */
	int64_t (*encode)(const void *pos);

	/* Fills *pos with the position of index idx; returns 0, or -1 when idx is not a
	 * position (*pos unspecified). */
	int (*decode)(uint64_t idx, void *pos);

	/* Fills preds (room for SOLVE_MAX_PREDS positions of the game's pos_size) with every
	 * position that has a legal move to *pos and is inside the index (un-moves, un-captures,
	 * un-drops, un-promotions); returns the count.  Cold entry for tests; the build uses an
	 * inlined copy. */
	int (*unmoves)(const void *pos, void *preds);

	/* 2 when the mover of *pos (an indexed position, or any whose game is not over) wins
	 * at once (value "won in 1"), else 0: cheap, so tables need not store those entries,
	 * and probes need not encode such successors. */
	uint8_t (*quick)(const void *pos);

	/* Optional (NULL: decode and quick index by index): sets values[k] to 2 for each index
	 * first + k (k < n) that is a position quick calls won in 1, and leaves the others; for
	 * a load of a whole table, which needs it of every index, where the game can decode
	 * in runs of positions that share a board (Dobutsu: see dobutsu_solve.c). */
	void (*mark_quick)(uint64_t first, uint64_t n, uint8_t *values);

	/* Builds the whole table into values[index_size]; returns 0, -1 when out of memory, or
	 * -2 when the build found itself inconsistent (a defect: see retro_template.h). */
	int (*build)(uint8_t *values, const struct solve_options *o);

	/* Recomputes every entry (those of [o->lo, o->hi)) from its successors; returns the
	 * number of mismatches and prints the first few on o->log.  wdl: values hold only win
	 * (2), draw (0) and loss (3), and only those classes are compared (a weaker check:
	 * without distances, a drawn cycle labelled win and loss alternately would pass).
	 * late: the table's late bits (see late_rules), recomputed in the same pass, their
	 * mismatches in *bad_late; NULL for a table without them (*bad_late is then 0). */
	uint64_t (*verify)(const uint8_t *values, const uint64_t *late, int wdl,
	                   const struct solve_options *o, uint64_t *bad_late);

	/* The rule the index counts distances by ("arrival"), and a second rule that counts
	 * some game ends one ply later ("survival"; NULL when the game has none).  Under the
	 * late rule values are the same and a distance is the on-time one plus a late bit. */
	const char *rules, *late_rules;

	/* Fills the late bits late[(index_size + 63) / 64] (zeroed) of a finished table;
	 * returns 0, or -1 out of memory. */
	int (*late)(const uint8_t *values, uint64_t *late, const struct solve_options *o);

	/* After a game-ending move: 1 when the late rule counts this end one ply later. */
	int (*ends_late)(const void *over);

	/* 1 when the mover of *pos (won in 1) can end the game now in a way counted on time
	 * (Dobutsu: take the lion), so its late bit is 0 without reading the table. */
	int (*wins_on_time)(const void *pos);

	/* Walks the positions reachable from the start (not expanding a position whose game is
	 * over or whose side to move wins at once), folding symmetric positions; counts their
	 * values (terminal ones as wins) into *reached and the non-terminal ones in *ongoing.
	 * Returns 0, or -1 when memory runs out. */
	int (*reachable)(const uint8_t *values, struct solve_counts *ongoing,
	                 uint64_t *reached_total, const struct solve_options *o);
};

#endif
