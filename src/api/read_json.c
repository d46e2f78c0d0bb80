/*
 * read_json.c - JSON bodies: one object, read strictly (json_strict.c),
 * whose members an endpoint lists in a table (an unknown member is a
 * located error), and the fast path for a lone {"puzzle": "..."}. Puzzles
 * inside a body are read by json_grid.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* The names of the members for a message: "puzzle, puzzles, box". */
static void member_list(const struct api_member *m, size_t n, char *out,
                        size_t cap) {
  size_t o = 0;
  out[0] = '\0';
  for (size_t i = 0; i < n && o + 1 < cap; i++) {
    int w = snprintf(out + o, cap - o, "%s%s", i ? ", " : "", m[i].name);
    if (w < 0)
      break;
    o += (size_t)w;
  }
}

cJSON *api_json_object(const char *body, size_t len,
                       const struct api_member *members, size_t nmembers,
                       struct api_error *e) {
  size_t lead = 0;
  while (lead < len && api_json_space(body[lead]))
    lead++;
  if (lead == len) {
    api_error_set(e, API_INVALID_JSON,
                  "the body is empty; expected a JSON object such as "
                  "{\"puzzle\": \"53..7...\"}");
    return NULL;
  }
  cJSON *root = api_json_parse(body, len, NULL, NULL, e);
  if (root == NULL)
    return NULL;
  if (!cJSON_IsObject(root)) {
    api_error_set(e, API_INVALID_REQUEST,
                  "expected a JSON object such as {\"puzzle\": \"53..7...\"}");
    goto fail;
  }
  for (size_t i = 0; i < nmembers; i++)
    *members[i].slot = NULL;
  /* No name comes twice (api_json_parse): each member fills its own slot. */
  for (const cJSON *m = root->child; m != NULL; m = m->next) {
    size_t i = 0;
    while (i < nmembers && strcmp(m->string, members[i].name) != 0)
      i++;
    if (i == nmembers) {
      char names[512], shown[80];
      member_list(members, nmembers, names, sizeof names);
      api_safe_copy(shown, sizeof shown, m->string, strlen(m->string));
      api_error_set(e, API_INVALID_REQUEST,
                    "unknown member \"%.64s\"; this endpoint takes %s", shown,
                    names);
      api_error_string(e, API_EM_PATH, m->string);
      goto fail;
    }
    *members[i].slot = m;
  }
  return root;
fail:
  cJSON_Delete(root);
  return NULL;
}

/* Skips JSON whitespace from i; then, if the bytes there are lit (n bytes),
 * skips them too. Returns the new offset, or len + 1 on a mismatch (and
 * for an i past len: a mismatch stays one). */
static size_t expect(const char *b, size_t len, size_t i, const char *lit,
                     size_t n) {
  if (i > len)
    return len + 1;
  while (i < len && api_json_space(b[i]))
    i++;
  return len - i >= n && memcmp(b + i, lit, n) == 0 ? i + n : len + 1;
}

/*
 * The body nearly every request sends, {"puzzle": "<symbols>"}, read
 * without building a cJSON tree (five allocations and a parse, for one
 * string). Taken only when the general path would read the body to the
 * same grid: nothing but JSON's four whitespace bytes around the tokens
 * (the general path refuses any other), the member spelled without escapes,
 * a string with no backslash and no control byte, and a puzzle that reads.
 * Anything else, errors included, goes the general way, so that every
 * error is found and worded in one place. False: not taken, *ps untouched.
 */
static bool read_lone_puzzle(const char *body, size_t len,
                             struct api_puzzles *ps) {
  size_t i = expect(body, len, 0, "{", 1);
  i = expect(body, len, i, "\"puzzle\"", 8);
  i = expect(body, len, i, ":", 1);
  i = expect(body, len, i, "\"", 1);
  if (i > len)
    return false;
  size_t start = i;
  while (i < len && body[i] != '"') {
    if (body[i] == '\\' || (unsigned char)body[i] < 0x20)
      return false;
    i++;
  }
  size_t end = i;
  i = expect(body, len, i, "\"", 1);
  i = expect(body, len, i, "}", 1);
  if (i > len)
    return false;
  while (i < len && api_json_space(body[i]))
    i++;
  if (i != len)
    return false;
  sudoku_grid g;
  struct api_error e = {API_OK, "", NULL};
  if (!api_string_grid(body + start, end - start, NULL, "puzzle", &g, &e)) {
    api_error_clear(&e);
    return false;
  }
  ps->item = calloc(1, sizeof *ps->item);
  if (ps->item == NULL)
    return false; /* the general path reports it */
  ps->item[0].grid = g;
  ps->count = 1;
  return true;
}

/* The rules of the body's variant members for one read puzzle, into a
 * copy the item owns; none when the body has none. */
static bool item_rules(const struct api_variant_json *v, struct api_item *it,
                       struct api_error *e) {
  if (!api_variant_present(v))
    return true;
  it->rules = malloc(sizeof *it->rules);
  if (it->rules == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  return api_variant_read(v, &it->grid, it->rules, e);
}

/* The one puzzle of f-puzzles' JSON fp; its rules kept when there are any
 * (an f-puzzles classic is classic). */
static bool fpuzzles_item(const cJSON *fp, const char *pre,
                          struct api_puzzles *ps, struct api_error *e) {
  ps->item = calloc(1, sizeof *ps->item);
  sudoku_rules *r = malloc(sizeof *r);
  if (ps->item == NULL || r == NULL) {
    free(r);
    api_error_set(e, API_INTERNAL, NULL);
    return false;
  }
  ps->count = 1;
  if (!api_fpuzzles_read(fp, pre, &ps->item[0].grid, r, e)) {
    free(r);
    return false;
  }
  if (r->kinds == 0)
    free(r);
  else
    ps->item[0].rules = r;
  return true;
}

bool api_read_json_puzzles(const char *body, size_t len, uint32_t max_puzzles,
                           const struct api_member *extra, size_t nextra,
                           cJSON **root, struct api_puzzles *ps,
                           struct api_error *e) {
  const cJSON *puzzle, *list, *box_v;
  if (read_lone_puzzle(body, len, ps)) {
    for (size_t i = 0; i < nextra; i++)
      *extra[i].slot = NULL;
    *root = NULL;
    return true;
  }
  cJSON *fp = NULL;
  int fpuzzles = api_fpuzzles_body(body, len, &fp, e);
  if (fpuzzles < 0) {
    *root = NULL;
    return false;
  }
  if (fpuzzles > 0) {
    /* f-puzzles' own JSON: its members are its own, none of ours. */
    for (size_t i = 0; i < nextra; i++)
      *extra[i].slot = NULL;
    *root = NULL;
    bool ok = fpuzzles_item(fp, "", ps, e);
    cJSON_Delete(fp);
    return ok;
  }
  /* The members of a /generate answer besides its puzzle, box and rules:
   * read and ignored, so that the answer can be posted back as it is. */
  static const char *const generated[] = {
      "solution", "seed", "level",        "rating", "er",
      "ep",       "ed",   "hardest",      "givens", "symmetry",
      "attempts", "size", "attempt_seed", "date"};
  enum { GENERATED = sizeof generated / sizeof *generated };
  const cJSON *ignored[GENERATED];
  struct api_variant_json variant;
  struct api_member members[32] = {
      {"puzzle", &puzzle}, {"puzzles", &list}, {"box", &box_v}};
  size_t nm = 3;
  nm += api_variant_members(&variant, members + nm);
  for (size_t i = 0; i < nextra && nm < 32 - GENERATED; i++)
    members[nm++] = extra[i];
  for (size_t i = 0; i < GENERATED; i++)
    members[nm++] = (struct api_member){generated[i], &ignored[i]};
  int box[2] = {0, 0};
  *root = api_json_object(body, len, members, nm, e);
  if (*root == NULL)
    return false;
  if (variant.fpuzzles != NULL) {
    if (puzzle != NULL || list != NULL || box_v != NULL ||
        api_variant_present(&variant)) {
      api_error_set(e, API_INVALID_REQUEST,
                    "fpuzzles: the link is the whole puzzle; send it without "
                    "puzzle, puzzles, box or rules");
      api_error_string(e, API_EM_PATH, "fpuzzles");
      goto fail;
    }
    cJSON *fp = api_fpuzzles_link(variant.fpuzzles, e);
    bool ok = fp != NULL && fpuzzles_item(fp, "fpuzzles.", ps, e);
    cJSON_Delete(fp);
    if (!ok)
      goto fail;
    return true;
  }
  if ((puzzle == NULL) == (list == NULL)) {
    api_error_set(e, API_INVALID_REQUEST,
                  puzzle == NULL
                      ? "expected a \"puzzle\" or a \"puzzles\" member"
                      : "send either \"puzzle\" or \"puzzles\", not both");
    goto fail;
  }
  if (box_v != NULL && !api_json_box(box_v, box, e))
    goto fail;
  if (puzzle != NULL) {
    ps->item = calloc(1, sizeof *ps->item);
    if (ps->item == NULL) {
      api_error_set(e, API_INTERNAL, NULL);
      goto fail;
    }
    ps->count = 1;
    int marked = api_json_marked_item(puzzle, "puzzle", &ps->item[0], e);
    if (marked < 0 ||
        (!marked && !api_json_grid(puzzle, box_v ? box : NULL, "puzzle",
                                   &ps->item[0].grid, e)) ||
        !item_rules(&variant, &ps->item[0], e))
      goto fail;
    return true;
  }
  if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) == 0) {
    api_error_set(e, API_INVALID_REQUEST,
                  "puzzles: expected a non-empty array");
    api_error_string(e, API_EM_PATH, "puzzles");
    goto fail;
  }
  int count = cJSON_GetArraySize(list);
  if ((uint32_t)count > max_puzzles) {
    api_error_set(e, API_TOO_MANY_PUZZLES,
                  "puzzles: %d puzzles, more than the limit of %u; send them "
                  "in several requests",
                  count, max_puzzles);
    api_error_number(e, API_EM_LIMIT, max_puzzles);
    goto fail;
  }
  ps->item = calloc((size_t)count, sizeof *ps->item);
  if (ps->item == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    goto fail;
  }
  ps->batch = true;
  /* Each item on its own: an unreadable one becomes a problem in results,
   * the others are answered; a problem no item may carry (out of memory)
   * is the request's. */
  for (const cJSON *p = list->child; p != NULL; p = p->next) {
    struct api_item *it = &ps->item[ps->count++];
    char where[32];
    snprintf(where, sizeof where, "puzzles[%u]", ps->count - 1);
    int marked = api_json_marked_item(p, where, it, &it->error);
    if (marked < 0 || (!marked && !api_json_grid(p, box_v ? box : NULL, where,
                                                 &it->grid, &it->error))) {
      if (it->error.fields == NULL ||
          !cJSON_HasObjectItem(it->error.fields,
                               api_error_member_name(API_EM_PATH)))
        api_error_string(&it->error, API_EM_PATH, where);
    } else {
      item_rules(&variant, it, &it->error);
    }
    if (it->error.problem != API_OK &&
        !api_problem_in_item(it->error.problem)) {
      *e = it->error;
      it->error = (struct api_error){API_OK, "", NULL};
      goto fail;
    }
  }
  return true;
fail:
  cJSON_Delete(*root);
  *root = NULL;
  return false;
}

/* Whether detail starts with path, or with the path of a member holding
 * it and a colon ("cages[0]: member \"sum\" appears twice" for
 * cages[0].sum): then the CLI's line does not repeat the path. */
static bool detail_locates(const char *detail, const char *path) {
  size_t whole = strlen(path);
  if (strncmp(detail, path, whole) == 0)
    return true;
  const char *colon = strstr(detail, ": ");
  size_t n = colon != NULL ? (size_t)(colon - detail) : 0;
  return n > 0 && n < whole && strncmp(detail, path, n) == 0 &&
         (path[n] == '.' || path[n] == '[');
}

bool api_read_variant_body(const char *body, size_t len, sudoku_grid *g,
                           sudoku_rules *r, char *detail, size_t cap) {
  struct api_puzzles ps = {NULL, 0, false};
  struct api_error e = {API_OK, "", NULL};
  cJSON *root = NULL;
  bool ok = api_read_json_puzzles(body, len, 1, NULL, 0, &root, &ps, &e);
  cJSON_Delete(root);
  if (ok && ps.count == 1 && ps.item[0].error.problem != API_OK) {
    e = ps.item[0].error;
    ps.item[0].error = (struct api_error){API_OK, "", NULL};
    ok = false;
  }
  if (ok) {
    *g = ps.item[0].grid;
    if (ps.item[0].rules != NULL)
      *r = *ps.item[0].rules;
    else
      memset(r, 0, sizeof *r);
  } else {
    const cJSON *path =
        e.fields != NULL
            ? cJSON_GetObjectItem(e.fields, api_error_member_name(API_EM_PATH))
            : NULL;
    if (cJSON_IsString(path) && !detail_locates(e.detail, path->valuestring))
      snprintf(detail, cap, "%s: %s", path->valuestring, e.detail);
    else
      snprintf(detail, cap, "%s", e.detail);
  }
  api_error_clear(&e);
  api_puzzles_free(&ps);
  return ok;
}
