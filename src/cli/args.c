/*
 * args.c - positions that look like options: an Othello board begins with '-' as often as
 * not ("---------------------------OX------XO--------------------------- X", 75 of the 79
 * FFO problems), and getopt takes such a word for a cluster of short options or a long one.
 *
 * Why a pre-scan rather than "--": a word that is a position is a position wherever it
 * stands, as every other POSITION word is.  The scan knows the command's options from its
 * argp tree (which take an argument, so that an option's argument is never taken for a
 * position), and moves the words that are not options after a "--", in their order, when
 * together they are a position of some game (the command's parser then reads them as
 * always, and names the game's error if they are not its position).  getopt itself puts
 * the words that are not options after the options, so nothing else changes; an argv
 * without such a word is left as it is, and with it every real option error.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "yomi/registry.h"

static int option_end(const struct argp_option *o)
{
	return !o->name && !o->key && !o->doc && !o->group;
}

/* Whether an option (real: itself, or the option an alias stands for) takes an argument
 * that may stand in the next word (a required one). */
static int takes_arg(const struct argp_option *real)
{
	return real && real->arg && !(real->flags & OPTION_ARG_OPTIONAL);
}

/* The option of argp's tree named name[0..len) (exactly, or as the only option it is a
 * prefix of, as getopt_long takes it), or the one with short key; NULL if none.  *real is
 * the option whose argument it takes (an alias takes its original's); *ambiguous is set
 * when name is a prefix of several. */
static const struct argp_option *find_option(const struct argp *argp, const char *name,
                                             size_t len, int key,
                                             const struct argp_option **real, int *ambiguous,
                                             const struct argp_option **prefix,
                                             const struct argp_option **prefix_real)
{
	if (!argp)
		return NULL;
	const struct argp_option *last = NULL;
	for (const struct argp_option *o = argp->options; o && !option_end(o); o++) {
		if (!(o->flags & OPTION_ALIAS))
			last = o;
		if (o->flags & OPTION_DOC)
			continue;
		if (name && o->name && strncmp(o->name, name, len) == 0) {
			if (o->name[len] == '\0') {
				*real = last;
				return o;
			}
			if (*prefix && *prefix_real != last)
				*ambiguous = 1;
			*prefix = o;
			*prefix_real = last;
		}
		if (!name && key && o->key == key && !(o->flags & OPTION_DOC)) {
			*real = last;
			return o;
		}
	}
	for (const struct argp_child *c = argp->children; c && c->argp; c++) {
		const struct argp_option *o = find_option(c->argp, name, len, key, real, ambiguous,
		                                          prefix, prefix_real);
		if (o)
			return o;
	}
	return NULL;
}

/* A long option "--NAME[=ARG]": 1 if it is one of argp's (or ambiguous: argp says so), with
 * *next_arg set when its argument is the next word (and *name to its full name); 0 if it is
 * none. */
static int long_option(const struct argp *argp, const char *word, int *next_arg,
                       const char **full)
{
	const char *name = word + 2;
	const size_t len = strcspn(name, "=");
	const struct argp_option *real = NULL, *prefix = NULL, *prefix_real = NULL;
	int ambiguous = 0;
	const struct argp_option *o = find_option(argp, name, len, 0, &real, &ambiguous, &prefix,
	                                          &prefix_real);
	if (!o && !ambiguous && prefix) {
		o = prefix;
		real = prefix_real;
	}
	if (ambiguous && !o)
		return 1;
	if (!o)
		return 0;
	*next_arg = name[len] != '=' && takes_arg(real);
	*full = o->name;
	return 1;
}

/* A cluster of short options "-abc" or "-dARG": 1 if its first letter is one of argp's
 * options (getopt then reads the word as options, and names any error in it), with
 * *next_arg set when the last letter takes the next word as its argument. */
static int short_option(const struct argp *argp, const char *word, int *next_arg)
{
	for (const char *s = word + 1; *s; s++) {
		const struct argp_option *real = NULL, *prefix = NULL, *prefix_real = NULL;
		int ambiguous = 0;
		const struct argp_option *o = find_option(argp, NULL, 0, (unsigned char)*s, &real,
		                                          &ambiguous, &prefix, &prefix_real);
		if (!o)
			return s != word + 1;
		if (takes_arg(real)) {
			*next_arg = s[1] == '\0';
			return 1;
		}
	}
	return 1;
}

/* Whether a word that is no option of the command still has an option's shape: --name,
 * --name=..., or one letter after '-' (a mistyped option, which getopt names). */
static int option_shaped(const char *w)
{
	if (w[1] != '-')
		return w[2] == '\0';
	const char *s = w + 2;
	if (*s < 'a' || *s > 'z')
		return 0;
	while ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-')
		s++;
	return *s == '\0' || *s == '=';
}

/* Whether a word is made of a board's characters only (Othello's, tic-tac-toe's: '-' is an
 * empty cell), 9 or more (tic-tac-toe has 9 cells; no option is spelled so): a board, even
 * one with a cell too few, in words that are no position. */
static int board_shaped(const char *w)
{
	const size_t len = strlen(w);
	return len >= 9 && strspn(w, "-XOxo*./") == len;
}

/* Whether text is a position of some game of the registry. */
static int is_position(const char *text)
{
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	struct yomi_error err;
	for (int i = 0; game_registry[i]; i++)
		if (game_registry[i]->parse(text, pos, &err) == 0)
			return 1;
	return 0;
}

char **cli_position_args(const struct argp *argp, int *argcp, char **argv)
{
	const int argc = *argcp;
	/* each word: 1 an option or its argument, 0 a word that is no option */
	char *option = calloc((size_t)argc + 1, 1);
	char **out = calloc((size_t)argc + 2, sizeof *out);
	if (!option || !out) {
		free(option);
		free(out);
		return argv;
	}
	int dashed = 0, end = argc;   /* words that look like options; "--" */
	const char *missing = NULL;   /* an option whose argument, the next word, is not there */
	int missing_key = 0;
	size_t text_len = 1;
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--") == 0) {
			end = i;
			break;
		}
		text_len += strlen(w) + 1;
		if (w[0] != '-' || w[1] == '\0')
			continue;
		int next_arg = 0;
		const char *full = NULL;
		if (w[1] == '-' ? long_option(argp, w, &next_arg, &full)
		                : short_option(argp, w, &next_arg)) {
			option[i] = 1;
			if (next_arg && i + 1 < argc) {
				option[++i] = 1;
			} else if (next_arg) {
				missing = full;
				missing_key = w[strlen(w) - 1];
			}
			continue;
		}
		dashed++;
	}
	for (int i = end + 1; i < argc; i++)
		text_len += strlen(argv[i]) + 1;
	char *text = dashed ? malloc(text_len) : NULL;
	int moved = 0;
	/* the words that are no option, as the command joins them; then without those of an
	 * option's shape, which getopt is left to name (a mistyped option next to a board) */
	for (int pass = 0; text && pass < 2 && !moved; pass++) {
		size_t at = 0;
		for (int i = 1; i < argc; i++) {
			if (i == end || (i < end && option[i]))
				continue;
			if (pass && i < end && argv[i][0] == '-' && argv[i][1] && option_shaped(argv[i])) {
				option[i] = 1;   /* stays where it is */
				continue;
			}
			at += (size_t)sprintf(text + at, "%s%s", at ? " " : "", argv[i]);
		}
		text[at] = '\0';
		moved = is_position(text);
	}
	/* Words with a board among them that are still no position (a cell too many, the side
	 * to move left out) go to the command's parser all the same, which names what is
	 * wrong; getopt would only say "unrecognized option '------...'". */
	for (int i = 1; text && !moved && i < end; i++)
		moved = !option[i] && argv[i][0] == '-' && board_shaped(argv[i]);
	free(text);
	if (!moved) {
		free(option);
		free(out);
		return argv;
	}
	if (missing || missing_key) {   /* it would take the "--": getopt's error, as it says it */
		if (missing)
			fprintf(stderr, "%s: option '--%s' requires an argument\n", argv[0], missing);
		else
			fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0],
			        missing_key);
		exit(EXIT_USAGE);
	}
	int n = 0;
	out[n++] = argv[0];
	for (int i = 1; i < end; i++)
		if (option[i])
			out[n++] = argv[i];
	out[n++] = (char *)"--";
	for (int i = 1; i < argc; i++)
		if (i != end && (i > end || !option[i]))
			out[n++] = argv[i];
	out[n] = NULL;
	free(option);
	*argcp = n;
	static char **kept;   /* for the run, as argv is (an option's argument points into it) */
	free(kept);
	kept = out;
	return out;
}
