/*
 * request.c - one request through libmicrohttpd (the pattern of its
 * doc/examples/largepost.c):
 *   first call    one pass over the header fields, allocate struct
 *                 http_request in *con_cls (with a short body's room),
 *                 pick the route,
 *                 decide what the headers alone decide (404, 405, 415,
 *                 preflight; 413 by Content-Length, and 404, 405, 415 to
 *                 a client waiting on Expect: 100-continue, are answered
 *                 at once, without reading the body);
 *   body calls    append to a buffer capped at max_body, or discard;
 *   final call    an api route: api_parse() once, api_job_cost() once; a
 *                 job its first attempt answered is run and sent at once,
 *                 any other is handed to a worker (the connection is
 *                 suspended meanwhile); other routes are served inline;
 *   worker        runs the job and queues the response while the connection
 *                 is still suspended, then resumes it: MHD sends it;
 *   completed     (MHD_OPTION_NOTIFY_COMPLETED) count, log, free. Always.
 *
 * Why a worker never touches a freed request: MHD neither polls nor times
 * out a suspended connection, so it cannot complete (and we cannot free the
 * request) until someone resumes it, and only the worker that owns the job
 * does, as its very last access. pool_stop() runs every queued job before
 * MHD_stop_daemon(), which must not meet a suspended connection.
 */
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "http_internal.h"

/* ---- Request ids --------------------------------------------------------- */

/* An incoming X-Request-Id is kept when it is 1..128 visible ASCII
 * characters: it is echoed in a header and in logs, so nothing else. */
static bool id_ok(const char *s) {
  size_t n = 0;
  if (s == NULL)
    return false;
  for (; s[n] != '\0'; n++)
    if (n >= HTTP_REQUEST_ID_MAX || s[n] <= ' ' || s[n] > '~')
      return false;
  return n > 0;
}

static void id_make(struct http_server *srv, char *out, size_t cap) {
  static const char hex[] = "0123456789abcdef";
  uint64_t v =
      sudoku_mix64(srv->id_seed + atomic_fetch_add_explicit(
                                      &srv->id_next, 1, memory_order_relaxed));
  (void)cap; /* HTTP_REQUEST_ID_MAX + 1 >= 17 */
  for (int i = 15; i >= 0; i--, v >>= 4)
    out[i] = hex[v & 15];
  out[16] = '\0';
}

/* ---- The api's routes ---------------------------------------------------- */

/* Collects the query parameters with their lengths (a %00 inside a value
 * is kept by http_unescape, so nothing is cut short). */
struct query {
  struct api_param p[API_MAX_QUERY];
  size_t n, all; /* kept, and seen */
};

static enum MHD_Result query_param(void *cls, enum MHD_ValueKind kind,
                                   const char *key, size_t key_size,
                                   const char *value, size_t value_size) {
  struct query *q = cls;
  (void)kind;
  q->all++;
  if (q->n < API_MAX_QUERY)
    q->p[q->n++] = (struct api_param){key, value != NULL ? value : "", key_size,
                                      value != NULL ? value_size : 0};
  return MHD_YES;
}

/* Whether the client is gone for certain: its socket has an error or a
 * reset (POLLERR, POLLHUP). A plain FIN is no proof: a client that
 * half-closed after sending still reads its answer. */
static bool client_gone(struct MHD_Connection *conn) {
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (ci == NULL)
    return false;
  struct pollfd p = {ci->connect_fd, POLLIN, 0};
  return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

/* A worker's job: the rest of the work, then the resume that hands the
 * request back to its MHD thread. */
void http_work(struct pool_job *job, bool cancelled, void *ctx) {
  struct http_request *req =
      (struct http_request *)((char *)job - offsetof(struct http_request, job));
  struct MHD_Connection *conn = req->conn;
  struct api_response r;
  (void)ctx;
  if (cancelled) {
    api_problem(API_DRAINING, NULL, req->accept, req->id, &r);
  } else if (client_gone(conn)) {
    /* Abandoned: nobody reads the answer, so no solve is spent on it. */
    api_problem(API_CLIENT_GONE, NULL, NULL, req->id, &r);
  } else {
    uint64_t t0 = http_now_us();
    api_job_run(req->api_job, req->start_ns, &r);
    metrics_observe_solve(&req->srv->metrics,
                          req->solve_us + http_now_us() - t0);
  }
  /* Queued while the connection is still suspended (libmicrohttpd allows
   * it from any thread then), so it is in place before MHD looks at the
   * socket again: a client that half-closed after sending (shutdown
   * SHUT_WR, as curl and many clients do) still gets its answer, where a
   * response queued after the resume was lost to the EOF MHD read first. */
  if (http_reply_api(req, &r) != MHD_YES)
    req->close = true;
  api_response_free(&r);
  /* The last access to req: once resumed, its MHD thread may send,
   * complete and free it at any moment. */
  MHD_resume_connection(conn);
}

static enum MHD_Result serve_api(struct http_request *req,
                                 const struct api_endpoint *ep) {
  struct http_server *srv = req->srv;
  struct query q = {.n = 0, .all = 0};
  MHD_get_connection_values_n(req->conn, MHD_GET_ARGUMENT_KIND, query_param,
                              &q);
  if (q.all > API_MAX_QUERY) { /* none is dropped unread */
    char detail[64];
    snprintf(detail, sizeof detail,
             "%zu query parameters: a path takes at "
             "most %u",
             q.all, API_MAX_QUERY);
    return http_reply_problem(req, API_INVALID_REQUEST, detail);
  }
  struct api_input in = {
      req->content_type, req->body, req->body_len, req->accept,
      req->id,           q.p,       q.n,           req->if_none_match,
  };
  struct api_response r;
  uint64_t t0 = http_now_us();
  req->api_job = api_parse(ep, &srv->limits, &in, &r);
  if (req->api_job == NULL) {
    enum MHD_Result ret = http_reply_api(req, &r);
    api_response_free(&r);
    return ret;
  }
  enum api_cost cost = api_job_cost(req->api_job);
  if (cost == API_COST_DONE) {
    api_job_run(req->api_job, req->start_ns, &r);
    metrics_observe_solve(&srv->metrics, http_now_us() - t0);
    enum MHD_Result ret = http_reply_api(req, &r);
    api_response_free(&r);
    return ret;
  }
  req->solve_us = http_now_us() - t0;
  req->cost = cost;
  /* The hand-off waits for the next call (at once: MHD polls a request
   * without a response again with a zero timeout). Suspended here, the
   * connection would keep the read interest it had while the body came in,
   * and on resume MHD would read first: a client that half-closed after
   * sending (shutdown SHUT_WR, as curl and many clients do) would meet an
   * EOF that closes the connection before the answer goes out. One call
   * later MHD has marked it as waiting for the application, not the
   * socket. */
  req->handoff = true;
  return MHD_YES;
}

/* The second final call of a job for a worker: reserve, suspend, push. */
static enum MHD_Result hand_off(struct http_request *req) {
  struct http_server *srv = req->srv;
  enum pool_lane lane =
      req->cost == API_COST_LONG ? POOL_LANE_LONG : POOL_LANE_SHORT;
  req->handoff = false;
  struct client *who = NULL;
  switch (clients_enter(srv->clients, http_client_name(req), srv->client_jobs,
                        &who)) {
  case CLIENTS_OK:
    break;
  case CLIENTS_CAPPED:
    return http_reply_problem(req, API_TOO_MANY_REQUESTS, NULL);
  case CLIENTS_FULL: /* as many requests at the workers as there is room */
    return http_reply_problem(req, API_OVERLOADED, NULL);
  }
  if (!pool_reserve(srv->pool, lane)) {
    clients_leave(srv->clients, who);
    return http_reply_problem(req, API_OVERLOADED, NULL);
  }
  req->client = who;
  req->job.load = clients_load(who);
  /* Suspend before the push: the worker may resume it at once. */
  MHD_suspend_connection(req->conn);
  pool_push(srv->pool, lane, &req->job);
  return MHD_YES;
}

/* Answers what the headers alone decided (see request_from_headers). */
static enum MHD_Result reply_pending(struct http_request *req) {
  if (req->server_options) {
    const struct http_header h[] = {
        {MHD_HTTP_HEADER_ALLOW, "GET, HEAD, POST, OPTIONS"}};
    return http_reply(req, MHD_HTTP_NO_CONTENT, NULL, NULL, 0,
                      MHD_RESPMEM_PERSISTENT, h, 1);
  }
  if (req->preflight) {
    const struct http_header h[] = {
        {"Access-Control-Allow-Methods", req->route->allow},
        {"Access-Control-Allow-Headers", "Content-Type, Accept, X-Request-Id"},
        {"Access-Control-Max-Age", "86400"},
        {MHD_HTTP_HEADER_ALLOW, req->route->allow},
    };
    return http_reply(req, MHD_HTTP_NO_CONTENT, NULL, NULL, 0,
                      MHD_RESPMEM_PERSISTENT, h, sizeof h / sizeof h[0]);
  }
  return http_reply_problem(req, req->pending, NULL);
}

/* ---- MHD callbacks ------------------------------------------------------- */

/* First call: headers only; the request state is made and what the
 * headers decide recorded. Returns MHD_NO only when out of memory. */
static enum MHD_Result request_from_headers(struct http_server *srv,
                                            struct MHD_Connection *conn,
                                            const char *url, const char *method,
                                            const char *version,
                                            void **con_cls) {
  struct http_fields f;
  http_fields_read(conn, &f);
  unsigned long long n = f.length != NULL ? strtoull(f.length, NULL, 10) : 0;
  /* A short body announced by Content-Length gets room at the end of the
   * request: one allocation for both. Only the struct is zeroed. */
  size_t room = n <= HTTP_BODY_INLINE ? (size_t)n : 0;
  struct http_request *req = malloc(sizeof *req + room);
  if (req == NULL)
    return MHD_NO;
  memset(req, 0, sizeof *req);
  *con_cls = req;
  atomic_fetch_add(&srv->in_flight, 1);
  req->srv = srv;
  req->conn = conn;
  const union MHD_ConnectionInfo *sc =
      MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  req->watch = sc != NULL ? sc->socket_context : NULL;
  req->start_ns = sudoku_clock_ns();
  const char *path = http_target_path(url);
  req->route = http_route_of(path, strlen(path));
  if (req->route != NULL)
    req->endpoint = srv->endpoints[http_route_index(req->route)];
  req->method = http_method_of(method);
  if (srv->access_log) { /* the log's copies: of no use without it */
    http_log_copy(req->method_name, sizeof req->method_name, method,
                  strlen(method));
    http_log_copy(req->path, sizeof req->path, url, strlen(url));
  }
  req->accept = f.accept;
  req->origin = f.origin;
  req->forwarded_for = f.forwarded_for;
  req->content_type = f.type;
  req->if_none_match = f.if_none_match;
  if (id_ok(f.request_id))
    memcpy(req->id, f.request_id, strlen(f.request_id) + 1);
  else
    id_make(srv, req->id, sizeof req->id);

  const char *why = NULL;
  enum api_problem framing = http_framing_problem(&f, version, &why);
  if (framing != API_OK) {
    req->close = true;
    return http_reply_problem(req, framing, why);
  }

  const struct api_endpoint *ep = req->endpoint;
  /* Answered before any body (there may be one): then closed. */
  if (req->method == HTTP_UNKNOWN) {
    req->close = true;
    return http_reply_problem(req, API_NOT_IMPLEMENTED,
                              "this method is not one HTTP defines; this "
                              "service takes GET, HEAD, POST and OPTIONS");
  }
  if (strcmp(url, "*") == 0) {
    /* The asterisk-form (RFC 9112 3.2.4) names the server, not a
     * resource: OPTIONS * says what the routes take together (RFC 9110
     * 9.3.7); any other method with it is a malformed request. */
    if (req->method != HTTP_OPTIONS) {
      req->close = true;
      return http_reply_problem(req, API_BAD_FRAMING,
                                "the target * is for OPTIONS only");
    }
    /* Answered on the final call, as a preflight: a reply queued now
     * would make MHD close the connection (the body is not yet read). */
    req->preflight = req->server_options = true;
  } else if (req->route == NULL)
    req->pending = API_NOT_FOUND;
  else if (req->method == HTTP_OPTIONS)
    req->preflight = true;
  else if ((req->route->methods & req->method) == 0)
    req->pending = API_METHOD_NOT_ALLOWED;
  else if (ep != NULL && (ep->body_types & api_body_type_of(f.type)) == 0)
    req->pending = API_UNSUPPORTED_MEDIA_TYPE;

  /* A client that waits for 100 Continue before it sends its body gets a
   * refusal its headers decide (404, 405, 415) at once instead of an
   * invitation to upload what would be dropped (RFC 9110 10.1.1); MHD
   * sends no 100 then, and closes the connection rather than read a body
   * that may still come. */
  if (f.expect_continue && req->pending != API_OK &&
      (n > 0 || f.transfer_encoding > 0))
    return reply_pending(req);
  /* A body announced too large is refused before it is read; MHD then
   * closes the connection instead of reading the rest. */
  if (f.length != NULL) {
    if (n > srv->max_body) {
      if (req->pending == API_OK && !req->preflight)
        req->pending = API_BODY_TOO_LARGE;
      return reply_pending(req);
    }
    if (req->pending == API_OK && !req->preflight && ep != NULL && n > 0) {
      req->body = room > 0 ? req->inline_body : malloc((size_t)n);
      req->body_cap = req->body != NULL ? (size_t)n : 0;
    }
  }
  return MHD_YES;
}

static void body_free(struct http_request *req) {
  if (req->body != req->inline_body)
    free(req->body);
}

/* A body chunk: kept for api routes while it fits max_body, else dropped. */
static void take_body(struct http_request *req, const char *data, size_t size) {
  size_t max = req->srv->max_body;
  req->body_seen += size;
  if (req->pending != API_OK || req->preflight || req->body_over ||
      req->replied || req->route == NULL || req->route->api == NULL)
    return;
  if (req->body_seen > max) {
    /* MHD accepts no response in the middle of an upload: the rest is
     * read and dropped, and 413 answered at the end. */
    req->body_over = true;
    body_free(req);
    req->body = NULL;
    req->body_len = req->body_cap = 0;
    return;
  }
  if (req->body_len + size > req->body_cap) {
    size_t cap = req->body_cap > 0 ? req->body_cap : HTTP_BODY_INITIAL;
    while (cap < req->body_len + size)
      cap *= 2;
    cap = cap < max ? cap : max;
    /* MHD passes no more than Content-Length: the inline body never
     * grows, but it would move to the heap like any other. */
    bool inl = req->body == req->inline_body;
    char *p = realloc(inl ? NULL : req->body, cap);
    if (p == NULL) {
      req->body_over = true; /* answered 413: the closest truth */
      return;
    }
    if (inl)
      memcpy(p, req->body, req->body_len);
    req->body = p;
    req->body_cap = cap;
  }
  memcpy(req->body + req->body_len, data, size);
  req->body_len += size;
}

enum MHD_Result http_access(void *cls, struct MHD_Connection *conn,
                            const char *url, const char *method,
                            const char *version, const char *upload_data,
                            size_t *upload_data_size, void **con_cls) {
  struct http_server *srv = cls;
  struct http_request *req = *con_cls;
  if ((void *)req == HTTP_LINE_REFUSED(srv))
    return MHD_NO; /* answered by http_line_seen: close */
  if (req == NULL || (void *)req == HTTP_LINE_SEEN(srv))
    return request_from_headers(srv, conn, url, method, version, con_cls);
  if (*upload_data_size > 0) {
    take_body(req, upload_data, *upload_data_size);
    *upload_data_size = 0;
    return req->body_seen / HTTP_DISCARD_FACTOR > srv->max_body ? MHD_NO
                                                                : MHD_YES;
  }
  http_watch_read(req->watch); /* the body is in: no longer timed */
  if (req->replied)            /* the worker queued it while suspended */
    return MHD_YES;
  if (req->handoff)
    return hand_off(req);
  if (req->body_over && req->pending == API_OK)
    req->pending = API_BODY_TOO_LARGE;
  if (req->pending != API_OK || req->preflight)
    return reply_pending(req);
  return req->endpoint != NULL ? serve_api(req, req->endpoint)
                               : req->route->serve(req);
}

/* Open connections, counted as MHD starts and closes them, and watched
 * by the reaper (MHD notifies a close before it closes the socket). */
void http_notify_connection(void *cls, struct MHD_Connection *conn,
                            void **socket_context,
                            enum MHD_ConnectionNotificationCode toe) {
  struct http_server *srv = cls;
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
    atomic_fetch_add(&srv->connections, 1);
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    *socket_context =
        ci != NULL ? http_watch_open(srv->reaper, ci->connect_fd) : NULL;
  } else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
    atomic_fetch_sub(&srv->connections, 1);
    http_watch_close(srv->reaper, *socket_context);
    *socket_context = NULL;
  }
}

/* A new connection over --max-connections is closed at once. */
enum MHD_Result http_accept_policy(void *cls, const struct sockaddr *addr,
                                   socklen_t addrlen) {
  struct http_server *srv = cls;
  (void)addr, (void)addrlen;
  return atomic_load(&srv->connections) < srv->max_connections ? MHD_YES
                                                               : MHD_NO;
}

/* A target with more than HTTP_MAX_QUERY_FIELDS query fields, answered
 * here: libmicrohttpd stores each field in the connection's memory before
 * anything else sees them, and 0.9.75, out of that memory (from some 170
 * fields at 12 KiB), neither answers nor closes: the client waited for
 * --timeout-s, for ever without one. A 400 problem is written to the
 * socket (nothing else has been sent on it: MHD reads no request line
 * before the last answer is out) and the socket shut down both ways, so
 * MHD drops the connection at its next look (the reaper's peek sees the
 * end too). Counted under the route "other". False when the socket is
 * unknown (then MHD's own handling stands). */
static bool refuse_line(struct http_server *srv, struct MHD_Connection *conn,
                        size_t fields) {
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (ci == NULL)
    return false;
  char detail[96], head[192];
  snprintf(detail, sizeof detail,
           "%zu query fields: a request target takes at most %d", fields,
           HTTP_MAX_QUERY_FIELDS);
  struct api_response r;
  api_problem(API_BAD_FRAMING, detail, NULL, NULL, &r);
  int n = snprintf(head, sizeof head,
                   "HTTP/1.1 %d Bad Request\r\nContent-Type: %s\r\n"
                   "Content-Length: %zu\r\nConnection: close\r\n\r\n",
                   r.status, r.content_type, r.body_len);
  struct iovec iov[2] = {{head, (size_t)n}, {r.body, r.body_len}};
  struct msghdr m = {.msg_iov = iov, .msg_iovlen = r.body != NULL ? 2 : 1};
  (void)sendmsg(ci->connect_fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);
  shutdown(ci->connect_fd, SHUT_RDWR);
  metrics_count_request(&srv->metrics, http_route_index(NULL), r.status);
  api_response_free(&r);
  return true;
}

/* A request line is read (MHD_OPTION_URI_LOG_CALLBACK): marked, so that
 * http_complete() learns of a request libmicrohttpd refuses itself after
 * its request line (a header block past the connection's memory: 431; a
 * malformed header field or Content-Length: 400, 413). MHD reports the
 * completion of a request once it has told the application of it, and
 * this is the earliest it does; what it refuses in the request line
 * itself (414, 505, a line it cannot split) stays unseen (sudokud(8)). */
void *http_line_seen(void *cls, const char *uri, struct MHD_Connection *conn) {
  const char *q = strchr(uri, '?');
  size_t fields = q != NULL && q[1] != '\0';
  for (; q != NULL && (q = strchr(q + 1, '&')) != NULL; fields++)
    ;
  if (fields > HTTP_MAX_QUERY_FIELDS && refuse_line(cls, conn, fields))
    return HTTP_LINE_REFUSED(cls);
  return HTTP_LINE_SEEN(cls);
}

void http_complete(void *cls, struct MHD_Connection *conn, void **con_cls,
                   enum MHD_RequestTerminationCode toe) {
  struct http_server *srv = cls;
  struct http_request *req = *con_cls;
  if (req == NULL)
    return;
  *con_cls = NULL;
  if ((void *)req == HTTP_LINE_REFUSED(srv))
    return; /* counted when it was answered */
  if ((void *)req == HTTP_LINE_SEEN(srv)) {
    /* Never reached request_from_headers(): answered by libmicrohttpd (counted
     * under the route "other" by the status it sent), or the client left. */
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_HTTP_STATUS);
    if (ci != NULL && ci->http_status >= 100)
      metrics_count_request(&srv->metrics, http_route_index(NULL),
                            (int)ci->http_status);
    return;
  }
  if (req->replied)
    metrics_count_request(&srv->metrics, http_route_index(req->route),
                          req->status);
  if (srv->access_log)
    http_log_request(req, toe);
  if (req->client != NULL)
    clients_leave(srv->clients, req->client);
  http_watch_next(req->watch);
  api_job_free(req->api_job);
  body_free(req);
  free(req);
  atomic_fetch_sub(&srv->in_flight, 1);
}
