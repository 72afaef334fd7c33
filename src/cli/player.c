/* player.c - players (engine, random, solved table), their specs, and the game record. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/player.h"
#include "yomi/file_out.h"
#include "yomi/record.h"
#include "yomi/table.h"
#include "yomi/timeman.h"

/* ---- specs ---- */

/* A SPEC, or a part of one, is quoted in a message as messages quote text (yomi_said), its
 * blanks at either end kept (yomi_said_whole: 'engine ' is not 'engine'): at most 60 bytes,
 * then "...", never cut inside a character, a control byte as \xNN. */
enum { PLAYER_SAID = 64 };

/* KEY=VALUE of an engine SPEC: a whole number from lo to hi, as the option of the same name
 * takes it (cli_parse_long). */
static int spec_number(const char *spec, const char *key, const char *val, long lo, long hi,
                       long *out, struct yomi_error *err)
{
	char said[PLAYER_SAID];
	if (cli_parse_long(val, lo, hi, out))
		return yomi_fail(err, "player '%s': %s=%s is not a number from %ld to %ld", spec,
		                 key, yomi_said_whole(val, said, sizeof said), lo, hi);
	return 0;
}

/* One KEY=VALUE of an engine SPEC into *s; *seen, the keys given so far (a bit each, in
 * the order of engine_keys): a key given twice is refused, as which one was meant is not
 * known. */
static int parse_engine_option(const char *spec, char *opt, struct player_spec *s,
                               unsigned *seen, struct yomi_error *err)
{
	static const char *const engine_keys[] = {"depth", "time", "nodes", "hash", "threads",
	                                          "eval"};
	char said[PLAYER_SAID];
	char *eq = strchr(opt, '=');
	if (!eq)
		return yomi_fail(err, "player '%s': '%s' is not KEY=VALUE", spec,
		                 yomi_said_whole(opt, said, sizeof said));
	*eq = '\0';
	const char *key = opt, *val = eq + 1;
	long v;
	for (unsigned k = 0; k < sizeof engine_keys / sizeof engine_keys[0]; k++)
		if (strcmp(key, engine_keys[k]) == 0) {
			if (*seen & 1u << k)
				return yomi_fail(err, "player '%s': %s given twice", spec, key);
			*seen |= 1u << k;
		}
	if (strcmp(key, "depth") == 0) {
		if (spec_number(spec, key, val, 1, SEARCH_MAX_PLY - 8, &v, err))
			return -1;
		s->limits.depth = (int)v;
	} else if (strcmp(key, "time") == 0) {
		if (cli_parse_seconds(val, &s->limits.seconds))
			return yomi_fail(err, "player '%s': time=%s is not a number of seconds "
			                 CLI_SECONDS_RANGE, spec,
			                 yomi_said_whole(val, said, sizeof said));
	} else if (strcmp(key, "nodes") == 0) {
		if (spec_number(spec, key, val, 1, 1L << 62, &v, err))
			return -1;
		s->limits.nodes = (uint64_t)v;
	} else if (strcmp(key, "hash") == 0) {
		if (spec_number(spec, key, val, 1, 65536, &v, err))
			return -1;
		s->hash_mb = (size_t)v;
	} else if (strcmp(key, "threads") == 0) {
		if ((s->limits.threads = cli_parse_threads(val)) < 0)
			return yomi_fail(err, "player '%s': threads=%s is not a number of threads "
			                 CLI_THREADS_RANGE, spec,
			                 yomi_said_whole(val, said, sizeof said));
	} else if (strcmp(key, "eval") == 0) {
		if (strcmp(val, "full") == 0)
			s->limits.eval_material = 0;
		else if (strcmp(val, "material") == 0 || strcmp(val, "hand") == 0)
			s->limits.eval_material = val[0] == 'h' ? 2 : 1;   /* (named as given) */
		else
			return yomi_fail(err, "player '%s': eval=%s is not full, material or hand", spec,
			                 yomi_said_whole(val, said, sizeof said));
	} else {
		return yomi_fail(err, "player '%s': unknown option '%s' (engine takes depth, time, "
		                 "nodes, hash, threads, eval)", spec,
		                 yomi_said_whole(key, said, sizeof said));
	}
	return 0;
}

int player_parse_spec(const char *text, struct player_spec *s, struct yomi_error *err)
{
	memset(s, 0, sizeof *s);
	s->limits.multipv = 1;
	char who[PLAYER_SAID];   /* the spec, quoted */
	yomi_said_whole(text, who, sizeof who);
	if (strlen(text) >= sizeof s->text)
		return yomi_fail(err, "player '%s': too long (%zu bytes, at most %zu)", who,
		                 strlen(text), sizeof s->text - 1);
	snprintf(s->text, sizeof s->text, "%s", text);
	const int external = engine_spec_parse(text, &s->engine, err);
	if (external <= 0) {   /* usi:COMMAND or gtp:COMMAND (or its error) */
		s->kind = PLAYER_EXTERNAL;
		return external;
	}
	char buf[PLAYER_SPEC_MAX];
	snprintf(buf, sizeof buf, "%s", text);
	char *colon = strchr(buf, ':');
	if (colon)
		*colon++ = '\0';
	static const char *const kinds[] = {"human", "engine", "random", "perfect"};
	int kind = -1;
	for (int i = 0; i < 4; i++)
		if (strcmp(buf, kinds[i]) == 0)
			kind = i;
	if (kind < 0)
		return yomi_fail(err, "player '%s': not human, engine, random, perfect, usi:COMMAND "
		                 "or gtp:COMMAND", who);
	s->kind = (enum player_kind)kind;
	if (!colon)
		return 0;
	if (s->kind == PLAYER_PERFECT && strncmp(colon, "table=", 6) == 0) {
		if (!colon[6])   /* as --table '' is said (table_open) */
			return yomi_fail(err, "player '%s': table: the file name is empty", who);
		s->table_path = text + (colon - buf) + 6;   /* points into the caller's text */
		return 0;
	}
	if (s->kind != PLAYER_ENGINE)
		return yomi_fail(err, "player '%s': %s takes no options%s", who, buf,
		                 s->kind == PLAYER_PERFECT ? " but table=FILE" : "");
	unsigned seen = 0;
	for (char *opt = colon, *next; opt; opt = next) {   /* an empty one too: "depth=3," */
		if ((next = strchr(opt, ',')))
			*next++ = '\0';
		if (parse_engine_option(who, opt, s, &seen, err))
			return -1;
	}
	return 0;
}

void player_spec_defaults(struct player_spec *s, const struct search_limits *limits,
                          size_t hash_mb, const char *table_path)
{
	if (s->kind == PLAYER_EXTERNAL) {   /* its time a move (--time) is all it takes */
		s->limits.seconds = limits->seconds > 0 ? limits->seconds : 1;
		return;
	}
	if (!s->limits.depth && !s->limits.seconds && !s->limits.nodes) {
		s->limits.depth = limits->depth;
		s->limits.seconds = limits->seconds;
		s->limits.nodes = limits->nodes;
		if (!s->limits.depth && !s->limits.seconds && !s->limits.nodes)
			s->limits.seconds = 1;
	}
	if (!s->hash_mb)
		s->hash_mb = hash_mb;
	if (!s->table_path)
		s->table_path = table_path;
	/* Name it with everything it was given, so records and tables say what played. */
	if (s->kind == PLAYER_ENGINE) {
		char t[PLAYER_SPEC_MAX];
		int at = snprintf(t, sizeof t, "engine:");
		if (s->limits.depth)
			at += snprintf(t + at, sizeof t - (size_t)at, "depth=%d,", s->limits.depth);
		if (s->limits.seconds > 0 && at < (int)sizeof t)
			at += snprintf(t + at, sizeof t - (size_t)at, "time=%g,", s->limits.seconds);
		if (s->limits.nodes && at < (int)sizeof t)
			at += snprintf(t + at, sizeof t - (size_t)at, "nodes=%llu,",
			               (unsigned long long)s->limits.nodes);
		if (s->limits.threads > 1 && at < (int)sizeof t)
			at += snprintf(t + at, sizeof t - (size_t)at, "threads=%d,", s->limits.threads);
		if (s->limits.eval_material && at < (int)sizeof t)
			at += snprintf(t + at, sizeof t - (size_t)at, "eval=%s,",
			               s->limits.eval_material == 2 ? "hand" : "material");
		if (at > 0 && at <= (int)sizeof t)
			t[at - 1] = '\0';   /* the last comma */
		memcpy(s->text, t, sizeof t);
	}
}

/* ---- the game record ---- */

void record_init(struct game_record *r, const struct game *g, const void *pos,
                 const struct game_key *prior_keys,
                 const unsigned char (*prior_pos)[YOMI_POS_MAX], int nprior, int max_plies)
{
	r->game = g;
	memcpy(r->start, pos, g->pos_size);
	memcpy(r->pos, pos, g->pos_size);
	r->len = 0;
	r->max_plies = max_plies > 0 && max_plies < RECORD_MAX_PLIES ? max_plies : RECORD_MAX_PLIES;
	if (nprior > RECORD_PRIOR_MAX) {   /* only the latest positions can repeat */
		prior_keys += nprior - RECORD_PRIOR_MAX;
		prior_pos += nprior - RECORD_PRIOR_MAX;
		nprior = RECORD_PRIOR_MAX;
	}
	r->prior = nprior;
	if (nprior) {
		memcpy(r->keys, prior_keys, sizeof *prior_keys * (size_t)nprior);
		memcpy(r->before, prior_pos, sizeof *prior_pos * (size_t)nprior);
	}
}

void record_push(struct game_record *r, yomi_move m)
{
	if (r->len >= RECORD_MAX_PLIES)
		return;
	r->keys[r->prior + r->len] = r->game->key(r->pos);
	memcpy(r->before[r->prior + r->len], r->pos, r->game->pos_size);
	r->moves[r->len++] = m;
	r->game->play(r->pos, m, r->pos);
}

void record_pop(struct game_record *r, int n)
{
	r->len = n > r->len ? 0 : r->len - n;
	memcpy(r->pos, r->start, r->game->pos_size);
	for (int i = 0; i < r->len; i++)
		r->game->play(r->pos, r->moves[i], r->pos);
}

struct game_status record_status(const struct game_record *r)
{
	struct game_status st = r->game->status(r->pos);
	if (st.outcome != GAME_ONGOING)
		return st;
	const struct game_key k = r->game->key(r->pos);
	const int n = r->prior + r->len;
	int seen = 1, first = n;
	for (int i = 0; i < n; i++)
		if (memcmp(&r->keys[i], &k, sizeof k) == 0) {
			seen++;
			if (i < first)
				first = i;
		}
	if (seen >= 2) {
		st = game_repetition(r->game, r->pos, seen, n - first);
		if (st.outcome != GAME_ONGOING)
			return st;
	}
	if (r->len >= r->max_plies)
		return (struct game_status){GAME_DRAW, "move limit"};
	return st;
}

int record_winner(const struct game_record *r, struct game_status st)
{
	if (st.outcome == GAME_WIN)
		return record_side(r);
	if (st.outcome == GAME_LOSS)
		return record_side(r) ^ 1;
	return -1;
}

/* The file game `game` of --save FILE goes to, into name[4096]: FILE itself for 0 (play),
 * FILE-GAME.EXT for a match's game (the number before the extension, if any). */
static const char *save_name(const char *path, int game, char *name)
{
	if (game <= 0)
		return path;
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
	const int stem = dot && dot > (slash ? slash : path) ? (int)(dot - path)
	                                                  : (int)strlen(path);
	snprintf(name, 4096, "%.*s-%d%s", stem, path, game, path + stem);
	return name;
}

/* 0 when a record may go to path, else -1 with err filled ("record: PATH: ..."): what is
 * there must be a regular file if anything, and its folder must be there (record_write_file
 * would refuse either only after the game); a solved table is never replaced (it took
 * minutes to build, and a perfect player may be reading it), as play's save command refuses
 * it too; nor is yomi's format written under another game's format's name (a .kif of
 * dobutsu: record_name_check). */
static int save_allowed(const struct game *g, const char *path, struct yomi_error *err)
{
	struct stat st;
	char said[YOMI_ARG_SAID];
	const char *name = yomi_arg_said(path, said);   /* path as messages quote it */
	if (stat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return yomi_fail(err, "record: %s: not a regular file", name);
	} else if (*path) {   /* a new file: its folder must be one */
		const char *missing = cli_folder_missing(path);
		if (missing)
			return yomi_fail(err, "record: %s: %s", name, missing);
	}
	if (table_file_is_table(path))
		return yomi_fail(err, "record: %s: a yomi table, not replaced by a game record", name);
	return record_name_check(g, path, err);
}

/* Whether the record can be written at path, tried as record_write_file does it: a
 * temporary file beside it (made, then removed), so that a folder this user cannot write
 * to, or a read-only file system, is known before the game rather than after it. */
static int save_writable(const char *path, struct yomi_error *err)
{
	struct file_out out;
	if (file_out_open(&out, "record", path, 0666, err))
		return -1;
	file_out_discard(&out);
	return 0;
}

int record_save(const struct game_record *r, const char *path, int game, const char *first,
                const char *second, const char *result, const char *reason,
                enum record_end end, struct yomi_error *err)
{
	const struct game *g = r->game;
	char name[4096];
	path = save_name(path, game, name);
	if (save_allowed(g, path, err))
		return -1;
	struct record *rec = malloc(sizeof *rec);
	if (!rec) {
		char said[YOMI_ARG_SAID];
		return yomi_fail(err, "record: %s: out of memory", yomi_arg_said(path, said));
	}
	record_clear(rec, g);
	memcpy(rec->start, r->start, g->pos_size);
	rec->len = r->len < RECORD_MAX_MOVES ? r->len : RECORD_MAX_MOVES;
	memcpy(rec->moves, r->moves, (size_t)rec->len * sizeof *rec->moves);
	snprintf(rec->first, sizeof rec->first, "%s", first);
	snprintf(rec->second, sizeof rec->second, "%s", second);
	snprintf(rec->result, sizeof rec->result, "%s", result);
	snprintf(rec->reason, sizeof rec->reason, "%s", reason ? reason : "");
	rec->end = end;
	const int rc = record_write_file(g, path, rec, err);
	free(rec);
	return rc;
}

void record_write_moves(const struct game_record *r, FILE *out)
{
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	memcpy(p, r->start, r->game->pos_size);
	for (int i = 0; i < r->len; i++) {
		r->game->format_move(p, r->moves[i], text, sizeof text);
		if (i % 2 == 0)
			fprintf(out, "%s%d.", i ? " " : "", i / 2 + 1);
		fprintf(out, " %s", text);
		r->game->play(p, r->moves[i], p);
	}
}

/* ---- players ---- */

/* splitmix64: small, fast, and good enough to pick among a few dozen moves. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Uniform in [0, n), without modulo bias. */
static int random_below(uint64_t *state, int n)
{
	const uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
	uint64_t x;
	do
		x = next_random(state);
	while (x >= limit);
	return (int)(x % (uint64_t)n);
}

uint64_t player_seed_mix(uint64_t seed, uint64_t i)
{
	uint64_t s = seed ^ (i * 0xd1342543de82ef95u);
	next_random(&s);
	return next_random(&s);
}

uint64_t player_random_seed(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t s = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
	             (uint64_t)getpid() << 32;
	return next_random(&s);
}

int player_open(struct player *p, const struct player_spec *spec, const struct game *g,
                struct yomi_error *err)
{
	memset(p, 0, sizeof *p);
	p->spec = *spec;
	p->game = g;
	char who[PLAYER_SAID];   /* the spec, quoted */
	yomi_said_whole(spec->text, who, sizeof who);
	switch (spec->kind) {
	case PLAYER_ENGINE:
		p->ctx = malloc(sizeof *p->ctx);
		if (!p->ctx || tt_init(&p->tt, spec->hash_mb ? spec->hash_mb : 16)) {
			player_close(p);
			yomi_fail(err, "player '%s': out of memory (hash %zu MB)", who,
			          spec->hash_mb ? spec->hash_mb : (size_t)16);
			return EXIT_RUNTIME;
		}
		p->has_tt = 1;
		return 0;
	case PLAYER_EXTERNAL:
		if (engine_speaks(&spec->engine, g, err))   /* the SPEC's fault: nothing to run */
			return EXIT_USAGE;
		p->engine = engine_start(&spec->engine, g, err);
		return p->engine ? 0 : EXIT_RUNTIME;
	case PLAYER_PERFECT: {
		struct yomi_error e;
		p->table = table_find(g, spec->table_path, &e);
		if (!p->table) {
			yomi_fail(err, "player '%s': %s", who, e.msg);
			return EXIT_USAGE;
		}
		if (!table_has_distance(p->table)) {
			/* Without distances every winning move looks alike, and a random one walks
			 * many won games into a draw by repetition: no perfect play. */
			yomi_fail(err, "player '%s': the table has no distances (solve it without "
			          "--wdl-only)", who);
			player_close(p);
			return EXIT_USAGE;
		}
		return 0;
	}
	default:
		return 0;
	}
}

void player_close(struct player *p)
{
	if (p->has_tt)
		tt_free(&p->tt);
	free(p->ctx);
	p->has_tt = 0;
	p->ctx = NULL;
	if (p->table)
		table_close(p->table);
	p->table = NULL;
	engine_close(p->engine);
	p->engine = NULL;
}

void player_new_game(struct player *p, uint64_t seed)
{
	if (p->has_tt)
		tt_clear(&p->tt);
	p->rng = seed;
	p->started = 0;
}

void player_game_over(struct player *p, int result)
{
	if (p->engine && p->started)
		engine_game_over(p->engine, result);
	p->started = 0;
}

/* The clock's budget for this move (timeman.h), kept by the report callback below. */
struct clock_watch {
	struct search_ctx *ctx;
	struct timeman tm;
};

static void clock_report(const struct search_report *r, const void *root, void *arg)
{
	(void)root;
	struct clock_watch *w = arg;
	if (!r->final && !timeman_next_iteration(&w->tm, r, search_clock() - w->ctx->start))
		w->ctx->limits.seconds = 1e-9;   /* stop now: the next iteration would overrun */
}

/* The clock as it stands for the side to move. */
static struct time_budget clock_budget(const struct engine_clock *c, int side)
{
	struct time_clock tc = {0};
	tc.movetime = c->per_move;
	tc.remaining = c->remaining[side];
	tc.increment = c->increment;
	tc.byoyomi = c->byoyomi;
	tc.overhead = 0.02;   /* in-process: the scheduler's share only */
	return timeman_budget(&tc);
}

static void choose_engine(struct player *p, const struct game_record *r,
                          struct player_choice *out)
{
	struct search_ctx *ctx = p->ctx;
	struct search_limits limits = p->spec.limits;
	struct clock_watch watch;
	const int clocked = p->clock && !limits.depth && limits.seconds <= 0 && !limits.nodes;
	if (clocked) {
		const struct time_budget b = clock_budget(p->clock, record_side(r));
		yomi_move moves[YOMI_MOVES_MAX];
		limits.seconds = b.hard;
		timeman_start(&watch.tm, b, p->game->moves(r->pos, moves));
	}
	search_init(ctx, &p->tt, &limits);
	ctx->interrupt = p->interrupt;
	if (clocked) {
		watch.ctx = ctx;
		ctx->report = clock_report;
		ctx->report_arg = &watch;
	}
	cli_search_history(ctx, r->keys, r->prior + r->len);   /* the game so far */
	p->game->search(ctx, r->pos);
	if (ctx->nlines == 0 || ctx->lines[0].len == 0) {   /* cannot happen: depth 1 finishes */
		yomi_move moves[YOMI_MOVES_MAX];
		p->game->moves(r->pos, moves);
		out->move = moves[0];
		return;
	}
	const struct search_line *l = &ctx->lines[0];
	out->move = l->pv[0];
	search_format_score(l->score, l->proven, out->score, sizeof out->score);
	out->depth = ctx->depth_done;
	out->pv_len = l->len;
	memcpy(out->pv, l->pv, sizeof(yomi_move) * (size_t)l->len);
}

/* What a move of cli_table_rank is sure to give, best first: a sure win, a win that a
 * repetition might turn into a draw, a draw, a loss that might be a draw, a sure loss. */
static int perfect_class(struct table_value v, int sure)
{
	return v.outcome == GAME_WIN ? !sure : v.outcome == GAME_DRAW ? 2 : 4 - !sure;
}

/* The table's best move under the game's history (a third occurrence is a draw): the
 * shortest sure win, else the best that can still win, else a draw, else the longest
 * resistance, a possible draw first; among equally good moves one chosen by the seeded
 * generator.  A value that a repetition might still change prints with a '?'. */
static int choose_perfect(struct player *p, const struct game_record *r,
                          struct player_choice *out, struct yomi_error *err)
{
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	int sure[YOMI_MOVES_MAX];
	const int n = cli_table_rank(p->table, p->game, r->pos, r->keys, r->before,
	                             r->prior + r->len, moves, values, sure, err);
	if (n < 0)
		return -1;
	if (n == 0)
		return yomi_fail(err, "perfect player: no legal move");
	int best = 0;
	for (int k = 1; k < n; k++)   /* the table's order within a class: its first is best */
		if (perfect_class(values[k], sure[k]) < perfect_class(values[best], sure[best]))
			best = k;
	int tie[YOMI_MOVES_MAX], ties = 0;
	for (int k = best; k < n; k++)
		if (perfect_class(values[k], sure[k]) == perfect_class(values[best], sure[best]) &&
		    table_value_cmp(values[k], values[best]) == 0)
			tie[ties++] = k;
	const int k = tie[ties > 1 ? random_below(&p->rng, ties) : 0];
	out->move = moves[k];
	table_format_value(values[k], out->score, sizeof out->score);
	if (!sure[k])
		strcat(out->score, "?");
	return 0;
}

/* An external engine's move: the clock the match keeps, or its time a move. */
static int choose_external(struct player *p, const struct game_record *r,
                           struct player_choice *out, struct yomi_error *err)
{
	struct engine_clock own = {0};
	own.per_move = p->spec.limits.seconds > 0 ? p->spec.limits.seconds : 1;
	const struct engine_clock *c = p->clock ? p->clock : &own;
	if (!p->started) {
		/* isready (an engine may load its evaluation there) and, after a failure or a
		 * time loss, a fresh process: no part of the move's time */
		const double t0 = search_clock();
		const int failed = engine_new_game(p->engine, r->start, c, err);
		out->setup = search_clock() - t0;
		if (failed) {
			out->forfeit = ENGINE_FAILED;
			return 0;
		}
		p->started = 1;
	}
	const int side = record_side(r);
	const double wait = p->wait > 0 ? p->wait
	                    : c->per_move > 0 ? c->per_move + 1
	                    : c->remaining[side] + c->byoyomi + 1;
	const enum engine_answer a = engine_play(p->engine, r->moves, r->len, c, wait, &out->move,
	                                         out->said, sizeof out->said, err);
	if (a != ENGINE_MOVE) {
		out->move = 0;
		out->forfeit = (int)a;
		if (a == ENGINE_RESIGN)
			yomi_fail(err, "resigned");
		else if (a == ENGINE_ILLEGAL)
			p->started = 0;   /* out of step with the game: a new one is set up */
	}
	return 0;
}

int player_choose(struct player *p, const struct game_record *r, struct player_choice *out,
                  struct yomi_error *err)
{
	yomi_move moves[YOMI_MOVES_MAX];
	memset(out, 0, sizeof *out);
	switch (p->spec.kind) {
	case PLAYER_EXTERNAL:
		return choose_external(p, r, out, err);
	case PLAYER_ENGINE:
		choose_engine(p, r, out);
		return 0;
	case PLAYER_RANDOM: {
		const int n = p->game->moves(r->pos, moves);
		if (n <= 0)
			return yomi_fail(err, "random player: no legal move");
		out->move = moves[random_below(&p->rng, n)];
		return 0;
	}
	case PLAYER_PERFECT:
		return choose_perfect(p, r, out, err);
	default: {
		char who[PLAYER_SAID];
		return yomi_fail(err, "player '%s' cannot choose a move by itself",
		                 yomi_said_whole(p->spec.text, who, sizeof who));
	}
	}
}

void player_write_choice(const struct game *g, const void *pos, const struct player_choice *c,
                         FILE *out)
{
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	if (c->score[0])
		fprintf(out, "score %s", c->score);
	if (c->depth)
		fprintf(out, " depth %d", c->depth);
	if (c->pv_len) {
		fputs(" pv", out);
		memcpy(p, pos, g->pos_size);
		for (int i = 0; i < c->pv_len; i++) {
			g->format_move(p, c->pv[i], text, sizeof text);
			fprintf(out, " %s", text);
			if (g->play(p, c->pv[i], p))
				break;
		}
	}
}

/* ---- the shared options ---- */

enum { OPT_TIME = 0x300, OPT_NODES, OPT_HASH, OPT_SEED, OPT_TABLE, OPT_FIRST, OPT_SECOND,
       OPT_MAX_PLIES, OPT_SAVE };

static const struct argp_option player_argp_options[] = {
	{"first", OPT_FIRST, "SPEC", 0, "The player to move when the game starts: in POSITION "
	 "after any --moves or --record (play: human by default): human, engine, random, "
	 "perfect, or engine:depth=N,time=S,nodes=N,hash=MB,threads=N,eval=full|material|hand, "
	 "perfect:table=FILE, usi:COMMAND[,NAME=VALUE...], gtp:COMMAND", 1},
	{"second", OPT_SECOND, "SPEC", 0, "The other player (play: engine by default)", 1},
	{"depth", 'd', "N", 0, "Engines search N plies (unless their SPEC says otherwise)", 2},
	{"time", OPT_TIME, "SECONDS", 0, "Engines search about SECONDS a move (default 1 when "
	 "no --depth or --nodes)", 2},
	{"nodes", OPT_NODES, "N", 0, "Engines search about N nodes a move", 2},
	{"hash", OPT_HASH, "MB", 0, "Each engine's transposition table in MB (default 16)", 2},
	{"table", OPT_TABLE, "FILE", 0, "The solved table of the perfect player (default: "
	 "GAME.yomi in $YOMI_TABLES, $XDG_DATA_HOME/yomi (~/.local/share/yomi), "
	 "PREFIX/share/yomi or ./data, the first there)", 2},
	{"seed", OPT_SEED, "N", 0, "Seed of the random choices (random player, ties of the "
	 "perfect one): the same seed replays the same games", 2},
	{"max-plies", OPT_MAX_PLIES, "N", 0, "A game that reaches N plies is drawn by the move "
	 "limit (default and at most 1000)", 2},
	{"save", OPT_SAVE, "FILE", 0, "Write each game's record to FILE when it ends (match: "
	 "FILE-1, FILE-2, ... before the extension); KIF or CSA for shogi's .kif and .csa", 2},
	{0},
};

static error_t player_argp_parse(int key, char *arg, struct argp_state *state)
{
	struct player_options *o = state->input;
	switch (key) {
	case OPT_FIRST:
	case OPT_SECOND:
		o->spec_text[key == OPT_SECOND] = arg;
		return 0;
	case 'd':
		o->limits.depth = (int)cli_option_number(state, "--depth", arg, 1,
		                                         SEARCH_MAX_PLY - 8);
		return 0;
	case OPT_TIME:
		if (cli_parse_seconds(arg, &o->limits.seconds))
			argp_error(state, "--time: '%s' is not a number of seconds " CLI_SECONDS_RANGE,
			           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	case OPT_NODES:
		o->limits.nodes = (uint64_t)cli_option_number(state, "--nodes", arg, 1, 1L << 62);
		return 0;
	case OPT_HASH:
		o->hash_mb = (size_t)cli_option_number(state, "--hash", arg, 1, 65536);
		o->hash_given = 1;
		return 0;
	case OPT_TABLE:
		o->table_path = arg;
		return 0;
	case OPT_SEED:
		o->seed = cli_option_seed(state, arg);
		o->seeded = 1;
		return 0;
	case OPT_MAX_PLIES:
		o->max_plies = (int)cli_option_number(state, "--max-plies", arg, 1,
		                                      RECORD_MAX_PLIES);
		return 0;
	case OPT_SAVE:
		if (!*arg)
			argp_error(state, "--save: the file name is empty");
		o->save = arg;
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

/* --first and --second as the command takes them: play takes a person (its default
 * first player), match does not. */
static char *player_help_filter(int key, const char *text, void *input)
{
	const struct player_options *o = input;
	const char *kinds = "engine, random, perfect, or engine:depth=N,time=S,nodes=N,hash=MB,"
	                    "threads=N,eval=full|material|hand, perfect:table=FILE, "
	                    "usi:COMMAND[,NAME=VALUE...], gtp:COMMAND";
	char *out = NULL;
	if (!o || (key != OPT_FIRST && key != OPT_SECOND))
		return (char *)text;
	if (key == OPT_SECOND ? asprintf(&out, o->people ? "The other player (default: engine)"
	                                                 : "Player B, the other one (required)") < 0
	    : o->people ? asprintf(&out, "The player to move first (default: human), in "
	                           "POSITION after any --moves or --record: human, %s",
	                           kinds) < 0
	    : asprintf(&out, "Player A, to move in POSITION in the odd games (required): %s",
	               kinds) < 0)
		return (char *)text;
	return out;
}

const struct argp player_options_argp = {player_argp_options, player_argp_parse, NULL, NULL,
                                         NULL, player_help_filter, NULL};

void player_options_init(struct player_options *o, const char *first, const char *second)
{
	memset(o, 0, sizeof *o);
	o->spec_text[0] = first;
	o->spec_text[1] = second;
	o->limits.multipv = 1;
	o->hash_mb = 16;
	o->max_plies = RECORD_MAX_PLIES;
}

int player_options_specs(struct player_options *o, const struct game *g,
                         struct player_spec spec[2], struct yomi_error *err)
{
	for (int i = 0; i < 2; i++) {
		struct yomi_error e;
		if (!o->spec_text[i])
			return yomi_fail(err, "--%s SPEC is required", i ? "second" : "first");
		if (player_parse_spec(o->spec_text[i], &spec[i], &e))
			return yomi_fail(err, "--%s: %s", i ? "second" : "first", e.msg);
	}
	/* An option no player takes is refused, not ignored: the limits and --hash go to the
	 * engines that set none of their own (and to play's hint engine, for a person), --table
	 * to the perfect players without table=. */
	int limits_used = 0, hash_used = 0, table_used = 0, time_used = 0;
	for (int i = 0; i < 2; i++) {
		const struct player_spec *s = &spec[i];
		const int human = s->kind == PLAYER_HUMAN, engine = s->kind == PLAYER_ENGINE;
		limits_used |= human || (engine && !s->limits.depth && !s->limits.seconds &&
		                         !s->limits.nodes);
		time_used |= s->kind == PLAYER_EXTERNAL && !o->clocked;
		hash_used |= human || (engine && !s->hash_mb);
		table_used |= s->kind == PLAYER_PERFECT && !s->table_path;
	}
	const char *unused = !limits_used && o->limits.depth ? "--depth"
	                     : !limits_used && !time_used && o->limits.seconds > 0 ? "--time"
	                     : !limits_used && o->limits.nodes ? "--nodes" : NULL;
	if (unused)
		return yomi_fail(err, "%s: no player takes it (an engine without limits of its own "
		                 "does)", unused);
	if (!hash_used && o->hash_given)
		return yomi_fail(err, "--hash: no player takes it (an engine without hash= does)");
	if (!table_used && o->table_path)
		return yomi_fail(err, "--table: no player takes it (a perfect player without "
		                 "table= does)");
	for (int i = 0; i < 2; i++) {
		const int own = spec[i].limits.depth || spec[i].limits.seconds > 0 ||
		                spec[i].limits.nodes;
		player_spec_defaults(&spec[i], &o->limits, o->hash_mb, o->table_path);
		/* Under a clock an engine without limits of its own keeps to the clock. */
		if (o->clocked && !own && spec[i].kind == PLAYER_ENGINE && !o->limits.depth &&
		    !o->limits.nodes && o->limits.seconds <= 0) {
			spec[i].limits.seconds = 0;
			snprintf(spec[i].text, sizeof spec[i].text, "engine");
		}
	}
	/* --save naming a table, a folder or a file in no folder, or where this user cannot
	 * write, is refused before the game, not after it (the record would be lost); a
	 * match's later games are checked as they are saved. */
	char name[4096];
	struct yomi_error e;
	const char *first_file = o->save ? save_name(o->save, o->people ? 0 : 1, name) : NULL;
	if (first_file && (save_allowed(g, first_file, &e) || save_writable(first_file, &e)))
		return yomi_fail(err, "--save: %s", e.msg + strlen("record: "));
	if (!o->seeded)
		o->seed = player_random_seed();
	return 0;
}
