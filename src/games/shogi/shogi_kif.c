/*
 * shogi_kif.c - KIF records (Kakinoki's format): written in UTF-8 (as KIF 2's first line
 * says), with a board diagram when the game does not start from the start position; read in
 * UTF-8 or Shift_JIS (converted first; as a KIF 2 line declares, else as the bytes read),
 * with handicaps, board diagrams, the main line's moves (variations
 * skipped) and the special move that ends it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "games/shogi/shogi_notation.h"
#include "games/shogi/shogi_record_io.h"

static const char *const kif_piece[16] = {
	"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍",
	""};
static const char *const kif_cell[16] = {
	"・", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍", ""};
static const char *const kanji_num[11] = {"", "一", "二", "三", "四", "五", "六", "七", "八",
                                          "九", "十"};
static const char *const wide_num[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８",
                                         "９"};


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
	/* KIF 2's first line: readers that take a .kif for Shift_JIS (most Japanese programs)
	 * read it as UTF-8, as it is written */
	fputs("#KIF version=2.0 encoding=UTF-8\n# KIF written by yomi\n", out);
	shogi_format(start, text, sizeof text);
	if (strncmp(text, SG_START_SFEN, strlen(SG_START_SFEN) - 2) == 0)
		fputs("手合割：平手\n", out);
	else
		write_bod(out, start);
	fprintf(out, "先手：%s\n後手：%s\n", first, second);
	if (sg_end_move_limit(end))   /* what makes its 持将棋 the move limit (tsshogi reads it) */
		fprintf(out, "最大手数：%d\n", n);
	fputs("手数----指手---------消費時間--\n", out);
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
	sg_end_words(end, p.stm, &kif, &csa);
	fprintf(out, "%4d %s\n", n + 1, kif);
	const char *note = sg_end_note(end, p.stm);
	if (note)   /* what the resignation stands for */
		sg_write_note(out, "*", note);
	if (end.winner >= 0)
		fprintf(out, "まで%d手で%s%sの勝ち\n", n, strcmp(kif, "切れ負け") ? "" : "時間切れにより",
		        end.winner ? "後手" : "先手");
	else
		fprintf(out, "まで%d手で%s\n", n, kif);
}

int sg_kif_write(const struct game *g, const struct record *r, FILE *out)
{
	(void)g;
	const char *black, *white;
	const struct sg_record_end end = sg_record_end_of(r, &black, &white);
	write_kif(out, (const void *)r->start, r->moves, r->len, black, white, end);
	return ferror(out) ? -1 : 0;
}

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

static int kif_hand(struct sg_reader *r, const char *s, int c)
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

static int kif_board_row(struct sg_reader *r, const char *s, int rank)
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

/* KIF's special moves, the words that end the main line. */
static const char *const kif_ends[] = {"投了", "詰み", "千日手", "持将棋", "中断", "入玉勝ち",
                                       "反則勝ち", "反則負け", "切れ負け", "不詰", "勝ち宣言"};

/* One KIF move line's move ("７六歩(77)", "同　銀(31)", "５五角打", "２二角成(88)"), or the
 * special move that ends the main line: then *end is set to its word. */
static int kif_move(struct sg_reader *r, const char *s, const char **end)
{
	char what[64], usi[8];
	yomi_said(s, what, sizeof what);
	for (size_t i = 0; i < sizeof kif_ends / sizeof kif_ends[0]; i++)
		if (strncmp(s, kif_ends[i], strlen(kif_ends[i])) == 0) {
			*end = kif_ends[i];
			if (i == 5 || i == 10) {   /* the declaration: yomi's move `win` */
				r->winner = r->pos.stm;
				r->reason = "entering-king declaration";
				return sg_play_usi(r, "win");
			}
			sg_set_end(r, s);
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
		return sg_play_usi(r, usi);
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
	return sg_play_usi(r, usi);
}

/* The position a KIF header set up (a board diagram, checked like an SFEN position). */
static int kif_setup(struct sg_reader *r, int have_board, int rank, int white)
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

/* Whether line s starts as a KIF header in Shift_JIS (CP932), as most .kif files are
 * written: 手合割, 先手：, 後手：, 手数----, for the detector (the reader reads the text
 * converted to UTF-8).  No UTF-8 text starts so (0x8c-0x90 are not lead bytes). */
static int sjis_line(const char *s)
{
	static const char *const starts[] = {
		"\x8e\xe8\x8d\x87\x8a\x84", "\x90\xe6\x8e\xe8\x81\x46",
		"\x8c\xe3\x8e\xe8\x81\x46", "\x8e\xe8\x90\x94--",
	};
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
		if (strncmp(s, starts[i], strlen(starts[i])) == 0)
			return 1;
	return 0;
}

int sg_read_kif(struct sg_reader *r)
{
	char line[1024];
	int started = 0, rank = -1, have_board = 0, white = 0, end_line = 0;
	const char *end = NULL;   /* the word that ended the main line, on line end_line */
	struct yomi_error e;
	shogi_parse(SG_START_SFEN, &r->pos, &e);
	while (sg_next_line(r, line, sizeof line)) {
		const char *s = line;
		if (strncmp(s, "\xef\xbb\xbf", 3) == 0)   /* a byte-order mark */
			s += 3;
		if (*s == '#' || *s == '*' || *s == '&' || !*skip_spaces(s))
			continue;
		if (strncmp(s, "変化：", 9) == 0)   /* variations follow the main line */
			break;
		if (end) {   /* after the end: its summary (まで...), comments; no move */
			const char *t = skip_spaces(s);
			if (isdigit((unsigned char)*t))
				return yomi_fail(r->err, "line %d: move %ld after the end of the game "
				                 "(%s on line %d)", r->line, strtol(t, NULL, 10), end,
				                 end_line);
			continue;
		}
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
				sg_set_name(r, !black, s + 9);
				continue;
			}
			if (strncmp(s, "最大手数：", 15) == 0) {
				r->max_moves = atoi(s + 15);
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
			if (strncmp(t, "まで", 6) == 0) {   /* the summary ends the main line too */
				end = "まで";
				end_line = r->line;
				continue;
			}
			char what[40];
			return yomi_fail(r->err, "line %d: '%s' is neither a header nor a move",
			                 r->line, yomi_said(t, what, sizeof what));
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
		if (kif_move(r, skip_spaces(t), &end))
			return -1;
		if (end)
			end_line = r->line;
	}
	if (!started && kif_setup(r, have_board, rank, white))
		return -1;
	/* 持将棋 where the header's move limit was reached: the move limit, not an impasse */
	if (r->reason && strcmp(r->reason, "jishogi") == 0 && r->max_moves > 0 &&
	    r->n >= r->max_moves)
		r->reason = "move limit";
	return r->n;
}

int sg_kif_utf8(const char *text, size_t len, char **out, struct yomi_error *err)
{
	/* KIF 2's first line, "#KIF version=2.0 encoding=UTF-8": its encoding word, blank-
	 * separated, where the line is (after a byte-order mark) */
	for (const char *s = text; *s; s += strcspn(s, "\n"), s += *s == '\n') {
		const char *t = s + (strncmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0);
		if (strncmp(t, "#KIF", 4) != 0)
			continue;
		const char *end = t + strcspn(t, "\r\n");
		for (t += 4; t < end; t += strcspn(t, " \t\r\n")) {
			t += strspn(t, " \t");
			if (strncmp(t, "encoding=", 9) == 0)
				return sg_record_utf8(text, len, "KIF", "encoding=", t + 9,
				                      strcspn(t + 9, " \t\r\n"), out, err);
		}
	}
	return sg_record_utf8(text, len, "KIF", "", NULL, 0, out, err);
}

/* Whether line s starts as a KIF line and no other record's does: the first comment of
 * KIF 2 ("#KIF version=2.0") and of yomi's ("# KIF written by yomi"), a header line KIF
 * writes (in UTF-8, or Shift_JIS, which the reader converts), the moves' heading, or
 * the first move ("   1 ７六歩(77)", a full-width file). */
static int kif_line(const char *s)
{
	static const char *const starts[] = {
		"#KIF", "# KIF", "手合割", "先手：", "後手：", "下手：", "上手：", "先手の持駒",
		"後手の持駒", "下手の持駒", "上手の持駒", "手数----",
	};
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
		if (strncmp(s, starts[i], strlen(starts[i])) == 0)
			return 1;
	if (sjis_line(s))
		return 1;
	s = skip_spaces(s);
	if (*s != '1' || skip_spaces(s + 1) == s + 1)
		return 0;
	s = skip_spaces(s + 1);   /* a full-width digit １-９: EF BC 91-99, Shift_JIS 82 50-58 */
	return ((unsigned char)s[0] == 0xef && (unsigned char)s[1] == 0xbc &&
	        (unsigned char)s[2] >= 0x91 && (unsigned char)s[2] <= 0x99) ||
	       ((unsigned char)s[0] == 0x82 && (unsigned char)s[1] >= 0x50 &&
	        (unsigned char)s[1] <= 0x58);
}

/* Whether text is KIF: not CSA, not yomi's (which starts with a tag, '['), and a line
 * starts as KIF's do (kif_line): a word such as "KIF" or "先手：" elsewhere on a line, in a
 * comment or a tag of another record, does not make it KIF. */
int sg_kif_detect(const char *text, size_t len)
{
	const char *s = text;
	if (strncmp(s, "\xef\xbb\xbf", 3) == 0)   /* a byte-order mark */
		s += 3;
	if (sg_csa_detect(text, len) || s[strspn(s, " \t\r\n")] == '[' ||
	    sg_ki2_first_move(text))
		return 0;   /* CSA, yomi's, KI2 (whose headers are KIF's) */
	for (; *s; s += strcspn(s, "\n"), s += *s == '\n')
		if (kif_line(s))
			return 1;
	return 0;
}
