/*
 * test_json_strict.c - the strict JSON reader (src/api/json_strict.c) on
 * its own: every fault RFC 8259 names, at the line and column of the first
 * byte where the text stops being JSON (what cJSON alone takes included);
 * the JSON it must still take; members named twice, by path, in objects
 * small and large, at any depth; and the wording inside a member's string.
 * Each text sits in a buffer of exactly its size, so that ASan sees a read
 * past it. A case of api_suite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/api/api_internal.h"
#include "tests.h"

/* text (len bytes; 0: strlen) through api_json_parse as a body, from a
 * buffer of exactly that size. */
static cJSON *parse(const char *text, size_t len, const char *inside,
                    struct api_error *e) {
  char *copy = malloc(len > 0 ? len : 1);
  ck_assert_ptr_nonnull(copy);
  memcpy(copy, text, len);
  *e = (struct api_error){API_OK, "", NULL};
  cJSON *root = api_json_parse(copy, len, inside, "the link's JSON", e);
  free(copy);
  return root;
}

static int field(const struct api_error *e, const char *name) {
  const cJSON *v = e->fields ? cJSON_GetObjectItem(e->fields, name) : NULL;
  return cJSON_IsNumber(v) ? v->valueint : -1;
}

/* Refused texts: text, its length when it holds a NUL (else 0), the line
 * and column of the fault, the detail's words. */
static const struct {
  const char *text;
  size_t len;
  int line, column;
  const char *detail;
} refused[] = {
    /* What cJSON takes and RFC 8259 does not. */
    {"[02]", 0, 1, 3,
     "malformed JSON near byte 3: a number with a leading zero"},
    {"[-00.5]", 0, 1, 4, "a number with a leading zero"},
    {"[2.]", 0, 1, 4, "expected a digit after the decimal point"},
    {"[2.e5]", 0, 1, 4, "expected a digit after the decimal point"},
    {"[1e]", 0, 1, 4, "expected a digit in the exponent"},
    {"[1e+]", 0, 1, 5, "expected a digit in the exponent"},
    {"[-]", 0, 1, 3, "expected a digit after '-'"},
    {"[-x]", 0, 1, 3, "expected a digit after '-'"},
    {"[\"a\nb\"]", 0, 1, 4, "a control character (U+0000 to U+001F)"},
    {"[\"a\tb\"]", 0, 1, 4, "a control character"},
    {"[\"a\x1f\"]", 0, 1, 4, "a control character"},
    {"[\"a\0b\"]", 7, 1, 4, "a control character"},
    {"[1,\f2]", 0, 1, 4, "expected a value"},
    {"\v[1]", 0, 1, 1, "expected a value"},
    {"[1]\0", 4, 1, 4, "unexpected data after the JSON value"},
    {"[\"\\uZZZZ\"]", 0, 1, 5, "expected an escape"},
    {"[\"\\u12\"]", 0, 1, 7, "expected an escape"},
    {"[\"\\x\"]", 0, 1, 4, "expected an escape"},
    {"[\"\\uDC00\"]", 0, 1, 3, "half a UTF-16 surrogate pair"},
    {"[\"\\uD800x\"]", 0, 1, 3, "half a UTF-16 surrogate pair"},
    {"[\"\\uD800\\u0041\"]", 0, 1, 3, "half a UTF-16 surrogate pair"},
    /* At a member name, as at a value: the offending byte. */
    {"{'a':1}", 0, 1, 2,
     "near byte 2: expected a member name in double quotes"},
    {"{\"a\":1,,}", 0, 1, 8, "expected a member name"},
    {"{\"a\":1,}", 0, 1, 8, "expected a member name"},
    {"{,}", 0, 1, 2, "expected a member name"},
    {"{\n  \"a\": 1,\n  b: 2\n}", 0, 3, 3, "near byte 15: expected a member"},
    {"{\"a\" 1}", 0, 1, 6, "expected ':' after the member name"},
    {"{\"a\":1 \"b\":2}", 0, 1, 8, "expected ',' or '}' after the member"},
    {"[1 2]", 0, 1, 4, "expected ',' or ']' after the element"},
    {"[1,]", 0, 1, 4, "expected a value"},
    {"[tru]", 0, 1, 5, "expected true, false or null"},
    {"[nulL]", 0, 1, 5, "expected true, false or null"},
    {"[.5]", 0, 1, 2, "expected a value"},
    {"[+1]", 0, 1, 2, "expected a value"},
    /* The end, and after the end. */
    {"", 0, 1, 1, "the JSON ends too early"},
    {"{", 0, 1, 2, "the JSON ends too early"},
    {"{\"a\"", 0, 1, 5, "the JSON ends too early"},
    {"[1,\n", 0, 2, 1, "the JSON ends too early"},
    {"[\"abc", 0, 1, 6, "the JSON ends too early"},
    {"[\"\\u00", 0, 1, 7, "the JSON ends too early"},
    {"[tr", 0, 1, 4, "the JSON ends too early"},
    {"{\"a\":1}}", 0, 1, 8, "unexpected data after the JSON value"},
    {"{} x", 0, 1, 4, "unexpected data after the JSON value"},
    {"1 2", 0, 1, 3, "unexpected data after the JSON value"},
};

START_TEST(faults_located_at_the_offending_byte) {
  struct api_error e;
  size_t len = refused[_i].len ? refused[_i].len : strlen(refused[_i].text);
  cJSON *root = parse(refused[_i].text, len, NULL, &e);
  ck_assert_ptr_null(root);
  ck_assert_int_eq(e.problem, API_INVALID_JSON);
  ck_assert_msg(field(&e, "line") == refused[_i].line &&
                    field(&e, "column") == refused[_i].column,
                "%zu: %s, not line %d column %d", (size_t)_i, e.detail,
                refused[_i].line, refused[_i].column);
  char where[48];
  snprintf(where, sizeof where, "line %d, column %d: ", refused[_i].line,
           refused[_i].column);
  ck_assert_msg(strncmp(e.detail, where, strlen(where)) == 0 &&
                    strstr(e.detail, refused[_i].detail) != NULL,
                "%zu: '%s' lacks '%s%s'", (size_t)_i, e.detail, where,
                refused[_i].detail);
  api_error_clear(&e);
}
END_TEST

/* JSON the reader takes, as cJSON reads it. */
static const char *const taken[] = {
    "{}",
    "[]",
    " \t\r\n[ ] \t\r\n",
    "\xEF\xBB\xBF{\"a\":1}", /* a UTF-8 BOM, as cJSON skips it */
    "[0, -0, 0.5, -0.0e0, 10, 1E+2, 1e-2, 123.456e789]",
    "[true, false, null, \"\", \"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"]",
    "[\"\\u00e9\\uD83D\\uDE00\\u20AC \xc3\xa9\"]",
    "{\"a\":{\"b\":[{\"c\":[]}]},\"A\":1,\"a \":2}",
    "\"a string\"",
    "0",
};

START_TEST(rfc_8259_json_is_taken) {
  struct api_error e;
  cJSON *root = parse(taken[_i], strlen(taken[_i]), NULL, &e);
  ck_assert_msg(root != NULL, "%s: %s", taken[_i], e.detail);
  ck_assert_int_eq(e.problem, API_OK);
  cJSON_Delete(root);
}
END_TEST

/* A \u0000 in a name or a value: valid JSON, refused (cJSON would cut the
 * string at it), located. */
START_TEST(nul_escapes_are_located) {
  struct api_error e;
  ck_assert_ptr_null(parse("{\"a\":\n \"b\\u0000\"}", 17, NULL, &e));
  ck_assert_int_eq(e.problem, API_INVALID_REQUEST);
  ck_assert_str_eq(e.detail, "line 2, column 4: \\u0000 in a string: a NUL "
                             "is not allowed in a name or a value");
  api_error_clear(&e);
}
END_TEST

/* Nested to cJSON's limit and one past it, a member named twice at the
 * bottom: the walk keeps 1000 ancestors, the path is cut, never overrun. */
START_TEST(depth_to_the_limit) {
  enum { DEPTH = CJSON_NESTING_LIMIT };
  char *text = malloc(DEPTH * 6 + 64);
  ck_assert_ptr_nonnull(text);
  for (int extra = 0; extra < 2; extra++) {
    size_t n = 0;
    for (int d = 0; d < DEPTH + extra; d++)
      n += (size_t)sprintf(text + n, d + 1 < DEPTH + extra ? "{\"a\":" : "{");
    n += (size_t)sprintf(text + n, "\"b\":1,\"b\":2");
    for (int d = 0; d < DEPTH + extra; d++)
      text[n++] = '}';
    struct api_error e;
    ck_assert_ptr_null(parse(text, n, NULL, &e));
    if (extra) {
      ck_assert_int_eq(e.problem, API_INVALID_JSON);
      ck_assert_msg(strstr(e.detail, "nested deeper than 1000") != NULL, "%s",
                    e.detail);
      ck_assert_int_eq(field(&e, "column"), DEPTH * 5 + 1);
    } else {
      ck_assert_int_eq(e.problem, API_INVALID_REQUEST);
      ck_assert_msg(strncmp(e.detail, "a.a.a.a.a", 9) == 0 &&
                        strstr(e.detail, "member \"b\" appears twice") != NULL,
                    "%s", e.detail);
    }
    api_error_clear(&e);
  }
  free(text);
}
END_TEST

/* Members named twice: text, the member's path, the detail. */
static const struct {
  const char *text, *inside, *path, *detail;
} twice[] = {
    {"{\"size\":4,\"grid\":[],\"size\":9}", NULL, "size",
     "member \"size\" appears twice"},
    {"{\"grid\":[[{},{\"value\":1,\"given\":true,\"value\":2}]]}", NULL,
     "grid[0][1].value", "grid[0][1]: member \"value\" appears twice"},
    {"{\"killercage\":[{\"cells\":[],\"value\":\"3\",\"value\":\"4\"}]}", NULL,
     "killercage[0].value", "killercage[0]: member \"value\" appears twice"},
    {"[1,{\"a\":{\"b\":1,\"c\":{},\"b\":2}}]", NULL, "[1].a.b",
     "[1].a: member \"b\" appears twice"},
    /* Escapes are decoded first: \u0061 is a. */
    {"{\"a\":1,\"\\u0061\":2}", NULL, "a", "member \"a\" appears twice"},
    /* Inside a member's string: named under it, and said. */
    {"{\"size\":4,\"size\":9}", "fpuzzles", "fpuzzles.size",
     "fpuzzles: member \"size\" appears twice in the link's JSON"},
    {"{\"grid\":[[{\"value\":1,\"value\":2}]]}", "fpuzzles",
     "fpuzzles.grid[0][0].value",
     "fpuzzles.grid[0][0]: member \"value\" appears twice in the link's "
     "JSON"},
    /* Past 16 members the names are sorted; still the first repeat in the
     * text's order is named (m15 comes again before m03 does). */
    {"{\"m00\":0,\"m01\":0,\"m02\":0,\"m03\":0,\"m04\":0,\"m05\":0,\"m06\":0,"
     "\"m07\":0,\"m08\":0,\"m09\":0,\"m10\":0,\"m11\":0,\"m12\":0,\"m13\":0,"
     "\"m14\":0,\"m15\":0,\"m16\":0,\"m15\":1,\"m03\":1,\"m15\":2}",
     NULL, "m15", "member \"m15\" appears twice"},
    {"{\"m00\":0,\"m01\":0,\"m02\":0,\"m03\":0,\"m04\":0,\"m05\":0,\"m06\":0,"
     "\"m07\":0,\"m08\":0,\"m09\":0,\"m10\":0,\"m11\":0,\"m12\":0,\"m13\":0,"
     "\"m14\":0,\"m15\":0,\"m16\":0,\"m03\":1,\"m15\":1}",
     NULL, "m03", "member \"m03\" appears twice"},
};

START_TEST(members_named_twice_by_path) {
  struct api_error e;
  ck_assert_ptr_null(
      parse(twice[_i].text, strlen(twice[_i].text), twice[_i].inside, &e));
  ck_assert_int_eq(e.problem, API_INVALID_REQUEST);
  ck_assert_str_eq(e.detail, twice[_i].detail);
  const cJSON *path = cJSON_GetObjectItem(e.fields, "path");
  ck_assert_msg(cJSON_IsString(path), "no path: %s", e.detail);
  ck_assert_str_eq(path->valuestring, twice[_i].path);
  api_error_clear(&e);
}
END_TEST

/* 60 000 distinct members, then one repeated: named, and quickly (sorting,
 * not 1.8e9 comparisons of pairs). */
START_TEST(large_objects_are_sorted_not_paired) {
  enum { MEMBERS = 60000 };
  char *text = malloc(MEMBERS * 12 + 32);
  ck_assert_ptr_nonnull(text);
  size_t n = 0;
  text[n++] = '{';
  for (int i = 0; i < MEMBERS; i++)
    n += (size_t)sprintf(text + n, "\"%05d\":0,", i);
  n += (size_t)sprintf(text + n, "\"%05d\":1}", MEMBERS - 1);
  struct api_error e;
  ck_assert_ptr_null(parse(text, n, NULL, &e));
  ck_assert_str_eq(e.detail, "member \"59999\" appears twice");
  api_error_clear(&e);
  text[n - 9] = 'x'; /* "x9999": no repeat */
  cJSON *root = parse(text, n, NULL, &e);
  ck_assert_msg(root != NULL, "%s", e.detail);
  cJSON_Delete(root);
  free(text);
}
END_TEST

/* Inside a member's string a fault is the member's: invalid-request at its
 * path, the line and column of the text inside, and said so. */
START_TEST(faults_inside_a_member_are_its) {
  struct api_error e;
  ck_assert_ptr_null(parse("{\"size\":4} x", 12, "fpuzzles", &e));
  ck_assert_int_eq(e.problem, API_INVALID_REQUEST);
  ck_assert_str_eq(e.detail, "fpuzzles: line 1, column 12 of the link's "
                             "JSON: unexpected data after the JSON value");
  ck_assert_str_eq(cJSON_GetObjectItem(e.fields, "path")->valuestring,
                   "fpuzzles");
  ck_assert_int_eq(field(&e, "column"), 12);
  api_error_clear(&e);
}
END_TEST

void api_add_json_strict(Suite *s) {
  TCase *tc = tcase_create("json_strict");
  tcase_set_timeout(tc, 30);
  tcase_add_loop_test(tc, faults_located_at_the_offending_byte, 0,
                      (int)(sizeof refused / sizeof refused[0]));
  tcase_add_loop_test(tc, rfc_8259_json_is_taken, 0,
                      (int)(sizeof taken / sizeof taken[0]));
  tcase_add_test(tc, nul_escapes_are_located);
  tcase_add_test(tc, depth_to_the_limit);
  tcase_add_loop_test(tc, members_named_twice_by_path, 0,
                      (int)(sizeof twice / sizeof twice[0]));
  tcase_add_test(tc, large_objects_are_sorted_not_paired);
  tcase_add_test(tc, faults_inside_a_member_are_its);
  suite_add_tcase(s, tc);
}
