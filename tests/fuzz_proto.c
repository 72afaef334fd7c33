/*
 * fuzz_proto.c - libFuzzer entry for the engine protocols, both ways: a GUI's whole session
 * of command lines, read by the engine (src/proto/usi.c, gtp.c, nboard.c) as `yomi usi`,
 * `yomi gtp` or `yomi nboard` reads its standard input; and an engine's whole output, read by
 * the client that `yomi match` drives it with (src/proto/usi_client.c, gtp_client.c).
 *
 * Input: byte 0 picks the side (% 6: the USI, GTP or NBoard engine, the USI or GTP client,
 * or a player SPEC), byte 1 the game among those it speaks (% their count, in the registry's
 * order); the rest is the session, fed through a pipe and ended by end of input.
 *
 * An engine must answer without crashing,
 * hanging, leaking or tripping a sanitizer, and end by itself at quit or end of input with
 * status 0; its answers go to /dev/null.  What keeps an input short: GTP searches to depth 1
 * and NBoard for at most 20 ms a search (their options, as the command line sets them); USI
 * has no such option, but its searches run beside the session and stop at its end.  Lines
 * naming USI_Hash or Table are dropped: a GUI may ask for a table of any size, and one that
 * fits in memory is filled at once (seconds and gigabytes a run, not a parser's question);
 * Table names a file to open.
 *
 * A client reads the input as the engine's answers: the handshake, a new game, then up to
 * four moves asked for, each from the position its accepted moves lead to.  Whatever the
 * engine says, a failure must come with a message, and a move the client accepts
 * (ENGINE_MOVE) must be legal there; else abort().
 *
 * A player SPEC (`match --first usi:COMMAND,NAME=VALUE`, up to the first NUL) is read by
 * engine_spec_parse: an external engine's SPEC gives a command and options as the contract
 * says (no option twice, within their bounds), anything else 1, a bad one a one-line message.
 *
 * Built by `make build/fuzz_proto` (clang, libFuzzer; `make fuzz-proto`) and replayed on
 * tests/corpus-proto/ under gcc with ASan and UBSan (`make fuzz-replay`, part of check).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <unistd.h>

#include "proto/client.h"
#include "yomi/proto.h"
#include "yomi/registry.h"

enum { SESSION_MAX = 4096 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The registry's k-th game (k % their count) that protocol p speaks, or NULL if none. */
static const struct game *pick_game(int p, unsigned k)
{
	const struct game *spoken[64];
	int n = 0;
	for (int i = 0; game_registry[i] && n < 64; i++) {
		const struct game *g = game_registry[i];
		if (p == 0 ? usi_speaks(g) : p == 1 ? gtp_speaks(g) : p == 2 ? nboard_speaks(g)
		    : p == 3 ? usi_client_speaks(g) : gtp_client_speaks(g))
			spoken[n++] = g;
	}
	return n ? spoken[k % (unsigned)n] : NULL;
}

/* Whether a line names an option left out (see above): a word (as the protocols split
 * words: by blanks) holding "hash", or the word "Table" (USI's table file: a path, which
 * could name a FIFO that never answers). */
static int left_out(const char *line, size_t n)
{
	for (size_t at = 0; at < n;) {
		while (at < n && (line[at] == ' ' || line[at] == '\t'))
			at++;
		size_t end = at;
		while (end < n && line[end] != ' ' && line[end] != '\t')
			end++;
		char word[SESSION_MAX + 1];
		memcpy(word, line + at, end - at);
		word[end - at] = 0;
		if (strcasecmp(word, "table") == 0)
			return 1;
		for (size_t i = 0; i + 4 <= end - at; i++)
			if (strncasecmp(word + i, "hash", 4) == 0)
				return 1;
		at = end;
	}
	return 0;
}

/* The session without the lines left_out names; returns its length. */
static size_t without_left_out(const uint8_t *in, size_t n, char *out)
{
	size_t len = 0;
	for (size_t at = 0; at < n;) {
		const uint8_t *nl = memchr(in + at, '\n', n - at);
		const size_t end = nl ? (size_t)(nl - in) + 1 : n;
		if (!left_out((const char *)in + at, end - at)) {
			memcpy(out + len, in + at, end - at);
			len += end - at;
		}
		at = end;
	}
	return len;
}

static void client_fail(const struct game *g, const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_proto: client for %s: %s: %s\n", g->name, what, detail);
	abort();
}

/* The client of protocol usi (else GTP) reading the engine's answers from descriptor from. */
static void run_client(int usi, const struct game *g, int from)
{
	struct engine e;
	memset(&e, 0, sizeof e);
	e.spec.protocol = usi ? ENGINE_USI : ENGINE_GTP;
	e.game = g;
	snprintf(e.label, sizeof e.label, "%s:fuzz", usi ? "usi" : "gtp");
	g->start(e.start);
	e.from = from;
	e.to = open("/dev/null", O_WRONLY);
	if (e.to < 0)
		abort();
	e.pid = -1;   /* no process: the engine's end is the input's */
	proto_reader_init(&e.in, e.from);
	e.alive = 1;
	struct yomi_error err = {{0}};
	int r = usi ? usi_client_hello(&e, &err) : gtp_client_hello(&e, &err);
	const struct engine_clock clock = {.per_move = 0.01};
	if (!r)
		r = usi ? usi_client_new_game(&e, &err) : gtp_client_new_game(&e, &clock, &err);
	if (r && !err.msg[0])
		client_fail(g, "a failed start says nothing", "");
	yomi_move moves[4];
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	memcpy(pos, e.start, g->pos_size);
	for (int n = 0; !r && n < 4 && e.alive; n++) {
		yomi_move m = 0;
		char text[256];
		err.msg[0] = 0;
		const enum engine_answer a = usi ? usi_client_play(&e, moves, n, &clock, 0.01, &m, text,
		                                                   sizeof text, &err)
		                                 : gtp_client_play(&e, moves, n, &clock, 0.01, &m, text,
		                                                   sizeof text, &err);
		if (a != ENGINE_MOVE) {
			if (a != ENGINE_RESIGN && !err.msg[0])
				client_fail(g, "a failed move says nothing", text);
			break;
		}
		yomi_move legal[YOMI_MOVES_MAX];
		const int k = g->moves(pos, legal);
		int found = 0;
		for (int i = 0; i < k; i++)
			found |= legal[i] == m;
		if (!found)
			client_fail(g, "an illegal move was accepted", text);
		moves[n] = m;
		if (g->play(pos, m, pos))
			break;   /* the game is over */
	}
	if (usi && e.alive)
		usi_client_game_over(&e, 0);
	proto_reader_free(&e.in);
	close(e.to);
}

static void spec_fail(const char *what, const char *text)
{
	fprintf(stderr, "fuzz_proto: spec '%.200s': %s\n", text, what);
	abort();
}

/* engine_spec_parse on text, against its contract (see above). */
static void check_spec(const char *text)
{
	struct engine_spec sp;
	struct yomi_error err = {{0}};
	const int r = engine_spec_parse(text, &sp, &err);
	const int external = strncmp(text, "usi:", 4) == 0 || strncmp(text, "gtp:", 4) == 0;
	if (r == 1 ? external : !external)
		spec_fail(r == 1 ? "an engine's SPEC taken for another player" : "not an engine", text);
	if (r < 0) {
		if (!err.msg[0] || strchr(err.msg, '\n'))
			spec_fail("a refusal without a one-line message", text);
		return;
	}
	if (r > 0)
		return;
	if (!memchr(sp.command, 0, sizeof sp.command) || !sp.command[0] || strchr(sp.command, ','))
		spec_fail("a bad command", text);
	if (sp.noptions < 0 || sp.noptions > ENGINE_OPTIONS_MAX ||
	    (sp.protocol == ENGINE_GTP && sp.noptions))
		spec_fail("a bad option count", text);
	for (int k = 0; k < sp.noptions; k++) {
		if (!memchr(sp.name[k], 0, sizeof sp.name[k]) || !sp.name[k][0] ||
		    !memchr(sp.value[k], 0, sizeof sp.value[k]))
			spec_fail("a bad option", text);
		for (int j = 0; j < k; j++)
			if (strcasecmp(sp.name[j], sp.name[k]) == 0)
				spec_fail("an option given twice", text);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2 || size - 2 > SESSION_MAX)
		return 0;
	const int proto = data[0] % 6;
	if (proto == 5) {
		char text[SESSION_MAX + 1];
		memcpy(text, data + 2, size - 2);
		text[size - 2] = 0;
		check_spec(text);
		return 0;
	}
	const struct game *g = pick_game(proto, data[1]);
	if (!g)
		return 0;
	char session[SESSION_MAX];
	const size_t len = proto >= 3 ? size - 2 : without_left_out(data + 2, size - 2, session);
	if (proto >= 3)
		memcpy(session, data + 2, len);
	int fds[2];
	if (pipe(fds))
		abort();
	/* SESSION_MAX bytes fit in a pipe's buffer: written whole before the engine reads */
	if (len && write(fds[1], session, len) != (ssize_t)len)
		abort();
	close(fds[1]);
	if (proto >= 3) {
		run_client(proto == 3, g, fds[0]);
		close(fds[0]);
		return 0;
	}
	FILE *out = fopen("/dev/null", "w");
	if (!out)
		abort();
	int status;
	if (proto == 0) {
		const struct usi_options o = {.threads = 1};
		status = usi_run(g, &o, fds[0], out);
	} else if (proto == 1) {
		const struct gtp_options o = {.depth = 1, .hash_mb = 1, .threads = 1};
		status = gtp_run(g, &o, fds[0], out);
	} else {
		const struct nboard_options o = {.seconds = 0.02, .hash_mb = 1, .threads = 1};
		status = nboard_run(g, &o, fds[0], out);
	}
	fclose(out);
	close(fds[0]);
	if (status != 0) {
		fprintf(stderr, "fuzz_proto: %s engine for %s ended with status %d\n",
		        proto == 0 ? "USI" : proto == 1 ? "GTP" : "NBoard", g->name, status);
		abort();
	}
	return 0;
}
