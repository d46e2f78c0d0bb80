/*
 * read_fpuzzles.c - f-puzzles' JSON (www.f-puzzles.com, the editor variant
 * setters share puzzles from) read into a grid and sudoku_rules: a body
 * that is that JSON itself, or {"fpuzzles": "<share link or its ?load=
 * string>"} (lz-string's compressToBase64 of it, lzstring.c).
 *
 *   size               the side (a side with a box shape: 4, 6, 8, 9, ...);
 *   grid               n rows of n cells {value, given, region}: a value
 *                      with given true is a given (others are a solver's
 *                      entries, ignored); region (0-based) replaces the
 *                      boxes when it differs from them (jigsaw);
 *   diagonal+, diagonal-   both: Sudoku X; one: that diagonal as an extra
 *                      region;
 *   antiknight, antiking, nonconsecutive   booleans;
 *   killercage         [{cells: ["R1C1", ...], value: "15"}] (no value: no
 *                      sum);
 *   extraregion        [{cells: [...]}] (windoku's windows come as these);
 *   odd, even          [{cell: "R1C1"}].
 *
 * The JSON is read as strictly as ours (json_strict.c): nothing after the
 * object, no member named twice. Members that only draw (title, author,
 * text, line, cage, ...) are ignored; a constraint the model does not have
 * is refused by name ("thermometers are not supported"), as is one this
 * reader does not know: a rule silently dropped would be a wrong answer. A
 * member that is false, null or an empty list constrains nothing and is
 * ignored.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* f-puzzles' constraints the model lacks, with their names in messages. */
static const struct {
  const char *member, *name;
} unsupported[] = {
    {"arrow", "arrows"},
    {"thermometer", "thermometer lines"},
    {"betweenline", "between lines"},
    {"clock", "clock lines"},
    {"clone", "clones"},
    {"difference", "white kropki dots"},
    {"ratio", "black kropki dots"},
    {"littlekillersum", "little killer sums"},
    {"maximum", "maximum cells"},
    {"minimum", "minimum cells"},
    {"palindrome", "palindromes"},
    {"quadruple", "quadruples"},
    {"sandwichsum", "sandwich sums"},
    {"sumdot(intersection)", "sum dots"},
    {"regionSumLine", "region sum lines"},
    {"renban", "renban lines"},
    {"whispers", "german whispers lines"},
    {"xv", "XV pairs"},
    {"disjointgroups", "disjoint groups"},
    {"entropicline", "entropic lines"},
    {"modularline", "modular lines"},
    {"doublearrow", "double arrows"},
    {"zipperline", "zipper lines"},
};

/* Members that draw and constrain nothing, and the ones read below. */
static const char *const ignored[] = {
    "title",
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "solution",
    "negative",
    "disabledlogic",
    "truecandidatesoptions",
    "activeConstraints",
};
static const char *const known[] = {
    "size",        "grid",     "diagonal+",      "diagonal-",
    "antiknight",  "antiking", "nonconsecutive", "killercage",
    "extraregion", "odd",      "even",
};

static bool in_list(const char *s, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(s, list[i]) == 0)
      return true;
  return false;
}

static bool fail_at(struct api_error *e, const char *path) {
  api_error_string(e, API_EM_PATH, path);
  return false;
}

/* A constraint that constrains: true, or a non-empty array or object. */
static bool active(const cJSON *v) {
  return cJSON_IsTrue(v) ||
         ((cJSON_IsArray(v) || cJSON_IsObject(v)) && v->child != NULL);
}

/* "R3C5" (either case) in a side-n grid, or -1. */
static int cell_of(const cJSON *v, int n) {
  char name[16];
  if (!cJSON_IsString(v) || strlen(v->valuestring) >= sizeof name)
    return -1;
  size_t i = 0;
  for (; v->valuestring[i]; i++)
    name[i] = (char)tolower((unsigned char)v->valuestring[i]);
  name[i] = '\0';
  return api_cell_of_name(name, n);
}

static bool cell_list(const cJSON *v, const char *path, int n, size_t max,
                      uint16_t *cells, size_t *count, struct api_error *e) {
  char where[96];
  int size = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
  if (size < 1 || (size_t)size > max)
    return api_fail(e, API_INVALID_REQUEST, path,
                    "%s: expected an array of 1..%zu cells such as [\"R1C1\", "
                    "\"R1C2\"]",
                    path, max);
  *count = 0;
  for (const cJSON *x = v->child; x != NULL; x = x->next) {
    int c = cell_of(x, n);
    if (c < 0) {
      snprintf(where, sizeof where, "%s[%zu]", path, *count);
      return api_fail(e, API_INVALID_REQUEST, where,
                      "%s: expected a cell name R1C1..R%dC%d", where, n, n);
    }
    cells[(*count)++] = (uint16_t)c;
  }
  return true;
}

/* The grid: givens and regions. */
static bool read_grid(const cJSON *grid, const char *pre, int n, sudoku_grid *g,
                      sudoku_rules *r, struct api_error *e) {
  char path[96];
  snprintf(path, sizeof path, "%sgrid", pre);
  if (!cJSON_IsArray(grid) || cJSON_GetArraySize(grid) != n)
    return api_fail(e, API_INVALID_REQUEST, path,
                    "%s: expected %d rows of %d cells", path, n, n);
  bool jigsaw = false;
  int row = 0;
  for (const cJSON *rw = grid->child; rw != NULL; rw = rw->next, row++) {
    snprintf(path, sizeof path, "%sgrid[%d]", pre, row);
    if (!cJSON_IsArray(rw) || cJSON_GetArraySize(rw) != n)
      return api_fail(e, API_INVALID_REQUEST, path, "%s: expected %d cells",
                      path, n);
    int col = 0;
    for (const cJSON *c = rw->child; c != NULL; c = c->next, col++) {
      int at = row * n + col,
          box = row / g->box_rows * g->box_rows + col / g->box_cols;
      snprintf(path, sizeof path, "%sgrid[%d][%d]", pre, row, col);
      if (!cJSON_IsObject(c))
        return api_fail(e, API_INVALID_REQUEST, path,
                        "%s: expected a cell object", path);
      const cJSON *value = cJSON_GetObjectItemCaseSensitive(c, "value"),
                  *given = cJSON_GetObjectItemCaseSensitive(c, "given"),
                  *region = cJSON_GetObjectItemCaseSensitive(c, "region");
      char where[112];
      int v = 0, k = box;
      snprintf(where, sizeof where, "%s.value", path);
      if (cJSON_IsTrue(given) && value == NULL)
        return api_fail(e, API_INVALID_REQUEST, path,
                        "%s: a given with no value", path);
      if (cJSON_IsTrue(given) && !api_json_int(value, where, 1, n, &v, e))
        return false;
      snprintf(where, sizeof where, "%s.region", path);
      if (region != NULL && !api_json_int(region, where, 0, n - 1, &k, e))
        return false;
      g->cell[at] = (uint8_t)v;
      r->region[at] = (uint8_t)k;
      jigsaw |= k != box;
    }
  }
  if (jigsaw)
    r->kinds |= 1u << SUDOKU_RULE_JIGSAW;
  return true;
}

static bool add_extra(sudoku_rules *r, const uint16_t *cells, int n,
                      const char *path, struct api_error *e) {
  if (r->extra_count >= SUDOKU_RULES_MAX_EXTRA)
    return api_fail(e, API_INVALID_REQUEST, path,
                    "%s: more than %d extra regions", path,
                    SUDOKU_RULES_MAX_EXTRA);
  memcpy(r->extra[r->extra_count++], cells, (size_t)n * sizeof *cells);
  r->kinds |= 1u << SUDOKU_RULE_EXTRA;
  return true;
}

bool api_fpuzzles_read(const cJSON *root, const char *pre, sudoku_grid *g,
                       sudoku_rules *r, struct api_error *e) {
  char path[96];
  memset(r, 0, sizeof *r);
  for (const cJSON *m = root->child; m != NULL; m = m->next) {
    snprintf(path, sizeof path, "%s%s", pre, m->string);
    if (in_list(m->string, known, sizeof known / sizeof known[0]) ||
        in_list(m->string, ignored, sizeof ignored / sizeof ignored[0]) ||
        !active(m))
      continue;
    const char *name = NULL;
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
      if (strcmp(m->string, unsupported[i].member) == 0)
        name = unsupported[i].name;
    char shown[48];
    api_safe_copy(shown, sizeof shown, m->string, strlen(m->string));
    if (name != NULL)
      api_error_set(e, API_VARIANT_NOT_SUPPORTED, "%s: %s are not supported",
                    path, name);
    else
      api_error_set(e, API_VARIANT_NOT_SUPPORTED,
                    "%s: the f-puzzles constraint \"%s\" is not supported",
                    path, shown);
    return fail_at(e, path);
  }
  int n = 0, br, bc;
  snprintf(path, sizeof path, "%ssize", pre);
  if (!api_json_int(cJSON_GetObjectItemCaseSensitive(root, "size"), path,
                    SUDOKU_MIN_N, SUDOKU_MAX_N, &n, e))
    return false;
  if (!sudoku_box_shape(n, &br, &bc))
    return api_fail(e, API_BAD_SHAPE, path,
                    "%s: a %dx%d grid has no box shape; this service reads "
                    "sides 4, 6, 8, 9, 10, 12, ...",
                    path, n, n);
  sudoku_grid_init(g, br, bc);
  if (!read_grid(cJSON_GetObjectItemCaseSensitive(root, "grid"), pre, n, g, r,
                 e))
    return false;
  bool up = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "diagonal+")),
       down = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "diagonal-"));
  uint16_t cells[SUDOKU_MAX_N];
  if (up && down) {
    r->kinds |= 1u << SUDOKU_RULE_X;
  } else if (up || down) {
    for (int i = 0; i < n; i++)
      cells[i] = (uint16_t)(down ? i * n + i : (n - 1 - i) * n + i);
    snprintf(path, sizeof path, "%sdiagonal%c", pre, down ? '-' : '+');
    if (!add_extra(r, cells, n, path, e))
      return false;
  }
  static const struct {
    const char *member;
    enum sudoku_rule_kind kind;
  } flags[] = {{"antiknight", SUDOKU_RULE_ANTI_KNIGHT},
               {"antiking", SUDOKU_RULE_ANTI_KING},
               {"nonconsecutive", SUDOKU_RULE_NON_CONSECUTIVE}};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, flags[i].member)))
      r->kinds |= 1u << flags[i].kind;
  const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "killercage");
  int k = 0;
  for (const cJSON *cg = active(list) ? list->child : NULL; cg != NULL;
       cg = cg->next, k++) {
    snprintf(path, sizeof path, "%skillercage[%d]", pre, k);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(cg, "value");
    char where[112];
    snprintf(where, sizeof where, "%s.cells", path);
    size_t count;
    if (!cell_list(cJSON_GetObjectItemCaseSensitive(cg, "cells"), where, n,
                   (size_t)n, cells, &count, e))
      return false;
    long sum = 0;
    if (cJSON_IsString(v) && v->valuestring[0] != '\0') {
      char *end;
      sum = strtol(v->valuestring, &end, 10);
      if (*end != '\0' || sum < 0 || sum > 9999) {
        snprintf(where, sizeof where, "%s.value", path);
        return api_fail(e, API_INVALID_REQUEST, where,
                        "%s: expected a cage sum such as \"15\"", where);
      }
    } else if (cJSON_IsNumber(v)) {
      snprintf(where, sizeof where, "%s.value", path);
      int s;
      if (!api_json_int(v, where, 0, 9999, &s, e))
        return false;
      sum = s;
    }
    if (!sudoku_rules_add_cage(r, (uint16_t)sum, cells, count))
      return api_fail(e, API_INVALID_REQUEST, path, "%s: too many cages", path);
  }
  list = cJSON_GetObjectItemCaseSensitive(root, "extraregion");
  k = 0;
  for (const cJSON *x = active(list) ? list->child : NULL; x != NULL;
       x = x->next, k++) {
    snprintf(path, sizeof path, "%sextraregion[%d]", pre, k);
    char where[112];
    snprintf(where, sizeof where, "%s.cells", path);
    size_t count;
    if (!cell_list(cJSON_GetObjectItemCaseSensitive(x, "cells"), where, n,
                   (size_t)n, cells, &count, e))
      return false;
    if (count != (size_t)n)
      return api_fail(e, API_INVALID_REQUEST, where, "%s: %zu cells, not %d",
                      where, count, n);
    if (!add_extra(r, cells, n, path, e))
      return false;
  }
  static const char *const parity[] = {"odd", "even"};
  for (int p = 0; p < 2; p++) {
    list = cJSON_GetObjectItemCaseSensitive(root, parity[p]);
    k = 0;
    for (const cJSON *x = active(list) ? list->child : NULL; x != NULL;
         x = x->next, k++) {
      snprintf(path, sizeof path, "%s%s[%d].cell", pre, parity[p], k);
      int c = cell_of(cJSON_GetObjectItemCaseSensitive(x, "cell"), n);
      if (c < 0)
        return api_fail(e, API_INVALID_REQUEST, path,
                        "%s: expected a cell name R1C1..R%dC%d", path, n, n);
      r->parity[c] = p == 0 ? SUDOKU_PARITY_ODD : SUDOKU_PARITY_EVEN;
      r->kinds |= 1u << SUDOKU_RULE_ODD_EVEN;
    }
  }
  return api_variant_check(g, r, pre, e);
}

static bool looks_like_fpuzzles(const char *body, size_t len) {
  size_t i = 0;
  while (i < len && isspace((unsigned char)body[i]))
    i++;
  if (i == len || body[i] != '{')
    return false;
  bool size = false, grid = false;
  for (; i + 6 <= len && !(size && grid); i++) {
    size |= memcmp(body + i, "\"size\"", 6) == 0;
    grid |= memcmp(body + i, "\"grid\"", 6) == 0;
  }
  return size && grid;
}

int api_fpuzzles_body(const char *body, size_t len, cJSON **fp,
                      struct api_error *e) {
  *fp = NULL;
  if (!looks_like_fpuzzles(body, len))
    return 0;
  cJSON *t = api_json_parse(body, len, NULL, NULL, e);
  if (t == NULL)
    return -1;
  if (cJSON_IsObject(t) && cJSON_HasObjectItem(t, "size") &&
      cJSON_HasObjectItem(t, "grid") && !cJSON_HasObjectItem(t, "puzzle") &&
      !cJSON_HasObjectItem(t, "puzzles")) {
    *fp = t;
    return 1;
  }
  cJSON_Delete(t); /* not f-puzzles: read (and refused) as ours */
  return 0;
}

/* The ?load= string of a share link (or the string itself), %-escapes of
 * base64's own characters decoded, into out (cap bytes). */
static size_t load_string(const char *s, size_t len, char *out, size_t cap) {
  for (size_t i = 0; i + 5 <= len; i++)
    if (memcmp(s + i, "load=", 5) == 0) {
      s += i + 5;
      len -= i + 5;
      break;
    }
  size_t o = 0;
  for (size_t i = 0; i < len && o + 1 < cap; i++) {
    if (s[i] == '&' || s[i] == '#')
      break;
    if (s[i] == '%' && i + 2 < len) {
      char hex[3] = {s[i + 1], s[i + 2], '\0'};
      char *end;
      long v = strtol(hex, &end, 16);
      if (*end == '\0' && (v == '+' || v == '/' || v == '=')) {
        out[o++] = (char)v;
        i += 2;
        continue;
      }
    }
    out[o++] = s[i];
  }
  out[o] = '\0';
  return o;
}

cJSON *api_fpuzzles_link(const cJSON *v, struct api_error *e) {
  if (!cJSON_IsString(v) || v->valuestring[0] == '\0') {
    api_error_set(e, API_INVALID_REQUEST,
                  "fpuzzles: expected an f-puzzles share link or its ?load= "
                  "string");
    api_error_string(e, API_EM_PATH, "fpuzzles");
    return NULL;
  }
  size_t len = strlen(v->valuestring), out_len;
  char *load = malloc(len + 1);
  if (load == NULL) {
    api_error_set(e, API_INTERNAL, NULL);
    return NULL;
  }
  size_t n = load_string(v->valuestring, len, load, len + 1);
  const char *why;
  char *text = api_lz_base64_decompress(load, n, &out_len, &why);
  free(load);
  if (text == NULL) {
    api_error_set(e, API_INVALID_REQUEST, "fpuzzles: not an f-puzzles link: %s",
                  why);
    api_error_string(e, API_EM_PATH, "fpuzzles");
    return NULL;
  }
  cJSON *root = api_json_parse(text, out_len, "fpuzzles", "the link's JSON", e);
  free(text);
  if (root == NULL)
    return NULL;
  if (!cJSON_IsObject(root)) {
    cJSON_Delete(root);
    api_error_set(e, API_INVALID_REQUEST,
                  "fpuzzles: the link holds no f-puzzles JSON object");
    api_error_string(e, API_EM_PATH, "fpuzzles");
    return NULL;
  }
  return root;
}
