/*
 * fuzz_handler.c - libFuzzer target for the whole /solve handler. The input
 * is split into a request:
 *   byte 0  Content-Type: one of the table below, or (last index) a
 *           NUL-terminated string taken from the input
 *   byte 1  Accept, the same way
 *   byte 2  ?format=, the same way
 *   byte 3  bit 0: inline attempt first (a retry goes to a "worker" call
 *           with inline_attempt false, as src/http does)
 *   rest    the body
 * Invariants checked on every answer: the status is one api.h documents;
 * a JSON or text answer has a body with body_len == strlen(body); a 200 is
 * never a problem and a problem is never a 200; a problem's "status" member
 * is the HTTP status; only an inline attempt may ask for a retry.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

static const char *const content_types[] = {"application/json",
                                            "text/plain",
                                            "application/x-www-form-urlencoded",
                                            "application/json; charset=utf-8",
                                            "",
                                            "image/png",
                                            NULL,
                                            "TEXT/JSON ;x"};
static const char *const accepts[] = {
    NULL,
    "",
    "*/*",
    "application/json",
    "text/plain",
    "text/*;q=0.5",
    "image/png",
    "application/json;q=0, text/plain",
    "text/plain;q=0",
    "application/problem+json;q=0, application/json;q=0, text/plain;q=0.1"};
static const char *const formats[] = {NULL, "", "json", "judge", "line", "xml"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Picks table[sel % (count+1)], or the input's next NUL-terminated string
 * for the extra index. */
static const char *pick(const char *const *table, size_t count, uint8_t sel,
                        const char **p, const char *end, char *own,
                        size_t cap) {
  size_t i = sel % (count + 1);
  if (i < count)
    return table[i];
  size_t n = 0;
  while (*p < end && **p != '\0' && n + 1 < cap)
    own[n++] = *(*p)++;
  if (*p < end && **p == '\0')
    (*p)++;
  own[n] = '\0';
  return own;
}

static bool documented(int status) {
  static const int ok[] = {200, 400, 406, 413, 415, 422, 500};
  for (size_t i = 0; i < COUNT(ok); i++)
    if (status == ok[i])
      return true;
  return false;
}

static void check(const struct api_response *out, bool may_retry) {
  if (out->retry) {
    if (!may_retry || out->body != NULL)
      abort();
    return;
  }
  if (!documented(out->status) || out->content_type == NULL)
    abort();
  if (out->body == NULL || out->body_len != strlen(out->body))
    abort();
  bool problem = strcmp(out->content_type, "application/problem+json") == 0;
  bool json = strcmp(out->content_type, "application/json") == 0;
  bool text = strncmp(out->content_type, "text/plain", 10) == 0;
  if (!problem && !json && !text)
    abort();
  if (out->status == 200) {
    if (problem || strstr(out->body, "\"type\":\"/problems/") != NULL ||
        (text && strncmp(out->body, "error: ", 7) == 0))
      abort();
  } else {
    if (json)
      abort(); /* an error is a problem or an error line */
    if (text && strncmp(out->body, "error: ", 7) != 0)
      abort();
    if (problem) {
      char want[32];
      snprintf(want, sizeof want, "\"status\":%d,", out->status);
      if (strncmp(out->body, "{\"type\":\"/problems/", 19) != 0 ||
          strstr(out->body, want) == NULL)
        abort();
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4)
    return 0;
  char *copy = malloc(size);
  if (copy == NULL)
    return 0;
  memcpy(copy, data, size);
  const char *p = copy + 4, *end = copy + size;
  char ct_own[128], accept_own[256], format_own[64];
  const char *ct = pick(content_types, COUNT(content_types), (uint8_t)copy[0],
                        &p, end, ct_own, sizeof ct_own);
  const char *accept = pick(accepts, COUNT(accepts), (uint8_t)copy[1], &p, end,
                            accept_own, sizeof accept_own);
  const char *format = pick(formats, COUNT(formats), (uint8_t)copy[2], &p, end,
                            format_own, sizeof format_own);
  bool inline_first = copy[3] & 1;
  /* The body in a buffer of its own exact size: reads past it are caught. */
  size_t len = (size_t)(end - p);
  char *body = malloc(len ? len : 1);
  if (body == NULL) {
    free(copy);
    return 0;
  }
  memcpy(body, p, len);

  struct api_limits lim = {8, 20000, 2000};
  struct api_request req = {
      api_body_type_of(ct), body, len, accept, format, "fuzz-id", inline_first};
  struct api_response out;
  api_solve(&lim, &req, &out);
  check(&out, inline_first);
  if (out.retry) {
    req.inline_attempt = false;
    api_solve(&lim, &req, &out);
    check(&out, false);
  }
  api_response_free(&out);
  free(body);
  free(copy);
  return 0;
}
