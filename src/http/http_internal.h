/*
 * http_internal.h - what the files of src/http share: the server, one
 * request's state, the route table's row, and the reply helpers. Nobody
 * outside src/http includes it.
 */
#ifndef SUDOKU_HTTP_INTERNAL_H
#define SUDOKU_HTTP_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>

#include "../api/api.h"
#include "clients.h"
#include "http.h"
#include "metrics.h"
#include "pool.h"
#include "sudoku_generate.h" /* sudoku_mix64: request ids */

#define HTTP_LOG_PATH_MAX 200  /* path bytes kept for the access log */
#define HTTP_BODY_INITIAL 4096 /* first body buffer without Content-Length */
/* A body announced at most this long is kept inside its request's own
 * allocation (a 9x9 puzzle in JSON is about 100 bytes; a 16x16 270). */
#define HTTP_BODY_INLINE 384
/* A chunked body past max_body is read and dropped to answer 413 (MHD takes
 * no response mid-upload); past this many times max_body the connection is
 * closed instead, so that no upload ties up a thread for ever. */
#define HTTP_DISCARD_FACTOR 4u

#define CONTENT_JSON "application/json"

/* ---- Routes (routes.c) --------------------------------------------------- */

enum http_method {
  HTTP_UNKNOWN = -1, /* no method HTTP defines (RFC 9110 9.3, RFC 5789) */
  HTTP_OTHER = 0,    /* one it defines that no route of ours takes */
  HTTP_GET = 1,
  HTTP_HEAD = 2,
  HTTP_POST = 4,
  HTTP_OPTIONS = 8
};

/* Cache-Control of a route's answers. */
enum http_cache {
  HTTP_CACHE_NONE,     /* no header */
  HTTP_CACHE_NO_STORE, /* computed answers: never stored */
  HTTP_CACHE_NO_CACHE, /* the page: revalidate */
  HTTP_CACHE_BY_ANSWER /* the api says (a seeded /generate), else no-store */
};

struct http_request;
typedef enum MHD_Result (*http_serve_fn)(struct http_request *req);

/*
 * One row a route; everything http needs to know about it. An api route
 * names its endpoint (api_endpoint_find): its body types come from there,
 * and its cost is asked of each parsed job (inline when the first attempt
 * answered, else a worker). Other routes are served by `serve` inline.
 */
struct http_route {
  const char *path; /* exact match; also the metrics label */
  unsigned methods; /* enum http_method bits, OPTIONS implied */
  const char *allow;
  const char *api;     /* api endpoint name, or NULL */
  http_serve_fn serve; /* for routes that are not api endpoints */
  enum http_cache cache;
  bool vary_accept; /* the answer depends on Accept */
};

extern const struct http_route http_routes[];
extern const size_t http_route_count;

/* The route of an exact path (len bytes), or NULL. */
const struct http_route *http_route_of(const char *path, size_t len);
unsigned http_route_index(const struct http_route *r);
enum http_method http_method_of(const char *name);

/* ---- State --------------------------------------------------------------- */

struct http_server {
  struct MHD_Daemon *daemon;
  struct pool *pool;
  struct clients *clients; /* requests of each client at a worker */
  unsigned client_jobs;    /* of them at once; 0 = no limit */
  struct api_limits limits;
  const struct api_endpoint **endpoints; /* one per route, NULL if none */
  size_t max_body;
  unsigned max_connections;
  bool access_log;
  bool cors_any;
  char **origins; /* allowlist when not cors_any */
  size_t norigins;
  struct http_net *proxies; /* trusted proxies: addresses or ranges */
  size_t nproxies;
  char *openapi; /* NULL: /openapi.yaml answers 404 */
  size_t openapi_len;
  uint16_t port;
  uint64_t id_seed;
  atomic_uint_fast64_t id_next;
  atomic_bool draining;
  atomic_uint in_flight;
  atomic_uint connections;
  struct http_reaper *reaper; /* NULL: out of memory */
  pthread_mutex_t log_lock;   /* guards starting and start_err */
  bool starting; /* MHD's first log line goes to start_err, not stderr */
  char start_err[200];
  struct metrics metrics; /* last: large */
};

struct http_header {
  const char *name, *value;
};

/* ---- The reaper (reaper.c): a connection gets --timeout-s to deliver
 * its next request whole, however it trickles, and one whose client can
 * send no more of it is closed within half a second -----------------------
 */

struct http_reaper;
struct http_watch;
/* timeout_s 0: no time limit. NULL when out of memory: then every call
 * below is a no-op. Stop it after MHD_stop_daemon(). */
struct http_reaper *http_reaper_start(unsigned timeout_s);
void http_reaper_stop(struct http_reaper *r);
/* A connection opened (fd: its socket) and closed: MHD_OPTION_NOTIFY_
 * CONNECTION's STARTED and CLOSED. The watch is the socket context. */
struct http_watch *http_watch_open(struct http_reaper *r, int fd);
void http_watch_close(struct http_reaper *r, struct http_watch *w);
/* The request is read whole (its final access call): no longer timed. */
void http_watch_read(struct http_watch *w);
/* The request completed: the next one's time starts now. */
void http_watch_next(struct http_watch *w);

/* Everything about one request; freed only in http_complete(). */
struct http_request {
  struct pool_job job; /* queued for a worker */
  struct http_server *srv;
  struct MHD_Connection *conn;
  struct http_watch *watch;            /* its connection's, or NULL */
  const struct http_route *route;      /* NULL: unknown path */
  const struct api_endpoint *endpoint; /* the route's api endpoint, or NULL */
  enum http_method method;
  uint64_t start_ns;
  const char *accept, *origin; /* live in MHD's connection pool */
  const char *forwarded_for;   /* X-Forwarded-For, or NULL */
  const char *content_type;    /* Content-Type, or NULL */
  const char *if_none_match;   /* If-None-Match, or NULL */
  char id[HTTP_REQUEST_ID_MAX + 1];
  char method_name[16];
  char path[HTTP_LOG_PATH_MAX + 1];

  /* Decided from the headers, answered after the body (so that the
   * connection survives), or at once with close: a problem, 204. */
  enum api_problem pending;
  bool preflight;
  bool server_options; /* OPTIONS *: answered like a preflight, routeless */
  bool close;          /* answer, then close the connection (framing errors) */
  char *body;          /* malloc'd, or inline_body */
  size_t body_len, body_cap;
  uint64_t body_seen; /* bytes received, kept or not */
  bool body_over;     /* a chunked body grew past max_body */

  /* Worker hand-off: the worker runs the job and queues the response
   * before MHD_resume_connection(); MHD's resume mutex orders the two. */
  struct api_job *api_job;
  bool handoff;          /* parsed and costed: to a worker on the next call */
  enum api_cost cost;    /* which lane */
  struct client *client; /* counted in srv->clients until complete */
  char client_name[CLIENTS_NAME_MAX]; /* "": not worked out yet */
  uint64_t solve_us; /* spent on the MHD thread before the hand-off */

  /* The api's cache policy for its answer (HTTP_CACHE_BY_ANSWER). */
  char cache_control[64]; /* "": no-store */
  char etag[40];

  /* What was answered, for the metrics and the log. */
  bool replied;
  int status;
  size_t bytes;

  /* A short body announced by Content-Length, allocated with the request. */
  char inline_body[];
};

/* ---- Replies (reply.c) --------------------------------------------------- */

/* Queues the one response of req. mode says who owns body: with
 * MHD_RESPMEM_MUST_FREE it is handed to MHD (or freed here on failure).
 * Adds the headers every response carries, then extra[0..nextra). */
enum MHD_Result http_reply(struct http_request *req, int status,
                           const char *type, char *body, size_t len,
                           enum MHD_ResponseMemoryMode mode,
                           const struct http_header *extra, size_t nextra);

/* Answers with an api_response, whose body moves to MHD; a 503 gets
 * Retry-After, a 405 Allow, a 415 Accept-Post. */
enum MHD_Result http_reply_api(struct http_request *req,
                               struct api_response *r);

/* Answers a problem of the table (detail NULL: the table's). */
enum MHD_Result http_reply_problem(struct http_request *req, enum api_problem p,
                                   const char *detail);

/* CLOCK_MONOTONIC microseconds, from the core's one clock. */
uint64_t http_now_us(void);

/* ---- The access log and proxy trust (access_log.c) ----------------------- */

/* Copies s for the access log: bytes outside printable ASCII, quotes and
 * backslashes become \xHH, so one request is one line whatever the path. */
void http_log_copy(char *out, size_t cap, const char *s, size_t len);

/* The client of req as the access log names it: its address, or for a
 * trusted proxy "CLIENT via PROXY" from its X-Forwarded-For. Worked out
 * once, kept in req (the fair share and the log line both ask). */
const char *http_client_name(struct http_request *req);

/* Writes the access-log line of a completed request. */
void http_log_request(struct http_request *req,
                      enum MHD_RequestTerminationCode toe);

/* ---- Header fields (fields.c) -------------------------------------------- */

/* What the header fields say: how the body is framed, and the values a
 * request keeps, each the first field of its name (what
 * MHD_lookup_connection_value would return). One pass over the fields
 * instead of a lookup (a walk with a caseless compare) per name. */
struct http_fields {
  unsigned content_length; /* Content-Length fields */
  unsigned transfer_encoding;
  bool bad_te;          /* a Transfer-Encoding other than exactly "chunked" */
  bool bad_name;        /* whitespace or a control byte in a field name */
  bool folded;          /* obsolete line folding (0.9.75: in the name) */
  bool bad_value;       /* a NUL or a CR inside a field value */
  unsigned host;        /* Host fields */
  bool bad_host;        /* a Host value that is no host[:port] */
  bool expect_continue; /* Expect: 100-continue (the client waits to send) */
  const char *length, *type, *accept, *origin, *forwarded_for, *request_id;
  const char *if_none_match;
};
void http_fields_read(struct MHD_Connection *conn, struct http_fields *f);

/*
 * Ambiguous or malformed framing, decided before any body byte is read
 * (RFC 9112 6.1, 6.3, 3.2): API_BAD_FRAMING (then the connection closes
 * after the answer: what follows cannot be trusted to be a new request) or
 * API_NOT_IMPLEMENTED (a transfer coding other than chunked), with a
 * *detail; API_OK when the framing is sound.
 */
enum api_problem http_framing_problem(const struct http_fields *f,
                                      const char *version, const char **detail);

/* The path of a request target: an absolute-form target
 * ("http://host/healthz", RFC 9112 3.2.2) is reduced to its path. */
const char *http_target_path(const char *url);

/* ---- Requests (request.c) ------------------------------------------------ */

enum MHD_Result http_access(void *cls, struct MHD_Connection *conn,
                            const char *url, const char *method,
                            const char *version, const char *upload_data,
                            size_t *upload_data_size, void **con_cls);
void http_complete(void *cls, struct MHD_Connection *conn, void **con_cls,
                   enum MHD_RequestTerminationCode toe);
/* The request's context from its request line until begin() allocates
 * its struct: the server's own address, which no request can have. */
#define HTTP_LINE_SEEN(srv) ((void *)(srv))
/* A request line http_line_seen answered itself (too many query fields):
 * counted there, closed, never served. */
#define HTTP_LINE_REFUSED(srv) ((void *)((char *)(srv) + 1))
/* Query fields a request target may carry: no path takes more than 11
 * (API_MAX_QUERY are looked at); past this one, http_line_seen refuses
 * it before libmicrohttpd stores them (see there). */
#define HTTP_MAX_QUERY_FIELDS 64
void *http_line_seen(void *cls, const char *uri, struct MHD_Connection *conn);
void http_notify_connection(void *cls, struct MHD_Connection *conn,
                            void **socket_context,
                            enum MHD_ConnectionNotificationCode toe);
enum MHD_Result http_accept_policy(void *cls, const struct sockaddr *addr,
                                   socklen_t addrlen);
/* The worker's side of a job (pool_run_fn). */
void http_work(struct pool_job *job, bool cancelled, void *ctx);

#endif
