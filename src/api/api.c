/*
 * api.c - POST /solve without the transport: reads JSON, text and form
 * bodies into grids, negotiates the answer's format, calls the core with
 * the request's limits, and renders JSON, judge text, the line format or an
 * RFC 9457 problem.
 *
 * What it does NOT do: sockets, threads, routing. The only file that
 * includes <cJSON.h>; it never calls cJSON_GetErrorPtr or cJSON_InitHooks,
 * which keeps cJSON thread-safe.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cJSON.h>

#include "api.h"
#include "sudoku.h"

/* ---- The problem table ------------------------------------------------- */

/* Stable code, HTTP status, title. Core statuses are looked up by their
 * sudoku_status_code(), so core and HTTP cannot drift apart. */
#define API_PROBLEM_MAP(X)                                                     \
  X("invalid-json", 400, "Malformed JSON")                                     \
  X("invalid-request", 400, "Invalid request")                                 \
  X("invalid-puzzle", 400, "Invalid puzzle")                                   \
  X("parse-error", 400, "Unreadable puzzle text")                              \
  X("invalid-format", 400, "Unknown response format")                          \
  X("invalid-shape", 400, "Unsupported grid size or box shape")                \
  X("invalid-value", 400, "Cell value out of range")                           \
  X("not-found", 404, "Not found")                                             \
  X("method-not-allowed", 405, "Method not allowed")                           \
  X("not-acceptable", 406, "Not acceptable")                                   \
  X("body-too-large", 413, "Request body too large")                           \
  X("too-many-puzzles", 413, "Too many puzzles in one request")                \
  X("unsupported-media-type", 415, "Unsupported media type")                   \
  X("conflicting-givens", 422, "Conflicting givens")                           \
  X("no-solution", 422, "No solution")                                         \
  X("search-budget-exceeded", 422, "Search budget exceeded")                   \
  X("deadline-exceeded", 422, "Deadline exceeded")                             \
  X("internal-error", 500, "Internal error")                                   \
  X("overloaded", 503, "Overloaded")                                           \
  X("draining", 503, "Shutting down")

static const struct {
  const char *code;
  int status;
  const char *title;
} problems[] = {
#define X(code, status, title) {code, status, title},
    API_PROBLEM_MAP(X)
#undef X
};

static const char *problem_title(const char *code, int *status) {
  for (size_t i = 0; i < sizeof problems / sizeof problems[0]; i++) {
    if (strcmp(problems[i].code, code) == 0) {
      if (status != NULL)
        *status = problems[i].status;
      return problems[i].title;
    }
  }
  return "Error";
}

#define CT_JSON "application/json"
#define CT_PROBLEM "application/problem+json"
#define CT_TEXT "text/plain; charset=utf-8"

/* ---- Small helpers ----------------------------------------------------- */

/* A located error found while reading a request. fields: optional JSON
 * members (line, column, cell, ...) added to the problem. */
struct api_error {
  const char *code;
  char detail[256];
  cJSON *fields; /* object or NULL; owned */
};

static void error_set(struct api_error *e, const char *code, const char *fmt,
                      ...) {
  va_list ap;
  e->code = code;
  va_start(ap, fmt);
  vsnprintf(e->detail, sizeof e->detail, fmt, ap);
  va_end(ap);
}

static void error_field_number(struct api_error *e, const char *name,
                               double v) {
  if (e->fields == NULL)
    e->fields = cJSON_CreateObject();
  if (e->fields != NULL)
    cJSON_AddNumberToObject(e->fields, name, v);
}

static void error_field_string(struct api_error *e, const char *name,
                               const char *v) {
  if (e->fields == NULL)
    e->fields = cJSON_CreateObject();
  if (e->fields != NULL)
    cJSON_AddStringToObject(e->fields, name, v);
}

static uint64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* "r3c5" for cell index c of an n-wide grid. */
static void cell_name(char *buf, size_t cap, int c, int n) {
  /* At most "r25c25": n <= 25. */
  snprintf(buf, cap, "r%dc%d", (c / n + 1) % 100, (c % n + 1) % 100);
}

/* Adds an integer member without cJSON's number printing (sprintf of a
 * double checked by sscanf: ~1 us a number, on the hot path). */
static void add_int(cJSON *o, const char *name, uint64_t v) {
  char digits[24], *p = digits + sizeof digits - 1;
  *p = '\0';
  do {
    *--p = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  cJSON_AddRawToObject(o, name, p);
}

/* A character for a message: itself when printable, else \xNN. */
static void char_name(char *buf, size_t cap, unsigned char ch) {
  if (isprint(ch))
    snprintf(buf, cap, "'%c'", ch);
  else
    snprintf(buf, cap, "'\\x%02X'", ch);
}

static void response_set(struct api_response *out, int status,
                         const char *content_type, char *body, size_t len,
                         const char *outcome) {
  out->status = status;
  out->content_type = content_type;
  out->body = body;
  out->body_len = len;
  out->outcome = outcome;
}

void api_response_free(struct api_response *out) {
  free(out->body);
  out->body = NULL;
  out->body_len = 0;
}

/* ---- Content types and negotiation ------------------------------------ */

/* Compares the media type of a header value (before ';', trimmed) with
 * name, case-insensitively. */
static bool media_type_is(const char *value, size_t len, const char *name) {
  while (len > 0 && (*value == ' ' || *value == '\t')) {
    value++;
    len--;
  }
  while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
    len--;
  return strlen(name) == len && strncasecmp(value, name, len) == 0;
}

enum api_body_type api_body_type_of(const char *content_type) {
  if (content_type == NULL)
    return API_BODY_TEXT;
  size_t len = strcspn(content_type, ";");
  const char *p = content_type;
  size_t skip = strspn(p, " \t");
  if (skip == len)
    return API_BODY_TEXT;
  if (media_type_is(p, len, "application/json") ||
      media_type_is(p, len, "text/json"))
    return API_BODY_JSON;
  if (media_type_is(p, len, "text/plain"))
    return API_BODY_TEXT;
  if (media_type_is(p, len, "application/x-www-form-urlencoded"))
    return API_BODY_FORM;
  return API_BODY_UNSUPPORTED;
}

/*
 * Quality the Accept header gives to type/subtype, by RFC 9110 12.5.1: the
 * most specific matching range wins (type/subtype over type/ over any).
 * Returns 1.0 when accept is NULL or empty (anything goes).
 */
static double accept_quality(const char *accept, const char *type) {
  if (accept == NULL || accept[strspn(accept, " \t,")] == '\0')
    return 1.0;
  size_t type_len = strcspn(type, "/");
  double best_q = 0.0;
  int best_rank = -1;
  const char *p = accept;
  while (*p != '\0') {
    size_t item_len = strcspn(p, ",");
    size_t range_len = strcspn(p, ";,");
    const char *range = p;
    while (range_len > 0 && (*range == ' ' || *range == '\t')) {
      range++;
      range_len--;
    }
    while (range_len > 0 &&
           (range[range_len - 1] == ' ' || range[range_len - 1] == '\t'))
      range_len--;
    int rank = -1;
    if (range_len == strlen(type) && strncasecmp(range, type, range_len) == 0)
      rank = 2;
    else if (range_len == type_len + 2 &&
             strncasecmp(range, type, type_len + 1) == 0 &&
             range[type_len + 1] == '*')
      rank = 1;
    else if (range_len == 3 && strncmp(range, "*/*", 3) == 0)
      rank = 0;
    if (rank > best_rank) {
      double q = 1.0;
      const char *param = p + (range - p) + range_len;
      const char *end = p + item_len;
      /* Look for ;q= among the parameters of this item. */
      while (param < end) {
        param += strspn(param, " \t;");
        if (param < end && (param[0] == 'q' || param[0] == 'Q') &&
            param + 1 < end && param[1] == '=') {
          char *num_end;
          q = strtod(param + 2, &num_end);
          if (num_end == param + 2 || q < 0 || q > 1 || isnan(q))
            q = 1.0; /* malformed: ignore the parameter */
          break;
        }
        param += strcspn(param, ";");
        if (param > end)
          break;
      }
      best_rank = rank;
      best_q = q;
    }
    p += item_len;
    if (*p == ',')
      p++;
  }
  return best_q;
}

enum api_format { FMT_JSON, FMT_JUDGE, FMT_LINE };

/* Errors are text only for a client that takes text/plain and no JSON. */
static bool accept_prefers_text_errors(const char *accept) {
  if (accept == NULL || accept[strspn(accept, " \t,")] == '\0')
    return false;
  return accept_quality(accept, "application/problem+json") <= 0.0 &&
         accept_quality(accept, "application/json") <= 0.0 &&
         accept_quality(accept, "text/plain") > 0.0;
}

/* ---- Problems ---------------------------------------------------------- */

static void render_problem(int status, const char *code, const char *detail,
                           cJSON *fields, const char *accept,
                           const char *request_id, struct api_response *out) {
  int table_status = status;
  const char *title = problem_title(code, &table_status);
  if (status == 0)
    status = table_status;
  out->retry = false;
  if (accept_prefers_text_errors(accept)) {
    size_t cap = strlen(detail) + 16;
    char *body = malloc(cap);
    if (body != NULL) {
      int len = snprintf(body, cap, "error: %s\n", detail);
      response_set(out, status, CT_TEXT, body, (size_t)len, code);
      cJSON_Delete(fields);
      return;
    }
  }
  cJSON *o = cJSON_CreateObject();
  char type[96];
  snprintf(type, sizeof type, "/problems/%s", code);
  char *body = NULL;
  if (o != NULL) {
    cJSON_AddStringToObject(o, "type", type);
    cJSON_AddStringToObject(o, "title", title);
    cJSON_AddNumberToObject(o, "status", status);
    cJSON_AddStringToObject(o, "detail", detail);
    if (request_id != NULL)
      cJSON_AddStringToObject(o, "request_id", request_id);
    /* Extension members after the standard ones, in their order. */
    if (fields != NULL) {
      cJSON *f;
      while ((f = fields->child) != NULL) {
        cJSON_DetachItemViaPointer(fields, f);
        cJSON_AddItemToObject(o, f->string, f);
      }
    }
    body = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
  }
  cJSON_Delete(fields);
  if (body == NULL) {
    /* Out of memory: a static body, still a problem, still not 200. */
    static const char oom[] = "{\"type\":\"/problems/internal-error\","
                              "\"title\":\"Internal error\",\"status\":500,"
                              "\"detail\":\"out of memory\"}";
    response_set(out, 500, CT_PROBLEM, NULL, 0, "internal-error");
    out->body = malloc(sizeof oom);
    if (out->body != NULL) {
      memcpy(out->body, oom, sizeof oom);
      out->body_len = sizeof oom - 1;
    }
    return;
  }
  response_set(out, status, CT_PROBLEM, body, strlen(body), code);
}

void api_problem(int status, const char *code, const char *detail,
                 const char *accept, const char *request_id,
                 struct api_response *out) {
  memset(out, 0, sizeof *out);
  render_problem(status, code, detail, NULL, accept, request_id, out);
}

/* ---- Reading puzzles: text --------------------------------------------- */

struct puzzles {
  sudoku_grid *grid;
  uint32_t count;
  uint32_t max_solutions;
  bool lexmin;
  bool batch; /* answer with "results": JSON "puzzles", or several in text */
};

/* Reads every puzzle of a text body. False with *e set on malformed input
 * or too many puzzles. */
static bool read_text(const char *body, size_t len, uint32_t max_puzzles,
                      struct puzzles *ps, struct api_error *e) {
  struct sudoku_reader r;
  struct sudoku_text_error te;
  sudoku_grid g;
  int got;
  /* Pass 1 counts and checks, so the array is allocated once. */
  sudoku_reader_init(&r, body, len);
  while ((got = sudoku_read_next(&r, &g, &te)) == 1) {
    if (r.puzzles > max_puzzles) {
      error_set(e, "too-many-puzzles",
                "more than %u puzzles in one request; send them in several",
                max_puzzles);
      error_field_number(e, "limit", max_puzzles);
      return false;
    }
  }
  if (got < 0) {
    error_set(e, "parse-error", "%s", te.message);
    if (te.puzzle)
      error_field_number(e, "puzzle", te.puzzle);
    if (te.line)
      error_field_number(e, "line", te.line);
    if (te.column)
      error_field_number(e, "column", te.column);
    return false;
  }
  if (r.puzzles == 0) {
    error_set(e, "parse-error", "the body holds no puzzle");
    return false;
  }
  uint32_t total = r.puzzles;
  ps->grid = malloc(total * sizeof *ps->grid);
  if (ps->grid == NULL) {
    error_set(e, "internal-error", "out of memory");
    return false;
  }
  sudoku_reader_init(&r, body, len);
  while (ps->count < total && sudoku_read_next(&r, &g, NULL) == 1)
    ps->grid[ps->count++] = g;
  ps->batch = ps->count > 1;
  return true;
}

/* ---- Reading puzzles: JSON --------------------------------------------- */

/* Side n with n*n nearest to cells among the supported sides. Runs for
 * every request: the exact squares, by far the usual case, answer at once. */
static int nearest_side(size_t cells) {
  int exact = (int)(sqrt((double)cells) + 0.5), r, c;
  if ((size_t)exact * (size_t)exact == cells && sudoku_box_shape(exact, &r, &c))
    return exact;
  int best = 9;
  size_t best_diff = (size_t)-1;
  for (int n = SUDOKU_MIN_N; n <= SUDOKU_MAX_N; n++) {
    int r, c;
    if (!sudoku_box_shape(n, &r, &c))
      continue;
    size_t sq = (size_t)n * (size_t)n;
    size_t diff = sq > cells ? sq - cells : cells - sq;
    if (diff < best_diff) {
      best = n;
      best_diff = diff;
    }
  }
  return best;
}

/* Sets up g for side n with the request's box (or the usual one). */
static bool grid_for_side(sudoku_grid *g, int n, const int box[2],
                          const char *where, struct api_error *e) {
  int r, c;
  if (box != NULL) {
    if (box[0] * box[1] != n) {
      error_set(e, "invalid-shape",
                "box: %dx%d boxes do not fit a %dx%d puzzle (rows x columns "
                "must equal %d)",
                box[0], box[1], n, n, n);
      return false;
    }
    r = box[0];
    c = box[1];
  } else if (!sudoku_box_shape(n, &r, &c)) {
    error_set(e, "invalid-shape",
              "%s: a %dx%d grid has no box shape; sides 4, 6, 8, 9, 10, 12, "
              "14, 15, 16, 18, 20, 21, 22, 24 and 25 are supported",
              where, n, n);
    return false;
  }
  if (sudoku_grid_init(g, r, c) != SUDOKU_OK) {
    error_set(e, "invalid-shape", "%s: %dx%d boxes are not supported", where, r,
              c);
    return false;
  }
  return true;
}

/* One cell from a JSON number or null, at cell index c; where[i] (or
 * where[i][j] when j >= 0) names it in a message. The path is formatted
 * only on error: this runs for every cell of every request. */
static bool json_cell(const cJSON *v, sudoku_grid *g, int c, const char *where,
                      int i, int j, struct api_error *e) {
  double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
  if (cJSON_IsNull(v) ||
      (cJSON_IsNumber(v) && d >= 0 && d <= g->n && d == floor(d))) {
    g->cell[c] = cJSON_IsNull(v) ? 0 : (uint8_t)d;
    return true;
  }
  char cell[16], path[96];
  cell_name(cell, sizeof cell, c, g->n);
  if (j >= 0)
    snprintf(path, sizeof path, "%s[%d][%d]", where, i, j);
  else
    snprintf(path, sizeof path, "%s[%d]", where, i);
  if (!cJSON_IsNumber(v) || d != floor(d) || d < 0)
    error_set(e, "invalid-puzzle",
              "%s (%s): expected an integer 0..%d or null (0 and null are "
              "blanks)",
              path, cell, g->n);
  else
    error_set(e, "invalid-puzzle", "%s (%s): %.0f is larger than %d", path,
              cell, d > 1e9 ? 1e9 : d, g->n);
  error_field_string(e, "path", path);
  error_field_string(e, "cell", cell);
  error_field_number(e, "index", c);
  return false;
}

/* A puzzle as a JSON string, array of rows, or flat array. */
static bool json_to_grid(const cJSON *v, const int box[2], const char *where,
                         sudoku_grid *g, struct api_error *e) {
  char path[96];
  if (cJSON_IsString(v)) {
    const char *s = v->valuestring;
    size_t len = strlen(s);
    int n = nearest_side(len);
    if ((size_t)n * (size_t)n != len) {
      error_set(e, "invalid-puzzle",
                "%s: expected %d characters for a %dx%d puzzle, got %zu", where,
                n * n, n, n, len);
      error_field_string(e, "path", where);
      return false;
    }
    if (!grid_for_side(g, n, box, where, e))
      return false;
    for (int c = 0; c < n * n; c++) {
      int val = sudoku_symbol_value(s[c]);
      if (val < 0 || val > n) {
        char cell[16], ch[16];
        cell_name(cell, sizeof cell, c, n);
        char_name(ch, sizeof ch, (unsigned char)s[c]);
        if (val < 0)
          error_set(e, "invalid-puzzle",
                    "%s: character %d (%s) %s is not a digit or a blank", where,
                    c + 1, cell, ch);
        else
          error_set(e, "invalid-puzzle",
                    "%s: character %d (%s) %s is %d, larger than %d", where,
                    c + 1, cell, ch, val, n);
        error_field_string(e, "path", where);
        error_field_string(e, "cell", cell);
        error_field_number(e, "index", c);
        return false;
      }
      g->cell[c] = (uint8_t)val;
    }
    return true;
  }
  if (!cJSON_IsArray(v)) {
    error_set(e, "invalid-request",
              "%s: expected a string of n*n characters, an array of n rows, "
              "or a flat array of n*n numbers",
              where);
    return false;
  }
  int size = cJSON_GetArraySize(v);
  if (size > 0 && cJSON_IsArray(v->child)) {
    if (!grid_for_side(g, size, box, where, e))
      return false;
    int r = 0;
    for (const cJSON *row = v->child; row != NULL; row = row->next, r++) {
      snprintf(path, sizeof path, "%s[%d]", where, r);
      if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != size) {
        error_set(e, "invalid-puzzle",
                  "%s: expected row %d as an array of %d cells, got %s%d", path,
                  r + 1, size, cJSON_IsArray(row) ? "" : "no array, ",
                  cJSON_IsArray(row) ? cJSON_GetArraySize(row) : 0);
        error_field_string(e, "path", path);
        return false;
      }
      int k = 0;
      for (const cJSON *x = row->child; x != NULL; x = x->next, k++)
        if (!json_cell(x, g, r * size + k, where, r, k, e))
          return false;
    }
    return true;
  }
  int n = nearest_side((size_t)size);
  if (n * n != size) {
    error_set(e, "invalid-puzzle",
              "%s: expected %d cells for a %dx%d puzzle (or an array of %d "
              "rows), got %d",
              where, n * n, n, n, n, size);
    error_field_string(e, "path", where);
    return false;
  }
  if (!grid_for_side(g, n, box, where, e))
    return false;
  int c = 0;
  for (const cJSON *x = v->child; x != NULL; x = x->next, c++)
    if (!json_cell(x, g, c, where, c, -1, e))
      return false;
  return true;
}

/* Line and column of byte offset pos in text. */
static void text_position(const char *text, size_t pos, int *line, int *col) {
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < pos; i++) {
    if (text[i] == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

static bool json_int_member(const cJSON *v, const char *name, int lo, int hi,
                            int *out, struct api_error *e) {
  if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
      v->valuedouble < lo || v->valuedouble > hi) {
    error_set(e, "invalid-request", "%s: expected an integer %d..%d", name, lo,
              hi);
    error_field_string(e, "path", name);
    return false;
  }
  *out = (int)v->valuedouble;
  return true;
}

static bool read_json(const char *body, size_t len, uint32_t max_puzzles,
                      struct puzzles *ps, struct api_error *e) {
  size_t lead = 0;
  while (lead < len && (body[lead] == ' ' || body[lead] == '\t' ||
                        body[lead] == '\r' || body[lead] == '\n'))
    lead++;
  if (lead == len) {
    error_set(e, "invalid-json",
              "the body is empty; expected a JSON object "
              "such as {\"puzzle\": \"53..7...\"}");
    return false;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(body, len, &end, false);
  bool ok = false;
  if (root == NULL) {
    int line, col;
    size_t pos = end != NULL && end >= body ? (size_t)(end - body) : 0;
    if (pos > len)
      pos = len;
    text_position(body, pos, &line, &col);
    if (pos >= len)
      error_set(e, "invalid-json",
                "line %d, column %d: the JSON ends too early", line, col);
    else
      error_set(e, "invalid-json",
                "line %d, column %d: malformed JSON near "
                "byte %zu",
                line, col, pos + 1);
    error_field_number(e, "line", line);
    error_field_number(e, "column", col);
    return false;
  }
  /* Trailing bytes after the value. */
  size_t used = (size_t)(end - body);
  while (used < len && (body[used] == ' ' || body[used] == '\t' ||
                        body[used] == '\r' || body[used] == '\n'))
    used++;
  if (used < len) {
    int line, col;
    text_position(body, used, &line, &col);
    error_set(e, "invalid-json",
              "line %d, column %d: unexpected data after the JSON value", line,
              col);
    error_field_number(e, "line", line);
    error_field_number(e, "column", col);
    goto done;
  }
  if (!cJSON_IsObject(root)) {
    error_set(e, "invalid-request",
              "expected a JSON object such as {\"puzzle\": \"53..7...\"}");
    goto done;
  }

  const cJSON *puzzle = NULL, *list = NULL, *box_v = NULL;
  int box[2] = {0, 0}, limit = 2;
  ps->max_solutions = 2;
  for (const cJSON *m = root->child; m != NULL; m = m->next) {
    const char *k = m->string;
    const cJSON **slot = NULL;
    if (strcmp(k, "puzzle") == 0)
      slot = &puzzle;
    else if (strcmp(k, "puzzles") == 0)
      slot = &list;
    else if (strcmp(k, "box") == 0)
      slot = &box_v;
    if (slot != NULL) {
      if (*slot != NULL) {
        error_set(e, "invalid-request", "member \"%s\" appears twice", k);
        goto done;
      }
      *slot = m;
    } else if (strcmp(k, "max_solutions") == 0) {
      if (!json_int_member(m, k, 1, API_MAX_SOLUTIONS_LIMIT, &limit, e))
        goto done;
      ps->max_solutions = (uint32_t)limit;
    } else if (strcmp(k, "lexmin") == 0) {
      if (!cJSON_IsBool(m)) {
        error_set(e, "invalid-request", "lexmin: expected true or false");
        goto done;
      }
      ps->lexmin = cJSON_IsTrue(m);
    } else {
      error_set(e, "invalid-request",
                "unknown member \"%.64s\"; expected puzzle or puzzles, and "
                "optionally box, max_solutions, lexmin",
                k);
      goto done;
    }
  }
  if ((puzzle == NULL) == (list == NULL)) {
    error_set(e, "invalid-request",
              puzzle == NULL ? "expected a \"puzzle\" or a \"puzzles\" member"
                             : "send either \"puzzle\" or \"puzzles\", not "
                               "both");
    goto done;
  }
  if (box_v != NULL) {
    if (!cJSON_IsArray(box_v) || cJSON_GetArraySize(box_v) != 2 ||
        !json_int_member(box_v->child, "box[0]", 2, SUDOKU_MAX_N, &box[0], e) ||
        !json_int_member(box_v->child->next, "box[1]", 2, SUDOKU_MAX_N, &box[1],
                         e)) {
      error_set(e, "invalid-request",
                "box: expected [rows, columns] of a box, such as [2, 3] for "
                "6x6");
      goto done;
    }
  }
  if (puzzle != NULL) {
    ps->grid = malloc(sizeof *ps->grid);
    if (ps->grid == NULL) {
      error_set(e, "internal-error", "out of memory");
      goto done;
    }
    if (!json_to_grid(puzzle, box_v ? box : NULL, "puzzle", ps->grid, e))
      goto done;
    ps->count = 1;
    ok = true;
    goto done;
  }
  if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) == 0) {
    error_set(e, "invalid-request", "puzzles: expected a non-empty array");
    goto done;
  }
  int count = cJSON_GetArraySize(list);
  if ((uint32_t)count > max_puzzles) {
    error_set(e, "too-many-puzzles",
              "puzzles: %d puzzles, more than the limit of %u; send them in "
              "several requests",
              count, max_puzzles);
    error_field_number(e, "limit", max_puzzles);
    goto done;
  }
  ps->grid = malloc((size_t)count * sizeof *ps->grid);
  if (ps->grid == NULL) {
    error_set(e, "internal-error", "out of memory");
    goto done;
  }
  ps->batch = true;
  for (const cJSON *p = list->child; p != NULL; p = p->next) {
    char where[32];
    snprintf(where, sizeof where, "puzzles[%u]", ps->count);
    if (!json_to_grid(p, box_v ? box : NULL, where, &ps->grid[ps->count], e)) {
      error_field_number(e, "puzzle", ps->count + 1);
      goto done;
    }
    ps->count++;
  }
  ok = true;
done:
  cJSON_Delete(root);
  return ok;
}

/* ---- Solving ----------------------------------------------------------- */

struct answer {
  enum sudoku_status status;
  sudoku_grid solution;
  struct sudoku_stats stats;
  uint64_t time_us;
};

/* True when the puzzles are small enough to try in the network thread. */
static bool inline_allowed(const struct puzzles *ps) {
  if (ps->count > API_INLINE_MAX_PUZZLES)
    return false;
  for (uint32_t i = 0; i < ps->count; i++)
    if (ps->grid[i].n > 9)
      return false;
  return true;
}

/* Solves every puzzle within the request's deadline. Returns false when an
 * inline attempt ran out of its small budget (retry in a worker). */
static bool solve_all(const struct api_limits *lim, const struct puzzles *ps,
                      bool inline_attempt, struct answer *ans) {
  uint64_t start = now_us();
  for (uint32_t i = 0; i < ps->count; i++) {
    struct sudoku_limits sl = {ps->max_solutions, lim->max_nodes, 0,
                               ps->lexmin};
    if (inline_attempt &&
        (sl.max_nodes == 0 || sl.max_nodes > API_INLINE_MAX_NODES))
      sl.max_nodes = API_INLINE_MAX_NODES;
    uint64_t t0 = now_us();
    if (lim->deadline_us != 0) {
      uint64_t spent = t0 - start;
      if (spent >= lim->deadline_us) {
        ans[i].status = SUDOKU_DEADLINE;
        ans[i].solution = ps->grid[i];
        ans[i].stats = (struct sudoku_stats){0, 0, 0};
        ans[i].time_us = 0;
        continue;
      }
      sl.deadline_us = lim->deadline_us - spent;
    }
    ans[i].status =
        sudoku_solve(&ps->grid[i], &sl, &ans[i].solution, &ans[i].stats);
    ans[i].time_us = now_us() - t0;
    if (inline_attempt && ans[i].status == SUDOKU_NODE_LIMIT &&
        sl.max_nodes != lim->max_nodes)
      return false;
  }
  return true;
}

/* The metrics outcome of one answer. */
static const char *answer_outcome(const struct answer *a) {
  if (a->status == SUDOKU_OK)
    return a->stats.solutions == 1 ? "solved" : "not-unique";
  if (a->stats.solutions > 0)
    return "solved-partial";
  return sudoku_status_code(a->status);
}

/* ---- Rendering --------------------------------------------------------- */

/* Cells named and listed for a puzzle with conflicting givens. */
static void conflict_fields(const sudoku_grid *g, struct api_error *e) {
  struct sudoku_conflict pairs[64];
  size_t count = 0;
  sudoku_validate(g, pairs, 64, &count);
  size_t shown = count < 64 ? count : 64;
  char a[16], b[16];
  if (count == 0)
    return;
  cell_name(a, sizeof a, pairs[0].a, g->n);
  cell_name(b, sizeof b, pairs[0].b, g->n);
  error_set(e, "conflicting-givens", "%s and %s are both %d (%s %d)%s", a, b,
            pairs[0].value, sudoku_unit_name(pairs[0].unit),
            pairs[0].unit_ix + 1,
            count > 1 ? "; every clash is listed in conflicts" : "");
  if (e->fields == NULL)
    e->fields = cJSON_CreateObject();
  if (e->fields == NULL)
    return;
  cJSON *list = cJSON_AddArrayToObject(e->fields, "conflicts");
  bool seen[SUDOKU_MAX_CELLS] = {false};
  for (size_t i = 0; i < shown && list != NULL; i++) {
    cJSON *c = cJSON_CreateObject();
    if (c == NULL)
      break;
    cell_name(a, sizeof a, pairs[i].a, g->n);
    cell_name(b, sizeof b, pairs[i].b, g->n);
    const char *cells[2] = {a, b};
    cJSON_AddItemToObject(c, "cells", cJSON_CreateStringArray(cells, 2));
    cJSON_AddNumberToObject(c, "value", pairs[i].value);
    cJSON_AddStringToObject(c, "unit", sudoku_unit_name(pairs[i].unit));
    cJSON_AddNumberToObject(c, "unit_index", pairs[i].unit_ix + 1);
    cJSON_AddItemToArray(list, c);
    seen[pairs[i].a] = seen[pairs[i].b] = true;
  }
  cJSON *cells = cJSON_AddArrayToObject(e->fields, "cells");
  for (int c = 0; c < g->n * g->n && cells != NULL; c++) {
    if (seen[c]) {
      cell_name(a, sizeof a, c, g->n);
      cJSON_AddItemToArray(cells, cJSON_CreateString(a));
    }
  }
  cJSON_AddNumberToObject(e->fields, "conflict_count", (double)count);
}

/* The problem for an unanswered puzzle (no solution found). */
static void answer_error(const sudoku_grid *g, const struct answer *a,
                         struct api_error *e) {
  const char *code = sudoku_status_code(a->status);
  switch (a->status) {
  case SUDOKU_CONFLICT:
    conflict_fields(g, e);
    return;
  case SUDOKU_NO_SOLUTION:
    error_set(e, code, "the givens do not clash, but no grid completes them");
    break;
  case SUDOKU_DEADLINE:
    error_set(e, code, "no solution found before the request's deadline");
    break;
  case SUDOKU_NODE_LIMIT:
    error_set(e, code,
              "no solution found within the search budget of "
              "the service");
    break;
  default:
    error_set(e, code, "%s", sudoku_strerror(a->status));
    break;
  }
  error_field_number(e, "nodes", (double)a->stats.nodes);
}

/* The solution object members of one answered puzzle. */
static void add_solution(cJSON *o, const sudoku_grid *p, const struct answer *a,
                         uint32_t max_solutions) {
  int n = p->n;
  /* The grid is written by hand and added raw: cJSON prints each number
   * with sprintf("%1.15g") and checks it with sscanf, which made 81 cells
   * cost more than the solve itself (~40 us of a 48 us request). */
  char rows[SUDOKU_MAX_CELLS * 3 + 2 * SUDOKU_MAX_N + 8];
  size_t len = 0;
  rows[len++] = '[';
  for (int r = 0; r < n; r++) {
    rows[len++] = r ? ',' : '[';
    if (r)
      rows[len++] = '[';
    for (int c = 0; c < n; c++) {
      int v = a->solution.cell[r * n + c];
      if (c)
        rows[len++] = ',';
      if (v >= 10)
        rows[len++] = (char)('0' + v / 10);
      rows[len++] = (char)('0' + v % 10);
    }
    rows[len++] = ']';
  }
  rows[len++] = ']';
  rows[len] = '\0';
  cJSON_AddRawToObject(o, "solution", rows);
  char line[SUDOKU_TEXT_MAX];
  len = sudoku_write_line(&a->solution, line, sizeof line);
  if (len > 0 && line[len - 1] == '\n')
    line[len - 1] = '\0';
  cJSON_AddStringToObject(o, "line", line);
  /* unique is known once a second solution is found, or when a search
   * allowed to find one completed without it. */
  if (a->stats.solutions >= 2)
    cJSON_AddFalseToObject(o, "unique");
  else if (a->status == SUDOKU_OK && max_solutions >= 2)
    cJSON_AddTrueToObject(o, "unique");
  else
    cJSON_AddNullToObject(o, "unique");
  add_int(o, "solutions_found", a->stats.solutions);
  cJSON_AddBoolToObject(o, "complete", a->status == SUDOKU_OK);
  if (a->status != SUDOKU_OK)
    cJSON_AddStringToObject(o, "stopped", sudoku_status_code(a->status));
  add_int(o, "size", (uint64_t)n);
  char box[16];
  snprintf(box, sizeof box, "[%d,%d]", p->box_rows, p->box_cols);
  cJSON_AddRawToObject(o, "box", box);
  add_int(o, "givens", (uint64_t)sudoku_count_givens(p));
  add_int(o, "nodes", a->stats.nodes);
  add_int(o, "guesses", a->stats.guesses);
  add_int(o, "time_us", a->time_us);
}

static void render_json_body(cJSON *o, int status, const char *outcome,
                             struct api_response *out) {
  char *body = o != NULL ? cJSON_PrintUnformatted(o) : NULL;
  cJSON_Delete(o);
  if (body == NULL) {
    render_problem(500, "internal-error", "out of memory", NULL, NULL, NULL,
                   out);
    return;
  }
  response_set(out, status, CT_JSON, body, strlen(body), outcome);
}

/* JSON for a batch: 200 with a status per item. */
static void render_batch_json(const struct puzzles *ps,
                              const struct answer *ans,
                              struct api_response *out) {
  cJSON *o = cJSON_CreateObject();
  cJSON *results = o ? cJSON_AddArrayToObject(o, "results") : NULL;
  uint32_t solved = 0;
  for (uint32_t i = 0; i < ps->count && results != NULL; i++) {
    cJSON *item = cJSON_CreateObject();
    if (item == NULL)
      break;
    cJSON_AddNumberToObject(item, "index", i);
    if (ans[i].stats.solutions > 0) {
      solved++;
      cJSON_AddStringToObject(item, "status", "solved");
      add_solution(item, &ps->grid[i], &ans[i], ps->max_solutions);
    } else {
      struct api_error e = {NULL, "", NULL};
      int status = 0;
      answer_error(&ps->grid[i], &ans[i], &e);
      cJSON_AddStringToObject(item, "status", e.code);
      cJSON_AddStringToObject(item, "title", problem_title(e.code, &status));
      cJSON_AddNumberToObject(item, "http_status", status);
      cJSON_AddStringToObject(item, "detail", e.detail);
      if (e.fields != NULL) {
        cJSON *f;
        while ((f = e.fields->child) != NULL) {
          cJSON_DetachItemViaPointer(e.fields, f);
          cJSON_AddItemToObject(item, f->string, f);
        }
        cJSON_Delete(e.fields);
      }
    }
    cJSON_AddItemToArray(results, item);
  }
  if (o != NULL) {
    cJSON_AddNumberToObject(o, "count", ps->count);
    cJSON_AddNumberToObject(o, "solved", solved);
    cJSON_AddNumberToObject(o, "failed", ps->count - solved);
  }
  render_json_body(o, 200, solved == ps->count ? "solved" : "batch-partial",
                   out);
}

/* Judge text or line format for every puzzle; "no solution" (or the
 * reason) in place of an unanswered one, as the CLI prints. */
static void render_text(const struct puzzles *ps, const struct answer *ans,
                        enum api_format fmt, struct api_response *out) {
  size_t cap = (size_t)ps->count * (SUDOKU_TEXT_MAX + 1) + 1, len = 0;
  char *body = malloc(cap);
  if (body == NULL) {
    render_problem(500, "internal-error", "out of memory", NULL, NULL, NULL,
                   out);
    return;
  }
  for (uint32_t i = 0; i < ps->count; i++) {
    if (i > 0 && fmt == FMT_JUDGE)
      body[len++] = '\n';
    if (ans[i].stats.solutions > 0) {
      len += fmt == FMT_JUDGE
                 ? sudoku_write_judge(&ans[i].solution, body + len, cap - len)
                 : sudoku_write_line(&ans[i].solution, body + len, cap - len);
    } else {
      const char *why = ans[i].status == SUDOKU_DEADLINE ? "deadline exceeded"
                        : ans[i].status == SUDOKU_NODE_LIMIT
                            ? "search budget exceeded"
                            : "no solution";
      len += (size_t)snprintf(body + len, cap - len, "%s\n", why);
    }
  }
  response_set(out, 200, CT_TEXT, body, len, "solved");
}

/* ---- The handler ------------------------------------------------------- */

/* Chooses the answer's format: ?format=, else Accept, else by body type. */
static bool choose_format(const struct api_request *req, enum api_format *fmt,
                          struct api_error *e) {
  if (req->format != NULL && req->format[0] != '\0') {
    static const char *const names[] = {"json", "judge", "line"};
    for (int i = 0; i < 3; i++) {
      if (strcmp(req->format, names[i]) == 0) {
        *fmt = (enum api_format)i;
        return true;
      }
    }
    error_set(e, "invalid-format", "format=%.32s: expected json, judge or line",
              req->format);
    return false;
  }
  double qj = accept_quality(req->accept, "application/json");
  double qt = accept_quality(req->accept, "text/plain");
  bool text_request = req->body_type == API_BODY_TEXT;
  if (qj <= 0 && qt <= 0) {
    error_set(e, "not-acceptable",
              "Accept: %.80s: this service answers application/json or "
              "text/plain",
              req->accept);
    return false;
  }
  if (qj > qt)
    *fmt = FMT_JSON;
  else if (qt > qj)
    *fmt = FMT_JUDGE;
  else
    *fmt = text_request ? FMT_JUDGE : FMT_JSON;
  return true;
}

void api_solve(const struct api_limits *limits, const struct api_request *req,
               struct api_response *out) {
  struct puzzles ps = {NULL, 0, 2, false, false};
  struct api_error e = {NULL, "", NULL};
  struct answer *ans = NULL;
  enum api_format fmt = FMT_JSON;
  bool read = false;
  memset(out, 0, sizeof *out);

  if (!choose_format(req, &fmt, &e))
    goto fail;
  switch (req->body_type) {
  case API_BODY_JSON:
    read = read_json(req->body, req->body_len, limits->max_puzzles, &ps, &e);
    break;
  case API_BODY_TEXT:
  case API_BODY_FORM:
    read = read_text(req->body, req->body_len, limits->max_puzzles, &ps, &e);
    break;
  default:
    error_set(&e, "unsupported-media-type",
              "send application/json, text/plain or "
              "application/x-www-form-urlencoded");
    break;
  }
  if (!read)
    goto fail;
  out->puzzles = ps.count;
  if (req->inline_attempt && !inline_allowed(&ps)) {
    out->retry = true;
    goto done;
  }
  ans = malloc(ps.count * sizeof *ans);
  if (ans == NULL) {
    error_set(&e, "internal-error", "out of memory");
    goto fail;
  }
  if (!solve_all(limits, &ps, req->inline_attempt, ans)) {
    out->retry = true;
    goto done;
  }

  if (ps.batch) {
    if (fmt == FMT_JSON)
      render_batch_json(&ps, ans, out);
    else
      render_text(&ps, ans, fmt, out);
    goto done;
  }
  if (ans[0].stats.solutions == 0) {
    answer_error(&ps.grid[0], &ans[0], &e);
    goto fail;
  }
  if (fmt == FMT_JSON) {
    cJSON *o = cJSON_CreateObject();
    if (o != NULL)
      add_solution(o, &ps.grid[0], &ans[0], ps.max_solutions);
    render_json_body(o, 200, answer_outcome(&ans[0]), out);
  } else {
    render_text(&ps, ans, fmt, out);
    out->outcome = answer_outcome(&ans[0]);
  }
  goto done;

fail:
  render_problem(0, e.code, e.detail, e.fields, req->accept, req->request_id,
                 out);
  e.fields = NULL;
done:
  cJSON_Delete(e.fields);
  free(ans);
  free(ps.grid);
}
