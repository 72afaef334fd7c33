/*
 * server.c - `yomi serve`'s HTTP side (libmicrohttpd): routing, parameters, the page's
 * files, the tables' per-thread handles, start and clean shutdown.
 *
 * Threads: libmicrohttpd's pool of `threads` threads (epoll) answers every request on the
 * thread that reads it; probes are microseconds, so they run there.  A search is queued
 * (analysis.c) and its connection suspended until a worker resumes it.  SIGINT and SIGTERM
 * are taken by sigwait on the thread that called serve_run, never by a handler.
 *
 * Limits: request headers fit in CONN_MEMORY bytes (libmicrohttpd answers 414 or 431
 * beyond), a position in POS_MAX bytes, at most CONN_LIMIT connections, each idle for at
 * most CONN_TIMEOUT seconds; nothing outside the page compiled into the binary is served.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>
#include <xxhash.h>

#include "serve/server.h"
#include "yomi/registry.h"
#include "yomi/search.h"

enum {
	CONN_MEMORY = 32 << 10,
	CONN_LIMIT = 1000,
	CONN_TIMEOUT = 30,
	POS_MAX = 1000,
	STOP_WAIT_MS = 2000,     /* how long shutdown waits for requests still running */
};

struct handles {
	struct handles *next;
	struct table *t[SERVE_GAMES_MAX];
};

struct table *server_table(struct server *s, int gi)
{
	struct handles *h = pthread_getspecific(s->handles);
	if (!h) {
		if (!(h = calloc(1, sizeof *h)))
			return NULL;
		pthread_mutex_lock(&s->handles_lock);
		h->next = s->all_handles;
		s->all_handles = h;
		pthread_mutex_unlock(&s->handles_lock);
		pthread_setspecific(s->handles, h);
	}
	if (!h->t[gi]) {
		struct yomi_error err;
		h->t[gi] = table_share(s->tables[gi], &err);
	}
	return h->t[gi];
}

/* ---- responses ---- */

/* The page's files, ready to send again and again (libmicrohttpd counts their users). */
struct page_file {
	const struct web_file *file;
	struct MHD_Response *response;
	char etag[24];
};

struct http {
	struct server s;
	struct MHD_Daemon *daemon;
	struct page_file *files;
	int nfiles;
	int in_flight;               /* requests begun and not completed (atomic) */
};

static int request_marker;       /* con_cls of a request answered on its first call */

/* A pending search's connection: the worker fills status and body, then resumes it.  Also
 * the context of a request that came with a body, which is read and thrown away (up to
 * BODY_MAX bytes; the connection is closed beyond) before the answer. */
struct pending {
	pthread_mutex_t lock;
	struct MHD_Connection *con;
	int done, status;
	char *body;
	size_t len;
	size_t discarded;   /* bytes of a request's body, thrown away */
};
enum { BODY_MAX = 16 << 10 };

static enum MHD_Result send_body(struct MHD_Connection *con, int status, char *body, size_t len,
                                 const char *cache)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(body);
		return MHD_NO;
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json; charset=utf-8");
	MHD_add_response_header(r, "Access-Control-Allow-Origin", "*");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	if (status == 503) {
		MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "1");
		cache = "no-store";
	} else if (status == 405) {
		MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache);
	const enum MHD_Result ok = MHD_queue_response(con, (unsigned)status, r);
	MHD_destroy_response(r);
	return ok;
}

/* Sends the JSON built in out (an error 503 when memory ran out). */
static enum MHD_Result send_json(struct MHD_Connection *con, int status, struct json *out,
                                 const char *cache)
{
	size_t len;
	char *body = json_take(out, &len);
	if (!body) {
		static const char oom[] = "{\"error\":\"out of memory\"}\n";
		body = strdup(oom);
		if (!body)
			return MHD_NO;
		len = sizeof oom - 1;
		status = 503;
	}
	return send_body(con, status, body, len, cache);
}

static enum MHD_Result send_error(struct MHD_Connection *con, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static enum MHD_Result send_error(struct MHD_Connection *con, int status, const char *fmt, ...)
{
	char msg[YOMI_ERROR_MAX + 100];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct json out;
	json_init(&out);
	api_error(&out, msg);
	return send_json(con, status, &out, "no-cache");
}

/* ---- parameters ---- */

enum { P_POS = 1, P_LANG = 2, P_TIME = 4 };
static const char *const param_names[] = {"pos", "lang", "time"};

struct params {
	unsigned allowed, seen;
	const char *value[3];
	char error[YOMI_ERROR_MAX + 100];
};

/* What is said of a parameter's text in an error: at most 40 bytes, unprintable bytes as
 * \xNN (yomi_said). */
static const char *quoted(const char *s, char buf[64])
{
	return yomi_said(s, buf, 64);
}

static enum MHD_Result collect_param(void *cls, enum MHD_ValueKind kind, const char *key,
                                     size_t key_size, const char *value, size_t value_size)
{
	(void)kind;
	struct params *p = cls;
	char q[64];
	if (p->error[0])
		return MHD_NO;
	int k = 0;
	while (k < 3 && (strlen(param_names[k]) != key_size || strcmp(param_names[k], key) != 0))
		k++;
	if (k == 3 || !(p->allowed & 1u << k)) {
		size_t at = 0;
		char names[40] = "";
		for (int i = 0; i < 3; i++)
			if (p->allowed & 1u << i)
				at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", at ? ", " : "",
				                       param_names[i]);
		snprintf(p->error, sizeof p->error, "unknown parameter '%s' (%s)",
		         key_size == strlen(key) ? quoted(key, q) : "\\x00",
		         at ? names : "this path takes none");
		return MHD_NO;
	}
	if (p->seen & 1u << k) {
		snprintf(p->error, sizeof p->error, "%s: given twice", param_names[k]);
		return MHD_NO;
	}
	p->seen |= 1u << k;
	if (!value) {
		snprintf(p->error, sizeof p->error, "%s: no value (%s=...)", param_names[k],
		         param_names[k]);
		return MHD_NO;
	}
	if (strlen(value) != value_size) {
		snprintf(p->error, sizeof p->error, "%s: contains a NUL byte (%%00)", param_names[k]);
		return MHD_NO;
	}
	if (value_size > POS_MAX) {
		snprintf(p->error, sizeof p->error, "%s: longer than %d bytes", param_names[k],
		         POS_MAX);
		return MHD_NO;
	}
	p->value[k] = value;
	return MHD_YES;
}

/* Seconds as time= takes them: decimal digits with an optional fraction, above 0. */
static int parse_seconds(const char *s, double *out)
{
	int digits = 0, dots = 0;
	for (const char *c = s; *c; c++) {
		if (*c >= '0' && *c <= '9')
			digits++;
		else if (*c == '.' && !dots)
			dots++;
		else
			return -1;
	}
	if (!digits || strlen(s) > 20)
		return -1;
	*out = strtod(s, NULL);
	return *out > 0 ? 0 : -1;
}

/* Fills r from the query (pos, lang, time as allowed); returns 0, or -1 with the error in
 * p->error. */
static int read_params(struct MHD_Connection *con, struct params *p, struct request *r)
{
	char q[64];
	MHD_get_connection_values_n(con, MHD_GET_ARGUMENT_KIND, collect_param, p);
	if (p->error[0])
		return -1;
	const struct game *g = r->game;
	if (p->value[0]) {
		struct yomi_error err;
		if (g->parse(p->value[0], r->pos, &err) != 0) {
			snprintf(p->error, sizeof p->error, "%s", err.msg);
			return -1;
		}
	} else if (g) {
		g->start(r->pos);
	}
	r->lang = LANG_EN;
	if (p->value[1]) {
		if (strcasecmp(p->value[1], "ja") == 0)
			r->lang = LANG_JA;
		else if (strcasecmp(p->value[1], "en") != 0) {
			snprintf(p->error, sizeof p->error, "lang: '%s' is not en or ja",
			         quoted(p->value[1], q));
			return -1;
		}
	}
	r->seconds = r->server->o.default_time;
	if (p->value[2]) {
		if (parse_seconds(p->value[2], &r->seconds) != 0) {
			snprintf(p->error, sizeof p->error, "time: '%s' is not a number of seconds "
			         "above 0", quoted(p->value[2], q));
			return -1;
		}
		if (r->seconds > r->server->o.max_time)
			r->seconds = r->server->o.max_time;
	}
	return 0;
}

/* ---- the API ---- */

static const struct endpoint {
	const char *name;
	unsigned params;
	int (*answer)(const struct request *r, struct json *out);
} endpoints[] = {
	{"show", P_POS | P_LANG, api_show},
	{"moves", P_POS, api_moves},
	{"probe", P_POS, api_probe},
	{"line", P_POS, api_line},
	{"analyze", P_POS | P_TIME, NULL},
};
enum { ENDPOINTS = sizeof endpoints / sizeof *endpoints };

/* Called by the search's worker once the answer is in *p.  The lock orders this after
 * analyze's MHD_suspend_connection; the resume comes after the unlock, because once resumed
 * the connection may end (the client gone) and on_completed destroy the lock and free p.
 * Until the resume nothing frees p: a suspended connection is not polled, and the server
 * stops only after analysis_stop has run every search's search_done. */
static void search_done(void *arg)
{
	struct pending *p = arg;
	pthread_mutex_lock(&p->lock);
	p->done = 1;
	struct MHD_Connection *con = p->con;
	pthread_mutex_unlock(&p->lock);
	MHD_resume_connection(con);
}

/* /api/GAME/analyze: a search through the queue (analysis.c). */
static enum MHD_Result analyze(struct http *h, struct MHD_Connection *con,
                               const struct request *r, void **con_cls)
{
	struct pending *p = calloc(1, sizeof *p);
	if (!p)
		return send_error(con, 503, "out of memory");
	pthread_mutex_init(&p->lock, NULL);
	p->con = con;
	const union MHD_ConnectionInfo *fd = MHD_get_connection_info(con,
	                                                             MHD_CONNECTION_INFO_CONNECTION_FD);
	pthread_mutex_lock(&p->lock);
	if (analysis_submit(h->s.analysis, r, fd ? fd->connect_fd : -1, &p->status, &p->body,
	                    &p->len, search_done, p) != 0) {
		pthread_mutex_unlock(&p->lock);
		pthread_mutex_destroy(&p->lock);
		free(p);
		return send_error(con, 503, "analysis queue full (%d searches waiting): try again "
		                  "later", h->s.o.queue);
	}
	*con_cls = p;
	MHD_suspend_connection(con);   /* before the worker can resume it: it waits for lock */
	pthread_mutex_unlock(&p->lock);
	return MHD_YES;
}

static enum MHD_Result api(struct http *h, struct MHD_Connection *con, const char *path,
                           void **con_cls)
{
	struct server *s = &h->s;
	char q[64];
	struct request r = {.server = s};
	struct params p = {0};
	if (strcmp(path, "games") == 0) {
		p.allowed = 0;
		if (read_params(con, &p, &r))
			return send_error(con, 400, "%s", p.error);
		struct json out;
		json_init(&out);
		return send_json(con, api_games(s, &out), &out, "no-cache");
	}
	char name[64];
	const char *slash = strchr(path, '/');
	const size_t len = slash ? (size_t)(slash - path) : strlen(path);
	snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), path);
	r.game = len < sizeof name ? game_find(name) : NULL;
	if (!r.game) {
		char games[400];
		size_t at = 0;
		for (int i = 0; game_registry[i] && at < sizeof games; i++)
			at += (size_t)snprintf(games + at, sizeof games - at, "%s%s", i ? ", " : "",
			                       game_registry[i]->name);
		return send_error(con, 404, "unknown game '%s' (games: %s)", quoted(name, q), games);
	}
	for (r.gi = 0; game_registry[r.gi] != r.game; r.gi++)
		;
	if (!slash) {
		if (read_params(con, &p, &r))
			return send_error(con, 400, "%s", p.error);
		struct json out;
		json_init(&out);
		return send_json(con, api_game(&r, &out), &out, "no-cache");
	}
	const struct endpoint *e = endpoints;
	while (e < endpoints + ENDPOINTS && strcmp(e->name, slash + 1) != 0)
		e++;
	if (e == endpoints + ENDPOINTS)
		return send_error(con, 404, "unknown path '/api/%s' (/api/%s/ then show, moves, "
		                  "probe, line or analyze)", quoted(path, q), r.game->name);
	p.allowed = e->params;
	if (read_params(con, &p, &r))
		return send_error(con, 400, "%s", p.error);
	if (!e->answer)
		return analyze(h, con, &r, con_cls);
	struct json out;
	json_init(&out);
	const int status = e->answer(&r, &out);
	return send_json(con, status, &out, status == 200 ? "public, max-age=3600" : "no-cache");
}

/* ---- the page ---- */

static enum MHD_Result page(struct http *h, struct MHD_Connection *con, const char *url)
{
	char q[64];
	if (strcmp(url, "/index.html") == 0)
		url = "/";
	for (int i = 0; i < h->nfiles; i++) {
		if (strcmp(h->files[i].file->path, url) != 0)
			continue;
		const char *tag = MHD_lookup_connection_value(con, MHD_HEADER_KIND,
		                                              MHD_HTTP_HEADER_IF_NONE_MATCH);
		if (tag && strcmp(tag, h->files[i].etag) == 0) {
			struct MHD_Response *r = MHD_create_response_from_buffer(0, NULL,
			                                                         MHD_RESPMEM_PERSISTENT);
			if (!r)
				return MHD_NO;
			MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, h->files[i].etag);
			const enum MHD_Result ok = MHD_queue_response(con, MHD_HTTP_NOT_MODIFIED, r);
			MHD_destroy_response(r);
			return ok;
		}
		return MHD_queue_response(con, MHD_HTTP_OK, h->files[i].response);
	}
	return send_error(con, 404, "unknown path '%s' (the page is /, the API /api/GAME/...)",
	                  quoted(url, q));
}

/* The path of a request target in absolute form ("http://127.0.0.1:8080/api/games", as a
 * client talking to a proxy sends it), which a server must accept (RFC 9112, 3.2.2): the
 * part after scheme://authority, "/" when there is none ("http://host" is "http://host/",
 * RFC 9110, 4.2.3); libmicrohttpd has cut the query off already.  Any other target
 * (origin form, "/api/games") as it is; NULL for an http URI with no host, which a
 * recipient must reject (RFC 9110, 4.2.1). */
static const char *origin_form(const char *url)
{
	const size_t n = strncasecmp(url, "http://", 7) == 0 ? 7
	               : strncasecmp(url, "https://", 8) == 0 ? 8 : 0;
	if (!n)
		return url;
	const char *path = url + n + strcspn(url + n, "/");
	if (path == url + n)
		return NULL;
	return *path ? path : "/";
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_size, void **con_cls)
{
	(void)version;
	(void)upload_data;
	struct http *h = cls;
	char q[64];
	if (*con_cls && *con_cls != &request_marker && ((struct pending *)*con_cls)->discarded) {
		struct pending *p = *con_cls;   /* a body, thrown away; then the answer */
		if (*upload_size) {
			p->discarded += *upload_size;
			*upload_size = 0;
			return p->discarded > BODY_MAX ? MHD_NO : MHD_YES;
		}
		if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
			return send_error(con, 405, "method %s not allowed (GET or HEAD)",
			                  quoted(method, q));
		return send_error(con, 400, "a %s request has no body", quoted(method, q));
	}
	if (*con_cls && *con_cls != &request_marker) {   /* a search's connection, resumed */
		struct pending *p = *con_cls;
		pthread_mutex_lock(&p->lock);
		const int done = p->done;
		char *body = p->body;
		p->body = NULL;
		pthread_mutex_unlock(&p->lock);
		if (!done)
			return MHD_YES;
		if (!body) {
			static const char oom[] = "{\"error\":\"out of memory\"}\n";
			if (!(body = strdup(oom)))
				return MHD_NO;
			return send_body(con, 503, body, sizeof oom - 1, "no-store");
		}
		return send_body(con, p->status, body, p->len, "no-store");
	}
	if (!*con_cls) {   /* the headers are in: answer on the next call (an answer queued
	                      now would make libmicrohttpd close the connection after it) */
		__atomic_add_fetch(&h->in_flight, 1, __ATOMIC_RELAXED);
		*con_cls = &request_marker;
		return MHD_YES;
	}
	if (*upload_size) {   /* a body: read and thrown away first */
		struct pending *p = calloc(1, sizeof *p);
		if (!p)
			return MHD_NO;
		pthread_mutex_init(&p->lock, NULL);
		p->discarded = *upload_size;
		*upload_size = 0;
		*con_cls = p;
		return p->discarded > BODY_MAX ? MHD_NO : MHD_YES;
	}
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return send_error(con, 405, "method %s not allowed (GET or HEAD)", quoted(method, q));
	if (!(url = origin_form(url)))
		return send_error(con, 400, "a request target http://HOST/PATH needs its host");
	if (strncmp(url, "/api/", 5) == 0)
		return api(h, con, url + 5, con_cls);
	return page(h, con, url);
}

static void on_completed(void *cls, struct MHD_Connection *con, void **con_cls,
                         enum MHD_RequestTerminationCode why)
{
	(void)con;
	(void)why;
	struct http *h = cls;
	if (!*con_cls)
		return;
	if (*con_cls != &request_marker) {
		struct pending *p = *con_cls;
		free(p->body);
		pthread_mutex_destroy(&p->lock);
		free(p);
	}
	*con_cls = NULL;
	__atomic_sub_fetch(&h->in_flight, 1, __ATOMIC_RELAXED);
}

static void on_log(void *cls, const char *fmt, va_list ap)
{
	FILE *log = cls;
	if (!log)
		return;
	flockfile(log);
	fputs("yomi: serve: ", log);
	vfprintf(log, fmt, ap);
	funlockfile(log);
}

/* Logs each request (--log): "yomi: serve: /api/dobutsu/probe?pos=...", the URL as it
 * came, quoted (yomi_said): a client may send control bytes in it, which must not reach the
 * operator's terminal or split the log's lines. */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *con)
{
	(void)con;
	struct http *h = cls;
	if (!h->s.o.log)
		return NULL;
	const size_t size = strlen(uri) * 4 + 8;   /* each byte at most \xNN */
	char *said = malloc(size);
	fprintf(h->s.o.log, "yomi: serve: %s\n", said ? yomi_said(uri, said, size) : "(no memory)");
	free(said);
	return NULL;
}

/* ---- start and stop ---- */

static int open_tables(struct server *s, struct yomi_error *err)
{
	for (int k = 0; k < s->o.ntables; k++) {   /* --table: each of whichever game it is */
		const char *path = s->o.tables[k];
		struct yomi_error first = {{0}};
		struct table *t = NULL;
		int gi = 0;
		for (; gi < s->ngames && !t; gi++) {
			if (!game_registry[gi]->solver)
				continue;
			struct yomi_error e;
			if (!(t = table_open(path, game_registry[gi], &e)) && !first.msg[0])
				first = e;
		}
		if (!t) {
			*err = first.msg[0] ? first : (struct yomi_error){{"table: no game has tables"}};
			return -1;
		}
		gi--;
		if (s->tables[gi]) {
			table_close(t);
			char said[YOMI_ARG_SAID], first_said[YOMI_ARG_SAID];
			return yomi_fail(err, "table: %s: a second table of %s (the first: %s)",
			                 yomi_arg_said(path, said), game_registry[gi]->name,
			                 yomi_arg_said(s->table_paths[gi], first_said));
		}
		s->tables[gi] = t;
		s->table_paths[gi] = path;
	}
	for (int gi = 0; gi < s->ngames; gi++) {   /* the default places, where there is one */
		const struct game *g = game_registry[gi];
		if (s->tables[gi] || !g->solver || !table_default_exists(g))
			continue;
		if (!(s->tables[gi] = table_find(g, NULL, err)))
			return -1;
		s->table_paths[gi] = NULL;   /* where probe finds it */
	}
	for (int gi = 0; gi < s->ngames && s->o.preload; gi++)
		if (s->tables[gi] && table_preload(s->tables[gi], s->o.threads, err))
			return -1;
	return 0;
}

static void close_tables(struct server *s)
{
	while (s->all_handles) {
		struct handles *h = s->all_handles;
		s->all_handles = h->next;
		for (int gi = 0; gi < SERVE_GAMES_MAX; gi++)
			table_close(h->t[gi]);
		free(h);
	}
	for (int gi = 0; gi < SERVE_GAMES_MAX; gi++)
		table_close(s->tables[gi]);
}

static int make_files(struct http *h, struct yomi_error *err)
{
	while (web_files[h->nfiles].path)
		h->nfiles++;
	h->files = calloc((size_t)h->nfiles, sizeof *h->files);
	if (!h->files)
		return yomi_fail(err, "out of memory");
	for (int i = 0; i < h->nfiles; i++) {
		struct page_file *f = &h->files[i];
		f->file = &web_files[i];
		snprintf(f->etag, sizeof f->etag, "\"%016llx\"",
		         (unsigned long long)XXH64(f->file->data, f->file->size, 0));
		f->response = MHD_create_response_from_buffer(f->file->size, (void *)f->file->data,
		                                              MHD_RESPMEM_PERSISTENT);
		if (!f->response)
			return yomi_fail(err, "out of memory");
		MHD_add_response_header(f->response, MHD_HTTP_HEADER_CONTENT_TYPE, f->file->type);
		MHD_add_response_header(f->response, MHD_HTTP_HEADER_ETAG, f->etag);
		MHD_add_response_header(f->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
		MHD_add_response_header(f->response, "X-Content-Type-Options", "nosniff");
		MHD_add_response_header(f->response, "Referrer-Policy", "no-referrer");
		MHD_add_response_header(f->response, "Content-Security-Policy",
		                        "default-src 'self'; img-src 'self' data:; "
		                        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
	}
	return 0;
}

static void free_files(struct http *h)
{
	for (int i = 0; i < h->nfiles && h->files; i++)
		if (h->files[i].response)
			MHD_destroy_response(h->files[i].response);
	free(h->files);
}

int serve_run(const struct serve_options *o, struct yomi_error *err)
{
	struct http *h = calloc(1, sizeof *h);
	if (!h)
		return yomi_fail(err, "out of memory");
	struct server *s = &h->s;
	s->o = *o;
	while (game_registry[s->ngames] && s->ngames < SERVE_GAMES_MAX)
		s->ngames++;
	pthread_key_create(&s->handles, NULL);
	pthread_mutex_init(&s->handles_lock, NULL);
	int status = 1;
	struct addrinfo *addr = NULL;
	sigset_t stop, old;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	/* every thread started from here on leaves SIGINT and SIGTERM to sigwait below */
	pthread_sigmask(SIG_BLOCK, &stop, &old);
	signal(SIGPIPE, SIG_IGN);
	const struct addrinfo hints = {.ai_flags = AI_NUMERICHOST | AI_PASSIVE,
	                               .ai_socktype = SOCK_STREAM};
	char port[8];
	snprintf(port, sizeof port, "%d", o->port);
	const int gai = getaddrinfo(o->bind, port, &hints, &addr);
	if (gai != 0) {
		yomi_fail(err, "--bind: '%s' is not a numeric IPv4 or IPv6 address (%s)",
		          yomi_arg_said(o->bind, (char[YOMI_ARG_SAID]){0}), gai_strerror(gai));
		status = 2;
		goto out;
	}
	if (open_tables(s, err)) {
		status = 2;
		goto out;
	}
	if (make_files(h, err) || !(s->analysis = analysis_start(s, err)))
		goto out;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
	if (addr->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	h->daemon = MHD_start_daemon(
		flags, 0, NULL, NULL, on_request, h,
		MHD_OPTION_SOCK_ADDR, addr->ai_addr,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(o->threads > 1 ? o->threads : 0),
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONN_LIMIT,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONN_TIMEOUT,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
		MHD_OPTION_EXTERNAL_LOGGER, on_log, (void *)stderr,
		MHD_OPTION_URI_LOG_CALLBACK, on_uri, h,
		MHD_OPTION_END);
	if (!h->daemon) {
		yomi_fail(err, "cannot listen on %s port %d (%s)", o->bind, o->port,
		          errno ? strerror(errno) : "libmicrohttpd refused");
		goto out;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->daemon, MHD_DAEMON_INFO_BIND_PORT);
	const int bound = info ? info->port : o->port;
	fprintf(stderr, "yomi: serving http://%s%s%s:%d/ (", addr->ai_family == AF_INET6 ? "[" : "",
	        o->bind, addr->ai_family == AF_INET6 ? "]" : "", bound);
	int tables = 0;
	for (int gi = 0; gi < s->ngames; gi++)
		if (s->tables[gi])
			fprintf(stderr, "%s%s table %s", tables++ ? ", " : "", game_registry[gi]->name,
			        s->table_paths[gi] ? yomi_arg_said(s->table_paths[gi],
			                                           (char[YOMI_ARG_SAID]){0})
			                           : "from the default place");
	fprintf(stderr, "%s; Ctrl-C stops)\n", tables ? "" : "no table");
	fflush(stderr);
	int sig;
	sigwait(&stop, &sig);
	fprintf(stderr, "yomi: serve: %s: stopping\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
	/* no new connection; running searches stop, waiting ones answer 503; then the requests
	 * still running get a moment to send their answers */
	const MHD_socket listener = MHD_quiesce_daemon(h->daemon);
	analysis_stop(s->analysis);
	s->analysis = NULL;
	for (int ms = 0; ms < STOP_WAIT_MS && __atomic_load_n(&h->in_flight, __ATOMIC_RELAXED);
	     ms += 10)
		usleep(10000);
	MHD_stop_daemon(h->daemon);
	if (listener != MHD_INVALID_SOCKET)
		close(listener);
	status = 0;
out:
	analysis_stop(s->analysis);
	free_files(h);
	close_tables(s);
	if (addr)
		freeaddrinfo(addr);
	pthread_key_delete(s->handles);
	pthread_mutex_destroy(&s->handles_lock);
	free(h);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return status;
}
