/*
 * dobutsu_notation.c - reading and writing Dobutsu positions and moves, and the board
 * diagram.  Parsers are strict and say exactly what is wrong and where, in one line; they
 * never read past the terminating NUL (they are fuzzed: tests/fuzz_parse.c).
 *
 * Positions: SFEN style "gle/1c1/1C1/ELG b - 1" (canonical), the dobutsu tablebase
 * program's "S/gle/-c-/-C-/ELG/-" (told apart by their first two characters), and the FEN
 * of Fairy-Stockfish and pychess "gle/1c1/1C1/ELG[] w - - 0 1" (a '[' after the board).
 * Moves: "Cb3-b2", "Cb3xb2", "b3b2", "C*b2", "C  *b2", a promotion's '+' optional; and in
 * USI as Fairy-Stockfish and pychess write them: "2c2b", "C*2b", "2b2a+".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/dobutsu/dobutsu.h"

static const char type_letter[DOB_TYPES + 1] = ".CEGLH";
static const char *const type_name[DOB_TYPES] = {
	"empty square", "chick", "elephant", "giraffe", "lion", "hen"};
static const char *const a_type[DOB_TYPES] = {
	"an empty square", "a chick", "an elephant", "a giraffe", "a lion", "a hen"};
static const char *const type_steps[DOB_TYPES] = {
	"", "one step forward", "one step diagonally", "one step orthogonally",
	"one step in any direction", "one step orthogonally or diagonally forward"};
static const char *const colour_name[2] = {"first player", "second player"};

/* Piece type of a letter in either case (H, and R as the tablebase program writes it, are a
 * hen); 0 if none. */
static int letter_type(int c)
{
	switch (toupper((unsigned char)c)) {
	case 'C': return DOB_CHICK;
	case 'E': return DOB_ELEPHANT;
	case 'G': return DOB_GIRAFFE;
	case 'L': return DOB_LION;
	case 'H': case 'R': return DOB_HEN;
	default: return 0;
	}
}

static void square_name(int sq, char out[3])
{
	out[0] = (char)('a' + sq % DOB_FILES);
	out[1] = (char)('1' + sq / DOB_FILES);
	out[2] = '\0';
}

/* ---- position checks shared by both notations ---- */

static int check_material(struct dobutsu_pos *p, struct yomi_error *err)
{
	static const char *const plural[DOB_TYPES] = {
		"", "chicks or hens", "elephants", "giraffes", "lions", ""};
	static const char *const one[DOB_TYPES] = {"", "chick or hen", "elephant", "giraffe", "lion", ""};
	int count[DOB_TYPES] = {0}, lions[2] = {0};
	for (int sq = 0; sq < DOB_SQUARES; sq++) {
		int type = p->board[sq] & 7;
		if (type == DOB_LION)
			lions[p->board[sq] >> 3]++;
		count[type == DOB_HEN ? DOB_CHICK : type]++;
	}
	for (int c = 0; c < 2; c++) {
		for (int t = DOB_CHICK; t <= DOB_LION; t++)
			count[t] += p->hand[c][t];
		lions[c ^ 1] += p->hand[c][DOB_LION];   /* c's capture was the other's lion */
	}
	for (int t = DOB_CHICK; t <= DOB_LION; t++)
		if (count[t] != 2)
			return yomi_fail(err, "position: %d %s (the game has 2; captured pieces go "
			                 "to a hand)", count[t], count[t] == 1 ? one[t] : plural[t]);
	for (int c = 0; c < 2; c++)
		if (lions[c] == 2)
			return yomi_fail(err, "position: both lions are the %s's (the %s has no lion)",
			                 colour_name[c], colour_name[c ^ 1]);
	if (p->hand[0][DOB_LION] && p->hand[1][DOB_LION])
		return yomi_fail(err, "position: both lions are captured");
	dobutsu_sync(p);
	return 0;
}

/* ---- SFEN style, and the FEN of Fairy-Stockfish and pychess ---- */

/* The board of both notations at *s: four ranks, the top first, separated by '/'; digits
 * count empty squares, +C (or H) is a hen, lowercase the second player's. */
static int parse_board(const char **at, struct dobutsu_pos *p, struct yomi_error *err)
{
	char cb[8];
	const char *s = *at;
	for (int rank = 0; rank < DOB_RANKS; rank++) {
		int file = 0;
		while (*s && *s != '/' && *s != '[' && !isspace((unsigned char)*s)) {
			if (isdigit((unsigned char)*s)) {
				if (*s == '0')
					return yomi_fail(err, "position: rank %d: '0' is not a count of "
					                 "empty squares", rank + 1);
				if (file <= 1000)   /* a run of digits of any length cannot overflow */
					file += *s - '0';
				s++;
				continue;
			}
			int promoted = *s == '+';
			if (promoted && letter_type(s[1]) != DOB_CHICK)
				return yomi_fail(err, "position: rank %d: '+' must be followed by C or c "
				                 "(a hen), not %s", rank + 1, yomi_char(s[1], cb));
			s += promoted;
			int type = letter_type(*s);
			if (!type || toupper((unsigned char)*s) == 'R')
				return yomi_fail(err, "position: rank %d: %s is not a piece (L G E C, +C or "
				                 "H for a hen; lowercase for the second player)", rank + 1,
				                 yomi_char(*s, cb));
			if (promoted)
				type = DOB_HEN;
			if (file < DOB_FILES)
				p->board[rank * DOB_FILES + file] =
				    (uint8_t)(type | (islower((unsigned char)*s) ? 8 : 0));
			file++;
			s++;
		}
		if (file > 1000)
			return yomi_fail(err, "position: rank %d has more than 1000 squares (the board "
			                 "has 3 files)", rank + 1);
		if (file != DOB_FILES)
			return yomi_fail(err, "position: rank %d has %d square%s (the board has 3 files)",
			                 rank + 1, file, file == 1 ? "" : "s");
		if (rank < DOB_RANKS - 1) {
			if (*s != '/')
				return yomi_fail(err, "position: %d rank%s, the board has 4 (ranks are "
				                 "separated by '/')", rank + 1, rank ? "s" : "");
			s++;
		}
	}
	if (*s == '/')
		return yomi_fail(err, "position: more than 4 ranks");
	*at = s;
	return 0;
}

/* A whole number of at most 5 digits at *s, min to max, into *n (what can follow a
 * position: a longer run of digits is refused, never summed past an int). */
static int parse_number(const char **s, long min, long max, long *n, const char *what,
                        struct yomi_error *err)
{
	const size_t digits = strspn(*s, "0123456789");
	if (digits > 5 || (*n = strtol(*s, NULL, 10)) > max || *n < min)
		return yomi_fail(err, "position: %s must be %ld to %ld", what, min, max);
	*s += digits;
	return 0;
}

static int parse_sfen(const char *s, struct dobutsu_pos *p, struct yomi_error *err)
{
	char cb[8];
	if (parse_board(&s, p, err))
		return -1;
	if (*s == '[')
		return yomi_fail(err, "position: '[' after the board: a hand in brackets is FEN "
		                 "(gle/1c1/1C1/ELG[] w - - 0 1)");
	while (isspace((unsigned char)*s))
		s++;
	/* Side to move; optional (first player) when nothing follows the board. */
	if (*s) {
		if ((*s != 'b' && *s != 'w') || (s[1] && !isspace((unsigned char)s[1])))
			return yomi_fail(err, "position: side to move: %s is not b (first player) or "
			                 "w (second player)", yomi_char(*s, cb));
		p->stm = *s++ == 'w';
	}
	while (isspace((unsigned char)*s))
		s++;
	/* Hands: '-' or [count]letter..., uppercase the first player's. */
	if (*s == '-' && (!s[1] || isspace((unsigned char)s[1]))) {
		s++;
	} else {
		while (*s && !isspace((unsigned char)*s)) {
			int count = 1;
			if (isdigit((unsigned char)*s)) {
				/* The whole run of digits is the count: 12C is no 1 and a piece '2', and
				 * 99999C no count 9. */
				const int digits = (int)strspn(s, "0123456789");
				if (digits > 1 || *s < '1' || *s > '2')
					return yomi_fail(err, "position: hand: count %.*s%s (at most 2 of a "
					                 "kind)", digits < 20 ? digits : 20, s,
					                 digits > 20 ? "..." : "");
				count = *s++ - '0';
			}
			int type = letter_type(*s);
			if (type < DOB_CHICK || type > DOB_LION)
				return yomi_fail(err, "position: hand: %s is not a piece that can be in "
				                 "hand (C E G; L for a captured lion)", yomi_char(*s, cb));
			int colour = islower((unsigned char)*s) ? 1 : 0;
			if (p->hand[colour][type] + count > 2)
				return yomi_fail(err, "position: hand: more than 2 %c", *s);
			p->hand[colour][type] = (uint8_t)(p->hand[colour][type] + count);
			s++;
		}
	}
	while (isspace((unsigned char)*s))
		s++;
	p->ply = 1;
	if (isdigit((unsigned char)*s)) {
		long n;
		if (parse_number(&s, 1, 65535, &n, "move number", err))
			return -1;
		p->ply = (uint16_t)n;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (*s)
		return yomi_fail(err, "position: unexpected %s after the position",
		                 yomi_word(s, (char[32]){0}));
	return 0;
}

/* Fairy-Stockfish's and pychess's FEN: "gle/1c1/1C1/ELG[] w - - 0 1": the board, the
 * hands in brackets ('-' or nothing when empty, uppercase the first player's), the side to
 * move as in chess (w: the first player, who moves first), castling and en passant fields
 * ('-', which pychess leaves out), the halfmove clock (ignored) and the move number (a pair
 * of plies). */
static int parse_fen(const char *s, struct dobutsu_pos *p, struct yomi_error *err)
{
	char cb[8];
	if (parse_board(&s, p, err))
		return -1;
	if (*s++ != '[')
		return yomi_fail(err, "position: FEN: '[' after the board expected");
	if (*s == '-' && s[1] == ']')
		s++;
	for (; *s != ']'; s++) {
		const int type = letter_type(*s);
		if (!*s)
			return yomi_fail(err, "position: FEN: no ']' after the hands");
		if (type < DOB_CHICK || type > DOB_LION)
			return yomi_fail(err, "position: FEN: hand: %s is not a piece that can be in "
			                 "hand (C E G; L for a captured lion)", yomi_char(*s, cb));
		const int colour = islower((unsigned char)*s) ? 1 : 0;
		if (++p->hand[colour][type] > 2)
			return yomi_fail(err, "position: FEN: hand: more than 2 %c", *s);
	}
	s++;
	if (!isspace((unsigned char)*s))
		return yomi_fail(err, "position: FEN: the side to move (w or b) after the hands "
		                 "expected");
	while (isspace((unsigned char)*s))
		s++;
	if ((*s != 'w' && *s != 'b') || (s[1] && !isspace((unsigned char)s[1])))
		return yomi_fail(err, "position: FEN: side to move: %s is not w (first player) or b "
		                 "(second player)", yomi_char(*s, cb));
	p->stm = *s++ == 'b';
	long numbers[2], k = 0;
	for (int fields = 0;; fields++) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (*s == '-' && fields < 2 && k == 0 && (!s[1] || isspace((unsigned char)s[1]))) {
			s++;   /* castling, en passant: none in this game */
			continue;
		}
		if (!isdigit((unsigned char)*s) || k == 2)
			return yomi_fail(err, "position: FEN: unexpected %s after the side to move",
			                 yomi_word(s, (char[32]){0}));
		if (parse_number(&s, k ? 1 : 0, k ? 32768 : 65535, &numbers[k],
		                 k ? "FEN: the move number" : "FEN: the halfmove clock", err))
			return -1;
		if (*s && !isspace((unsigned char)*s))
			return yomi_fail(err, "position: FEN: unexpected %s after the side to move",
			                 yomi_word(s, (char[32]){0}));
		k++;
	}
	if (k == 1)
		return yomi_fail(err, "position: FEN: the halfmove clock and the move number come "
		                 "together (0 1)");
	p->ply = (uint16_t)(k == 2 ? 2 * numbers[1] - 1 + p->stm : 1 + p->stm);
	return 0;
}

/* ---- the tablebase program's notation ---- */

static int parse_clausecker(const char *s, struct dobutsu_pos *p, struct yomi_error *err)
{
	char cb[8];
	p->stm = *s == 'G';
	s += 2;
	for (int rank = 0; rank < DOB_RANKS; rank++) {
		int file = 0;
		for (; *s && *s != '/' && !isspace((unsigned char)*s); s++, file++) {
			int type = letter_type(*s);
			if (*s != '-' && (!type || toupper((unsigned char)*s) == 'H'))
				return yomi_fail(err, "position: rank %d: %s is not a piece (L G E C R, "
				                 "lowercase for the second player, '-' empty)", rank + 1,
				                 yomi_char(*s, cb));
			if (file < DOB_FILES && type)
				p->board[rank * DOB_FILES + file] =
				    (uint8_t)(type | (islower((unsigned char)*s) ? 8 : 0));
		}
		if (file != DOB_FILES)
			return yomi_fail(err, "position: rank %d has %d square%s (the board has 3 files)",
			                 rank + 1, file, file == 1 ? "" : "s");
		if (*s != '/')
			return yomi_fail(err, "position: expected '/' after rank %d, found %s",
			                 rank + 1, yomi_char(*s, cb));
		s++;
	}
	if (*s == '-') {
		s++;
	} else if (!*s || isspace((unsigned char)*s)) {   /* the hands are never left out */
		return yomi_fail(err, "position: no hands after the last '/' ('-' when both are "
		                 "empty)");
	} else {
		for (; *s && !isspace((unsigned char)*s); s++) {
			int type = letter_type(*s);
			if (type < DOB_CHICK || type > DOB_LION)
				return yomi_fail(err, "position: hand: %s is not a piece that can be in "
				                 "hand (C G E; L for a captured lion)", yomi_char(*s, cb));
			int colour = islower((unsigned char)*s) ? 1 : 0;
			if (++p->hand[colour][type] > 2)
				return yomi_fail(err, "position: hand: more than 2 %c", *s);
		}
	}
	while (isspace((unsigned char)*s))
		s++;
	if (*s)
		return yomi_fail(err, "position: unexpected %s after the position",
		                 yomi_word(s, (char[32]){0}));
	p->ply = 1;
	return 0;
}

int dobutsu_parse(const char *text, struct dobutsu_pos *p, struct yomi_error *err)
{
	memset(p, 0, sizeof *p);
	while (isspace((unsigned char)*text))
		text++;
	if (!*text)
		return yomi_fail(err, "position: empty");
	const size_t board = strcspn(text, " \t\n\v\f\r");
	int rc = (text[0] == 'S' || text[0] == 'G') && text[1] == '/'
	         ? parse_clausecker(text, p, err)
	         : memchr(text, '[', board) ? parse_fen(text, p, err) : parse_sfen(text, p, err);
	return rc ? rc : check_material(p, err);
}

/* ---- formatting ---- */

/* Appends to buf at *at, never past len; keeps it NUL-terminated. */
static void put(char *buf, size_t len, size_t *at, const char *fmt, int a)
{
	if (*at >= len)
		return;
	int n = snprintf(buf + *at, len - *at, fmt, a);
	if (n > 0)
		*at += (size_t)n;
}

void dobutsu_format(const struct dobutsu_pos *p, int notation, char *buf, size_t len)
{
	static const int hand_order_sfen[] = {DOB_LION, DOB_GIRAFFE, DOB_ELEPHANT, DOB_CHICK};
	static const int hand_order_cl[] = {DOB_LION, DOB_CHICK, DOB_GIRAFFE, DOB_ELEPHANT};
	size_t at = 0;
	int any = 0;
	if (len)
		buf[0] = '\0';
	if (notation == 1) {   /* clausecker */
		put(buf, len, &at, "%c/", p->stm ? 'G' : 'S');
		for (int sq = 0; sq < DOB_SQUARES; sq++) {
			int pc = p->board[sq], type = pc & 7;
			int ch = type == DOB_HEN ? 'R' : pc ? type_letter[type] : '-';
			put(buf, len, &at, "%c", pc >> 3 ? tolower(ch) : ch);
			if (sq % DOB_FILES == DOB_FILES - 1)
				put(buf, len, &at, "%c", '/');
		}
		for (int i = 0; i < 4; i++)
			for (int c = 0; c < 2; c++)
				for (int k = 0; k < p->hand[c][hand_order_cl[i]]; k++, any = 1) {
					int ch = type_letter[hand_order_cl[i]];
					put(buf, len, &at, "%c", c ? tolower(ch) : ch);
				}
		if (!any)
			put(buf, len, &at, "%c", '-');
		return;
	}
	/* SFEN (0) and FEN (2) share the board */
	for (int rank = 0; rank < DOB_RANKS; rank++) {
		int empty = 0;
		for (int file = 0; file < DOB_FILES; file++) {
			int pc = p->board[rank * DOB_FILES + file], type = pc & 7;
			if (!pc) {
				empty++;
				continue;
			}
			if (empty)
				put(buf, len, &at, "%d", empty);
			empty = 0;
			if (type == DOB_HEN)
				put(buf, len, &at, "%c", '+');
			int ch = type_letter[type == DOB_HEN ? DOB_CHICK : type];
			put(buf, len, &at, "%c", pc >> 3 ? tolower(ch) : ch);
		}
		if (empty)
			put(buf, len, &at, "%d", empty);
		if (rank < DOB_RANKS - 1)
			put(buf, len, &at, "%c", '/');
	}
	if (notation == 2) {   /* FEN: the hands in Fairy-Stockfish's order */
		static const int hand_order_fen[] = {DOB_LION, DOB_GIRAFFE, DOB_CHICK, DOB_ELEPHANT};
		put(buf, len, &at, "%c", '[');
		for (int c = 0; c < 2; c++)
			for (int i = 0; i < 4; i++)
				for (int k = 0; k < p->hand[c][hand_order_fen[i]]; k++) {
					const int ch = type_letter[hand_order_fen[i]];
					put(buf, len, &at, "%c", c ? tolower(ch) : ch);
				}
		put(buf, len, &at, "] %c - - 0", p->stm ? 'b' : 'w');
		put(buf, len, &at, " %d", (p->ply + 1) / 2);
		return;
	}
	put(buf, len, &at, " %c ", p->stm ? 'w' : 'b');
	for (int c = 0; c < 2; c++)
		for (int i = 0; i < 4; i++) {
			int n = p->hand[c][hand_order_sfen[i]], ch = type_letter[hand_order_sfen[i]];
			if (!n)
				continue;
			if (n > 1)
				put(buf, len, &at, "%d", n);
			put(buf, len, &at, "%c", c ? tolower(ch) : ch);
			any = 1;
		}
	if (!any)
		put(buf, len, &at, "%c", '-');
	put(buf, len, &at, " %d", p->ply);
}

/* ---- board diagram ---- */

static void render_hand_en(const struct dobutsu_pos *p, int c, FILE *out)
{
	int any = 0;
	fprintf(out, "  %s, in hand:", colour_name[c]);
	for (int t = DOB_LION; t >= DOB_CHICK; t--)
		for (int k = 0; k < p->hand[c][t]; k++, any = 1)
			fprintf(out, " %s", type_name[t]);
	fputs(any ? "\n" : " -\n", out);
}

/* Japanese: the first player's pieces in katakana, the second player's in hiragana and
 * marked with 'v' as in KIF diagrams; names as the game's own material prints them. */
static const char *const ja_first[DOB_TYPES] = {"・", "ヒ", "ゾ", "キ", "ラ", "ニ"};
static const char *const ja_second[DOB_TYPES] = {"・", "ひ", "ぞ", "き", "ら", "に"};
static const char *const ja_name[DOB_TYPES] = {"", "ひよこ", "ゾウ", "キリン", "ライオン",
                                               "にわとり"};

static void render_hand_ja(const struct dobutsu_pos *p, int c, FILE *out)
{
	int any = 0;
	fputs(c ? "後手の持ち駒：" : "先手の持ち駒：", out);
	for (int t = DOB_LION; t >= DOB_CHICK; t--)
		if (p->hand[c][t]) {
			fprintf(out, "%s%s", any ? "　" : "", ja_name[t]);
			if (p->hand[c][t] > 1)
				fprintf(out, "%d", p->hand[c][t]);
			any = 1;
		}
	fputs(any ? "\n" : "なし\n", out);
}

void dobutsu_render(const struct dobutsu_pos *p, const struct game_status *status,
                    enum board_lang lang, FILE *out)
{
	const struct game_status st = status ? *status : dobutsu_status(p);
	if (lang == LANG_JA) {
		render_hand_ja(p, 1, out);
		fputs("  Ａ Ｂ Ｃ\n +---------+\n", out);
		for (int rank = 0; rank < DOB_RANKS; rank++) {
			fputs(" |", out);
			for (int file = 0; file < DOB_FILES; file++) {
				int pc = p->board[rank * DOB_FILES + file];
				fprintf(out, "%s%s", pc >> 3 ? "v" : " ",
				        (pc >> 3 ? ja_second : ja_first)[pc & 7]);
			}
			fprintf(out, "|%s\n", (const char *[]){"一", "二", "三", "四"}[rank]);
		}
		fputs(" +---------+\n", out);
		render_hand_ja(p, 0, out);
		fputs("ラ=ライオン キ=キリン ゾ=ゾウ ヒ=ひよこ ニ=にわとり（ひらがな・v＝後手）\n", out);
		if (st.outcome == GAME_ONGOING)
			fprintf(out, "手番：%s（%d手目）\n", p->stm ? "後手" : "先手", p->ply);
		else if (st.outcome == GAME_DRAW && strcmp(st.reason, "threefold repetition") == 0)
			fputs("終局：千日手（引き分け）\n", out);
		else if (st.outcome == GAME_DRAW)   /* a caller's draw, such as play's move limit */
			fprintf(out, "終局：引き分け（%s）\n", st.reason);
		else
			fprintf(out, "終局：%sの勝ち\n",
			        (st.outcome == GAME_WIN) == (p->stm == 0) ? "先手" : "後手");
		return;
	}
	fputs("    a b c\n", out);
	for (int rank = 0; rank < DOB_RANKS; rank++) {
		fprintf(out, "  %d", rank + 1);
		for (int file = 0; file < DOB_FILES; file++) {
			int pc = p->board[rank * DOB_FILES + file];
			int ch = pc ? type_letter[pc & 7] : '.';
			fprintf(out, " %c", pc >> 3 ? tolower(ch) : ch);
		}
		if (rank == 0)
			render_hand_en(p, 1, out);
		else if (rank == DOB_RANKS - 1)
			render_hand_en(p, 0, out);
		else
			fputc('\n', out);
	}
	if (st.outcome == GAME_ONGOING)
		fprintf(out, "%s to move (move %d)\n", colour_name[p->stm], p->ply);
	else if (st.outcome == GAME_DRAW)
		fprintf(out, "game over: draw (%s)\n", st.reason);
	else
		fprintf(out, "game over: %s wins (%s)\n",
		        colour_name[(st.outcome == GAME_WIN) ? p->stm : p->stm ^ 1], st.reason);
}

/* ---- moves ---- */

void dobutsu_format_move(const struct dobutsu_pos *p, yomi_move m, char *buf, size_t len)
{
	char from[3], to[3];
	square_name(DOB_TO(m), to);
	if (DOB_IS_DROP(m)) {
		snprintf(buf, len, "%c*%s", type_letter[DOB_DROP_TYPE(m)], to);
		return;
	}
	square_name(DOB_FROM(m), from);
	snprintf(buf, len, "%c%s%c%s%s", type_letter[dob_type_at(p, DOB_FROM(m))], from,
	         p->board[DOB_TO(m)] ? 'x' : '-', to, DOB_PROMO(m) ? "+" : "");
}

/* The USI convention of Fairy-Stockfish and pychess: files 1-3 from the right, ranks a-d
 * from the top (b3 is 2c). */
static void usi_square_name(int sq, char out[3])
{
	out[0] = (char)('0' + DOB_FILES - sq % DOB_FILES);
	out[1] = (char)('a' + sq / DOB_FILES);
	out[2] = '\0';
}

void dobutsu_format_move_usi(const struct dobutsu_pos *p, yomi_move m, char *buf, size_t len)
{
	char from[3], to[3];
	(void)p;
	usi_square_name(DOB_TO(m), to);
	if (DOB_IS_DROP(m)) {
		snprintf(buf, len, "%c*%s", type_letter[DOB_DROP_TYPE(m)], to);
		return;
	}
	usi_square_name(DOB_FROM(m), from);
	snprintf(buf, len, "%s%s%s", from, to, DOB_PROMO(m) ? "+" : "");
}

/* A square in yomi's notation (b3) or USI's (2c). */
static const char *parse_square(const char *s, int *sq)
{
	if (s[0] >= 'a' && s[0] <= 'c' && s[1] >= '1' && s[1] <= '4') {
		*sq = (s[1] - '1') * DOB_FILES + (s[0] - 'a');
		return s + 2;
	}
	if (s[0] >= '1' && s[0] <= '3' && s[1] >= 'a' && s[1] <= 'd') {
		*sq = (s[1] - 'a') * DOB_FILES + ('0' + DOB_FILES - s[0]);
		return s + 2;
	}
	return NULL;
}

static const char *skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

int dobutsu_parse_move(const struct dobutsu_pos *p, const char *text, yomi_move *m,
                       struct yomi_error *err)
{
	char said[32];   /* what the user typed, to quote in messages */
	yomi_said(text, said, sizeof said);

	const char *s = skip_spaces(text);
	int type = 0, from = -1, to = -1, drop = 0, plus = 0;
	const char *after = parse_square(s, &from);
	if (after && (after = parse_square(after, &to)) != NULL) {
		s = after;                          /* b3b2 */
	} else {
		from = -1;
		if (*s == '+' && letter_type(s[1]) == DOB_CHICK) {
			type = DOB_HEN;
			s += 2;
		} else if ((type = letter_type(*s)) != 0) {
			s++;
		}
		s = skip_spaces(s);
		if (type && *s == '*') {
			drop = 1;
			s = parse_square(skip_spaces(s + 1), &to);
		} else if ((s = parse_square(s, &from)) != NULL) {
			s = skip_spaces(s);
			if (*s == '-' || *s == 'x')
				s++;
			s = parse_square(skip_spaces(s), &to);
		}
		if (!s || !type)
			return yomi_fail(err, "move: '%s': expected a move like Cb3-b2, Cb3xb2, b3b2 or "
			                 "C*b2 (USI: 2c2b, C*2b)", said);
	}
	if (*s == '+') {
		plus = 1;
		s++;
	}
	if (*skip_spaces(s))
		return yomi_fail(err, "move: '%s': unexpected text after the move", said);

	struct game_status st = dobutsu_status(p);
	if (st.outcome != GAME_ONGOING)
		return yomi_fail(err, "move: %s: the game is over (%s)", said, st.reason);
	const int us = p->stm;
	char fs[3], ts[3];
	/* Squares named in the messages as the move named them. */
	const int usi = isdigit((unsigned char)*skip_spaces(text)) ||
	                (drop && isdigit((unsigned char)*skip_spaces(strchr(text, '*') + 1)));
	void (*name)(int, char[3]) = usi ? usi_square_name : square_name;
	name(to, ts);
	if (drop) {
		if (type > DOB_GIRAFFE)
			return yomi_fail(err, "move: %s: %s is never in hand", said, a_type[type]);
		if (!p->hand[us][type])
			return yomi_fail(err, "move: %s: no %s in hand", said, type_name[type]);
		if (p->board[to])
			return yomi_fail(err, "move: %s: %s is occupied", said, ts);
		if (plus)
			return yomi_fail(err, "move: %s: a dropped piece does not promote", said);
		*m = DOB_MOVE(DOB_SQUARES + type, to, 0);
		return 0;
	}
	name(from, fs);
	const int pc = p->board[from], real = pc & 7;
	if (!pc)
		return yomi_fail(err, "move: %s: %s is empty", said, fs);
	if (pc >> 3 != us)
		return yomi_fail(err, "move: %s: the %s on %s is not yours", said, type_name[real], fs);
	if (type && type != real)
		return yomi_fail(err, "move: %s: the piece on %s is %s, not %s", said, fs,
		                 a_type[real], a_type[type]);
	if (!((dob_att[us][real][from] >> to) & 1))
		return yomi_fail(err, "move: %s: %s moves %s", said, a_type[real], type_steps[real]);
	if (p->board[to] && p->board[to] >> 3 == us)
		return yomi_fail(err, "move: %s: %s holds your own %s", said, ts,
		                 type_name[p->board[to] & 7]);
	const int promo = real == DOB_CHICK && ((dob_far_rank(us) >> to) & 1);
	if (plus && !promo)
		return yomi_fail(err, "move: %s: this move does not promote", said);
	*m = DOB_MOVE(from, to, promo);
	return 0;
}
