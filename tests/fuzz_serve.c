/*
 * fuzz_serve.c - libFuzzer entry for the server's JSON API (src/serve/api.c) on any
 * position: what `yomi serve` answers once a request's parameters are read.
 *
 * Input: byte 0 picks the game (% the registry's count), byte 1 the endpoint (% 5: the game,
 * show, moves, probe, line), byte 2 the language (odd: ja); the rest, up to the server's
 * 4096-byte limit on a parameter and the first NUL, is the pos= text.  When it parses (as
 * the server reads it), the endpoint answers; the answer must be:
 *   - an HTTP status the API documents (200, 400, 404, 500, 503; 200 for the game and
 *     show/moves),
 *   - one line of well-formed JSON (an object) ending in a newline, with valid UTF-8 in its
 *     strings and no control character unescaped, else abort().
 * FUZZ_SERVE_VERBOSE=1 says what each input reached.  Tables: with FUZZ_SERVE_TABLES=DIR, each game's DIR/GAME.yomi that opens is probed (make
 * fuzz-replay gives it the tic-tac-toe and Dobutsu tables of the test build); without, the
 * table endpoints answer 404, which is checked too.
 *
 * Built by `make build/fuzz_serve` (clang, libFuzzer; `make fuzz-serve`) and replayed on
 * tests/corpus-serve/ under gcc with ASan and UBSan (`make fuzz-replay`, part of check).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/server.h"
#include "yomi/registry.h"

enum { POS_TEXT_MAX = 4096 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct server fuzz_server = {
	.o = {.default_time = 1, .max_time = 5},
};

/* The API's one call into server.c: this thread's handle on the table (one thread here). */
struct table *server_table(struct server *s, int gi)
{
	return s->tables[gi];
}

static void fail(const char *what, const char *json)
{
	fprintf(stderr, "fuzz_serve: %s: %.300s\n", what, json ? json : "");
	abort();
}

/* ---- a strict JSON reader: returns the end of the value at s, or NULL ---- */

static const char *json_value(const char *s, int depth);

static const char *json_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	return s;
}

/* A UTF-8 sequence at s: its length, or 0 if it is not valid UTF-8 (overlong, surrogate,
 * past U+10FFFF, cut short). */
static int utf8_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	int n;
	unsigned cp;
	if ((s[0] & 0xe0) == 0xc0)
		n = 2, cp = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		n = 3, cp = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
	if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

static const char *json_string(const char *s)
{
	if (*s++ != '"')
		return NULL;
	while (*s != '"') {
		const unsigned char c = (unsigned char)*s;
		if (c == '\0' || c < 0x20)
			return NULL;
		if (c == '\\') {
			s++;
			if (*s == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", s[i]) || !s[i])
						return NULL;
				s += 5;
			} else if (*s && strchr("\"\\/bfnrt", *s)) {
				s++;
			} else {
				return NULL;
			}
			continue;
		}
		const int n = utf8_len((const unsigned char *)s);
		if (!n)
			return NULL;
		s += n;
	}
	return s + 1;
}

static const char *json_number(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return NULL;
	if (*s == '.') {
		s++;
		if (!(*s >= '0' && *s <= '9'))
			return NULL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return NULL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return s;
}

static const char *json_list(const char *s, char close, int depth, int object)
{
	s = json_ws(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (object) {
			if (!(s = json_string(json_ws(s))))
				return NULL;
			s = json_ws(s);
			if (*s++ != ':')
				return NULL;
		}
		if (!(s = json_value(s, depth + 1)))
			return NULL;
		s = json_ws(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

static const char *json_value(const char *s, int depth)
{
	if (depth > 64)
		return NULL;
	s = json_ws(s);
	switch (*s) {
	case '{':
		return json_list(s, '}', depth, 1);
	case '[':
		return json_list(s, ']', depth, 0);
	case '"':
		return json_string(s);
	case 't':
		return strncmp(s, "true", 4) ? NULL : s + 4;
	case 'f':
		return strncmp(s, "false", 5) ? NULL : s + 5;
	case 'n':
		return strncmp(s, "null", 4) ? NULL : s + 4;
	default:
		return json_number(s);
	}
}

/* ---- the entry ---- */

static void open_tables(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	for (int i = 0; game_registry[i]; i++)
		fuzz_server.ngames = i + 1;
	const char *dir = getenv("FUZZ_SERVE_TABLES");
	if (!dir)
		return;
	for (int i = 0; game_registry[i] && i < SERVE_GAMES_MAX; i++) {
		if (!game_registry[i]->solver)
			continue;
		char path[4200];
		struct yomi_error err;
		snprintf(path, sizeof path, "%s/%s.yomi", dir, game_registry[i]->name);
		fuzz_server.tables[i] = table_open(path, game_registry[i], &err);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	open_tables();
	if (size < 3)
		return 0;
	static struct request r;
	memset(&r, 0, sizeof r);
	r.server = &fuzz_server;
	r.gi = data[0] % fuzz_server.ngames;
	r.game = game_registry[r.gi];
	r.lang = data[2] & 1 ? LANG_JA : LANG_EN;
	r.seconds = 1;
	const int endpoint = data[1] % 5;
	char text[POS_TEXT_MAX + 1];
	size_t n = size - 3 < POS_TEXT_MAX ? size - 3 : POS_TEXT_MAX;
	memcpy(text, data + 3, n);
	text[n] = '\0';
	struct yomi_error err;
	if (r.game->parse(text, r.pos, &err) != 0) {
		if (getenv("FUZZ_SERVE_VERBOSE"))
			fprintf(stderr, "fuzz_serve: %s: not a position: %s\n", r.game->name, err.msg);
		return 0;   /* a 400 with the parser's message: fuzz_parse checks those */
	}
	struct json out;
	json_init(&out);
	int status;
	switch (endpoint) {
	case 0: status = api_game(&r, &out); break;
	case 1: status = api_show(&r, &out); break;
	case 2: status = api_moves(&r, &out); break;
	case 3: status = api_probe(&r, &out); break;
	default: status = api_line(&r, &out); break;
	}
	size_t len;
	char *body = json_take(&out, &len);
	if (!body)
		return 0;   /* out of memory: the server answers 503 */
	if (strlen(body) != len)
		fail("a NUL byte in the answer", body);
	if (status != 200 && status != 400 && status != 404 && status != 500 && status != 503)
		fail("an undocumented status", body);
	if (endpoint <= 2 && status != 200)
		fail("the game, show or moves failed on a position that parsed", body);
	if (endpoint >= 3 && !fuzz_server.tables[r.gi] && status != 404)
		fail("a table endpoint without a table did not answer 404", body);
	if (len == 0 || body[len - 1] != '\n' || memchr(body, '\n', len - 1))
		fail("the answer is not one line", body);
	if (getenv("FUZZ_SERVE_VERBOSE"))
		fprintf(stderr, "fuzz_serve: %s endpoint %d: %d %.100s", r.game->name, endpoint,
		        status, body);
	const char *end = json_ws(body);
	if (*end != '{' || !(end = json_value(end, 0)) || *json_ws(end) != '\0')
		fail("the answer is not well-formed JSON", body);
	free(body);
	return 0;
}
