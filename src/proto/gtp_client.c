/*
 * gtp_client.c - yomi match driving a GTP engine (gtp-rhino for Othello): set_game and
 * boardsize once, then per game clear_board and time_settings, and per move the moves it
 * has not seen (play COLOUR VERTEX), time_left, and genmove, whose answer is checked against
 * the rules.  GTP has no way to set up a position: games start from the game's start.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "proto/client.h"
#include "yomi/search.h"

/* One GTP exchange: sends the command and reads its answer ("= ..." or "? ...", up to the
 * empty line).  Returns 1 for a success, 0 for a failure ('?'), with the answer's first line
 * (after "= " or "? ") in buf; -1 when the engine does not answer in `wait` seconds (err). */
static int ask(struct engine *e, const char *command, double wait, char *buf, size_t len,
               struct yomi_error *err)
{
	if (client_send(e, err, "%s", command))
		return -1;
	char *line;
	const double until = search_clock() + wait;
	int status = -1;
	buf[0] = '\0';
	for (;;) {
		const double left = until - search_clock();
		const int got = client_line(e, left > 0 ? left : 0, &line, err);
		if (got == 0)   /* the whole wait, not what was left of it after other lines */
			yomi_fail(err, "%s: no answer within %.2f s", e->label, wait);
		if (got <= 0)
			return -1;
		if (status < 0) {
			if (line[0] != '=' && line[0] != '?')
				continue;   /* not an answer: ignored */
			status = line[0] == '=';
			const char *a = line + 1;
			while (isdigit((unsigned char)*a))   /* an id */
				a++;
			while (*a == ' ')
				a++;
			snprintf(buf, len, "%s", a);
			continue;
		}
		if (!line[0])
			return status;   /* the empty line that ends the answer */
	}
}

static const char *colour(int ply) { return ply % 2 ? "white" : "black"; }

/* Seconds as GTP reads them, into buf (32 bytes): whole, or with a fraction unless `whole`
 * (then the next whole second, at least 1 for a time that is not 0). */
static const char *seconds(double s, int whole, char *buf)
{
	if (s <= 0)
		snprintf(buf, 32, "0");
	else if (whole || s == floor(s))
		snprintf(buf, 32, "%.0f", ceil(s) > 1 ? ceil(s) : 1);
	else
		snprintf(buf, 32, "%.3f", s);
	return buf;
}

int gtp_client_speaks(const struct game *g)
{
	return g->family && g->board_side > 0;
}

int gtp_client_hello(struct engine *e, struct yomi_error *err)
{
	const struct game *g = e->game;
	char answer[256], cmd[128];
	if (!gtp_client_speaks(g))
		return yomi_fail(err, "%s: %s is not played over GTP", e->label, g->name);
	int r = ask(e, "name", CLIENT_HELLO_SECONDS, answer, sizeof answer, err);
	if (r < 0)
		return client_context(err, "waiting for the answer to name");
	if (r > 0 && answer[0])
		snprintf(e->name, sizeof e->name, "%.100s", answer);
	snprintf(cmd, sizeof cmd, "set_game %.100s", g->family);
	if ((r = ask(e, cmd, CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) < 0)
		return -1;
	if (r == 0)
		return yomi_fail(err, "%s: the engine does not play %s (%s)", e->label, g->family,
		                 answer);
	snprintf(cmd, sizeof cmd, "boardsize %d", g->board_side);
	if ((r = ask(e, cmd, CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) < 0)
		return -1;
	if (r == 0)
		return yomi_fail(err, "%s: the engine does not play on a board of %d (%s)", e->label,
		                 g->board_side, answer);
	return 0;
}

int gtp_client_new_game(struct engine *e, const struct engine_clock *c, struct yomi_error *err)
{
	const struct game *g = e->game;
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	g->start(start);
	const struct game_key k0 = g->key(start), k1 = g->key(e->start);
	if (memcmp(&k0, &k1, sizeof k0) != 0)
		return yomi_fail(err, "%s: a GTP engine plays from the start position only", e->label);
	char answer[256], cmd[128];
	int r;
	snprintf(cmd, sizeof cmd, "boardsize %d", g->board_side);
	if ((r = ask(e, cmd, CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) <= 0 ||
	    (r = ask(e, "clear_board", CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) <= 0)
		return r < 0 ? -1 : yomi_fail(err, "%s: %s", e->label, answer);
	/* GTP counts whole seconds: a fraction is sent as one, and to an engine that refuses it
	 * as the next whole second (at least 1: 0 would mean no limit). */
	const double main_time = c->per_move > 0 ? 0 : c->remaining[0];
	const double byo = c->per_move > 0 ? c->per_move : c->byoyomi;
	const int stones = c->per_move > 0 || c->byoyomi > 0;
	char t1[32], t2[32];
	snprintf(cmd, sizeof cmd, "time_settings %s %s %d", seconds(main_time, 0, t1),
	         seconds(byo, 0, t2), stones);
	if ((r = ask(e, cmd, CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) < 0)
		return -1;
	e->whole_seconds = r == 0;
	if (r == 0) {
		snprintf(cmd, sizeof cmd, "time_settings %s %s %d", seconds(main_time, 1, t1),
		         seconds(byo, 1, t2), stones);
		if (ask(e, cmd, CLIENT_HELLO_SECONDS, answer, sizeof answer, err) < 0)
			return -1;   /* an engine without clocks refuses it too: it plays anyway */
	}
	e->synced = 0;
	return 0;
}

enum engine_answer gtp_client_play(struct engine *e, const yomi_move *moves, int n,
                                   const struct engine_clock *c, double wait, yomi_move *move,
                                   char *text, size_t len, struct yomi_error *err)
{
	const struct game *g = e->game;
	char answer[256], cmd[160], mv[YOMI_TEXT_MAX];
	int r;
	if (n >= CLIENT_MAX_PLIES) {
		yomi_fail(err, "%s: the game is too long", e->label);
		return ENGINE_FAILED;
	}
	/* In step with the game: what the engine has must be the game's first moves. */
	int same = e->synced <= n;
	for (int i = 0; same && i < e->synced; i++)
		same = e->sent[i] == moves[i];
	if (!same) {
		if ((r = ask(e, "clear_board", CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) <= 0)
			return ENGINE_FAILED;
		e->synced = 0;
	}
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	memcpy(pos, e->start, g->pos_size);
	for (int i = 0; i < n; i++) {
		if (i >= e->synced) {
			g->format_move(pos, moves[i], mv, sizeof mv);
			snprintf(cmd, sizeof cmd, "play %s %.100s", colour(i), mv);
			if ((r = ask(e, cmd, CLIENT_HELLO_SECONDS, answer, sizeof answer, err)) <= 0) {
				if (r == 0)
					yomi_fail(err, "%s: it refused '%s': %s", e->label, cmd, answer);
				e->alive = 0;
				return ENGINE_FAILED;
			}
			e->sent[i] = moves[i];
			e->synced = i + 1;
		}
		g->play(pos, moves[i], pos);
	}
	const double t0 = search_clock();
	if (c->per_move <= 0) {
		char t[32];
		snprintf(cmd, sizeof cmd, "time_left %s %s 0", colour(n),
		         e->whole_seconds && c->remaining[n % 2] > 0
		         ? (snprintf(t, sizeof t, "%.0f", floor(c->remaining[n % 2])), t)
		         : seconds(c->remaining[n % 2], 0, t));
		if (ask(e, cmd, wait, answer, sizeof answer, err) < 0)
			return ENGINE_FAILED;
	}
	snprintf(cmd, sizeof cmd, "genmove %s", colour(n));
	const double left = wait - (search_clock() - t0);
	r = ask(e, cmd, left > 0 ? left : 0, answer, sizeof answer, err);
	if (r < 0)
		return e->pid > 0 && search_clock() - t0 >= wait - 0.01 ? ENGINE_TIMEOUT : ENGINE_FAILED;
	snprintf(text, len, "%s", answer);
	if (r == 0) {
		yomi_fail(err, "%s: genmove failed: %s", e->label, answer);
		e->alive = 0;
		return ENGINE_FAILED;
	}
	if (strcasecmp(answer, "resign") == 0)
		return ENGINE_RESIGN;
	struct yomi_error why;
	if (g->parse_move(pos, answer, move, &why)) {
		yomi_fail(err, "%s", why.msg);
		return ENGINE_ILLEGAL;
	}
	e->sent[n] = *move;   /* genmove played it */
	e->synced = n + 1;
	return ENGINE_MOVE;
}
