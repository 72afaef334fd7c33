/* cmd_show.c - `yomi show [--lang en|ja] [POSITION|-]`: the board as text (and a record's
 * players and result). */
#include <string.h>

#include "cli/cli.h"

struct show_opts {
	struct cli_common common;
	enum board_lang lang;
};

static const struct argp_option options[] = {
	{"lang", 'l', "LANG", 0, "Piece names: en (letters, default) or ja (Japanese names)", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct show_opts *o = state->input;
	switch (key) {
	case 'l':
		o->lang = cli_lang_option(state, arg);
		return 0;
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &o->common;
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

/* A side as the diagram names it ("first player", "先手", "black (X)"). */
static const char *side_name(const struct game_look *look, int side, enum board_lang lang)
{
	return look ? look->sides[side][lang] : side ? "second player" : "first player";
}

static int show_one(const struct cli_common *c, const void *pos, void *opts, int filter,
                    struct yomi_error *err)
{
	(void)err;
	const struct show_opts *o = opts;
	const struct cli_history *h = c->history;
	char text[YOMI_TEXT_MAX];
	struct game_status st = cli_status(c, pos);
	static const char *const outcome[] = {"ongoing", "win", "loss", "draw"};
	c->game->format(pos, c->notation, text, sizeof text);
	if (c->json) {
		fputs("{\"game\":", stdout);
		json_string(stdout, c->game->name);
		fputs(",\"position\":", stdout);
		json_string(stdout, text);
		printf(",\"status\":\"%s\"", outcome[st.outcome]);
		if (st.reason) {
			fputs(",\"reason\":", stdout);
			json_string(stdout, st.reason);
		}
		yomi_move moves[YOMI_MOVES_MAX];
		printf(",\"moves\":%d", st.outcome == GAME_ONGOING ? c->game->moves(pos, moves) : 0);
		if (h->result[0]) {   /* --record's result */
			fputs(",\"record\":{\"result\":", stdout);
			json_string(stdout, h->result);
			printf(",\"winner\":%s", h->winner < 0 ? "null"
			                          : h->winner ? "\"second\"" : "\"first\"");
			if (h->reason[0]) {
				fputs(",\"reason\":", stdout);
				json_string(stdout, h->reason);
			}
			fputc('}', stdout);
		}
		puts("}");
		return 0;
	}
	if (filter) {
		puts(text);
		return 0;
	}
	c->game->render(pos, &st, o->lang, stdout);
	/* --record's players, by the names the diagram gives the sides (in Japanese as KIF
	 * writes them, 先手：NAME); quoted as messages quote text (a name is the file's: an
	 * escape sequence must not reach the terminal) */
	const struct game_look *look = c->game->look;
	const int ja = o->lang == LANG_JA;
	for (int side = 0; side < 2; side++) {
		const char *name = h->players[side];
		char said[4 * RECORD_TAG_MAX];
		if (!*name)
			continue;
		printf("%s%s%s\n", side_name(look, side, o->lang), ja ? "：" : ": ",
		       yomi_said(name, said, sizeof said));
	}
	/* and the result it gives, with how the game ended (quoted: the file's text); an
	 * unfinished game that says nothing of why is left out */
	if (h->result[0] && (strcmp(h->result, "*") != 0 || h->reason[0])) {
		char said[4 * RECORD_TAG_MAX];
		const char *outcome = strcmp(h->result, "1/2-1/2") == 0 ? (ja ? "引き分け" : "draw")
		                    : h->winner < 0 ? (ja ? "中断" : "unfinished") : NULL;
		fputs(ja ? "結果：" : "result: ", stdout);
		if (outcome)
			fputs(outcome, stdout);
		else
			printf(ja ? "%sの勝ち" : "%s wins", side_name(look, h->winner, o->lang));
		if (h->reason[0])
			printf(ja ? "（%s）" : " (%s)", yomi_said(h->reason, said, sizeof said));
		putchar('\n');
	}
	printf("%s: %s\n", c->game->notations[c->notation].name, text);
	return 0;
}

int cmd_show(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "[POSITION|-]",
		"Print the board, the side to move, whether the game is over, the players a "
		"--record names and the result it gives, and the position in the game's "
		"notation.  With '-', print each stdin position normalized, one per line.",
		cli_common_children, NULL, NULL};
	struct show_opts o = {.lang = LANG_EN};
	cli_common_init(&o.common, game);
	return cli_run(&argp, argc, argv, &o, &o.common, show_one, &o);
}
