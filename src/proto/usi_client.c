/*
 * usi_client.c - yomi match driving a USI engine: the handshake (usi, its options,
 * UCI_Variant for a variant, isready), then for each move the whole game as "position ...
 * moves ..." and "go" with the clock, and the answer checked against the rules.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "proto/client.h"
#include "yomi/search.h"

enum { USI_OPTIONS_SEEN = 128 };

static int sfen_index(const struct game *g)
{
	for (int i = 0; g->notations[i].name; i++)
		if (strcasecmp(g->notations[i].name, "sfen") == 0)
			return i;
	return -1;
}

/* "option name NAME type ..." : NAME (it may hold blanks) into buf. */
static int option_name(const char *line, char *buf, size_t len)
{
	if (strncmp(line, "option name ", 12) != 0)
		return 0;
	const char *name = line + 12;
	const char *type = strstr(name, " type ");
	const size_t n = type ? (size_t)(type - name) : strlen(name);
	snprintf(buf, len, "%.*s", (int)n, name);
	return 1;
}

/* Whether the UCI_Variant line lists `variant` ("... var dobutsu var shogi"). */
static int lists_variant(const char *line, const char *variant)
{
	for (const char *v = strstr(line, " var "); v; v = strstr(v + 1, " var ")) {
		const char *w = v + 5;
		const size_t n = strcspn(w, " ");
		if (n == strlen(variant) && strncasecmp(w, variant, n) == 0)
			return 1;
	}
	return 0;
}

static int wait_for(struct engine *e, const char *word, double wait, struct yomi_error *err)
{
	char *line;
	const double until = search_clock() + wait;
	for (;;) {
		const double left = until - search_clock();
		if (client_line(e, left > 0 ? left : 0, &line, err) <= 0)
			return -1;
		if (strcmp(line, word) == 0)
			return 0;
	}
}

int usi_client_speaks(const struct game *g)
{
	return game_move_notation(g, "usi") >= 0 && sfen_index(g) >= 0;
}

int usi_client_hello(struct engine *e, struct yomi_error *err)
{
	const struct game *g = e->game;
	e->usi_notation = game_move_notation(g, "usi");
	e->sfen_notation = sfen_index(g);
	if (e->usi_notation < 0 || e->sfen_notation < 0)
		return yomi_fail(err, "%s: %s is not played over USI", e->label, g->name);
	static char seen[USI_OPTIONS_SEEN][64];
	int nseen = 0, variant_ok = 0;
	e->has_variant = 0;
	if (client_send(e, err, "usi"))
		return -1;
	char *line;
	const double until = search_clock() + CLIENT_HELLO_SECONDS;
	for (;;) {
		const double left = until - search_clock();
		if (client_line(e, left > 0 ? left : 0, &line, err) <= 0)
			return client_context(err, "waiting for usiok");
		if (strcmp(line, "usiok") == 0)
			break;
		if (strncmp(line, "id name ", 8) == 0)
			snprintf(e->name, sizeof e->name, "%s", line + 8);
		char name[64];
		if (option_name(line, name, sizeof name) && nseen < USI_OPTIONS_SEEN) {
			snprintf(seen[nseen++], sizeof seen[0], "%s", name);
			if (strcasecmp(name, "UCI_Variant") == 0) {
				e->has_variant = 1;
				variant_ok = lists_variant(line, g->name);
			}
		}
	}
	for (int i = 0; i < e->spec.noptions; i++) {
		int known = 0;
		for (int k = 0; k < nseen; k++)
			known |= strcasecmp(seen[k], e->spec.name[i]) == 0;
		if (!known)
			return yomi_fail(err, "%s: the engine has no option '%s'", e->label,
			                 e->spec.name[i]);
		if (client_send(e, err, "setoption name %s value %s", e->spec.name[i],
		                e->spec.value[i]))
			return -1;
	}
	/* Plain USI is shogi; a variant must be asked for by name. */
	if (e->has_variant) {
		if (!variant_ok)
			return yomi_fail(err, "%s: the engine's UCI_Variant has no %s", e->label, g->name);
		if (client_send(e, err, "setoption name UCI_Variant value %s", g->name))
			return -1;
	} else if (strcasecmp(g->name, "shogi") != 0) {
		return yomi_fail(err, "%s: the engine has no UCI_Variant option, so it cannot be "
		                 "asked to play %s", e->label, g->name);
	}
	if (client_send(e, err, "isready") || wait_for(e, "readyok", CLIENT_HELLO_SECONDS, err))
		return client_context(err, "waiting for readyok");
	return 0;
}

int usi_client_new_game(struct engine *e, struct yomi_error *err)
{
	if (client_send(e, err, "isready") || wait_for(e, "readyok", CLIENT_HELLO_SECONDS, err))
		return client_context(err, "waiting for readyok");
	return client_send(e, err, "usinewgame");
}

/* 0 when SFEN says the first player (b) is to move at pos, else 1. */
static int sfen_side(const struct engine *e, const void *pos)
{
	char text[YOMI_TEXT_MAX];
	e->game->format(pos, e->sfen_notation, text, sizeof text);
	const char *sp = strchr(text, ' ');
	return sp && sp[1] == 'w';
}

enum engine_answer usi_client_play(struct engine *e, const yomi_move *moves, int n,
                                   const struct engine_clock *c, double wait, yomi_move *move,
                                   char *text, size_t len, struct yomi_error *err)
{
	const struct game *g = e->game;
	struct proto_text t;
	char mv[YOMI_TEXT_MAX];
	_Alignas(16) unsigned char pos[YOMI_POS_MAX], start[YOMI_POS_MAX];
	g->start(start);
	const struct game_key k0 = g->key(start), k1 = g->key(e->start);
	proto_text_clear(&t);
	if (memcmp(&k0, &k1, sizeof k0) == 0) {
		proto_text_add(&t, "position startpos");
	} else {
		g->format(e->start, e->sfen_notation, mv, sizeof mv);
		proto_text_add(&t, "position sfen %s", mv);
	}
	memcpy(pos, e->start, g->pos_size);
	for (int i = 0; i < n; i++) {
		game_format_move_as(g, pos, moves[i], e->usi_notation, mv, sizeof mv);
		proto_text_add(&t, "%s %s", i ? "" : " moves", mv);
		g->play(pos, moves[i], pos);
	}
	if (t.len >= sizeof t.s - 1) {
		yomi_fail(err, "%s: the game is too long to send", e->label);
		return ENGINE_FAILED;
	}
	if (client_send(e, err, "%s", t.s))
		return ENGINE_FAILED;
	/* USI's clocks are sente's (b) and gote's; the match's sides are who moved first. */
	const int first_is_gote = sfen_side(e, e->start);
	const double b = c->remaining[first_is_gote], w = c->remaining[!first_is_gote];
	int sent;
	if (c->per_move > 0)
		sent = client_send(e, err, "go btime 0 wtime 0 byoyomi %.0f", c->per_move * 1000);
	else if (c->increment > 0)
		sent = client_send(e, err, "go btime %.0f wtime %.0f binc %.0f winc %.0f", b * 1000,
		                   w * 1000, c->increment * 1000, c->increment * 1000);
	else
		sent = client_send(e, err, "go btime %.0f wtime %.0f byoyomi %.0f", b * 1000, w * 1000,
		                   c->byoyomi * 1000);
	if (sent)
		return ENGINE_FAILED;
	char *line;
	const double until = search_clock() + wait;
	for (;;) {
		const double left = until - search_clock();
		const int got = client_line(e, left > 0 ? left : 0, &line, err);
		if (got == 0) {   /* late: stopped; it starts again before the next game */
			yomi_fail(err, "%s: no answer within %.2f s", e->label, wait);
			struct yomi_error ignored;
			client_send(e, &ignored, "stop");
			return ENGINE_TIMEOUT;
		}
		if (got < 0)
			return ENGINE_FAILED;
		if (strncmp(line, "bestmove", 8) != 0 || (line[8] && line[8] != ' '))
			continue;
		char *rest = line + 8, *word = proto_word(&rest);
		if (!word) {
			yomi_fail(err, "%s: 'bestmove' without a move", e->label);
			return ENGINE_ILLEGAL;
		}
		snprintf(text, len, "%s", word);
		if (strcmp(word, "resign") == 0)
			return ENGINE_RESIGN;
		struct yomi_error why;
		if (g->parse_move(pos, word, move, &why)) {
			yomi_fail(err, "%s", why.msg);
			return ENGINE_ILLEGAL;
		}
		return ENGINE_MOVE;
	}
}

void usi_client_game_over(struct engine *e, int result)
{
	struct yomi_error err;
	client_send(e, &err, "gameover %s", result > 0 ? "win" : result < 0 ? "lose" : "draw");
}
