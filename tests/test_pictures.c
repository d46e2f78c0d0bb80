/*
 * test_pictures.c - the answers that are pictures: ?format=svg (and
 * Accept: image/svg+xml) on /solve, /generate and /hint, each answer read
 * back by a real XML parser (test_parse_svg: python3's minidom) and its
 * digits counted against the puzzle, the solution and the step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/api/api.h"
#include "tests.h"

/* One request through the whole pipeline: endpoint, body (text/plain; NULL
 * for a GET), Accept (or NULL) and up to three query parameters given as
 * "name=value". The caller frees *out. */
static void ask(const char *endpoint, const char *body, const char *accept,
                const char *const *query, struct api_response *out) {
  struct api_param q[3];
  size_t nq = 0;
  for (; query != NULL && nq < 3 && query[nq] != NULL; nq++) {
    const char *eq = strchr(query[nq], '=');
    q[nq] = (struct api_param){query[nq], eq + 1, (size_t)(eq - query[nq]),
                               strlen(eq + 1)};
  }
  struct api_input in = {body != NULL ? "text/plain" : NULL,
                         body,
                         body != NULL ? strlen(body) : 0,
                         accept,
                         NULL,
                         q,
                         nq};
  struct api_limits lim = {100, 2000000, 0, 8000000};
  const struct api_endpoint *ep = api_endpoint_find(endpoint);
  ck_assert_ptr_nonnull(ep);
  api_handle(ep, &lim, &in, out);
}

static int count_givens(const char *line) {
  int k = 0;
  for (; *line != '\0'; line++)
    k += *line != '.' && *line != '0';
  return k;
}

/* The request, expected status and content type, and for a picture the
 * digits the parser must count (-1: not checked). */
static const struct {
  const char *endpoint, *body, *accept, *query[3];
  int status;
  const char *ctype;
  int givens, entries, marks_min, placed, rects_min;
} cases[] = {
    /* The solution: 30 givens bold, the 51 values found in blue. */
    {"solve",
     CLASSIC,
     NULL,
     {"format=svg"},
     200,
     "image/svg+xml",
     30,
     51,
     -1,
     0,
     0},
    {"solve",
     CLASSIC,
     "image/svg+xml",
     {NULL},
     200,
     "image/svg+xml",
     30,
     51,
     -1,
     0,
     0},
    /* Accept prefers JSON: JSON; any type: the data formats keep it. */
    {"solve",
     CLASSIC,
     "image/svg+xml;q=0.5, application/json",
     {NULL},
     200,
     "application/json",
     -1,
     -1,
     -1,
     -1,
     -1},
    {"solve", CLASSIC, "*/*", {NULL}, 200, "text/plain", -1, -1, -1, -1, -1},
    /* One picture a request. */
    {"solve",
     CLASSIC "\n" CLASSIC,
     NULL,
     {"format=svg"},
     400,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    /* A puzzle without a solution is still a problem, not a picture. */
    {"solve",
     NO_SOLUTION,
     NULL,
     {"format=svg"},
     422,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    /* A hint: the position with its candidates, the step's cells and its
     * placement (the classic puzzle starts with a single). */
    {"hint",
     CLASSIC,
     NULL,
     {"format=svg"},
     200,
     "image/svg+xml",
     30,
     0,
     100,
     1,
     1},
    {"hint",
     CLASSIC,
     "image/svg+xml",
     {NULL},
     200,
     "image/svg+xml",
     30,
     0,
     100,
     1,
     1},
    /* Endpoints that draw nothing refuse the format, located. */
    {"check",
     CLASSIC,
     NULL,
     {"format=svg"},
     400,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    {"rate",
     CLASSIC,
     "image/svg+xml",
     {NULL},
     406,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
    {"generate",
     NULL,
     NULL,
     {"format=pdf", "seed=1"},
     400,
     "application/problem+json",
     -1,
     -1,
     -1,
     -1,
     -1},
};

START_TEST(picture_answer) {
  struct api_response r;
  ask(cases[_i].endpoint, cases[_i].body, cases[_i].accept, cases[_i].query,
      &r);
  ck_assert_msg(r.status == cases[_i].status, "case %d: %d %.*s", _i, r.status,
                (int)r.body_len, r.body);
  ck_assert_msg(
      strncmp(r.content_type, cases[_i].ctype, strlen(cases[_i].ctype)) == 0,
      "case %d: %s", _i, r.content_type);
  if (strcmp(cases[_i].ctype, "image/svg+xml") == 0) {
    struct svg_seen s = test_parse_svg(r.body);
    ck_assert_int_eq(s.ok, 1);
    ck_assert_int_eq(s.width, 440);
    ck_assert_int_eq(s.givens, cases[_i].givens);
    ck_assert_int_eq(s.entries, cases[_i].entries);
    ck_assert_int_ge(s.marks, cases[_i].marks_min);
    ck_assert_int_eq(s.placed, cases[_i].placed);
    ck_assert_int_ge(s.rects, cases[_i].rects_min);
  }
  api_response_free(&r);
}
END_TEST

/* A seeded /generate drawn: the puzzle of the JSON answer with the same
 * options, each given bold, and its own ETag (the format is part of it). */
START_TEST(generate_svg) {
  static const char *const json_q[] = {"seed=42", "level=easy", NULL};
  static const char *const svg_q[] = {"seed=42", "level=easy", "format=svg"};
  struct api_response j, s;
  ask("generate", NULL, NULL, json_q, &j);
  ck_assert_int_eq(j.status, 200);
  const char *p = strstr(j.body, "\"puzzle\":\"");
  ck_assert_ptr_nonnull(p);
  char line[128];
  ck_assert_int_eq(sscanf(p + 10, "%81[^\"]", line), 1);
  ask("generate", NULL, NULL, svg_q, &s);
  ck_assert_int_eq(s.status, 200);
  ck_assert_str_eq(s.content_type, "image/svg+xml");
  ck_assert_ptr_nonnull(strstr(s.body, "seed 42"));
  struct svg_seen seen = test_parse_svg(s.body);
  ck_assert_int_eq(seen.ok, 1);
  ck_assert_int_eq(seen.givens, count_givens(line));
  ck_assert_int_eq(seen.entries, 0);
  ck_assert_str_ne(j.etag, s.etag);
  ck_assert_ptr_nonnull(s.cache_control);
  api_response_free(&j);
  api_response_free(&s);
}
END_TEST

/* A wrong entry drawn: its cell shaded, the entries blue. */
START_TEST(hint_wrong_entry_svg) {
  /* The classic puzzle, then entries: r1c3 is 4 in the solution, not 1. */
  const char *body = CLASSIC
      "\n..1......" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "\n";
  static const char *const q[] = {"format=svg", NULL, NULL};
  struct api_response r;
  ask("hint", body, NULL, q, &r);
  ck_assert_msg(r.status == 200, "%.*s", (int)r.body_len, r.body);
  ck_assert_str_eq(r.content_type, "image/svg+xml");
  ck_assert_str_eq(r.outcome, "wrong-entry");
  struct svg_seen s = test_parse_svg(r.body);
  ck_assert_int_eq(s.ok, 1);
  ck_assert_int_eq(s.givens, 30);
  ck_assert_int_eq(s.entries, 1);
  ck_assert_int_eq(s.rects, 1);
  api_response_free(&r);
}
END_TEST

Suite *pictures_suite(void) {
  Suite *s = suite_create("pictures");
  TCase *tc = tcase_create("svg");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, picture_answer, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, generate_svg);
  tcase_add_test(tc, hint_wrong_entry_svg);
  suite_add_tcase(s, tc);
  return s;
}
