/*
 * test_http_toolkit.c - the playing endpoints (/hint, /check, /candidates,
 * /steps, /rate, /generate, /daily) on the real sudokud over TCP: every status
 * and media type openapi.yaml documents for them (the contract test checks each
 * answer logged here), caching of seeded /generate, and their metrics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

static struct server play, closed;

/* play: a 3 s deadline (a 25x25 /generate with 200 givens cannot finish:
 * its budget-minimal puzzles keep about 290); closed: no
 * room in the worker lanes, so work for a worker is a 503 at once. */
static void play_start(void) {
  server_start(&play, "--max-body 4096 --deadline-ms 3000 --threads 2");
  server_start(&closed, "--queue 0 --threads 2");
}
static void play_stop(void) {
  server_stop(&play);
  server_stop(&closed);
}

#define ACCEPT_TEXT "Accept: text/plain\r\n"
#define PNG_HDR "Content-Type: image/png\r\n"
#define ACCEPT_PNG "Accept: image/png\r\n"
#define HUGE_HDR "Content-Length: 100000\r\n"
#define CLASSIC_BODY "{\"puzzle\":\"" CLASSIC "\"}"
#define MULTI_BODY "{\"puzzle\":\"" MULTI "\"}"
#define CONFLICT_BODY "{\"puzzle\":\"" CONFLICTING "\"}"

/* on closed?, method, path, headers, body, status, content type, piece */
static const struct {
  bool closed;
  const char *method, *path, *headers, *body;
  int status;
  const char *ctype, *has;
} cases[] = {
    /* /hint */
    {0, "POST", "/hint", JSON_HDR, CLASSIC_BODY, 200, "application/json",
     "\"kind\":\"step\",\"technique\":\"hidden-single\""},
    {0, "POST", "/hint", JSON_HDR, "{", 400, "application/problem+json",
     "invalid-json"},
    {0, "POST", "/hint", JSON_HDR, MULTI_BODY, 422, "application/problem+json",
     "/problems/not-unique"},
    {0, "POST", "/hint", JSON_HDR ACCEPT_PNG, CLASSIC_BODY, 406,
     "application/problem+json", "not-acceptable"},
    {0, "POST", "/hint", JSON_HDR ACCEPT_TEXT, CLASSIC_BODY, 406, "text/plain",
     "error: "},
    {1, "POST", "/hint", JSON_HDR, CLASSIC_BODY, 503,
     "application/problem+json", "/problems/overloaded"},
    /* Variants over TCP: their answers validated by the contract test. */
    {0, "POST", "/solve", JSON_HDR,
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......\",\"variant\":\"x\"}",
     200, "application/json", "\"variant\":[\"x\"]"},
    {0, "POST", "/solve", JSON_HDR,
     "{\"puzzle\":\"" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
     "\",\"cages\":[{\"sum\":18,\"cells\":[\"r3c4\",\"r3c5\"]}]}",
     400, "application/problem+json", "/problems/invalid-rules"},
    {0, "POST", "/solve?variant=killer&format=line", TEXT_HDR,
     DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 " 3=r1c1,r1c2", 200,
     "text/plain", "\n"},
    {0, "POST", "/solve", JSON_HDR,
     "{\"fpuzzles\":\"N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQB"
     "cMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A\"}",
     200, "application/json", "\"line\":\"1"},
    {0, "POST", "/solve", JSON_HDR,
     "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},"
     "{},{}]],\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[]}]}",
     422, "application/problem+json", "/problems/variant-not-supported"},
    {0, "POST", "/hint", JSON_HDR,
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......\",\"variant\":\"x\"}",
     200, "application/json",
     "\"explanation\":\"r1c1 is the only place for 2 in box 1.\",\"variant\":"
     "[\"x\"]"},
    {0, "POST", "/steps", JSON_HDR,
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......\",\"variant\":\"x\"}",
     200, "application/json", "\"variant\":[\"x\"]"},
    {0, "POST", "/candidates", JSON_HDR,
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......\",\"variant\":\"x\"}",
     200, "application/json", "\"r1c1\":[2,4]"},
    {0, "POST", "/check?variant=x", TEXT_HDR,
     "......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......",
     200, "application/json", "\"rule_conflicts\":[]"},
    /* The hint drawn under X: the diagonals' stroke. */
    {0, "POST", "/hint?format=svg&variant=x", TEXT_HDR,
     "......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......",
     200, "image/svg+xml", "stroke=\"#7c3aed\""},
    {0, "POST", "/rate?variant=killer&format=json", TEXT_HDR,
     DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 " 3=r1c1,r1c2", 422,
     "application/problem+json", "/problems/not-unique"},
    {0, "POST", "/check", JSON_HDR,
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......\",\"variant\":\"x\",\"entries\":\"1\"}",
     400, "application/problem+json", "entries: expected 81"},
    {0, "POST", "/check", JSON_HDR,
     "{\"puzzle\":\"......9.75..97813......2.8592..1.8.3...385...6.8.4..5134.6."
     ".....52497..61.6......\",\"variant\":\"x\"}",
     200, "application/json", "\"rule_conflicts\":[]"},
    /* /check */
    {0, "POST", "/check", JSON_HDR,
     "{\"puzzle\":\"" CLASSIC "\",\"entries\":\"..1\"}", 400,
     "application/problem+json", "entries: expected"},
    /* A form's entries field is named, as the JSON member is. */
    {0, "POST", "/check", FORM_HDR,
     "puzzle=" CLASSIC
     "&entries=....x" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "....",
     400, "application/problem+json",
     "\"detail\":\"entries: line 1, column 5: 'x' is not a digit or a "
     "blank\""},
    {0, "POST", "/check", JSON_HDR, CLASSIC_BODY, 200, "application/json",
     "\"complete\":false,\"solvable\":true"},
    {0, "POST", "/check", JSON_HDR, MULTI_BODY, 422, "application/problem+json",
     "/problems/not-unique"},
    {0, "POST", "/check", JSON_HDR ACCEPT_PNG, CLASSIC_BODY, 406,
     "application/problem+json", "not-acceptable"},
    {0, "POST", "/check", JSON_HDR ACCEPT_TEXT, CLASSIC_BODY, 406, "text/plain",
     "error: "},
    {1, "POST", "/check", JSON_HDR, CLASSIC_BODY, 503,
     "application/problem+json", "/problems/overloaded"},
    /* /candidates */
    {0, "POST", "/candidates", JSON_HDR, CLASSIC_BODY, 200, "application/json",
     "\"r1c3\":[1,2,4]"},
    {0, "POST", "/candidates?form=array", TEXT_HDR, CLASSIC, 200,
     "application/json", "\"candidates\":[[[],[],[1,2,4]"},
    {0, "POST", "/candidates", JSON_HDR, "{\"puzzle\":7}", 400,
     "application/problem+json", "puzzle: expected a string"},
    {0, "POST", "/candidates", JSON_HDR, CONFLICT_BODY, 422,
     "application/problem+json", "/problems/conflicting-givens"},
    {0, "POST", "/candidates", JSON_HDR ACCEPT_PNG, CLASSIC_BODY, 406,
     "application/problem+json", "not-acceptable"},
    {0, "POST", "/candidates", JSON_HDR ACCEPT_TEXT, CLASSIC_BODY, 406,
     "text/plain", "error: "},
    {1, "POST", "/candidates", JSON_HDR, CLASSIC_BODY, 503,
     "application/problem+json", "/problems/overloaded"},
    /* /steps */
    {0, "POST", "/steps", JSON_HDR, CLASSIC_BODY, 200, "application/json",
     "\"steps\":[{\"technique\":\"hidden-single\""},
    {0, "POST", "/steps", TEXT_HDR ACCEPT_TEXT, CLASSIC, 200, "text/plain",
     "r1c6 is the only place for 8 in box 2.\n"},
    {0, "POST", "/steps", JSON_HDR, "{\"puzzle\":\"12\"}", 400,
     "application/problem+json", "invalid-puzzle"},
    {0, "POST", "/steps", TEXT_HDR ACCEPT_TEXT, "53..7....\n6..19x...\n", 400,
     "text/plain", "error: line 2, column 6"},
    {0, "POST", "/steps", JSON_HDR, MULTI_BODY, 422, "application/problem+json",
     "/problems/not-unique"},
    {0, "POST", "/steps", JSON_HDR ACCEPT_TEXT, MULTI_BODY, 422, "text/plain",
     "error: "},
    {0, "POST", "/steps", JSON_HDR ACCEPT_PNG, CLASSIC_BODY, 406,
     "application/problem+json", "not-acceptable"},
    {1, "POST", "/steps", JSON_HDR, CLASSIC_BODY, 503,
     "application/problem+json", "/problems/overloaded"},
    {1, "POST", "/steps", JSON_HDR ACCEPT_TEXT, CLASSIC_BODY, 503, "text/plain",
     "error: "},
    /* /rate */
    {0, "POST", "/rate", JSON_HDR, CLASSIC_BODY, 200, "application/json",
     "\"rating\":1.2,\"er\":1.2,\"ep\":1.2,\"ed\":1.2,\"level\":\"easy\""},
    {0, "POST", "/rate", TEXT_HDR, CLASSIC "\n" CLASSIC "\n", 200, "text/plain",
     "1.2 easy hidden-single\n1.2 easy hidden-single\n"},
    {0, "POST", "/rate?format=line", TEXT_HDR, CLASSIC "\n", 200, "text/plain",
     CLASSIC " ED=1.2/1.2/1.2\n"},
    {0, "POST", "/rate", JSON_HDR,
     "{\"puzzles\":[\"" CLASSIC "\",\"" NO_SOLUTION "\"]}", 200,
     "application/json", "\"count\":2,\"rated\":1,\"failed\":1"},
    {0, "POST", "/rate", JSON_HDR,
     "{\"puzzles\":[\"" CLASSIC "\",\"" CELL_ERROR "\"]}", 200,
     "application/json", CELL_ERROR_ITEM},
    {0, "POST", "/rate", JSON_HDR, "{\"puzzle\":1,\"puzzle\":2}", 400,
     "application/problem+json", "appears twice"},
    /* A misspelt parameter: refused, not a classic solve of an X puzzle. */
    {0, "POST", "/solve?varient=x", TEXT_HDR, CLASSIC "\n", 400,
     "application/problem+json",
     "unknown parameter varient; /solve takes format, variant"},
    {0, "POST", "/rate", TEXT_HDR ACCEPT_TEXT, "-1 3 5 4 6 9 2 7 8\n", 400,
     "text/plain", "error: line 1, column 1: '-' before a digit"},
    {0, "POST", "/rate", JSON_HDR, MULTI_BODY, 422, "application/problem+json",
     "/problems/not-unique"},
    {0, "POST", "/rate", JSON_HDR ACCEPT_PNG, CLASSIC_BODY, 406,
     "application/problem+json", "not-acceptable"},
    {1, "POST", "/rate", JSON_HDR, CLASSIC_BODY, 503,
     "application/problem+json", "/problems/overloaded"},
    {1, "POST", "/rate", TEXT_HDR ACCEPT_TEXT, CLASSIC, 503, "text/plain",
     "error: "},
    /* /generate */
    {0, "GET", "/generate?level=easy&seed=7", NULL, NULL, 200,
     "application/json", "\"seed\":\"7\",\"level\":\"easy\""},
    {0, "GET", "/generate?level=impossible", NULL, NULL, 400,
     "application/problem+json", "level: expected easy"},
    {0, "GET", "/generate?rating=7.0-7.9&seed=7", NULL, NULL, 200,
     "application/json", "\"seed\":\"7\",\"level\":\"extreme\",\"rating\":7."},
    {0, "GET", "/generate?rating=8.9-8.0", NULL, NULL, 400,
     "application/problem+json", "rating: expected a band like 8.0-8.9"},
    {0, "GET", "/generate?rating=8.0-8.9&level=hard", NULL, NULL, 400,
     "application/problem+json", "rating: a band replaces the level"},
    {0, "GET", "/generate?size=25&givens=200&seed=1", NULL, NULL, 422,
     "application/problem+json", "/problems/deadline-exceeded"},
    {0, "GET", "/generate", ACCEPT_PNG, NULL, 406, "application/problem+json",
     "not-acceptable"},
    {0, "GET", "/generate", ACCEPT_TEXT, NULL, 406, "text/plain", "error: "},
    {0, "GET", "/generate", HUGE_HDR, NULL, 413, "application/problem+json",
     "body-too-large"},
    {0, "GET", "/generate", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain",
     "error: "},
    {1, "GET", "/generate?level=hard", NULL, NULL, 503,
     "application/problem+json", "/problems/overloaded"},
    {0, "GET", "/generate?seed=3&format=svg", NULL, NULL, 200, "image/svg+xml",
     "<svg"},
    {0, "GET", "/generate?seed=3&count=2&per_page=2&paper=letter&format=pdf",
     NULL, NULL, 200, "application/pdf", "%PDF-"},
    {0, "GET", "/generate?seed=3&count=13&format=pdf", NULL, NULL, 400,
     "application/problem+json", "\"path\":\"count\""},
    {0, "POST", "/solve?format=svg", TEXT_HDR, CLASSIC, 200, "image/svg+xml",
     "<svg"},
    {0, "POST", "/hint", JSON_HDR "Accept: image/svg+xml\r\n", CLASSIC_BODY,
     200, "image/svg+xml", "<svg"},
    /* /daily */
    {0, "GET", "/daily?level=easy", NULL, NULL, 200, "application/json",
     "\"level\":\"easy\""},
    {0, "GET", "/daily?date=2026-01-01&format=svg", NULL, NULL, 200,
     "image/svg+xml", "<svg"},
    {0, "GET", "/daily?date=2999-01-01", NULL, NULL, 404,
     "application/problem+json", "\"path\":\"date\""},
    {0, "GET", "/daily?date=2026-02-30", NULL, NULL, 400,
     "application/problem+json", "\"path\":\"date\""},
    {0, "GET", "/daily?level=easiest", NULL, NULL, 400,
     "application/problem+json", "\"path\":\"level\""},
    {0, "GET", "/daily?seed=4", NULL, NULL, 400, "application/problem+json",
     "\"path\":\"seed\""},
    {0, "GET", "/daily?date=2026-01-02&format=pdf", NULL, NULL, 200,
     "application/pdf", "%PDF-"},
    {0, "GET", "/daily", ACCEPT_PNG, NULL, 406, "application/problem+json",
     "not-acceptable"},
    {0, "GET", "/daily", ACCEPT_TEXT, NULL, 406, "text/plain", "error: "},
    {1, "GET", "/daily?level=hard", NULL, NULL, 503, "application/problem+json",
     "/problems/overloaded"},
    {0, "POST", "/candidates?format=pm", TEXT_HDR, CLASSIC, 200, "text/plain",
     "| 5    3     124    |"},
    {0, "GET", "/generate?level=easy&seed=7", "If-None-Match: \"x\", *\r\n",
     NULL, 304, "", ""},
};

/* What every POST endpoint answers alike: 405, 413, 415, 204. */
static const char *const posts[] = {"/hint", "/check", "/candidates", "/steps",
                                    "/rate"};
static const struct {
  const char *method, *headers, *body;
  int status;
  const char *ctype, *has;
} common[] = {
    {"GET", NULL, NULL, 405, "application/problem+json", "method-not-allowed"},
    {"GET", ACCEPT_TEXT, NULL, 405, "text/plain", "error: "},
    {"POST", HUGE_HDR, NULL, 413, "application/problem+json", "body-too-large"},
    {"POST", HUGE_HDR ACCEPT_TEXT, NULL, 413, "text/plain", "error: "},
    {"POST", PNG_HDR, "x", 415, "application/problem+json",
     "unsupported-media-type"},
    {"POST", PNG_HDR ACCEPT_TEXT, "x", 415, "text/plain", "error: "},
    {"OPTIONS", NULL, NULL, 204, "", ""},
};

static void expect(struct reply *r, int status, const char *ctype,
                   const char *has, const char *what) {
  char ct[256];
  ck_assert_msg(r->status == status, "%s: %d %s", what, r->status, r->body);
  ck_assert_msg(strncmp(header(r, "Content-Type", ct, sizeof ct), ctype,
                        strlen(ctype)) == 0,
                "%s: content type %s", what, ct);
  ck_assert_msg(strstr(r->body, has) != NULL, "%s: '%s' lacks '%s'", what,
                r->body, has);
  char id[160];
  ck_assert_uint_gt(strlen(header(r, "X-Request-Id", id, sizeof id)), 0);
}

START_TEST(endpoint_exchange) {
  struct server *s = cases[_i].closed ? &closed : &play;
  struct reply r = request(s->port, cases[_i].method, cases[_i].path,
                           cases[_i].headers, cases[_i].body);
  char what[128];
  snprintf(what, sizeof what, "%s %s", cases[_i].method, cases[_i].path);
  expect(&r, cases[_i].status, cases[_i].ctype, cases[_i].has, what);
  if (r.status == 503) {
    char ra[16];
    ck_assert_str_eq(header(&r, "Retry-After", ra, sizeof ra), "1");
  }
  reply_free(&r);
}
END_TEST

/* The members each endpoint takes beside "puzzle", and some it does not
 * (another endpoint's): openapi.yaml's request schemas must say the same,
 * which the contract test checks on every request logged here (a 2xx
 * request valid, an "unknown member" 400 not). */
#define NO_ENTRIES                                                             \
  "\"entries\":\"" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "\""
static const struct {
  const char *path, *member, *refused; /* refused: NULL when taken */
} members[] = {
    {"/solve", "\"lexmin\":true,\"max_solutions\":3,\"box\":[3,3]", NULL},
    {"/solve", "\"seed\":\"7\",\"level\":\"easy\",\"rating\":1.2", NULL},
    {"/solve", NO_ENTRIES, "entries"},
    {"/rate", "\"box\":[3,3],\"seed\":\"7\",\"date\":\"2026-01-01\"", NULL},
    {"/rate", "\"max_solutions\":1", "max_solutions"},
    {"/rate", "\"lexmin\":true", "lexmin"},
    {"/hint", NO_ENTRIES ",\"reveal\":true,\"box\":[3,3]", NULL},
    {"/hint", "\"candidates\":{\"r1c3\":[1,2,4]}", NULL},
    {"/hint", "\"puzzles\":[]", "puzzles"},
    {"/hint", "\"max_solutions\":1", "max_solutions"},
    {"/check", NO_ENTRIES ",\"box\":[3,3]", NULL},
    {"/check", "\"candidates\":{\"r1c3\":[1,2,4]}", "candidates"},
    {"/check", "\"reveal\":true", "reveal"},
    {"/candidates", NO_ENTRIES ",\"candidates\":{\"r1c3\":[1,2,4]}", NULL},
    {"/candidates", "\"box\":[3,3]", NULL},
    {"/candidates", "\"reveal\":true", "reveal"},
    {"/candidates", "\"puzzles\":[]", "puzzles"},
    {"/steps", "\"box\":[3,3]", NULL},
    {"/steps", NO_ENTRIES, "entries"},
    {"/steps", "\"candidates\":{}", "candidates"},
    {"/steps", "\"seed\":\"7\"", "seed"},
};

START_TEST(request_members) {
  char body[512], has[64];
  snprintf(body, sizeof body, "{\"puzzle\":\"" CLASSIC "\",%s}",
           members[_i].member);
  struct reply r = request(play.port, "POST", members[_i].path, JSON_HDR, body);
  if (members[_i].refused != NULL) {
    snprintf(has, sizeof has, "unknown member \\\"%s\\\"", members[_i].refused);
    expect(&r, 400, "application/problem+json", has, members[_i].path);
  } else {
    expect(&r, 200, "application/json", "{", members[_i].path);
  }
  reply_free(&r);
}
END_TEST

/* One client holding its --client-jobs share (1: a slow solve at a
 * worker): work of every endpoint that would go to a worker is 429 at
 * once, with Retry-After, in each media type the endpoint answers. */
START_TEST(client_share_is_429_everywhere) {
  struct server s;
  server_start(&s, "--client-jobs 1 --threads 2 --deadline-ms 3000 "
                   "--drain-ms 100");
  int slow = send_slow_from(s.port, NULL);
  sleep_ms(200);
  static const struct {
    const char *method, *path, *headers, *ctype, *has;
    bool slow_body;
  } rows[] = {
      {"POST", "/solve", JSON_HDR ACCEPT_TEXT, "text/plain", "error: ", 1},
      {"POST", "/hint", JSON_HDR, "application/problem+json",
       "/problems/too-many-requests", 0},
      {"POST", "/check", JSON_HDR, "application/problem+json",
       "/problems/too-many-requests", 0},
      {"POST", "/candidates", JSON_HDR, "application/problem+json",
       "/problems/too-many-requests", 0},
      {"POST", "/steps", JSON_HDR, "application/problem+json",
       "/problems/too-many-requests", 0},
      {"POST", "/steps", JSON_HDR ACCEPT_TEXT, "text/plain", "error: ", 0},
      {"POST", "/rate", JSON_HDR, "application/problem+json",
       "/problems/too-many-requests", 0},
      {"POST", "/rate", JSON_HDR ACCEPT_TEXT, "text/plain", "error: ", 0},
      {"GET", "/generate?level=hard", NULL, "application/problem+json",
       "/problems/too-many-requests", 0},
      {"GET", "/daily?level=hard", NULL, "application/problem+json",
       "/problems/too-many-requests", 0},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    const char *body = rows[i].slow_body          ? slow_solve_body()
                       : rows[i].method[0] == 'P' ? CLASSIC_BODY
                                                  : NULL;
    struct reply r =
        request(s.port, rows[i].method, rows[i].path, rows[i].headers, body);
    expect(&r, 429, rows[i].ctype, rows[i].has, rows[i].path);
    char ra[16];
    ck_assert_str_eq(header(&r, "Retry-After", ra, sizeof ra), "1");
    reply_free(&r);
  }
  close(slow);
  server_stop(&s);
}
END_TEST

/* The GET endpoints: the same answers, their methods swapped. */
static const char *const gets[] = {"/generate", "/daily"};

START_TEST(common_answers) {
  size_t np = sizeof posts / sizeof posts[0];
  const char *path = _i < (int)np * 7 ? posts[_i / 7] : gets[_i / 7 - np];
  int k = _i % 7;
  const char *method = common[k].method;
  bool get = _i >= (int)np * 7;
  if (get) {
    /* GET is its method, POST the one refused; it reads no body. */
    if (k == 4 || k == 5)
      return;
    method = k <= 1 ? "POST" : k <= 3 ? "GET" : method;
  }
  struct reply r =
      request(play.port, method, path, common[k].headers, common[k].body);
  char what[128];
  snprintf(what, sizeof what, "%s %s", method, path);
  expect(&r, common[k].status, common[k].ctype, common[k].has, what);
  if (r.status == 405) {
    char allow[64];
    ck_assert_ptr_nonnull(
        strstr(header(&r, "Allow", allow, sizeof allow), get ? "GET" : "POST"));
  }
  if (r.status == 415) {
    char ap[128];
    ck_assert_ptr_nonnull(
        strstr(header(&r, "Accept-Post", ap, sizeof ap), "application/json"));
  }
  reply_free(&r);
}
END_TEST

/* A seeded /generate is the same answer every time, cacheable; an
 * unseeded one is not. */
START_TEST(generate_caching) {
  struct reply a =
      request(play.port, "GET", "/generate?seed=99&level=easy", NULL, NULL);
  struct reply b =
      request(play.port, "GET", "/generate?seed=99&level=easy", NULL, NULL);
  struct reply c =
      request(play.port, "GET", "/generate?level=easy", NULL, NULL);
  char h1[128], h2[128];
  ck_assert_int_eq(a.status, 200);
  ck_assert_str_eq(a.body, b.body);
  ck_assert_str_eq(header(&a, "ETag", h1, sizeof h1),
                   header(&b, "ETag", h2, sizeof h2));
  ck_assert_uint_gt(strlen(h1), 2);
  ck_assert_str_eq(header(&a, "Cache-Control", h1, sizeof h1),
                   "public, max-age=31536000, immutable");
  ck_assert_str_eq(header(&c, "Cache-Control", h1, sizeof h1), "no-store");
  ck_assert_str_eq(header(&c, "ETag", h1, sizeof h1), "");
  /* attempt_seed reopens the same puzzle in one attempt. */
  const char *as = strstr(a.body, "\"attempt_seed\":\"");
  ck_assert_ptr_nonnull(as);
  char path[96];
  snprintf(path, sizeof path, "/generate?seed=%llu&level=easy",
           strtoull(as + strlen("\"attempt_seed\":\""), NULL, 10));
  struct reply d = request(play.port, "GET", path, NULL, NULL);
  ck_assert_int_eq(d.status, 200);
  ck_assert_ptr_nonnull(strstr(d.body, "\"attempts\":1,"));
  const char *pa = strstr(a.body, "\"puzzle\":\""),
             *pd = strstr(d.body, "\"puzzle\":\"");
  ck_assert(pa != NULL && pd != NULL);
  ck_assert_int_eq(strncmp(pa, pd, strlen("\"puzzle\":\"") + 82), 0);
  reply_free(&d);
  reply_free(&a);
  reply_free(&b);
  reply_free(&c);
}
END_TEST

/* The value of a JSON string member of a flat object into buf ("" when
 * absent). */
static const char *member(const char *json, const char *name, char *buf,
                          size_t cap) {
  char key[64];
  snprintf(key, sizeof key, "\"%s\":\"", name);
  const char *p = strstr(json, key);
  buf[0] = '\0';
  if (p != NULL)
    snprintf(buf, cap, "%.*s", (int)strcspn(p + strlen(key), "\""),
             p + strlen(key));
  return buf;
}

/* /daily: today's puzzle, the same for every request of the day, cached
 * until the next UTC midnight, 304 for its ETag; another day's is another
 * puzzle, cached for ever; its seed and level give it back from
 * /generate, and its puzzle posted to /solve gives its solution. */
START_TEST(daily_puzzle) {
  char today[16], date[16], cc[96], etag[64], etag2[64], line[128];
  char seed[32], puzzle[128], solution[128], other[128];
  time_t now = time(NULL);
  strftime(today, sizeof today, "%Y-%m-%d", gmtime(&now));
  struct reply a = request(play.port, "GET", "/daily", NULL, NULL);
  struct reply b = request(play.port, "GET", "/daily?level=medium", NULL, NULL);
  ck_assert_int_eq(a.status, 200);
  ck_assert_int_eq(b.status, 200);
  ck_assert_str_eq(a.body, b.body); /* the default level is medium */
  ck_assert_str_eq(member(a.body, "date", date, sizeof date), today);
  member(a.body, "seed", seed, sizeof seed);
  member(a.body, "puzzle", puzzle, sizeof puzzle);
  member(a.body, "solution", solution, sizeof solution);
  ck_assert_int_eq(strlen(puzzle), 81);
  /* max-age: the seconds to the next UTC midnight. */
  long age = -1;
  header(&a, "Cache-Control", cc, sizeof cc);
  ck_assert_int_eq(sscanf(cc, "public, max-age=%ld", &age), 1);
  long left = 86400 - (long)(now % 86400);
  ck_assert_msg(age <= left && age >= left - 5, "max-age %ld, %ld left", age,
                left);
  header(&a, "ETag", etag, sizeof etag);
  ck_assert_uint_gt(strlen(etag), 2);
  /* If-None-Match: 304, no body, the same validators. */
  char hdr[128];
  snprintf(hdr, sizeof hdr, "If-None-Match: W/\"x\", %s\r\n", etag);
  struct reply c = request(play.port, "GET", "/daily", hdr, NULL);
  ck_assert_int_eq(c.status, 304);
  ck_assert_int_eq(c.body_len, 0);
  ck_assert_str_eq(header(&c, "ETag", etag2, sizeof etag2), etag);
  reply_free(&c);
  /* Another ETag: the answer itself. */
  c = request(play.port, "GET", "/daily", "If-None-Match: \"d0\"\r\n", NULL);
  ck_assert_int_eq(c.status, 200);
  reply_free(&c);
  /* Another day: another puzzle, immutable. */
  c = request(play.port, "GET", "/daily?date=2026-06-01", NULL, NULL);
  ck_assert_int_eq(c.status, 200);
  ck_assert_str_ne(member(c.body, "puzzle", other, sizeof other), puzzle);
  ck_assert_str_eq(member(c.body, "date", date, sizeof date), "2026-06-01");
  ck_assert_str_eq(header(&c, "Cache-Control", cc, sizeof cc),
                   "public, max-age=31536000, immutable");
  reply_free(&c);
  /* Another level of the same day: another puzzle. */
  c = request(play.port, "GET", "/daily?level=easy", NULL, NULL);
  ck_assert_str_ne(member(c.body, "puzzle", other, sizeof other), puzzle);
  reply_free(&c);
  /* Its seed and level give it back from /generate. */
  snprintf(line, sizeof line, "/generate?level=medium&seed=%s", seed);
  c = request(play.port, "GET", line, NULL, NULL);
  ck_assert_int_eq(c.status, 200);
  ck_assert_str_eq(member(c.body, "puzzle", other, sizeof other), puzzle);
  reply_free(&c);
  /* Posted back: its solution, checked independently. */
  c = request(play.port, "POST", "/solve?format=line", TEXT_HDR, puzzle);
  ck_assert_int_eq(c.status, 200);
  ck_assert_int_eq(strncmp(c.body, solution, 81), 0);
  struct sudoku_reader rd;
  sudoku_grid given, solved;
  sudoku_reader_init(&rd, puzzle, 81);
  ck_assert_int_eq(sudoku_read_next(&rd, &given, NULL), 1);
  sudoku_reader_init(&rd, solution, 81);
  ck_assert_int_eq(sudoku_read_next(&rd, &solved, NULL), 1);
  ck_assert(sudoku_is_solution(&given, &solved));
  reply_free(&c);
  reply_free(&a);
  reply_free(&b);
}
END_TEST

/* Each route has its own metrics label. */
START_TEST(routes_are_counted) {
  struct reply r = request(play.port, "POST", "/hint", JSON_HDR, CLASSIC_BODY);
  reply_free(&r);
  sleep_ms(100);
  r = request(play.port, "GET", "/metrics", NULL, NULL);
  ck_assert_int_eq(r.status, 200);
  static const char *const labels[] = {"/hint",  "/check", "/candidates",
                                       "/steps", "/rate",  "/generate",
                                       "/daily"};
  for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
    char piece[64];
    snprintf(piece, sizeof piece, "route=\"%s\",status=\"", labels[i]);
    ck_assert_msg(strstr(r.body, piece) != NULL, "metrics lack %s", piece);
  }
  ck_assert_ptr_nonnull(
      strstr(r.body, "sudokud_results_total{outcome=\"step\"}"));
  reply_free(&r);
}
END_TEST

Suite *http_toolkit_suite(void) {
  Suite *s = suite_create("http_toolkit");
  TCase *tc = tcase_create("endpoints");
  tcase_add_unchecked_fixture(tc, play_start, play_stop);
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, request_members, 0,
                      (int)(sizeof members / sizeof members[0]));
  tcase_add_loop_test(tc, endpoint_exchange, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_loop_test(
      tc, common_answers, 0,
      (int)((sizeof posts / sizeof posts[0] + sizeof gets / sizeof gets[0]) *
            7));
  tcase_add_test(tc, generate_caching);
  tcase_add_test(tc, client_share_is_429_everywhere);
  tcase_add_test(tc, routes_are_counted);
  tcase_add_test(tc, daily_puzzle);
  suite_add_tcase(s, tc);
  suite_add_tcase(s, http_marks_tcase());
  return s;
}
