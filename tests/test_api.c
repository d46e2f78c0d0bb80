/* test_api.c - POST /solve without sockets: bodies, negotiation, problems. */
#include <stdlib.h>
#include <string.h>

#include "../src/api/api.h"
#include "tests.h"

enum { J = API_BODY_JSON, T = API_BODY_TEXT, F = API_BODY_FORM };

/* body type, body, Accept, ?format=, expected status, content type prefix,
 * pieces the body must contain (up to 3), and whether an inline attempt
 * must ask for a retry. */
static const struct {
  int type;
  const char *body, *accept, *format;
  int status;
  const char *ctype;
  const char *has[3];
} cases[] = {
    /* Every input shape of a 9x9 puzzle. */
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"unique\":true", "\"line\":\"" CLASSIC_SOLVED "\"",
      "\"solution\":[[5,3,4,6,7,8,9,1,2],"}},
    {J,
     "{\"puzzle\":[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,"
     "0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,"
     "0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,null,null,7,9]]}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"line\":\"" CLASSIC_SOLVED "\""}},
    {J,
     "{\"puzzle\":[5,3,0,0,7,0,0,0,0,6,0,0,1,9,5,0,0,0,0,9,8,0,0,0,0,6,0,8,"
     "0,0,0,6,0,0,0,3,4,0,0,8,0,3,0,0,1,7,0,0,0,2,0,0,0,6,0,6,0,0,0,0,2,8,0,"
     "0,0,0,4,1,9,0,0,5,0,0,0,0,8,0,0,7,9]}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"givens\":30"}},
    {T, CLASSIC "\n", NULL, NULL, 200, "text/plain", {CLASSIC_JUDGE}},
    {F, CLASSIC, NULL, NULL, 200, "application/json", {CLASSIC_SOLVED}},
    /* Negotiation: ?format= beats Accept beats the body type. */
    {T,
     CLASSIC,
     "application/json",
     NULL,
     200,
     "application/json",
     {"\"unique\":true"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     "text/plain",
     NULL,
     200,
     "text/plain",
     {CLASSIC_JUDGE}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     "text/plain",
     "line",
     200,
     "text/plain",
     {CLASSIC_SOLVED "\n"}},
    {T,
     CLASSIC,
     "text/plain;q=0.5, application/json",
     NULL,
     200,
     "application/json",
     {"\"unique\""}},
    {T,
     CLASSIC,
     "application/json;q=0.2, text/*;q=0.9",
     NULL,
     200,
     "text/plain",
     {CLASSIC_JUDGE}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     "*/*",
     NULL,
     200,
     "application/json",
     {"\"unique\""}},
    {T, CLASSIC, "*/*", NULL, 200, "text/plain", {CLASSIC_JUDGE}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     NULL,
     "json",
     200,
     "application/json",
     {"\"unique\""}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     "image/png",
     NULL,
     406,
     "application/problem+json",
     {"/problems/not-acceptable", "image/png"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"}",
     NULL,
     "xml",
     400,
     "application/problem+json",
     {"/problems/invalid-format"}},
    /* Several solutions are said, never silently. */
    {J,
     "{\"puzzle\":\"" MULTI "\"}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"unique\":false", "\"solutions_found\":2"}},
    {J,
     "{\"puzzle\":\"" MULTI "\",\"max_solutions\":1}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"unique\":null", "\"solutions_found\":1"}},
    {J,
     "{\"puzzle\":\"" MULTI "\",\"max_solutions\":50,\"lexmin\":true}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"solutions_found\":50", "\"line\":\"1256879434875396126931247582697135"
                                "84514298376738465129841976235376852491"
                                "952341867\""}},
    /* 422: conflicts listed cell by cell; no solution said plainly. */
    {J,
     "{\"puzzle\":\"" CONFLICTING "\"}",
     NULL,
     NULL,
     422,
     "application/problem+json",
     {"\"type\":\"/problems/conflicting-givens\"",
      "\"detail\":\"r1c1 and r1c3 are both 5 (row 1)",
      "\"cells\":[\"r1c1\",\"r1c3\"]"}},
    {J,
     "{\"puzzle\":\"" NO_SOLUTION "\"}",
     NULL,
     NULL,
     422,
     "application/problem+json",
     {"/problems/no-solution", "\"status\":422"}},
    {T,
     NO_SOLUTION,
     "text/plain",
     NULL,
     422,
     "text/plain",
     {"error: the givens do not clash, but no grid completes them\n"}},
    /* 400: where and what. */
    {J,
     "{\"puzzle\":\"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6"
     "....28....419..5....8..7\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"expected 81 characters for a 9x9 puzzle, got 80"}},
    {J,
     "{\"puzzle\":\"53..7....6..1#5....98....6.8...6...34..8.3..17...2...6."
     "6....28....419..5....8..79\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"character 14 (r2c5) '#' is not a digit or a blank",
      "\"cell\":\"r2c5\""}},
    {J,
     "{\"puzzle\": [[1,2],[3]]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"invalid-shape"}},
    {J,
     "{\"puzzle\":[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,"
     "0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,12,0,0,0,6],[0,6,"
     "0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"puzzle[5][4] (r6c5): 12 is larger than 9", "\"cell\":\"r6c5\""}},
    {J,
     "{\"puzzle\":[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0]]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"invalid-shape"}},
    {J,
     "{\"puzzle\": \"" CLASSIC "\",}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"/problems/invalid-json", "\"line\":1", "\"column\":"}},
    {J,
     "{\n  \"puzzle\": \n  [1, 2,, 3]\n}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 3, column", "\"line\":3"}},
    {J, "", NULL, NULL, 400, "application/problem+json", {"the body is empty"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\"} x",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"unexpected data after the JSON value"}},
    {J,
     "[1,2,3]",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"expected a JSON object"}},
    {J,
     "{\"puzzel\":\"" CLASSIC "\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"unknown member \\\"puzzel\\\""}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"puzzle\":\"" CLASSIC "\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"appears twice"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":0}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"max_solutions: expected an integer 1..1000"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"lexmin\":\"yes\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"lexmin: expected true or false"}},
    {J,
     "{\"puzzle\":42}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"puzzle: expected a string of n*n characters"}},
    {J,
     "{}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"expected a \\\"puzzle\\\" or a \\\"puzzles\\\" member"}},
    {T,
     "53..7....\n6..19x...\n",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 2, column 6: 'x' is not a digit or a blank", "\"line\":2",
      "\"column\":6"}},
    {T,
     "53..7....\n6..19x...\n",
     "text/plain",
     NULL,
     400,
     "text/plain",
     {"error: line 2, column 6: 'x' is not a digit or a blank\n"}},
    {T,
     "",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"the body holds no puzzle"}},
    /* Other sizes: box shape from the side or from "box". */
    {J,
     "{\"puzzle\":\"1...........3...\"}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"size\":4", "\"box\":[2,2]"}},
    {J,
     "{\"puzzle\":\"123456..............................\",\"box\":[3,2]}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"box\":[3,2]"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"box\":[2,4]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"2x4 boxes do not fit a 9x9 puzzle"}},
    /* Batches: a status per item. */
    {J,
     "{\"puzzles\":[\"" CLASSIC "\",\"" NO_SOLUTION "\",\"" CONFLICTING "\"]}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"status\":\"solved\"", "\"status\":\"no-solution\"",
      "\"status\":\"conflicting-givens\""}},
    {J,
     "{\"puzzles\":[\"" CLASSIC "\", \"12\"]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"puzzles[1]: expected 16 characters"}},
    {J,
     "{\"puzzles\":[]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"puzzles: expected a non-empty array"}},
    {T,
     CLASSIC "\n" NO_SOLUTION "\n",
     NULL,
     NULL,
     200,
     "text/plain",
     {CLASSIC_JUDGE "\nno solution\n"}},
    {T,
     CLASSIC "\n" CLASSIC "\n",
     NULL,
     "line",
     200,
     "text/plain",
     {CLASSIC_SOLVED "\n" CLASSIC_SOLVED "\n"}},
};

START_TEST(solve_request) {
  struct api_limits lim = {100, 2000000, 0};
  struct api_request req = {(enum api_body_type)cases[_i].type,
                            cases[_i].body,
                            strlen(cases[_i].body),
                            cases[_i].accept,
                            cases[_i].format,
                            "test-id",
                            false};
  struct api_response out;
  api_solve(&lim, &req, &out);
  ck_assert_msg(out.status == cases[_i].status, "status %d, body %.*s",
                out.status, (int)out.body_len, out.body);
  ck_assert_msg(
      strncmp(out.content_type, cases[_i].ctype, strlen(cases[_i].ctype)) == 0,
      "content type %s", out.content_type);
  ck_assert_ptr_nonnull(out.body);
  ck_assert_uint_eq(strlen(out.body), out.body_len);
  for (int k = 0; k < 3 && cases[_i].has[k] != NULL; k++)
    ck_assert_msg(strstr(out.body, cases[_i].has[k]) != NULL,
                  "body %s lacks %s", out.body, cases[_i].has[k]);
  if (out.status >= 400 && out.content_type[0] == 'a') {
    ck_assert_ptr_nonnull(strstr(out.body, "\"request_id\":\"test-id\""));
    ck_assert_ptr_nonnull(strstr(out.body, "\"title\":"));
  }
  /* The same request tried inline answers the same, or asks for a worker. */
  req.inline_attempt = true;
  struct api_response again;
  api_solve(&lim, &req, &again);
  if (!again.retry) {
    ck_assert_int_eq(again.status, out.status);
  }
  api_response_free(&again);
  api_response_free(&out);
}
END_TEST

START_TEST(inline_attempt_defers_hard_work) {
  struct api_limits lim = {100, 2000000, 0};
  struct api_response out;
  /* A 16x16 puzzle always goes to a worker. */
  struct api_request req = {
      API_BODY_JSON, "{\"puzzle\":[[0]]}", 0, NULL, NULL, NULL, true};
  char body[600] = "{\"puzzle\":\"";
  for (int i = 0; i < 256; i++)
    strcat(body, ".");
  strcat(body, "\"}");
  req.body = body;
  req.body_len = strlen(body);
  api_solve(&lim, &req, &out);
  ck_assert(out.retry);
  ck_assert_ptr_null(out.body);
  req.inline_attempt = false;
  api_solve(&lim, &req, &out);
  ck_assert_int_eq(out.status, 200);
  ck_assert_ptr_nonnull(strstr(out.body, "\"size\":16"));
  api_response_free(&out);
}
END_TEST

/* Answers body (a type) under lim; checks the status and a piece. */
static void expect_answer(struct api_limits lim, enum api_body_type type,
                          const char *body, int status, const char *piece) {
  struct api_request req = {type, body, strlen(body), NULL, NULL, NULL, false};
  struct api_response out;
  api_solve(&lim, &req, &out);
  ck_assert_msg(out.status == status, "status %d: %s", out.status, out.body);
  ck_assert_msg(strstr(out.body, piece) != NULL, "%s lacks %s", out.body,
                piece);
  api_response_free(&out);
}

START_TEST(limits_are_enforced) {
  expect_answer((struct api_limits){2, 2000000, 0}, API_BODY_TEXT,
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
  expect_answer((struct api_limits){10, 50000, 0}, API_BODY_JSON, body, 422,
                "/problems/deadline-exceeded");

  /* The budget runs out after a solution: 200 with it, the count said to
   * be incomplete, and uniqueness unknown. */
  const char *empty = "{\"max_solutions\":1000,\"puzzle\":\"" DOTS9 DOTS9 DOTS9
      DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 DOTS9 "\"}";
  struct api_limits budget = {10, 0, 50};
  expect_answer(budget, API_BODY_JSON, empty, 200, "\"complete\":false");
  expect_answer(budget, API_BODY_JSON, empty, 200,
                "\"stopped\":\"search-budget-exceeded\"");
  expect_answer(budget, API_BODY_JSON, empty, 200, "\"unique\":null");

  /* A node budget too small for a hard puzzle: its own problem type. */
  expect_answer((struct api_limits){10, 0, 3}, API_BODY_JSON,
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
  api_problem(404, "not-found", "no route for GET /nope", NULL, "id-1", &out);
  ck_assert_int_eq(out.status, 404);
  ck_assert_str_eq(out.content_type, "application/problem+json");
  ck_assert_str_eq(out.body, "{\"type\":\"/problems/not-found\",\"title\":"
                             "\"Not found\",\"status\":404,\"detail\":\"no "
                             "route for GET /nope\",\"request_id\":\"id-1\"}");
  api_response_free(&out);
  api_problem(503, "overloaded", "all workers busy", "text/plain", NULL, &out);
  ck_assert_str_eq(out.body, "error: all workers busy\n");
  ck_assert_str_eq(out.content_type, "text/plain; charset=utf-8");
  api_response_free(&out);
  api_problem(413, "body-too-large", "over 1 MiB", "text/plain, */*;q=0.1",
              NULL, &out);
  ck_assert_str_eq(out.content_type, "application/problem+json");
  api_response_free(&out);
}
END_TEST

Suite *api_suite(void) {
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("solve");
  tcase_set_timeout(tc, 30);
  tcase_add_loop_test(tc, solve_request, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, inline_attempt_defers_hard_work);
  tcase_add_test(tc, limits_are_enforced);
  suite_add_tcase(s, tc);
  tc = tcase_create("types");
  tcase_add_loop_test(tc, content_types_classified, 0,
                      (int)(sizeof ctypes / sizeof ctypes[0]));
  tcase_add_test(tc, transport_problems);
  suite_add_tcase(s, tc);
  return s;
}
