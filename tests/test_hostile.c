/*
 * test_hostile.c - the real sudokud against what an attacker or a careless
 * client sends over a raw socket: ambiguous framing (smuggling), transfer
 * codings it cannot read, malformed header fields, half-closed clients,
 * Expect: 100-continue, more connections than allowed. Each request is answered
 * once, with a problem, and a connection whose framing cannot be trusted is
 * closed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

static struct server hostile;

static void hostile_start(void) {
  server_start(&hostile, "--threads 2 --max-connections 8 --timeout-s 5");
}
static void hostile_stop(void) { server_stop(&hostile); }

struct raw {
  char buf[16384];
  size_t len;
  bool closed; /* the server closed the connection */
  int status;  /* of the first answer */
  int answers; /* status lines seen */
};

/* Sends bytes on a new connection (then half-closes when shut), reads for
 * at most wait_ms. */
static void raw_exchange(const char *bytes, size_t n, bool shut, int wait_ms,
                         struct raw *r) {
  int fd = connect_to(hostile.port);
  struct timeval tv = {wait_ms / 1000, (wait_ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  send_all(fd, bytes, n);
  if (shut)
    shutdown(fd, SHUT_WR);
  memset(r, 0, sizeof *r);
  for (;;) {
    ssize_t got = recv(fd, r->buf + r->len, sizeof r->buf - 1 - r->len, 0);
    /* Closed: a FIN, or a reset when our bytes arrived unread. */
    if (got == 0 || (got < 0 && errno == ECONNRESET))
      r->closed = true;
    if (got <= 0)
      break;
    r->len += (size_t)got;
  }
  close(fd);
  r->buf[r->len] = '\0';
  sscanf(r->buf, "HTTP/1.1 %d", &r->status);
  /* Every answer has exactly one Date field. */
  for (const char *p = r->buf; (p = strstr(p, "\r\nDate: ")) != NULL; p++)
    r->answers++;
}

#define RAW(s) s, sizeof s - 1
#define CLASSIC_JSON "{\"puzzle\":\"" CLASSIC "\"}"

/* bytes, expected status, a piece of the body: answered once, then closed.
 * lib: libmicrohttpd 1.0.x refuses it itself, before sudokud sees it (an
 * HTML 400, see sudokud(8)); 0.9.75 leaves it to sudokud. */
static const struct {
  const char *name, *bytes;
  size_t len;
  int status;
  const char *piece;
  bool lib;
} framing[] = {
    {"Content-Length with chunked: the smuggled request is not served",
     RAW("POST /solve HTTP/1.1\r\nHost: x\r\nContent-Length: 30\r\n"
         "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\n"
         "Host: x\r\n\r\n"),
     400, "both Content-Length and Transfer-Encoding", true},
    {"two different Content-Length fields",
     RAW("POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
         "Content-Length: 5\r\nContent-Length: 94\r\n\r\n" CLASSIC_JSON),
     400, "several Content-Length fields", false},
    {"a space before the colon of a field name",
     RAW("GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n"), 400,
     "whitespace or a control character in a header field name", true},
    {"HTTP/1.1 without Host", RAW("GET /healthz HTTP/1.1\r\n\r\n"), 400,
     "without a Host field", true},
    {"two Host fields (RFC 9112 3.2: 400)",
     RAW("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400,
     "several Host fields", false},
    {"a Host with a space", RAW("GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n"),
     400, "a Host field that is not a host name or address and a port", false},
    {"a Host with a path", RAW("GET /healthz HTTP/1.1\r\nHost: x/../y\r\n\r\n"),
     400, "a Host field that is not a host name or address and a port", false},
    /* Host's structure, not only its bytes: two ports, a port that is no
     * number, an unclosed IP literal, colons in a name. */
    {"a Host with two ports",
     RAW("GET /healthz HTTP/1.1\r\nHost: x:80:90\r\n\r\n"), 400,
     "a Host field that is not a host name or address and a port", true},
    {"a Host whose port is no number",
     RAW("GET /healthz HTTP/1.1\r\nHost: x:-1\r\n\r\n"), 400,
     "a Host field that is not a host name or address and a port", true},
    {"a Host with an unclosed IP literal",
     RAW("GET /healthz HTTP/1.1\r\nHost: [::1\r\n\r\n"), 400,
     "a Host field that is not a host name or address and a port", true},
    {"a Host of colons", RAW("GET /healthz HTTP/1.1\r\nHost: ::::\r\n\r\n"),
     400, "a Host field that is not a host name or address and a port", true},
    {"a bare CR inside a field value",
     RAW("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n"), 400,
     "a NUL or a CR inside a header field value", true},
    {"Transfer-Encoding: gzip",
     RAW("POST /solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"
         "abc"),
     501, "/problems/not-implemented", true},
    {"Transfer-Encoding: chunked, gzip",
     RAW("POST /solve HTTP/1.1\r\nHost: x\r\n"
         "Transfer-Encoding: chunked, gzip\r\n\r\n"),
     501, "the only transfer coding this service reads is chunked", true},
    {"a method HTTP does not define (RFC 9110 9.1: 501), lower case too",
     RAW("get /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
         "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
     501, "this method is not one HTTP defines", false},
    {"Transfer-Encoding in HTTP/1.0 (RFC 9112 6.1: faulty framing)",
     RAW("POST /solve HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"
         "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
     400, "Transfer-Encoding in an HTTP/1.0 request", false},
    {"the asterisk-form target with GET (RFC 9112 3.2.4: OPTIONS only)",
     RAW("GET * HTTP/1.1\r\nHost: x\r\n\r\n"
         "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
     400, "the target * is for OPTIONS only", false},
    {"Transfer-Encoding: xchunked",
     RAW("POST /solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n"
         "\r\n"),
     501, "/problems/not-implemented", true},
};

/* The contract, whoever answers: refused once (4xx or 5xx), never served
 * (nothing smuggled behind it is), and the connection closed. Where sudokud
 * answers (its answers carry an X-Request-Id), its problem+json. */
static void assert_refused(const struct raw *r, const char *name, int status,
                           const char *piece, bool lib) {
  bool ours = strstr(r->buf, "\r\nX-Request-Id: ") != NULL;
  ck_assert_msg(ours || lib, "%s: not sudokud's answer: %s", name, r->buf);
  ck_assert_msg(r->status >= 400 && r->status <= 599, "%s: %s", name, r->buf);
  ck_assert_msg(r->answers == 1, "%s: %d answers: %s", name, r->answers,
                r->buf);
  ck_assert_msg(r->closed, "%s: connection left open", name);
  ck_assert_msg(strstr(r->buf, "Connection: close") != NULL, "%s", r->buf);
  ck_assert_ptr_null(strstr(r->buf, "smuggled"));
  if (!ours)
    return;
  ck_assert_msg(r->status == status, "%s: %s", name, r->buf);
  ck_assert_msg(strstr(r->buf, piece) != NULL, "%s lacks %s", r->buf, piece);
}

START_TEST(ambiguous_framing_is_answered_once_then_closed) {
  struct raw r;
  raw_exchange(framing[_i].bytes, framing[_i].len, false, 3000, &r);
  assert_refused(&r, framing[_i].name, framing[_i].status, framing[_i].piece,
                 framing[_i].lib);
  if (strstr(r.buf, "\r\nX-Request-Id: ") != NULL)
    ck_assert_msg(strstr(r.buf, "application/problem+json") != NULL, "%s",
                  r.buf);
}
END_TEST

/* A transfer coding other than chunked, on every route that takes a body
 * and in both of its answer types: sudokud's 501 (0.9.75), or the
 * library's own 400 (1.0.x); no handler runs either way. */
START_TEST(unsupported_transfer_coding_reaches_no_handler) {
  static const char *const paths[] = {"/solve",      "/hint",  "/check",
                                      "/candidates", "/steps", "/rate"};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
    for (int text = 0; text < 2; text++) {
      char req[512];
      int n = snprintf(req, sizeof req,
                       "POST %s HTTP/1.1\r\nHost: x\r\n%sTransfer-Encoding: "
                       "gzip\r\n\r\nabc",
                       paths[i], text ? "Accept: text/plain\r\n" : "");
      struct raw r;
      raw_exchange(req, (size_t)n, false, 3000, &r);
      assert_refused(&r, paths[i], 501,
                     text ? "error: " : "/problems/not-implemented", true);
      if (strstr(r.buf, "\r\nX-Request-Id: ") != NULL) {
        ck_assert_msg(strstr(r.buf, text ? "Content-Type: text/plain"
                                         : "application/problem+json") != NULL,
                      "%s", r.buf);
        /* sudokud's own answer: one for the contract (make contract). */
        contract_log_raw("POST", paths[i], r.buf, r.len);
      }
    }
}
END_TEST

/* A Content-Length folded onto a line of its own (obsolete line folding,
 * RFC 9112 5.2): libmicrohttpd 0.9.75 joined it to the field's name, so
 * the request had no body and its body was served as the next request.
 * Now refused once and closed (0.9.75), or read unfolded as the RFC
 * allows (1.0.x: the smuggled bytes are the POST's body, no puzzle):
 * either way one answer, a 4xx, and nothing behind it served. */
START_TEST(folded_fields_smuggle_nothing) {
  static const char smuggled[] = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n";
  char req[512];
  int n = snprintf(req, sizeof req,
                   "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                   "text/plain\r\nContent-Length:\r\n %zu\r\n\r\n%s",
                   sizeof smuggled - 1, smuggled);
  struct raw r;
  raw_exchange(req, (size_t)n, true, 3000, &r);
  ck_assert_msg(r.answers == 1, "%d answers: %s", r.answers, r.buf);
  ck_assert_msg(r.status >= 400 && r.status < 500, "%s", r.buf);
  ck_assert_msg(strstr(r.buf, "no such path") == NULL, "%s", r.buf);
  if (strstr(r.buf, "obsolete line folding") != NULL) /* refused: closed */
    ck_assert_msg(r.closed && strstr(r.buf, "Connection: close"), "%s", r.buf);
}
END_TEST

/* A target with hundreds of query fields: answered at once (400) and
 * closed. libmicrohttpd 0.9.75 ran out of the connection's memory storing
 * them and then neither answered nor closed. Up to 64 fields reach the
 * routes; an api path takes at most 16 (none is dropped unread). */
START_TEST(many_query_fields_are_refused_at_once) {
  char req[4096];
  int n = snprintf(req, sizeof req, "GET /healthz?a0=1");
  for (int i = 1; i < 200; i++)
    n += snprintf(req + n, sizeof req - (size_t)n, "&a%d=1", i);
  n +=
      snprintf(req + n, sizeof req - (size_t)n, " HTTP/1.1\r\nHost: x\r\n\r\n");
  struct raw r;
  raw_exchange(req, (size_t)n, false, 4000, &r); /* closed within */
  ck_assert_msg(r.status == 400 && r.closed, "%s", r.buf);
  ck_assert_msg(strstr(r.buf, "200 query fields: a request target takes at "
                              "most 64") != NULL,
                "%s", r.buf);
  n = snprintf(req, sizeof req, "GET /generate?a0=1");
  for (int i = 1; i < 20; i++)
    n += snprintf(req + n, sizeof req - (size_t)n, "&a%d=1", i);
  n +=
      snprintf(req + n, sizeof req - (size_t)n, " HTTP/1.1\r\nHost: x\r\n\r\n");
  raw_exchange(req, (size_t)n, true, 3000, &r);
  ck_assert_msg(r.status == 400 && strstr(r.buf, "20 query parameters: a path "
                                                 "takes at most 16") != NULL,
                "%s", r.buf);
}
END_TEST

/* HTTP/1.0 needs no Host; a sound request keeps its connection. */
START_TEST(sound_requests_still_pass) {
  struct raw r;
  raw_exchange(RAW("GET /healthz HTTP/1.0\r\n\r\n"), false, 3000, &r);
  ck_assert_int_eq(r.status, 200);
  raw_exchange(RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /readyz "
                   "HTTP/1.1\r\nHost: x\r\n\r\n"),
               false, 500, &r);
  ck_assert_int_eq(r.answers, 2);
  ck_assert(!r.closed); /* keep-alive: the reads timed out */
  /* Host as a name and port, an IP literal, empty (no authority). */
  raw_exchange(RAW("GET /healthz HTTP/1.1\r\nHost: sudoku.example:8080\r\n\r\n"
                   "GET /healthz HTTP/1.1\r\nHost: [::1]:80\r\n\r\n"
                   "GET /healthz HTTP/1.1\r\nHost:\r\n\r\n"),
               false, 500, &r);
  ck_assert_int_eq(r.status, 200);
  ck_assert_int_eq(r.answers, 3);
  ck_assert(!r.closed);
  /* OPTIONS * asks about the server as a whole (RFC 9110 9.3.7): what
   * every route together takes, and the connection stays. */
  raw_exchange(RAW("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n"
                   "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"),
               false, 500, &r);
  ck_assert_msg(r.status == 204, "%s", r.buf);
  ck_assert_msg(strstr(r.buf, "\r\nAllow: GET, HEAD, POST, OPTIONS\r\n") !=
                    NULL,
                "%s", r.buf);
  ck_assert_int_eq(r.answers, 2);
  ck_assert(!r.closed);
}
END_TEST

/* A Content-Length that is not a number, or past 2^64, is refused by
 * libmicrohttpd before sudokud sees the request: its own 400 or 413 (HTML,
 * and 0.9.75 writes that answer's header block twice, a bug of the
 * library that the man page records), then the connection closes. What
 * matters holds: nothing that follows on the connection is served. */
START_TEST(unreadable_content_length_is_refused_and_closed) {
  static const struct {
    const char *bytes;
    size_t len;
    int status;
  } cases[] = {
      {RAW("POST /solve HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"
           "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
       400},
      {RAW("POST /solve HTTP/1.1\r\nHost: x\r\nContent-Length: 5x\r\n\r\n"
           "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
       400},
      {RAW("POST /solve HTTP/1.1\r\nHost: x\r\n"
           "Content-Length: 99999999999999999999999\r\n\r\n"
           "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
       413},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct raw r;
    raw_exchange(cases[i].bytes, cases[i].len, false, 3000, &r);
    ck_assert_msg(r.status == cases[i].status, "%zu: %s", i, r.buf);
    ck_assert_msg(r.closed, "%zu: connection left open", i);
    ck_assert_ptr_null(strstr(r.buf, "smuggled"));
    ck_assert_ptr_null(strstr(r.buf, "200 OK"));
  }
}
END_TEST

/* A client that half-closes after sending (curl does) gets its answer,
 * for work done inline and for work handed to a worker, while other
 * connections are open. */
START_TEST(half_closed_clients_get_answers) {
  int idle[3];
  for (int i = 0; i < 3; i++) {
    idle[i] = connect_to(hostile.port);
    send_all(idle[i], RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"));
    char buf[512];
    ck_assert_int_gt(recv(idle[i], buf, sizeof buf, 0), 0);
  }
  static const char *const bodies[] = {
      CLASSIC_JSON, /* answered by the first attempt */
      "{\"max_solutions\":1000,\"puzzle\":\"" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
          DOTS9 DOTS9 DOTS9 DOTS9 "\"}", /* a worker's */
  };
  for (int k = 0; k < 2; k++) {
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                     "application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     strlen(bodies[k]), bodies[k]);
    for (int round = 0; round < 10; round++) {
      struct raw r;
      raw_exchange(req, (size_t)n, true, 5000, &r);
      ck_assert_msg(r.status == 200, "body %d, round %d: '%s'", k, round,
                    r.buf);
      ck_assert_ptr_nonnull(strstr(r.buf, "\"solution\":"));
    }
  }
  for (int i = 0; i < 3; i++)
    close(idle[i]);
}
END_TEST

/* A client that sends Expect: 100-continue and waits: a request its
 * headers refuse (404, 405, 415) is answered at once, without a 100, and
 * closed (its body may still come); a sound one is invited, then served,
 * and keeps its connection. The body is never sent in the refused cases,
 * so an answer that waited for it would time out here. */
START_TEST(expect_continue_is_refused_before_the_body) {
  static const struct {
    const char *bytes;
    size_t len;
    int status;
  } refused[] = {
      {RAW("POST /nope HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
           "Content-Length: 94\r\n\r\n"),
       404},
      {RAW("PUT /solve HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
           "Content-Length: 94\r\n\r\n"),
       405},
      {RAW("POST /solve HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\n"
           "Content-Type: application/xml\r\nTransfer-Encoding: chunked\r\n"
           "\r\n"),
       415},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    struct raw r;
    raw_exchange(refused[i].bytes, refused[i].len, false, 3000, &r);
    ck_assert_msg(r.status == refused[i].status, "%zu: %s", i, r.buf);
    ck_assert_msg(r.answers == 1 && r.closed, "%zu: %s", i, r.buf);
    ck_assert_ptr_null(strstr(r.buf, "100 Continue"));
  }
  /* Sound: 100 Continue, then the body, then 200 on the same connection. */
  int fd = connect_to(hostile.port);
  struct timeval tv = {3, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  char head[256];
  int n = snprintf(head, sizeof head,
                   "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                   "application/json\r\nExpect: 100-continue\r\n"
                   "Content-Length: %zu\r\n\r\n",
                   strlen(CLASSIC_JSON));
  send_all(fd, head, (size_t)n);
  char buf[4096];
  ssize_t got = recv(fd, buf, sizeof buf - 1, 0);
  ck_assert_int_gt(got, 0);
  buf[got] = '\0';
  ck_assert_msg(strncmp(buf, "HTTP/1.1 100 Continue\r\n", 23) == 0, "%s", buf);
  send_all(fd, RAW(CLASSIC_JSON));
  got = recv(fd, buf, sizeof buf - 1, 0);
  ck_assert_int_gt(got, 0);
  buf[got] = '\0';
  ck_assert_msg(strncmp(buf, "HTTP/1.1 200 OK", 15) == 0, "%s", buf);
  ck_assert_ptr_null(strstr(buf, "Connection: close"));
  close(fd);
}
END_TEST

/* Over --max-connections (8) a new client is closed at once, not left in
 * the backlog; once a slot frees, clients are served again. */
START_TEST(over_the_connection_limit_closes_at_once) {
  int held[8];
  for (int i = 0; i < 8; i++) {
    held[i] = connect_to(hostile.port);
    send_all(held[i], RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"));
    char buf[512];
    ck_assert_int_gt(recv(held[i], buf, sizeof buf, 0), 0);
  }
  struct raw r;
  raw_exchange(RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"), false, 2000,
               &r);
  ck_assert_msg(r.closed && r.status == 0, "over the limit: '%s'", r.buf);
  for (int i = 0; i < 8; i++)
    close(held[i]);
  sleep_ms(200);
  raw_exchange(RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"), false, 2000,
               &r);
  ck_assert_int_eq(r.status, 200);
}
END_TEST

/* Whether the server closed fd: an end of stream or a reset, now. */
static bool peer_closed(int fd) {
  char c[256];
  ssize_t got = recv(fd, c, sizeof c, MSG_DONTWAIT);
  return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

/* --timeout-s (5) bounds the time a connection takes to deliver a request
 * whole, not only its idleness: a client trickling header bytes, or body
 * bytes, every 300 ms is closed (it held its connection for ever, and
 * --max-connections of them shut everyone out), while a keep-alive client
 * that sends whole requests is never cut off, however long it stays. */
START_TEST(trickling_clients_are_closed_after_the_timeout) {
  int head = connect_to(hostile.port), body = connect_to(hostile.port);
  int kept = connect_to(hostile.port);
  send_all(head, RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n"));
  send_all(body, RAW("POST /solve HTTP/1.1\r\nHost: x\r\n"
                     "Content-Length: 100000\r\n\r\n"));
  struct timeval tv = {3, 0};
  setsockopt(kept, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  bool head_open = true, body_open = true;
  int answers = 0;
  for (int tick = 0; tick < 40 && (head_open || body_open); tick++) {
    sleep_ms(300);
    if (head_open &&
        (send(head, "X", 1, MSG_NOSIGNAL) < 0 || peer_closed(head)))
      head_open = false;
    if (body_open &&
        (send(body, "0", 1, MSG_NOSIGNAL) < 0 || peer_closed(body)))
      body_open = false;
    if (tick % 3 == 0) {
      send_all(kept, RAW("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"));
      char buf[1024];
      ssize_t got = recv(kept, buf, sizeof buf - 1, 0);
      ck_assert_msg(got > 0, "the keep-alive client lost its connection");
      buf[got] = '\0';
      ck_assert_msg(strncmp(buf, "HTTP/1.1 200", 12) == 0, "%s", buf);
      answers++;
    }
  }
  ck_assert_msg(!head_open, "a header trickle held its connection 12 s");
  ck_assert_msg(!body_open, "a body trickle held its connection 12 s");
  ck_assert_int_ge(answers, 6); /* past the 5 s the trickles were given */
  close(head);
  close(body);
  close(kept);
}
END_TEST

/* The value of the series `name` in /metrics (-1 when absent). */
static double metric_value(const char *name) {
  struct raw r;
  raw_exchange(RAW("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                   "\r\n"),
               false, 3000, &r);
  ck_assert_msg(r.status == 200, "%s", r.buf);
  size_t n = strlen(name);
  for (const char *p = r.buf; (p = strstr(p, name)) != NULL; p += n)
    if (p[-1] == '\n' && p[n] == ' ')
      return atof(p + n + 1);
  return -1;
}

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A client that stops sending for good with its request unfinished (81 of
 * the 100 bytes its Content-Length announced, then a half-close or a
 * close) is closed within a second, and its request leaves the in-flight
 * gauge at once: not held until --timeout-s (5 s here), nor counted while
 * the server is idle. libmicrohttpd takes no answer while a body is due,
 * so it is closed without one. */
START_TEST(silent_peers_are_closed_within_a_second) {
  char req[256];
  int n = snprintf(req, sizeof req,
                   "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                   "application/json\r\nContent-Length: 100\r\n\r\n%.81s",
                   CLASSIC_JSON);
  enum { HALF = 4, GONE = 3 };
  int fd[HALF];
  double t0 = seconds_now();
  for (int i = 0; i < HALF; i++) {
    fd[i] = connect_to(hostile.port);
    struct timeval tv = {3, 0};
    setsockopt(fd[i], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    send_all(fd[i], req, (size_t)n);
    shutdown(fd[i], SHUT_WR);
  }
  for (int i = 0; i < HALF; i++) {
    char buf[512];
    ssize_t got = recv(fd[i], buf, sizeof buf, 0);
    /* closed, or answered 400 (the body is incomplete) and closed */
    ck_assert_msg(got == 0 || (got < 0 && errno == ECONNRESET) ||
                      (got > 0 && strncmp(buf, "HTTP/1.1 400", 12) == 0),
                  "half-closed client %d: %zd", i, got);
    close(fd[i]);
  }
  double waited = seconds_now() - t0;
  ck_assert_msg(waited < 1.5, "half-closed clients held %.2f s", waited);
  for (int i = 0; i < GONE; i++) {
    int gone = connect_to(hostile.port);
    send_all(gone, req, (size_t)n);
    close(gone);
  }
  sleep_ms(1000);
  ck_assert_double_eq(metric_value("sudokud_in_flight_requests"), 0);
}
END_TEST

/* What libmicrohttpd refuses itself after the request line is counted in
 * /metrics under the route "other" by the status it sent (a header block
 * past the connection's memory: 431). A request line that is not one
 * ("GARBAGE") is closed unserved: both libraries drop it before sudokud
 * could answer (sudokud(8)). */
START_TEST(library_refusals_are_counted) {
  const char *series = "sudokud_requests_total{route=\"other\",status=\"431\"}";
  double before = metric_value(series);
  static char big[16000];
  int n = snprintf(big, sizeof big,
                   "GET /healthz HTTP/1.1\r\nHost: x\r\n"
                   "X-Filler: ");
  memset(big + n, 'x', 14000);
  memcpy(big + n + 14000, "\r\n\r\n", 4);
  struct raw r;
  raw_exchange(big, (size_t)n + 14004, false, 3000, &r);
  ck_assert_msg(r.status == 431 && r.closed, "%s", r.buf);
  ck_assert_double_eq(metric_value(series), (before < 0 ? 0 : before) + 1);

  raw_exchange(RAW("GARBAGE\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
               false, 3000, &r);
  ck_assert_msg(r.closed && (r.status == 0 || r.status == 400), "%s", r.buf);
  ck_assert_int_le(r.answers, 1);
  ck_assert_ptr_null(strstr(r.buf, "smuggled"));
}
END_TEST

Suite *hostile_suite(void) {
  Suite *s = suite_create("hostile");
  TCase *tc = tcase_create("framing");
  tcase_add_unchecked_fixture(tc, hostile_start, hostile_stop);
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, ambiguous_framing_is_answered_once_then_closed, 0,
                      (int)(sizeof framing / sizeof framing[0]));
  tcase_add_test(tc, unsupported_transfer_coding_reaches_no_handler);
  tcase_add_test(tc, sound_requests_still_pass);
  tcase_add_test(tc, folded_fields_smuggle_nothing);
  tcase_add_test(tc, many_query_fields_are_refused_at_once);
  tcase_add_test(tc, unreadable_content_length_is_refused_and_closed);
  tcase_add_test(tc, half_closed_clients_get_answers);
  tcase_add_test(tc, expect_continue_is_refused_before_the_body);
  tcase_add_test(tc, over_the_connection_limit_closes_at_once);
  tcase_add_test(tc, trickling_clients_are_closed_after_the_timeout);
  tcase_add_test(tc, silent_peers_are_closed_within_a_second);
  tcase_add_test(tc, library_refusals_are_counted);
  suite_add_tcase(s, tc);
  return s;
}
