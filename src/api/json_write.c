/*
 * json_write.c - JSON written straight into one growing buffer, for the
 * answers on the hot path (/solve): a cJSON tree costs two allocations a
 * member and a print, about a third of a small request's time outside the
 * solver. The bytes are those cJSON_PrintUnformatted would give for the
 * same members in the same order (strings escaped as cJSON escapes them),
 * so an answer does not change with the way it is written.
 *
 * What it does NOT do: check that the members make valid JSON (the caller
 * writes the commas and brackets), pretty-print, or print floating point.
 */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

bool api_buf_init(struct api_buf *b, size_t cap) {
  b->len = 0;
  b->cap = cap > 0 ? cap : 64;
  b->p = malloc(b->cap);
  b->failed = b->p == NULL;
  if (b->failed)
    b->cap = 0;
  return !b->failed;
}

char *api_buf_room(struct api_buf *b, size_t n) {
  if (b->failed)
    return NULL;
  if (b->cap - b->len <= n) { /* one byte more: the final NUL */
    size_t cap = b->cap * 2;
    while (cap - b->len <= n)
      cap *= 2;
    char *p = realloc(b->p, cap);
    if (p == NULL) {
      b->failed = true;
      return NULL;
    }
    b->p = p;
    b->cap = cap;
  }
  return b->p + b->len;
}

void api_buf_mem(struct api_buf *b, const char *s, size_t n) {
  char *w = api_buf_room(b, n);
  if (w == NULL)
    return;
  memcpy(w, s, n);
  b->len += n;
}

void api_buf_uint(struct api_buf *b, uint64_t v) {
  char digits[24], *p = digits + sizeof digits;
  do {
    *--p = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  api_buf_mem(b, p, (size_t)(digits + sizeof digits - p));
}

/* cJSON's escapes: the two-character ones for " \ \b \f \n \r \t, \u00xx
 * (lower-case hex) for the other bytes below 0x20; every other byte,
 * UTF-8 included, as it is. Runs of plain bytes are copied at once, and
 * room is asked for what is written, not for the worst case. */
static bool plain(unsigned char c) {
  return c >= 0x20 && c != '"' && c != '\\';
}

void api_buf_string(struct api_buf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  api_buf_lit(b, "\"");
  for (size_t i = 0; i < n;) {
    size_t run = i;
    while (run < n && plain((unsigned char)s[run]))
      run++;
    api_buf_mem(b, s + i, run - i);
    if (run == n)
      break;
    unsigned char c = (unsigned char)s[run];
    char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    const char *two = c == '"'    ? "\""
                      : c == '\\' ? "\\"
                      : c == '\b' ? "b"
                      : c == '\f' ? "f"
                      : c == '\n' ? "n"
                      : c == '\r' ? "r"
                      : c == '\t' ? "t"
                                  : NULL;
    if (two != NULL)
      esc[1] = two[0];
    api_buf_mem(b, esc, two != NULL ? 2 : 6);
    i = run + 1;
  }
  api_buf_lit(b, "\"");
}

void api_buf_cjson(struct api_buf *b, const cJSON *item) {
  char *s = b->failed ? NULL : cJSON_PrintUnformatted(item);
  if (s == NULL) {
    b->failed = true;
    return;
  }
  api_buf_mem(b, s, strlen(s));
  free(s);
}

void api_buf_free(struct api_buf *b) {
  free(b->p);
  b->p = NULL;
  b->len = b->cap = 0;
}

static void buf_put(void *ctx, const char *s, size_t n) {
  api_buf_mem(ctx, s, n);
}

struct json_sink api_buf_sink(struct api_buf *b) {
  struct json_sink s = {buf_put, b};
  return s;
}
