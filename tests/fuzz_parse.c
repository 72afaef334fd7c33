/*
 * fuzz_parse.c - libFuzzer entry for the position and move parsers of every game.
 *
 * The first input byte picks the game: '0', '1', ... the registry's games in order (0 dobutsu,
 * 1 tictactoe, 2 othello, 3 othello6, 4 othello4, 5 shogi), any other byte % number of games; the
 * rest is the text.  When
 * the text parses as a position, the invariants below must hold, else abort():
 *   - every notation round-trips: format, re-parse, same key and same formatted text;
 *   - status and render do not crash;
 *   - every listed move formats (in each move notation) and parses back to itself, and
 *     plays;
 * and in any case the text, read as a move against that position (or the start position),
 * either parses to a move in the legal move list or fails; read as a game record (yomi's
 * format, include/yomi/record.h: its move lists too, and each of the game's own formats,
 * shogi's KIF and CSA) it either gives legal moves, which write and read back the same,
 * or fails.  Every failure must come with a non-empty one-line message.
 *
 * Built by `make build/fuzz_parse` (clang, libFuzzer) and replayed on tests/corpus/ by
 * tests/fuzz_replay.c under gcc with ASan and UBSan (`make fuzz-replay`, part of check).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yomi/game.h"
#include "yomi/record.h"
#include "yomi/registry.h"

enum { INPUT_MAX = 512 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with a note on stderr, so that the fuzzer keeps the input as a crash. */
static void fail(const struct game *g, const char *what, const char *text)
{
	fprintf(stderr, "fuzz_parse: %s: %s: '%s'\n", g->name, what, text);
	abort();
}

/* A failing parser's message must be there and fit on one line. */
static void check_error(const struct game *g, const struct yomi_error *err, const char *text)
{
	if (err->msg[0] == '\0')
		fail(g, "parser failed with an empty message", text);
	if (strchr(err->msg, '\n'))
		fail(g, "error message has a newline", err->msg);
}

static int key_equal(struct game_key a, struct game_key b)
{
	return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}

static FILE *devnull(void)
{
	static FILE *out;
	if (!out && !(out = fopen("/dev/null", "w")))
		abort();
	return out;
}

/* Format in every notation, re-parse, compare. */
static void check_round_trip(const struct game *g, const void *pos)
{
	_Alignas(16) unsigned char again[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX], text2[YOMI_TEXT_MAX];
	struct yomi_error err;
	const struct game_key key = g->key(pos);
	for (int i = 0; g->notations[i].name; i++) {
		g->format(pos, i, text, sizeof text);
		err.msg[0] = '\0';
		if (g->parse(text, again, &err) != 0) {
			fprintf(stderr, "fuzz_parse: %s\n", err.msg);
			fail(g, "formatted position does not parse", text);
		}
		if (!key_equal(key, g->key(again)))
			fail(g, "formatted position parses to another key", text);
		g->format(again, i, text2, sizeof text2);
		if (strcmp(text, text2) != 0)
			fail(g, "formatted position formats differently once parsed", text);
	}
}

/* List the moves; each must format, parse back to itself and play. */
static int check_moves(const struct game *g, const void *pos, yomi_move *moves)
{
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	char text[YOMI_TEXT_MAX];
	struct yomi_error err;
	const int n = g->moves(pos, moves);
	if (n < 0 || n > g->max_moves)
		fail(g, "move count out of range", "");
	for (int i = 0; i < n; i++) {
		yomi_move back = 0;
		if (moves[i] == 0)
			fail(g, "move list holds the null move", "");
		g->format_move(pos, moves[i], text, sizeof text);
		err.msg[0] = '\0';
		if (g->parse_move(pos, text, &back, &err) != 0) {
			fprintf(stderr, "fuzz_parse: %s\n", err.msg);
			fail(g, "formatted move does not parse", text);
		}
		if (back != moves[i])
			fail(g, "formatted move parses to another move", text);
		/* and in each move notation the protocols use */
		for (int k = 1; g->move_notations && g->move_notations[k].name; k++) {
			game_format_move_as(g, pos, moves[i], k, text, sizeof text);
			if (g->parse_move(pos, text, &back, &err) != 0 || back != moves[i])
				fail(g, "a move in another notation does not parse back", text);
		}
		memcpy(next, pos, g->pos_size);
		g->play(pos, moves[i], next);
	}
	return n;
}

/* The text as a record in format f: a legal game that writes and reads back the same (the
 * result too in yomi's format, which keeps it as written), or a message. */
static void check_record_as(const struct game *g, const struct record_format *f,
                            const char *text)
{
	static struct record r, back;
	struct yomi_error err;
	err.msg[0] = '\0';
	(void)f->detect(text, strlen(text));
	if (f->read(g, text, strlen(text), &r, &err) != 0) {
		check_error(g, &err, text);
		return;
	}
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	yomi_move moves[YOMI_MOVES_MAX];
	memcpy(pos, r.start, g->pos_size);
	for (int i = 0; i < r.len; i++) {
		const int n = g->moves(pos, moves);
		int found = 0;
		for (int k = 0; k < n && !found; k++)
			found = moves[k] == r.moves[i];
		if (!found)
			fail(g, "a record's move is not legal", text);
		g->play(pos, r.moves[i], pos);
	}
	char *written = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&written, &len);
	if (!out || f->write(g, &r, out) != 0 || fclose(out) != 0)
		abort();
	if (f->read(g, written, len, &back, &err) != 0) {
		fprintf(stderr, "fuzz_parse: %s: %s\n", f->name, err.msg);
		fail(g, "a written record does not read back", written);
	}
	if (back.len != r.len || memcmp(back.moves, r.moves, sizeof *r.moves * (size_t)r.len) ||
	    g->key(back.start).w[0] != g->key(r.start).w[0] ||
	    g->key(back.start).w[1] != g->key(r.start).w[1] ||
	    (f == &record_format_yomi && strcmp(back.result, r.result)))
		fail(g, "a written record reads back as another", written);
	free(written);
}

/* The text as a record in yomi's format and in each of the game's own (shogi's KIF, CSA). */
static void check_record(const struct game *g, const char *text)
{
	check_record_as(g, &record_format_yomi, text);
	for (const struct record_format *f = g->record_formats; f && f->name; f++)
		check_record_as(g, f, text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int games;
	if (!games)
		while (game_registry[games])
			games++;
	if (size == 0)
		return 0;
	const int digit = data[0] - '0';
	const struct game *g = game_registry[digit >= 0 && digit < games ? digit : data[0] % games];

	char text[INPUT_MAX + 1];
	size_t len = size - 1 < INPUT_MAX ? size - 1 : INPUT_MAX;
	memcpy(text, data + 1, len);
	text[len] = '\0';

	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	yomi_move moves[YOMI_MOVES_MAX];
	struct yomi_error err;
	int n;
	err.msg[0] = '\0';
	if (g->parse(text, pos, &err) == 0) {
		check_round_trip(g, pos);
		(void)g->status(pos);
		g->render(pos, NULL, LANG_EN, devnull());
		g->render(pos, NULL, LANG_JA, devnull());
		n = check_moves(g, pos, moves);
	} else {
		check_error(g, &err, text);
		g->start(pos);
		n = g->moves(pos, moves);
	}

	/* The raw text as a move: a legal one, or a failure that says why. */
	yomi_move m = 0;
	err.msg[0] = '\0';
	if (g->parse_move(pos, text, &m, &err) == 0) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = moves[i] == m;
		if (!found)
			fail(g, "parsed move is not in the legal move list", text);
	} else {
		check_error(g, &err, text);
	}
	check_record(g, text);
	return 0;
}
