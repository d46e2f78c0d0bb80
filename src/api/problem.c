/*
 * problem.c - the one table of problems (the core's statuses with their
 * HTTP columns, then the api's and the transport's own) and located
 * errors; render.c renders them. Every byte a request sent that is echoed
 * in an error goes through api_safe_copy: a reply is valid UTF-8 JSON, and
 * a text line never carries CR or LF from the request.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* The HTTP columns of each core status: status, title, detail. A status
 * added to SUDOKU_STATUS_MAP without a line here does not compile. */
#define API_CORE_OK 200, "Solved", "solved"
#define API_CORE_NO_SOLUTION                                                   \
  422, "No solution", "the givens do not clash, but no grid completes them"
#define API_CORE_NOT_UNIQUE                                                    \
  422, "Several solutions",                                                    \
      "the puzzle has several solutions; logical solving needs exactly one"
#define API_CORE_CONFLICT                                                      \
  422, "Conflicting givens",                                                   \
      "two givens hold the same value in one row, column or box"
#define API_CORE_NODE_LIMIT                                                    \
  422, "Search budget exceeded",                                               \
      "no solution found within the search budget of the service"
#define API_CORE_DEADLINE                                                      \
  422, "Deadline exceeded", "no solution found before the request's deadline"
#define API_CORE_BAD_SHAPE                                                     \
  400, "Unsupported grid size or box shape",                                   \
      "unsupported grid size or box shape"
#define API_CORE_BAD_VALUE                                                     \
  400, "Cell value out of range", "a cell holds a value outside 0..n"
#define API_CORE_PARSE                                                         \
  400, "Unreadable puzzle text", "the body holds no readable puzzle"
/* Malformed rules are a malformed request, as a bad shape is: 400 (422 is
 * kept for well-formed puzzles that have no answer). */
#define API_CORE_BAD_RULES                                                     \
  400, "Invalid rules",                                                        \
      "the variant's rules are malformed or do not fit the grid"

/* The scope column of API_PROBLEM_MAP: may a batch item carry it. */
enum { API_SCOPE_REQUEST = false, API_SCOPE_ITEM = true };

static const struct {
  const char *code;
  int status;
  const char *title, *detail;
  bool in_item;
} rows[API_PROBLEM_COUNT] = {
/* Every core status is an item's but OK, the item's own "solved". */
#define X_CORE(name, code, msg)                                                \
  [API_##name] = {code, API_CORE_##name, API_##name != API_OK},
    SUDOKU_STATUS_MAP(X_CORE)
#undef X_CORE
#define X_OWN(name, code, status, scope, title, detail)                        \
  [API_##name] = {code, status, title, detail, API_SCOPE_##scope},
        API_PROBLEM_MAP(X_OWN)
#undef X_OWN
};

static unsigned row_of(enum api_problem p) {
  return (unsigned)p < API_PROBLEM_COUNT ? (unsigned)p : API_INTERNAL;
}
const char *api_problem_code(enum api_problem p) {
  return rows[row_of(p)].code;
}
int api_problem_status(enum api_problem p) { return rows[row_of(p)].status; }
const char *api_problem_title(enum api_problem p) {
  return rows[row_of(p)].title;
}
const char *api_problem_detail(enum api_problem p) {
  return rows[row_of(p)].detail;
}
bool api_problem_in_item(enum api_problem p) { return rows[row_of(p)].in_item; }

/* ---- Safe echoes -------------------------------------------------------- */

size_t api_utf8_length(const unsigned char *s, size_t len) {
  unsigned c = s[0];
  size_t n;
  unsigned min;
  if (c < 0x80)
    return 1;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4, min = 0x10000;
  else
    return 0;
  if (len < n)
    return 0;
  unsigned v = c & (0x3F >> (n - 1));
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80)
      return 0;
    v = v << 6 | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
    return 0;
  return n;
}

size_t api_utf8_count(const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  unsigned char any = 0;
  for (size_t i = 0; i < len; i++)
    any |= u[i];
  if (any < 0x80)
    return len;
  size_t count = 0;
  for (size_t i = 0; i < len; count++) {
    size_t n = api_utf8_length(u + i, len - i);
    i += n > 0 ? n : 1;
  }
  return count;
}

void api_safe_copy(char *out, size_t cap, const char *s, size_t len) {
  static const char replacement[] = "\xEF\xBF\xBD"; /* U+FFFD */
  size_t o = 0;
  if (cap == 0)
    return;
  for (size_t i = 0; i < len;) {
    const unsigned char *u = (const unsigned char *)s + i;
    size_t n = api_utf8_length(u, len - i);
    const char *piece = (const char *)u;
    size_t plen = n;
    if (n == 0) {
      piece = replacement;
      plen = 3;
      n = 1;
    } else if (n == 1 && (*u < 0x20 || *u == 0x7F)) {
      piece = "?"; /* no CR, LF, NUL or escape from the request */
      plen = 1;
    }
    if (o + plen >= cap)
      break;
    memcpy(out + o, piece, plen);
    o += plen;
    i += n;
  }
  out[o] = '\0';
}

/* ---- Located errors ----------------------------------------------------- */

static void error_vset(struct api_error *e, enum api_problem p, const char *fmt,
                       va_list ap) {
  e->problem = p;
  if (fmt == NULL) {
    snprintf(e->detail, sizeof e->detail, "%s", api_problem_detail(p));
    return;
  }
  char raw[sizeof e->detail];
  int len = vsnprintf(raw, sizeof raw, fmt, ap);
  size_t n = len < 0                    ? 0
             : (size_t)len < sizeof raw ? (size_t)len
                                        : sizeof raw - 1;
  api_safe_copy(e->detail, sizeof e->detail, raw, n);
}

void api_error_set(struct api_error *e, enum api_problem p, const char *fmt,
                   ...) {
  va_list ap;
  va_start(ap, fmt);
  error_vset(e, p, fmt, ap);
  va_end(ap);
}

bool api_fail(struct api_error *e, enum api_problem p, const char *path,
              const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  error_vset(e, p, fmt, ap);
  va_end(ap);
  api_error_string(e, API_EM_PATH, path);
  return false;
}

static const char *const member_names[API_EM_COUNT] = {
#define X_NAME(name, json) [API_EM_##name] = json,
    API_ERROR_MEMBER_MAP(X_NAME)
#undef X_NAME
};

const char *api_error_member_name(enum api_error_member m) {
  return (unsigned)m < API_EM_COUNT ? member_names[m] : member_names[0];
}

cJSON *api_error_fields(struct api_error *e) {
  if (e->fields == NULL)
    e->fields = cJSON_CreateObject();
  return e->fields;
}

void api_error_number(struct api_error *e, enum api_error_member m, double v) {
  cJSON *f = api_error_fields(e);
  if (f != NULL)
    cJSON_AddNumberToObject(f, api_error_member_name(m), v);
}

void api_error_string(struct api_error *e, enum api_error_member m,
                      const char *v) {
  char safe[256];
  api_safe_copy(safe, sizeof safe, v, strlen(v));
  cJSON *f = api_error_fields(e);
  if (f != NULL)
    cJSON_AddStringToObject(f, api_error_member_name(m), safe);
}

void api_error_clear(struct api_error *e) {
  cJSON_Delete(e->fields);
  e->fields = NULL;
}

void api_error_into(struct api_error *e, cJSON *o) {
  if (e->fields != NULL) {
    cJSON *f;
    while ((f = e->fields->child) != NULL) {
      cJSON_DetachItemViaPointer(e->fields, f);
      cJSON_AddItemToObject(o, f->string, f);
    }
  }
  api_error_clear(e);
}

void api_item_problem(struct api_error *e, uint32_t index, cJSON *item) {
  api_add_int(item, "index", index);
  cJSON_AddStringToObject(item, "status", api_problem_code(e->problem));
  cJSON_AddStringToObject(item, "title", api_problem_title(e->problem));
  cJSON_AddNumberToObject(item, "http_status", api_problem_status(e->problem));
  cJSON_AddStringToObject(item, "detail", e->detail);
  api_error_into(e, item);
}
