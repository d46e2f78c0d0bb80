/*
 * http.c - the server's lifetime: configuration defaults, start (the
 * daemon, the workers, the endpoints of the route table), drain and stop.
 * The request state machine is in request.c, replies in reply.c, routes in
 * routes.c, the access log in access_log.c.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "http_internal.h"

/* libmicrohttpd's memory per connection (headers, read and write buffers;
 * bodies go to our own buffer). It zeroes all of it between two requests
 * on a kept-alive connection, and half of it once more when the read
 * buffer shrinks: at the default 32 KiB that memset costs some 9 % of the
 * CPU under load, and 64 connections' pools do not stay in cache. 12 KiB
 * still takes 11 KiB of headers (8 KiB are tested); past that the client
 * gets 431 or a closed connection. */
#define HTTP_CONNECTION_MEMORY (12u << 10)

/* Connections each MHD thread may hold beyond --max-connections, so that
 * the accept policy, not MHD, refuses the ones over the limit. */
#define HTTP_LIMIT_MARGIN 16u

/* How long http_stop() lets MHD send the answers it resumed. */
#define HTTP_STOP_FLUSH_MS 1000u

/* Decodes %XX in place, except %00: a NUL would cut the path or a query
 * value short ("/healthz%00.json" served as /healthz, "format=json%00zzz"
 * read as json), so it stays the three characters "%00" and matches
 * nothing. Returns the new length (MHD_OPTION_UNESCAPE_CALLBACK). */
static int hex_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  c = (char)(c | 32);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static size_t http_unescape(void *cls, struct MHD_Connection *conn, char *s) {
  (void)cls, (void)conn;
  char *r = s, *w = s;
  while (*r != '\0') {
    int hi = r[0] == '%' && r[1] != '\0' ? hex_digit(r[1]) : -1;
    int lo = hi >= 0 ? hex_digit(r[2]) : -1;
    if (lo >= 0 && (hi | lo) != 0) {
      *w++ = (char)(hi << 4 | lo);
      r += 3;
    } else {
      *w++ = *r++;
    }
  }
  *w = '\0';
  return (size_t)(w - s);
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
  cfg->generate_deadline_ms = API_DEFAULT_GENERATE_DEADLINE_MS;
  cfg->queue = HTTP_DEFAULT_QUEUE;
  cfg->max_connections = HTTP_DEFAULT_MAX_CONNECTIONS;
  cfg->client_jobs = HTTP_CLIENT_JOBS_AUTO;
  cfg->timeout_s = HTTP_DEFAULT_TIMEOUT_S;
  cfg->cors_origins = HTTP_DEFAULT_CORS_ORIGINS;
  cfg->access_log = true;
}

static void http_free(struct http_server *srv) {
  pool_free(srv->pool);
  clients_free(srv->clients);
  pthread_mutex_destroy(&srv->log_lock);
  for (size_t i = 0; i < srv->norigins; i++)
    free(srv->origins[i]);
  free(srv->origins);
  free(srv->proxies);
  free(srv->openapi);
  free(srv->endpoints);
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
  atomic_init(&srv->connections, 0);
  atomic_init(&srv->id_next, 0);
  pthread_mutex_init(&srv->log_lock, NULL);
  srv->starting = true;
  struct timespec rt;
  clock_gettime(CLOCK_REALTIME, &rt);
  srv->id_seed =
      sudoku_mix64(((uint64_t)rt.tv_sec * 1000000000u + (uint64_t)rt.tv_nsec) ^
                   ((uint64_t)getpid() << 40));
  srv->max_body = cfg->max_body;
  srv->access_log = cfg->access_log;
  srv->limits.max_puzzles = cfg->max_puzzles;
  srv->limits.deadline_us = (uint64_t)cfg->deadline_ms * 1000u;
  srv->limits.generate_deadline_us =
      (uint64_t)cfg->generate_deadline_ms * 1000u;
  srv->limits.max_nodes = 0; /* the deadline bounds a request */
  srv->max_connections = cfg->max_connections;
  srv->endpoints = calloc(http_route_count, sizeof *srv->endpoints);
  if (srv->endpoints == NULL) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  for (size_t i = 0; i < http_route_count; i++) {
    if (http_routes[i].api == NULL)
      continue;
    srv->endpoints[i] = api_endpoint_find(http_routes[i].api);
    if (srv->endpoints[i] == NULL) {
      snprintf(err, errlen, "route %s names no api endpoint",
               http_routes[i].path);
      goto fail;
    }
  }

  if (cfg->threads == 0 || cfg->threads > cfg->max_connections) {
    snprintf(err, errlen, "threads must be 1..max-connections (%u), not %u",
             cfg->max_connections, cfg->threads);
    goto fail;
  }
  socklen_t addr_len;
  if (!http_sockaddr(bind, cfg->port, false, &addr, &addr_len)) {
    snprintf(err, errlen, "bind address '%s' is not an IPv4 or IPv6 literal",
             bind);
    goto fail;
  }
  if (addr.ss_family == AF_INET6)
    /* "::" also takes IPv4 clients; a specific address only its own. */
    flags |= IN6_IS_ADDR_UNSPECIFIED(&((struct sockaddr_in6 *)&addr)->sin6_addr)
                 ? MHD_USE_DUAL_STACK
                 : MHD_USE_IPv6;
  if (!http_list_parse(cfg->cors_origins != NULL ? cfg->cors_origins
                                                 : HTTP_DEFAULT_CORS_ORIGINS,
                       &srv->origins, &srv->norigins, &srv->cors_any)) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  if (cfg->trusted_proxies != NULL &&
      !http_nets_parse(cfg->trusted_proxies, &srv->proxies, &srv->nproxies, err,
                       errlen))
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
  /* Every request at a worker is counted until it completes: both lanes'
   * queues and the workers bound them, twice over for those answered but
   * not yet completed by MHD (past it: 503, as for a full lane). */
  srv->client_jobs = cfg->client_jobs != HTTP_CLIENT_JOBS_AUTO
                         ? cfg->client_jobs
                     : cfg->queue >= 2 ? cfg->queue / 2
                                       : 1;
  srv->clients = clients_new(2 * (2 * (size_t)cfg->queue + cfg->threads));
  srv->pool =
      pool_start(cfg->threads, cfg->queue, SUDOKU_STACK_BYTES, http_work, srv);
  srv->reaper = http_reaper_start(cfg->timeout_s);
  if (srv->reaper == NULL) {
    snprintf(err, errlen, "cannot start the connection reaper thread");
    goto fail;
  }
  if (srv->clients == NULL || srv->pool == NULL) {
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
      flags, cfg->port, http_accept_policy, srv, http_access, srv,
      /* first, or MHD logs that it is not first with its own logger */
      MHD_OPTION_EXTERNAL_LOGGER, http_mhd_log, srv, MHD_OPTION_SOCK_ADDR,
      (struct sockaddr *)&addr,
      /* MHD stops accepting at its own limit, leaving clients in the
       * backlog with no answer; with room above ours it accepts them and
       * http_accept_policy closes the ones over --max-connections at once.
       * A thread pool splits MHD's limit between its threads, and
       * connections need not spread evenly: each thread's share must hold
       * all of ours, or a full thread could sit on a new client. */
      MHD_OPTION_CONNECTION_LIMIT,
      (cfg->max_connections + HTTP_LIMIT_MARGIN) * cfg->threads,
      MHD_OPTION_NOTIFY_CONNECTION, http_notify_connection, srv,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)HTTP_CONNECTION_MEMORY,
      MHD_OPTION_CONNECTION_TIMEOUT, cfg->timeout_s,
      MHD_OPTION_NOTIFY_COMPLETED, http_complete, srv,
      MHD_OPTION_URI_LOG_CALLBACK, http_line_seen, srv,
      MHD_OPTION_UNESCAPE_CALLBACK, http_unescape, NULL,
#if MHD_VERSION >= 0x00097701 /* the option's first release (0.9.77) */
      /* Stricter parsing, within what RFC 9112 allows a server (the level
       * 1.0.x's manual advises for loaded public servers); the requests
       * each library refuses itself are listed in sudokud(8). */
      MHD_OPTION_CLIENT_DISCIPLINE_LVL, (int)1,
#endif
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
    http_reaper_stop(srv->reaper);
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
  http_reaper_stop(srv->reaper);
  http_free(srv);
}
