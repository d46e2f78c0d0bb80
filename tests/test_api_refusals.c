/*
 * test_api_refusals.c - the api suite's refusals without sockets: hostile
 * bodies, every conflict listed, bad forms, the limits (puzzles, deadline,
 * node budget), the job's cost classes and queue wait, Content-Type
 * classes and the transport problems.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_tests.h"

/* Wrong answers a hostile client used to get: each is now refused, or
 * answered in full. body, Accept, ?format=, status, pieces. */
static const struct {
  const char *body, *accept, *format;
  int status;
  const char *has[2];
} hostile[] = {
    {"{\"puzzle\":\"" CLASSIC "\\u0000garbage\"}",
     NULL,
     NULL,
     400,
     {"\\u0000 in a string", "\"line\":1"}},
    {"{\"puzzle\\u0000x\":\"" CLASSIC "\"}",
     NULL,
     NULL,
     400,
     {"\\u0000 in a string"}},
    {"{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":2,\"max_solutions\":9}",
     NULL,
     NULL,
     400,
     {"member \\\"max_solutions\\\" appears twice"}},
    {"{\"puzzle\":\"" CLASSIC "\",\"lexmin\":true,\"lexmin\":false}",
     NULL,
     NULL,
     400,
     {"member \\\"lexmin\\\" appears twice"}},
    /* "\\u0000" is a backslash then u0000: no NUL, an ordinary bad cell. */
    {"{\"puzzle\":\"\\\\u0000\"}", NULL, NULL, 400, {"invalid-puzzle"}},
    /* Invalid UTF-8 echoed back is replaced: the problem stays valid JSON. */
    {"{\"\xff\xfepuzzle\":1}",
     NULL,
     NULL,
     400,
     {"unknown member \\\"\xef\xbf\xbd\xef\xbf\xbdpuzzle\\\""}},
    {CLASSIC, NULL, "\xff\xfe", 400, {"format=\xef\xbf\xbd\xef\xbf\xbd:"}},
    /* A CR LF in the query never reaches a text error line. */
    {CLASSIC,
     "text/plain",
     "json\r\nX-Evil: 1",
     400,
     {"error: format=json??X-Evil: 1: expected"}},
};

START_TEST(hostile_bodies) {
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_response out;
  api_test_handle(lim, hostile[_i].body[0] == '{' ? J : T, hostile[_i].body,
                  hostile[_i].accept, hostile[_i].format, NULL, &out);
  ck_assert_msg(out.status == hostile[_i].status, "%d %s", out.status,
                out.body);
  for (int k = 0; k < 2 && hostile[_i].has[k] != NULL; k++)
    ck_assert_msg(strstr(out.body, hostile[_i].has[k]) != NULL,
                  "'%s' lacks '%s'", out.body, hostile[_i].has[k]);
  ck_assert_ptr_null(strchr(out.body, '\r'));
  if (out.content_type[0] == 't') /* one line */
    ck_assert_ptr_eq(strchr(out.body, '\n'), out.body + out.body_len - 1);
  api_response_free(&out);
}
END_TEST

/* A grid of all 1s: every one of its 972 clashing pairs is listed, and all
 * 81 cells. */
START_TEST(every_conflict_is_listed) {
  char body[128] = "{\"puzzle\":\"";
  for (int i = 0; i < 81; i++)
    strcat(body, "1");
  strcat(body, "\"}");
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_response out;
  api_test_handle(lim, J, body, NULL, NULL, NULL, &out);
  ck_assert_int_eq(out.status, 422);
  ck_assert_ptr_nonnull(strstr(out.body, "\"conflict_count\":972"));
  ck_assert_ptr_null(strstr(out.body, "conflicts_truncated"));
  size_t pairs = 0, cells = 0;
  for (const char *p = out.body; (p = strstr(p, "{\"cells\":[")) != NULL; p++)
    pairs++;
  const char *list = strstr(out.body, "],\"cells\":[");
  ck_assert_ptr_nonnull(list);
  for (const char *p = list + 10; *p != ']'; p++)
    cells += *p == 'r';
  ck_assert_uint_eq(pairs, 972);
  ck_assert_uint_eq(cells, 81);
  api_response_free(&out);
}
END_TEST

/* A form with two puzzle fields, or a bad %-escape, is refused. */
START_TEST(form_fields_refused) {
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_response out;
  api_test_handle(lim, F, CLASSIC "&puzzle=" CLASSIC, NULL, NULL, NULL, &out);
  ck_assert_int_eq(out.status, 400);
  ck_assert_ptr_nonnull(strstr(out.body, "form field puzzle appears twice"));
  api_response_free(&out);
  api_test_handle(lim, F, "53%G" CLASSIC, NULL, NULL, NULL, &out);
  ck_assert_int_eq(out.status, 400);
  ck_assert_ptr_nonnull(strstr(out.body, "must be followed by two hex"));
  api_response_free(&out);
}
END_TEST

/* The job's cost comes from its first attempt: an easy 9x9 is answered by
 * it, hard or large work is left to a worker, and the answer is the same
 * whichever way it ran. */
static enum api_cost cost_of(const char *body, struct api_response *out) {
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_input in = {
      "application/json", body, strlen(body), NULL, NULL, NULL, 0, NULL};
  struct api_job *job = api_parse(api_endpoint_find("solve"), &lim, &in, out);
  ck_assert_ptr_nonnull(job);
  enum api_cost cost = api_job_cost(job);
  api_job_run(job, sudoku_clock_ns(), out);
  api_job_free(job);
  return cost;
}

START_TEST(job_cost_classes) {
  struct api_response out;
  ck_assert_int_eq(cost_of("{\"puzzle\":\"" CLASSIC "\"}", &out),
                   API_COST_DONE);
  ck_assert_int_eq(out.status, 200);
  api_response_free(&out);
  /* 1000 solutions of an empty 9x9 take more than the first attempt. */
  ck_assert_int_eq(cost_of("{\"max_solutions\":1000,\"puzzle\":\"" DOTS9 DOTS9
                               DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "\"}",
                           &out),
                   API_COST_SHORT);
  ck_assert_ptr_nonnull(strstr(out.body, "\"solutions_found\":1000"));
  api_response_free(&out);
  char body[800] = "{\"lexmin\":true,\"puzzle\":\"";
  for (int i = 0; i < 625; i++)
    strcat(body, ".");
  strcat(body, "\"}");
  ck_assert_int_eq(cost_of(body, &out), API_COST_LONG);
  api_response_free(&out);
  /* A request refused at parse time never becomes a job. */
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_input in = {"application/json", "{", 1, NULL, NULL, NULL, 0, NULL};
  ck_assert_ptr_null(api_parse(api_endpoint_find("solve"), &lim, &in, &out));
  ck_assert_int_eq(out.status, 400);
  api_response_free(&out);
}
END_TEST

/* JSON nested past cJSON's limit (1000) is refused as that, located, not
 * as "malformed JSON" at a byte that is well-formed; below it, the body is
 * read and refused for what it is. */
START_TEST(deep_nesting_says_so) {
  static const struct {
    const char *head;
    int depth;
    const char *piece;
  } cases[] = {
      {"", 1001, "column 1001: arrays or objects nested deeper than 1000"},
      {"{\"puzzle\":", 1001,
       "column 1010: arrays or objects nested deeper than 1000"},
      {"{\"puzzle\":", 998, "\"detail\":\"puzzle: "},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char body[4096];
    size_t n = strlen(cases[i].head);
    memcpy(body, cases[i].head, n);
    for (int d = 0; d < cases[i].depth; d++)
      body[n++] = '[';
    for (int d = 0; d < cases[i].depth; d++)
      body[n++] = ']';
    if (cases[i].head[0] != '\0')
      body[n++] = '}';
    body[n] = '\0';
    struct api_response out;
    api_test_handle((struct api_limits){100, 2000000, 0, 0}, J, body, NULL,
                    NULL, NULL, &out);
    ck_assert_int_eq(out.status, 400);
    ck_assert_msg(strstr(out.body, cases[i].piece) != NULL, "%zu: %s", i,
                  out.body);
    api_response_free(&out);
  }
}
END_TEST

/* Every refusal of a member's value names the member in "path", the wrong
 * type and the wrong shape as much as a wrong cell. */
static const struct {
  const char *endpoint, *body, *path;
} located[] = {
    {"solve", "{\"puzzle\":5}", "\"path\":\"puzzle\""},
    {"solve", "{\"puzzle\":[[5,3,0,0,7,0,0,0,0]]}", "\"path\":\"puzzle\""},
    {"solve", "{\"puzzles\":[\"" CLASSIC "\",[[1]]]}",
     "\"path\":\"puzzles[1]\""},
    {"solve", "{\"puzzle\":\"" DOTS9 DOTS9 DOTS9 DOTS9 "\",\"box\":[3,3]}",
     "\"path\":\"box\""},
    {"hint", "{\"puzzle\":\"" CLASSIC "\",\"entries\":5}",
     "\"path\":\"entries\""},
};

START_TEST(refusals_name_the_member) {
  struct api_response out;
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_input in = {"application/json",
                         located[_i].body,
                         strlen(located[_i].body),
                         NULL,
                         NULL,
                         NULL,
                         0,
                         NULL};
  api_handle(api_endpoint_find(located[_i].endpoint), &lim, &in, &out);
  /* a batch answers 200, its item the problem */
  ck_assert_int_eq(out.status, strstr(located[_i].body, "puzzles") ? 200 : 400);
  ck_assert_msg(strstr(out.body, located[_i].path) != NULL, "%s lacks %s",
                out.body, located[_i].path);
  api_response_free(&out);
}
END_TEST

/* A rating cut short by the deadline says so: the puzzle has a solution
 * (the default sentence, "no solution found", was the solver's). The
 * puzzle: `sudoku generate --size 16 --symmetry none --seed 3`, whose
 * rating takes seconds (nested forcing chains). */
#define HARD_16                                                                \
  "....4.G.A1..3.....6.A...235.4..93.7......6E8.BF.......2C.G.7AE.."           \
  ".D.4.23....G..1..G....7.BA.C5...A...E..8.5...4.....B.56..2..D..8"           \
  ".1..39....8...B.DF......7..6...A........9CA.8.3..4A.C.B....E9.2."           \
  "C.16..9BG....3...7...4..8..B2.E....A2.C...4..6..G.....8..F.3..9."
START_TEST(rating_cut_by_the_deadline_says_so) {
  struct api_response out;
  struct api_limits lim = {100, 50000, 0, 0};
  const char *body = "{\"puzzle\":\"" HARD_16 "\"}";
  struct api_input in = {
      "application/json", body, strlen(body), NULL, NULL, NULL, 0, NULL};
  api_handle(api_endpoint_find("rate"), &lim, &in, &out);
  ck_assert_msg(out.status == 422, "%d %s", out.status, out.body);
  ck_assert_msg(strstr(out.body, "the rating did not finish before the "
                                 "request's deadline") != NULL,
                "%s", out.body);
  api_response_free(&out);
}
END_TEST

/* A query parameter given twice is refused as a JSON member or a form
 * field given twice is, not read as its first value, on every endpoint. */
START_TEST(query_parameters_appear_once) {
  static const struct {
    const char *endpoint;
    struct api_param q[2];
    const char *piece;
  } cases[] = {
      {"solve",
       {{"format", "json", 6, 4}, {"format", "line", 6, 4}},
       "query parameter format appears twice"},
      {"generate",
       {{"seed", "1", 4, 1}, {"seed", "2", 4, 1}},
       "query parameter seed appears twice"},
      {"rate",
       {{"x\r\ny", "1", 4, 1}, {"x\r\ny", "2", 4, 1}},
       "query parameter x??y appears twice"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct api_limits lim = {100, 2000000, 0, 0};
    const char *body = "{\"puzzle\":\"" CLASSIC "\"}";
    bool get = strcmp(cases[i].endpoint, "generate") == 0;
    struct api_input in = {get ? NULL : "application/json",
                           get ? NULL : body,
                           get ? 0 : strlen(body),
                           NULL,
                           NULL,
                           cases[i].q,
                           2,
                           NULL};
    struct api_response out;
    api_handle(api_endpoint_find(cases[i].endpoint), &lim, &in, &out);
    ck_assert_msg(out.status == 400, "%s: %d %s", cases[i].endpoint, out.status,
                  out.body);
    ck_assert_msg(strstr(out.body, cases[i].piece) != NULL, "%s lacks %s",
                  out.body, cases[i].piece);
    api_response_free(&out);
  }
}
END_TEST

/* A query parameter an endpoint does not take is a 400 naming it and what
 * the endpoint takes, on every endpoint: a misspelt ?varient=x on a text
 * body solved the puzzle as classic, its rules dropped unsaid. Each name
 * the row lists passes this check (it may fail the reader's own). */
START_TEST(unknown_query_parameters_are_refused) {
  for (size_t i = 0; api_endpoint_at(i) != NULL; i++) {
    const struct api_endpoint *ep = api_endpoint_at(i);
    struct api_limits lim = {100, 2000000, 0, 0};
    const char *body = CLASSIC;
    bool get = ep->body_types & API_BODY_UNSUPPORTED;
    struct api_param q = {"varient", "x", 7, 1};
    struct api_input in = {get ? NULL : "text/plain",
                           get ? NULL : body,
                           get ? 0 : strlen(body),
                           NULL,
                           NULL,
                           &q,
                           1,
                           NULL};
    struct api_response out;
    api_handle(ep, &lim, &in, &out);
    char want[160];
    snprintf(want, sizeof want, "unknown parameter varient; /%s takes %s",
             ep->name, ep->params);
    ck_assert_msg(out.status == 400 && strstr(out.body, want) != NULL &&
                      strstr(out.body, "\"path\":\"varient\"") != NULL,
                  "%s: %d %s", ep->name, out.status, out.body);
    api_response_free(&out);
    for (const char *s = ep->params; *s != '\0';) {
      size_t len = strcspn(s, ", ");
      char name[32];
      snprintf(name, sizeof name, "%.*s", (int)len, s);
      q = (struct api_param){name, "?", len, 1};
      api_handle(ep, &lim, &in, &out);
      ck_assert_msg(strstr(out.body, "unknown parameter") == NULL, "%s %s: %s",
                    ep->name, name, out.body);
      api_response_free(&out);
      s += len;
      s += strspn(s, ", ");
    }
  }
}
END_TEST

/* A job that waited past its deadline before it started is a 503 on every
 * endpoint, not a 200 whose items all say deadline-exceeded (a /rate batch
 * did that) nor a 422 (/steps, /hint, /check, /generate). */
#define HARD_11 /* forum_hardest_1905_11plus.txt, line 1 */                    \
  "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8..." \
  "52....6"
static const struct {
  const char *endpoint, *body, *query;
} waited[] = {
    {"solve",
     "{\"max_solutions\":1000,\"puzzle\":\"" DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9
         DOTS9 DOTS9 DOTS9 "\"}",
     NULL},
    {"rate", "{\"puzzles\":[\"" HARD_11 "\",\"" HARD_11 "\"]}", NULL},
    {"rate", "{\"puzzle\":\"" HARD_11 "\"}", NULL},
    {"steps", "{\"puzzle\":\"" HARD_11 "\"}", NULL},
    {"hint", "{\"puzzle\":\"" HARD_11 "\"}", NULL},
    {"check", "{\"puzzle\":\"" HARD_11 "\"}", NULL},
    {"candidates", "{\"puzzle\":\"" HARD_11 "\"}", NULL},
    {"generate", NULL, "extreme"},
};

START_TEST(queue_wait_counts_against_the_deadline) {
  struct api_limits lim = {100, 1000, 0, 1000}; /* 1 ms */
  struct api_response out;
  struct api_param level = {"level", waited[_i].query, 5,
                            waited[_i].query != NULL ? strlen(waited[_i].query)
                                                     : 0};
  const char *body = waited[_i].body;
  struct api_input in = {body != NULL ? "application/json" : NULL,
                         body,
                         body != NULL ? strlen(body) : 0,
                         NULL,
                         NULL,
                         &level,
                         waited[_i].query != NULL ? 1 : 0,
                         NULL};
  struct api_job *job =
      api_parse(api_endpoint_find(waited[_i].endpoint), &lim, &in, &out);
  ck_assert_msg(job != NULL, "%s: %s", waited[_i].endpoint, out.body);
  api_job_cost(job);
  api_job_run(job, sudoku_clock_ns() - 5000000u, &out); /* arrived 5 ms ago */
  ck_assert_msg(out.status == 503, "%s: %d %s", waited[_i].endpoint, out.status,
                out.body);
  ck_assert_ptr_nonnull(strstr(out.body, "/problems/queue-timeout"));
  api_response_free(&out);
  api_job_free(job);
}
END_TEST

/* Answers body (a type) under lim; checks the status and a piece. */
static void expect_answer(struct api_limits lim, int type, const char *body,
                          int status, const char *piece) {
  struct api_response out;
  api_test_handle(lim, type, body, NULL, NULL, NULL, &out);
  ck_assert_msg(out.status == status, "status %d: %s", out.status, out.body);
  ck_assert_msg(strstr(out.body, piece) != NULL, "%s lacks %s", out.body,
                piece);
  api_response_free(&out);
}

START_TEST(limits_are_enforced) {
  expect_answer((struct api_limits){2, 2000000, 0, 0}, T,
                CLASSIC "\n" CLASSIC "\n" CLASSIC "\n", 413,
                "/problems/too-many-puzzles");

  /* A pigeonhole in row 1 no single sees (see test_http.c's slow_body):
   * the deadline stops the search, with its own problem type. */
  const char *body =
      "{\"puzzle\":\""
      "D....................................345BC............................"
      "6789A...............6789A12345............89A12345BC..."
      "..............7....8....9............689C.B.2A.4..............C....."
      "137528B............BA.79.563.1..............5...A..4C.6.."
      "..............4A57...B.C6.............B3..28.9A.7.............A56...B..."
      ".13.............1..496C28................2C..13..4.5."
      "............7..3........8..............148....6CB..............62.1AC.."
      "95.7...............2B5.9....4................6..7.1A32"
      "............1.B9.C7.4................23...6.B5.7AC.............785..2.."
      "3...............9C.834A...B21............4......18.96."
      "\"}";
  expect_answer((struct api_limits){10, 50000, 0, 0}, J, body, 422,
                "/problems/deadline-exceeded");

  /* The budget runs out after a solution: 200 with it, the count said to
   * be incomplete, and uniqueness unknown. The budget is the smallest that
   * finds a solution of the empty grid (a node finds at most one), so the
   * case does not depend on the solver's search order. */
  const char *empty = "{\"max_solutions\":1000,\"puzzle\":\"" DOTS9 DOTS9 DOTS9
      DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "\"}";
  struct api_limits budget = {10, 0, 0, 0};
  for (uint64_t n = 1; n < 1000 && budget.max_nodes == 0; n++) {
    sudoku_grid g, sol;
    sudoku_grid_init(&g, 3, 3);
    struct sudoku_limits sl = {1000, n, 0, false};
    struct sudoku_stats st;
    sudoku_solve(&g, &sl, &sol, &st);
    if (st.solutions > 0)
      budget.max_nodes = n;
  }
  ck_assert_uint_ne(budget.max_nodes, 0);
  expect_answer(budget, J, empty, 200, "\"complete\":false");
  expect_answer(budget, J, empty, 200,
                "\"stopped\":\"search-budget-exceeded\"");
  expect_answer(budget, J, empty, 200, "\"unique\":null");

  /* A node budget too small for a hard puzzle: its own problem type. */
  expect_answer((struct api_limits){10, 0, 3, 0}, J,
                "{\"puzzle\":\"........8..3...4...9..2..6.....79......."
                "612...6.5.2.7...8...5...1.....2.4.5.....3\"}",
                422, "/problems/search-budget-exceeded");
}
END_TEST

static const struct {
  const char *content_type;
  enum api_body_type type;
} ctypes[] = {
    {"application/json", API_BODY_JSON},
    {"Application/JSON; charset=utf-8", API_BODY_JSON},
    {"text/plain", API_BODY_TEXT},
    {" text/plain ;charset=UTF-8", API_BODY_TEXT},
    {"application/x-www-form-urlencoded", API_BODY_FORM},
    {NULL, API_BODY_TEXT},
    {"", API_BODY_TEXT},
    {"multipart/form-data; boundary=x", API_BODY_UNSUPPORTED},
    {"application/xml", API_BODY_UNSUPPORTED},
    {"text/plainx", API_BODY_UNSUPPORTED},
};

START_TEST(content_types_classified) {
  ck_assert_int_eq(api_body_type_of(ctypes[_i].content_type), ctypes[_i].type);
}
END_TEST

START_TEST(transport_problems) {
  struct api_response out;
  api_problem(API_NOT_FOUND, "no route for GET /nope", NULL, "id-1", &out);
  ck_assert_int_eq(out.status, 404);
  ck_assert_str_eq(out.content_type, "application/problem+json");
  ck_assert_str_eq(out.body, "{\"type\":\"/problems/not-found\",\"title\":"
                             "\"Not found\",\"status\":404,\"detail\":\"no "
                             "route for GET /nope\",\"request_id\":\"id-1\"}");
  api_response_free(&out);
  api_problem(API_OVERLOADED, "all workers busy", "text/plain", NULL, &out);
  ck_assert_str_eq(out.body, "error: all workers busy\n");
  ck_assert_str_eq(out.content_type, "text/plain; charset=utf-8");
  api_response_free(&out);
  api_problem(API_BODY_TOO_LARGE, "over 1 MiB", "text/plain, */*;q=0.1", NULL,
              &out);
  ck_assert_str_eq(out.content_type, "application/problem+json");
  api_response_free(&out);
}
END_TEST

void api_add_refusals(Suite *s) {
  TCase *tc = tcase_create("refusals");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, job_cost_classes);
  tcase_add_loop_test(tc, hostile_bodies, 0,
                      (int)(sizeof hostile / sizeof hostile[0]));
  tcase_add_test(tc, every_conflict_is_listed);
  tcase_add_test(tc, deep_nesting_says_so);
  tcase_add_test(tc, query_parameters_appear_once);
  tcase_add_test(tc, unknown_query_parameters_are_refused);
  tcase_add_test(tc, rating_cut_by_the_deadline_says_so);
  tcase_add_loop_test(tc, refusals_name_the_member, 0,
                      (int)(sizeof located / sizeof located[0]));
  tcase_add_test(tc, form_fields_refused);
  tcase_add_loop_test(tc, queue_wait_counts_against_the_deadline, 0,
                      (int)(sizeof waited / sizeof waited[0]));
  tcase_add_test(tc, limits_are_enforced);
  suite_add_tcase(s, tc);
  tc = tcase_create("types");
  tcase_add_loop_test(tc, content_types_classified, 0,
                      (int)(sizeof ctypes / sizeof ctypes[0]));
  tcase_add_test(tc, transport_problems);
  suite_add_tcase(s, tc);
}
