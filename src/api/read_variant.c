/*
 * read_variant.c - the rules of a variant puzzle in a JSON body, read into
 * the core's struct sudoku_rules (sudoku_rules.h) and written back:
 *
 *   "variant":       a rule name of SUDOKU_RULE_MAP ("x", "killer", ...) or
 *                    an array of them;
 *   "regions":       n*n region symbols '1'-'9', 'A'-'Z' (jigsaw);
 *   "cages":         [{"sum": 15, "cells": ["r1c1", "r1c2"]}, ...] (killer;
 *                    no "sum", or 0: a cage with no sum);
 *   "parity":        n*n marks 'O' odd, 'E' even, '.' any (odd-even);
 *   "extra_regions": [["r1c1", ...], ...] of n cells each.
 *
 * A member that carries data implies its rule ("cages" alone is killer); a
 * rule named without its data is refused. Every refusal carries the path
 * of the member at fault ("cages[3].cells[1]") and, for rules the core
 * refuses (overlapping cages, a sum no digits reach, a region of the wrong
 * size), the core's own located message with status invalid-rules.
 * Costs: one pass over each member, then a check of the rules per kind
 * present (some 20 us each on 9x9, with a 70 KiB derived form on the heap).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

size_t api_variant_members(struct api_variant_json *v, struct api_member *out) {
  memset(v, 0, sizeof *v);
  out[0] = (struct api_member){"variant", &v->variant};
  out[1] = (struct api_member){"regions", &v->regions};
  out[2] = (struct api_member){"cages", &v->cages};
  out[3] = (struct api_member){"parity", &v->parity};
  out[4] = (struct api_member){"extra_regions", &v->extra};
  out[5] = (struct api_member){"fpuzzles", &v->fpuzzles};
  return API_VARIANT_MEMBERS;
}

bool api_variant_present(const struct api_variant_json *v) {
  return v->variant != NULL || v->regions != NULL || v->cages != NULL ||
         v->parity != NULL || v->extra != NULL;
}

static bool fail_at(struct api_error *e, const char *path) {
  api_error_string(e, API_EM_PATH, path);
  return false;
}

void api_rule_names(char *out, size_t cap) {
  size_t o = 0;
  out[0] = '\0';
  for (int k = 0; k < SUDOKU_RULE_COUNT && o + 1 < cap; k++) {
    int w = snprintf(out + o, cap - o, "%s%s", k ? ", " : "",
                     sudoku_rule_name((enum sudoku_rule_kind)k));
    if (w < 0)
      break;
    o += (size_t)w;
  }
}

bool api_variant_query(const struct api_input *in, enum api_body_type type,
                       uint32_t *kinds, struct api_error *e) {
  const struct api_param *v = api_query_find(in, "variant");
  size_t bad;
  *kinds = 0;
  if (v == NULL)
    return true;
  if (type != API_BODY_TEXT)
    return api_fail(e, API_INVALID_REQUEST, "variant",
                    "?variant= names the rules of a text body; a JSON body "
                    "takes a \"variant\" member");
  if (memchr(v->value, '\0', v->value_len) == NULL &&
      sudoku_rule_kinds(v->value, v->value_len, kinds, &bad))
    return true;
  char names[256], shown[40];
  api_rule_names(names, sizeof names);
  api_safe_copy(shown, sizeof shown, v->value, v->value_len);
  return api_fail(e, API_INVALID_REQUEST, "variant",
                  "variant: expected a comma list of %s; got \"%s\"", names,
                  shown);
}

static bool read_kind(const cJSON *v, const char *path, uint32_t *kinds,
                      struct api_error *e) {
  int k = cJSON_IsString(v)
              ? sudoku_rule_lookup(v->valuestring, strlen(v->valuestring))
              : -1;
  if (k < 0) {
    char names[256], shown[40] = "";
    api_rule_names(names, sizeof names);
    if (cJSON_IsString(v))
      api_safe_copy(shown, sizeof shown, v->valuestring,
                    strlen(v->valuestring));
    if (cJSON_IsString(v))
      api_error_set(e, API_INVALID_REQUEST,
                    "%s: \"%s\" is not a rule; the rules are %s", path, shown,
                    names);
    else
      api_error_set(e, API_INVALID_REQUEST,
                    "%s: expected a rule name; the rules are %s", path, names);
    return fail_at(e, path);
  }
  *kinds |= 1u << k;
  return true;
}

/* n*n symbols of a string member through value(); false with e set. */
static bool read_symbols(const cJSON *v, const char *path, int n,
                         const char *what, int (*value)(char c, int n),
                         uint8_t *out, struct api_error *e) {
  size_t len = cJSON_IsString(v) ? strlen(v->valuestring) : 0;
  if (!cJSON_IsString(v) || len != (size_t)n * (size_t)n) {
    if (cJSON_IsString(v))
      api_error_set(e, API_INVALID_REQUEST,
                    "%s: expected a string of %d %s for the %dx%d grid, got "
                    "%zu",
                    path, n * n, what, n, n, len);
    else
      api_error_set(e, API_INVALID_REQUEST, "%s: expected a string of %d %s",
                    path, n * n, what);
    return fail_at(e, path);
  }
  for (int c = 0; c < n * n; c++) {
    int x = value(v->valuestring[c], n);
    if (x < 0) {
      char cell[8], shown[8];
      sudoku_cell_name(n, c, cell, sizeof cell);
      api_safe_copy(shown, sizeof shown, v->valuestring + c, 1);
      api_error_set(e, API_INVALID_REQUEST,
                    "%s: '%s' at %s (character %d) is not one of the %s", path,
                    shown, cell, c + 1, what);
      api_error_string(e, API_EM_CELL, cell);
      return fail_at(e, path);
    }
    out[c] = (uint8_t)x;
  }
  return true;
}

static int region_value(char c, int n) {
  int v = api_symbol_value(c);
  return v >= 1 && v <= n ? v - 1 : -1;
}

static int parity_value(char c, int n) {
  (void)n;
  return sudoku_parity_of_mark(c);
}

/* An array of 1..max cell names into cells; false with e set. */
static bool read_cells(const cJSON *v, const char *path, int n, size_t max,
                       uint16_t *cells, size_t *count, struct api_error *e) {
  char where[64];
  int size = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
  if (size < 1 || (size_t)size > max) {
    if (size > 0)
      api_error_set(e, API_INVALID_REQUEST, "%s: more than %zu cells", path,
                    max);
    else
      api_error_set(e, API_INVALID_REQUEST,
                    size < 0 ? "%s: expected an array of cell names such as "
                               "[\"r1c1\", \"r1c2\"]"
                             : "%s: the list of cells is empty",
                    path);
    return fail_at(e, path);
  }
  *count = 0;
  for (const cJSON *x = v->child; x != NULL; x = x->next) {
    int c = cJSON_IsString(x) ? api_cell_of_name(x->valuestring, n) : -1;
    snprintf(where, sizeof where, "%s[%zu]", path, *count);
    if (c < 0)
      return api_fail(e, API_INVALID_REQUEST, where,
                      "%s: expected a cell name r1c1..r%dc%d", where, n, n);
    cells[(*count)++] = (uint16_t)c;
  }
  return true;
}

static bool read_cages(const cJSON *v, int n, sudoku_rules *r,
                       struct api_error *e) {
  char path[48], where[64];
  if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0)
    return api_fail(e, API_INVALID_REQUEST, "cages",
                    "cages: expected a non-empty array of {\"sum\": 15, "
                    "\"cells\": [\"r1c1\", \"r1c2\"]}");
  int k = 0;
  for (const cJSON *cage = v->child; cage != NULL; cage = cage->next, k++) {
    snprintf(path, sizeof path, "cages[%d]", k);
    if (!cJSON_IsObject(cage))
      return api_fail(e, API_INVALID_REQUEST, path,
                      "%s: expected an object {\"sum\": 15, \"cells\": "
                      "[\"r1c1\", \"r1c2\"]}",
                      path);
    const cJSON *sum_v = NULL, *cells_v = NULL;
    for (const cJSON *m = cage->child; m != NULL; m = m->next) {
      const cJSON **slot = strcmp(m->string, "sum") == 0     ? &sum_v
                           : strcmp(m->string, "cells") == 0 ? &cells_v
                                                             : NULL;
      char shown[40];
      api_safe_copy(shown, sizeof shown, m->string, strlen(m->string));
      if (slot == NULL) {
        api_error_set(e, API_INVALID_REQUEST,
                      "%s: unknown member \"%s\"; a cage takes sum and cells",
                      path, shown);
        return fail_at(e, path);
      }
      *slot = m; /* once: api_json_parse refused a name given twice */
    }
    int sum = 0;
    snprintf(where, sizeof where, "%s.sum", path);
    if (sum_v != NULL && !api_json_int(sum_v, where, 0, 9999, &sum, e))
      return false;
    snprintf(where, sizeof where, "%s.cells", path);
    if (cells_v == NULL)
      return api_fail(e, API_INVALID_REQUEST, where,
                      "%s: expected a \"cells\" member", path);
    uint16_t cells[SUDOKU_MAX_N];
    size_t count;
    if (!read_cells(cells_v, where, n, (size_t)n, cells, &count, e))
      return false;
    if (!sudoku_rules_add_cage(r, (uint16_t)sum, cells, count))
      return api_fail(e, API_INVALID_REQUEST, path, "%s: too many cages", path);
  }
  return true;
}

static bool read_extras(const cJSON *v, int n, sudoku_rules *r,
                        struct api_error *e) {
  int size = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
  if (size < 1 || size > SUDOKU_RULES_MAX_EXTRA)
    return api_fail(
        e, API_INVALID_REQUEST, "extra_regions",
        "extra_regions: expected an array of 1..%d regions, each an "
        "array of %d cell names",
        SUDOKU_RULES_MAX_EXTRA, n);
  char path[40];
  for (const cJSON *x = v->child; x != NULL; x = x->next) {
    snprintf(path, sizeof path, "extra_regions[%d]", r->extra_count);
    size_t count;
    if (!read_cells(x, path, n, (size_t)n, r->extra[r->extra_count], &count, e))
      return false;
    if (count != (size_t)n)
      return api_fail(e, API_INVALID_REQUEST, path, "%s: %zu cells, not %d",
                      path, count, n);
    r->extra_count++;
  }
  return true;
}

/* The member a rule kind's data comes from; "variant" for the rules that
 * take none. */
static const char *member_of(enum sudoku_rule_kind k) {
  return k == SUDOKU_RULE_JIGSAW     ? "regions"
         : k == SUDOKU_RULE_KILLER   ? "cages"
         : k == SUDOKU_RULE_ODD_EVEN ? "parity"
         : k == SUDOKU_RULE_EXTRA    ? "extra_regions"
                                     : "variant";
}

/* The same in f-puzzles' JSON. */
static const char *fpuzzles_member_of(enum sudoku_rule_kind k) {
  return k == SUDOKU_RULE_JIGSAW     ? "grid"
         : k == SUDOKU_RULE_KILLER   ? "killercage"
         : k == SUDOKU_RULE_ODD_EVEN ? "odd"
         : k == SUDOKU_RULE_EXTRA    ? "extraregion"
                                     : "size";
}

/* The path of a malformed rule the core found: its member, refined to the
 * cage or extra region holding the cell named. */
static void rules_path(const sudoku_rules *r, enum sudoku_rule_kind k, int n,
                       int cell, const char *pre, char *path, size_t cap) {
  const char *m = pre != NULL ? fpuzzles_member_of(k) : member_of(k);
  pre = pre != NULL ? pre : "";
  snprintf(path, cap, "%s%s", pre, m);
  if (cell < 0)
    return;
  if (k == SUDOKU_RULE_KILLER) {
    /* The last cage holding the cell: the second of two that overlap. */
    for (int i = r->cage_count - 1; i >= 0; i--)
      for (int j = 0; j < r->cage[i].len; j++)
        if (r->cage_cell[r->cage[i].start + j] == cell) {
          snprintf(path, cap, "%s%s[%d]", pre, m, i);
          return;
        }
  }
  if (k == SUDOKU_RULE_EXTRA)
    for (int i = 0; i < r->extra_count; i++)
      for (int j = 0; j < n; j++)
        if (r->extra[i][j] == cell) {
          snprintf(path, cap, "%s%s[%d]", pre, m, i);
          return;
        }
}

bool api_variant_check(const sudoku_grid *g, const sudoku_rules *r,
                       const char *pre, struct api_error *e) {
  struct sudoku_rules_derived *d = malloc(sizeof *d);
  sudoku_rules *one = malloc(sizeof *one);
  bool ok = d != NULL && one != NULL;
  if (!ok)
    api_error_set(e, API_INTERNAL, NULL);
  /* Kind by kind, so that a refusal names the member at fault. */
  for (int k = 0; ok && k < SUDOKU_RULE_COUNT; k++) {
    if (!sudoku_rules_has(r, (enum sudoku_rule_kind)k))
      continue;
    struct sudoku_rules_problem p;
    *one = *r;
    one->kinds = 1u << k;
    enum sudoku_status s = sudoku_rules_derive(g, one, d, &p);
    if (s == SUDOKU_OK)
      continue;
    char path[40];
    rules_path(r, (enum sudoku_rule_kind)k, g->n, p.cell, pre, path,
               sizeof path);
    api_error_set(e, (enum api_problem)s, "%s: %s", path, p.message);
    if (p.cell >= 0) {
      char cell[8];
      sudoku_cell_name(g->n, p.cell, cell, sizeof cell);
      api_error_string(e, API_EM_CELL, cell);
    }
    api_error_string(e, API_EM_PATH, path);
    ok = false;
  }
  free(one);
  free(d);
  return ok;
}

bool api_variant_read(const struct api_variant_json *v, const sudoku_grid *g,
                      sudoku_rules *r, struct api_error *e) {
  int n = g->n;
  memset(r, 0, sizeof *r);
  uint32_t kinds = 0, implied = 0;
  if (v->variant != NULL) {
    if (cJSON_IsArray(v->variant)) {
      if (cJSON_GetArraySize(v->variant) == 0)
        return api_fail(e, API_INVALID_REQUEST, "variant",
                        "variant: expected a rule name or a non-empty array "
                        "of them");
      int i = 0;
      char path[32];
      for (const cJSON *x = v->variant->child; x != NULL; x = x->next, i++) {
        snprintf(path, sizeof path, "variant[%d]", i);
        if (!read_kind(x, path, &kinds, e))
          return false;
      }
    } else if (!read_kind(v->variant, "variant", &kinds, e)) {
      return false;
    }
  }
  if (v->regions != NULL) {
    implied |= 1u << SUDOKU_RULE_JIGSAW;
    if (!read_symbols(v->regions, "regions", n, "region symbols 1..n",
                      region_value, r->region, e))
      return false;
  }
  if (v->parity != NULL) {
    implied |= 1u << SUDOKU_RULE_ODD_EVEN;
    if (!read_symbols(v->parity, "parity", n, "parity marks O, E or .",
                      parity_value, r->parity, e))
      return false;
  }
  if (v->cages != NULL) {
    implied |= 1u << SUDOKU_RULE_KILLER;
    if (!read_cages(v->cages, n, r, e))
      return false;
  }
  if (v->extra != NULL) {
    implied |= 1u << SUDOKU_RULE_EXTRA;
    if (!read_extras(v->extra, n, r, e))
      return false;
  }
  for (int k = 0; k < SUDOKU_RULE_COUNT; k++) {
    const char *m = member_of((enum sudoku_rule_kind)k);
    if ((kinds >> k & 1) && !(implied >> k & 1) && strcmp(m, "variant") != 0)
      return api_fail(e, API_INVALID_REQUEST, m,
                      "variant: %s needs a \"%s\" member", sudoku_rule_name(k),
                      m);
  }
  r->kinds = kinds | implied;
  return api_variant_check(g, r, NULL, e);
}

/* ---- Writing them back ------------------------------------------------ */

static void buf_cell(struct api_buf *b, int n, int c) {
  char name[8];
  size_t len = sudoku_cell_name(n, c, name, sizeof name);
  api_buf_string(b, name, len);
}

void api_variant_write(struct api_buf *b, const sudoku_rules *r, int n) {
  api_buf_lit(b, "\"variant\":[");
  bool first = true;
  for (int k = 0; k < SUDOKU_RULE_COUNT; k++)
    if (sudoku_rules_has(r, (enum sudoku_rule_kind)k)) {
      const char *name = sudoku_rule_name((enum sudoku_rule_kind)k);
      if (!first)
        api_buf_lit(b, ",");
      api_buf_string(b, name, strlen(name));
      first = false;
    }
  api_buf_lit(b, "]");
  char line[SUDOKU_MAX_CELLS + 1];
  int nn = n * n;
  if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW)) {
    for (int c = 0; c < nn; c++)
      line[c] = r->region[c] < 9 ? (char)('1' + r->region[c])
                                 : (char)('A' + r->region[c] - 9);
    api_buf_lit(b, ",\"regions\":");
    api_buf_string(b, line, (size_t)nn);
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN)) {
    for (int c = 0; c < nn; c++)
      line[c] = r->parity[c] == SUDOKU_PARITY_ODD    ? 'O'
                : r->parity[c] == SUDOKU_PARITY_EVEN ? 'E'
                                                     : '.';
    api_buf_lit(b, ",\"parity\":");
    api_buf_string(b, line, (size_t)nn);
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER)) {
    api_buf_lit(b, ",\"cages\":[");
    for (int k = 0; k < r->cage_count; k++) {
      if (k)
        api_buf_lit(b, ",");
      api_buf_lit(b, "{");
      if (r->cage[k].sum != 0) {
        api_buf_lit(b, "\"sum\":");
        api_buf_uint(b, r->cage[k].sum);
        api_buf_lit(b, ",");
      }
      api_buf_lit(b, "\"cells\":[");
      for (int i = 0; i < r->cage[k].len; i++) {
        if (i)
          api_buf_lit(b, ",");
        buf_cell(b, n, r->cage_cell[r->cage[k].start + i]);
      }
      api_buf_lit(b, "]}");
    }
    api_buf_lit(b, "]");
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_EXTRA)) {
    api_buf_lit(b, ",\"extra_regions\":[");
    for (int k = 0; k < r->extra_count; k++) {
      if (k)
        api_buf_lit(b, ",");
      api_buf_lit(b, "[");
      for (int i = 0; i < n; i++) {
        if (i)
          api_buf_lit(b, ",");
        buf_cell(b, n, r->extra[k][i]);
      }
      api_buf_lit(b, "]");
    }
    api_buf_lit(b, "]");
  }
}

void api_variant_into(cJSON *o, const sudoku_rules *r, int n) {
  struct api_buf b;
  if (o == NULL || r == NULL || !api_buf_init(&b, api_variant_bytes(r, n)))
    return;
  api_buf_lit(&b, "{");
  api_variant_write(&b, r, n);
  api_buf_lit(&b, "}");
  cJSON *t = b.failed ? NULL : cJSON_ParseWithLength(b.p, b.len);
  api_buf_free(&b);
  while (t != NULL && t->child != NULL) {
    cJSON *m = cJSON_DetachItemViaPointer(t, t->child);
    cJSON_AddItemToObject(o, m->string, m);
  }
  cJSON_Delete(t);
}

size_t api_variant_bytes(const sudoku_rules *r, int n) {
  if (r == NULL)
    return 0;
  /* Names, the two strings, every cage and extra cell quoted. */
  return 256 + 2 * (size_t)n * n + 12 * ((size_t)r->cage_cells + 8u * n) +
         16u * r->cage_count;
}

void api_variant_conflicts(const sudoku_grid *g, const sudoku_rules *r,
                           struct api_error *e) {
  size_t count = 0;
  struct sudoku_rules_problem p[API_VARIANT_CONFLICTS];
  sudoku_rules_check(g, r, p, API_VARIANT_CONFLICTS, &count);
  if (count == 0) {
    api_error_set(e, API_CONFLICT, NULL);
    return;
  }
  api_error_set(e, API_CONFLICT, "%s%s", p[0].message,
                count > 1 ? "; every clash is listed in rule_conflicts" : "");
  cJSON *f = api_error_fields(e);
  cJSON *list = f != NULL ? cJSON_AddArrayToObject(
                                f, api_error_member_name(API_EM_RULE_CONFLICTS))
                          : NULL;
  for (size_t i = 0; i < count && i < API_VARIANT_CONFLICTS && list; i++) {
    cJSON *c = cJSON_CreateObject();
    if (c == NULL)
      continue;
    if (p[i].cell >= 0) {
      char cell[8];
      sudoku_cell_name(g->n, p[i].cell, cell, sizeof cell);
      cJSON_AddStringToObject(c, "cell", cell);
    }
    cJSON_AddStringToObject(c, "message", p[i].message);
    cJSON_AddItemToArray(list, c);
  }
  if (f != NULL)
    api_add_int(f, api_error_member_name(API_EM_CONFLICT_COUNT), count);
}
