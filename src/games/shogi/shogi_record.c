/*
 * shogi_record.c - KIF and CSA game records bound to the record-format hook (see
 * shogi_record.h), and what their readers and writers share (shogi_record_io.h).  Readers
 * are strict about moves (each must be legal where it stands; the error names the line) and
 * lenient about what they do not need (comments, times, metadata, variations after the
 * main line).  They never read past the terminating NUL (fuzzed by tests/fuzz_parse.c).
 */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/shogi/shogi_notation.h"
#include "games/shogi/shogi_record.h"
#include "games/shogi/shogi_record_io.h"

/* The special move ending a record, by how the loser lost (end.how), else by yomi's reason:
 * KIF's word and CSA's. */
void sg_end_words(struct sg_record_end end, int to_move, const char **kif, const char **csa)
{
	static const char *const how[][2] = {
		[RECORD_END_RESIGN] = {"投了", "%TORYO"},
		[RECORD_END_TIME] = {"切れ負け", "%TIME_UP"},          /* the side to move's */
		[RECORD_END_ILLEGAL] = {"反則負け", "%ILLEGAL_MOVE"},   /* the side to move's */
		/* An engine that died or broke the protocol: neither format has a word for it.
		 * It gave the game up without a move, as a resignation does (the side to move's
		 * loss for every reader, tsshogi's too); 反則負け/%ILLEGAL_MOVE would say it broke
		 * a rule on the board, 切れ負け/%TIME_UP that a clock ran out, 中断/%CHUDAN that
		 * nobody lost.  The writers add a comment saying what happened (sg_end_note). */
		[RECORD_END_FAILED] = {"投了", "%TORYO"},
	};
	if (end.reason && end.winner == (to_move ^ 1) && end.how != RECORD_END_RULES &&
	    (size_t)end.how < sizeof how / sizeof how[0]) {
		*kif = how[end.how][0];
		*csa = how[end.how][1];
		return;
	}
	static const char *const map[][3] = {
		{"checkmate", "詰み", "%TSUMI"},
		{"no legal move", "詰み", "%TSUMI"},
		{"entering-king declaration", "入玉勝ち", "%KACHI"},
		{"sennichite: fourfold repetition", "千日手", "%SENNICHITE"},
		/* KIF has no word of its own for the move limit: 持将棋 as tsshogi writes it,
		 * with the limit in the header (最大手数); CSA V3.0 has %MAX_MOVES */
		{"move limit", "持将棋", "%MAX_MOVES"},
		{"resignation", "投了", "%TORYO"},
	};
	*kif = "中断";
	*csa = "%CHUDAN";
	if (!end.reason)
		return;
	if (strcmp(end.reason, "perpetual check") == 0) {   /* the checker loses by a foul */
		*kif = "反則勝ち";
		*csa = to_move == 0 ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
		return;
	}
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(end.reason, map[i][0]) == 0) {
			*kif = map[i][1];
			*csa = map[i][2];
		}
}

const char *sg_end_note(struct sg_record_end end, int to_move)
{
	return end.reason && end.winner == (to_move ^ 1) && end.how == RECORD_END_FAILED
	       ? end.reason : NULL;
}

void sg_write_note(FILE *out, const char *mark, const char *note)
{
	fputs(mark, out);
	for (const char *s = note; *s; s++)   /* one line: a control byte as a blank */
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s, out);
	fputc('\n', out);
}

/* The end and the colours' names of record r (whose "first" player is the one to move at
 * its start, not necessarily the first player of shogi). */
struct sg_record_end sg_record_end_of(const struct record *r, const char **black,
                                       const char **white)
{
	const struct shogi_pos *start = (const void *)r->start;
	const int c = start->stm;
	*black = c ? r->second : r->first;
	*white = c ? r->first : r->second;
	struct sg_record_end end = {r->reason[0] ? r->reason : NULL, -1, r->end};
	if (strcmp(r->result, "1-0") == 0)
		end.winner = c;
	else if (strcmp(r->result, "0-1") == 0)
		end.winner = c ^ 1;
	else if (strcmp(r->result, "*") == 0)
		end.reason = NULL;   /* unfinished, whatever stopped it */
	return end;
}

size_t sg_utf8_bad(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	for (size_t i = 0; i < len; ) {
		const unsigned c = s[i];
		const size_t n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
		               : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
		if (!n || i + n > len)
			return i;
		unsigned long cp = n == 1 ? c : n == 2 ? c & 0x1fu : n == 3 ? c & 0x0fu : c & 0x07u;
		for (size_t k = 1; k < n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return i;
			cp = cp << 6 | (s[i + k] & 0x3fu);
		}
		if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return i;
		i += n;
	}
	return len;
}

int sg_line_at(const char *text, size_t at)
{
	int line = 1;
	for (size_t i = 0; i < at; i++)
		line += text[i] == '\n';
	return line;
}

/* text[len] converted from Shift_JIS (CP932, as Windows writes it) to UTF-8 into *out
 * (malloc'd, for the caller to free); declared: the note naming the line that says the text
 * is Shift_JIS ("line 1 says encoding=Shift_JIS"), or NULL.  Returns 0, or -1 with err
 * filled naming the line where Shift_JIS stops (declared), else where the encoding that
 * reads further stops ("line 3: neither UTF-8 nor Shift_JIS text"). */
static int from_sjis(const char *text, size_t len, const char *declared, char **out,
                     struct yomi_error *err)
{
	/* Shift_JIS as Windows writes it (CP932): at most 3 bytes of UTF-8 a byte */
	iconv_t cd = iconv_open("UTF-8", "CP932");
	if (cd == (iconv_t)-1)
		return yomi_fail(err, "line %d: Shift_JIS text, and this system cannot convert it "
		                 "(%s): convert it with iconv -f CP932 -t UTF-8",
		                 sg_line_at(text, sg_utf8_bad(text, len)), strerror(errno));
	char *buf = malloc(3 * len + 1);
	if (!buf) {
		iconv_close(cd);
		return yomi_fail(err, "out of memory");
	}
	char *in = (char *)text, *o = buf;
	size_t in_left = len, out_left = 3 * len;
	const size_t rc = iconv(cd, &in, &in_left, &o, &out_left);
	iconv_close(cd);
	*o = '\0';
	/* a NUL from the conversion: none is read */
	const int nul = rc != (size_t)-1 && !in_left && strlen(buf) != (size_t)(o - buf);
	if (rc == (size_t)-1 || in_left || nul) {
		size_t at = nul ? sg_utf8_bad(text, len) : (size_t)(in - text);
		free(buf);
		if (declared)   /* the line where Shift_JIS stops */
			return yomi_fail(err, "line %d: not Shift_JIS text (%s)", sg_line_at(text, at),
			                 declared);
		const size_t bad = sg_utf8_bad(text, len);   /* where the one that reads more stops */
		return yomi_fail(err, "line %d: neither UTF-8 nor Shift_JIS text",
		                 sg_line_at(text, nul || at < bad ? bad : at));
	}
	*out = buf;
	return 0;
}

int sg_record_utf8(const char *text, size_t len, const char *format, const char *key,
                   const char *decl, size_t decl_len, char **out, struct yomi_error *err)
{
	*out = NULL;
	int sjis = 0;
	char note[80] = "";
	if (decl) {
		const int line = sg_line_at(text, (size_t)(decl - text));
		char value[32], what[40];
		snprintf(value, sizeof value, "%.*s", (int)(decl_len < 31 ? decl_len : 31), decl);
		yomi_said(value, what, sizeof what);
		sjis = decl_len == 9 && strncasecmp(decl, "SHIFT_JIS", 9) == 0;
		if (!sjis && !(decl_len == 5 && strncasecmp(decl, "UTF-8", 5) == 0))
			return yomi_fail(err, "line %d: encoding '%s': yomi reads %s in UTF-8 or "
			                 "Shift_JIS", line, what, format);
		snprintf(note, sizeof note, "line %d says %s%s", line, key, what);
	}
	const size_t bad = sg_utf8_bad(text, len);
	if (!sjis && bad == len)
		return 0;
	if (decl && !sjis)
		return yomi_fail(err, "line %d: not UTF-8 text (%s)", sg_line_at(text, bad), note);
	return from_sjis(text, len, decl ? note : NULL, out, err);
}

/* The end a record's special move says, with the side to move at it: its winner (-1 draw,
 * -2 no result) and yomi's reason. */
void sg_set_end(struct sg_reader *r, const char *word)
{
	static const struct {
		const char *word;
		int who;
		const char *reason;
		enum record_end how;
	} ends[] = {
		/* who: 0 the side to move wins, 1 it loses, 2 a draw, 3 no result,
		 * 4 black loses, 5 white loses.  %ILLEGAL_MOVE is the side to move's foul (CSA's
		 * record format: 手番側の反則負け), as KIF's 反則負け. */
		{"投了", 1, "resignation", RECORD_END_RESIGN}, {"詰み", 1, "checkmate", 0},
		{"千日手", 2, "sennichite: fourfold repetition", 0}, {"持将棋", 2, "jishogi", 0},
		{"中断", 3, "stopped", 0}, {"反則勝ち", 0, "foul", 0},
		{"反則負け", 1, "foul", RECORD_END_ILLEGAL}, {"切れ負け", 1, "time", RECORD_END_TIME},
		{"不詰", 3, "no mate", 0},
		/* 持将棋 is an impasse, or the move limit when the header's 最大手数 says the
		 * game reached it (sg_read_kif) */
		{"%TORYO", 1, "resignation", RECORD_END_RESIGN}, {"%TSUMI", 1, "checkmate", 0},
		{"%SENNICHITE", 2, "sennichite: fourfold repetition", 0}, {"%HIKIWAKE", 2, "draw", 0},
		{"%MAX_MOVES", 2, "move limit", 0}, {"%JISHOGI", 2, "jishogi", 0},
		{"%CHUDAN", 3, "stopped", 0}, {"%TIME_UP", 1, "time", RECORD_END_TIME},
		{"%ILLEGAL_MOVE", 1, "foul", RECORD_END_ILLEGAL},
		{"%+ILLEGAL_ACTION", 4, "foul", 0}, {"%-ILLEGAL_ACTION", 5, "foul", 0},
	};
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		if (strncmp(word, ends[i].word, strlen(ends[i].word)) != 0)
			continue;
		const int us = r->pos.stm, who = ends[i].who;
		r->winner = who == 0 ? us : who == 1 ? us ^ 1 : who == 2 ? -1 : who == 3 ? -2
		          : who == 4 ? 1 : 0;
		r->reason = ends[i].reason;
		r->rec->end = ends[i].how;
		return;
	}
}

void sg_set_name(struct sg_reader *r, int c, const char *s)
{
	size_t n = strlen(s);
	if (n >= sizeof r->names[c]) {
		n = sizeof r->names[c] - 1;
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)   /* s[n] is not kept */
			n--;
	}
	memcpy(r->names[c], s, n);
	r->names[c][n] = '\0';
}

/* Copies the next line (without its end) into buf; returns 0 at the end of the text. */
int sg_next_line(struct sg_reader *r, char *buf, size_t len)
{
	if (!*r->s)
		return 0;
	size_t n = strcspn(r->s, "\n");
	const size_t keep = n < len - 1 ? n : len - 1;
	memcpy(buf, r->s, keep);
	buf[keep] = '\0';
	if (keep && buf[keep - 1] == '\r')
		buf[keep - 1] = '\0';
	r->s += n + (r->s[n] == '\n');
	r->line++;
	return 1;
}

/* Plays the move written `usi` (yomi's USI text) at the reader's position, or fails naming
 * the line and the move's number. */
int sg_play_usi(struct sg_reader *r, const char *usi)
{
	yomi_move m;
	struct yomi_error e;
	if (r->n >= r->max)
		return yomi_fail(r->err, "line %d: more than %d moves", r->line, r->max);
	if (r->n == 0)
		memcpy(r->rec->start, &r->pos, sizeof r->pos);
	if (shogi_parse_move(&r->pos, usi, &m, &e))
		return yomi_fail(r->err, "line %d: move %d: %s", r->line, r->n + 1,
		                 e.msg + (strncmp(e.msg, "move: ", 6) ? 0 : 6));
	struct shogi_pos q;
	sg_play(&r->pos, m, &q);
	r->pos = q;
	r->moves[r->n++] = m;
	return 0;
}


static int read_record(const struct game *g, const char *text, struct record *rec,
                       struct yomi_error *err, int csa)
{
	record_clear(rec, g);
	struct sg_reader r = {.s = text, .rec = rec, .moves = rec->moves, .max = RECORD_MAX_MOVES,
	                   .err = err, .winner = -2};
	const int n = csa ? sg_read_csa(&r) : sg_read_kif(&r);
	if (n < 0)
		return -1;
	if (n == 0)
		memcpy(rec->start, &r.pos, sizeof r.pos);
	rec->len = n;
	const int first = ((const struct shogi_pos *)(const void *)rec->start)->stm;
	snprintf(rec->first, sizeof rec->first, "%s", r.names[first]);
	snprintf(rec->second, sizeof rec->second, "%s", r.names[first ^ 1]);
	snprintf(rec->result, sizeof rec->result, "%s", r.winner == -1 ? "1/2-1/2"
	         : r.winner == -2 ? "*" : r.winner == first ? "1-0" : "0-1");
	snprintf(rec->reason, sizeof rec->reason, "%s", r.reason ? r.reason : "");
	return 0;
}

static int kif_read(const struct game *g, const char *text, size_t len, struct record *rec,
                    struct yomi_error *err)
{
	char *utf8;   /* KIF in Shift_JIS, as .kif files mostly are: converted */
	if (sg_kif_utf8(text, len, &utf8, err))
		return -1;
	const int rc = read_record(g, utf8 ? utf8 : text, rec, err, 0);
	free(utf8);
	return rc;
}

static int csa_read(const struct game *g, const char *text, size_t len, struct record *rec,
                    struct yomi_error *err)
{
	char *utf8;
	if (sg_csa_utf8(text, len, &utf8, err))
		return -1;
	const int rc = read_record(g, utf8 ? utf8 : text, rec, err, 1);
	free(utf8);
	return rc;
}

/* ---- KI2, refused by name ----
 * KI2 (Kakinoki's other format) writes a move without the square it comes from ("▲２二角成",
 * "△５二金右"), which only the position and the words 右 左 直 上 引 寄 resolve; yomi does
 * not read it.  Why a format at all: so that a KI2 record is refused as KI2, naming its
 * first move, rather than as a KIF or yomi record with a line that is "neither a header nor
 * a move", and that --save x.ki2 is refused rather than written in yomi's format. */

/* Whether line s starts (after blanks) as a KI2 move does: ▲ △ ▼ ▽ (or, in Shift_JIS, 81 A2-
 * A5) then a full-width digit or 同. */
static int ki2_line(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	while (*u == ' ' || *u == '\t')
		u++;
	if (u[0] == 0xe2 && u[1] == 0x96 && (u[2] == 0xb2 || u[2] == 0xb3 || u[2] == 0xbc ||
	                                     u[2] == 0xbd))
		return (u[3] == 0xef && u[4] == 0xbc && u[5] >= 0x91 && u[5] <= 0x99) ||
		       (u[3] == 0xe5 && u[4] == 0x90 && u[5] == 0x8c);
	if (u[0] == 0x81 && u[1] >= 0xa2 && u[1] <= 0xa5)
		return (u[2] == 0x82 && u[3] >= 0x50 && u[3] <= 0x58) || (u[2] == 0x93 && u[3] == 0xaf);
	return 0;
}

const char *sg_ki2_first_move(const char *text)
{
	for (const char *s = text; *s; s += strcspn(s, "\n"), s += *s == '\n') {
		const char *t = s + (strncmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0);
		if (ki2_line(t))
			return t;
	}
	return NULL;
}

static int ki2_detect(const char *text, size_t len)
{
	(void)len;
	const char *s = text + (strncmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0);
	return s[strspn(s, " \t\r\n")] != '[' && sg_ki2_first_move(text);
}

static int ki2_read(const struct game *g, const char *text, size_t len, struct record *rec,
                    struct yomi_error *err)
{
	record_clear(rec, g);
	char *utf8 = NULL;   /* in Shift_JIS, as KIF: the move is quoted in UTF-8 */
	if (sg_kif_utf8(text, len, &utf8, err))
		return -1;
	const char *t = utf8 ? utf8 : text, *m = sg_ki2_first_move(t);
	if (!m) {   /* not reached from record_read_file, whose detector found a move */
		free(utf8);
		return yomi_fail(err, "yomi does not read KI2 records (it reads KIF, CSA and its "
		                 "own format)");
	}
	const int line = sg_line_at(t, (size_t)(m - t));
	char word[64], what[80];
	/* the move, to a blank or a full-width one (U+3000), as KI2 separates them */
	m += strspn(m, " \t");
	const char *e = strstr(m, "\xe3\x80\x80");
	size_t n = strcspn(m, " \t\r\n");
	if (e && (size_t)(e - m) < n)
		n = (size_t)(e - m);
	snprintf(word, sizeof word, "%.*s", (int)n, m);
	yomi_said(word, what, sizeof what);
	free(utf8);
	return yomi_fail(err, "line %d: '%s' is a KI2 move: yomi does not read KI2 records (it "
	                 "reads KIF, CSA and its own format)", line, what);
}

const struct record_format shogi_record_formats[] = {
	{"kif", ".kif .kifu", sg_kif_detect, kif_read, sg_kif_write},
	{"csa", ".csa", sg_csa_detect, csa_read, sg_csa_write},
	/* last: tests/test_shogi_record.c takes KIF and CSA by index; KIF's detector leaves a
	 * record with KI2 moves to this one (their headers, 手合割 and 先手：, are alike) */
	{"ki2", ".ki2", ki2_detect, ki2_read, NULL},
	{NULL, NULL, NULL, NULL, NULL},
};

