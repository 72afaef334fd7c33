/*
 * cli.h - what the subcommands share: the options every command takes (--game, --notation,
 * --json), the position argument (words joined, so a position need not be quoted; `-` for
 * one position per line on stdin), and the loop that runs a command once per position.
 *
 * Why a filter mode: one position per line in, one result line per position out, in order,
 * makes yomi scriptable (as Pons' connect4 solver is); a bad line answers `error: ...` on
 * stdout so lines stay aligned, the reason goes to stderr, and the exit status is 2.
 */
#ifndef YOMI_CLI_H
#define YOMI_CLI_H

#include <argp.h>
#include <stdio.h>

#include "yomi/game.h"
#include "yomi/record.h"
#include "yomi/table.h"

enum { EXIT_USAGE = 2, EXIT_RUNTIME = 1 };

enum { CLI_HISTORY_MAX = 1024 };

/* Positions before the one a command works on (played by --record and --moves), oldest
 * first: keys for repetition, the positions themselves for a table to value
 * (cli_table_rank), and the moves played from each. */
struct cli_history {
	int len;
	int recorded;                /* the first `recorded` moves are --record's */
	struct game_key keys[CLI_HISTORY_MAX];
	_Alignas(16) unsigned char pos[CLI_HISTORY_MAX][YOMI_POS_MAX];
	yomi_move moves[CLI_HISTORY_MAX];
	/* --record's players' names by side (0 the first player, as the game's look names the
	 * sides), "" unknown */
	char players[2][RECORD_TAG_MAX];
	/* --record's result as it gives it ("1-0": the player to move at its start won, "0-1",
	 * "1/2-1/2", "*" unfinished; "" without --record), the side that won (-1: none), and
	 * how the game ended or stopped ("" unknown) */
	char result[16];
	int winner;
	char reason[RECORD_TAG_MAX];
};

struct cli_common {
	const struct game *game;
	const char *notation_name;   /* as given, checked against the game in cli_finish */
	int notation;                /* index into game->notations */
	int json;
	char *position;              /* the POSITION words joined by spaces, or NULL (start) */
	int from_stdin;              /* POSITION was `-` */
	const char *moves;           /* --moves M1,M2,...: played from POSITION first */
	const char *record;          /* --record FILE: its position and moves, before --moves */
	struct cli_history *history; /* allocated by cli_common_init; filled by
	                                cli_for_each_position before each action */
};

/* An action on one position: returns 0 or an exit status.  A failure it has not reported
 * itself it describes in *err (msg[0] set): the caller prints it, in filter mode as the
 * line's output ("error: ...") with the line's number on standard error. */
typedef int (*cli_action)(const struct cli_common *c, const void *pos, void *opts, int filter,
                          struct yomi_error *err);

/* The argp child that parses the common options and collects POSITION words into *input
 * (a struct cli_common).  Include it in every command's argp children. */
extern const struct argp cli_common_argp;
/* The same without --json, for a command that has no JSON output (play). */
extern const struct argp cli_common_argp_no_json;
/* Appends name to the list in buf (len bytes, a string), after sep unless it is the first
 * (*at, the list's length so far, is 0; it is updated).  Names past the end are cut off. */
void cli_list_add(char *buf, size_t len, size_t *at, const char *sep, const char *name);
/* The game of a --game NAME option, or an argp error naming the registry's games (--help
 * and the errors read the registry, so that a new game needs no change here). */
const struct game *cli_game_option(struct argp_state *state, const char *name);
/* The board language of a --lang NAME option (en or ja, in any case), or an argp error. */
enum board_lang cli_lang_option(struct argp_state *state, const char *name);
/* A time limit in seconds, as --time and engine:time= take it: CLI_SECONDS_MIN to
 * CLI_SECONDS_MAX, fractions allowed.  Returns 0 with *seconds set, or -1. */
#define CLI_SECONDS_MIN 0.001
#define CLI_SECONDS_MAX 1e7
#define CLI_SECONDS_RANGE "from 0.001 to 10000000"
int cli_parse_seconds(const char *text, double *seconds);
/* A whole number from lo to hi, in decimal digits (a '-' first if lo < 0), nothing else:
 * no blanks, no '+', no hex.  Returns 0 with *out set, or -1. */
int cli_parse_long(const char *text, long lo, long hi, long *out);
/* cli_parse_long of an option's argument, or an argp error (exit 2) naming the option:
 * "OPT: 'ARG' is not a number from LO to HI". */
long cli_option_number(struct argp_state *state, const char *opt, const char *arg, long lo,
                       long hi);
/* A thread count, as --threads and engine:threads= take it: 1 to CLI_THREADS_MAX, or 0 or
 * "all" for every online CPU (at most CLI_THREADS_MAX).  Returns the count, or -1. */
#define CLI_THREADS_MAX 64
#define CLI_THREADS_RANGE "from 1 to 64, or 0 or all for every core"
int cli_parse_threads(const char *text);
/* cli_parse_threads of an option's argument, or an argp error (exit 2) naming the option. */
int cli_option_threads(struct argp_state *state, const char *opt, const char *arg);
/* Whether paths a and b name the same existing file (same device and inode), however
 * spelled: an output must not replace the file being read. */
int cli_same_file(const char *a, const char *b);
/* Why a new file cannot be made at path because its folder ("." without a slash) is not
 * one ("No such file or directory", "Not a directory"), or NULL: told before the work whose
 * output it is, not after it. */
const char *cli_folder_missing(const char *path);
/* A --seed argument: a number from 0 to 2^64 - 1 in decimal digits, or an argp error. */
uint64_t cli_option_seed(struct argp_state *state, const char *arg);
/* The command whose errors are printed ("analyze"), set by main before it runs one: every
 * error of a command reads "yomi: CMD: ...", the shared readers' (a position, a table, a
 * line of stdin) too. */
void cli_set_command(const char *name);
/* Prints "yomi: CMD: " (the command of cli_set_command, if any), the message fmt formats
 * and a line break on stderr: one error line. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The stream argp's errors go to (argp_state.err_stream, set at ARGP_KEY_INIT): stderr,
 * but only the first line of the error, which names what is wrong. */
FILE *cli_error_stream(void);
/* argp_parse(argp, argc, argv, 0, NULL, input) for a subcommand (argv[0] "yomi CMD"), with
 * argp's and getopt's errors named "yomi: CMD: ..." like the program's own, and quoting
 * what they quote as the program's own do (a control byte as \xNN: yomi_said_whole).  While it
 * parses, stderr is a stream of its own (getopt writes there), closed when it returns: an
 * option's handler must not keep stderr; take it after parsing (serve's --log did, and
 * logged to a freed stream). */
void cli_argp_parse(const struct argp *argp, int argc, char **argv, void *input);
/* As cli_argp_parse for the global options (argv[0] "yomi"): argp_parse with flags, no
 * position taken out of the words first. */
void cli_argp_parse_global(const struct argp *argp, int argc, char **argv, unsigned flags,
                           void *input);
/* argv with the words that are no option of argp's tree but, all of them together, a
 * position of some game (an Othello board beginning with '-') moved after a "--" in their
 * order, so that getopt does not read them as options (*argc updated); argv itself when
 * there are none (args.c). */
char **cli_position_args(const struct argp *argp, int *argc, char **argv);
/* argp help text of the game ('g') and notation ('n') options: `text` followed by the
 * registry's games or notations, in a string argp frees; any other key gets `text`. */
char *cli_game_help(int key, const char *text);
/* The children list every command's argp uses: just cli_common_argp. */
extern const struct argp_child cli_common_children[];

/* Parses argv with argp (input = the command's option struct, whose struct cli_common is
 * `c`), runs action on each position, frees c; returns the exit status. */
int cli_run(const struct argp *argp, int argc, char **argv, void *input, struct cli_common *c,
            cli_action action, void *opts);

/* Defaults before parsing: the game named by the global --game.  Exits (status 1) if the
 * history cannot be allocated. */
void cli_common_init(struct cli_common *c, const struct game *game);
void cli_common_free(struct cli_common *c);

/* Runs `action` on each position: the argument, the start position, or each stdin line.
 * action returns 0, or an exit status.  filter is 1 when reading stdin (one output line per
 * position).  Returns the exit status for the whole run. */
int cli_for_each_position(const struct cli_common *c, cli_action action, void *opts);

/* An action for cli_filter_batched: answers pos in one line on out; returns 0, or an exit
 * status with *err filled and nothing written (the line's output is then its error, as for
 * a line that does not parse).  It must be safe to call from several threads at once. */
typedef int (*cli_answer)(const struct cli_common *c, const void *pos, void *opts, FILE *out,
                          struct yomi_error *err);

/* Filter mode (stdin, no --moves) in batches: the lines already waiting on stdin (a few
 * thousand at most) are parsed in order, answered on threads(opts, lines read so far, this
 * batch's included) threads, into buffers, and printed in input order; bad lines reported as
 * cli_for_each_position does.  Answers are flushed whenever reading would wait, so a
 * co-process still gets each answer at once.  Returns the exit status for the run. */
int cli_filter_batched(const struct cli_common *c, cli_answer answer, void *opts,
                       int (*threads)(void *opts, long lines));

/* A line of input, read by cli_line_read; zero it before the first read, free its text. */
enum { CLI_LINE_MAX = 65536 };   /* bytes of a line kept; more is an input error */
struct cli_line {
	char *text;   /* the line, with its '\n' if it had one, NUL-terminated */
	size_t len;   /* its bytes: strlen(text) unless it holds a NUL byte */
	size_t cap;
};
/* Reads the next line of f (line.c).  Returns 1, 0 at the end of the input, -1 when f
 * cannot be read or memory runs out (errno set), or 2 when the line is longer than
 * CLI_LINE_MAX bytes: its first CLI_LINE_MAX are in text, the rest is skipped. */
int cli_line_read(FILE *f, struct cli_line *l);
#define CLI_LINE_TOO_LONG "longer than 65536 bytes"

/* fopen(path, "r") that refuses a directory (which opens, then fails every read): NULL
 * with errno EISDIR. */
FILE *cli_fopen_read(const char *path);
/* Whether standard input is a directory; if so prints "yomi: CMD: stdin: ..."
 * (the caller exits with status 2). */
int cli_stdin_unreadable(void);

/* The game's status at pos, with the --moves history applied: a repetition ends the game
 * as the game's rule says (game_repetition: threefold unless the game says otherwise). */
struct game_status cli_status(const struct cli_common *c, const void *pos);

/* Parses the game's position text; on error prints "yomi: CMD: ..." and
 * returns -1. */
int cli_parse_position(const struct cli_common *c, const char *text, void *pos);

/* Prints s as a JSON string literal: ", \ and control characters escaped, a byte that is
 * not UTF-8 as \ufffd (JSON text is UTF-8; s may come from a file). */
void json_string(FILE *out, const char *s);

/* Opens game g's table (path, or the default places of table_find); on failure prints
 * "yomi: CMD: table: ..." and returns NULL. */
struct table *cli_open_table(const struct game *g, const char *path);
/* How many of keys[0..n-1] equal key. */
int cli_key_count(const struct game_key *keys, int n, struct game_key key);

/* The repetition rule: a position that stands for the third time ends the game, a draw.
 * Positions of the game counted (the history, a game's record) are at most CLI_PAST_MAX;
 * beyond, only the latest count. */
enum { CLI_PAST_MAX = 4096 };

/* Fills ctx->game_history from the positions before the root, keys[0..n-1] (oldest first):
 * the ones that stood twice, whose next occurrence ends the game.  One that stood once may
 * stand again, on the winner's shortest way too; along the searched line a repetition is a
 * draw anyway (the search's own rule, which is exact for won and lost values: the winner's
 * shortest way never repeats a position). */
void cli_search_history(struct search_ctx *ctx, const struct game_key *keys, int n);

/* table_rank_moves with the game's history applied: keys[0..hist-1] and before[0..hist-1],
 * the positions before pos, oldest first.  A move to a position that stood twice (in the
 * history, or pos itself) is a draw, the third occurrence; one to a position that stood
 * once has the table's value.  The table knows nothing of repetition, so its other values
 * hold only if no position that stood twice can come again on the way to the result:
 * sure[k] is 0 when one might (it has the winner's value, at a shorter distance than the
 * result's; the value is then a bound, as good as it can get).  Returns the count (moves
 * best first), or -1 with err filled. */
int cli_table_rank(struct table *t, const struct game *g, const void *pos,
                   const struct game_key *keys, const unsigned char (*before)[YOMI_POS_MAX],
                   int hist, yomi_move *moves, struct table_value *values, int *sure,
                   struct yomi_error *err);
/* A perfect-play line from pos under the game's history (as cli_table_rank takes it), for
 * a table with distances: each ply the first best move, ranked with the history and the
 * line so far, as long as it is known (cli_table_known); it stops at the end of the game,
 * at a third occurrence, or at max plies.  Returns its length, or -1 with err set. */
int cli_table_line_exact(struct table *t, const struct game *g, const void *pos,
                         const struct game_key *keys,
                         const unsigned char (*before)[YOMI_POS_MAX], int hist,
                         yomi_move *line, int max, struct yomi_error *err);
/* How many of the first moves ranked by cli_table_rank are known: sure, and at least as
 * good as any move that is not sure could turn out to be. */
int cli_table_known(const struct table_value *values, const int *sure, int n);

/* Prints moves played from pos: " M1 M2 ..." or, with json, "\"M1\",\"M2\"...". */
void cli_print_moves(const struct game *g, const void *pos, const yomi_move *line, int len,
                     int json);

/* `yomi bench --table FILE` (bench_table.c). */
int bench_table(const struct game *g, const char *path);

/* The subcommands: each parses its own argv (argv[0] = "yomi NAME") and returns an exit
 * status. */
int cmd_show(int argc, char **argv, const struct game *game);
int cmd_moves(int argc, char **argv, const struct game *game);
int cmd_perft(int argc, char **argv, const struct game *game);
int cmd_analyze(int argc, char **argv, const struct game *game);
int cmd_bench(int argc, char **argv, const struct game *game);
int cmd_solve(int argc, char **argv, const struct game *game);
int cmd_probe(int argc, char **argv, const struct game *game);
int cmd_play(int argc, char **argv, const struct game *game);
int cmd_match(int argc, char **argv, const struct game *game);
int cmd_serve(int argc, char **argv, const struct game *game);
int cmd_usi(int argc, char **argv, const struct game *game);
int cmd_gtp(int argc, char **argv, const struct game *game);
int cmd_nboard(int argc, char **argv, const struct game *game);
/* Solves exactly with g->solve_exact (solve_obf.c): every position of the .obf file at path
 * ("-" = stdin), checking each against the file's answer; or, with path NULL, the position
 * c->position (the start position when NULL).  The table takes hash_mb MB (0: the default,
 * 256).  Prints a line per position and a total line; returns the exit status (1 if an
 * answer differs or the table cannot be allocated, 2 for input errors). */
int cli_solve_obf(const struct game *g, const char *path, const struct cli_common *c,
                  int threads, size_t hash_mb);

#endif
