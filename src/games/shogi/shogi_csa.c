/*
 * shogi_csa.c - CSA records (the Computer Shogi Association's format; V3.0, and the V2.2
 * it extends, are read; V3.0 is written, in UTF-8): written with
 * the whole board (P1-P9), read with PI and its handicaps, P1-P9, piece placements,
 * several statements a line, and the special move (%TORYO ...) that ends the game.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "games/shogi/shogi_notation.h"
#include "games/shogi/shogi_record_io.h"

static const char *const csa_piece[16] = {
	"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY", ""};

static void write_csa(FILE *out, const struct shogi_pos *start, const yomi_move *moves, int n,
                      const char *first, const char *second, struct sg_record_end end)
{
	/* V3.0, whose %MAX_MOVES says a game reached the move limit (V2.2 has no word for it),
	 * and whose first line declares the encoding (without it V3.0 readers take Shift_JIS) */
	fprintf(out, "'CSA encoding=UTF-8\nV3.0\nN+%s\nN-%s\n", first, second);
	if (sg_end_move_limit(end))
		fprintf(out, "$MAX_MOVES:%d\n", n);
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
	sg_end_words(end, p.stm, &kif, &csa);
	fprintf(out, "%s\n", csa);
	const char *note = sg_end_note(end, p.stm);
	if (note)   /* what the resignation stands for */
		sg_write_note(out, "'", note);
}

int sg_csa_write(const struct game *g, const struct record *r, FILE *out)
{
	(void)g;
	const char *black, *white;
	const struct sg_record_end end = sg_record_end_of(r, &black, &white);
	write_csa(out, (const void *)r->start, r->moves, r->len, black, white, end);
	return ferror(out) ? -1 : 0;
}

static int csa_type(const char *s)
{
	for (int t = 1; t < 15; t++)
		if (strncmp(s, csa_piece[t], 2) == 0)
			return t;
	return 0;
}

/* Whether statement st is a move (+7776FU, -0055KA). */
static int csa_is_move(const char *st)
{
	return (st[0] == '+' || st[0] == '-') && strlen(st) == 7 && isdigit((unsigned char)st[1]) &&
	       isdigit((unsigned char)st[2]) && isdigit((unsigned char)st[3]) &&
	       isdigit((unsigned char)st[4]) && csa_type(st + 5);
}

/* One CSA statement (a line holds one or more, separated by ','). */
static int csa_statement(struct sg_reader *r, const char *st, int *started, int *over)
{
	char what[40];
	yomi_said(st, what, sizeof what);
	if (st[0] == 'N' && (st[1] == '+' || st[1] == '-')) {
		sg_set_name(r, st[1] == '-', st + 2);
		return 0;
	}
	if (!*st || *st == '\'' || *st == 'V' || *st == 'N' || *st == '$' || *st == 'T')
		return 0;
	if (*st == '%') {   /* the end; %KACHI is the declaration, yomi's move `win` */
		*over = 1;
		if (strcmp(st, "%KACHI") == 0 && *started) {
			r->winner = r->pos.stm;
			r->reason = "entering-king declaration";
			return sg_play_usi(r, "win");
		}
		sg_set_end(r, st);
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
	if (csa_is_move(st)) {
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
		return sg_play_usi(r, usi);
	}
	return yomi_fail(r->err, "line %d: '%s' is not a CSA line", r->line, what);
}

int sg_read_csa(struct sg_reader *r)
{
	char line[512], end_word[40];
	int started = 0, over = 0, end_line = 0;
	memset(&r->pos, 0, sizeof r->pos);
	if (strncmp(r->s, "\xef\xbb\xbf", 3) == 0)   /* a byte-order mark */
		r->s += 3;
	/* A line '/' ends the record (another game's follows it, as CSA files hold several);
	 * after the special move that ends the game (%TORYO ...), no move may follow. */
	while (sg_next_line(r, line, sizeof line) && strcmp(line, "/") != 0) {
		for (char *st = line, *end; st; st = end) {
			end = strchr(st, ',');
			if (end)
				*end++ = '\0';
			if (over) {
				char what[40];
				if (csa_is_move(st))
					return yomi_fail(r->err, "line %d: move '%s' after the end of the "
					                 "game (%s on line %d)", r->line,
					                 yomi_said(st, what, sizeof what), end_word, end_line);
				continue;
			}
			if (csa_statement(r, st, &started, &over))
				return -1;
			if (over) {
				end_line = r->line;
				yomi_said(st, end_word, sizeof end_word);
			}
		}
	}
	if (!started)
		return yomi_fail(r->err, "no position (a CSA record gives PI or P1-P9 and "
		                 "the side to move)");
	return r->n;
}

int sg_csa_utf8(const char *text, size_t len, char **out, struct yomi_error *err)
{
	for (const char *s = text; *s; s += strcspn(s, "\n"), s += *s == '\n')
		if (strncmp(s, "'CSA encoding=", 14) == 0)
			return sg_record_utf8(text, len, "CSA", "'CSA encoding=", s + 14,
			                      strcspn(s + 14, "\r\n"), out, err);
	return sg_record_utf8(text, len, "CSA", "", NULL, 0, out, err);
}

/* Whether text is CSA: its first line that is not empty, a comment or metadata (after a
 * byte-order mark) starts with V, N+ or N-, PI or P1, as only CSA's first lines do. */
int sg_csa_detect(const char *text, size_t len)
{
	(void)len;
	const char *s = text;
	if (strncmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3;
	while (*s == '\n' || *s == '\r' || *s == '\'' || *s == '$') {
		s += strcspn(s, "\n");
		s += *s == '\n';
	}
	return s[0] == 'V' || (s[0] == 'N' && (s[1] == '+' || s[1] == '-')) ||
	       (s[0] == 'P' && (s[1] == 'I' || s[1] == '1'));
}
