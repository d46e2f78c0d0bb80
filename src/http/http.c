/*
 * http.c - libmicrohttpd glue: the route table, the per-request state
 * machine, CORS, request ids, the access log, and the hand-off of slow
 * solves to worker threads (pool.h). Counters live in metrics.h.
 *
 * One request (the pattern of libmicrohttpd's doc/examples/largepost.c):
 *   first call    allocate struct http_request in *con_cls, pick the route,
 *                 decide what can be decided from the headers alone (404,
 *                 405, 415, preflight; 413 by Content-Length is answered
 *                 right away without reading the body);
 *   body calls    append to a buffer capped at max_body, or discard;
 *   final call    answer; for /solve, api_solve() inline with a small
 *                 budget, and when that asks for a retry, suspend the
 *                 connection and queue it for a worker;
 *   resumed call  the worker stored its response: queue it;
 *   completed     (MHD_OPTION_NOTIFY_COMPLETED) count, log, free. Always.
 *
 * Why a worker never touches a freed request: MHD neither polls nor times
 * out a suspended connection, so it cannot complete (and we cannot free the
 * request) until someone resumes it, and only the worker that owns the job
 * does, as its very last access. A client that disconnects while its solve
 * waits or runs is noticed by MHD after the resume, when the answer fails to
 * send; the solve is bounded by the deadline. pool_stop() runs every queued
 * job before MHD_stop_daemon(), which must not meet a suspended connection.
 */
#include "http.h"

#include <sys/socket.h>
#include <sys/types.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "../api/api.h"
#include "metrics.h"
#include "page.h"
#include "pool.h"
#include "sudoku.h"

#define HTTP_LOG_PATH_MAX 200  /* path bytes kept for the access log */
#define HTTP_FORMAT_MAX 32     /* bytes of a form's format field */
#define HTTP_BODY_INITIAL 4096 /* first body buffer without Content-Length */
#define HTTP_POST_BUFFER 1024  /* MHD_PostProcessor buffer */
/* A chunked body past max_body is read and dropped to answer 413 (MHD takes
 * no response mid-upload); past this many times max_body the connection is
 * closed instead, so that no upload ties up a thread for ever. */
#define HTTP_DISCARD_FACTOR 4u
/* How long http_stop() lets MHD send the answers it resumed. */
#define HTTP_STOP_FLUSH_MS 1000u

#define CONTENT_JSON "application/json"

/* ---- Routes -------------------------------------------------------------- */

enum http_method {
  HTTP_OTHER = 0,
  HTTP_GET = 1,
  HTTP_HEAD = 2,
  HTTP_POST = 4,
  HTTP_OPTIONS = 8
};

struct http_request;
typedef enum MHD_Result (*http_serve_fn)(struct http_request *req);

struct http_route {
  const char *path; /* exact match; also the metrics label */
  unsigned methods; /* enum http_method bits, OPTIONS implied */
  const char *allow;
  http_serve_fn serve;
};

static enum MHD_Result http_serve_solve(struct http_request *req);
static enum MHD_Result http_serve_healthz(struct http_request *req);
static enum MHD_Result http_serve_readyz(struct http_request *req);
static enum MHD_Result http_serve_metrics(struct http_request *req);
static enum MHD_Result http_serve_openapi(struct http_request *req);
static enum MHD_Result http_serve_page(struct http_request *req);

#define GET_HEAD (HTTP_GET | HTTP_HEAD)
static const struct http_route routes[] = {
    {"/solve", HTTP_POST, "POST, OPTIONS", http_serve_solve},
    {"/healthz", GET_HEAD, "GET, HEAD, OPTIONS", http_serve_healthz},
    {"/readyz", GET_HEAD, "GET, HEAD, OPTIONS", http_serve_readyz},
    {"/metrics", GET_HEAD, "GET, HEAD, OPTIONS", http_serve_metrics},
    {"/openapi.yaml", GET_HEAD, "GET, HEAD, OPTIONS", http_serve_openapi},
    {"/", GET_HEAD, "GET, HEAD, OPTIONS", http_serve_page},
};
#define ROUTE_COUNT (sizeof routes / sizeof routes[0])
#define ROUTE_SOLVE (&routes[0])
#define ROUTE_OTHER_LABEL "other" /* metrics label of unknown paths */

static const struct {
  const char *name;
  enum http_method method;
} methods[] = {
    {"GET", HTTP_GET},
    {"HEAD", HTTP_HEAD},
    {"POST", HTTP_POST},
    {"OPTIONS", HTTP_OPTIONS},
};

_Static_assert(ROUTE_COUNT < METRICS_MAX_ROUTES, "metrics route labels");

/* ---- State ----------------------------------------------------------------
 */

struct http_server {
  struct MHD_Daemon *daemon;
  struct pool *pool;
  struct api_limits limits;
  size_t max_body;
  bool access_log;
  bool cors_any;
  char **origins; /* allowlist when not cors_any */
  size_t norigins;
  char **proxies; /* trusted proxies, canonical address text */
  size_t nproxies;
  char *openapi; /* NULL: /openapi.yaml answers 404 */
  size_t openapi_len;
  uint16_t port;
  uint64_t id_seed;
  atomic_uint_fast64_t id_next;
  atomic_bool draining;
  atomic_uint in_flight;
  pthread_mutex_t log_lock; /* guards starting and start_err */
  bool starting; /* MHD's first log line goes to start_err, not stderr */
  char start_err[200];
  struct metrics metrics; /* last: large */
};

struct http_header {
  const char *name, *value;
};

/* Everything about one request; freed only in http_complete(). */
struct http_request {
  struct pool_job job; /* queued for a worker */
  struct http_server *srv;
  struct MHD_Connection *conn;
  const struct http_route *route; /* NULL: unknown path */
  enum http_method method;
  uint64_t start_us;
  const char *accept, *origin; /* live in MHD's connection pool */
  const char *forwarded_for;   /* X-Forwarded-For, or NULL */
  char id[HTTP_REQUEST_ID_MAX + 1];
  char method_name[16];
  char path[HTTP_LOG_PATH_MAX + 1];

  /* Decided from the headers, answered after the body (so that the
   * connection survives): 0 or 204 (preflight), 404, 405, 415. */
  int pending;
  enum api_body_type body_type;
  char *body;
  size_t body_len, body_cap;
  uint64_t body_seen; /* bytes received, kept or not */
  bool body_over;     /* a chunked body grew past max_body */

  /* Form decoding (MHD_PostProcessor) */
  char *form_puzzle;
  size_t form_puzzle_len;
  bool form_has_puzzle, form_dup;
  char form_format[HTTP_FORMAT_MAX + 1];
  size_t form_format_len;

  /* Worker hand-off: written by the worker before MHD_resume_connection(),
   * read by the MHD thread after; MHD's resume mutex orders the two. */
  struct api_request api;
  struct api_response deferred;
  bool has_deferred, cancelled;
  uint64_t solve_us;

  /* What was answered, for the metrics and the log. */
  bool replied;
  int status;
  size_t bytes;
};

/* ---- Small helpers ------------------------------------------------------- */

static uint64_t http_now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* A bijection on 64-bit integers (splitmix64's finalizer): distinct inputs
 * give distinct ids, and consecutive ones do not look consecutive. */
static uint64_t http_mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebu;
  x ^= x >> 31;
  return x;
}

/* An incoming X-Request-Id is kept when it is 1..128 visible ASCII
 * characters: it is echoed in a header and in logs, so nothing else. */
static bool http_id_ok(const char *s) {
  size_t n = 0;
  if (s == NULL)
    return false;
  for (; s[n] != '\0'; n++)
    if (n >= HTTP_REQUEST_ID_MAX || s[n] <= ' ' || s[n] > '~')
      return false;
  return n > 0;
}

static void http_id_make(struct http_server *srv, char *out, size_t cap) {
  uint64_t n =
      atomic_fetch_add_explicit(&srv->id_next, 1, memory_order_relaxed);
  snprintf(out, cap, "%016llx", (unsigned long long)http_mix(srv->id_seed + n));
}

static enum http_method http_method_of(const char *name) {
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    if (strcmp(name, methods[i].name) == 0)
      return methods[i].method;
  return HTTP_OTHER;
}

static const struct http_route *http_route_of(const char *url) {
  for (size_t i = 0; i < ROUTE_COUNT; i++)
    if (strcmp(url, routes[i].path) == 0)
      return &routes[i];
  return NULL;
}

static unsigned http_route_index(const struct http_route *r) {
  return r != NULL ? (unsigned)(r - routes) : (unsigned)ROUTE_COUNT;
}

/* Copies s for the access log: bytes outside printable ASCII, quotes and
 * backslashes become \xHH, so one request is one line whatever the path. */
static void http_log_copy(char *out, size_t cap, const char *s) {
  size_t o = 0;
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    bool escape = c < 0x20 || c > 0x7e || c == '"' || c == '\\';
    if (o + (escape ? 4 : 1) >= cap)
      break;
    if (escape)
      o += (size_t)snprintf(out + o, cap - o, "\\x%02x", c);
    else
      out[o++] = (char)c;
  }
  out[o] = '\0';
}

static const char *http_header(struct MHD_Connection *conn, const char *name) {
  return MHD_lookup_connection_value(conn, MHD_HEADER_KIND, name);
}

/* ---- Replies ------------------------------------------------------------- */

/* The allowlisted origin to echo, "*", or NULL for no CORS headers. */
static const char *http_cors_origin(const struct http_server *srv,
                                    const char *origin) {
  if (origin == NULL)
    return NULL;
  if (srv->cors_any)
    return "*";
  for (size_t i = 0; i < srv->norigins; i++)
    if (strcmp(origin, srv->origins[i]) == 0)
      return origin;
  return NULL;
}

/*
 * Queues the one response of req. mode says who owns body: with
 * MHD_RESPMEM_MUST_FREE it is handed to MHD (or freed here on failure).
 * Adds the headers every response carries, then extra[0..nextra).
 */
static enum MHD_Result http_reply(struct http_request *req, int status,
                                  const char *type, char *body, size_t len,
                                  enum MHD_ResponseMemoryMode mode,
                                  const struct http_header *extra,
                                  size_t nextra) {
  struct http_server *srv = req->srv;
  bool solve = req->route == ROUTE_SOLVE;
  enum MHD_Result ret = MHD_NO;
  struct MHD_Response *resp = MHD_create_response_from_buffer(
      len, body != NULL ? (void *)body : (void *)"",
      body != NULL ? mode : MHD_RESPMEM_PERSISTENT);
  if (resp == NULL) {
    if (mode == MHD_RESPMEM_MUST_FREE)
      free(body);
    goto done;
  }
  MHD_add_response_header(resp, "X-Request-Id", req->id);
  if (type != NULL)
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
  if (solve) {
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY,
                            srv->cors_any ? "Accept" : "Accept, Origin");
  } else if (!srv->cors_any) {
    MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY, "Origin");
  }
  const char *allow_origin = http_cors_origin(srv, req->origin);
  if (allow_origin != NULL) {
    MHD_add_response_header(resp, "Access-Control-Allow-Origin", allow_origin);
    MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                            "X-Request-Id, Retry-After");
  }
  for (size_t i = 0; i < nextra; i++)
    MHD_add_response_header(resp, extra[i].name, extra[i].value);
  /* While draining, move keep-alive clients off this instance. */
  if (atomic_load(&srv->draining))
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
  ret = MHD_queue_response(req->conn, (unsigned)status, resp);
  MHD_destroy_response(resp);
  if (ret == MHD_YES) {
    req->replied = true;
    req->status = status;
    req->bytes = req->method == HTTP_HEAD ? 0 : len;
  }
done:
  return ret;
}

/* Answers with an api_response, whose body moves to MHD. */
static enum MHD_Result http_reply_api(struct http_request *req,
                                      struct api_response *r,
                                      const struct http_header *extra,
                                      size_t nextra) {
  char *body = r->body;
  r->body = NULL;
  if (req->route == ROUTE_SOLVE)
    metrics_count_outcome(&req->srv->metrics, r->outcome);
  return http_reply(req, r->status, r->content_type, body, r->body_len,
                    MHD_RESPMEM_MUST_FREE, extra, nextra);
}

static enum MHD_Result http_reply_problem(struct http_request *req, int status,
                                          const char *code, const char *detail,
                                          const struct http_header *extra,
                                          size_t nextra) {
  struct api_response r;
  memset(&r, 0, sizeof r);
  api_problem(status, code, detail, req->accept, req->id, &r);
  enum MHD_Result ret = http_reply_api(req, &r, extra, nextra);
  api_response_free(&r);
  return ret;
}

/* Answers what the headers alone decided (see http_begin). */
static enum MHD_Result http_reply_pending(struct http_request *req) {
  const struct http_route *route = req->route;
  switch (req->pending) {
  case MHD_HTTP_NO_CONTENT: {
    const struct http_header h[] = {
        {"Access-Control-Allow-Methods", route->allow},
        {"Access-Control-Allow-Headers", "Content-Type, Accept, X-Request-Id"},
        {"Access-Control-Max-Age", "86400"},
        {MHD_HTTP_HEADER_ALLOW, route->allow},
    };
    return http_reply(req, MHD_HTTP_NO_CONTENT, NULL, NULL, 0,
                      MHD_RESPMEM_PERSISTENT, h, sizeof h / sizeof h[0]);
  }
  case MHD_HTTP_METHOD_NOT_ALLOWED: {
    const struct http_header h[] = {{MHD_HTTP_HEADER_ALLOW, route->allow}};
    return http_reply_problem(req, MHD_HTTP_METHOD_NOT_ALLOWED,
                              "method-not-allowed",
                              "this method is not allowed on this path", h, 1);
  }
  case MHD_HTTP_UNSUPPORTED_MEDIA_TYPE: {
    const struct http_header h[] = {
        {MHD_HTTP_HEADER_ACCEPT_POST, API_ACCEPT_POST}};
    return http_reply_problem(
        req, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
        "send application/json, text/plain or a form", h, 1);
  }
  case MHD_HTTP_CONTENT_TOO_LARGE:
    return http_reply_problem(req, MHD_HTTP_CONTENT_TOO_LARGE, "body-too-large",
                              "the request body exceeds the size limit", NULL,
                              0);
  default:
    return http_reply_problem(req, MHD_HTTP_NOT_FOUND, "not-found",
                              "no such path", NULL, 0);
  }
}

/* ---- Routes' handlers ---------------------------------------------------- */

static enum MHD_Result http_serve_healthz(struct http_request *req) {
  static const char ok[] = "{\"status\":\"ok\"}";
  return http_reply(req, MHD_HTTP_OK, CONTENT_JSON, (char *)ok, sizeof ok - 1,
                    MHD_RESPMEM_PERSISTENT, NULL, 0);
}

static enum MHD_Result http_serve_readyz(struct http_request *req) {
  static const char ready[] = "{\"status\":\"ready\"}";
  static const char draining[] = "{\"status\":\"draining\"}";
  if (!atomic_load(&req->srv->draining))
    return http_reply(req, MHD_HTTP_OK, CONTENT_JSON, (char *)ready,
                      sizeof ready - 1, MHD_RESPMEM_PERSISTENT, NULL, 0);
  const struct http_header h[] = {{MHD_HTTP_HEADER_RETRY_AFTER, "1"}};
  return http_reply(req, MHD_HTTP_SERVICE_UNAVAILABLE, CONTENT_JSON,
                    (char *)draining, sizeof draining - 1,
                    MHD_RESPMEM_PERSISTENT, h, 1);
}

static enum MHD_Result http_serve_metrics(struct http_request *req) {
  struct http_server *srv = req->srv;
  const char *labels[ROUTE_COUNT + 1];
  for (size_t i = 0; i < ROUTE_COUNT; i++)
    labels[i] = routes[i].path;
  labels[ROUTE_COUNT] = ROUTE_OTHER_LABEL;
  struct metrics_gauges g = {atomic_load(&srv->in_flight),
                             pool_depth(srv->pool)};
  size_t len = 0;
  char *text = metrics_render(&srv->metrics, labels, ROUTE_COUNT + 1, &g,
                              SUDOKU_VERSION, &len);
  if (text == NULL)
    return http_reply_problem(req, MHD_HTTP_INTERNAL_SERVER_ERROR,
                              "internal-error", "out of memory", NULL, 0);
  return http_reply(req, MHD_HTTP_OK, METRICS_CONTENT_TYPE, text, len,
                    MHD_RESPMEM_MUST_FREE, NULL, 0);
}

static enum MHD_Result http_serve_openapi(struct http_request *req) {
  struct http_server *srv = req->srv;
  if (srv->openapi == NULL)
    return http_reply_problem(req, MHD_HTTP_NOT_FOUND, "not-found",
                              "openapi.yaml was not found at start", NULL, 0);
  return http_reply(req, MHD_HTTP_OK, "application/yaml", srv->openapi,
                    srv->openapi_len, MHD_RESPMEM_PERSISTENT, NULL, 0);
}

/* The web page (web/index.html, built into the binary by scripts/embed.sh).
 * It uses only the public API; the query string (?puzzle=...&solve=1) is
 * read by the page's script, not here. */
static enum MHD_Result http_serve_page(struct http_request *req) {
  static const struct http_header extra[] = {
      {MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache"},
      {"Content-Security-Policy",
       "default-src 'self'; script-src 'unsafe-inline'; style-src "
       "'unsafe-inline'; connect-src 'self'"},
      {"X-Content-Type-Options", "nosniff"},
  };
  return http_reply(req, MHD_HTTP_OK, "text/html; charset=utf-8",
                    (char *)(uintptr_t)sudokud_page_html, sudokud_page_html_len,
                    MHD_RESPMEM_PERSISTENT, extra,
                    sizeof extra / sizeof extra[0]);
}

/* ---- /solve -------------------------------------------------------------- */

static bool http_is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
         c == '~' || c == '%' || c == '+';
}

/* name=value pairs with a puzzle field: a name, '=', and "puzzle=" at the
 * start or after a '&'. A text grid ("53..7....") has no '='. */
static bool http_looks_like_form(const char *b, size_t n) {
  size_t i = 0;
  while (i < n && http_is_name_char(b[i]))
    i++;
  if (i == 0 || i == n || b[i] != '=')
    return false;
  static const char key[] = "puzzle=";
  size_t k = sizeof key - 1;
  for (i = 0; i + k <= n; i++)
    if ((i == 0 || b[i - 1] == '&') && memcmp(b + i, key, k) == 0)
      return true;
  return false;
}

/* MHD_PostProcessor callback: keeps the first puzzle field and the first
 * format field, already URL-decoded by MHD. */
static enum MHD_Result http_form_field(void *cls, enum MHD_ValueKind kind,
                                       const char *key, const char *filename,
                                       const char *content_type,
                                       const char *transfer_encoding,
                                       const char *data, uint64_t off,
                                       size_t size) {
  struct http_request *req = cls;
  (void)kind, (void)filename, (void)content_type, (void)transfer_encoding;
  if (strcmp(key, "puzzle") == 0) {
    if (off == 0 && req->form_has_puzzle)
      req->form_dup = true;
    req->form_has_puzzle = true;
    /* Decoding never lengthens: the body's size bounds the field. */
    if (!req->form_dup && size <= req->body_len - req->form_puzzle_len) {
      memcpy(req->form_puzzle + req->form_puzzle_len, data, size);
      req->form_puzzle_len += size;
    }
  } else if (strcmp(key, "format") == 0 && off == req->form_format_len) {
    size_t room = HTTP_FORMAT_MAX - req->form_format_len;
    size = size < room ? size : room;
    memcpy(req->form_format + req->form_format_len, data, size);
    req->form_format_len += size;
    req->form_format[req->form_format_len] = '\0';
  }
  return MHD_YES;
}

/* Chooses what api_solve sees for a form content type: a JSON body, the
 * decoded puzzle field, or the raw text (curl --data-binary @file). */
static void http_form_decode(struct http_request *req) {
  struct api_request *a = &req->api;
  const char *b = a->body; /* never NULL, unlike req->body */
  size_t n = a->body_len, i = 0;
  while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
    i++;
  if (i < n && b[i] == '{') {
    a->body_type = API_BODY_JSON;
    return;
  }
  a->body_type = API_BODY_TEXT;
  if (!http_looks_like_form(b, n))
    return;
  req->form_puzzle = malloc(req->body_len);
  if (req->form_puzzle == NULL)
    return;
  struct MHD_PostProcessor *pp = MHD_create_post_processor(
      req->conn, HTTP_POST_BUFFER, http_form_field, req);
  if (pp == NULL)
    return;
  MHD_post_process(pp, req->body, req->body_len);
  MHD_destroy_post_processor(pp); /* delivers the last field */
  if (!req->form_has_puzzle)
    return;
  a->body_type = API_BODY_FORM;
  a->body = req->form_puzzle;
  a->body_len = req->form_puzzle_len;
  if (a->format == NULL && req->form_format_len > 0)
    a->format = req->form_format;
}

/* A worker's job: the full solve, then the resume that hands the request
 * back to its MHD thread. */
static void http_work(struct pool_job *job, bool cancelled, void *ctx) {
  struct http_request *req =
      (struct http_request *)((char *)job - offsetof(struct http_request, job));
  struct http_server *srv = ctx;
  struct MHD_Connection *conn = req->conn;
  if (cancelled) {
    api_problem(MHD_HTTP_SERVICE_UNAVAILABLE, "draining",
                "the server is shutting down", req->accept, req->id,
                &req->deferred);
    req->cancelled = true;
  } else {
    uint64_t t0 = http_now_us();
    api_solve(&srv->limits, &req->api, &req->deferred);
    req->solve_us += http_now_us() - t0;
    if (req->deferred.retry) { /* api broke its contract: never loop */
      api_response_free(&req->deferred);
      api_problem(MHD_HTTP_INTERNAL_SERVER_ERROR, "internal-error",
                  "the solver asked for a second retry", req->accept, req->id,
                  &req->deferred);
    }
  }
  req->has_deferred = true;
  /* The last access to req: once resumed, its MHD thread may answer,
   * complete and free it at any moment. */
  MHD_resume_connection(conn);
}

/* After the worker: count and send its response. */
static enum MHD_Result http_reply_deferred(struct http_request *req) {
  const struct http_header h[] = {{MHD_HTTP_HEADER_RETRY_AFTER, "1"}};
  if (!req->cancelled)
    metrics_observe_solve(&req->srv->metrics, req->solve_us);
  return http_reply_api(req, &req->deferred, h, req->cancelled ? 1 : 0);
}

static enum MHD_Result http_serve_solve(struct http_request *req) {
  struct http_server *srv = req->srv;
  struct api_request *a = &req->api;
  struct api_response r;
  memset(&r, 0, sizeof r);
  a->body_type = req->body_type;
  a->body = req->body != NULL ? req->body : "";
  a->body_len = req->body_len;
  a->accept = req->accept;
  a->format =
      MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, "format");
  a->request_id = req->id;
  if (a->body_type == API_BODY_FORM)
    http_form_decode(req);

  a->inline_attempt = true;
  uint64_t t0 = http_now_us();
  api_solve(&srv->limits, a, &r);
  uint64_t dt = http_now_us() - t0;
  if (!r.retry) {
    metrics_observe_solve(&srv->metrics, dt);
    enum MHD_Result ret = http_reply_api(req, &r, NULL, 0);
    api_response_free(&r);
    return ret;
  }
  api_response_free(&r);
  req->solve_us = dt;
  a->inline_attempt = false;
  if (!pool_reserve(srv->pool)) {
    const struct http_header h[] = {{MHD_HTTP_HEADER_RETRY_AFTER, "1"}};
    return http_reply_problem(req, MHD_HTTP_SERVICE_UNAVAILABLE, "overloaded",
                              "all solver workers are busy; retry later", h, 1);
  }
  /* Suspend before the push: the worker may resume it at once. */
  MHD_suspend_connection(req->conn);
  pool_push(srv->pool, &req->job);
  return MHD_YES;
}

/* ---- MHD callbacks ------------------------------------------------------- */

/* First call: headers only. Returns MHD_NO only when out of memory. */
static enum MHD_Result http_begin(struct http_server *srv,
                                  struct MHD_Connection *conn, const char *url,
                                  const char *method, void **con_cls) {
  struct http_request *req = calloc(1, sizeof *req);
  if (req == NULL)
    return MHD_NO;
  *con_cls = req;
  atomic_fetch_add(&srv->in_flight, 1);
  req->srv = srv;
  req->conn = conn;
  req->start_us = http_now_us();
  req->route = http_route_of(url);
  req->method = http_method_of(method);
  http_log_copy(req->method_name, sizeof req->method_name, method);
  http_log_copy(req->path, sizeof req->path, url);
  req->accept = http_header(conn, MHD_HTTP_HEADER_ACCEPT);
  req->origin = http_header(conn, "Origin");
  req->forwarded_for = http_header(conn, "X-Forwarded-For");
  const char *id = http_header(conn, "X-Request-Id");
  if (http_id_ok(id))
    memcpy(req->id, id, strlen(id) + 1);
  else
    http_id_make(srv, req->id, sizeof req->id);

  if (req->route == NULL)
    req->pending = MHD_HTTP_NOT_FOUND;
  else if (req->method == HTTP_OPTIONS)
    req->pending = MHD_HTTP_NO_CONTENT;
  else if ((req->route->methods & req->method) == 0)
    req->pending = MHD_HTTP_METHOD_NOT_ALLOWED;
  else if (req->route == ROUTE_SOLVE) {
    req->body_type =
        api_body_type_of(http_header(conn, MHD_HTTP_HEADER_CONTENT_TYPE));
    if (req->body_type == API_BODY_UNSUPPORTED)
      req->pending = MHD_HTTP_UNSUPPORTED_MEDIA_TYPE;
  }

  /* A body announced too large is refused before it is read; MHD then
   * closes the connection instead of reading the rest. */
  const char *cl = http_header(conn, MHD_HTTP_HEADER_CONTENT_LENGTH);
  if (cl != NULL) {
    unsigned long long n = strtoull(cl, NULL, 10);
    if (n > srv->max_body) {
      if (req->pending == 0)
        req->pending = MHD_HTTP_CONTENT_TOO_LARGE;
      return http_reply_pending(req);
    }
    if (req->pending == 0 && req->route == ROUTE_SOLVE && n > 0) {
      req->body = malloc((size_t)n);
      req->body_cap = req->body != NULL ? (size_t)n : 0;
    }
  }
  return MHD_YES;
}

/* A body chunk: kept for /solve while it fits max_body, else dropped. */
static void http_take_body(struct http_request *req, const char *data,
                           size_t size) {
  size_t max = req->srv->max_body;
  req->body_seen += size;
  if (req->pending != 0 || req->body_over || req->replied)
    return;
  if (req->body_seen > max) {
    /* MHD accepts no response in the middle of an upload: the rest is
     * read and dropped, and 413 answered at the end. */
    req->body_over = true;
    free(req->body);
    req->body = NULL;
    req->body_len = req->body_cap = 0;
    return;
  }
  if (req->body_len + size > req->body_cap) {
    size_t cap = req->body_cap > 0 ? req->body_cap : HTTP_BODY_INITIAL;
    while (cap < req->body_len + size)
      cap *= 2;
    cap = cap < max ? cap : max;
    char *p = realloc(req->body, cap);
    if (p == NULL) {
      req->body_over = true; /* answered 413: the closest truth */
      return;
    }
    req->body = p;
    req->body_cap = cap;
  }
  memcpy(req->body + req->body_len, data, size);
  req->body_len += size;
}

static enum MHD_Result http_access(void *cls, struct MHD_Connection *conn,
                                   const char *url, const char *method,
                                   const char *version, const char *upload_data,
                                   size_t *upload_data_size, void **con_cls) {
  struct http_server *srv = cls;
  struct http_request *req = *con_cls;
  (void)version;
  if (req == NULL)
    return http_begin(srv, conn, url, method, con_cls);
  if (*upload_data_size > 0) {
    http_take_body(req, upload_data, *upload_data_size);
    *upload_data_size = 0;
    return req->body_seen / HTTP_DISCARD_FACTOR > srv->max_body ? MHD_NO
                                                                : MHD_YES;
  }
  if (req->replied)
    return MHD_YES;
  if (req->has_deferred)
    return http_reply_deferred(req);
  if (req->body_over && req->pending == 0)
    req->pending = MHD_HTTP_CONTENT_TOO_LARGE;
  if (req->pending != 0)
    return http_reply_pending(req);
  return req->route->serve(req);
}

static bool http_proxy_trusted(const struct http_server *srv,
                               const char *addr) {
  for (size_t i = 0; i < srv->nproxies; i++)
    if (strcmp(srv->proxies[i], addr) == 0)
      return true;
  return false;
}

/*
 * The client address for the log. X-Forwarded-For is believed only when the
 * peer is a trusted proxy (anyone else could write anything in it); then the
 * client is its rightmost entry that is not itself a trusted proxy, and the
 * line says which proxy it came through: "203.0.113.7 via 127.0.0.1".
 */
static void http_client_address(const struct http_server *srv, const char *peer,
                                const char *xff, char *out, size_t cap) {
  snprintf(out, cap, "%s", peer);
  if (xff == NULL || !http_proxy_trusted(srv, peer))
    return;
  const char *end = xff + strlen(xff);
  while (end > xff) {
    const char *start = end;
    while (start > xff && start[-1] != ',')
      start--;
    const char *a = start, *b = end;
    while (a < b && (*a == ' ' || *a == '\t'))
      a++;
    while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
      b--;
    char hop[INET6_ADDRSTRLEN];
    unsigned char bin[sizeof(struct in6_addr)];
    size_t len = (size_t)(b - a);
    if (len == 0 || len >= sizeof hop)
      return; /* malformed: keep the peer */
    memcpy(hop, a, len);
    hop[len] = '\0';
    if (inet_pton(AF_INET, hop, bin) != 1 && inet_pton(AF_INET6, hop, bin) != 1)
      return;
    if (!http_proxy_trusted(srv, hop) || start == xff) {
      snprintf(out, cap, "%s via %s", hop, peer);
      return;
    }
    end = start - 1;
  }
}

static void http_complete(void *cls, struct MHD_Connection *conn,
                          void **con_cls, enum MHD_RequestTerminationCode toe) {
  struct http_server *srv = cls;
  struct http_request *req = *con_cls;
  if (req == NULL)
    return;
  *con_cls = NULL;
  if (req->replied)
    metrics_count_request(&srv->metrics, http_route_index(req->route),
                          req->status);
  if (srv->access_log) {
    char addr[INET6_ADDRSTRLEN] = "-", client[INET6_ADDRSTRLEN + 64];
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci != NULL && ci->client_addr != NULL) {
      const struct sockaddr *sa = ci->client_addr;
      if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, addr,
                  sizeof addr);
      else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, addr,
                  sizeof addr);
    }
    http_client_address(srv, addr, req->forwarded_for, client, sizeof client);
    char status[8] = "-";
    if (req->replied)
      snprintf(status, sizeof status, "%d", req->status);
    static const char *const end[] = {
        [MHD_REQUEST_TERMINATED_COMPLETED_OK] = "",
        [MHD_REQUEST_TERMINATED_WITH_ERROR] = " error",
        [MHD_REQUEST_TERMINATED_TIMEOUT_REACHED] = " timeout",
        [MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN] = " shutdown",
        [MHD_REQUEST_TERMINATED_READ_ERROR] = " read-error",
        [MHD_REQUEST_TERMINATED_CLIENT_ABORT] = " client-abort",
    };
    const char *how =
        (unsigned)toe < sizeof end / sizeof end[0] && end[toe] != NULL
            ? end[toe]
            : " ?";
    /* One fprintf per line: stdio locks the stream, lines never mix. */
    fprintf(stderr, "%s \"%s %s\" %s %zuB %lluus id=%s%s\n", client,
            req->method_name, req->path, status, req->bytes,
            (unsigned long long)(http_now_us() - req->start_us), req->id, how);
  }
  api_response_free(&req->deferred);
  free(req->body);
  free(req->form_puzzle);
  free(req);
  atomic_fetch_sub(&srv->in_flight, 1);
}

/* MHD's own error messages: to stderr, and while http_start() runs, kept
 * for its err out-parameter (the first line names the failure). */
static void http_mhd_log(void *cls, const char *fmt, va_list ap) {
  struct http_server *srv = cls;
  char line[sizeof srv->start_err];
  vsnprintf(line, sizeof line, fmt, ap);
  line[strcspn(line, "\n")] = '\0';
  pthread_mutex_lock(&srv->log_lock);
  if (srv->starting && srv->start_err[0] == '\0')
    memcpy(srv->start_err, line, sizeof line);
  else
    fprintf(stderr, "sudokud: libmicrohttpd: %s\n", line);
  pthread_mutex_unlock(&srv->log_lock);
}

/* ---- Lifetime ------------------------------------------------------------ */

void http_config_default(struct http_config *cfg) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  memset(cfg, 0, sizeof *cfg);
  cfg->bind = HTTP_DEFAULT_BIND;
  cfg->port = HTTP_DEFAULT_PORT;
  cfg->threads = cpus > 0 ? (unsigned)cpus : 1;
  cfg->max_body = API_DEFAULT_MAX_BODY;
  cfg->max_puzzles = API_DEFAULT_MAX_PUZZLES;
  cfg->deadline_ms = API_DEFAULT_DEADLINE_MS;
  cfg->queue = HTTP_DEFAULT_QUEUE;
  cfg->max_connections = HTTP_DEFAULT_MAX_CONNECTIONS;
  cfg->timeout_s = HTTP_DEFAULT_TIMEOUT_S;
  cfg->cors_origins = HTTP_DEFAULT_CORS_ORIGINS;
  cfg->access_log = true;
}

/* Splits a comma-separated list into malloc'd strings; spaces around
 * names are dropped, and so is a "*" entry, which sets *any. */
static bool http_list_parse(const char *list, char ***items, size_t *count,
                            bool *any) {
  size_t n = 1;
  for (const char *p = list; *p != '\0'; p++)
    n += *p == ',';
  *items = calloc(n, sizeof **items);
  if (*items == NULL)
    return false;
  for (const char *p = list;;) {
    const char *comma = strchr(p, ',');
    const char *e = comma != NULL ? comma : p + strlen(p);
    while (p < e && *p == ' ')
      p++;
    while (e > p && e[-1] == ' ')
      e--;
    if (e - p == 1 && *p == '*')
      *any = true;
    else if (e > p) {
      char *s = malloc((size_t)(e - p) + 1);
      if (s == NULL)
        return false;
      memcpy(s, p, (size_t)(e - p));
      s[e - p] = '\0';
      (*items)[(*count)++] = s;
    }
    if (comma == NULL)
      break;
    p = comma + 1;
  }
  return true;
}

/* Trusted proxies: IP literals, kept in canonical text form so that the
 * peer address (from inet_ntop) compares with strcmp. */
static bool http_proxies_parse(struct http_server *srv, const char *list,
                               char *err, size_t errlen) {
  bool any = false;
  if (!http_list_parse(list, &srv->proxies, &srv->nproxies, &any)) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  for (size_t i = 0; i < srv->nproxies; i++) {
    unsigned char bin[sizeof(struct in6_addr)];
    int family = AF_INET;
    if (inet_pton(AF_INET, srv->proxies[i], bin) != 1) {
      family = AF_INET6;
      if (inet_pton(AF_INET6, srv->proxies[i], bin) != 1) {
        snprintf(err, errlen,
                 "trusted proxy '%.64s' is not an IPv4 or IPv6 address",
                 srv->proxies[i]);
        return false;
      }
    }
    char *canon = realloc(srv->proxies[i], INET6_ADDRSTRLEN);
    if (canon == NULL) {
      snprintf(err, errlen, "out of memory");
      return false;
    }
    srv->proxies[i] = canon;
    inet_ntop(family, bin, canon, INET6_ADDRSTRLEN);
  }
  if (any) {
    snprintf(err, errlen, "trusted proxies must be addresses, not '*'");
    return false;
  }
  return true;
}

static void http_free(struct http_server *srv) {
  pool_free(srv->pool);
  pthread_mutex_destroy(&srv->log_lock);
  for (size_t i = 0; i < srv->norigins; i++)
    free(srv->origins[i]);
  free(srv->origins);
  for (size_t i = 0; i < srv->nproxies; i++)
    free(srv->proxies[i]);
  free(srv->proxies);
  free(srv->openapi);
  free(srv);
}

struct http_server *http_start(const struct http_config *cfg, char *err,
                               size_t errlen) {
  struct http_server *srv = calloc(1, sizeof *srv);
  struct sockaddr_storage addr;
  memset(&addr, 0, sizeof addr);
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME |
                   MHD_USE_ITC | MHD_USE_ERROR_LOG;
  const char *bind = cfg->bind != NULL ? cfg->bind : HTTP_DEFAULT_BIND;

  if (srv == NULL) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  metrics_init(&srv->metrics);
  atomic_init(&srv->draining, false);
  atomic_init(&srv->in_flight, 0);
  atomic_init(&srv->id_next, 0);
  pthread_mutex_init(&srv->log_lock, NULL);
  srv->starting = true;
  struct timespec rt;
  clock_gettime(CLOCK_REALTIME, &rt);
  srv->id_seed =
      http_mix(((uint64_t)rt.tv_sec * 1000000000u + (uint64_t)rt.tv_nsec) ^
               ((uint64_t)getpid() << 40));
  srv->max_body = cfg->max_body;
  srv->access_log = cfg->access_log;
  srv->limits.max_puzzles = cfg->max_puzzles;
  srv->limits.deadline_us = (uint64_t)cfg->deadline_ms * 1000u;
  srv->limits.max_nodes = 0; /* the deadline bounds a request */

  if (cfg->threads == 0 || cfg->threads > cfg->max_connections) {
    snprintf(err, errlen, "threads must be 1..max-connections (%u), not %u",
             cfg->max_connections, cfg->threads);
    goto fail;
  }
  struct sockaddr_in *in4 = (struct sockaddr_in *)&addr;
  struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&addr;
  if (inet_pton(AF_INET, bind, &in4->sin_addr) == 1) {
    in4->sin_family = AF_INET;
    in4->sin_port = htons(cfg->port);
  } else if (inet_pton(AF_INET6, bind, &in6->sin6_addr) == 1) {
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(cfg->port);
    /* "::" also takes IPv4 clients; a specific address only its own. */
    flags |= IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr) ? MHD_USE_DUAL_STACK
                                                      : MHD_USE_IPv6;
  } else {
    snprintf(err, errlen, "bind address '%s' is not an IPv4 or IPv6 literal",
             bind);
    goto fail;
  }
  if (!http_list_parse(cfg->cors_origins != NULL ? cfg->cors_origins
                                                 : HTTP_DEFAULT_CORS_ORIGINS,
                       &srv->origins, &srv->norigins, &srv->cors_any)) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  if (cfg->trusted_proxies != NULL &&
      !http_proxies_parse(srv, cfg->trusted_proxies, err, errlen))
    goto fail;
  if (cfg->openapi != NULL) {
    srv->openapi = malloc(cfg->openapi_len > 0 ? cfg->openapi_len : 1);
    if (srv->openapi == NULL) {
      snprintf(err, errlen, "out of memory");
      goto fail;
    }
    memcpy(srv->openapi, cfg->openapi, cfg->openapi_len);
    srv->openapi_len = cfg->openapi_len;
  }
  srv->pool = pool_start(cfg->threads, cfg->queue, http_work, srv);
  if (srv->pool == NULL) {
    snprintf(err, errlen, "cannot start %u worker threads", cfg->threads);
    goto fail;
  }

  flags |= MHD_is_feature_supported(MHD_FEATURE_EPOLL) == MHD_YES
               ? MHD_USE_EPOLL
               : MHD_USE_POLL;
  /* MHD_OPTION_LISTENING_ADDRESS_REUSE is left out on purpose: without it
   * MHD sets SO_REUSEADDR (a restart binds despite TIME_WAIT); with 1 it
   * adds SO_REUSEPORT, and a second server on the same port would start
   * and share the traffic instead of failing with "address in use". */
  srv->daemon = MHD_start_daemon(
      flags, cfg->port, NULL, NULL, http_access, srv,
      /* first, or MHD logs that it is not first with its own logger */
      MHD_OPTION_EXTERNAL_LOGGER, http_mhd_log, srv, MHD_OPTION_SOCK_ADDR,
      (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT,
      cfg->max_connections, MHD_OPTION_CONNECTION_TIMEOUT, cfg->timeout_s,
      MHD_OPTION_NOTIFY_COMPLETED, http_complete, srv,
      /* Last: one thread needs no pool, and MHD warns about a size of 0 or
       * 1, so the list simply ends here then. */
      cfg->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
      cfg->threads, MHD_OPTION_END);
  pthread_mutex_lock(&srv->log_lock);
  srv->starting = false;
  if (srv->daemon != NULL && srv->start_err[0] != '\0')
    fprintf(stderr, "sudokud: libmicrohttpd: %s\n", srv->start_err);
  pthread_mutex_unlock(&srv->log_lock);
  if (srv->daemon == NULL) {
    snprintf(err, errlen, "cannot listen on %s port %u: %s", bind,
             (unsigned)cfg->port,
             srv->start_err[0] != '\0' ? srv->start_err : "failed to start");
    goto fail;
  }
  const union MHD_DaemonInfo *di =
      MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
  srv->port = di != NULL ? di->port : cfg->port;
  return srv;

fail:
  if (srv != NULL) {
    pool_stop(srv->pool);
    http_free(srv);
  }
  return NULL;
}

uint16_t http_port(const struct http_server *srv) { return srv->port; }

/* Waits until no request is in flight or ms pass; returns those left.
 * Polling every 10 ms: a condition variable would need the completion
 * callback to take a lock on every request. */
static unsigned http_wait_idle(struct http_server *srv, unsigned ms) {
  uint64_t end = http_now_us() + (uint64_t)ms * 1000u;
  unsigned left;
  while ((left = atomic_load(&srv->in_flight)) > 0 && http_now_us() < end) {
    struct timespec ts = {0, 10 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  return left;
}

unsigned http_drain(struct http_server *srv, unsigned ms) {
  if (!atomic_exchange(&srv->draining, true)) {
    /* Needs MHD_USE_ITC with internal threads; the socket is ours now. */
    MHD_socket fd = MHD_quiesce_daemon(srv->daemon);
    if (fd != MHD_INVALID_SOCKET)
      close(fd);
  }
  return http_wait_idle(srv, ms);
}

void http_stop(struct http_server *srv) {
  if (srv == NULL)
    return;
  atomic_store(&srv->draining, true);
  /* Workers first: MHD_stop_daemon() must not meet a suspended connection,
   * and every queued request is resumed with a 503 by pool_stop(). The
   * stopped pool stays until MHD is gone: its threads may still ask it. */
  pool_stop(srv->pool);
  /* The requests pool_stop() resumed still have to be sent: MHD_stop_daemon
   * would close them first (a client saw an empty reply 6 times in 16). A
   * short, bounded wait lets MHD flush them. */
  http_wait_idle(srv, HTTP_STOP_FLUSH_MS);
  MHD_stop_daemon(srv->daemon);
  http_free(srv);
}
