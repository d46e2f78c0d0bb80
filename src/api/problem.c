/*
 * problem.c - the one table of problems (the core's statuses with their
 * HTTP columns, then the api's and the transport's own), located errors,
 * and their rendering as RFC 9457 application/problem+json or as one text
 * line. Every byte a request sent that is echoed here goes through
 * api_safe_copy: a reply is valid UTF-8 JSON, and a text line never carries
 * CR or LF from the request.
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

static const struct {
  const char *code;
  int status;
  const char *title, *detail;
} rows[API_PROBLEM_COUNT] = {
#define X_CORE(name, code, msg) [API_##name] = {code, API_CORE_##name},
    SUDOKU_STATUS_MAP(X_CORE)
#undef X_CORE
#define X_OWN(name, code, status, title, detail)                               \
  [API_##name] = {code, status, title, detail},
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

/* ---- Safe echoes ----------------------------------------------------------
 */

/* Length of the valid UTF-8 sequence at s[0..len), 0 when invalid
 * (overlong forms, surrogates and values past U+10FFFF included). */
static size_t utf8_length(const unsigned char *s, size_t len) {
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

void api_safe_copy(char *out, size_t cap, const char *s, size_t len) {
  static const char replacement[] = "\xEF\xBF\xBD"; /* U+FFFD */
  size_t o = 0;
  if (cap == 0)
    return;
  for (size_t i = 0; i < len;) {
    const unsigned char *u = (const unsigned char *)s + i;
    size_t n = utf8_length(u, len - i);
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

/* ---- Located errors --------------------------------------------------------
 */

void api_error_set(struct api_error *e, enum api_problem p, const char *fmt,
                   ...) {
  e->problem = p;
  if (fmt == NULL) {
    snprintf(e->detail, sizeof e->detail, "%s", api_problem_detail(p));
    return;
  }
  char raw[sizeof e->detail];
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  size_t n = len < 0                    ? 0
             : (size_t)len < sizeof raw ? (size_t)len
                                        : sizeof raw - 1;
  api_safe_copy(e->detail, sizeof e->detail, raw, n);
}

static cJSON *error_fields(struct api_error *e) {
  if (e->fields == NULL)
    e->fields = cJSON_CreateObject();
  return e->fields;
}

void api_error_number(struct api_error *e, const char *name, double v) {
  cJSON *f = error_fields(e);
  if (f != NULL)
    cJSON_AddNumberToObject(f, name, v);
}

void api_error_string(struct api_error *e, const char *name, const char *v) {
  char safe[256];
  api_safe_copy(safe, sizeof safe, v, strlen(v));
  cJSON *f = error_fields(e);
  if (f != NULL)
    cJSON_AddStringToObject(f, name, safe);
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

void api_item_problem(struct api_error *e, cJSON *item) {
  cJSON_AddStringToObject(item, "status", api_problem_code(e->problem));
  cJSON_AddStringToObject(item, "title", api_problem_title(e->problem));
  cJSON_AddNumberToObject(item, "http_status", api_problem_status(e->problem));
  cJSON_AddStringToObject(item, "detail", e->detail);
  api_error_into(e, item);
}

/* ---- Rendering
 * --------------------------------------------------------------- */

static void response_set(struct api_response *out, int status, const char *type,
                         char *body, size_t len, const char *outcome) {
  out->status = status;
  out->content_type = type;
  out->body = body;
  out->body_len = len;
  out->outcome = outcome;
}

/* Out of memory: a static body, still a problem, still not a 200. */
static void render_oom(struct api_response *out) {
  static const char oom[] = "{\"type\":\"/problems/internal-error\","
                            "\"title\":\"Internal error\",\"status\":500,"
                            "\"detail\":\"out of memory\"}";
  response_set(out, 500, CT_PROBLEM, NULL, 0, "internal-error");
  out->body = malloc(sizeof oom);
  if (out->body != NULL) {
    memcpy(out->body, oom, sizeof oom);
    out->body_len = sizeof oom - 1;
  }
}

void api_render_error(struct api_error *e, const char *accept,
                      const char *request_id, struct api_response *out) {
  enum api_problem p = e->problem == API_OK ? API_INTERNAL : e->problem;
  int status = api_problem_status(p);
  const char *code = api_problem_code(p);
  if (api_accept_text_errors(accept)) {
    size_t cap = strlen(e->detail) + 16;
    char *body = malloc(cap);
    if (body != NULL) {
      int len = snprintf(body, cap, "error: %s\n", e->detail);
      response_set(out, status, CT_TEXT, body, (size_t)len, code);
      api_error_clear(e);
      return;
    }
  }
  cJSON *o = cJSON_CreateObject();
  char type[96];
  snprintf(type, sizeof type, "/problems/%s", code);
  char *body = NULL;
  if (o != NULL) {
    cJSON_AddStringToObject(o, "type", type);
    cJSON_AddStringToObject(o, "title", api_problem_title(p));
    cJSON_AddNumberToObject(o, "status", status);
    cJSON_AddStringToObject(o, "detail", e->detail);
    if (request_id != NULL) {
      char id[160];
      api_safe_copy(id, sizeof id, request_id, strlen(request_id));
      cJSON_AddStringToObject(o, "request_id", id);
    }
    api_error_into(e, o); /* extension members after the standard ones */
    body = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
  }
  api_error_clear(e);
  if (body == NULL) {
    render_oom(out);
    return;
  }
  response_set(out, status, CT_PROBLEM, body, strlen(body), code);
}

void api_problem(enum api_problem p, const char *detail, const char *accept,
                 const char *request_id, struct api_response *out) {
  struct api_error e = {API_OK, "", NULL};
  memset(out, 0, sizeof *out);
  if (detail != NULL)
    api_error_set(&e, p, "%s", detail);
  else
    api_error_set(&e, p, NULL);
  api_render_error(&e, accept, request_id, out);
}

void api_response_free(struct api_response *out) {
  free(out->body);
  out->body = NULL;
  out->body_len = 0;
}

void api_render_json(cJSON *o, int status, const char *outcome,
                     struct api_response *out) {
  char *body = o != NULL ? cJSON_PrintUnformatted(o) : NULL;
  cJSON_Delete(o);
  if (body == NULL) {
    render_oom(out);
    return;
  }
  response_set(out, status, CT_JSON, body, strlen(body), outcome);
}

void api_render_buf(struct api_buf *b, int status, const char *outcome,
                    struct api_response *out) {
  if (b->failed) {
    api_buf_free(b);
    render_oom(out);
    return;
  }
  b->p[b->len] = '\0'; /* api_buf keeps room for it */
  response_set(out, status, CT_JSON, b->p, b->len, outcome);
  b->p = NULL;
  b->len = b->cap = 0;
}
