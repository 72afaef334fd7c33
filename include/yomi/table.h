/*
 * table.h - solved tables: open a table file, probe positions, close it.
 *
 * Why opaque (as Fathom hides Syzygy): callers (probe, analyze, play) see plain parameters
 * and values; the file format, block compression and index live behind this API in
 * src/solve/ and can change without touching them.  A table is validated (magic, version,
 * game, sizes, xxHash64 checksum) when opened, so a probe never reads a bad file.
 */
#ifndef YOMI_TABLE_H
#define YOMI_TABLE_H

#include "yomi/game.h"

struct table;

/* The value of a position for the side to move. */
struct table_value {
	enum game_outcome outcome;   /* GAME_WIN, GAME_LOSS or GAME_DRAW */
	int distance;                /* plies to the end under perfect play (winner shortest,
	                                loser longest); 0 when the game is over; -1 in a
	                                WDL-only table */
};

/* Opens the table at path for game g.  Returns NULL with err filled ("table: FILE: ...")
 * when the file is missing, not a table, of another game or version, or corrupt. */
struct table *table_open(const char *path, const struct game *g, struct yomi_error *err);

/* Finds and opens g's table: `path` if not NULL, else GAME.yomi in the first folder of the
 * search path that holds one (src/solve/table_path.c: $YOMI_TABLES, the user's data folder,
 * the installed PREFIX/share/yomi, ./data).  Returns NULL with err filled when none opens;
 * when there is none, err says the command that builds one where it will be found. */
struct table *table_find(const struct game *g, const char *path, struct yomi_error *err);

/* Whether there is a file where table_find looks without a path: a caller that uses a table
 * only when there is one tells "none" (say nothing) from "one that does not open" (say so). */
int table_default_exists(const struct game *g);

/* Another handle on the open table t, for another thread: it shares t's file, block index, code
 * model and preloaded values (all read-only) and has caches of its own, so that threads
 * probing at once, each through its own handle, write nothing in common.  Preload t first,
 * if at all; close every handle before t.  Returns NULL with err filled when memory runs
 * out. */
struct table *table_share(const struct table *t, struct yomi_error *err);

/* The path of g's table in the search path into buf: 1 when there is one, else 0. */
int table_locate(const struct game *g, char *buf, size_t len);

/* The installed data folder, PREFIX/share/yomi (the Makefile compiles it in): its tables,
 * the Othello weights, and the bench positions (GAME/bench.txt) that `make install` puts
 * there. */
const char *table_installed_dir(void);

/* The folders of the search path, in order, comma-separated, into buf (for messages: each
 * quoted as messages quote what a user gave, yomi_arg_said). */
void table_search_path(char *buf, size_t len);

/* Where `solve` writes g's table without -o: GAME.yomi in the first folder of the search
 * path that can be written; with create, the user's data folder is made when it is not
 * there (without, it counts when it could be made).  Returns 0, or -1 with err filled. */
int table_default_output(const struct game *g, char *buf, size_t len, int create,
                         struct yomi_error *err);

void table_close(struct table *t);

/* Whether the table holds distances (0 for a WDL-only table). */
int table_has_distance(const struct table *t);

/* Whether its distances follow the game's late rule (yomi/solve.h: Dobutsu's survival
 * try), stored as late bits beside the on-time codes. */
int table_has_late(const struct table *t);

/* The value of pos (any legal position of the game, also one where the game is over).
 * Returns 0, or -1 with err filled if pos is outside the table. */
int table_probe(struct table *t, const void *pos, struct table_value *v,
                struct yomi_error *err);

/* Every legal move of pos with the value it leads to, from the mover's point of view,
 * best first (shortest win, then draws, then longest loss).  Returns the count (0 when the
 * game is over), or -1 with err filled. */
int table_rank_moves(struct table *t, const void *pos, yomi_move *moves,
                     struct table_value *values, struct yomi_error *err);

/* Decompresses the whole table into memory (index_size bytes), so that every later probe
 * is an array read: for long runs of probes (filter mode).  Returns 0, or -1 with err filled
 * (the table stays usable as before). */
int table_preload(struct table *t, int threads, struct yomi_error *err);

/* Orders two values from the mover's point of view: > 0 when a is better than b (a win
 * before a draw before a loss; the shorter win, the longer loss; a distance unknown, -1,
 * counts as longer than any known). */
int table_value_cmp(struct table_value a, struct table_value b);

/* Sorts moves[n] and their values best first (table_value_cmp), stable: equals keep their
 * order (table_rank_moves: the generator's). */
void table_sort_moves(yomi_move *moves, struct table_value *values, int n);

/* "#N" (a win in N plies), "#-N" (a loss in N), "=0" (a draw); "win"/"loss" without
 * distances. */
void table_format_value(struct table_value v, char *buf, size_t len);

/* A perfect-play line from pos into line[max]; returns its length.  It stops at the end of
 * the game, at max plies, or at the move that makes a position stand for the repeat_ends-th
 * time, counting the nbefore positions of before[] (a draw goes on until a repetition
 * ends it).  Each ply plays the first best move; with a table of win/draw/loss only (no
 * distance to tell a shorter win) a best move whose position has not stood yet, steered
 * to the end (see resistance() in table_line.c), so that a win is not walked into a draw
 * by repetition, though it is not the shortest.  Returns -1 with err set when the table
 * fails (a block that does not decode).  g is t's game. */
enum { TABLE_LINE_KEYS = 1024 };
int table_line(struct table *t, const struct game *g, const void *pos,
               const struct game_key *before, int nbefore, int repeat_ends, yomi_move *line,
               int max, struct yomi_error *err);

/* What a table holds, from its header. */
struct table_info {
	const char *game, *rules, *encoding, *build;
	uint64_t index_size, blocks, file_size;
	int wdl_only;
	uint64_t wins, draws, losses, none;
	int max_distance;             /* the longest win, in plies */
};
void table_get_info(const struct table *t, struct table_info *info);

/* Whether path may receive a table: it (or what it links to) does not exist, or is a
 * regular file (a table is renamed over it, which would replace a device, a FIFO or a
 * directory entry of another kind), and its folder exists and may be written.  Returns 0, or -1 with err filled.
 * table_write checks it too; a caller checks it first so that a long solve does not end
 * in this error. */
int table_check_output(const char *path, struct yomi_error *err);

/* Removes the temporary files of table writers of path (PATH.tmp.XXXXXX) that died
 * before renaming them (kill -9, a crash): each writer holds a lock on its own while it
 * lives, so only unlocked ones are removed, and nothing else.  Names each on log (if not
 * NULL) as a note; returns how many. */
int table_remove_stale(const char *path, FILE *log);

/* 1 if the file at path starts as a table does (its magic), else 0 (not a table, or it
 * cannot be read): what another output must not replace. */
int table_file_is_table(const char *path);

/* Writes values[g->solver->index_size] (codes of yomi/solve.h) as a table file: to a new
 * PATH.tmp.XXXXXX (locked while it exists: table_remove_stale), fsynced, renamed to path
 * (to its target if path is a symbolic link).  SIGINT, SIGTERM, SIGHUP and SIGQUIT are held
 * back while the temporary file exists: one that arrives ends the writing, the file is
 * removed, then the signal acts.  late: NULL, or the late bits, for a table under the
 * game's late rule.  wdl_only drops the distances (and the late bits).  progress: a
 * progress line on stderr.  Returns 0, or -1 with err filled (the temporary file
 * removed). */
int table_write(const char *path, const struct game *g, const uint8_t *values,
                const uint64_t *late, int wdl_only, int threads, int progress,
                struct yomi_error *err);

/* Decompresses the whole table into a new array of index_size value codes (won-in-1
 * entries restored); WDL-only tables give 2 for every win and 3 for every loss.  With a
 * progress line (solve/parallel.h; NULL: none), it shows on stderr.  Returns NULL with err
 * filled when memory runs out or a block fails.  The caller frees it. */
struct parallel_progress;
uint8_t *table_load_values(struct table *t, int threads,
                           const struct parallel_progress *progress, struct yomi_error *err);

/* The late bits of a table under the late rule, as a new bitmap of (index_size + 63) / 64
 * words; NULL with err filled when it has none or memory runs out.  The caller frees it. */
uint64_t *table_load_late(struct table *t, int threads,
                          const struct parallel_progress *progress, struct yomi_error *err);

#endif
