/*
 * shogi_record.c - KIF and CSA game records, written and read (see shogi_record.h).
 * Readers are strict about moves (each must be legal where it stands; the error names the
 * line) and lenient about what they do not need (comments, times, metadata, variations
 * after the main line).  They never read past the terminating NUL (fuzzed through
 * tests/fuzz_parse.c's records).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/shogi/shogi_gen.h"
#include "games/shogi/shogi_notation.h"
#include "games/shogi/shogi_record.h"

static const char *const csa_piece[16] = {
	"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY", ""};
static const char *const kif_piece[16] = {
	"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍",
	""};
static const char *const kif_cell[16] = {
	"・", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍", ""};
static const char *const kanji_num[11] = {"", "一", "二", "三", "四", "五", "六", "七", "八",
                                          "九", "十"};
static const char *const wide_num[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８",
                                         "９"};

/* ---- writing ---- */

/* How a recorded game ended: yomi's reason text ("checkmate", "resignation", ...) or NULL
 * while unfinished, and the winning colour (0 first player, 1 second) or -1. */
struct sg_record_end {
	const char *reason;
	int winner;
};

/* The special move ending a record, by yomi's reason: KIF's word and CSA's. */
static void end_words(struct sg_record_end end, int to_move, const char **kif, const char **csa)
{
	static const char *const map[][3] = {
		{"checkmate", "詰み", "%TSUMI"},
		{"no legal move", "詰み", "%TSUMI"},
		{"entering-king declaration", "入玉勝ち", "%KACHI"},
		{"sennichite: fourfold repetition", "千日手", "%SENNICHITE"},
		{"move limit", "持将棋", "%HIKIWAKE"},
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

static void write_bod(FILE *out, const struct shogi_pos *p)
{
	static const int order[7] = {SG_ROOK, SG_BISHOP, SG_GOLD, SG_SILVER, SG_KNIGHT, SG_LANCE,
	                             SG_PAWN};
	for (int c = 1; c >= 0; c -= 1) {
		if (c == 0) {
			fputs("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n", out);
			for (int r = 0; r < SG_RANKS; r++) {
				fputc('|', out);
				for (int f = 8; f >= 0; f--) {
					const int pc = p->board[sg_square(f, r)];
					fprintf(out, "%s%s", pc && sg_colour(pc) ? "v" : " ",
					        kif_cell[sg_type(pc)]);
				}
				fprintf(out, "|%s\n", kanji_num[r + 1]);
			}
			fputs("+---------------------------+\n", out);
		}
		fputs(c ? "後手の持駒：" : "先手の持駒：", out);
		int any = 0;
		for (int i = 0; i < 7; i++) {
			const int n = p->hand[c][order[i]];
			if (!n)
				continue;
			fprintf(out, "%s%s", any ? "　" : "", kif_piece[order[i]]);
			if (n > 10)
				fprintf(out, "十%s", kanji_num[n - 10]);
			else if (n > 1)
				fputs(kanji_num[n], out);
			any = 1;
		}
		fputs(any ? "\n" : "なし\n", out);
	}
	if (p->stm)
		fputs("後手番\n", out);
}

static void write_kif(FILE *out, const struct shogi_pos *start, const yomi_move *moves, int n,
                      const char *first, const char *second, struct sg_record_end end)
{
	char text[YOMI_TEXT_MAX];
	fputs("# KIF written by yomi\n", out);
	shogi_format(start, text, sizeof text);
	if (strncmp(text, SG_START_SFEN, strlen(SG_START_SFEN) - 2) == 0)
		fputs("手合割：平手\n", out);
	else
		write_bod(out, start);
	fprintf(out, "先手：%s\n後手：%s\n手数----指手---------消費時間--\n", first, second);
	struct shogi_pos p = *start, q;
	int prev = -1;
	for (int i = 0; i < n; i++) {
		if (moves[i] == SG_MOVE_WIN) {   /* the declaration is the record's last word */
			fprintf(out, "%4d 入玉勝ち\nまで%d手で%sの勝ち\n", i + 1, i, p.stm ? "後手" : "先手");
			return;
		}
		shogi_format_move_ja(&p, moves[i], prev, text, sizeof text);
		/* A declined promotion without 不成: the origin square makes the move plain, and
		 * readers such as tsshogi stop at 飛不成 (a rook leaving the zone unpromoted). */
		char *decline = strstr(text, "不成");
		if (decline)
			memmove(decline, decline + 6, strlen(decline + 6) + 1);
		fprintf(out, "%4d %s\n", i + 1, text);
		prev = SG_TO(moves[i]);
		sg_play(&p, moves[i], &q);
		p = q;
	}
	const char *kif, *csa;
	end_words(end, p.stm, &kif, &csa);
	fprintf(out, "%4d %s\n", n + 1, kif);
	if (end.winner >= 0)
		fprintf(out, "まで%d手で%sの勝ち\n", n, end.winner ? "後手" : "先手");
	else
		fprintf(out, "まで%d手で%s\n", n, kif);
}

static void write_csa(FILE *out, const struct shogi_pos *start, const yomi_move *moves, int n,
                      const char *first, const char *second, struct sg_record_end end)
{
	fprintf(out, "V2.2\nN+%s\nN-%s\n", first, second);
	for (int r = 0; r < SG_RANKS; r++) {
		fprintf(out, "P%d", r + 1);
		for (int f = 8; f >= 0; f--) {
			const int pc = start->board[sg_square(f, r)];
			if (pc)
				fprintf(out, "%c%s", sg_colour(pc) ? '-' : '+', csa_piece[sg_type(pc)]);
			else
				fputs(" * ", out);
		}
		fputc('\n', out);
	}
	for (int c = 0; c < 2; c++) {
		int any = 0;
		for (int t = SG_ROOK; t >= SG_PAWN; t--)
			for (int k = 0; k < start->hand[c][t]; k++) {
				fprintf(out, "%s00%s", any ? "" : c ? "P-" : "P+", csa_piece[t]);
				any = 1;
			}
		for (int k = 0; k < start->hand[c][SG_GOLD]; k++) {
			fprintf(out, "%s00KI", any ? "" : c ? "P-" : "P+");
			any = 1;
		}
		if (any)
			fputc('\n', out);
	}
	fputs(start->stm ? "-\n" : "+\n", out);
	struct shogi_pos p = *start, q;
	for (int i = 0; i < n; i++) {
		const yomi_move m = moves[i];
		if (m == SG_MOVE_WIN) {
			fputs("%KACHI\n", out);
			return;
		}
		const int to = SG_TO(m), sign = p.stm ? '-' : '+';
		if (SG_IS_DROP(m)) {
			fprintf(out, "%c00%d%d%s\n", sign, sg_file(to) + 1, sg_rank(to) + 1,
			        csa_piece[SG_DROP_TYPE(m)]);
		} else {
			const int from = SG_FROM(m);
			fprintf(out, "%c%d%d%d%d%s\n", sign, sg_file(from) + 1, sg_rank(from) + 1,
			        sg_file(to) + 1, sg_rank(to) + 1,
			        csa_piece[sg_type(p.board[from]) | SG_PROMO(m) << 3]);
		}
		sg_play(&p, m, &q);
		p = q;
	}
	const char *kif, *csa;
	end_words(end, p.stm, &kif, &csa);
	fprintf(out, "%s\n", csa);
}

/* The end and the colours' names of record r (whose "first" player is the one to move at
 * its start, not necessarily the first player of shogi). */
static struct sg_record_end record_end(const struct record *r, const char **black,
                                       const char **white)
{
	const struct shogi_pos *start = (const void *)r->start;
	const int c = start->stm;
	*black = c ? r->second : r->first;
	*white = c ? r->first : r->second;
	struct sg_record_end end = {r->reason[0] ? r->reason : NULL, -1};
	if (strcmp(r->result, "1-0") == 0)
		end.winner = c;
	else if (strcmp(r->result, "0-1") == 0)
		end.winner = c ^ 1;
	else if (strcmp(r->result, "*") == 0)
		end.reason = NULL;   /* unfinished, whatever stopped it */
	return end;
}

static int kif_write(const struct game *g, const struct record *r, FILE *out)
{
	(void)g;
	const char *black, *white;
	const struct sg_record_end end = record_end(r, &black, &white);
	write_kif(out, (const void *)r->start, r->moves, r->len, black, white, end);
	return ferror(out) ? -1 : 0;
}

static int csa_write(const struct game *g, const struct record *r, FILE *out)
{
	(void)g;
	const char *black, *white;
	const struct sg_record_end end = record_end(r, &black, &white);
	write_csa(out, (const void *)r->start, r->moves, r->len, black, white, end);
	return ferror(out) ? -1 : 0;
}

/* ---- reading ---- */

/* What the record says, for a message: s without its surrounding blanks, up to len - 4
 * bytes (cut at a character's start, then "..."), control bytes as \xNN; UTF-8 text such
 * as a KIF move's kanji is kept as it is. */
static const char *said(const char *s, char *buf, size_t len)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = 0, end = strlen(s), k = 0;
	while (end && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\r'))
		end--;
	for (; k < end; k++) {
		const unsigned char c = (unsigned char)s[k];
		if ((c & 0xc0) == 0x80) {   /* a character's continuation: room was kept for it */
			buf[n++] = (char)c;
			continue;
		}
		if (n + 4 + 4 >= len)   /* the longest character or \xNN, then "..." */
			break;
		if (c < 0x20 || c == 0x7f)
			n += (size_t)snprintf(buf + n, len - n, "\\x%02x", c);
		else
			buf[n++] = (char)c;
	}
	if (k < end)
		memcpy(buf + n, "...", 3), n += 3;
	buf[n] = '\0';
	return buf;
}

struct reader {
	const char *s;       /* the text left */
	int line;            /* number of the line being read */
	struct shogi_pos pos;
	struct record *rec;  /* start, moves, names and result go here */
	yomi_move *moves;    /* rec->moves */
	int max, n;
	struct yomi_error *err;
	char names[2][RECORD_TAG_MAX];   /* the first and the second player's */
	int winner;          /* the colour that won, -1 a draw, -2 unfinished */
	const char *reason;  /* how the record says it ended, or NULL */
};

/* The end a record's special move says, with the side to move at it: its winner (-1 draw,
 * -2 no result) and yomi's reason. */
static void set_end(struct reader *r, const char *word)
{
	static const struct { const char *word; int who; const char *reason; } ends[] = {
		/* who: 0 the side to move wins, 1 it loses, 2 a draw, 3 no result,
		 * 4 black loses, 5 white loses */
		{"投了", 1, "resignation"}, {"詰み", 1, "checkmate"},
		{"千日手", 2, "sennichite: fourfold repetition"}, {"持将棋", 2, "move limit"},
		{"中断", 3, "stopped"}, {"反則勝ち", 0, "foul"}, {"反則負け", 1, "foul"},
		{"切れ負け", 1, "time"}, {"不詰", 3, "no mate"},
		{"%TORYO", 1, "resignation"}, {"%TSUMI", 1, "checkmate"},
		{"%SENNICHITE", 2, "sennichite: fourfold repetition"}, {"%HIKIWAKE", 2, "draw"},
		{"%MAX_MOVES", 2, "move limit"}, {"%JISHOGI", 2, "jishogi"},
		{"%CHUDAN", 3, "stopped"}, {"%TIME_UP", 1, "time"}, {"%ILLEGAL_MOVE", 0, "foul"},
		{"%+ILLEGAL_ACTION", 4, "foul"}, {"%-ILLEGAL_ACTION", 5, "foul"},
	};
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		if (strncmp(word, ends[i].word, strlen(ends[i].word)) != 0)
			continue;
		const int us = r->pos.stm, who = ends[i].who;
		r->winner = who == 0 ? us : who == 1 ? us ^ 1 : who == 2 ? -1 : who == 3 ? -2
		          : who == 4 ? 1 : 0;
		r->reason = ends[i].reason;
		return;
	}
}

/* Copies the next line (without its end) into buf; returns 0 at the end of the text. */
static int next_line(struct reader *r, char *buf, size_t len)
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
static int play_usi(struct reader *r, const char *usi)
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

static int csa_type(const char *s)
{
	for (int t = 1; t < 15; t++)
		if (strncmp(s, csa_piece[t], 2) == 0)
			return t;
	return 0;
}

/* One CSA statement (a line holds one or more, separated by ','). */
static int csa_statement(struct reader *r, const char *st, int *started, int *over)
{
	char what[40];
	said(st, what, sizeof what);
	if (st[0] == 'N' && (st[1] == '+' || st[1] == '-')) {
		snprintf(r->names[st[1] == '-'], sizeof r->names[0], "%s", st + 2);
		return 0;
	}
	if (!*st || *st == '\'' || *st == 'V' || *st == 'N' || *st == '$' || *st == 'T')
		return 0;
	if (*st == '%') {   /* the end; %KACHI is the declaration, yomi's move `win` */
		*over = 1;
		if (strcmp(st, "%KACHI") == 0 && *started) {
			r->winner = r->pos.stm;
			r->reason = "entering-king declaration";
			return play_usi(r, "win");
		}
		set_end(r, st);
		return 0;
	}
	if (st[0] == 'P' && (st[1] == 'I' || (st[1] >= '1' && st[1] <= '9') || st[1] == '+' ||
	                     st[1] == '-')) {
		if (*started)
			return yomi_fail(r->err, "line %d: a position line after the moves",
			                 r->line);
		if (st[1] == 'I') {
			struct yomi_error e;
			shogi_parse(SG_START_SFEN, &r->pos, &e);
			for (const char *s = st + 2; *s; s += 4) {
				if (strlen(s) < 4 || !isdigit((unsigned char)s[0]) || s[0] == '0' ||
				    !isdigit((unsigned char)s[1]) || s[1] == '0' || !csa_type(s + 2))
					return yomi_fail(r->err, "line %d: '%s': expected PI and "
					                 "pieces taken off as 82HI", r->line, what);
				r->pos.board[sg_square(s[0] - '1', s[1] - '1')] = 0;
			}
			return 0;
		}
		if (st[1] >= '1' && st[1] <= '9') {
			const int rank = st[1] - '1';
			const char *s = st + 2;
			for (int f = 8; f >= 0; f--, s += 3) {
				if (strlen(s) < 3)
					return yomi_fail(r->err, "line %d: rank %d has fewer than 9 "
					                 "squares", r->line, rank + 1);
				if (s[0] == ' ' && s[1] == '*' && s[2] == ' ') {
					r->pos.board[sg_square(f, rank)] = 0;
					continue;
				}
				const int t = csa_type(s + 1);
				if ((s[0] != '+' && s[0] != '-') || !t)
					return yomi_fail(r->err, "line %d: rank %d: '%.3s' is not a "
					                 "square (' * ', or +/- and a piece like FU)", r->line,
					                 rank + 1, s);
				r->pos.board[sg_square(f, rank)] = (uint8_t)(t | (s[0] == '-') << 4);
			}
			return 0;
		}
		const int c = st[1] == '-';
		for (const char *s = st + 2; *s; s += 4) {
			if (strlen(s) < 4 || !isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[1]))
				return yomi_fail(r->err, "line %d: '%s': expected pieces as 00FU "
				                 "(in hand) or 55KA", r->line, what);
			if (strncmp(s + 2, "AL", 2) == 0)
				return yomi_fail(r->err, "line %d: '00AL' is not supported: list "
				                 "the pieces in hand", r->line);
			const int t = csa_type(s + 2);
			if (!t)
				return yomi_fail(r->err, "line %d: '%.4s' is not a piece", r->line, s);
			if (s[0] == '0' && s[1] == '0') {
				if (t > SG_GOLD || r->pos.hand[c][t] >= 18)
					return yomi_fail(r->err, "line %d: '%.4s' cannot be in hand",
					                 r->line, s);
				r->pos.hand[c][t]++;
			} else if (s[0] == '0' || s[1] == '0') {
				return yomi_fail(r->err, "line %d: '%.4s': no such square", r->line, s);
			} else {
				r->pos.board[sg_square(s[0] - '1', s[1] - '1')] = (uint8_t)(t | c << 4);
			}
		}
		return 0;
	}
	if ((st[0] == '+' || st[0] == '-') && !st[1]) {
		if (*started)
			return yomi_fail(r->err, "line %d: the side to move after the moves",
			                 r->line);
		r->pos.stm = st[0] == '-';
		struct yomi_error e;
		char sfen[YOMI_TEXT_MAX];
		r->pos.ply = 1;
		shogi_format(&r->pos, sfen, sizeof sfen);   /* checks the position like SFEN */
		if (shogi_parse(sfen, &r->pos, &e))
			return yomi_fail(r->err, "line %d: %s", r->line, e.msg);
		*started = 1;
		return 0;
	}
	if ((st[0] == '+' || st[0] == '-') && strlen(st) == 7 && isdigit((unsigned char)st[1]) &&
	    isdigit((unsigned char)st[2]) && isdigit((unsigned char)st[3]) &&
	    isdigit((unsigned char)st[4]) && csa_type(st + 5)) {
		if (!*started)
			return yomi_fail(r->err, "line %d: a move before the side to move "
			                 "('+' or '-')", r->line);
		if ((st[0] == '-') != r->pos.stm)
			return yomi_fail(r->err, "line %d: move %d: '%s' is not %s move",
			                 r->line, r->n + 1, what, r->pos.stm ? "the second player's"
			                 : "the first player's");
		char usi[8];
		const int type = csa_type(st + 5);
		if (st[1] == '0' && st[2] == '0') {
			snprintf(usi, sizeof usi, "%c*%c%c", ".PLNSBRGK"[type < 9 ? type : 0], st[3],
			         'a' + st[4] - '1');
		} else {
			const int from = sg_square(st[1] - '1', st[2] - '1');
			const int was = st[1] >= '1' && st[2] >= '1' ? sg_type(r->pos.board[from]) : 0;
			snprintf(usi, sizeof usi, "%c%c%c%c%s", st[1], 'a' + st[2] - '1', st[3],
			         'a' + st[4] - '1', was && type == (was | SG_PROMOTED) && was != SG_KING
			         && was < SG_PROMOTED ? "+" : "");
			if (was && type != was && type != (was | SG_PROMOTED))
				return yomi_fail(r->err, "line %d: move %d: '%s': the piece on "
				                 "%c%c is not %s", r->line, r->n + 1, what, st[1],
				                 'a' + st[2] - '1', st + 5);
		}
		return play_usi(r, usi);
	}
	return yomi_fail(r->err, "line %d: '%s' is not a CSA line", r->line, what);
}

static int read_csa(struct reader *r)
{
	char line[512];
	int started = 0, over = 0;
	memset(&r->pos, 0, sizeof r->pos);
	while (!over && next_line(r, line, sizeof line)) {
		for (char *st = line, *end; st && !over; st = end) {
			end = strchr(st, ',');
			if (end)
				*end++ = '\0';
			if (csa_statement(r, st, &started, &over))
				return -1;
		}
	}
	if (!started)
		return yomi_fail(r->err, "no position (a CSA record gives PI or P1-P9 and "
		                 "the side to move)");
	return r->n;
}

/* ---- KIF ---- */

/* The type of the piece name at *s (advancing *s), or 0. */
static int kif_type(const char **s)
{
	static const struct { const char *name; int type; } names[] = {
		{"成香", SG_PRO_LANCE}, {"成桂", SG_PRO_KNIGHT}, {"成銀", SG_PRO_SILVER},
		{"歩", SG_PAWN}, {"香", SG_LANCE}, {"桂", SG_KNIGHT}, {"銀", SG_SILVER},
		{"金", SG_GOLD}, {"角", SG_BISHOP}, {"飛", SG_ROOK}, {"玉", SG_KING}, {"王", SG_KING},
		{"と", SG_PRO_PAWN}, {"杏", SG_PRO_LANCE}, {"圭", SG_PRO_KNIGHT},
		{"全", SG_PRO_SILVER}, {"馬", SG_HORSE}, {"龍", SG_DRAGON}, {"竜", SG_DRAGON},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const size_t n = strlen(names[i].name);
		if (strncmp(*s, names[i].name, n) == 0) {
			*s += n;
			return names[i].type;
		}
	}
	return 0;
}

/* A kanji or full-width number 1-18 at *s (advancing it), or 0. */
static int kif_number(const char **s)
{
	int n = 0;
	if (strncmp(*s, "十", 3) == 0) {
		n = 10;
		*s += 3;
	}
	for (int i = 1; i <= 9; i++) {
		if (strncmp(*s, kanji_num[i], 3) == 0 || strncmp(*s, wide_num[i], 3) == 0) {
			*s += 3;
			return n + i;
		}
	}
	return n;
}

static const char *skip_spaces(const char *s)
{
	for (;;) {
		if (*s == ' ' || *s == '\t')
			s++;
		else if (strncmp(s, "　", 3) == 0)
			s += 3;
		else
			return s;
	}
}

static int kif_hand(struct reader *r, const char *s, int c)
{
	s = skip_spaces(s);
	if (strncmp(s, "なし", 6) == 0)
		return 0;
	while (*(s = skip_spaces(s))) {
		const int t = kif_type(&s);
		if (!t || t > SG_GOLD)
			return yomi_fail(r->err, "line %d: not a piece in hand", r->line);
		const int n = kif_number(&s);
		r->pos.hand[c][t] = (uint8_t)(r->pos.hand[c][t] + (n ? n : 1));
		if (r->pos.hand[c][t] > 18)
			return yomi_fail(r->err, "line %d: more than 18 in hand", r->line);
	}
	return 0;
}

static int kif_board_row(struct reader *r, const char *s, int rank)
{
	s++;   /* '|' */
	for (int f = 8; f >= 0; f--) {
		const int white = *s == 'v';
		if (*s != ' ' && *s != 'v')
			return yomi_fail(r->err, "line %d: rank %d: a square starts with ' ' "
			                 "or 'v'", r->line, rank + 1);
		s++;
		if (strncmp(s, "・", 3) == 0) {
			s += 3;
			r->pos.board[sg_square(f, rank)] = 0;
			continue;
		}
		const int t = kif_type(&s);
		if (!t)
			return yomi_fail(r->err, "line %d: rank %d: not a piece", r->line,
			                 rank + 1);
		r->pos.board[sg_square(f, rank)] = (uint8_t)(t | white << 4);
	}
	return 0;
}

static const char *const kif_handicaps[][2] = {
	{"平手", SG_START_SFEN},
	{"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

/* One KIF move line's move ("７六歩(77)", "同　銀(31)", "５五角打", "２二角成(88)"). */
static int kif_move(struct reader *r, const char *s, int *over)
{
	char what[64], usi[8];
	said(s, what, sizeof what);
	static const char *const ends[] = {"投了", "詰み", "千日手", "持将棋", "中断", "入玉勝ち",
	                                   "反則勝ち", "反則負け", "切れ負け", "不詰", "勝ち宣言"};
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
		if (strncmp(s, ends[i], strlen(ends[i])) == 0) {
			*over = 1;
			if (i == 5 || i == 10) {   /* the declaration: yomi's move `win` */
				r->winner = r->pos.stm;
				r->reason = "entering-king declaration";
				return play_usi(r, "win");
			}
			set_end(r, s);
			return 0;
		}
	int to;
	if (strncmp(s, "同", 3) == 0) {
		if (r->n == 0 || r->moves[r->n - 1] == SG_MOVE_WIN)
			return yomi_fail(r->err, "line %d: move %d: '%s': no previous move for "
			                 "同", r->line, r->n + 1, what);
		to = SG_TO(r->moves[r->n - 1]);
		s = skip_spaces(s + 3);
	} else {
		const int f = kif_number(&s), rk = kif_number(&s);
		if (f < 1 || f > 9 || rk < 1 || rk > 9)
			return yomi_fail(r->err, "line %d: move %d: '%s' is not a KIF move "
			                 "(like ７六歩(77))", r->line, r->n + 1, what);
		to = sg_square(f - 1, rk - 1);
	}
	const int type = kif_type(&s);
	if (!type)
		return yomi_fail(r->err, "line %d: move %d: '%s': no piece named", r->line,
		                 r->n + 1, what);
	int promo = 0, drop = 0;
	if (strncmp(s, "不成", 6) == 0)
		s += 6;
	else if (strncmp(s, "成", 3) == 0)
		s += 3, promo = 1;
	if (strncmp(s, "打", 3) == 0)
		s += 3, drop = 1;
	if (drop || *s != '(') {
		if (type > SG_GOLD)
			return yomi_fail(r->err, "line %d: move %d: '%s': no square it comes "
			                 "from", r->line, r->n + 1, what);
		snprintf(usi, sizeof usi, "%c*%c%c", ".PLNSBRG"[type], '1' + sg_file(to),
		         'a' + sg_rank(to));
		return play_usi(r, usi);
	}
	if (!isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]) || s[3] != ')' ||
	    s[1] == '0' || s[2] == '0')
		return yomi_fail(r->err, "line %d: move %d: '%s': the square it comes from "
		                 "is written like (77)", r->line, r->n + 1, what);
	const int from = sg_square(s[1] - '1', s[2] - '1');
	if (r->pos.board[from] && sg_type(r->pos.board[from]) != type)
		return yomi_fail(r->err, "line %d: move %d: '%s': the piece on %c%c is not "
		                 "%s", r->line, r->n + 1, what, s[1], 'a' + s[2] - '1', kif_piece[type]);
	snprintf(usi, sizeof usi, "%c%c%c%c%s", s[1], 'a' + s[2] - '1', '1' + sg_file(to),
	         'a' + sg_rank(to), promo ? "+" : "");
	return play_usi(r, usi);
}

/* The position a KIF header set up (a board diagram, checked like an SFEN position). */
static int kif_setup(struct reader *r, int have_board, int rank, int white)
{
	struct yomi_error e;
	if (!have_board)
		return 0;
	if (rank != 8)
		return yomi_fail(r->err, "the board diagram has %d ranks", rank + 1);
	r->pos.stm = (uint8_t)white;
	char sfen[YOMI_TEXT_MAX];
	r->pos.ply = 1;
	shogi_format(&r->pos, sfen, sizeof sfen);
	if (shogi_parse(sfen, &r->pos, &e))
		return yomi_fail(r->err, "%s", e.msg);
	return 0;
}

static int read_kif(struct reader *r)
{
	char line[1024];
	int started = 0, over = 0, rank = -1, have_board = 0, white = 0;
	struct yomi_error e;
	shogi_parse(SG_START_SFEN, &r->pos, &e);
	while (!over && next_line(r, line, sizeof line)) {
		const char *s = line;
		if (strncmp(s, "\xef\xbb\xbf", 3) == 0)   /* a byte-order mark */
			s += 3;
		if (*s == '#' || *s == '*' || *s == '&' || !*skip_spaces(s))
			continue;
		if (strncmp(s, "変化：", 9) == 0)   /* variations follow the main line */
			break;
		if (!started) {
			if (strncmp(s, "手合割：", 12) == 0 || strncmp(s, "手合割:", 10) == 0) {
				const char *v = skip_spaces(s + (s[9] == ':' ? 10 : 12));
				size_t i = 0;
				for (; i < sizeof kif_handicaps / sizeof kif_handicaps[0]; i++)
					if (strncmp(v, kif_handicaps[i][0], strlen(kif_handicaps[i][0])) == 0)
						break;
				if (i == sizeof kif_handicaps / sizeof kif_handicaps[0])
					return yomi_fail(r->err, "line %d: this handicap is not known "
					                 "(give the position as a board diagram)", r->line);
				shogi_parse(kif_handicaps[i][1], &r->pos, &e);
				continue;
			}
			if (strncmp(s, "後手の持駒：", 18) == 0 || strncmp(s, "上手の持駒：", 18) == 0) {
				if (!have_board) {
					memset(&r->pos, 0, sizeof r->pos);
					have_board = 1;
				}
				if (kif_hand(r, s + 18, 1))
					return -1;
				continue;
			}
			if (strncmp(s, "先手の持駒：", 18) == 0 || strncmp(s, "下手の持駒：", 18) == 0) {
				if (!have_board) {
					memset(&r->pos, 0, sizeof r->pos);
					have_board = 1;
				}
				if (kif_hand(r, s + 18, 0))
					return -1;
				continue;
			}
			if (*s == '|') {
				if (!have_board) {
					memset(&r->pos, 0, sizeof r->pos);
					have_board = 1;
				}
				if (++rank > 8)
					return yomi_fail(r->err, "line %d: more than 9 ranks", r->line);
				if (kif_board_row(r, s, rank))
					return -1;
				continue;
			}
			const int black = strncmp(s, "先手：", 9) == 0 || strncmp(s, "下手：", 9) == 0;
			if (black || strncmp(s, "後手：", 9) == 0 || strncmp(s, "上手：", 9) == 0) {
				snprintf(r->names[!black], sizeof r->names[0], "%s", s + 9);
				continue;
			}
			if (strncmp(s, "後手番", 9) == 0 || strncmp(s, "上手番", 9) == 0) {
				white = 1;
				continue;
			}
			if (strncmp(s, "先手番", 9) == 0 || strncmp(s, "下手番", 9) == 0 || *s == '+' ||
			    strncmp(s, "  ９", 5) == 0 || strncmp(s, "手数", 6) == 0 || strstr(s, "："))
				continue;
		}
		/* a move line: its number, the move, perhaps the time */
		const char *t = skip_spaces(s);
		if (!isdigit((unsigned char)*t)) {
			if (strncmp(t, "まで", 6) == 0)
				break;
			char what[40];
			return yomi_fail(r->err, "line %d: '%s' is neither a header nor a move",
			                 r->line, said(t, what, sizeof what));
		}
		if (!started) {
			if (kif_setup(r, have_board, rank, white))
				return -1;
			started = 1;
		}
		const long number = strtol(t, (char **)&t, 10);
		if (number != r->n + 1)
			return yomi_fail(r->err, "line %d: move number %ld, expected %d",
			                 r->line, number, r->n + 1);
		if (kif_move(r, skip_spaces(t), &over))
			return -1;
	}
	if (!started && kif_setup(r, have_board, rank, white))
		return -1;
	return r->n;
}

/* Whether text is CSA: its first line that is not a comment or metadata starts with V,
 * N+ or N-, PI or P1. */
static int csa_detect(const char *text, size_t len)
{
	(void)len;
	const char *s = text;
	while (*s == '\'' || *s == '$') {
		s = strchr(s, '\n');
		s = s ? s + 1 : "";
	}
	return s[0] == 'V' || (s[0] == 'N' && (s[1] == '+' || s[1] == '-')) ||
	       (s[0] == 'P' && (s[1] == 'I' || s[1] == '1'));
}

/* Whether text is KIF: a header or move line KIF writes, and not CSA. */
static int kif_detect(const char *text, size_t len)
{
	(void)len;
	return !csa_detect(text, len) &&
	       (strstr(text, "手合割") || strstr(text, "手数----") || strstr(text, "先手：") ||
	        strstr(text, "の持駒") || strstr(text, "KIF"));
}

static int read_record(const struct game *g, const char *text, struct record *rec,
                       struct yomi_error *err, int csa)
{
	record_clear(rec, g);
	struct reader r = {.s = text, .rec = rec, .moves = rec->moves, .max = RECORD_MAX_MOVES,
	                   .err = err, .winner = -2};
	const int n = csa ? read_csa(&r) : read_kif(&r);
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
	(void)len;
	return read_record(g, text, rec, err, 0);
}

static int csa_read(const struct game *g, const char *text, size_t len, struct record *rec,
                    struct yomi_error *err)
{
	(void)len;
	return read_record(g, text, rec, err, 1);
}

const struct record_format shogi_record_formats[] = {
	{"kif", ".kif .kifu", kif_detect, kif_read, kif_write},
	{"csa", ".csa", csa_detect, csa_read, csa_write},
	{NULL, NULL, NULL, NULL, NULL},
};
