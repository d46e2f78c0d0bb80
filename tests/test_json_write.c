/*
 * test_json_write.c - the JSON writer of the hot path (src/api/json_write.c)
 * against cJSON itself, the tree-less reading of {"puzzle": "..."} against
 * the general reader, the readers' symbol table against the core: the
 * answers must not change with the way they are read or written. A case of
 * api_suite; the one test file that sees cJSON (to compare with it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/api/api_internal.h"
#include "tests.h"

/* What cJSON prints for the string s. */
static char *cjson_string(const char *s) {
  cJSON *v = cJSON_CreateString(s);
  ck_assert_ptr_nonnull(v);
  char *p = cJSON_PrintUnformatted(v);
  cJSON_Delete(v);
  ck_assert_ptr_nonnull(p);
  return p;
}

/* What the writer gives for n bytes of s, NUL-terminated. */
static char *written_string(const char *s, size_t n) {
  struct api_buf b;
  ck_assert(api_buf_init(&b, 4)); /* small: the growth is exercised */
  api_buf_string(&b, s, n);
  ck_assert(!b.failed);
  b.p[b.len] = '\0';
  return b.p;
}

/* Every byte but NUL, between two letters, escaped as cJSON escapes it. */
START_TEST(string_escapes_like_cjson) {
  char s[4] = {'a', (char)_i, 'b', '\0'};
  char *want = cjson_string(s), *got = written_string(s, 3);
  ck_assert_str_eq(got, want);
  free(want);
  free(got);
}
END_TEST

START_TEST(strings_like_cjson) {
  static const char *const strings[] = {"",
                                        "534678912",
                                        "line \"quoted\" \\ back",
                                        "\xc3\xa9t\xc3\xa9",
                                        "\t\r\n\b\f\x01\x1f\x7f",
                                        "node-limit"};
  for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
    char *want = cjson_string(strings[i]);
    char *got = written_string(strings[i], strlen(strings[i]));
    ck_assert_str_eq(got, want);
    free(want);
    free(got);
  }
}
END_TEST

/* Integers as api_add_int made them (raw digits in a cJSON object: cJSON's
 * own number printing goes through a double and an exponent past 1e15). */
START_TEST(integers_like_api_add_int) {
  static const uint64_t values[] = {
      0,     1,          9,          10,         99,        100,
      12345, 4294967295, 4294967296, 1ull << 53, UINT64_MAX};
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
    cJSON *o = cJSON_CreateObject();
    ck_assert_ptr_nonnull(o);
    api_add_int(o, "v", values[i]);
    char *want = cJSON_PrintUnformatted(o);
    struct api_buf b;
    ck_assert(api_buf_init(&b, 1));
    api_buf_lit(&b, "{\"v\":");
    api_buf_uint(&b, values[i]);
    api_buf_lit(&b, "}");
    ck_assert(!b.failed);
    b.p[b.len] = '\0';
    ck_assert_str_eq(b.p, want);
    api_buf_free(&b);
    free(want);
    cJSON_Delete(o);
  }
}
END_TEST

/* ---- Whole answers ------------------------------------------------------ */

/* The classic without its first one and two characters ("5", "53"). */
#define CLASSIC_1                                                              \
  "3..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"    \
  "....8..79"
#define CLASSIC_2                                                              \
  "..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"     \
  "....8..79"
#define EMPTY9                                                                 \
  "........................................................................."  \
  "........"
#define EMPTY16_ROW "................"
#define EMPTY16                                                                \
  EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW      \
      EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW  \
          EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW EMPTY16_ROW

static void solve(const char *body, uint64_t max_nodes,
                  struct api_response *out) {
  struct api_limits lim = {API_DEFAULT_MAX_PUZZLES, 0, max_nodes, 0};
  struct api_input in = {
      "application/json", body, strlen(body), NULL, NULL, NULL, 0, NULL};
  api_handle(api_endpoint_find("solve"), &lim, &in, out);
}

/* Answers of every shape (unique true, false and null, a search stopped
 * with solutions, sizes 4 to 25, a batch with problems in it): each is
 * valid JSON that cJSON prints back byte for byte, and holds the member
 * that shows which shape it is. */
static const struct {
  const char *body;
  uint64_t max_nodes;
  const char *has;
} answers[] = {
    {"{\"puzzle\":\"" CLASSIC "\"}", 0, "\"unique\":true"},
    {"{\"puzzle\":\"" EMPTY9 "\"}", 0, "\"unique\":false"},
    {"{\"puzzle\":\"" EMPTY9 "\",\"max_solutions\":1}", 0, "\"unique\":null"},
    {"{\"puzzle\":\"" EMPTY9 "\",\"lexmin\":true}", 0, "\"line\":\"123456789"},
    {"{\"puzzle\":\"1...............\"}", 0, "\"box\":[2,2]"},
    {"{\"puzzle\":\"" EMPTY16 "\"}", 0, "[1,2,3,4,5,6,7,8,9,10,11,12"},
    {"{\"puzzle\":\"" EMPTY16 "\",\"max_solutions\":1000}", 500,
     "\"stopped\":\"search-budget-exceeded\""},
    {"{\"puzzle\":\"....................................\",\"box\":[2,3]}", 0,
     "\"box\":[2,3]"},
    {"{\"puzzles\":[\"" CLASSIC "\",\"12\",\"" EMPTY9 "\",[1,2]]}", 0,
     "\"status\":\"invalid-puzzle\""},
};

/* The body with the digits of "time_us" (the one member that varies
 * between two runs) replaced by T. */
static char *mask_time(const char *body) {
  char *m = strdup(body);
  ck_assert_ptr_nonnull(m);
  for (char *p = m; (p = strstr(p, "\"time_us\":")) != NULL;) {
    p += strlen("\"time_us\":");
    char *e = p;
    while (*e >= '0' && *e <= '9')
      e++;
    ck_assert_ptr_ne(e, p);
    *p = 'T';
    memmove(p + 1, e, strlen(e) + 1);
  }
  return m;
}

START_TEST(answers_are_what_cjson_prints) {
  struct api_response r;
  solve(answers[_i].body, answers[_i].max_nodes, &r);
  ck_assert_int_eq(r.status, 200);
  ck_assert_ptr_nonnull(r.body);
  ck_assert_uint_eq(strlen(r.body), r.body_len);
  ck_assert_msg(strstr(r.body, answers[_i].has) != NULL, "%s lacks %s", r.body,
                answers[_i].has);
  cJSON *tree = cJSON_ParseWithLength(r.body, r.body_len);
  ck_assert_msg(tree != NULL, "not JSON: %s", r.body);
  char *again = cJSON_PrintUnformatted(tree);
  ck_assert_str_eq(r.body, again);
  free(again);
  cJSON_Delete(tree);
  api_response_free(&r);
}
END_TEST

/* Pairs of bodies that say the same: the first of each has the shape read
 * without a tree ({"puzzle": "..."}, any JSON whitespace), the second goes
 * through cJSON (an escape, a member at its default value). Same answer,
 * errors included. */
static const struct {
  const char *lone, *tree;
} same[] = {
    {"{\"puzzle\":\"" CLASSIC "\"}",
     "{\"puzzle\":\"" CLASSIC "\",\"max_solutions\":2}"},
    {" \t\r\n{ \"puzzle\" :\n\"" CLASSIC "\" }\r\n",
     "{\"puzzle\":\"\\u0035" CLASSIC_1 "\"}"},
    {"{\"puzzle\":\"" EMPTY9 "\"}",
     "{\"box\":[3,3],\"puzzle\":\"" EMPTY9 "\"}"},
    {"{\"puzzle\":\"" EMPTY16 "\"}",
     "{\"puzzle\":\"" EMPTY16 "\",\"lexmin\":false}"},
    {"{\"puzzle\":\"1...............\"}",
     "{\"puzzle\":\"1...............\",\"box\":[2,2]}"},
    /* Errors: the general path words them, the first attempt gave up. */
    {"{\"puzzle\":\"12\"}", "{\"puzzle\":\"1\\u0032\"}"},
    {"{\"puzzle\":\"x" CLASSIC_1 "\"}",
     "{\"puzzle\":\"x" CLASSIC_1 "\",\"max_solutions\":2}"},
    {"{\"puzzle\":\"55" CLASSIC_2 "\"}",
     "{\"puzzle\":\"55" CLASSIC_2 "\",\"max_solutions\":2}"},
};

START_TEST(lone_puzzle_reads_as_the_tree_does) {
  struct api_response a, b;
  solve(same[_i].lone, 0, &a);
  solve(same[_i].tree, 0, &b);
  ck_assert_int_eq(a.status, b.status);
  char *ma = mask_time(a.body), *mb = mask_time(b.body);
  ck_assert_str_eq(ma, mb);
  free(ma);
  free(mb);
  api_response_free(&a);
  api_response_free(&b);
}
END_TEST

/* Every proper prefix of a lone-puzzle body, in a buffer of exactly its
 * size (so that ASan sees a read past it): invalid JSON, never an answer. */
START_TEST(lone_puzzle_prefixes_are_refused) {
  static const char full[] = " { \"puzzle\" : \"" CLASSIC "\" } ";
  size_t n = (size_t)_i;
  char *body = malloc(n > 0 ? n : 1);
  ck_assert_ptr_nonnull(body);
  memcpy(body, full, n);
  struct api_limits lim = {API_DEFAULT_MAX_PUZZLES, 0, 0, 0};
  struct api_input in = {
      "application/json", body, n, NULL, NULL, NULL, 0, NULL};
  struct api_response r;
  api_handle(api_endpoint_find("solve"), &lim, &in, &r);
  /* The last two bytes are whitespace: those prefixes are whole. */
  if (n >= sizeof full - 2)
    ck_assert_int_eq(r.status, 200);
  else
    ck_assert_msg(r.status == 400 && strstr(r.body, "invalid-json") != NULL,
                  "prefix %zu: %d %s", n, r.status, r.body);
  api_response_free(&r);
  free(body);
}
END_TEST

/* The reader's table of symbols is the core's function, byte for byte. */
START_TEST(symbol_table_is_the_cores) {
  char c = (char)_i;
  ck_assert_int_eq(api_symbol_value(c), sudoku_symbol_value(c));
}
END_TEST

void api_add_json_write(Suite *s) {
  TCase *tc = tcase_create("json_write");
  tcase_add_loop_test(tc, string_escapes_like_cjson, 1, 256);
  tcase_add_test(tc, strings_like_cjson);
  tcase_add_test(tc, integers_like_api_add_int);
  tcase_add_loop_test(tc, symbol_table_is_the_cores, 0, 256);
  tcase_add_loop_test(tc, answers_are_what_cjson_prints, 0,
                      (int)(sizeof answers / sizeof answers[0]));
  tcase_add_loop_test(tc, lone_puzzle_reads_as_the_tree_does, 0,
                      (int)(sizeof same / sizeof same[0]));
  tcase_add_loop_test(tc, lone_puzzle_prefixes_are_refused, 0,
                      (int)strlen(" { \"puzzle\" : \"" CLASSIC "\" } ") + 1);
  suite_add_tcase(s, tc);
}
