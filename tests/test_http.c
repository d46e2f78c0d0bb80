/*
 * test_http.c - the real build/sudokud (SUDOKUD_BIN) started on a loopback
 * port, spoken to over TCP by a small HTTP/1.1 client: every status code,
 * every input format, negotiation, batch, CORS, metrics, workers (one
 * shared server); test_http_lifecycle.c has the cases that start their own
 * (overload, fair share, proxies, SIGTERM, configuration).
 *
 * With CONTRACT_LOG naming a file, every answer received is appended to it
 * as one JSON line, checked against openapi.yaml by tests/contract/.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

/* ---- The shared server ------------------------------------------------- */

static struct server shared;

static void shared_start(void) {
  server_start(&shared, "--max-body 4096 --max-puzzles 5 --deadline-ms 1000 "
                        "--threads 2 --cors-origins '*'");
}
static void shared_stop(void) { server_stop(&shared); }

/* A body announced over --max-body (4096) and never sent: 413 at once. */
#define HUGE_HDR "Content-Length: 100000\r\n"
/* An empty 4x4 grid in f-puzzles' JSON. */
#define FP4_EMPTY "[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"

/* method, path, headers, body -> status, content type prefix, body piece. */
static const struct {
  const char *method, *path, *headers, *body;
  int status;
  const char *ctype, *has;
} exchanges[] = {
    {"GET", "/healthz", NULL, NULL, 200, "application/json", "\"ok\""},
    {"GET", "/readyz", NULL, NULL, 200, "application/json", "ready"},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":\"" CLASSIC "\"}", 200,
     "application/json", "\"line\":\"" CLASSIC_SOLVED "\""},
    {"POST", "/solve", TEXT_HDR, CLASSIC "\n", 200, "text/plain",
     CLASSIC_JUDGE},
    {"POST", "/solve?format=line", TEXT_HDR, CLASSIC "\n", 200, "text/plain",
     CLASSIC_SOLVED "\n"},
    {"POST", "/solve?format=json", TEXT_HDR, CLASSIC, 200, "application/json",
     "\"unique\":true"},
    {"POST", "/solve", TEXT_HDR "Accept: application/json\r\n", CLASSIC, 200,
     "application/json", "\"unique\":true"},
    {"POST", "/solve", JSON_HDR "Accept: text/plain\r\n",
     "{\"puzzle\":\"" CLASSIC "\"}", 200, "text/plain", CLASSIC_JUDGE},
    /* A browser form: the puzzle field, URL-encoded. */
    {"POST", "/solve", FORM_HDR,
     "puzzle=53..7....%0A6..195...%0A.98....6.%0A8...6...3%0A4..8.3..1%0A7..."
     "2...6%0A.6....28.%0A...419..5%0A....8..79&x=1",
     200, "application/json", CLASSIC_SOLVED},
    /* curl --data-binary @file sends this content type with raw text. */
    {"POST", "/solve", FORM_HDR, CLASSIC "\n", 200, "text/plain",
     CLASSIC_JUDGE},
    {"POST", "/solve", FORM_HDR, "{\"puzzle\":\"" CLASSIC "\"}", 200,
     "application/json", "\"unique\":true"},
    /* fetch() with a string body labels it text/plain; a raw client may
     * label nothing: JSON either way (no text format starts with '{'). */
    {"POST", "/solve", "Content-Type: text/plain;charset=UTF-8\r\n",
     "{\"puzzle\":\"" CLASSIC "\"}", 200, "application/json",
     "\"unique\":true"},
    {"POST", "/hint", NULL, "{\"puzzle\":\"" CLASSIC "\"}", 200,
     "application/json", "\"technique\":"},
    /* A batch answers every item; an unreadable one is a problem inside. */
    {"POST", "/solve", JSON_HDR,
     "{\"puzzles\":[\"" CLASSIC "\",\"5.5" CLASSIC "\"]}", 200,
     "application/json",
     "\"status\":\"invalid-puzzle\",\"title\":\"Invalid puzzle\",\"http_"
     "status\":400,\"detail\":\"puzzles[1]: expected 81 characters"},
    /* A bad character: the item names the cell (cell, cell_index); its
     * one "index" is its place in the batch. */
    {"POST", "/solve", JSON_HDR,
     "{\"puzzles\":[\"" CLASSIC "\",\"" CELL_ERROR "\"]}", 200,
     "application/json", CELL_ERROR_ITEM},
    /* The browser's icon request is no 404. */
    {"GET", "/favicon.ico", NULL, NULL, 204, "", ""},
    {"OPTIONS", "/favicon.ico", NULL, NULL, 204, "", ""},
    {"POST", "/favicon.ico", JSON_HDR, "{}", 405, "application/problem+json",
     "method-not-allowed"},
    {"POST", "/favicon.ico", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"GET", "/favicon.ico", HUGE_HDR, NULL, 413, "application/problem+json",
     "/problems/body-too-large"},
    {"GET", "/favicon.ico", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain",
     "error: "},
    /* Paths and query values are compared whole: %00 cuts nothing. */
    {"GET", "/healthz%00.json", NULL, NULL, 404, "application/problem+json",
     "/problems/not-found"},
    {"POST", "/solve?format=json%00zzz", TEXT_HDR, CLASSIC, 400,
     "application/problem+json", "/problems/invalid-format"},
    /* An absolute-form target (RFC 9112 3.2.2) is its path. */
    {"GET", "http://localhost/healthz", NULL, NULL, 200, "application/json",
     "\"ok\""},
    {"POST", "/solve", JSON_HDR,
     "{\"puzzles\":[\"" CLASSIC "\",\"" CLASSIC "\"]}", 200, "application/json",
     "\"results\":[{\"index\":0,\"status\":\"solved\""},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":", 400,
     "application/problem+json", "/problems/invalid-json"},
    /* JSON as RFC 8259 writes it, located at the offending byte; f-puzzles'
     * JSON as strictly as ours. */
    {"POST", "/solve", JSON_HDR,
     "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":02}", 400,
     "application/problem+json", "\"line\":1,\"column\":112"},
    {"POST", "/solve", JSON_HDR, "{'puzzle':1}", 400,
     "application/problem+json", "\"line\":1,\"column\":2"},
    {"POST", "/solve", JSON_HDR, "{\"size\":4,\"grid\":" FP4_EMPTY "} garbage",
     400, "application/problem+json",
     "line 1, column 77: unexpected data after the JSON value"},
    {"POST", "/solve", JSON_HDR,
     "{\"size\":4,\"grid\":" FP4_EMPTY ",\"size\":9}", 400,
     "application/problem+json", "member \\\"size\\\" appears twice"},
    {"POST", "/solve", TEXT_HDR, "53..7....\n6..19#...\n", 400,
     "application/problem+json", "line 2, column 6"},
    /* A letter past the side names what the side takes. */
    {"POST", "/solve", TEXT_HDR, "hello world", 400, "application/problem+json",
     "'h' is not a digit, A (10) or a blank of a 10x10 puzzle"},
    {"POST", "/solve", TEXT_HDR "Accept: text/plain\r\n",
     "53..7....\n6..19#...\n", 400, "text/plain", "error: line 2, column 6"},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":\"5.5" CLASSIC "\"}", 400,
     "application/problem+json", "expected 81 characters"},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":\"55......." CLASSIC "\"}", 400,
     "application/problem+json", "expected"},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":\"" CONFLICTING "\"}", 422,
     "application/problem+json", "\"cells\":[\"r1c1\",\"r1c3\"]"},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":\"" NO_SOLUTION "\"}", 422,
     "application/problem+json", "/problems/no-solution"},
    {"POST", "/solve", JSON_HDR "Accept: image/png\r\n",
     "{\"puzzle\":\"" CLASSIC "\"}", 406, "application/problem+json",
     "not-acceptable"},
    {"POST", "/solve", "Content-Type: application/xml\r\n", "<p/>", 415,
     "application/problem+json", "unsupported-media-type"},
    {"POST", "/solve", TEXT_HDR,
     CLASSIC "\n" CLASSIC "\n" CLASSIC "\n" CLASSIC "\n" CLASSIC "\n" CLASSIC
             "\n",
     413, "application/problem+json", "too-many-puzzles"},
    {"GET", "/solve", NULL, NULL, 405, "application/problem+json",
     "method-not-allowed"},
    {"DELETE", "/healthz", NULL, NULL, 405, "application/problem+json",
     "method-not-allowed"},
    {"BREW", "/healthz", NULL, NULL, 501, "application/problem+json",
     "/problems/not-implemented"},
    {"GET", "/nope", NULL, NULL, 404, "application/problem+json",
     "/problems/not-found"},
    {"POST", "/nope", JSON_HDR, "{}", 404, "application/problem+json",
     "/problems/not-found"},
    {"GET", "/metrics", NULL, NULL, 200, "text/plain",
     "sudokud_requests_total"},
    {"GET", "/openapi.yaml", NULL, NULL, 200, "application/yaml",
     "openapi: 3.1"},
    /* More shapes of 200: null and false uniqueness, batches that fail in
     * part (JSON items with a problem, judge text "no solution"). */
    {"POST", "/solve", JSON_HDR,
     "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":1}", 200,
     "application/json", "\"unique\":null"},
    {"POST", "/solve", JSON_HDR, "{\"puzzle\":\"" MULTI "\"}", 200,
     "application/json", "\"unique\":false"},
    {"POST", "/solve", JSON_HDR,
     "{\"puzzles\":[\"" CLASSIC "\",\"" CONFLICTING "\",\"" NO_SOLUTION "\"]}",
     200, "application/json", "\"failed\":2"},
    {"POST", "/solve", TEXT_HDR, CLASSIC "\n\n" NO_SOLUTION "\n", 200,
     "text/plain", "no solution"},
    /* Every error status of every path, as a problem and as text. */
    {"POST", "/solve?format=xml", JSON_HDR, "{\"puzzle\":\"" CLASSIC "\"}", 400,
     "application/problem+json", "/problems/invalid-format"},
    {"POST", "/solve", TEXT_HDR ACCEPT_TEXT,
     CLASSIC "\n" CLASSIC "\n" CLASSIC "\n" CLASSIC "\n" CLASSIC "\n" CLASSIC
             "\n",
     413, "text/plain", "error: "},
    {"POST", "/solve", "Content-Type: application/xml\r\n" ACCEPT_TEXT, "<p/>",
     415, "text/plain", "error: "},
    {"POST", "/solve", JSON_HDR ACCEPT_TEXT, "{\"puzzle\":\"" NO_SOLUTION "\"}",
     422, "text/plain", "error: "},
    {"GET", "/solve", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"HEAD", "/solve", NULL, NULL, 405, "application/problem+json", ""},
    {"POST", "/healthz", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"PUT", "/readyz", NULL, NULL, 405, "application/problem+json",
     "method-not-allowed"},
    {"PUT", "/readyz", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"POST", "/metrics", NULL, NULL, 405, "application/problem+json",
     "method-not-allowed"},
    {"POST", "/metrics", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"DELETE", "/openapi.yaml", NULL, NULL, 405, "application/problem+json",
     "method-not-allowed"},
    {"DELETE", "/openapi.yaml", ACCEPT_TEXT, NULL, 405, "text/plain",
     "error: "},
    {"GET", "/nope", ACCEPT_TEXT, NULL, 404, "text/plain",
     "error: no such path"},
    {"GET", "/healthz", HUGE_HDR, NULL, 413, "application/problem+json",
     "/problems/body-too-large"},
    {"GET", "/healthz", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain",
     "error: "},
    {"GET", "/readyz", HUGE_HDR, NULL, 413, "application/problem+json",
     "/problems/body-too-large"},
    {"GET", "/readyz", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain",
     "error: "},
    {"GET", "/metrics", HUGE_HDR, NULL, 413, "application/problem+json",
     "/problems/body-too-large"},
    {"GET", "/metrics", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain",
     "error: "},
    {"GET", "/openapi.yaml", HUGE_HDR, NULL, 413, "application/problem+json",
     "/problems/body-too-large"},
    {"GET", "/openapi.yaml", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain",
     "error: "},
    {"GET", "/", NULL, NULL, 200, "text/html", "<"},
    {"POST", "/", JSON_HDR, "{}", 405, "application/problem+json",
     "method-not-allowed"},
    {"POST", "/", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"GET", "/", HUGE_HDR, NULL, 413, "application/problem+json",
     "/problems/body-too-large"},
    {"GET", "/", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain", "error: "},
    {"HEAD", "/", NULL, NULL, 200, "text/html", ""},
    {"OPTIONS", "/", NULL, NULL, 204, "", ""},
    /* HEAD: GET's status and headers, no body. */
    {"HEAD", "/healthz", NULL, NULL, 200, "application/json", ""},
    {"HEAD", "/readyz", NULL, NULL, 200, "application/json", ""},
    {"HEAD", "/metrics", NULL, NULL, 200, "text/plain", ""},
    {"HEAD", "/openapi.yaml", NULL, NULL, 200, "application/yaml", ""},
    /* OPTIONS: a preflight on every path (no content type, no body). */
    {"OPTIONS", "/solve", NULL, NULL, 204, "", ""},
    {"OPTIONS", "/healthz", NULL, NULL, 204, "", ""},
    {"OPTIONS", "/readyz", NULL, NULL, 204, "", ""},
    {"OPTIONS", "/metrics", NULL, NULL, 204, "", ""},
    {"OPTIONS", "/openapi.yaml", NULL, NULL, 204, "", ""},
};

START_TEST(exchange) {
  struct reply r =
      request(shared.port, exchanges[_i].method, exchanges[_i].path,
              exchanges[_i].headers, exchanges[_i].body);
  ck_assert_msg(r.status == exchanges[_i].status, "%s %s: %d %s",
                exchanges[_i].method, exchanges[_i].path, r.status, r.body);
  HEADER_HAS(r, "Content-Type", exchanges[_i].ctype);
  HAS(r, exchanges[_i].has);
  char id[256];
  ck_assert_uint_gt(strlen(header(&r, "X-Request-Id", id, sizeof id)), 0);
  if (r.status == 405 || strcmp(exchanges[_i].method, "OPTIONS") == 0)
    HEADER_HAS(r, "Allow",
               strcmp(exchanges[_i].path, "/solve") == 0 ? "POST" : "GET");
  if (r.status == 204 || strcmp(exchanges[_i].method, "HEAD") == 0)
    ck_assert_uint_eq(r.body_len, 0);
  if (r.status == 415)
    HEADER_HAS(r, "Accept-Post", "application/json");
  if (strcmp(exchanges[_i].path, "/solve") == 0)
    HEADER_HAS(r, "Vary", "Accept");
  reply_free(&r);
}
END_TEST

/* A batch of /solve and of /rate whose second puzzle is a sukaku line
 * (from /candidates) with an x in it: a parse-error item, located inside
 * its string (line 1, column 101) and by index and path, no "puzzle"
 * number; the contract test validates both answers. */
START_TEST(batch_item_parse_error) {
  struct reply c = request(shared.port, "POST", "/candidates?format=sukaku",
                           TEXT_HDR, CLASSIC);
  ck_assert_int_eq(c.status, 200);
  ck_assert_uint_ge(c.body_len, 729);
  c.body[100] = 'x';
  char body[1024];
  snprintf(body, sizeof body, "{\"puzzles\":[\"" CLASSIC "\",\"%.729s\"]}",
           c.body);
  static const char *const paths[] = {"/solve", "/rate"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
    struct reply r = request(shared.port, "POST", paths[i], JSON_HDR, body);
    ck_assert_int_eq(r.status, 200);
    HAS(r, "{\"index\":1,\"status\":\"parse-error\",");
    HAS(r, "\"path\":\"puzzles[1]\",\"line\":1,\"column\":101}");
    ck_assert_ptr_null(strstr(r.body, "\"puzzle\":"));
    reply_free(&r);
  }
  reply_free(&c);
}
END_TEST

/* 8 KB of headers (big cookies) still fit the connection's memory. */
START_TEST(large_headers_fit) {
  static char headers[8300] = "X-Filler: ";
  size_t n = strlen(headers);
  memset(headers + n, 'x', 8192);
  memcpy(headers + n + 8192, "\r\n", 3);
  struct reply r = request(shared.port, "GET", "/healthz", headers, NULL);
  ck_assert_int_eq(r.status, 200);
  reply_free(&r);
}
END_TEST

START_TEST(request_id_is_echoed) {
  struct reply r = request(shared.port, "GET", "/healthz",
                           "X-Request-Id: abc-123\r\n", NULL);
  HEADER_IS(r, "X-Request-Id", "abc-123");
  reply_free(&r);
  r = request(shared.port, "POST", "/solve", JSON_HDR "X-Request-Id: zz-9\r\n",
              "{\"puzzle\":\"1\"}");
  ck_assert_int_eq(r.status, 400);
  HAS(r, "\"request_id\":\"zz-9\"");
  reply_free(&r);
}
END_TEST

/* 413 from Content-Length alone, before the body is sent. */
START_TEST(body_too_large_by_content_length) {
  int fd = connect_to(shared.port);
  const char *head = "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                     "text/plain\r\nContent-Length: 10000000\r\n\r\n";
  send_all(fd, head, strlen(head));
  struct reply r = read_reply(fd, "POST", "/solve");
  ck_assert_int_eq(r.status, 413);
  HAS(r, "/problems/body-too-large");
  reply_free(&r);
}
END_TEST

/* A chunked upload that grows past the limit: 413 too. */
START_TEST(body_too_large_chunked) {
  int fd = connect_to(shared.port);
  const char *head = "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                     "text/plain\r\nTransfer-Encoding: chunked\r\n"
                     "Connection: close\r\n\r\n";
  send_all(fd, head, strlen(head));
  char chunk[1100];
  memset(chunk, '.', sizeof chunk);
  memcpy(chunk, "400\r\n", 5);
  memcpy(chunk + 5 + 1024, "\r\n", 2);
  for (int i = 0; i < 6; i++)
    send_all(fd, chunk, 5 + 1024 + 2);
  send_all(fd, "0\r\n\r\n", 5);
  struct reply r = read_reply(fd, "POST", "/solve");
  ck_assert_int_eq(r.status, 413);
  reply_free(&r);
}
END_TEST

START_TEST(cors_preflight_and_origin) {
  struct reply r = request(shared.port, "OPTIONS", "/solve",
                           "Origin: https://app.example\r\n"
                           "Access-Control-Request-Method: POST\r\n"
                           "Access-Control-Request-Headers: content-type\r\n",
                           NULL);
  ck_assert_int_eq(r.status, 204);
  HEADER_IS(r, "Access-Control-Allow-Origin", "*");
  HEADER_HAS(r, "Access-Control-Allow-Methods", "POST");
  HEADER_HAS(r, "Access-Control-Allow-Headers", "Content-Type");
  HEADER_HAS(r, "Access-Control-Max-Age", "86400");
  char buf[64];
  ck_assert_str_eq(header(&r, "Access-Control-Allow-Credentials", buf, 64), "");
  reply_free(&r);
  r = request(shared.port, "POST", "/solve",
              JSON_HDR "Origin: https://app.example\r\n",
              "{\"puzzle\":\"" CLASSIC "\"}");
  ck_assert_int_eq(r.status, 200);
  HEADER_IS(r, "Access-Control-Allow-Origin", "*");
  HEADER_HAS(r, "Access-Control-Expose-Headers", "X-Request-Id");
  reply_free(&r);
}
END_TEST

/* Judge and line text cannot say uniqueness in their bytes: the
 * Sudoku-Solutions header does, a count per puzzle in order (the JSON
 * answers' solutions_found), and a cross-origin page may read it. */
START_TEST(text_answers_say_several_solutions_in_a_header) {
  struct reply r = request(shared.port, "POST", "/solve", TEXT_HDR, MULTI);
  ck_assert_int_eq(r.status, 200);
  HEADER_IS(r, "Sudoku-Solutions", "2");
  reply_free(&r);
  r = request(shared.port, "POST", "/solve?format=line",
              TEXT_HDR "Origin: https://app.example\r\n",
              CLASSIC "\n" MULTI "\n" NO_SOLUTION "\n");
  ck_assert_int_eq(r.status, 200);
  HEADER_IS(r, "Sudoku-Solutions", "1, 2, 0");
  HEADER_HAS(r, "Access-Control-Expose-Headers", "Sudoku-Solutions");
  reply_free(&r);
  r = request(shared.port, "POST", "/solve", JSON_HDR,
              "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":1}");
  HEADER_IS(r, "Sudoku-Solutions", "1");
  reply_free(&r);
  char buf[16]; /* no header on an error */
  r = request(shared.port, "POST", "/solve", TEXT_HDR, NO_SOLUTION);
  ck_assert_int_eq(r.status, 422);
  ck_assert_str_eq(header(&r, "Sudoku-Solutions", buf, sizeof buf), "");
  reply_free(&r);
}
END_TEST

/* The value of the metric line starting with `series` (0 when absent). */
static double metric(const char *series) {
  struct reply r = request(shared.port, "GET", "/metrics", NULL, NULL);
  ck_assert_int_eq(r.status, 200);
  double v = 0;
  for (char *line = r.body; line && *line; line = strchr(line, '\n')) {
    if (*line == '\n')
      line++;
    if (strncmp(line, series, strlen(series)) == 0 &&
        line[strlen(series)] == ' ')
      v = atof(line + strlen(series) + 1);
  }
  reply_free(&r);
  return v;
}

START_TEST(metrics_count_requests) {
  const char *ok = "sudokud_requests_total{route=\"/solve\",status=\"200\"}";
  const char *bad = "sudokud_requests_total{route=\"/solve\",status=\"422\"}";
  double ok0 = metric(ok), bad0 = metric(bad);
  double solved0 = metric("sudokud_results_total{outcome=\"solved\"}");
  for (int i = 0; i < 3; i++) {
    struct reply r = request(shared.port, "POST", "/solve", TEXT_HDR, CLASSIC);
    ck_assert_int_eq(r.status, 200);
    reply_free(&r);
  }
  struct reply r = request(shared.port, "POST", "/solve", JSON_HDR,
                           "{\"puzzle\":\"" CONFLICTING "\"}");
  ck_assert_int_eq(r.status, 422);
  reply_free(&r);
  ck_assert_double_eq(metric(ok), ok0 + 3);
  ck_assert_double_eq(metric(bad), bad0 + 1);
  ck_assert_double_eq(metric("sudokud_results_total{outcome=\"solved\"}"),
                      solved0 + 3);
  ck_assert_double_ge(metric("sudokud_solve_duration_seconds_count"), 4);
}
END_TEST

START_TEST(openapi_is_served) {
  struct reply r = request(shared.port, "GET", "/openapi.yaml", NULL, NULL);
  ck_assert_int_eq(r.status, 200);
  HAS(r, "openapi: 3.1");
  reply_free(&r);
}
END_TEST

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A slow solve runs in a worker: other clients are answered meanwhile. */
START_TEST(slow_solve_does_not_stall_others) {
  int slow = send_slow_from(shared.port, NULL);
  sleep_ms(100);
  double t0 = now_seconds();
  for (int i = 0; i < 5; i++) {
    struct reply r = request(shared.port, "POST", "/solve", TEXT_HDR, CLASSIC);
    ck_assert_int_eq(r.status, 200);
    reply_free(&r);
  }
  double quick = now_seconds() - t0;
  struct reply r = read_reply(slow, "POST", "/solve");
  ck_assert_int_eq(r.status, 422);
  HAS(r, "/problems/deadline-exceeded");
  reply_free(&r);
  /* The five answers came while the slow one (a 1 s deadline) ran. */
  ck_assert_double_lt(quick, 0.9);
}
END_TEST

Suite *http_suite(void) {
  Suite *s = suite_create("http");
  TCase *tc = tcase_create("exchanges");
  tcase_add_unchecked_fixture(tc, shared_start, shared_stop);
  tcase_set_timeout(tc, 30);
  tcase_add_loop_test(tc, exchange, 0,
                      (int)(sizeof exchanges / sizeof exchanges[0]));
  tcase_add_test(tc, request_id_is_echoed);
  tcase_add_test(tc, batch_item_parse_error);
  tcase_add_test(tc, large_headers_fit);
  tcase_add_test(tc, body_too_large_by_content_length);
  tcase_add_test(tc, body_too_large_chunked);
  tcase_add_test(tc, cors_preflight_and_origin);
  tcase_add_test(tc, text_answers_say_several_solutions_in_a_header);
  tcase_add_test(tc, metrics_count_requests);
  tcase_add_test(tc, openapi_is_served);
  tcase_add_test(tc, slow_solve_does_not_stall_others);
  suite_add_tcase(s, tc);
  suite_add_tcase(s, http_lifecycle_tcase());
  return s;
}
