/* engine.c - an external engine for yomi match: its SPEC, its process, lines with time
 * limits; the protocol's part is in usi_client.c and gtp_client.c (client.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proto/client.h"
#include "yomi/search.h"

/* Text of a SPEC for a message, as messages quote text (yomi_said; its blanks at either end
 * kept, yomi_said_whole): at most 60 bytes, then "...", never cut inside a character; a
 * control byte as \xNN.  from[0..n) is copied first (more of it than can show, so the cut
 * is yomi_said's). */
enum { SPEC_SAID = 64 };
static const char *spec_said(const char *from, size_t n, char buf[SPEC_SAID])
{
	char text[2 * SPEC_SAID];
	snprintf(text, sizeof text, "%.*s", (int)(n < sizeof text - 1 ? n : sizeof text - 1), from);
	return yomi_said_whole(text, buf, SPEC_SAID);
}

int engine_spec_parse(const char *text, struct engine_spec *s, struct yomi_error *err)
{
	memset(s, 0, sizeof *s);
	if (strncmp(text, "usi:", 4) == 0)
		s->protocol = ENGINE_USI;
	else if (strncmp(text, "gtp:", 4) == 0)
		s->protocol = ENGINE_GTP;
	else
		return 1;
	char who[SPEC_SAID], what[SPEC_SAID];
	spec_said(text, strlen(text), who);
	const char *p = text + 4;
	size_t n = strcspn(p, ",");
	while (n > 0 && p[n - 1] == ' ')
		n--;
	if (n == 0)
		return yomi_fail(err, "player '%s': no command after '%.4s'", who, text);
	if (n >= sizeof s->command)
		return yomi_fail(err, "player '%s': the command is too long", who);
	memcpy(s->command, p, n);
	p += strcspn(p, ",");
	while (*p == ',') {
		p++;
		const size_t len = strcspn(p, ",");
		const char *eq = memchr(p, '=', len);
		if (!eq || eq == p)
			return yomi_fail(err, "player '%s': '%s' is not NAME=VALUE", who,
			                 spec_said(p, len, what));
		if (s->protocol == ENGINE_GTP)
			return yomi_fail(err, "player '%s': a GTP engine takes no options (give them "
			                 "in its command)", who);
		if (s->noptions == ENGINE_OPTIONS_MAX)
			return yomi_fail(err, "player '%s': more than %d options", who,
			                 ENGINE_OPTIONS_MAX);
		const size_t nl = (size_t)(eq - p), vl = len - nl - 1;
		if (nl >= sizeof s->name[0] || vl >= sizeof s->value[0])
			return yomi_fail(err, "player '%s': option '%s' is too long", who,
			                 spec_said(p, nl, what));
		/* twice: which value was meant?  (USI's names, as UCI's, are not case-sensitive) */
		for (int k = 0; k < s->noptions; k++)
			if (strlen(s->name[k]) == nl && strncasecmp(s->name[k], p, nl) == 0)
				return yomi_fail(err, "player '%s': option '%s' given twice", who,
				                 spec_said(p, nl, what));
		memcpy(s->name[s->noptions], p, nl);
		memcpy(s->value[s->noptions], eq + 1, vl);
		s->noptions++;
		p += len;
	}
	return 0;
}

int client_send(struct engine *e, struct yomi_error *err, const char *fmt, ...)
{
	struct proto_text t;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t.s, sizeof t.s - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof t.s - 1)
		return yomi_fail(err, "%s: a line too long to send", e->label);
	t.s[n++] = '\n';
	for (int at = 0; at < n;) {
		ssize_t w = write(e->to, t.s + at, (size_t)(n - at));
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			e->alive = 0;
			return yomi_fail(err, "%s: the engine has gone (%s)", e->label,
			                 w < 0 ? strerror(errno) : "no write");
		}
		at += (int)w;
	}
	return 0;
}

int client_context(struct yomi_error *err, const char *what)
{
	char msg[sizeof err->msg];
	snprintf(msg, sizeof msg, "%s", err->msg);
	return yomi_fail(err, "%s (%s)", msg, what);
}

/* How the process ended, for a message: "exit status 127", "killed by signal 11". */
static void reap_status(struct engine *e, char *buf, size_t len)
{
	int status;
	snprintf(buf, len, "still running");
	if (e->pid <= 0) {   /* reaped already, or none: waitpid would take any child's end */
		snprintf(buf, len, "no process");
		return;
	}
	for (int i = 0; i < 20; i++) {   /* it closed its output: it ends about now */
		pid_t r = waitpid(e->pid, &status, WNOHANG);
		if (r == e->pid) {
			e->pid = 0;
			if (WIFEXITED(status))
				snprintf(buf, len, "exit status %d", WEXITSTATUS(status));
			else if (WIFSIGNALED(status))
				snprintf(buf, len, "killed by signal %d", WTERMSIG(status));
			return;
		}
		usleep(10000);
	}
}

int client_line(struct engine *e, double wait, char **line, struct yomi_error *err)
{
	for (;;) {
		const enum proto_read r = proto_read_line(&e->in, wait < 0 ? CLIENT_HELLO_SECONDS
		                                                         : wait, line);
		if (r == PROTO_GOT_LINE)
			return 1;
		if (r == PROTO_TOO_LONG || r == PROTO_NUL)
			continue;   /* not an answer of the protocol */
		e->alive = 0;   /* out of step with the protocol: started again before its next game */
		if (r == PROTO_TIMEOUT) {
			yomi_fail(err, "%s: no answer within %.2f s", e->label,
			          wait < 0 ? (double)CLIENT_HELLO_SECONDS : wait);
			return 0;
		}
		char how[64];
		reap_status(e, how, sizeof how);
		yomi_fail(err, "%s: the engine ended (%s)", e->label, how);
		return -1;
	}
}

static void close_pair(int p[2])
{
	close(p[0]);
	close(p[1]);
}

/* Starts COMMAND, its words split at blanks (no shell: a program that is not there is
 * named as such), with pipes for its stdin and stdout; its stderr is yomi's. */
static int spawn(struct engine *e, struct yomi_error *err)
{
	char words[ENGINE_COMMAND_MAX], *argv[64];
	int argc = 0;
	snprintf(words, sizeof words, "%s", e->spec.command);
	for (char *w = strtok(words, " \t"); w && argc < 63; w = strtok(NULL, " \t"))
		argv[argc++] = w;
	argv[argc] = NULL;
	if (!argc)
		return yomi_fail(err, "%s: no command", e->label);
	int in[2], out[2], status[2];   /* status: the errno of a failed exec, else closed */
	if (pipe2(in, O_CLOEXEC))
		return yomi_fail(err, "%s: %s", e->label, strerror(errno));
	if (pipe2(out, O_CLOEXEC)) {
		close_pair(in);
		return yomi_fail(err, "%s: %s", e->label, strerror(errno));
	}
	if (pipe2(status, O_CLOEXEC)) {
		close_pair(in);
		close_pair(out);
		return yomi_fail(err, "%s: %s", e->label, strerror(errno));
	}
	const pid_t pid = fork();
	if (pid < 0) {
		const int saved = errno;
		close_pair(in);
		close_pair(out);
		close_pair(status);
		return yomi_fail(err, "%s: cannot start it: %s", e->label, strerror(saved));
	}
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_IGN);   /* Ctrl-C stops the match, which ends its engines */
		execvp(argv[0], argv);
		const int saved = errno;
		if (write(status[1], &saved, sizeof saved) < 0)
			_exit(127);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	close(status[1]);
	int exec_errno;
	ssize_t got;
	do
		got = read(status[0], &exec_errno, sizeof exec_errno);
	while (got < 0 && errno == EINTR);
	close(status[0]);
	if (got == (ssize_t)sizeof exec_errno) {
		waitpid(pid, NULL, 0);
		close(in[1]);
		close(out[0]);
		char said[SPEC_SAID];   /* the command, as the label quotes the SPEC */
		return yomi_fail(err, "%s: cannot run %s: %s", e->label,
		                 spec_said(argv[0], strlen(argv[0]), said), strerror(exec_errno));
	}
	e->pid = pid;
	e->to = in[1];
	e->from = out[0];
	proto_reader_init(&e->in, e->from);
	e->alive = 1;
	return 0;
}

/* Ends the process: its stdin closed (most engines then quit), then SIGTERM, SIGKILL. */
static void stop_process(struct engine *e, double grace)
{
	if (e->to >= 0)
		close(e->to);
	e->to = -1;
	if (e->pid > 0) {
		const double until = search_clock() + grace;
		int status;
		pid_t r;
		while ((r = waitpid(e->pid, &status, WNOHANG)) == 0 && search_clock() < until)
			usleep(5000);
		if (r == 0) {
			kill(e->pid, SIGTERM);
			const double until2 = search_clock() + 0.5;
			while ((r = waitpid(e->pid, &status, WNOHANG)) == 0 && search_clock() < until2)
				usleep(5000);
			if (r == 0) {
				kill(e->pid, SIGKILL);
				waitpid(e->pid, &status, 0);
			}
		}
	}
	e->pid = 0;
	if (e->from >= 0)
		close(e->from);
	e->from = -1;
	proto_reader_free(&e->in);
	e->alive = 0;
}

static int hello(struct engine *e, struct yomi_error *err)
{
	if (spawn(e, err))
		return -1;
	const int r = e->spec.protocol == ENGINE_USI ? usi_client_hello(e, err)
	                                             : gtp_client_hello(e, err);
	if (r)
		stop_process(e, 0.2);
	return r;
}

int engine_speaks(const struct engine_spec *s, const struct game *g, struct yomi_error *err)
{
	const int usi = s->protocol == ENGINE_USI;
	if (usi ? usi_client_speaks(g) : gtp_client_speaks(g))
		return 0;
	char said[SPEC_SAID];
	return yomi_fail(err, "%s:%s: %s is not played over %s", usi ? "usi" : "gtp",
	                 spec_said(s->command, sizeof s->command, said), g->name,
	                 usi ? "USI" : "GTP");
}

struct engine *engine_start(const struct engine_spec *s, const struct game *g,
                            struct yomi_error *err)
{
	struct engine *e = calloc(1, sizeof *e);
	if (!e) {
		yomi_fail(err, "out of memory");
		return NULL;
	}
	e->spec = *s;
	e->game = g;
	e->to = e->from = -1;
	char said[SPEC_SAID];
	snprintf(e->label, sizeof e->label, "%s:%s", s->protocol == ENGINE_USI ? "usi" : "gtp",
	         spec_said(s->command, sizeof s->command, said));
	snprintf(e->name, sizeof e->name, "%.100s", s->command);
	g->start(e->start);
	if (hello(e, err)) {
		free(e);
		return NULL;
	}
	return e;
}

int engine_new_game(struct engine *e, const void *start, const struct engine_clock *c,
                    struct yomi_error *err)
{
	memcpy(e->start, start, e->game->pos_size);
	if (!e->alive) {   /* it failed in the last game: a fresh one */
		stop_process(e, 0.2);
		if (hello(e, err))
			return -1;
	}
	return e->spec.protocol == ENGINE_USI ? usi_client_new_game(e, err)
	                                      : gtp_client_new_game(e, c, err);
}

enum engine_answer engine_play(struct engine *e, const yomi_move *moves, int n,
                               const struct engine_clock *c, double wait, yomi_move *move,
                               char *text, size_t len, struct yomi_error *err)
{
	if (len)
		text[0] = '\0';
	if (!e->alive) {
		yomi_fail(err, "%s: the engine is not running", e->label);
		return ENGINE_FAILED;
	}
	return e->spec.protocol == ENGINE_USI
	       ? usi_client_play(e, moves, n, c, wait, move, text, len, err)
	       : gtp_client_play(e, moves, n, c, wait, move, text, len, err);
}

void engine_game_over(struct engine *e, int result)
{
	if (e->alive && e->spec.protocol == ENGINE_USI)
		usi_client_game_over(e, result);
}

const char *engine_name(const struct engine *e) { return e->name; }

void engine_close(struct engine *e)
{
	if (!e)
		return;
	struct yomi_error err;
	if (e->alive)
		client_send(e, &err, "quit");
	stop_process(e, 1.0);
	free(e);
}
