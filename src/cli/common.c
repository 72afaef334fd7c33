/* common.c - options, position input and filter mode shared by every subcommand. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "solve/parallel.h"
#include "yomi/record.h"
#include "yomi/registry.h"
#include "yomi/table.h"

enum { OPT_JSON = 0x100, OPT_MOVES, OPT_RECORD };

/* The game and notation lists are filled in by common_help_filter. */
#define COMMON_GAME_NOTATION \
	{"game", 'g', "NAME", 0, "Game", -1}, \
	{"notation", 'n', "NAME", 0, "Notation of printed positions", -1}
#define COMMON_MOVES_RECORD \
	{"moves", OPT_MOVES, "M1,M2,...", 0, "Play these moves from POSITION first (an Othello " \
	 "transcript such as f5d6c3 needs no commas)", -1}, \
	{"record", OPT_RECORD, "FILE", 0, "Start from the game record FILE (as play's save " \
	 "writes it): its position and moves, then --moves", -1}

static const struct argp_option common_options[] = {
	COMMON_GAME_NOTATION,
	{"json", OPT_JSON, NULL, 0, "Print results as JSON, one object per line", -1},
	COMMON_MOVES_RECORD,
	{0},
};

/* The same less --json, for a command that has no JSON output: its --help does not offer
 * it (the command refuses it with a hidden option of its own, saying why). */
static const struct argp_option common_options_no_json[] = {
	COMMON_GAME_NOTATION,
	COMMON_MOVES_RECORD,
	{0},
};

void cli_list_add(char *buf, size_t len, size_t *at, const char *sep, const char *name)
{
	if (*at < len)
		*at += (size_t)snprintf(buf + *at, len - *at, "%s%s", *at ? sep : "", name);
}

int cli_parse_seconds(const char *text, double *seconds)
{
	/* decimal only: strtod would also take blanks before, hex, exponents, "inf" and "nan" */
	if (!(isdigit((unsigned char)*text) || *text == '.') || strpbrk(text, "xXeE"))
		return -1;
	char *end;
	const double t = strtod(text, &end);
	if (*end != '\0' || !(t >= CLI_SECONDS_MIN && t <= CLI_SECONDS_MAX))
		return -1;
	*seconds = t;
	return 0;
}

int cli_parse_long(const char *text, long lo, long hi, long *out)
{
	/* digits only (a '-' first when lo < 0): strtol would also take blanks and a '+' */
	const char *digits = lo < 0 && *text == '-' ? text + 1 : text;
	if (!isdigit((unsigned char)*digits))
		return -1;
	char *end;
	errno = 0;
	const long v = strtol(text, &end, 10);
	if (*end != '\0' || errno == ERANGE || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

uint64_t cli_option_seed(struct argp_state *state, const char *arg)
{
	char *end;
	errno = 0;
	const unsigned long long v = strtoull(arg, &end, 10);
	if (!isdigit((unsigned char)*arg) || *end != '\0' || errno == ERANGE)   /* as above */
		argp_error(state, "--seed: '%s' is not a number from 0 to %llu",
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}),
		           (unsigned long long)UINT64_MAX);
	return v;
}

int cli_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

const char *cli_folder_missing(const char *path)
{
	char dir[4096] = ".";
	const char *slash = strrchr(path, '/');
	if (slash)   /* "/x" is in "/" */
		snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	struct stat st;
	const int there = stat(dir, &st) == 0;
	if (there && S_ISDIR(st.st_mode))
		return NULL;
	return strerror(there || errno == ENOTDIR ? ENOTDIR : ENOENT);
}

long cli_option_number(struct argp_state *state, const char *opt, const char *arg, long lo,
                       long hi)
{
	long v = 0;
	if (cli_parse_long(arg, lo, hi, &v))
		argp_error(state, "%s: '%s' is not a number from %ld to %ld", opt,
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}), lo, hi);
	return v;
}

int cli_parse_threads(const char *text)
{
	long v;
	if (strcmp(text, "all") != 0 && cli_parse_long(text, 0, CLI_THREADS_MAX, &v))
		return -1;
	if (strcmp(text, "all") == 0 || v == 0)
		return parallel_cpus() < CLI_THREADS_MAX ? parallel_cpus() : CLI_THREADS_MAX;
	return (int)v;
}

int cli_option_threads(struct argp_state *state, const char *opt, const char *arg)
{
	const int n = cli_parse_threads(arg);
	if (n < 0)
		argp_error(state, "%s: '%s' is not a number of threads " CLI_THREADS_RANGE, opt,
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
	return n;
}

/* The registry's game names, comma-separated, into buf. */
static void list_games(char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; game_registry[i]; i++)
		cli_list_add(buf, len, &at, ", ", game_registry[i]->name);
}

const struct game *cli_game_option(struct argp_state *state, const char *name)
{
	const struct game *g = game_find(name);
	if (!g) {
		char names[400];
		list_games(names, sizeof names);
		argp_error(state, "--game: unknown game '%s' (games: %s)",
		           yomi_arg_said(name, (char[YOMI_ARG_SAID]){0}), names);
	}
	return g;
}

enum board_lang cli_lang_option(struct argp_state *state, const char *name)
{
	if (strcasecmp(name, "en") == 0)
		return LANG_EN;
	if (strcasecmp(name, "ja") != 0)
		argp_error(state, "--lang: '%s' is not en or ja",
		           yomi_arg_said(name, (char[YOMI_ARG_SAID]){0}));
	return LANG_JA;
}

/* Lists game g's notations, comma-separated, into buf. */
static void list_notations(const struct game *g, char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; g->notations[i].name; i++)
		cli_list_add(buf, len, &at, ", ", g->notations[i].name);
}

char *cli_game_help(int key, const char *text)
{
	char list[400], *out = NULL;
	if (key == 'g') {
		list_games(list, sizeof list);
		if (asprintf(&out, "%s: %s (default %s)", text, list, game_registry[0]->name) < 0)
			return (char *)text;
		return out;
	}
	if (key != 'n')
		return (char *)text;
	/* Only the games with a choice of notations are named. */
	size_t at = 0;
	for (int i = 0; game_registry[i]; i++) {
		const struct game *g = game_registry[i];
		if (!g->notations[1].name)
			continue;
		char names[200], entry[256];
		list_notations(g, names, sizeof names);
		snprintf(entry, sizeof entry, "%s: %s", g->name, names);
		cli_list_add(list, sizeof list, &at, "; ", entry);
	}
	if (!at || asprintf(&out, "%s (%s)", text, list) < 0)
		return (char *)text;
	return out;
}

static char *common_help_filter(int key, const char *text, void *input)
{
	(void)input;
	return cli_game_help(key, text);
}

static error_t common_parse(int key, char *arg, struct argp_state *state)
{
	struct cli_common *c = state->input;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case 'g':
		c->game = cli_game_option(state, arg);
		return 0;
	case 'n':
		c->notation_name = arg;
		return 0;
	case OPT_JSON:
		c->json = 1;
		return 0;
	case OPT_MOVES:
		c->moves = arg;
		return 0;
	case OPT_RECORD:
		c->record = arg;
		return 0;
	case ARGP_KEY_ARG: {
		if (strcmp(arg, "-") == 0 && !c->position && !c->from_stdin) {
			c->from_stdin = 1;
			return 0;
		}
		if (c->from_stdin) {
			/* "-" then more words: the "-" was a hand field, not stdin. */
			c->from_stdin = 0;
			c->position = strdup("-");
		}
		size_t old = c->position ? strlen(c->position) : 0;
		char *joined = realloc(c->position, old + strlen(arg) + 2);
		if (!joined)
			argp_failure(state, EXIT_RUNTIME, 0, "out of memory");
		if (old)
			joined[old++] = ' ';
		strcpy(joined + old, arg);
		c->position = joined;
		return 0;
	}
	case ARGP_KEY_END:
		if (c->record && (c->position || c->from_stdin))
			argp_error(state, "--record: the record gives the position: no %s as well",
			           c->from_stdin ? "'-'" : "POSITION");
		c->notation = 0;
		if (c->notation_name) {
			int i;
			for (i = 0; c->game->notations[i].name; i++)
				if (strcasecmp(c->game->notations[i].name, c->notation_name) == 0)
					break;
			if (!c->game->notations[i].name) {
				char names[200];
				list_notations(c->game, names, sizeof names);
				argp_error(state, "--notation: %s has no notation '%s' (it has: %s)",
				           c->game->name,
				           yomi_arg_said(c->notation_name, (char[YOMI_ARG_SAID]){0}), names);
			}
			c->notation = i;
		}
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

const struct argp cli_common_argp = {common_options, common_parse, NULL, NULL, NULL,
                                     common_help_filter, NULL};
const struct argp cli_common_argp_no_json = {common_options_no_json, common_parse, NULL, NULL,
                                             NULL, common_help_filter, NULL};
const struct argp_child cli_common_children[] = {{&cli_common_argp, 0, NULL, 0}, {0}};

int cli_run(const struct argp *argp, int argc, char **argv, void *input, struct cli_common *c,
            cli_action action, void *opts)
{
	cli_argp_parse(argp, argc, argv, input);
	int status = cli_for_each_position(c, action, opts);
	cli_common_free(c);
	return status;
}

void cli_common_init(struct cli_common *c, const struct game *game)
{
	memset(c, 0, sizeof *c);
	c->game = game;
	c->history = calloc(1, sizeof *c->history);
	if (!c->history) {
		cli_error("out of memory");
		exit(EXIT_RUNTIME);
	}
}

void cli_common_free(struct cli_common *c)
{
	free(c->position);
	free(c->history);
	c->position = NULL;
	c->history = NULL;
}

/* The status the --moves history gives pos if it repeats (the game's repetition rule). */
static struct game_status repetition(const struct cli_common *c, const void *pos)
{
	const struct game_key k = c->game->key(pos);
	int seen = 1, first = c->history->len;
	for (int i = 0; i < c->history->len; i++)
		if (memcmp(&c->history->keys[i], &k, sizeof k) == 0) {
			seen++;
			if (i < first)
				first = i;
		}
	if (seen < 2)
		return (struct game_status){GAME_ONGOING, NULL};
	return game_repetition(c->game, pos, seen, c->history->len - first);
}

/* Records that move m is played from pos (in place), for repetition and the table. */
static int history_push(const struct cli_common *c, void *pos, yomi_move m)
{
	const struct game *g = c->game;
	struct cli_history *h = c->history;
	if (h->len == CLI_HISTORY_MAX)
		return -1;
	memcpy(h->pos[h->len], pos, g->pos_size);
	h->keys[h->len] = g->key(pos);
	h->moves[h->len++] = m;
	g->play(pos, m, pos);
	return 0;
}

/* Plays --record's moves (pos becomes its start position), then c->moves, from pos in
 * place, recording the positions before each move. */
static int play_moves(const struct cli_common *c, void *pos, struct yomi_error *err)
{
	const struct game *g = c->game;
	c->history->len = 0;
	c->history->recorded = 0;
	memset(c->history->players, 0, sizeof c->history->players);
	c->history->result[0] = c->history->reason[0] = '\0';
	c->history->winner = -1;
	if (c->record) {
		struct record *r = malloc(sizeof *r);
		if (!r)
			return yomi_fail(err, "out of memory");
		struct yomi_error rerr;
		int rc = record_read_file(g, c->record, r, &rerr);
		if (rc) {
			yomi_fail(err, "--record: %s", rerr.msg);
		} else {
			memcpy(pos, r->start, g->pos_size);
			/* the record's first player is the one to move at its start */
			struct game_board b = {.turn = 0};
			if (g->board)
				g->board(r->start, &b);
			const int first = b.turn & 1;
			snprintf(c->history->players[first], sizeof c->history->players[0], "%s",
			         r->first);
			snprintf(c->history->players[first ^ 1], sizeof c->history->players[0], "%s",
			         r->second);
			snprintf(c->history->result, sizeof c->history->result, "%s", r->result);
			snprintf(c->history->reason, sizeof c->history->reason, "%s", r->reason);
			c->history->winner = strcmp(r->result, "1-0") == 0 ? first
			                   : strcmp(r->result, "0-1") == 0 ? first ^ 1 : -1;
		}
		char said[YOMI_ARG_SAID];   /* the path as messages quote it */
		for (int i = 0; i < r->len && !rc; i++) {
			const struct game_status rep = repetition(c, pos);
			if (rep.outcome != GAME_ONGOING) {   /* the game's own ends the reader refused */
				char text[YOMI_TEXT_MAX];
				g->format_move(pos, r->moves[i], text, sizeof text);
				rc = yomi_fail(err, "--record: %s: move %d: move: %s: the game is over (%s)",
				               yomi_arg_said(c->record, said), i + 1, text, rep.reason);
			} else if (history_push(c, pos, r->moves[i])) {
				rc = yomi_fail(err, "--record: %s: more than %d moves",
				               yomi_arg_said(c->record, said), CLI_HISTORY_MAX);
			}
		}
		free(r);
		if (rc)
			return -1;
		c->history->recorded = c->history->len;
	}
	if (!c->moves)
		return 0;
	struct move_list ml;
	move_list_init(&ml, c->moves, 0);
	yomi_move m;
	struct yomi_error merr;
	int rc;
	while ((rc = move_list_next(&ml, g, pos, &m, &merr)) == 1) {
		/* A repetition ends the game here (the game's own ends are parse_move's to tell). */
		const struct game_status rep = repetition(c, pos);
		if (rep.outcome != GAME_ONGOING)
			return yomi_fail(err, "--moves: move %d: move: %s: the game is over (%s)", ml.n,
			                 ml.said, rep.reason);
		if (history_push(c, pos, m))
			return yomi_fail(err, "--moves: more than %d moves", CLI_HISTORY_MAX);
	}
	return rc ? yomi_fail(err, "--moves: %s", merr.msg) : 0;
}

struct game_status cli_status(const struct cli_common *c, const void *pos)
{
	const struct game_status st = c->game->status(pos);
	return st.outcome == GAME_ONGOING ? repetition(c, pos) : st;
}

int cli_parse_position(const struct cli_common *c, const char *text, void *pos)
{
	struct yomi_error err;
	if (c->game->parse(text, pos, &err) == 0)
		return 0;
	cli_error("%s", err.msg);
	return -1;
}

/* Reports a bad stdin line: on stderr with its number, and as its output line. */
static void print_line_error(const struct cli_common *c, long lineno, const char *msg)
{
	cli_error("line %ld: %s", lineno, msg);
	if (c->json) {
		fputs("{\"error\":", stdout);
		json_string(stdout, msg);
		fputs("}\n", stdout);
	} else {
		printf("error: %s\n", msg);
	}
}

/* Whether stdin holds read-ahead input (glibc's FILE: the read pointers). */
static int stdin_buffered(void)
{
	return stdin->_IO_read_ptr < stdin->_IO_read_end;
}

FILE *cli_fopen_read(const char *path)
{
	FILE *f = fopen(path, "r");
	struct stat st;
	if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return NULL;
	}
	return f;
}

int cli_stdin_unreadable(void)
{
	struct stat st;
	if (fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode)) {
		cli_error("stdin: %s", strerror(EISDIR));
		return 1;
	}
	return 0;
}

int cli_for_each_position(const struct cli_common *c, cli_action action, void *opts)
{
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	struct yomi_error err;
	if (!c->from_stdin) {
		if (!c->position)
			c->game->start(pos);
		else if (cli_parse_position(c, c->position, pos))
			return EXIT_USAGE;
		if ((c->moves || c->record) && play_moves(c, pos, &err)) {
			cli_error("%s", err.msg);
			return EXIT_USAGE;
		}
		err.msg[0] = 0;
		const int rc = action(c, pos, opts, 0, &err);
		if (rc && err.msg[0])
			cli_error("%s", err.msg);
		return rc;
	}
	if (cli_stdin_unreadable())
		return EXIT_USAGE;
	struct cli_line in = {NULL, 0, 0};
	long lineno = 0;
	int status = 0, got;
	/* Answers are flushed when reading would wait (no input left in stdin's buffer): a
	 * co-process gets each answer at once, a long stream is not a write per line. */
	for (;;) {
		if (!stdin_buffered())
			fflush(stdout);
		if ((got = cli_line_read(stdin, &in)) <= 0)
			break;
		lineno++;
		char *line = in.text;
		size_t len = in.len;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (got == 2) {
			snprintf(err.msg, sizeof err.msg, "position: " CLI_LINE_TOO_LONG);
		} else if (strlen(line) != len) {
			snprintf(err.msg, sizeof err.msg, "position: contains a NUL byte");
		} else if (c->game->parse(line, pos, &err) == 0 &&
		           (!c->moves || play_moves(c, pos, &err) == 0)) {
			err.msg[0] = 0;
			const int rc = action(c, pos, opts, 1, &err);
			if (rc && err.msg[0])
				print_line_error(c, lineno, err.msg);
			if (rc && !status)
				status = rc;
			continue;
		}
		print_line_error(c, lineno, err.msg);
		status = EXIT_USAGE;
	}
	free(in.text);
	if (got < 0) {
		cli_error("stdin: %s", strerror(errno));
		return EXIT_RUNTIME;
	}
	return status;
}

enum { BATCH_LINES = 4096, BATCH_CHUNK = 128, BATCH_CHUNKS = BATCH_LINES / BATCH_CHUNK };

struct batch {
	const struct cli_common *c;
	cli_answer answer;
	void *opts;
	int n;                                   /* lines in this batch */
	char **line;                             /* their texts (NULL: refused, see bad) */
	const char **bad;                        /* why a line is refused unread, or NULL */
	unsigned char (*pos)[YOMI_POS_MAX];      /* parsed positions */
	struct yomi_error *err;                  /* per line: its error, "" if none */
	int *status;                             /* per line: the answer's status (0 with an
	                                            error: the line does not parse) */
	size_t *end;                             /* per line: its answer's end in its chunk */
	char *text[BATCH_CHUNKS];                /* per chunk: the answers */
	size_t len[BATCH_CHUNKS];
	int failed;                              /* out of memory */
};

/* Parses line i of the batch into pos[i], or its error into err[i]. */
static void batch_parse(struct batch *b, int i)
{
	b->err[i].msg[0] = 0;
	b->status[i] = 0;
	if (!b->line[i])
		snprintf(b->err[i].msg, sizeof b->err[i].msg, "position: %s", b->bad[i]);
	else if (b->c->game->parse(b->line[i], b->pos[i], &b->err[i]) != 0 && !b->err[i].msg[0])
		snprintf(b->err[i].msg, sizeof b->err[i].msg, "position: not understood");
}

static void batch_answer(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	(void)thread;
	struct batch *b = arg;
	const uint64_t chunk = lo / BATCH_CHUNK;
	FILE *out = open_memstream(&b->text[chunk], &b->len[chunk]);
	if (!out) {
		__atomic_store_n(&b->failed, 1, __ATOMIC_RELAXED);
		return;
	}
	for (uint64_t i = lo; i < hi; i++) {
		batch_parse(b, (int)i);
		if (!b->err[i].msg[0])
			b->status[i] = b->answer(b->c, b->pos[i], b->opts, out, &b->err[i]);
		fflush(out);
		b->end[i] = b->len[chunk];
	}
	if (fclose(out) != 0)
		__atomic_store_n(&b->failed, 1, __ATOMIC_RELAXED);
}

/* Line i's error, if it has one, as its output line, and its share of the run's status: a
 * line that does not parse is a usage error, an answer that failed its own status. */
static void batch_status(const struct cli_common *c, const struct batch *b, int i,
                         long lineno, int *status)
{
	if (b->err[i].msg[0])
		print_line_error(c, lineno, b->err[i].msg);
	if (b->err[i].msg[0] && !b->status[i])
		*status = EXIT_USAGE;
	else if (b->status[i] && !*status)
		*status = b->status[i];
}

int cli_filter_batched(const struct cli_common *c, cli_answer answer, void *opts,
                       int (*threads)(void *opts, long lines))
{
	if (cli_stdin_unreadable())
		return EXIT_USAGE;
	struct batch b = {c, answer, opts, 0, calloc(BATCH_LINES, sizeof(char *)),
	                  calloc(BATCH_LINES, sizeof(char *)), malloc(BATCH_LINES * sizeof *b.pos),
	                  malloc(BATCH_LINES * sizeof *b.err), malloc(BATCH_LINES * sizeof(int)),
	                  malloc(BATCH_LINES * sizeof(size_t)), {0}, {0}, 0};
	struct cli_line *texts = calloc(BATCH_LINES, sizeof *texts);   /* the lines' buffers */
	long lineno = 0;
	int status = 0, eof = 0, got = 1;
	if (!b.line || !b.bad || !b.pos || !b.err || !b.status || !b.end || !texts) {
		cli_error("out of memory");
		status = EXIT_RUNTIME;
		eof = 1;
	}
	while (!eof) {
		if (!stdin_buffered())
			fflush(stdout);
		/* the lines already there, at least one */
		for (b.n = 0; b.n < BATCH_LINES && (b.n == 0 || stdin_buffered()); b.n++) {
			if ((got = cli_line_read(stdin, &texts[b.n])) <= 0) {
				eof = 1;
				break;
			}
			char *line = texts[b.n].text;
			size_t len = texts[b.n].len;
			while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
				line[--len] = '\0';
			b.bad[b.n] = got == 2 ? CLI_LINE_TOO_LONG
			             : strlen(line) != len ? "contains a NUL byte" : NULL;
			b.line[b.n] = b.bad[b.n] ? NULL : line;
		}
		if (b.n == 0)
			break;
		const int nthreads = threads(opts, lineno + b.n);
		if (nthreads <= 1) {   /* in place, straight to stdout */
			for (int i = 0; i < b.n; i++) {
				lineno++;
				batch_parse(&b, i);
				if (!b.err[i].msg[0])
					b.status[i] = answer(c, b.pos[i], opts, stdout, &b.err[i]);
				batch_status(c, &b, i, lineno, &status);
			}
			continue;
		}
		parallel_for(nthreads, (uint64_t)b.n, BATCH_CHUNK, batch_answer, &b, NULL);
		for (int i = 0; i < b.n; i++) {
			lineno++;
			const int chunk = i / BATCH_CHUNK;
			const size_t from = i % BATCH_CHUNK ? b.end[i - 1] : 0;
			if (!b.err[i].msg[0] && !b.failed)
				fwrite(b.text[chunk] + from, 1, b.end[i] - from, stdout);
			batch_status(c, &b, i, lineno, &status);
		}
		for (int k = 0; k < BATCH_CHUNKS; k++) {
			free(b.text[k]);
			b.text[k] = NULL;
			b.len[k] = 0;
		}
		if (b.failed) {
			cli_error("out of memory");
			status = EXIT_RUNTIME;
			break;
		}
	}
	for (int k = 0; texts && k < BATCH_LINES; k++)
		free(texts[k].text);
	free(texts), free(b.line), free(b.bad);
	free(b.pos), free(b.err), free(b.status), free(b.end);
	if (got < 0) {
		cli_error("stdin: %s", strerror(errno));
		return EXIT_RUNTIME;
	}
	return status;
}

void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	while (*s) {
		unsigned char ch = (unsigned char)*s;
		const int n = ch < 0x80 ? 1 : yomi_utf8_length(s);
		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else if (n)
			fwrite(s, 1, (size_t)n, out);
		else   /* not UTF-8 (a record's Reason tag, say): JSON text must be */
			fputs("\\ufffd", out);
		s += n ? n : 1;
	}
	fputc('"', out);
}

struct table *cli_open_table(const struct game *g, const char *path)
{
	struct yomi_error err;
	struct table *t = table_find(g, path, &err);
	if (!t)
		cli_error("%s", err.msg);
	return t;
}
