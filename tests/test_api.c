/* test_api.c - POST /solve without sockets: the request contract (bodies,
 * negotiation, answers); refusals and limits are in test_api_refusals.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_tests.h"

void api_test_handle(struct api_limits lim, int type, const char *body,
                     const char *accept, const char *format, const char *id,
                     struct api_response *out) {
  static const char *const ctype[] = {[J] = "application/json",
                                      [T] = "text/plain",
                                      [F] = "application/x-www-form-urlencoded",
                                      [N] = NULL};
  char *form = NULL;
  if (type == F) {
    form = malloc(strlen(body) + 8);
    ck_assert_ptr_nonnull(form);
    strcpy(form, "puzzle=");
    strcat(form, body);
    body = form;
  }
  struct api_param q = {"format", format, 6, format ? strlen(format) : 0};
  struct api_input in = {ctype[type], body, strlen(body),     accept,
                         id,          &q,   format ? 1u : 0u, NULL};
  api_handle(api_endpoint_find("solve"), &lim, &in, out);
  free(form);
}

/* Eight rows of blanks, after a first row. */
#define ZERO_ROW ",[0,0,0,0,0,0,0,0,0]"
#define ZEROS8                                                                 \
  ZERO_ROW ZERO_ROW ZERO_ROW ZERO_ROW ZERO_ROW ZERO_ROW ZERO_ROW ZERO_ROW

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
    {N, CLASSIC "\n", NULL, NULL, 200, "text/plain", {CLASSIC_JUDGE}},
    /* A JSON body labelled text/plain (what fetch() sends for a string
     * body) or not labelled at all is read as JSON: no text format starts
     * with '{'. */
    {T,
     " \n{\"puzzle\":\"" CLASSIC "\"}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"line\":\"" CLASSIC_SOLVED "\""}},
    {N,
     "\xef\xbb\xbf{\"puzzle\":\"" CLASSIC "\"}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"line\":\"" CLASSIC_SOLVED "\""}},
    {T,
     "{\"puzzle\":5}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"detail\":\"puzzle: expected a string"}},
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
    /* Characters are counted, not bytes: an 'é' (two bytes in UTF-8, sent
     * as it is or escaped) is the one character it looks like, located as
     * any other. */
    {J,
     "{\"puzzle\":\"53..7....6..195....98....6.8...6...34..8\xc3\xa9"
     "3..17...2...6.6....28....419..5....8..79\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"detail\":\"puzzle: character 41 (r5c5) '\xc3\xa9' (U+00E9) is not a "
      "digit or a blank\"",
      "\"path\":\"puzzle\",\"cell\":\"r5c5\",\"cell_index\":40"}},
    {J,
     "{\"puzzle\":\"53..7....6..195....98....6.8...6...34..8\\u00e9"
     "3..17...2...6.6....28....419..5....8..79\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"character 41 (r5c5) '\xc3\xa9' (U+00E9) is not a digit"}},
    /* 81 bytes, 80 characters: a character short. */
    {J,
     "{\"puzzle\":\"53..7....6..195....98....6.8...6...34..8\xc3\xa9"
     "3..17...2...6.6....28....419..5....8..7\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"puzzle: expected 81 characters for a 9x9 puzzle, got 80"}},
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
    /* A value too large is said as sent (cJSON keeps no text of it: in
     * full while every integer is exact, else its shortest form). */
    {J,
     "{\"puzzle\":[[12345678901,0,0,0,0,0,0,0,0]" ZEROS8 "]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"puzzle[0][0] (r1c1): 12345678901 is larger than 9\""}},
    {J,
     "{\"puzzle\":[[0,1e300,0,0,0,0,0,0,0]" ZEROS8 "]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"puzzle[0][1] (r1c2): 1e+300 is larger than 9\""}},
    {J,
     "{\"puzzle\":[[0,0,12345678901234567890,0,0,0,0,0,0]" ZEROS8 "]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"puzzle[0][2] (r1c3): 1.2345678901234567e+19 is larger than 9\""}},
    {J,
     "{\"puzzle\":[[0,0,0,1e400,0,0,0,0,0]" ZEROS8 "]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"puzzle[0][3] (r1c4): a number beyond a double's range (1.8e308) is "
      "larger than 9\""}},
    {J,
     "{\"puzzle\":[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0]]}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"/problems/invalid-puzzle",
      "expected 9 rows (the first row has 9 cells: a grid is square), got "
      "2"}},
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
    /* What cJSON alone would take, refused where RFC 8259 refuses it: at
     * the first byte where the body stops being JSON ("max_solutions":
     * ends at column 110). */
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":02}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"/problems/invalid-json",
      "line 1, column 112: malformed JSON near byte 112: a number with a "
      "leading zero",
      "\"column\":112"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":2.}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"/problems/invalid-json",
      "line 1, column 113: malformed JSON near byte 113: expected a digit "
      "after the decimal point"}},
    {J,
     "{\"puzzle\":\"53..7....6..195\n....98....6.8...6...34..8.3..17...2...6.6"
     "....28....419..5....8..79\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"/problems/invalid-json",
      "line 1, column 27: malformed JSON near byte 27: a control character "
      "(U+0000 to U+001F) in a string",
      "\"column\":27"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\"lexmin\x1f\":true}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"/problems/invalid-json", "line 1, column 102: ", "control character"}},
    /* Between tokens only space, tab, CR and LF (cJSON skips any byte below
     * 0x21). */
    {J,
     "{\"puzzle\":\f\"" CLASSIC "\"}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 1, column 11: malformed JSON near byte 11: expected a value"}},
    /* At a member name the column is the offending byte's, as at a value
     * (cJSON's error pointer is one byte further there). */
    {J,
     "{'puzzle':1}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 1, column 2: malformed JSON near byte 2: expected a member name "
      "in double quotes",
      "\"line\":1,\"column\":2"}},
    {J,
     "{\"puzzle\":1,,}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 1, column 13: malformed JSON near byte 13: expected a member "
      "name",
      "\"column\":13"}},
    {J,
     "{\n  \"puzzle\": \"" CLASSIC "\",\n  'box': [3, 3]\n}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 3, column 3: malformed JSON near byte 102: expected a member "
      "name",
      "\"line\":3,\"column\":3"}},
    {J,
     "{\"puzzle\":\"" CLASSIC "\",\n}",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"line 2, column 1: malformed JSON near byte 96: expected a member name",
      "\"line\":2,\"column\":1"}},
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
    /* A form's field is named, as a JSON member is. */
    {F,
     "53..7....%0A6..19x...",
     NULL,
     NULL,
     400,
     "application/problem+json",
     {"\"detail\":\"puzzle: line 2, column 6: 'x' is not a digit or a "
      "blank\"",
      "\"path\":\"puzzle\""}},
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
    /* An unreadable item is a problem inside results; the others are
     * still answered. */
    {J,
     "{\"puzzles\":[\"" CLASSIC "\", \"12\"]}",
     NULL,
     NULL,
     200,
     "application/json",
     {"\"status\":\"invalid-puzzle\",\"title\":\"Invalid puzzle\","
      "\"http_status\":400",
      "puzzles[1]: expected 16 characters", "\"status\":\"solved\""}},
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
  struct api_limits lim = {100, 2000000, 0, 0};
  struct api_response out;
  api_test_handle(lim, cases[_i].type, cases[_i].body, cases[_i].accept,
                  cases[_i].format, "test-id", &out);
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
  api_response_free(&out);
}
END_TEST

/* A puzzle of k blanks, as a string or (flat) a flat array: n*n cells of a
 * side without a box shape are refused for the shape, as rows of them are;
 * a string nearer a sukaku line's length (n*n*n, the marks of a position a
 * "puzzle" string may be) than any puzzle's is measured against that. */
static const struct {
  int k;
  bool flat;
  const char *type, *detail;
} lengths[] = {
    {49, false, "invalid-shape",
     "\"puzzle: a 7x7 grid has no box shape; sides 4, 6, 8, 9,"},
    {25, false, "invalid-shape", "\"puzzle: a 5x5 grid has no box shape;"},
    {121, false, "invalid-shape", "\"puzzle: a 11x11 grid has no box shape;"},
    {169, false, "invalid-shape", "\"puzzle: a 13x13 grid has no box shape;"},
    {49, true, "invalid-shape", "\"puzzle: a 7x7 grid has no box shape;"},
    {9, false, "invalid-puzzle",
     "\"puzzle: expected 16 characters for a 4x4 puzzle, got 9\""},
    {80, false, "invalid-puzzle",
     "\"puzzle: expected 81 characters for a 9x9 puzzle, got 80\""},
    {650, false, "invalid-puzzle",
     "\"puzzle: expected 625 characters for a 25x25 puzzle, got 650\""},
    {728, false, "invalid-puzzle",
     "\"puzzle: expected 729 characters for a 9x9 sukaku line (9 a cell, one "
     "a candidate), got 728\""},
    {215, false, "invalid-puzzle",
     "\"puzzle: expected 216 characters for a 6x6 sukaku line (6 a cell, one "
     "a candidate), got 215\""},
    {50, true, "invalid-puzzle",
     "\"puzzle: expected 36 cells for a 6x6 puzzle (or an array of 6 rows), "
     "got 50\""},
};

START_TEST(puzzle_lengths) {
  static char body[4096];
  int at = snprintf(body, sizeof body, "{\"puzzle\":%s",
                    lengths[_i].flat ? "[" : "\"");
  for (int c = 0; c < lengths[_i].k; c++)
    at += snprintf(body + at, sizeof body - (size_t)at, "%s",
                   !lengths[_i].flat ? "."
                   : c > 0           ? ",0"
                                     : "0");
  snprintf(body + at, sizeof body - (size_t)at, "%s}",
           lengths[_i].flat ? "]" : "\"");
  struct api_response out;
  api_test_handle((struct api_limits){100, 2000000, 0, 0}, J, body, NULL, NULL,
                  "test-id", &out);
  ck_assert_int_eq(out.status, 400);
  HAS(out, lengths[_i].type);
  HAS(out, lengths[_i].detail);
  HAS(out, "\"path\":\"puzzle\"");
  api_response_free(&out);
}
END_TEST

Suite *api_suite(void) {
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("solve");
  tcase_set_timeout(tc, 30);
  tcase_add_loop_test(tc, solve_request, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_loop_test(tc, puzzle_lengths, 0,
                      (int)(sizeof lengths / sizeof lengths[0]));
  suite_add_tcase(s, tc);
  api_add_refusals(s);
  api_add_variants(s);
  api_add_json_write(s);
  api_add_items(s);
  api_add_json_strict(s);
  return s;
}
