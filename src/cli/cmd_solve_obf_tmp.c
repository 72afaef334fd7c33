/*
 * cmd_solve_obf_tmp.c - TEMPORARY `yomi solve [FILE.obf|-|POSITION]` for games with an exact
 * solver, until the retrograde `yomi solve` of the main line dispatches to cli_solve_obf
 * itself (then this file goes).  A readable file or '-' is an .obf test file; anything else
 * is a position; nothing means the start position.
 */
#include <unistd.h>

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

int cmd_solve(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		NULL, parse, "[FILE.obf|-|POSITION]",
		"Solve exactly (games with an exact solver: othello, othello6, othello4): every "
		"position of an .obf test file (or '-', stdin), printing per line 'N MOVE =SCORE "
		"nodes N time T ok|WRONG' and a total; or one POSITION (default: the start).",
		cli_common_children, NULL, NULL};
	struct cli_common c;
	cli_common_init(&c, game);
	argp_parse(&argp, argc, argv, 0, NULL, &c);
	const char *path = c.from_stdin ? "-"
	                 : c.position && access(c.position, R_OK) == 0 ? c.position : NULL;
	const int status = cli_solve_obf(c.game, path, &c);
	cli_common_free(&c);
	return status;
}
