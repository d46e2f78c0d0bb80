/*
 * test_api_items.c - what a problem and a failed batch item carry: every
 * member of the error table once beside the item's own (index, status,
 * title, http_status, detail) and the problem's own, and batches of /solve
 * and /rate read back as JSON trees whose items each name a member once,
 * "index" the item's position; and openapi.yaml against the tables: the
 * problems an item may carry (ItemProblem), every problem type
 * (Problem.type), every error member (Problem's properties). A case of
 * api_suite; it sees cJSON (to read the answers as trees, repeated names
 * included).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/api/api_internal.h"
#include "api_tests.h"

/* Fails when two members of the object o share a name (cJSON keeps both,
 * where most parsers keep the last). */
static void names_once(const cJSON *o, const char *what) {
  for (const cJSON *a = o->child; a != NULL; a = a->next)
    for (const cJSON *b = a->next; b != NULL; b = b->next)
      ck_assert_msg(strcmp(a->string, b->string) != 0,
                    "%s: member \"%s\" twice", what, a->string);
}

/* An error carrying member m (a list for the list members). */
static void error_with(struct api_error *e, enum api_error_member m) {
  *e = (struct api_error){API_OK, "", NULL};
  api_error_set(e, API_INVALID_PUZZLE, NULL);
  if (m == API_EM_CONFLICTS || m == API_EM_CELLS || m == API_EM_RULE_CONFLICTS)
    cJSON_AddArrayToObject(api_error_fields(e), api_error_member_name(m));
  else
    api_error_number(e, m, 3);
}

/* Each member of the error table, in a batch item and in a problem: once,
 * and never in place of the item's or the problem's own members. */
START_TEST(error_members_do_not_clash) {
  enum api_error_member m = (enum api_error_member)_i;
  const char *name = api_error_member_name(m);
  struct api_error e;
  error_with(&e, m);
  cJSON *item = cJSON_CreateObject();
  ck_assert_ptr_nonnull(item);
  api_item_problem(&e, 7, item);
  char *text = cJSON_PrintUnformatted(item); /* as a client reads it */
  cJSON_Delete(item);
  item = cJSON_Parse(text);
  free(text);
  ck_assert_ptr_nonnull(item);
  names_once(item, name);
  ck_assert_double_eq(cJSON_GetObjectItem(item, "index")->valuedouble, 7);
  ck_assert_str_eq(cJSON_GetObjectItem(item, "status")->valuestring,
                   "invalid-puzzle");
  ck_assert_ptr_nonnull(cJSON_GetObjectItem(item, name));
  cJSON_Delete(item);

  error_with(&e, m);
  struct api_response out = {0};
  api_render_error(&e, NULL, "id-1", &out);
  cJSON *doc = cJSON_ParseWithLength(out.body, out.body_len);
  ck_assert_ptr_nonnull(doc);
  names_once(doc, name);
  ck_assert_double_eq(cJSON_GetObjectItem(doc, "status")->valuedouble, 400);
  ck_assert_ptr_nonnull(cJSON_GetObjectItem(doc, name));
  cJSON_Delete(doc);
  api_response_free(&out);
}
END_TEST

/* One request to endpoint (a JSON body, at most one query parameter) as a
 * JSON tree; status must be want. */
static cJSON *answer(const char *endpoint, const char *body, const char *query,
                     const char *value, int want) {
  struct api_limits lim = {100, 5000000, 0, 0};
  struct api_param q = {query, value, query ? strlen(query) : 0,
                        value ? strlen(value) : 0};
  struct api_input in = {.content_type = "application/json",
                         .body = body,
                         .body_len = strlen(body),
                         .query = &q,
                         .nquery = query ? 1u : 0u};
  struct api_response out = {0};
  api_handle(api_endpoint_find(endpoint), &lim, &in, &out);
  ck_assert_msg(out.status == want, "%s: %d %.*s", endpoint, out.status,
                (int)out.body_len, out.body);
  cJSON *o = cJSON_ParseWithLength(out.body, out.body_len);
  ck_assert_ptr_nonnull(o);
  api_response_free(&out);
  return o;
}

/* Item k of a batch answer, checked: its names once, its index k. */
static const cJSON *item_at(const cJSON *o, int k) {
  const cJSON *it = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "results"), k);
  ck_assert_ptr_nonnull(it);
  char what[32];
  snprintf(what, sizeof what, "results[%d]", k);
  names_once(it, what);
  ck_assert_double_eq(cJSON_GetObjectItem(it, "index")->valuedouble, k);
  return it;
}

/* The batches of /solve and /rate: a puzzle with a bad character among
 * good ones is an item with the cell at fault (r1c4, index 3 as
 * cell_index), and "index" says only where the item is. */
static const char *const batch_endpoints[] = {"solve", "rate"};

START_TEST(cell_error_item_has_one_index) {
  cJSON *o = answer(batch_endpoints[_i],
                    "{\"puzzles\":[\"" CLASSIC "\",\"" CELL_ERROR
                    "\",\"" CLASSIC "\"]}",
                    NULL, NULL, 200);
  item_at(o, 0);
  item_at(o, 2);
  const cJSON *bad = item_at(o, 1);
  ck_assert_str_eq(cJSON_GetObjectItem(bad, "status")->valuestring,
                   "invalid-puzzle");
  ck_assert_str_eq(cJSON_GetObjectItem(bad, "cell")->valuestring, "r1c4");
  ck_assert_double_eq(cJSON_GetObjectItem(bad, "cell_index")->valuedouble, 3);
  ck_assert_str_eq(cJSON_GetObjectItem(bad, "path")->valuestring, "puzzles[1]");
  cJSON_Delete(o);
}
END_TEST

/* CLASSIC's candidates as a sukaku line (729 symbols), from /candidates,
 * with an x, no candidate, as its 101st: a position with pencil marks
 * that does not read. malloc'd. */
static char *bad_sukaku(void) {
  struct api_limits lim = {100, 5000000, 0, 0};
  struct api_param q = {"format", "sukaku", 6, 6};
  struct api_input in = {.content_type = "text/plain",
                         .body = CLASSIC,
                         .body_len = strlen(CLASSIC),
                         .query = &q,
                         .nquery = 1};
  struct api_response out = {0};
  api_handle(api_endpoint_find("candidates"), &lim, &in, &out);
  ck_assert_int_eq(out.status, 200);
  ck_assert_uint_ge(out.body_len, 729);
  char *line = strndup(out.body, 729);
  api_response_free(&out);
  line[100] = 'x';
  return line;
}

/* A marked puzzle of a batch that does not read: a parse-error item, its
 * line and column inside its string, no "puzzle" (it is not the body's
 * first puzzle; index and path say which). */
START_TEST(parse_error_item_says_where) {
  char *bad = bad_sukaku(), body[1024];
  snprintf(body, sizeof body, "{\"puzzles\":[\"" CLASSIC "\",\"%s\"]}", bad);
  cJSON *o = answer(batch_endpoints[_i], body, NULL, NULL, 200);
  const cJSON *it = item_at(o, 1);
  ck_assert_str_eq(cJSON_GetObjectItem(it, "status")->valuestring,
                   "parse-error");
  ck_assert_str_eq(cJSON_GetObjectItem(it, "path")->valuestring, "puzzles[1]");
  ck_assert_double_eq(cJSON_GetObjectItem(it, "line")->valuedouble, 1);
  ck_assert_double_eq(cJSON_GetObjectItem(it, "column")->valuedouble, 101);
  ck_assert_ptr_null(cJSON_GetObjectItem(it, "puzzle"));
  cJSON_Delete(o);
  free(bad);
}
END_TEST

/* ---- The problems openapi.yaml lists --------------------------------- */

#define SPEC_VALUES 64

/* The block of components.schemas.schema in openapi.yaml, read into
 * *text (the caller frees): its start, and in *end where the next line
 * indented 4 starts (NULL: the end of the file). */
static const char *spec_block(const char *schema, char **text,
                              const char **end) {
  char key[96];
  *text = test_read_file("openapi.yaml", NULL);
  ck_assert_msg(*text != NULL, "cannot read openapi.yaml");
  snprintf(key, sizeof key, "\n    %s:\n", schema);
  const char *at = strstr(*text, key);
  ck_assert_msg(at != NULL, "openapi.yaml has no schema %s", schema);
  at += strlen(key);
  for (*end = at; (*end = strstr(*end, "\n    ")) != NULL && (*end)[5] == ' ';)
    (*end)++;
  return at;
}

/* The values of the first enum in the block of components.schemas.schema
 * of openapi.yaml, after the line "member:" when member is not NULL; flow
 * ([a, b]) or block (- a) style. Pointers into *text, which the caller
 * frees. */
static size_t spec_enum(const char *schema, const char *member, char **text,
                        const char *val[SPEC_VALUES], size_t len[SPEC_VALUES]) {
  char key[96];
  const char *end, *at = spec_block(schema, text, &end);
  if (member != NULL) {
    snprintf(key, sizeof key, " %s:\n", member);
    at = strstr(at, key);
    ck_assert_msg(at != NULL && (end == NULL || at < end), "%s has no %s",
                  schema, member);
  }
  at = strstr(at, "enum:");
  ck_assert_msg(at != NULL && (end == NULL || at < end), "%s has no enum",
                schema);
  at += 5;
  size_t n = 0;
  bool flow = at[strspn(at, " ")] == '[';
  if (flow)
    at += strspn(at, " ") + 1;
  for (;;) {
    if (!flow) { /* "\n<spaces>- value" lines */
      const char *line = at + strspn(at, "\n");
      const char *dash = line + strspn(line, " ");
      if (at[0] != '\n' || dash[0] != '-' || dash[1] != ' ')
        break;
      at = dash + 2;
    }
    at += strspn(at, " ");
    size_t l = flow ? strcspn(at, ",]\n") : strcspn(at, "\n");
    ck_assert_uint_lt(n, SPEC_VALUES);
    val[n] = at;
    len[n++] = l;
    at += l;
    if (flow && *at++ != ',')
      break;
  }
  return n;
}

/* Whether code (prefixed by pre) is among the n values. */
static bool listed(const char *pre, const char *code, const char *const *val,
                   const size_t *len, size_t n) {
  size_t pl = strlen(pre), cl = strlen(code);
  for (size_t i = 0; i < n; i++)
    if (len[i] == pl + cl && memcmp(val[i], pre, pl) == 0 &&
        memcmp(val[i] + pl, code, cl) == 0)
      return true;
  return false;
}

/* The problems of the table a batch item may carry (ITEM) are the
 * ItemProblem enum, no more and no fewer: a schema-validating client takes
 * every item the service can answer. */
START_TEST(item_problems_are_documented) {
  char *text;
  const char *val[SPEC_VALUES];
  size_t len[SPEC_VALUES], n = spec_enum("ItemProblem", NULL, &text, val, len);
  size_t items = 0;
  for (int p = 0; p < API_PROBLEM_COUNT; p++) {
    if (!api_problem_in_item((enum api_problem)p))
      continue;
    items++;
    ck_assert_msg(listed("", api_problem_code(p), val, len, n),
                  "ItemProblem lacks %s", api_problem_code(p));
  }
  ck_assert_uint_eq(n, items); /* and lists nothing else */
  ck_assert(!api_problem_in_item(API_OK));
  ck_assert(!api_problem_in_item(API_INTERNAL));
  free(text);
}
END_TEST

/* Every problem of the table is a type Problem lists, and nothing else. */
START_TEST(problem_types_are_documented) {
  char *text;
  const char *val[SPEC_VALUES];
  size_t len[SPEC_VALUES], n = spec_enum("Problem", "type", &text, val, len);
  for (int p = 1; p < API_PROBLEM_COUNT; p++) /* 0 is OK, "solved" */
    ck_assert_msg(listed("/problems/", api_problem_code(p), val, len, n),
                  "Problem.type lacks /problems/%s", api_problem_code(p));
  ck_assert_uint_eq(n, API_PROBLEM_COUNT - 1);
  free(text);
}
END_TEST

/* Every member of the error table is a property of Problem (the
 * schema's block in openapi.yaml names it at the properties' indent). */
START_TEST(error_members_are_documented) {
  char *text;
  const char *end, *at = spec_block("Problem", &text, &end);
  for (int m = 0; m < API_EM_COUNT; m++) {
    const char *name = api_error_member_name((enum api_error_member)m);
    char key[64];
    snprintf(key, sizeof key, "\n        %s:\n", name);
    const char *k = strstr(at, key);
    ck_assert_msg(k != NULL && (end == NULL || k < end),
                  "Problem does not list %s", name);
  }
  free(text);
}
END_TEST

void api_add_items(Suite *s) {
  TCase *tc = tcase_create("items");
  tcase_add_loop_test(tc, error_members_do_not_clash, 0, API_EM_COUNT);
  tcase_add_loop_test(tc, cell_error_item_has_one_index, 0,
                      (int)(sizeof batch_endpoints / sizeof *batch_endpoints));
  tcase_add_loop_test(tc, parse_error_item_says_where, 0,
                      (int)(sizeof batch_endpoints / sizeof *batch_endpoints));
  tcase_add_test(tc, item_problems_are_documented);
  tcase_add_test(tc, problem_types_are_documented);
  tcase_add_test(tc, error_members_are_documented);
  suite_add_tcase(s, tc);
}
