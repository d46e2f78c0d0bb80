/*
 * http.h - the HTTP transport of sudokud, on libmicrohttpd: listening,
 * routing, body accumulation with caps, solver worker threads, CORS,
 * request ids, access log and Prometheus metrics.
 *
 * Routes: POST /solve, GET|HEAD /healthz, /readyz, /metrics, /openapi.yaml,
 * / (the web page), and OPTIONS (CORS preflight) on each of them. What a /solve
 * body means, and every error body, come from api.h; this module only moves
 * bytes.
 *
 * What it does NOT do: parse puzzles or JSON, read flags or the environment,
 * install signal handlers. A server holds all its state; there are no
 * globals, so tests may run several servers in one process.
 */
#ifndef SUDOKU_HTTP_H
#define SUDOKU_HTTP_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "net.h"

/* ---- Configuration ----------------------------------------------------- */

#define HTTP_DEFAULT_PORT 8080u
#define HTTP_DEFAULT_BIND "0.0.0.0"
#define HTTP_DEFAULT_QUEUE 64u /* requests waiting for a worker */
#define HTTP_DEFAULT_MAX_CONNECTIONS 1024u
/* --client-jobs not given: half of --queue (at least 1). */
#define HTTP_CLIENT_JOBS_AUTO UINT_MAX
#define HTTP_DEFAULT_TIMEOUT_S 30u /* to deliver a request whole, or idle */
#define HTTP_DEFAULT_DRAIN_MS 10000u
#define HTTP_DEFAULT_CORS_ORIGINS "*"
#define HTTP_REQUEST_ID_MAX 128u /* longest X-Request-Id kept */

struct http_config {
  const char *bind;     /* IPv4 or IPv6 literal ("127.0.0.1", "::1") */
  uint16_t port;        /* 0 = any free port; see http_port() */
  unsigned threads;     /* MHD thread pool size and solver workers, >= 1 */
  size_t max_body;      /* bytes of a /solve body */
  uint32_t max_puzzles; /* per /solve request */
  uint32_t deadline_ms; /* per request, all puzzles */
  uint32_t generate_deadline_ms; /* per GET /generate */
  unsigned queue; /* requests waiting for a worker; 0 = no workers
                     wait, a slow solve is answered 503 */
  unsigned max_connections;
  unsigned client_jobs;        /* one client's requests waiting for or on
                                  a worker at once before 429; 0 = any,
                                  HTTP_CLIENT_JOBS_AUTO = queue / 2 */
  unsigned timeout_s;          /* to deliver a request, or idle; 0 = none */
  const char *cors_origins;    /* comma-separated allowlist; "*" = any origin */
  const char *trusted_proxies; /* comma-separated IP literals or CIDR
                                  ranges whose
                                  X-Forwarded-For the access log believes;
                                  NULL = none */
  bool access_log;             /* one line per request on stderr */
  const char *openapi;         /* bytes served at /openapi.yaml; NULL = 404 */
  size_t openapi_len;
};

/* Fills *cfg with the defaults above, api.h's limits and one thread per
 * online CPU. */
void http_config_default(struct http_config *cfg);

/* ---- Lifetime ---------------------------------------------------------- */

struct http_server;

/*
 * Starts listening and serving on internal threads. The configuration is
 * copied: cfg and its strings may be freed once this returns. Returns NULL
 * and a one-line message in err[0..errlen) (bad bind address, port in use,
 * out of memory, ...). If the process waits for SIGINT and SIGTERM with
 * sigwait(), block them in the calling thread before: the server's threads
 * inherit its signal mask.
 */
struct http_server *http_start(const struct http_config *cfg, char *err,
                               size_t errlen);

/* The port actually bound (the free port picked when cfg->port was 0). */
uint16_t http_port(const struct http_server *srv);

/*
 * Graceful shutdown, step 1: /readyz answers 503 "draining", the listening
 * socket is closed (new connections are refused), responses carry
 * "Connection: close", and the call waits until no request is in flight or
 * ms milliseconds have passed. Returns the requests still in flight (0 when
 * the drain completed). Idle keep-alive connections do not count.
 */
unsigned http_drain(struct http_server *srv, unsigned ms);

/*
 * Step 2 (also valid without step 1): requests still waiting for a worker
 * are answered 503, the workers finish the solve they are running (bounded
 * by the deadline) and exit, every connection is closed, and srv is freed.
 * NULL is a no-op.
 */
void http_stop(struct http_server *srv);

#endif /* SUDOKU_HTTP_H */
