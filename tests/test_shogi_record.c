/*
 * test_shogi_record.c - shogi's KIF and CSA records (the game's record formats): random
 * games from the start and from other positions (a handicap, a middle game with hands)
 * written and read back in both formats with their players and result, the declaration as
 * a record's move, and bad records, each refused with its line named.
 * tests/shogi_records.mjs checks both formats against tsshogi, an independent library.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/shogi/shogi_gen.h"
#include "yomi/record.h"
#include "yomi/registry.h"

static const struct game *G;

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static struct shogi_pos parse_ok(const char *text)
{
	struct shogi_pos p;
	struct yomi_error err = {{0}};
	if (G->parse(text, &p, &err) != 0)
		fail_msg("parse '%s': %s", text, err.msg);
	return p;
}

/* The record formats: [0] KIF, [1] CSA. */
static const struct record_format *format_of(int csa) { return &G->record_formats[csa]; }

/* Writes a record of start + moves in a format into a string (caller frees). */
static char *record_text(int csa, const struct shogi_pos *start, const yomi_move *moves,
                         int n, const char *result, const char *reason)
{
	static struct record rec;
	record_clear(&rec, G);
	memcpy(rec.start, start, sizeof *start);
	memcpy(rec.moves, moves, sizeof *moves * (size_t)n);
	rec.len = n;
	snprintf(rec.first, sizeof rec.first, "engine:depth=3");
	snprintf(rec.second, sizeof rec.second, "human");
	snprintf(rec.result, sizeof rec.result, "%s", result);
	snprintf(rec.reason, sizeof rec.reason, "%s", reason);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(format_of(csa)->write(G, &rec, f), 0);
	fclose(f);
	return buf;
}

static int read_text(const char *text, struct record *rec, struct yomi_error *err)
{
	const int csa = format_of(1)->detect(text, strlen(text));
	if (!csa && !format_of(0)->detect(text, strlen(text)))
		return yomi_fail(err, "neither KIF nor CSA");
	return format_of(csa)->read(G, text, strlen(text), rec, err);
}

static void test_records_round_trip(void **state)
{
	(void)state;
	static const char *const starts[] = {
		"startpos",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
		"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	};
	static struct record back;
	for (int game = 0; game < 12; game++) {
		const struct shogi_pos start = parse_ok(starts[game % 3]);
		struct shogi_pos p = start;
		yomi_move moves[300];
		int n = 0;
		for (; n < 150; n++) {
			yomi_move mv[SG_MAX_MOVES];
			const int k = sg_gen(&p, mv);
			if (k == 0)
				break;
			moves[n] = mv[rng() % (uint64_t)k];
			struct shogi_pos q;
			sg_play(&p, moves[n], &q);
			p = q;
		}
		const int mated = n < 150;
		for (int csa = 0; csa <= 1; csa++) {
			/* mated, or resigned: the side to move at the end loses */
			const char *result = n % 2 == 1 ? "1-0" : "0-1";
			char *text = record_text(csa, &start, moves, n, result,
			                         mated ? "checkmate" : "resignation");
			struct yomi_error err = {{0}};
			if (read_text(text, &back, &err) != 0 || back.len != n)
				fail_msg("%s game %d: read %d moves of %d: %s\n%s", csa ? "CSA" : "KIF",
				         game, back.len, n, err.msg, text);
			const struct shogi_pos *b = (const void *)back.start;
			assert_true(b->key == start.key && b->stm == start.stm);
			assert_memory_equal(back.moves, moves, sizeof *moves * (size_t)n);
			assert_string_equal(back.first, "engine:depth=3");
			assert_string_equal(back.second, "human");
			assert_string_equal(back.result, result);
			assert_string_equal(back.reason, mated ? "checkmate" : "resignation");
			free(text);
		}
	}
	/* the declaration is a move in both */
	const struct shogi_pos d = parse_ok("RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1");
	const yomi_move win = SG_MOVE_WIN;
	for (int csa = 0; csa <= 1; csa++) {
		char *text = record_text(csa, &d, &win, 1, "1-0", "entering-king declaration");
		assert_non_null(strstr(text, csa ? "%KACHI" : "入玉勝ち"));
		struct yomi_error err = {{0}};
		assert_int_equal(read_text(text, &back, &err), 0);
		assert_int_equal(back.len, 1);
		assert_int_equal(back.moves[0], SG_MOVE_WIN);
		assert_string_equal(back.result, "1-0");
		free(text);
	}
}

static void test_records_bad(void **state)
{
	(void)state;
	static const struct { const char *text, *error; } cases[] = {
		{"手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
		 "   3 ７五歩(77)\n", "line 5: move 3: 7g7e: 7g is empty"},
		{"手合割：平手\n   1 ７六歩(77)\n   3 ３四歩(33)\n", "line 3: move number 3, "
		 "expected 2"},
		{"手合割：平手\n   1 ７六金(77)\n", "line 2: move 1: '７六金(77)': the piece on "
		 "7g is not 金"},
		{"手合割：平手\n   1 ５五角打\n", "no bishop in hand"},
		{"手合割：平手\n   1 同　歩(77)\n", "no previous move for 同"},
		{"手合割：百枚落ち\n", "line 1: this handicap is not known"},
		{"手合割：平手\nhello\n", "line 2: 'hello' is neither a header nor a move"},
		{"V2.2\nPI\n+\n+7776FU\n-3334FU\n+7775FU\n", "line 6: move 3: 7g7e: 7g is "
		 "empty"},
		{"V2.2\nPI\n+\n-3334FU\n", "line 4: move 1: '-3334FU' is not the first "
		 "player's move"},
		{"V2.2\nPI\n+7776FU\n", "a move before the side to move"},
		{"V2.2\nP1-KY-KE\n", "line 2: rank 1 has fewer than 9 squares"},
		{"V2.2\nPI\n+\n+7776KA\n", "line 4: move 1: '+7776KA': the piece on 7g is "
		 "not KA"},
		{"V2.2\nPI\n+\nhello\n", "line 4: 'hello' is not a CSA line"},
		{"V2.2\n", "no position"},
	};
	static struct record rec;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct yomi_error err = {{0}};
		if (read_text(cases[i].text, &rec, &err) == 0)
			fail_msg("record %zu read; expected error '%s'", i, cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("record %zu: error '%s'; expected it to contain '%s'", i, err.msg,
			         cases[i].error);
		assert_null(strchr(err.msg, '\n'));
	}
}

/* Whether s is well-formed UTF-8. */
static int is_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		const int n = *p < 0x80 ? 1 : *p >= 0xc2 && *p <= 0xdf ? 2 : *p >= 0xe0 && *p <= 0xef
		            ? 3 : *p >= 0xf0 && *p <= 0xf4 ? 4 : 0;
		if (!n)
			return 0;
		for (int k = 1; k < n; k++)
			if ((p[k] & 0xc0) != 0x80)
				return 0;
		p += n;
	}
	return 1;
}

/* CSA players' names in Shift_JIS (CP932, as older files and Windows write them) are read
 * as UTF-8, declared ('CSA encoding=SHIFT_JIS, CSA V3.0) or not; a long name is cut before
 * a character, not inside it; text in neither encoding, or not in the one declared (CSA's
 * or KIF 2's "#KIF version=2.0 encoding="), is refused with its line.  They were kept as
 * raw Shift_JIS bytes. */
static void test_records_encoding(void **state)
{
	(void)state;
	/* 羽生善治, 藤井聡太 in CP932 */
	static const char habu[] = "\x89\x48\x90\xb6\x91\x50\x8e\xa1";
	static const char fujii[] = "\x93\xa1\x88\xe4\x91\x8f\x91\xbe";
	static struct record rec;
	char text[1024];
	struct yomi_error err = {{0}};
	for (int declared = 0; declared < 2; declared++) {
		snprintf(text, sizeof text, "%sV2.2\nN+%s\nN-%s\nPI\n+\n+7776FU\n%%TORYO\n",
		         declared ? "'CSA encoding=SHIFT_JIS\n" : "", habu, fujii);
		if (read_text(text, &rec, &err) != 0)
			fail_msg("Shift_JIS CSA (declared %d): %s", declared, err.msg);
		assert_string_equal(rec.first, "羽生善治");
		assert_string_equal(rec.second, "藤井聡太");
		assert_int_equal(rec.len, 1);
	}
	/* a name of 60 kanji (180 bytes of UTF-8) is cut to whole characters */
	char name[200] = "";
	for (int i = 0; i < 15; i++)
		strcat(name, habu);
	snprintf(text, sizeof text, "V2.2\nN+%s\nPI\n+\n", name);
	if (read_text(text, &rec, &err) != 0)
		fail_msg("long Shift_JIS name: %s", err.msg);
	assert_true(is_utf8(rec.first));
	assert_int_equal(strlen(rec.first), 126);   /* 42 characters of 3 bytes */
	static const struct { const char *text, *error; } cases[] = {
		{"V2.2\nN+\x80\xff\nPI\n+\n", "line 2: neither UTF-8 nor Shift_JIS text"},
		{"'CSA encoding=UTF-8\nV2.2\nN+\x89\x48\nPI\n+\n",
		 "line 3: not UTF-8 text (line 1 says 'CSA encoding=UTF-8)"},
		{"'CSA encoding=EUC-JP\nV2.2\nPI\n+\n",
		 "line 1: encoding 'EUC-JP': yomi reads CSA in UTF-8 or Shift_JIS"},
		/* declared Shift_JIS, UTF-8 bytes: the line where Shift_JIS stops (it said "neither
		 * UTF-8 nor Shift_JIS" on the last line), for KIF's header as for CSA's */
		{"'CSA encoding=SHIFT_JIS\nV2.2\nN+羽生\nPI\n+\n",
		 "line 3: not Shift_JIS text (line 1 says 'CSA encoding=SHIFT_JIS)"},
		{"#KIF version=2.0 encoding=Shift_JIS\n先手：羽生\n手合割：平手\n",
		 "line 2: not Shift_JIS text (line 1 says encoding=Shift_JIS)"},
		{"#KIF version=2.0 encoding=UTF-8\n先手：\x89\x48\n",
		 "line 2: not UTF-8 text (line 1 says encoding=UTF-8)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (read_text(cases[i].text, &rec, &err) == 0)
			fail_msg("record %zu read; expected error '%s'", i, cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("record %zu: error '%s'; expected it to contain '%s'", i, err.msg,
			         cases[i].error);
	}
}

static int setup(void **state)
{
	(void)state;
	G = game_find("shogi");
	return G && G->record_formats && G->record_formats[1].name ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_round_trip),
		cmocka_unit_test(test_records_bad),
		cmocka_unit_test(test_records_encoding),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
