/*
 * shogi_notation.c - SFEN positions, USI moves, board diagrams and Japanese move names.
 * Parsers are strict and say exactly what is wrong and where, in one line; they never read
 * past the terminating NUL (they are fuzzed: tests/fuzz_parse.c).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/shogi/shogi_gen.h"
#include "games/shogi/shogi_notation.h"

static const char type_letter[16] = ".PLNSBRGKPLNSBR.";
static const char *const type_name[16] = {
	"empty square", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
	"promoted pawn", "promoted lance", "promoted knight", "promoted silver", "horse",
	"dragon", ""};
static const char *const colour_name[2] = {"first player", "second player"};

static int letter_type(int c)
{
	switch (toupper((unsigned char)c)) {
	case 'P': return SG_PAWN;
	case 'L': return SG_LANCE;
	case 'N': return SG_KNIGHT;
	case 'S': return SG_SILVER;
	case 'B': return SG_BISHOP;
	case 'R': return SG_ROOK;
	case 'G': return SG_GOLD;
	case 'K': return SG_KING;
	default: return 0;
	}
}

static void square_name(int sq, char out[3])
{
	out[0] = (char)('1' + sg_file(sq));
	out[1] = (char)('a' + sg_rank(sq));
	out[2] = '\0';
}

static const char *a_or_an(const char *name) { return strchr("aeiou", name[0]) ? "an" : "a"; }

/* Appends to buf at *at, never past len; keeps it NUL-terminated. */
static void put(char *buf, size_t len, size_t *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	if (*at >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	const int n = vsnprintf(buf + *at, len - *at, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at = *at + (size_t)n < len ? *at + (size_t)n : len;
}

/* ---- positions ---- */

/* Whether a piece of `type` and colour c on sq could never move again. */
static int dead_square(int type, int c, int sq)
{
	const int rr = c == 0 ? sg_rank(sq) : 8 - sg_rank(sq);   /* 0 = the far rank */
	return ((type == SG_PAWN || type == SG_LANCE) && rr == 0) || (type == SG_KNIGHT && rr <= 1);
}

static int check_position(struct shogi_pos *p, struct yomi_error *err)
{
	static const int most[8] = {0, 18, 4, 4, 4, 2, 2, 4};
	static const char *const plural[8] = {"", "pawns", "lances", "knights", "silvers",
	                                      "bishops", "rooks", "golds"};
	int count[8] = {0}, kings[2] = {0};
	char sqn[3];
	for (int sq = 0; sq < SG_SQUARES; sq++) {
		const int pc = p->board[sq];
		if (!pc)
			continue;
		const int type = sg_type(pc), c = sg_colour(pc);
		if (type == SG_KING) {
			if (++kings[c] > 1)
				return yomi_fail(err, "position: two %s kings", c ? "second-player"
				                                                    : "first-player");
			continue;
		}
		count[sg_base(type)]++;
		if (dead_square(type, c, sq)) {
			square_name(sq, sqn);
			return yomi_fail(err, "position: the %s on %s could never move", type_name[type],
			                 sqn);
		}
	}
	for (int c = 0; c < 2; c++)
		for (int t = SG_PAWN; t <= SG_GOLD; t++)
			count[t] += p->hand[c][t];
	for (int t = SG_PAWN; t <= SG_GOLD; t++)
		if (count[t] > most[t])
			return yomi_fail(err, "position: %d %s (the game has %d)", count[t], plural[t],
			                 most[t]);
	for (int c = 0; c < 2; c++)
		for (int f = 0; f < SG_FILES; f++) {
			int pawns = 0;
			for (int r = 0; r < SG_RANKS; r++)
				pawns += p->board[sg_square(f, r)] == (SG_PAWN | c << 4);
			if (pawns > 1)
				return yomi_fail(err, "position: two %s pawns on file %d (nifu)",
				                 c ? "second-player" : "first-player", f + 1);
		}
	sg_sync(p);
	const int them = p->stm ^ 1;
	if (p->king[them] < SG_SQUARES &&
	    sg_attacked(p, p->stm, p->king[them], sg_occupied(p)))
		return yomi_fail(err, "position: the side not to move is in check (its king could be "
		                 "taken)");
	return 0;
}

static const char *skip_blanks(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* Whether s starts with word w followed by a blank or the end. */
static int starts_word(const char *s, const char *w)
{
	const size_t n = strlen(w);
	return strncmp(s, w, n) == 0 && (!s[n] || isspace((unsigned char)s[n]));
}

static int parse_sfen(const char *s, struct shogi_pos *p, struct yomi_error *err)
{
	char cb[8];
	for (int rank = 0; rank < SG_RANKS; rank++) {
		int n = 0;   /* squares so far, from file 9 */
		while (*s && *s != '/' && !isspace((unsigned char)*s)) {
			if (isdigit((unsigned char)*s)) {
				if (*s == '0')
					return yomi_fail(err, "position: rank %d: '0' is not a count of "
					                 "empty squares", rank + 1);
				n += *s++ - '0';
				continue;
			}
			const int promoted = *s == '+';
			s += promoted;
			int type = letter_type(*s);
			if (!type && promoted && (!*s || *s == '/' || isspace((unsigned char)*s)))
				return yomi_fail(err, "position: rank %d: a '+' with no piece after it",
				                 rank + 1);
			if (!type)
				return yomi_fail(err, "position: rank %d: %s is not a piece (K R B G S N L "
				                 "P, +R +B +S +N +L +P promoted; lowercase for the second "
				                 "player)", rank + 1, yomi_char(*s, cb));
			if (promoted) {
				if (!sg_can_promote(type))
					return yomi_fail(err, "position: rank %d: a %s does not promote ('+%c')",
					                 rank + 1, type_name[type], *s);
				type |= SG_PROMOTED;
			}
			if (n < SG_FILES)
				p->board[sg_square(8 - n, rank)] =
				    (uint8_t)(type | (islower((unsigned char)*s) ? SG_WHITE_BIT : 0));
			n++;
			s++;
		}
		if (n != SG_FILES)
			return yomi_fail(err, "position: rank %d has %d square%s (the board has 9 files)",
			                 rank + 1, n, n == 1 ? "" : "s");
		if (rank < SG_RANKS - 1) {
			if (*s != '/')
				return yomi_fail(err, "position: %d rank%s, the board has 9 (ranks are "
				                 "separated by '/')", rank + 1, rank ? "s" : "");
			s++;
		}
	}
	if (*s == '/')
		return yomi_fail(err, "position: more than 9 ranks");
	s = skip_blanks(s);
	if (*s) {
		if ((*s != 'b' && *s != 'w') || (s[1] && !isspace((unsigned char)s[1])))
			return yomi_fail(err, "position: side to move: %s is not b (first player) or w "
			                 "(second player)", yomi_word(s, (char[32]){0}));
		p->stm = *s++ == 'w';
	}
	s = skip_blanks(s);
	if (*s == '-' && (!s[1] || isspace((unsigned char)s[1]))) {
		s++;
	} else {
		while (*s && !isspace((unsigned char)*s)) {
			int count = 1;
			if (isdigit((unsigned char)*s)) {
				/* The whole run of digits is the count, quoted as written: 999P is no
				 * count 99 of a piece '9'. */
				const int digits = (int)strspn(s, "0123456789");
				count = digits > 2    ? 0
				        : digits == 2 ? (s[0] - '0') * 10 + s[1] - '0'
				                      : s[0] - '0';
				if (count < 1 || count > 18)
					return yomi_fail(err, "position: hand: count %.*s%s (1 to 18)",
					                 digits < 20 ? digits : 20, s, digits > 20 ? "..." : "");
				s += digits;
				if (!*s || isspace((unsigned char)*s))
					return yomi_fail(err, "position: hand: a count, %d, with no piece after "
					                 "it (2P: two pawns)", count);
			}
			const int type = letter_type(*s);
			if (!type || type == SG_KING)
				return yomi_fail(err, "position: hand: %s is not a piece that can be in hand "
				                 "(R B G S N L P; lowercase for the second player)",
				                 yomi_char(*s, cb));
			const int c = islower((unsigned char)*s) ? 1 : 0;
			if (p->hand[c][type] + count > 18)
				return yomi_fail(err, "position: hand: more than 18 %c", *s);
			p->hand[c][type] = (uint8_t)(p->hand[c][type] + count);
			s++;
		}
	}
	s = skip_blanks(s);
	p->ply = 1;
	if (isdigit((unsigned char)*s)) {
		long n = 0;
		while (isdigit((unsigned char)*s) && n < 100000)
			n = n * 10 + (*s++ - '0');
		if (n < 1 || n > 65535 || isdigit((unsigned char)*s))
			return yomi_fail(err, "position: move number must be 1 to 65535");
		p->ply = (uint16_t)n;
	}
	s = skip_blanks(s);
	if (*s)
		return yomi_fail(err, "position: unexpected %s after the position",
		                 yomi_word(s, (char[32]){0}));
	return 0;
}

int shogi_parse(const char *text, struct shogi_pos *p, struct yomi_error *err)
{
	memset(p, 0, sizeof *p);
	const char *s = skip_blanks(text);
	if (!*s)
		return yomi_fail(err, "position: empty");
	if (starts_word(s, "startpos")) {
		s = skip_blanks(s + 8);
		if (*s)
			return yomi_fail(err, "position: unexpected %s after startpos",
			                 yomi_word(s, (char[32]){0}));
		s = SG_START_SFEN;
	} else if (starts_word(s, "sfen")) {
		s = skip_blanks(s + 4);
	}
	if (parse_sfen(s, p, err))
		return -1;
	return check_position(p, err);
}

void shogi_format(const struct shogi_pos *p, char *buf, size_t len)
{
	static const int hand_order[7] = {SG_ROOK, SG_BISHOP, SG_GOLD, SG_SILVER, SG_KNIGHT,
	                                  SG_LANCE, SG_PAWN};
	size_t at = 0;
	if (len)
		buf[0] = '\0';
	for (int r = 0; r < SG_RANKS; r++) {
		int empty = 0;
		for (int f = 8; f >= 0; f--) {
			const int pc = p->board[sg_square(f, r)];
			if (!pc) {
				empty++;
				continue;
			}
			if (empty)
				put(buf, len, &at, "%d", empty);
			empty = 0;
			const int ch = type_letter[sg_type(pc)];
			put(buf, len, &at, "%s%c", sg_type(pc) & SG_PROMOTED && sg_type(pc) != SG_KING
			                           ? "+" : "", sg_colour(pc) ? tolower(ch) : ch);
		}
		if (empty)
			put(buf, len, &at, "%d", empty);
		if (r < SG_RANKS - 1)
			put(buf, len, &at, "/");
	}
	put(buf, len, &at, " %c ", p->stm ? 'w' : 'b');
	int any = 0;
	for (int c = 0; c < 2; c++)
		for (int i = 0; i < 7; i++) {
			const int t = hand_order[i], n = p->hand[c][t];
			if (!n)
				continue;
			const int ch = type_letter[t];
			if (n > 1)
				put(buf, len, &at, "%d", n);
			put(buf, len, &at, "%c", c ? tolower(ch) : ch);
			any = 1;
		}
	if (!any)
		put(buf, len, &at, "-");
	put(buf, len, &at, " %d", p->ply);
}

/* ---- moves ---- */

void shogi_format_move(const struct shogi_pos *p, yomi_move m, char *buf, size_t len)
{
	(void)p;
	char from[3], to[3];
	if (m == SG_MOVE_WIN) {
		snprintf(buf, len, "win");
		return;
	}
	square_name(SG_TO(m), to);
	if (SG_IS_DROP(m)) {
		snprintf(buf, len, "%c*%s", type_letter[SG_DROP_TYPE(m)], to);
		return;
	}
	square_name(SG_FROM(m), from);
	snprintf(buf, len, "%s%s%s", from, to, SG_PROMO(m) ? "+" : "");
}

static const char *parse_square(const char *s, int *sq)
{
	if (s[0] >= '1' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'i') {
		*sq = sg_square(s[0] - '1', s[1] - 'a');
		return s + 2;
	}
	return NULL;
}

/* Why the declaration is not allowed at *p (the side to move may not declare). */
static const char *declare_refusal(const struct shogi_pos *p)
{
	const int us = p->stm, ksq = p->king[us];
	if (ksq >= SG_SQUARES)
		return "the side to move has no king";
	if (!sg_in_zone(us, ksq))
		return "the king is not in the enemy camp";
	if (p->checkers)
		return "the king is in check";
	const sbb camp = sg_zone(us) & p->occ[us] & ~sbb_bit(ksq);
	if (sbb_count(camp) < 10)
		return "fewer than 10 other pieces in the enemy camp";
	return us == 0 ? "fewer than 28 points (rook and bishop 5, other pieces 1; in the enemy "
	                 "camp and in hand)"
	               : "fewer than 27 points (rook and bishop 5, other pieces 1; in the enemy "
	                 "camp and in hand)";
}

/* Whether playing m leaves the mover's king attacked. */
static int leaves_check(const struct shogi_pos *p, yomi_move m)
{
	struct shogi_pos q;
	sg_play(p, m, &q);
	const int us = p->stm;
	return q.king[us] < SG_SQUARES && sg_attacked(&q, us ^ 1, q.king[us], sg_occupied(&q));
}

/* The Japanese long form at s, as shogi_format_move_ja and KIF records write it
 * ("７六歩(77)", "２二角成(88)", "６四銀不成(73)", "５五角打", "入玉宣言"; a ▲ or △ first is
 * skipped), as USI text into usi; *type is the piece it names (0: the declaration).  Returns
 * the text after the move, or NULL when s is not in that form. */
static const char *ja_to_usi(const char *s, char usi[8], int *type)
{
	static const char *const wide[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
	static const char *const kanji[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
	static const struct { const char *name; int type; } names[] = {
		{"成香", SG_PRO_LANCE}, {"成桂", SG_PRO_KNIGHT}, {"成銀", SG_PRO_SILVER},
		{"歩", SG_PAWN}, {"香", SG_LANCE}, {"桂", SG_KNIGHT}, {"銀", SG_SILVER},
		{"金", SG_GOLD}, {"角", SG_BISHOP}, {"飛", SG_ROOK}, {"玉", SG_KING}, {"王", SG_KING},
		{"と", SG_PRO_PAWN}, {"杏", SG_PRO_LANCE}, {"圭", SG_PRO_KNIGHT},
		{"全", SG_PRO_SILVER}, {"馬", SG_HORSE}, {"龍", SG_DRAGON}, {"竜", SG_DRAGON},
	};
	if (strncmp(s, "▲", 3) == 0 || strncmp(s, "△", 3) == 0)
		s += 3;
	*type = 0;
	if (strncmp(s, "入玉宣言", 12) == 0) {
		snprintf(usi, 8, "win");
		return s + 12;
	}
	int file = 0, rank = 0;
	for (int i = 1; i <= 9 && !file; i++)
		if (strncmp(s, wide[i], 3) == 0 || s[0] == '0' + i)
			file = i;
	if (!file)
		return NULL;
	s += s[0] == '0' + file ? 1 : 3;
	for (int i = 1; i <= 9 && !rank; i++)
		if (strncmp(s, kanji[i], 3) == 0 || strncmp(s, wide[i], 3) == 0)
			rank = i;
	if (!rank)
		return NULL;
	s += 3;
	for (size_t i = 0; i < sizeof names / sizeof names[0] && !*type; i++)
		if (strncmp(s, names[i].name, strlen(names[i].name)) == 0) {
			*type = names[i].type;
			s += strlen(names[i].name);
		}
	if (!*type)
		return NULL;
	int promo = 0;
	if (strncmp(s, "不成", 6) == 0)
		s += 6;
	else if (strncmp(s, "成", 3) == 0)
		s += 3, promo = 1;
	const char to_file = (char)('0' + file), to_rank = (char)('a' + rank - 1);
	if (strncmp(s, "打", 3) == 0 || *s != '(') {   /* KIF leaves 打 out where only a drop fits */
		if (*type > SG_GOLD || promo)
			return NULL;
		s += strncmp(s, "打", 3) == 0 ? 3 : 0;
		snprintf(usi, 8, "%c*%c%c", type_letter[*type], to_file, to_rank);
		return s;
	}
	if (s[1] < '1' || s[1] > '9' || s[2] < '1' || s[2] > '9' || s[3] != ')')
		return NULL;
	snprintf(usi, 8, "%c%c%c%c%s", s[1], 'a' + s[2] - '1', to_file, to_rank, promo ? "+" : "");
	return s + 4;
}

/* A move in the Japanese long form (text starts with a byte outside ASCII): read as the USI
 * move it names, the piece named checked against the board; a message quotes both. */
static int parse_move_ja(const struct shogi_pos *p, const char *text, yomi_move *m,
                         struct yomi_error *err)
{
	char said[64], usi[8];
	int type;
	yomi_said(text, said, sizeof said);
	const char *rest = ja_to_usi(skip_blanks(text), usi, &type);
	if (!rest || *skip_blanks(rest))
		return yomi_fail(err, "move: '%s': expected a USI move like 7g7f, 8h2b+, P*5e or "
		                 "win, or the Japanese long form like ７六歩(77)", said);
	struct yomi_error e;
	if (shogi_parse_move(p, usi, m, &e) != 0)
		return yomi_fail(err, "move: %s: %s", said,
		                 strncmp(e.msg, "move: ", 6) == 0 ? e.msg + 6 : e.msg);
	if (type && !SG_IS_DROP(*m) && sg_type(p->board[SG_FROM(*m)]) != type)
		return yomi_fail(err, "move: %s: %s: the piece on %c%c is %s %s", said, usi, usi[0],
		                 usi[1], a_or_an(type_name[sg_type(p->board[SG_FROM(*m)])]),
		                 type_name[sg_type(p->board[SG_FROM(*m)])]);
	return 0;
}

int shogi_parse_move(const struct shogi_pos *p, const char *text, yomi_move *m,
                     struct yomi_error *err)
{
	char said[32];
	yomi_said(text, said, sizeof said);
	const char *s = skip_blanks(text);
	int from = -1, to = -1, type = 0, plus = 0;
	yomi_move cand = 0;
	if ((unsigned char)s[0] >= 0x80)
		return parse_move_ja(p, text, m, err);
	if (starts_word(s, "win")) {
		s += 3;
		cand = SG_MOVE_WIN;
	} else if (letter_type(s[0]) && isupper((unsigned char)s[0]) && s[1] == '*' &&
	           parse_square(s + 2, &to)) {
		type = letter_type(s[0]);
		s += 4;
	} else if ((s = parse_square(s, &from)) != NULL && (s = parse_square(s, &to)) != NULL) {
		if (*s == '+') {
			plus = 1;
			s++;
		}
	} else {
		return yomi_fail(err, "move: '%s': expected a USI move like 7g7f, 8h2b+, P*5e or win",
		                 said);
	}
	if (*skip_blanks(s))
		return yomi_fail(err, "move: '%s': unexpected text after the move", said);

	const struct game_status st = shogi_status(p);
	if (st.outcome != GAME_ONGOING)
		return yomi_fail(err, "move: %s: the game is over (%s)", said, st.reason);
	yomi_move legal[SG_MAX_MOVES];
	const int n = sg_gen(p, legal);
	const int us = p->stm;
	char fs[3], ts[3];
	if (cand == SG_MOVE_WIN) {
		for (int i = 0; i < n; i++)
			if (legal[i] == SG_MOVE_WIN) {
				*m = SG_MOVE_WIN;
				return 0;
			}
		return yomi_fail(err, "move: win: no entering-king declaration: %s",
		                 declare_refusal(p));
	}
	square_name(to, ts);
	if (type) {
		const yomi_move d = SG_DROP(type, to);
		for (int i = 0; i < n; i++)
			if (legal[i] == d) {
				*m = d;
				return 0;
			}
		if (type == SG_KING)
			return yomi_fail(err, "move: %s: a king is never in hand", said);
		if (!p->hand[us][type])
			return yomi_fail(err, "move: %s: no %s in hand", said, type_name[type]);
		if (p->board[to])
			return yomi_fail(err, "move: %s: %s is occupied", said, ts);
		if (dead_square(type, us, to))
			return yomi_fail(err, "move: %s: %s %s on %s could never move", said,
			                 a_or_an(type_name[type]), type_name[type], ts);
		if (type == SG_PAWN && !sbb_test(sg_no_pawn_files(p, us), to))
			return yomi_fail(err, "move: %s: a second pawn on file %d (nifu)", said,
			                 sg_file(to) + 1);
		if (type == SG_PAWN && p->king[us ^ 1] < SG_SQUARES &&
		    sbb_test(sg_t.step[SG_PAWN][us ^ 1][p->king[us ^ 1]], to) &&
		    sg_pawn_drop_mates(p, to) && !leaves_check(p, d))
			return yomi_fail(err, "move: %s: pawn-drop mate (uchifuzume)", said);
		return yomi_fail(err, "move: %s: leaves your king in check", said);
	}
	square_name(from, fs);
	const int pc = p->board[from];
	if (!pc)
		return yomi_fail(err, "move: %s: %s is empty", said, fs);
	const int real = sg_type(pc);
	if (sg_colour(pc) != us)
		return yomi_fail(err, "move: %s: the %s on %s is not yours", said, type_name[real], fs);
	if (!sbb_test(sg_attacks(real, us, from, sg_occupied(p)), to))
		return yomi_fail(err, "move: %s: %s %s on %s cannot reach %s", said,
		                 a_or_an(type_name[real]), type_name[real], fs, ts);
	if (p->board[to] && sg_colour(p->board[to]) == us)
		return yomi_fail(err, "move: %s: %s holds your own %s", said, ts,
		                 type_name[sg_type(p->board[to])]);
	const yomi_move mv = SG_MOVE(from, to, plus);
	for (int i = 0; i < n; i++)
		if (legal[i] == mv) {
			*m = mv;
			return 0;
		}
	if (plus && !sg_can_promote(real))
		return yomi_fail(err, "move: %s: %s %s does not promote", said,
		                 a_or_an(type_name[real]), type_name[real]);
	if (plus && !sg_in_zone(us, from) && !sg_in_zone(us, to))
		return yomi_fail(err, "move: %s: a piece promotes only when it moves into, within or "
		                 "out of the promotion zone (the far three ranks)", said);
	if (!plus && sg_can_promote(real) && dead_square(real, us, to))
		return yomi_fail(err, "move: %s: %s %s on %s must promote (%s+)", said,
		                 a_or_an(type_name[real]), type_name[real], ts, said);
	return yomi_fail(err, "move: %s: leaves your king in check", said);
}

/* ---- board diagrams ---- */

static const char *const kanji_digit[19] = {
	"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
	"十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"};
static const char *const wide_digit[10] = {
	"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
/* One kanji per piece, as diagrams (BOD) draw them; the king 王 for the first player. */
static const char *const kanji_cell[2][16] = {
	{"・", "歩", "香", "桂", "銀", "角", "飛", "金", "王", "と", "杏", "圭", "全", "馬", "龍", ""},
	{"・", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍", ""},
};
/* Names in moves and records (KIF). */
static const char *const kanji_name[16] = {
	"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬",
	"龍", ""};

static void render_hand_en(const struct shogi_pos *p, int c, FILE *out)
{
	static const int order[7] = {SG_ROOK, SG_BISHOP, SG_GOLD, SG_SILVER, SG_KNIGHT,
	                             SG_LANCE, SG_PAWN};
	int any = 0;
	fprintf(out, "    %s, in hand:", colour_name[c]);
	for (int i = 0; i < 7; i++) {
		const int n = p->hand[c][order[i]];
		if (!n)
			continue;
		fprintf(out, " %s", type_name[order[i]]);
		if (n > 1)
			fprintf(out, " x%d", n);
		any = 1;
	}
	fputs(any ? "\n" : " -\n", out);
}

static void render_hand_ja(const struct shogi_pos *p, int c, FILE *out)
{
	static const int order[7] = {SG_ROOK, SG_BISHOP, SG_GOLD, SG_SILVER, SG_KNIGHT,
	                             SG_LANCE, SG_PAWN};
	int any = 0;
	fputs(c ? "後手の持駒：" : "先手の持駒：", out);
	for (int i = 0; i < 7; i++) {
		const int n = p->hand[c][order[i]];
		if (!n)
			continue;
		fprintf(out, "%s%s%s", any ? "　" : "", kanji_name[order[i]],
		        n > 1 ? kanji_digit[n] : "");
		any = 1;
	}
	fputs(any ? "\n" : "なし\n", out);
}

static const char *reason_ja(const char *reason)
{
	static const char *const map[][2] = {
		{"checkmate", "詰み"},
		{"no legal move", "指し手なし"},
		{"entering-king declaration", "入玉宣言"},
		{"perpetual check", "連続王手の千日手"},
		{"sennichite: fourfold repetition", "千日手"},
		{"move limit", "手数制限"},
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(reason, map[i][0]) == 0)
			return map[i][1];
	return reason;
}

void shogi_render(const struct shogi_pos *p, const struct game_status *status,
                  enum board_lang lang, FILE *out)
{
	const struct game_status st = status ? *status : shogi_status(p);
	if (lang == LANG_JA) {
		render_hand_ja(p, 1, out);
		fputs("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n", out);
		for (int r = 0; r < SG_RANKS; r++) {
			fputc('|', out);
			for (int f = 8; f >= 0; f--) {
				const int pc = p->board[sg_square(f, r)];
				fprintf(out, "%s%s", pc && sg_colour(pc) ? "v" : " ",
				        kanji_cell[sg_colour(pc)][sg_type(pc)]);
			}
			fprintf(out, "|%s\n", kanji_digit[r + 1]);
		}
		fputs("+---------------------------+\n", out);
		render_hand_ja(p, 0, out);
		if (st.outcome == GAME_ONGOING)
			fprintf(out, "手番：%s（%d手目）%s\n", p->stm ? "後手" : "先手", p->ply,
			        p->checkers ? "　王手" : "");
		else if (st.outcome == GAME_DRAW)
			fprintf(out, "終局：引き分け（%s）\n", reason_ja(st.reason));
		else
			fprintf(out, "終局：%sの勝ち（%s）\n",
			        (st.outcome == GAME_WIN) == (p->stm == 0) ? "先手" : "後手",
			        reason_ja(st.reason));
		return;
	}
	fputs("    9  8  7  6  5  4  3  2  1\n", out);
	for (int r = 0; r < SG_RANKS; r++) {
		fputs("  ", out);
		for (int f = 8; f >= 0; f--) {
			const int pc = p->board[sg_square(f, r)], type = sg_type(pc);
			const int ch = pc ? type_letter[type] : '.';
			fprintf(out, " %c%c", pc && (type & SG_PROMOTED) && type != SG_KING ? '+' : ' ',
			        pc && sg_colour(pc) ? tolower(ch) : ch);
		}
		fprintf(out, "  %c", 'a' + r);
		if (r == 0)
			render_hand_en(p, 1, out);
		else if (r == SG_RANKS - 1)
			render_hand_en(p, 0, out);
		else
			fputc('\n', out);
	}
	if (st.outcome == GAME_ONGOING)
		fprintf(out, "%s to move (move %d)%s\n", colour_name[p->stm], p->ply,
		        p->checkers ? ", in check" : "");
	else if (st.outcome == GAME_DRAW)
		fprintf(out, "game over: draw (%s)\n", st.reason);
	else
		fprintf(out, "game over: %s wins (%s)\n",
		        colour_name[st.outcome == GAME_WIN ? p->stm : p->stm ^ 1], st.reason);
}

/* ---- Japanese move names ---- */

void shogi_format_move_ja(const struct shogi_pos *p, yomi_move m, int prev_to, char *buf,
                          size_t len)
{
	size_t at = 0;
	if (len)
		buf[0] = '\0';
	if (m == SG_MOVE_WIN) {
		put(buf, len, &at, "入玉宣言");
		return;
	}
	const int to = SG_TO(m);
	if (to == prev_to)
		put(buf, len, &at, "同　");
	else
		put(buf, len, &at, "%s%s", wide_digit[sg_file(to) + 1], kanji_digit[sg_rank(to) + 1]);
	if (SG_IS_DROP(m)) {
		put(buf, len, &at, "%s打", kanji_name[SG_DROP_TYPE(m)]);
		return;
	}
	const int from = SG_FROM(m), type = sg_type(p->board[from]);
	put(buf, len, &at, "%s", kanji_name[type]);
	if (SG_PROMO(m))
		put(buf, len, &at, "成");
	else if (sg_can_promote(type) && (sg_in_zone(p->stm, from) || sg_in_zone(p->stm, to)))
		put(buf, len, &at, "不成");
	put(buf, len, &at, "(%d%d)", sg_file(from) + 1, sg_rank(from) + 1);
}
