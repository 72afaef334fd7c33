/*
 * api.c - the JSON API's answers: the games, a game's description (its look, for the page),
 * a position (board, status, legal moves), a table's probe and perfect line, a search's
 * result.  Shaped like the lichess tablebase API: "category" win/draw/loss and "distance"
 * in plies, moves best first, each valued from its mover's side.
 */
#include <stdlib.h>
#include <string.h>

#include "serve/server.h"
#include "yomi/registry.h"
#include "yomi/search.h"

enum { LINE_MAX_PLIES = 400 };

void api_error(struct json *out, const char *msg)
{
	json_raw(out, "{\"error\":");
	json_str(out, msg);
	json_raw(out, "}\n");
}

static const char *category(enum game_outcome o)
{
	return o == GAME_WIN ? "win" : o == GAME_LOSS ? "loss" : "draw";
}

/* "category":..,"distance":..,"score":.. of a table value (distance null for a draw or
 * without distances). */
static void write_value(struct json *out, struct table_value v)
{
	char score[32];
	table_format_value(v, score, sizeof score);
	json_raw(out, "\"category\":\"");
	json_raw(out, category(v.outcome));
	if (v.outcome != GAME_DRAW && v.distance >= 0)
		json_printf(out, "\",\"distance\":%d,\"score\":\"%s\"", v.distance, score);
	else
		json_printf(out, "\",\"distance\":null,\"score\":\"%s\"", score);
}

static void write_pos(struct json *out, const struct game *g, const void *pos)
{
	char text[YOMI_TEXT_MAX];
	g->format(pos, 0, text, sizeof text);
	json_raw(out, "\"pos\":");
	json_str(out, text);
}

/* "over":null, or {"result": the side to move's, "reason": ...}. */
static void write_status(struct json *out, const struct game *g, const void *pos)
{
	const struct game_status st = g->status(pos);
	if (st.outcome == GAME_ONGOING) {
		json_raw(out, "\"over\":null");
		return;
	}
	json_printf(out, "\"over\":{\"result\":\"%s\",\"reason\":", category(st.outcome));
	json_str_or_null(out, st.reason);
	json_raw(out, "}");
}

int api_games(struct server *s, struct json *out)
{
	json_raw(out, "{\"games\":[");
	for (int i = 0; i < s->ngames; i++) {
		const struct game *g = game_registry[i];
		json_raw(out, i ? ",{\"name\":" : "{\"name\":");
		json_str(out, g->name);
		json_raw(out, ",\"title\":");
		json_str(out, g->title);
		json_printf(out, ",\"table\":%s,\"exact\":%s,\"board\":%s}",
		            s->tables[i] ? "true" : "false", g->solve_exact ? "true" : "false",
		            g->look && g->board ? "true" : "false");
	}
	json_raw(out, "]}\n");
	return 200;
}

/* A blank-separated list of labels as a JSON array of strings. */
static void write_labels(struct json *out, const char *list)
{
	json_raw(out, "[");
	int first = 1;
	for (const char *p = list ? list : ""; *p;) {
		while (*p == ' ')
			p++;
		const char *end = p;
		while (*end && *end != ' ')
			end++;
		if (end > p) {
			char word[64];
			snprintf(word, sizeof word, "%.*s", (int)(end - p), p);
			json_raw(out, first ? "" : ",");
			json_str(out, word);
			first = 0;
		}
		p = end;
	}
	json_raw(out, "]");
}

/* {"en": a[0], "ja": a[1]} */
static void write_langs(struct json *out, const char *const a[2])
{
	json_raw(out, "{\"en\":");
	json_str_or_null(out, a[0]);
	json_raw(out, ",\"ja\":");
	json_str_or_null(out, a[1]);
	json_raw(out, "}");
}

static void write_look(struct json *out, const struct game_look *l)
{
	json_raw(out, "{\"style\":");
	json_str(out, l->style);
	json_printf(out, ",\"width\":%d,\"height\":%d,\"hands\":%s,\"files\":{\"en\":", l->width,
	            l->height, l->hands ? "true" : "false");
	write_labels(out, l->files[0]);
	json_raw(out, ",\"ja\":");
	write_labels(out, l->files[1]);
	json_raw(out, "},\"ranks\":{\"en\":");
	write_labels(out, l->ranks[0]);
	json_raw(out, ",\"ja\":");
	write_labels(out, l->ranks[1]);
	json_raw(out, "},\"sides\":[");
	write_langs(out, l->sides[0]);
	json_raw(out, ",");
	write_langs(out, l->sides[1]);
	json_raw(out, "],\"kinds\":[");
	for (int k = 0; k < l->nkinds; k++) {
		const struct game_piece_kind *p = &l->kinds[k];
		json_raw(out, k ? ",{\"letter\":" : "{\"letter\":");
		json_str_or_null(out, p->letter);
		json_raw(out, ",\"name\":");
		write_langs(out, p->name);
		json_raw(out, ",\"label\":");
		write_langs(out, p->label);
		json_printf(out, ",\"steps\":%u,\"color\":", p->steps);
		json_str_or_null(out, p->color);
		json_raw(out, "}");
	}
	json_raw(out, "]}");
}

int api_game(const struct request *r, struct json *out)
{
	const struct game *g = r->game;
	const struct server *s = r->server;
	_Alignas(16) unsigned char start[YOMI_POS_MAX];
	g->start(start);
	json_raw(out, "{\"name\":");
	json_str(out, g->name);
	json_raw(out, ",\"title\":");
	json_str(out, g->title);
	json_raw(out, ",\"start\":{");
	write_pos(out, g, start);
	json_raw(out, "},\"notations\":[");
	for (int k = 0; g->notations[k].name; k++) {
		json_raw(out, k ? ",{\"name\":" : "{\"name\":");
		json_str(out, g->notations[k].name);
		json_raw(out, ",\"summary\":");
		json_str(out, g->notations[k].summary);
		json_raw(out, "}");
	}
	json_raw(out, "],\"table\":");
	if (s->tables[r->gi]) {
		struct table_info info;
		table_get_info(s->tables[r->gi], &info);
		json_printf(out, "{\"distance\":%s,\"positions\":%llu,\"longest_win\":%d,\"rules\":",
		            info.wdl_only ? "false" : "true", (unsigned long long)info.index_size,
		            info.max_distance);
		json_str(out, info.rules);
		json_raw(out, "}");
	} else {
		json_raw(out, "null");
	}
	json_printf(out, ",\"exact\":%s,\"analyze\":{\"default_time\":%g,\"max_time\":%g},"
	            "\"look\":", g->solve_exact ? "true" : "false", s->o.default_time,
	            s->o.max_time);
	if (g->look && g->board)
		write_look(out, g->look);
	else
		json_raw(out, "null");
	json_raw(out, "}\n");
	return 200;
}

/* Which squares move m changes, from the boards before and after it: the square the
 * mover's piece leaves (none for a drop or a placement), the square it comes to (an empty
 * one the mover now holds, else one taken from the opponent: a capture), and for a drop the
 * kind that left the hand.  Generic over every game with a look; -1 where there is none (a
 * pass). */
static void move_squares(const struct game *g, const struct game_board *before,
                         const struct game_board *after, int *from, int *to, int *drop)
{
	const int n = g->look->width * g->look->height;
	const int sign = before->turn ? -1 : 1;
	*from = *to = *drop = -1;
	int taken = -1;
	for (int sq = 0; sq < n && sq < GAME_SQUARES_MAX; sq++) {
		const int b = before->square[sq] * sign, a = after->square[sq] * sign;
		if (b > 0 && a == 0 && *from < 0)
			*from = sq;
		else if (b == 0 && a > 0 && *to < 0)
			*to = sq;
		else if (b < 0 && a > 0 && taken < 0)
			taken = sq;
	}
	if (*to < 0)
		*to = taken;
	if (*from < 0 && g->look->hands)
		for (int k = 0; k < g->look->nkinds && k < GAME_KINDS_MAX; k++)
			if (after->hand[before->turn][k] < before->hand[before->turn][k]) {
				*drop = k;
				break;
			}
}

/* "moves":[{"move","next","from","to","drop"}...] in the game's order. */
static void write_moves(const struct request *r, struct json *out)
{
	const struct game *g = r->game;
	yomi_move moves[YOMI_MOVES_MAX];
	const int n = g->status(r->pos).outcome == GAME_ONGOING ? g->moves(r->pos, moves) : 0;
	const int squares = g->look && g->board;
	struct game_board before, after;
	if (squares)
		g->board(r->pos, &before);
	json_raw(out, "\"moves\":[");
	for (int k = 0; k < n; k++) {
		char text[YOMI_TEXT_MAX];
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		g->format_move(r->pos, moves[k], text, sizeof text);
		json_raw(out, k ? ",{\"move\":" : "{\"move\":");
		json_str(out, text);
		g->play(r->pos, moves[k], next);
		g->format(next, 0, text, sizeof text);
		json_raw(out, ",\"next\":");
		json_str(out, text);
		if (squares) {
			int from, to, drop;
			g->board(next, &after);
			move_squares(g, &before, &after, &from, &to, &drop);
			if (from >= 0)
				json_printf(out, ",\"from\":%d", from);
			if (to >= 0)
				json_printf(out, ",\"to\":%d", to);
			if (drop >= 0)
				json_printf(out, ",\"drop\":%d", drop);
		}
		json_raw(out, "}");
	}
	json_raw(out, "]");
}

int api_moves(const struct request *r, struct json *out)
{
	json_raw(out, "{");
	write_pos(out, r->game, r->pos);
	json_raw(out, ",");
	write_moves(r, out);
	json_raw(out, "}\n");
	return 200;
}

int api_show(const struct request *r, struct json *out)
{
	const struct game *g = r->game;
	json_raw(out, "{");
	write_pos(out, g, r->pos);
	json_raw(out, ",");
	write_status(out, g, r->pos);
	if (g->look && g->board) {
		struct game_board b;
		g->board(r->pos, &b);
		const int n = g->look->width * g->look->height;
		json_printf(out, ",\"turn\":%d,\"board\":{\"squares\":[", b.turn);
		for (int sq = 0; sq < n && sq < GAME_SQUARES_MAX; sq++)
			json_printf(out, sq ? ",%d" : "%d", b.square[sq]);
		json_raw(out, "],\"hands\":[");
		for (int side = 0; side < 2; side++) {
			json_raw(out, side ? ",[" : "[");
			for (int k = 0; k < g->look->nkinds && k < GAME_KINDS_MAX; k++)
				json_printf(out, k ? ",%d" : "%d", b.hand[side][k]);
			json_raw(out, "]");
		}
		json_raw(out, "]}");
	} else {
		json_raw(out, ",\"turn\":null,\"board\":null");
	}
	/* the game's own diagram, for a game without a look (and for people reading the API) */
	char *diagram = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&diagram, &size);
	if (f) {
		g->render(r->pos, NULL, r->lang, f);
		fclose(f);
	}
	json_raw(out, ",\"diagram\":");
	json_str_or_null(out, diagram);
	free(diagram);
	json_raw(out, ",");
	write_moves(r, out);
	json_raw(out, "}\n");
	return 200;
}

/* The table's error: a position it has no entry for is the request's fault (400), a block
 * that does not decode the server's (500: the file was checked whole when it opened, so it
 * changed on disk since). */
static int table_failed(struct json *out, const struct yomi_error *err)
{
	api_error(out, err->msg);
	return strstr(err->msg, "not in the table") ? 400 : 500;
}

/* This thread's handle on the request's game's table, or a 404 (503 without memory). */
static struct table *need_table(const struct request *r, struct json *out, int *status)
{
	if (!r->server->tables[r->gi]) {
		char msg[YOMI_ERROR_MAX];
		snprintf(msg, sizeof msg, "%s: no solved table on this server", r->game->name);
		api_error(out, msg);
		*status = 404;
		return NULL;
	}
	struct table *t = server_table(r->server, r->gi);
	if (!t) {
		api_error(out, "out of memory");
		*status = 503;
	}
	return t;
}

int api_probe(const struct request *r, struct json *out)
{
	const struct game *g = r->game;
	int status;
	struct table *t = need_table(r, out, &status);
	if (!t)
		return status;
	struct yomi_error err;
	struct table_value v;
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	int n;
	if (table_probe(t, r->pos, &v, &err) != 0 ||
	    (n = table_rank_moves(t, r->pos, moves, values, &err)) < 0)
		return table_failed(out, &err);
	json_raw(out, "{");
	write_pos(out, g, r->pos);
	json_raw(out, ",");
	write_value(out, v);
	json_raw(out, ",\"moves\":[");
	for (int k = 0; k < n; k++) {
		char text[YOMI_TEXT_MAX];
		g->format_move(r->pos, moves[k], text, sizeof text);
		json_raw(out, k ? ",{\"move\":" : "{\"move\":");
		json_str(out, text);
		json_raw(out, ",");
		write_value(out, values[k]);
		json_raw(out, "}");
	}
	json_raw(out, "]}\n");
	return 200;
}

/* How a repetition ends line[len] from pos, if it does: table_line stops a drawn line at the
 * move that makes a position stand for the third time, where the position itself is not
 * over, and the answer's "over" must say why the line ended (it said null, as for the
 * length cap).  GAME_ONGOING when the last position has not stood often enough. */
static struct game_status line_repetition(const struct game *g, const void *pos,
                                          const yomi_move *line, int len)
{
	_Alignas(16) unsigned char cur[YOMI_POS_MAX];
	struct game_key keys[LINE_MAX_PLIES + 1];
	memcpy(cur, pos, g->pos_size);
	keys[0] = g->key(cur);
	for (int k = 0; k < len; k++) {
		g->play(cur, line[k], cur);
		keys[k + 1] = g->key(cur);
	}
	if (g->status(cur).outcome != GAME_ONGOING)
		return (struct game_status){GAME_ONGOING, NULL};
	int count = 0, first = len;
	for (int k = len; k >= 0; k--)
		if (memcmp(&keys[k], &keys[len], sizeof keys[len]) == 0) {
			count++;
			first = k;
		}
	if (count < 2)
		return (struct game_status){GAME_ONGOING, NULL};
	return game_repetition(g, cur, count, len - first);
}

int api_line(const struct request *r, struct json *out)
{
	const struct game *g = r->game;
	int status;
	struct table *t = need_table(r, out, &status);
	if (!t)
		return status;
	struct yomi_error err;
	struct table_value v;
	yomi_move line[LINE_MAX_PLIES];
	int len;
	if (table_probe(t, r->pos, &v, &err) != 0 ||
	    (len = table_line(t, g, r->pos, NULL, 0, 3, line, LINE_MAX_PLIES, &err)) < 0)
		return table_failed(out, &err);
	json_raw(out, "{");
	write_pos(out, g, r->pos);
	json_raw(out, ",");
	write_value(out, v);
	json_raw(out, ",\"line\":[");
	_Alignas(16) unsigned char cur[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	memcpy(cur, r->pos, g->pos_size);
	for (int k = 0; k < len; k++) {   /* the moves, then the positions they lead to */
		g->format_move(cur, line[k], text, sizeof text);
		json_raw(out, k ? "," : "");
		json_str(out, text);
		g->play(cur, line[k], cur);
	}
	json_raw(out, "],\"positions\":[");
	memcpy(cur, r->pos, g->pos_size);
	for (int k = 0; k < len; k++) {
		g->play(cur, line[k], cur);
		g->format(cur, 0, text, sizeof text);
		json_raw(out, k ? "," : "");
		json_str(out, text);
	}
	json_raw(out, "],");
	/* how the line ends: the game's end, or a draw by repetition (or the length cap) */
	const struct game_status rep = line_repetition(g, r->pos, line, len);
	if (rep.outcome != GAME_ONGOING) {
		json_printf(out, "\"over\":{\"result\":\"%s\",\"reason\":", category(rep.outcome));
		json_str_or_null(out, rep.reason);
		json_raw(out, "}");
	} else {
		write_status(out, g, cur);
	}
	json_raw(out, "}\n");
	return 200;
}

void api_analysis(const struct game *g, const void *pos, const struct search_report *rep,
                  double seconds, const char *over_score, struct json *out)
{
	char text[YOMI_TEXT_MAX], score[32];
	json_raw(out, "{");
	write_pos(out, g, pos);
	json_raw(out, ",");
	write_status(out, g, pos);
	if (!rep || rep->nlines == 0) {   /* the game is over: its value, no move */
		json_printf(out, ",\"best\":null,\"score\":\"%s\",\"proven\":true,\"pv\":[]}\n",
		            over_score ? over_score : "=0");
		return;
	}
	const struct search_line *l = &rep->lines[0];
	search_format_score(l->score, l->proven, score, sizeof score);
	g->format_move(pos, l->pv[0], text, sizeof text);
	json_raw(out, ",\"best\":");
	json_str(out, text);
	json_printf(out, ",\"score\":\"%s\",\"proven\":%s,\"depth\":%d,\"nodes\":%llu,"
	            "\"time\":%.3f,\"pv\":[", score, l->proven ? "true" : "false", rep->depth,
	            (unsigned long long)rep->nodes, seconds);
	_Alignas(16) unsigned char cur[YOMI_POS_MAX];
	memcpy(cur, pos, g->pos_size);
	for (int k = 0; k < l->len; k++) {
		g->format_move(cur, l->pv[k], text, sizeof text);
		json_raw(out, k ? "," : "");
		json_str(out, text);
		if (g->play(cur, l->pv[k], cur))
			break;
	}
	json_raw(out, "]}\n");
}
