/*
 * test_json_strict.c - the strict JSON reader (src/api/json_strict.c) on
 * its own: every fault RFC 8259 names, at the line and column of the first
 * byte where the text stops being JSON (what cJSON alone takes included),
 * and the JSON it must still take. Each text sits in a buffer of exactly
 * its size, so that ASan sees a read past it. A case of api_suite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/api/api_internal.h"
#include "tests.h"

/* text (len bytes; 0: strlen) through api_json_parse as a body, from a
 * buffer of exactly that size. */
static cJSON *parse(const char *text, size_t len, struct api_error *e) {
  char *copy = malloc(len > 0 ? len : 1);
  ck_assert_ptr_nonnull(copy);
  memcpy(copy, text, len);
  *e = (struct api_error){API_OK, "", NULL};
  cJSON *root = api_json_parse(copy, len, e);
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
  cJSON *root = parse(refused[_i].text, len, &e);
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
  cJSON *root = parse(taken[_i], strlen(taken[_i]), &e);
  ck_assert_msg(root != NULL, "%s: %s", taken[_i], e.detail);
  ck_assert_int_eq(e.problem, API_OK);
  cJSON_Delete(root);
}
END_TEST

/* A \u0000 in a name or a value: valid JSON, refused (cJSON would cut the
 * string at it), located. */
START_TEST(nul_escapes_are_located) {
  struct api_error e;
  ck_assert_ptr_null(parse("{\"a\":\n \"b\\u0000\"}", 17, &e));
  ck_assert_int_eq(e.problem, API_INVALID_REQUEST);
  ck_assert_str_eq(e.detail, "line 2, column 4: \\u0000 in a string: a NUL "
                             "is not allowed in a name or a value");
  api_error_clear(&e);
}
END_TEST

/* Nested to cJSON's limit, and one past it. */
START_TEST(depth_to_the_limit) {
  enum { DEPTH = CJSON_NESTING_LIMIT };
  char *text = malloc(DEPTH * 6 + 64);
  ck_assert_ptr_nonnull(text);
  for (int extra = 0; extra < 2; extra++) {
    size_t n = 0;
    for (int d = 0; d < DEPTH + extra; d++)
      n += (size_t)sprintf(text + n, d + 1 < DEPTH + extra ? "{\"a\":" : "{");
    n += (size_t)sprintf(text + n, "\"b\":1");
    for (int d = 0; d < DEPTH + extra; d++)
      text[n++] = '}';
    struct api_error e;
    cJSON *root = parse(text, n, &e);
    if (extra) {
      ck_assert_ptr_null(root);
      ck_assert_int_eq(e.problem, API_INVALID_JSON);
      ck_assert_msg(strstr(e.detail, "nested deeper than 1000") != NULL, "%s",
                    e.detail);
      ck_assert_int_eq(field(&e, "column"), DEPTH * 5 + 1);
    } else {
      ck_assert_msg(root != NULL, "%s", e.detail);
    }
    cJSON_Delete(root);
    api_error_clear(&e);
  }
  free(text);
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
  suite_add_tcase(s, tc);
}
