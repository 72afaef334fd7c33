/* cmd_moves.c - `yomi moves [POSITION|-]`: every legal move in canonical notation. */
#include "cli/cli.h"

static error_t parse(int key, char *arg, struct argp_state *state)
{
	(void)arg;
	if (key == ARGP_KEY_INIT) {
		state->child_inputs[0] = state->input;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static int moves_one(const struct cli_common *c, const void *pos, void *opts, int filter,
                     struct yomi_error *err)
{
	(void)err;
	yomi_move moves[YOMI_MOVES_MAX];
	char text[YOMI_TEXT_MAX];
	const struct game_status st = cli_status(c, pos);
	const int n = st.outcome == GAME_ONGOING ? c->game->moves(pos, moves) : 0;
	(void)opts;
	if (c->json) {
		c->game->format(pos, c->notation, text, sizeof text);
		fputs("{\"position\":", stdout);
		json_string(stdout, text);
		fputs(",\"moves\":[", stdout);
		for (int i = 0; i < n; i++) {
			c->game->format_move(pos, moves[i], text, sizeof text);
			if (i)
				fputc(',', stdout);
			json_string(stdout, text);
		}
		fputs("]}\n", stdout);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		c->game->format_move(pos, moves[i], text, sizeof text);
		fputs(text, stdout);
		fputc(filter ? (i + 1 < n ? ' ' : '\n') : '\n', stdout);
	}
	if (n == 0) {
		if (filter)
			fputc('\n', stdout);
		else if (st.reason)
			cli_error("no moves: the game is over (%s)", st.reason);
	}
	return 0;
}

int cmd_moves(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		NULL, parse, "[POSITION|-]",
		"List every legal move of the position, one per line, in the game's canonical move "
		"notation (Dobutsu: Cb3xb2, Lb4-a3, Cb2-b1+, C*a2).  With '-', one line of "
		"space-separated moves per stdin position (empty when the game is over).",
		cli_common_children, NULL, NULL};
	struct cli_common c;
	cli_common_init(&c, game);
	return cli_run(&argp, argc, argv, &c, &c, moves_one, NULL);
}
