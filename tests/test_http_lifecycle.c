/*
 * test_http_lifecycle.c - the http suite's "lifecycle" case: each test
 * starts its own build/sudokud (SUDOKUD_BIN) with the options it is about
 * (one worker and a small queue, --client-jobs, --trusted-proxies, no
 * openapi file, bad options) and speaks to it over TCP: overload, fair
 * share between clients, X-Forwarded-For, SIGTERM with a request in
 * flight, /readyz while draining, exit status 2.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests.h"

static int send_slow(int port) { return send_slow_from(port, NULL); }

/* The server, SIGTERMed, exits with status 0 (after its drain). */
static void exits_0_within_10_s(pid_t pid) {
  int status = -1;
  for (int i = 0; i < 1000; i++) {
    if (waitpid(pid, &status, WNOHANG) == pid)
      break;
    sleep_ms(10);
  }
  ck_assert(WIFEXITED(status));
  ck_assert_int_eq(WEXITSTATUS(status), 0);
}

/* GET path (with extra header lines, or NULL) is answered status, with
 * piece in its body. */
static void get_is(int port, const char *path, const char *headers, int status,
                   const char *piece) {
  struct reply r = request(port, "GET", path, headers, NULL);
  ck_assert_int_eq(r.status, status);
  HAS(r, piece);
  reply_free(&r);
}

/* The answer on fd to a POST /solve has this status. */
static void answered(int fd, int status) {
  struct reply r = read_reply(fd, "POST", "/solve");
  ck_assert_int_eq(r.status, status);
  reply_free(&r);
}

/* Two slow solves from 127.0.0.1, gap_ms apart (room for each to be read,
 * probed and handed off on a loaded box), then a third that must be
 * refused at once with status and the problem type. */
static void fill_then_refused(int port, int gap_ms, int fd[2], int status,
                              const char *type) {
  fd[0] = send_slow(port);
  sleep_ms(gap_ms);
  fd[1] = send_slow(port);
  sleep_ms(gap_ms);
  struct reply r = request(port, "POST", "/solve", JSON_HDR, slow_solve_body());
  ck_assert_int_eq(r.status, status);
  HEADER_IS(r, "Retry-After", "1");
  HAS(r, type);
  reply_free(&r);
}

/* One worker, a queue of one: a third slow request is turned away. */
START_TEST(overload_gets_503) {
  struct server s;
  server_start(&s, "--threads 1 --queue 1 --client-jobs 0 --deadline-ms 2000");
  int fd[2];
  fill_then_refused(s.port, 300, fd, 503, "/problems/overloaded");
  struct reply r = request(s.port, "POST", "/solve", JSON_HDR ACCEPT_TEXT,
                           slow_solve_body());
  ck_assert_int_eq(r.status, 503);
  HEADER_IS(r, "Retry-After", "1");
  HAS(r, "error: ");
  reply_free(&r);
  answered(fd[0], 422);
  answered(fd[1], 422);
  ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* One client (127.0.0.1) holds its --client-jobs share of the queue: its
 * next slow request is 429 at once, with room left in the queue, while
 * another client (127.0.0.2) is still queued and served. */
START_TEST(one_client_gets_its_share) {
  struct server s;
  server_start(&s, "--threads 1 --queue 8 --client-jobs 2 --deadline-ms 900");
  int fd[2];
  fill_then_refused(s.port, 200, fd, 429, "/problems/too-many-requests");
  int a = fd[0], b = fd[1];
  int other = send_slow_from(s.port, "127.0.0.2");
  /* Quick requests are answered on the HTTP thread: never counted. */
  struct reply r = request(s.port, "POST", "/solve", TEXT_HDR, CLASSIC);
  ck_assert_int_eq(r.status, 200);
  reply_free(&r);
  answered(a, 422); /* ran to its deadline in the worker */
  /* The other client's one request is the lighter load: it runs next, or
   * right after b when a had completed by then (equal loads: the older
   * first). Either way it runs within its deadline; b may then wait past
   * its own (503 queue-timeout), waiting behind the other client. */
  answered(other, 422);
  r = read_reply(b, "POST", "/solve");
  ck_assert_msg(r.status == 422 || (r.status == 503 &&
                                    strstr(r.body, "/problems/queue-timeout")),
                "b got %d", r.status);
  reply_free(&r);
  /* Its requests done, the first client has its share again. */
  answered(send_slow(s.port), 422);
  ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* X-Forwarded-For is believed from a trusted proxy only, an address or a
 * CIDR range: the client is its rightmost hop that is not itself trusted.
 * Anyone else's header is ignored. */
START_TEST(trusted_proxies_by_address_or_range) {
  struct server s;
  server_start(&s, "--trusted-proxies 10.0.0.0/8,127.0.0.0/30,2001:db8::/32");
  struct reply r = request(s.port, "GET", "/healthz",
                           "X-Forwarded-For: 198.51.100.9, 203.0.113.7, "
                           "10.1.2.3\r\n",
                           NULL);
  ck_assert_int_eq(r.status, 200);
  reply_free(&r);
  int fd = connect_from(s.port, "127.0.0.5"); /* outside 127.0.0.0/30 */
  static const char spoof[] = "GET /healthz HTTP/1.1\r\nHost: x\r\n"
                              "X-Forwarded-For: 192.0.2.66\r\n"
                              "Connection: close\r\n\r\n";
  send_all(fd, spoof, sizeof spoof - 1);
  r = read_reply(fd, "GET", "/healthz");
  ck_assert_int_eq(r.status, 200);
  reply_free(&r);
  sleep_ms(100); /* the log line follows the answer */
  char *log = test_read_file(s.log, NULL);
  ck_assert_int_eq(server_stop(&s), 0);
  ck_assert_ptr_nonnull(log);
  ck_assert_msg(strstr(log, "203.0.113.7 via 127.0.0.1 \"GET /healthz\"") !=
                    NULL,
                "%s", log);
  ck_assert_msg(strstr(log, "127.0.0.5 \"GET /healthz\"") != NULL, "%s", log);
  ck_assert_ptr_null(strstr(log, "192.0.2.66"));
  free(log);
  /* A range past its family's length is refused at start. */
  static const char *const bad[] = {"10.0.0.0/33", "10.0.0.0/", "::1/129",
                                    "10.0.0.0/8x"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char cmd[256];
    snprintf(cmd, sizeof cmd,
             "%s --port 0 --trusted-proxies '%s' 2>&1 | grep -q "
             "'is not an IPv4 or IPv6 address or CIDR range'",
             getenv("SUDOKUD_BIN") ? getenv("SUDOKUD_BIN") : "build/sudokud",
             bad[i]);
    ck_assert_msg(system(cmd) == 0, "%s was not refused", bad[i]);
  }
}
END_TEST

/* SIGTERM: the request in flight is answered, then exit 0. */
START_TEST(sigterm_drains_in_flight) {
  struct server s;
  server_start(&s, "--deadline-ms 1500");
  int slow = send_slow(s.port);
  sleep_ms(200);
  kill(s.pid, SIGTERM);
  struct reply r = read_reply(slow, "POST", "/solve");
  ck_assert_int_eq(r.status, 422);
  HAS(r, "/problems/deadline-exceeded");
  reply_free(&r);
  exits_0_within_10_s(s.pid);
  char *log = test_read_file(s.log, NULL);
  ck_assert_ptr_nonnull(log);
  ck_assert_ptr_nonnull(strstr(log, "\"POST /solve\" 422"));
  free(log);
  unlink(s.log);
}
END_TEST

/* SIGTERM with requests whose clients can send no more of them (80 of
 * the 100 body bytes, then a half-close or a close): the drain does not
 * wait for them (--drain-ms 8000, --timeout-s 30): exit 0 within 2 s. */
START_TEST(sigterm_does_not_wait_for_silent_peers) {
  struct server s;
  server_start(&s, "--drain-ms 8000 --timeout-s 30");
  char req[256];
  int n = snprintf(req, sizeof req,
                   "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: "
                   "application/json\r\nContent-Length: 100\r\n\r\n"
                   "{\"puzzle\":\"%.69s",
                   CLASSIC);
  /* Ten of each: libmicrohttpd notices some of them by itself. */
  int half[10];
  for (int i = 0; i < 10; i++) {
    half[i] = connect_to(s.port);
    send_all(half[i], req, (size_t)n);
    shutdown(half[i], SHUT_WR);
    int gone = connect_to(s.port);
    send_all(gone, req, (size_t)n);
    close(gone);
  }
  sleep_ms(100);
  kill(s.pid, SIGTERM);
  int status = -1, waited = 0;
  while (waitpid(s.pid, &status, WNOHANG) != s.pid && waited < 10000) {
    sleep_ms(10);
    waited += 10;
  }
  ck_assert_msg(waited < 2000, "the drain waited %d ms", waited);
  ck_assert(WIFEXITED(status));
  ck_assert_int_eq(WEXITSTATUS(status), 0);
  for (int i = 0; i < 10; i++)
    close(half[i]);
  unlink(s.log);
}
END_TEST

/* After SIGTERM, while a request is in flight: /readyz, asked on a
 * connection opened before (the listening socket is closed), says
 * draining with Retry-After. */
START_TEST(readyz_draining_after_sigterm) {
  struct server s;
  server_start(&s, "--deadline-ms 1000");
  int keep = connect_to(s.port);
  struct reply r = request_on(keep, "GET", "/readyz");
  ck_assert_int_eq(r.status, 200);
  HAS(r, "\"ready\"");
  reply_free(&r);
  int slow = send_slow(s.port);
  sleep_ms(150);
  kill(s.pid, SIGTERM);
  sleep_ms(150);
  r = request_on(keep, "GET", "/readyz");
  ck_assert_int_eq(r.status, 503);
  HEADER_IS(r, "Retry-After", "1");
  HAS(r, "\"draining\"");
  reply_free(&r);
  close(keep);
  answered(slow, 422);
  exits_0_within_10_s(s.pid);
  unlink(s.log);
}
END_TEST

/* Without its openapi.yaml, the service answers 404 for it. */
START_TEST(openapi_missing_is_404) {
  struct server s;
  server_start(&s, "--openapi /nonexistent/openapi.yaml");
  get_is(s.port, "/openapi.yaml", NULL, 404, "/problems/not-found");
  get_is(s.port, "/openapi.yaml", ACCEPT_TEXT, 404, "error: ");
  ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* Invalid configuration: a clear message, exit status 2. */
START_TEST(bad_configuration_exits_2) {
  static const char *const bad[] = {"--port 70000", "--threads zero", "--bogus",
                                    "--bind 300.1.1.1", "--max-body -5"};
  const char *bin =
      getenv("SUDOKUD_BIN") ? getenv("SUDOKUD_BIN") : "build/sudokud";
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char cmd[256];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", bin, bad[i]);
    int rc = system(cmd);
    ck_assert_msg(WIFEXITED(rc) && WEXITSTATUS(rc) == 2, "%s: %d", bad[i], rc);
  }
}
END_TEST

/* GET /generate has its own deadline: a 12x12 with rot180 (tens of ms)
 * comes under the default one while every other request gets 1 ms, and a
 * 1 ms --generate-deadline-ms turns it into 422 deadline-exceeded. */
START_TEST(generate_has_its_own_deadline) {
  struct server s;
  server_start(&s, "--deadline-ms 1");
  get_is(s.port, "/generate?size=12&seed=3", NULL, 200, "\"size\":12");
  ck_assert_int_eq(server_stop(&s), 0);
  server_start(&s, "--generate-deadline-ms 1");
  /* 1 ms runs out at the worker (422), or already in the queue on a slow
   * run such as valgrind's (503 queue-timeout): a deadline either way. */
  struct reply r =
      request(s.port, "GET", "/generate?size=12&seed=3", NULL, NULL);
  ck_assert_msg((r.status == 422 &&
                 strstr(r.body, "/problems/deadline-exceeded") != NULL) ||
                    (r.status == 503 &&
                     strstr(r.body, "/problems/queue-timeout") != NULL),
                "status %d, body %s", r.status, r.body);
  reply_free(&r);
  ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

TCase *http_lifecycle_tcase(void) {
  TCase *tc = tcase_create("lifecycle");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, overload_gets_503);
  tcase_add_test(tc, one_client_gets_its_share);
  tcase_add_test(tc, trusted_proxies_by_address_or_range);
  tcase_add_test(tc, sigterm_drains_in_flight);
  tcase_add_test(tc, sigterm_does_not_wait_for_silent_peers);
  tcase_add_test(tc, readyz_draining_after_sigterm);
  tcase_add_test(tc, openapi_missing_is_404);
  tcase_add_test(tc, bad_configuration_exits_2);
  tcase_add_test(tc, generate_has_its_own_deadline);
  return tc;
}
